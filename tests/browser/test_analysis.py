"""Analyse game and the perfect hint in the real scene: ``main.py --no-browser`` + headless Chromium.

X (the test) blunders on purpose: column 0 on the empty board gives away X's win (the opening book: X wins
in 41 with column 3, loses with column 0), then beats ply 1 anyway. The analysis must say the result changed
hands at move 1, show that move first, and step through the game with the keys: the picture read cell by
cell is the board after each move. Then the perfect level's hint on the empty board: its labels say the
outcomes in words (read from ``#c4-scores``, the labels' texts on the page).
"""

from __future__ import annotations

import re
from typing import Any

from browser.scene_page import ScenePage
from browser.scene_process import SceneProcess
from browser.variant_scenes import cells_seen
from vp_connect4 import Board, Player
from vp_connect4.vp3d.view.sliders import MAX_PLY

MY_PLY = 3  # X's look-ahead after the blunder: enough to beat ply 1 within a few moves
BLUNDER = 0  # X's first column
STATUS_JS = "() => document.getElementById('c4-status').textContent"
SCORES_JS = "() => document.getElementById('c4-scores').textContent"
EMPTY_BOARD_LABELS = "loses in 40 | loses in 42 | draws | wins in 41 | draws | loses in 42 | loses in 40"


def board_after(moves: str) -> list[list[str]]:
    board = Board()
    board.set_board(moves)
    return board.data


def play_to_the_end(view: ScenePage) -> str:
    """X opens with the blunder, then plays at ply 3 against ply 1 until the result; the game's moves."""
    board, me, number = Board(), Player("X", "LEFT", MY_PLY), 0
    while not (board.wins_for("X") or board.wins_for("O") or board.is_full()):
        col = BLUNDER if number == 0 else me.next_move(board)
        number = view.x_then_o(board, number, col, lambda c=col: view.press(str(c)))
    view.wait_log("^result: ")
    return view.wait_log("^moves: ").removeprefix("moves: ")


def test_analyse_game_marks_the_blunder_steps_with_the_keys_and_the_perfect_hint_says_outcomes(context: Any) -> None:
    with SceneProcess.main("--o-ply", "1", "--tiebreak", "LEFT") as scene:
        view = ScenePage.open(context, scene)
        moves = play_to_the_end(view)

        view.press("a")
        summary = view.wait_log("^analysis: (result|no change)")  # a position beyond the book may be unknown (?)
        assert re.fullmatch(r"analysis: result changed at move 1( \(\d+ unknown\))?", summary), summary
        assert view.wait_log("^analysis: move ").startswith(f"analysis: move 1 X column {BLUNDER} +41 -> -")
        view.page.wait_for_function(f"() => ({STATUS_JS})().includes('the result changed here')", timeout=10_000)
        assert view.page.evaluate(STATUS_JS).startswith(f"Move 1 of {len(moves)}: X (orange) played column {BLUNDER}")
        first = view.canvas_image()
        assert cells_seen(view, first) == board_after(moves[:1])

        view.press("ArrowRight")
        assert view.wait_log("^analysis: move ").startswith(f"analysis: move 2 O column {moves[1]} ")
        second = view.canvas_image()
        assert cells_seen(view, second) == board_after(moves[:2])
        assert first.difference(second) > 0.001, "the picture did not change with the step"
        view.press("ArrowLeft")
        assert view.wait_log("^analysis: move ").startswith("analysis: move 1 X ")

        view.press("Escape")
        assert view.wait_log("^analysis: back to the game$")
        view.page.wait_for_function(f"() => ({STATUS_JS})().startsWith('You win')", timeout=10_000)
        view.page.click("#c4-analyse")  # the button: the analysis is kept, shown at once; again: back
        assert view.wait_log("^analysis: move ").startswith("analysis: move 1 X ")
        view.page.wait_for_function("() => document.getElementById('c4-analyse').textContent === 'Back to the game'")
        view.page.click("#c4-analyse")
        assert view.wait_log("^analysis: back to the game$")

        # the perfect hint on the empty board: outcomes in words above the columns
        view.press("n")
        view.wait_log("^new game$")
        view.drag_slider("#c4-o-ply", MAX_PLY + 1)
        view.wait_log("^setting: O ply perfect$")
        view.press("h")
        assert view.wait_log("^outcomes: ") == "outcomes: X -40 -42 0 +41 0 -42 -40"
        view.page.wait_for_function(f"() => ({SCORES_JS})() !== ''", timeout=10_000)
        assert view.page.evaluate(SCORES_JS) == EMPTY_BOARD_LABELS
        assert "Best for X: column 3 (wins in 41 moves)" in view.page.evaluate(STATUS_JS)
