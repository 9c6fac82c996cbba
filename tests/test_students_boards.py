"""The boards a student's code gets in its worker (``students.worker.boards``, standing alone in the sandbox)
answer exactly as the seeds' own: the same results, the same errors, the same ``data`` after every call,
whatever the calls."""

from __future__ import annotations

import pytest
from conftest import exact
from hypothesis import given
from hypothesis import strategies as st

from vp_connect4 import cs111, seed
from vp_connect4.students.worker.boards import CS111Board, SeedBoard

COLUMNS = st.one_of(st.integers(-2, 10), st.booleans(), st.just("3"), st.just(2.0))
CHECKERS = st.sampled_from(["X", "O", "X", "O", "Z", "x", ""])
CELLS = st.sampled_from([" ", "X", "O", "Z", "XX", "0"])
CALLS = st.one_of(
    st.tuples(st.just("allows_move"), COLUMNS),
    st.tuples(st.just("add_move"), COLUMNS, CHECKERS),
    st.tuples(st.just("add_move"), st.integers(0, 9), st.sampled_from("XO")),  # mostly moves that can be made
    st.tuples(st.just("add_move"), st.integers(0, 9), st.sampled_from("XO")),
    st.tuples(st.just("del_move"), COLUMNS),
    st.tuples(st.just("is_full")),
    st.tuples(st.just("wins_for"), CHECKERS),
    st.tuples(st.just("wins_for"), st.sampled_from("XO")),
    st.tuples(st.just("poke"), st.integers(0, 9), st.integers(0, 9), CELLS),  # a student writing into data
    st.tuples(st.just("set_board"), st.one_of(st.text("0123456789a -", max_size=12), st.integers(0, 9))),
    st.tuples(st.just("clear")),
)


def outcome(board: object, call: tuple) -> tuple[str, object]:
    name, *arguments = call
    if name == "poke":
        row, col, cell = arguments
        data = board.data  # type: ignore[attr-defined]
        if row < len(data) and col < len(data[row]):
            data[row][col] = cell
        return "poked", None
    try:
        return "returned", getattr(board, name)(*arguments)
    except Exception as error:
        return type(error).__name__, str(error)


@pytest.mark.parametrize(
    ("plain", "quick", "grid"),
    [(seed.Board, SeedBoard, "data"), (cs111.Board, CS111Board, "slots")],  # (width, height); CS111: (height, width)
    ids=["seed", "cs111"],
)
@exact(300)
@given(st.integers(1, 9), st.integers(1, 9), st.lists(CALLS, max_size=80))
def test_the_quick_boards_answer_as_the_plain_ones(
    plain: type, quick: type, grid: str, first: int, second: int, calls: list[tuple]
) -> None:
    """The worker's quick seed and CS111 boards answer every call as the seeds' own do, and hold the same grid."""
    plain_board, quick_board = plain(first, second), quick(first, second)
    for call in calls:
        assert outcome(quick_board, call) == outcome(plain_board, call), call
        assert getattr(quick_board, grid) == getattr(plain_board, grid)
    assert repr(quick_board) == repr(plain_board)


def test_wins_for_sees_every_four_and_no_four_across_a_rows_end() -> None:
    fours = {"0102030": "up", "3344556": "across", "01122323353": "up the diagonal", "65544343313": "down it"}
    for moves in fours:
        quick = SeedBoard(7, 6)
        quick.set_board(moves)
        assert quick.wins_for("X") and not quick.wins_for("O"), fours[moves]
    wrap = SeedBoard(7, 6)
    wrap.data[5][4:7] = ["X"] * 3
    wrap.data[4][0] = "X"  # three at the right end of one row and one at the left of the next: no four
    assert not wrap.wins_for("X")
    assert type(wrap).__name__ == "Board" and type(wrap).__module__.startswith("vp_connect4.students.worker")
