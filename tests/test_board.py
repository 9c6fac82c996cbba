"""The seed's Board: every example of the seed text, plus the bad-input rules."""

import pytest
from conftest import FOURS

from vp_connect4 import Board, IllegalMoveError, InvalidSettingError

EMPTY_7x6 = """\
| | | | | | | |
| | | | | | | |
| | | | | | | |
| | | | | | | |
| | | | | | | |
| | | | | | | |
---------------
 0 1 2 3 4 5 6"""


def test_empty_board_repr_and_default_size():
    assert repr(Board(7, 6)) == EMPTY_7x6
    assert repr(Board()) == EMPTY_7x6
    b = Board(7, 6)
    assert (b.width, b.height) == (7, 6)
    assert b.data == [[" "] * 7 for _ in range(6)]


def test_column_labels_are_modulo_ten():
    lines = repr(Board(15, 5)).split("\n")
    assert lines[-1] == " 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4"
    assert lines[-2] == "-" * 31
    assert lines[0] == "|" + " |" * 15
    assert len(lines) == 7


def test_add_move_example():
    b = Board(7, 6)
    for col, ox in [(0, "X"), (0, "O"), (0, "X"), (3, "O"), (4, "O"), (5, "O"), (6, "O")]:
        b.add_move(col, ox)
    assert repr(b) == (
        "| | | | | | | |\n"
        "| | | | | | | |\n"
        "| | | | | | | |\n"
        "|X| | | | | | |\n"
        "|O| | | | | | |\n"
        "|X| | |O|O|O|O|\n"
        "---------------\n"
        " 0 1 2 3 4 5 6"
    )


def test_allows_move_example():
    b = Board(2, 2)
    assert repr(b) == "| | |\n| | |\n-----\n 0 1"
    b.add_move(0, "X")
    b.add_move(0, "O")
    assert repr(b) == "|O| |\n|X| |\n-----\n 0 1"
    assert [b.allows_move(c) for c in (-1, 0, 1, 2)] == [False, False, True, False]


def test_is_full_example():
    b = Board(2, 2)
    assert not b.is_full()
    b.set_board("0011")
    assert repr(b) == "|O|O|\n|X|X|\n-----\n 0 1"
    assert b.is_full()


def test_del_move_example():
    b = Board(2, 2)
    b.set_board("0011")
    b.del_move(1)
    b.del_move(1)
    b.del_move(1)  # empty column: nothing happens
    b.del_move(0)
    assert repr(b) == "| | |\n|X| |\n-----\n 0 1"


def test_clear():
    b = Board(7, 6)
    b.set_board("0123456")
    b.clear()
    assert repr(b) == EMPTY_7x6


def test_set_board_alternates_from_x():
    b = Board(7, 6)
    b.set_board("012345")
    assert b.data[5] == ["X", "O", "X", "O", "X", "O", " "]
    b.clear()
    b.set_board("000000")
    assert [row[0] for row in b.data] == ["O", "X", "O", "X", "O", "X"]


@pytest.mark.parametrize(("moves", "winners"), FOURS)
def test_wins_for_examples(moves: str, winners: str) -> None:
    b = Board(7, 6)
    b.set_board(moves)
    assert [ox for ox in "XO" if b.wins_for(ox)] == list(winners)


def test_the_up_diagonal_four_is_drawn_as_played():
    b = Board(7, 6)
    b.set_board(FOURS[1][0])
    assert repr(b) == (
        "| | | | | | | |\n"
        "| | | | | | | |\n"
        "| | | | | |X| |\n"
        "| | | | |X|X| |\n"
        "| | | |X|X|O| |\n"
        "| |O|X|O|O|O| |\n"
        "---------------\n"
        " 0 1 2 3 4 5 6"
    )


def drop(b: Board, placements: str) -> Board:
    """Place checkers directly: 'X0 O1 X1' drops X into 0, O into 1, X into 1 (turns not enforced)."""
    for item in placements.split():
        b.add_move(int(item[1:]), item[0])
    return b


@pytest.mark.parametrize(
    "placements, x_wins",
    [
        ("X0 X0 X0 X0", True),  # vertical
        ("X2 X3 X4 X5", True),  # horizontal
        ("X0 O1 X1 O2 O2 X2 O3 O3 O3 X3", True),  # up diagonal
        ("X6 O5 X5 O4 O4 X4 O3 O3 O3 X3", True),  # down diagonal
        ("X0 X0 X0 O0 X0", False),  # three, then blocked
        ("X0 X1 X2 O3 X4", False),  # interrupted row
        ("X0 O1 X1 O2 O2 X2 O3 O3 X3", False),  # diagonal one short
    ],
)
def test_wins_for_every_direction(placements, x_wins):
    b = drop(Board(7, 6), placements)
    assert b.wins_for("X") == x_wins


def test_four_in_a_row_on_other_sizes():
    tall = Board(1, 4)
    for _ in range(4):
        tall.add_move(0, "X")
    assert tall.wins_for("X")
    small = Board(3, 3)
    small.set_board("001122")
    assert not small.wins_for("X") and not small.wins_for("O")
    b = Board(12, 1)
    for col in range(8, 12):
        b.add_move(col, "O")
    assert b.wins_for("O")
    assert not b.wins_for("X")


def test_no_wrap_around_between_rows_or_columns():
    b = Board(7, 6)
    # X on the top of column 0 and the bottom three of column 1: adjacent bits, not a four
    b.data[0][0] = "X"
    for row in (5, 4, 3):
        b.data[row][1] = "X"
    assert not b.wins_for("X")
    b = Board(7, 6)
    # the last two cells of row 5 and the first two of row 4
    b.data[5][5] = b.data[5][6] = b.data[4][0] = b.data[4][1] = "O"
    assert not b.wins_for("O")


# -- bad input -------------------------------------------------------------------


@pytest.mark.parametrize("width, height", [(0, 6), (7, 0), (-1, 3), ("7", 6), (7, 2.5), (True, 6), (65, 6), (7, 10**9)])
def test_board_rejects_bad_sizes(width, height):
    with pytest.raises(InvalidSettingError, match="whole number from 1 to 64"):
        Board(width, height)


def test_add_move_into_full_or_missing_column_raises_and_keeps_data():
    b = Board(2, 2)
    b.set_board("00")
    before = [row[:] for row in b.data]
    for col in (0, 2, -1, "1", None):
        with pytest.raises(IllegalMoveError):
            b.add_move(col, "X")
    with pytest.raises(InvalidSettingError, match="'X' or 'O'"):
        b.add_move(1, "0")  # a zero, not a capital O
    assert b.data == before


@pytest.mark.parametrize(
    "moves, message",
    [
        ("01a2", "'a'"),
        ("0 1", "' '"),
        ("017", "column 7 is off the board"),
        ("0-1", "'-'"),
        ("0000000", "column 0 is full"),
    ],
)
def test_set_board_is_all_or_nothing(moves, message):
    b = Board(7, 6)
    b.set_board("33")
    before = [row[:] for row in b.data]
    with pytest.raises(ValueError, match=message):
        b.set_board(moves)
    assert b.data == before


def test_set_board_rejects_non_strings():
    with pytest.raises(ValueError, match="string"):
        Board().set_board(123)


def test_errors_are_value_errors_that_say_what_is_allowed():
    with pytest.raises(ValueError) as info:
        Board(7, 6).add_move(9, "X")
    assert "0-6" in str(info.value)


def test_del_move_off_the_board_raises():
    with pytest.raises(IllegalMoveError):
        Board().del_move(7)


def test_four_cells_and_to_move():
    b = Board(7, 6)
    b.set_board("0101010")
    assert sorted(b.four_spots("X")) == [(2, 0), (3, 0), (4, 0), (5, 0)]
    assert b.four_spots("O") == []
    assert b.to_move() == "O"
    assert Board().to_move() == "X"


@pytest.mark.parametrize("bad", ["x", " ", "XO", None, 1])
def test_questions_about_a_checker_refuse_anything_but_x_and_o(bad):
    b = Board()
    b.set_board("0101010")
    before = [row[:] for row in b.data]
    for question in (b.wins_for, b.four_spots, b.count):
        with pytest.raises(InvalidSettingError, match="'X' or 'O'"):
            question(bad)
    assert b.data == before and b.count("X") == 4  # nothing changed


@pytest.mark.parametrize("col", [-1, 7, "0", None, 1.0, True])
def test_del_move_refuses_what_is_not_a_column_with_the_packages_error(col):
    with pytest.raises(IllegalMoveError, match="column"):
        Board().del_move(col)
