"""Every board size the game offers (4x4 to 10x10), through the real program: the perfect level plays its first
move and never ends in a traceback, whether the solver takes the size (its bitboard fits 64 bits) or not; the
analysis gives outcomes or says why not; on small boards its outcomes are a plain negamax's."""

from __future__ import annotations

import io
import os
import subprocess
import sys

import pytest
from conftest import ROOT
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from negamax import brute_force_columns

from vp_connect4 import Board, cli
from vp_connect4.engine.exact import perfect, solver
from vp_connect4.engine.position import Position, geometry
from vp_connect4.text_ui import analysis_text

pytestmark = pytest.mark.timeout(120)

ENV = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONIOENCODING="utf-8")
SIZES = [f"{w}x{h}" for w in range(4, 11) for h in range(4, 11)]


def first_move_command(size: str) -> list[str]:
    return ["--text", "--size", size, "--x", "human", "--o", "ai", "--o-ply", "perfect"]


def said_the_first_move(out: str) -> bool:
    return "O (perfect) plays" in out or "O (deepest search) plays" in out


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES)
def test_the_perfect_level_plays_a_first_move_on_every_size(size: str, monkeypatch: pytest.MonkeyPatch,
                                                           capsys: pytest.CaptureFixture[str]) -> None:  # fmt: skip
    """The program's own entry point in this process (one interpreter for all 49 sizes): a person's 0, then the
    perfect level's answer; the input then ends, which stops the game (exit code 1)."""
    monkeypatch.setattr(sys, "stdin", io.StringIO("0\n"))
    assert cli.main(first_move_command(size)) == 1
    out, err = capsys.readouterr()
    assert "Traceback" not in err and said_the_first_move(out), (out + err)[-2000:]


@pytest.mark.parametrize("size", ["7x6", "9x7", "10x10"])
def test_the_perfect_level_plays_a_first_move_as_a_program(size: str) -> None:
    """The same as a program of its own, on the book's size, the first the solver does not take, the largest."""
    command = [sys.executable, "-m", "vp_connect4", *first_move_command(size)]
    done = subprocess.run(command, input=b"0\n", capture_output=True, timeout=90, env=ENV, cwd=ROOT)
    out, err = done.stdout.decode(), done.stderr.decode()
    assert "Traceback" not in err and said_the_first_move(out), (out + err)[-2000:]


@pytest.mark.parametrize("size", SIZES)
def test_the_analysis_on_every_size_gives_outcomes_or_the_sentence_for_the_size(size: str) -> None:
    """What ``--analyse`` and ``?`` print, on each size after a first move in the middle (a short time: columns not
    worked out in it are ``?``; the commands themselves are run on a sample below)."""
    width, height = map(int, size.split("x"))
    board = Board(width, height)
    board.add_move(width // 2, "X")
    text = analysis_text(board, "O", seconds=0.2)
    if solver.takes(geometry(width, height)):
        assert text.startswith("With perfect play, for O (moves of both sides counted): 0: "), text
        assert f"{width - 1}: " in text
    else:
        assert text == (
            f"(There is no analysis on a {size} board: the solver takes boards whose width × (height + 1) is at "
            "most 64, such as 8x7 or 10x5.)"
        )


@pytest.mark.slow
@pytest.mark.parametrize("size", ["4x4", "4x6", "5x5", "7x6", "8x7", "9x7", "10x6", "10x10"])
def test_the_analysis_of_an_opening_position_gives_outcomes_or_says_why_not(size: str) -> None:
    """A sample of the sizes (one the solver works out at once, the book's, the largest it takes, the first it
    does not take, the largest): outcomes, or the sentence that says there is none, and no traceback."""
    command = [sys.executable, "-m", "vp_connect4", "--analyse", "--size", size, "--moves", "0"]
    done = subprocess.run(command, capture_output=True, timeout=90, env=ENV, cwd=ROOT)
    out, err = done.stdout.decode(), done.stderr.decode()
    assert done.returncode == 0 and "Traceback" not in err, err[-2000:]
    width, height = map(int, size.split("x"))
    if solver.takes(geometry(width, height)):
        assert "With perfect play, for O" in out, out[-2000:]
    else:
        assert f"There is no analysis on a {size} board" in out and "wins in" not in out, out[-2000:]


SMALL_SIZES = [(4, 4), (4, 5), (5, 4), (5, 5), (6, 5)]


@st.composite
def open_positions(draw: st.DrawFn) -> tuple[int, int, str]:
    """A size up to 5x5 (or 6x5) and a random game on it with at most 12 empty cells left, so the plain negamax
    answers in a moment; each move is the first column from the one drawn that is legal and does not end the game."""
    width, height = draw(st.sampled_from(SMALL_SIZES))
    cells = width * height
    picks = draw(st.lists(st.integers(0, width - 1), min_size=cells - 1, max_size=cells - 1))
    stones = draw(st.integers(cells - 12, cells - 1))
    board = Board(width, height)
    moves = ""
    for pick in picks[:stones]:
        ox = board.to_move()
        for col in (c % width for c in range(pick, pick + width)):
            if board.allows_move(col):
                board.add_move(col, ox)
                if not (board.wins_for(ox) or board.is_full()):
                    moves += str(col)
                    break
                board.del_move(col)
        else:
            break  # every move left ends the game
    assume(cells - len(moves) <= 12)
    return width, height, moves


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(open_positions())
def test_the_exact_outcomes_on_small_boards_are_a_plain_negamaxs(case: tuple[int, int, str]) -> None:
    """Each column's exact outcome as the analysis and the perfect level get them equals a memoised negamax's."""
    width, height, moves = case
    start = Position.from_moves(geometry(width, height), (int(char) for char in moves))
    assert perfect.column_outcomes(start) == brute_force_columns(width, height, moves), moves
