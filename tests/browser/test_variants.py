"""Each rule variant played to its result in the real scene, its animation's end seen on a screenshot.

The games are short and repeatable (see ``variant_scenes``): at the event the scene waits for X, the
picture is read cell by cell (``cells_seen``) and must be the board the game code says; then the game goes
on to the result the same game has in the core.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

import pytest

from browser.variant_scenes import (
    LAYOUT,
    SCENES,
    AtTheEvent,
    at_the_event,
    board_of,
    cells_seen,
    game_code,
    purple_height,
)
from vp_connect4.vp3d.view.rack import ARROW_LENGTH

HEAD_OVER_SHAFT = 1.3  # the arrow's head is this much higher than its shaft, at least
HEAD_SAMPLE = 0.5  # world units from an end of the arrow: in its head (about 0.7 long), twice the shaft's height


def the_board_is_shown(there: AtTheEvent) -> list[list[str]]:
    """The picture shows every checker of the game so far where the board has it; returns the board."""
    scene = there.scene
    image = there.view.canvas_image()
    board = board_of(scene, game_code(there.view)).data
    assert cells_seen(there.view, image, scene.layout) == board, f"the picture is not the board {board}"
    return board


def plays_to_its_result(there: AtTheEvent) -> None:
    """The game goes on to its result; the log's moves are a game the core replays to the same board."""
    scene = there.scene
    assert there.to_the_end() == f"result: {scene.result}"
    moves = there.view.wait_log("^moves: ").removeprefix("moves: ")
    assert moves.startswith(scene.moves) and moves == game_code(there.view, moves)
    assert board_of(scene, moves).data == cells_seen(there.view, there.view.canvas_image(), scene.layout)


@contextlib.contextmanager
def shown_at_the_event(context: Any, name: str) -> Iterator[tuple[AtTheEvent, list[list[str]]]]:
    """The variant scene ``SCENES[name]`` at its event and its board, once the picture is seen to be that board
    (:func:`the_board_is_shown`); after the test's own checks the game :func:`plays_to_its_result`."""
    with at_the_event(context, SCENES[name]) as there:
        yield there, the_board_is_shown(there)
        plays_to_its_result(there)


def events_line(there: AtTheEvent) -> str:
    return there.view.page.evaluate("() => document.getElementById('c4-events').textContent")


def test_gravity_turns_the_arrow_and_the_checkers_slide_to_the_left_wall(context: Any) -> None:
    with shown_at_the_event(context, "gravity") as (there, board):
        assert all(row[0] != " " for row in board[-3:]), "the checkers lie against the left wall"
        assert events_line(there) == "Gravity turns: it pulls left now, and every checker slides."
        image = there.view.canvas_image()
        x, y, z = LAYOUT.arrow_centre
        head = purple_height(there.view, image, (x - ARROW_LENGTH / 2 + HEAD_SAMPLE, y, z))  # near the left end
        shaft = purple_height(there.view, image, (x + ARROW_LENGTH / 2 - HEAD_SAMPLE, y, z))  # as near the right end
        assert shaft > 0 and head > HEAD_OVER_SHAFT * shaft, f"the arrow does not point left ({head=}, {shaft=})"


def test_tetris_a_full_row_flashes_away_and_the_rows_above_fall(context: Any) -> None:
    with shown_at_the_event(context, "tetris") as (there, board):
        assert board[-1] == ["X", "X", "X", " ", " ", " ", "O"], "the full row is gone, the rows above fell"
        assert events_line(there).startswith("Row 0 is full: it vanishes")


def test_flip_the_rack_turns_over_and_the_checkers_lie_at_the_new_floor(context: Any) -> None:
    with shown_at_the_event(context, "flip") as (there, board):
        assert board[-1] == ["X", "X", "X", "X", "O", " ", "O"]  # the bottom row turned round: four X win
        assert there.before is not None and there.before.difference(there.view.canvas_image()) > 0.003


@pytest.mark.parametrize(
    ("name", "cells", "why", "line"),
    [
        (
            "chance",
            {(-3, 0): "X", (-1, 3): " "},
            "X's checker is in column 0, not 3",
            "Chance! The checker meant for column 3 went into column 0.",
        ),
        (
            "swap",
            {(-1, 4): "O", (-1, 2): "X"},
            "the swapped checkers show their new colours",
            "Swap! The checkers at column 4 row 0 and column 2 row 0 change colours.",
        ),
    ],
    ids=["chance-the-checker-veers-to-its-new-column-with-a-cue", "swap-two-checkers-change-colours"],
)
def test_the_cells_the_event_changed_show_it_and_the_events_line_says_it(
    context: Any, name: str, cells: dict[tuple[int, int], str], why: str, line: str
) -> None:
    """``cells``: what the event put at (row, column) of the board (rows top first: -1 is the bottom row)."""
    with shown_at_the_event(context, name) as (there, board):
        assert {(row, col): board[row][col] for row, col in cells} == cells, why
        assert events_line(there) == line


def test_diagonal_gravity_the_checker_slides_down_the_diagonal_to_the_right_wall(context: Any) -> None:
    with shown_at_the_event(context, "diagonal") as (there, board):
        assert board[2][6] == "X" and board[0][4] == " ", "X's checker slid from column 4's top cell to the wall"
        image = there.view.canvas_image()
        x, y, z = LAYOUT.arrow_centre  # the arrow points down and to the right: its head is low on the right
        low_right = purple_height(there.view, image, (x + ARROW_LENGTH / 4, y - ARROW_LENGTH / 4, z))
        assert low_right > 0, "gravity's arrow is shown"


def test_a_9x7_rack_is_drawn_whole_and_plays_to_its_result(context: Any) -> None:
    with shown_at_the_event(context, "9x7") as (there, board):
        assert len(board) == 7 and len(board[0]) == 9 and board[-1][6] == "X"
        box = there.view.canvas_box()
        corners = [there.scene.layout.cell(row, col) for row in (0, 6) for col in (0, 8)]
        for px, py in there.view.project(corners):  # the camera fits the larger rack: every corner cell in view
            assert box["x"] < px < box["x"] + box["width"] and box["y"] < py < box["y"] + box["height"]
