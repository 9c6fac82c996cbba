"""The CS111 flavour: every example of problem set 9."""

import builtins
import random

import pytest
from conftest import FOURS

from vp_connect4 import cs111, wording
from vp_connect4.cs111 import AIPlayer, Board, Player, RandomPlayer, connect_four, process_move


@pytest.fixture(autouse=True, params=["en", "nl"])
def language(request):
    """Every CS111 example under English and under Dutch: that course's texts are English, in any language."""
    wording.use_language(request.param)
    return request.param


def answers(monkeypatch, *typed):
    queue = list(typed)

    def fake_input(prompt=""):
        print(prompt, end="")
        if not queue:
            raise EOFError
        value = queue.pop(0)
        print(value)
        return value

    monkeypatch.setattr(builtins, "input", fake_input)


def test_board_repr_and_sizes():
    b = Board(6, 7)
    assert (b.height, b.width) == (6, 7)
    assert repr(b) == "| | | | | | | |\n" * 6 + "---------------\n 0 1 2 3 4 5 6\n"
    assert repr(Board(5, 15)).split("\n")[-2] == " 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4"
    assert b.slots is b.data


def test_add_checker_example():
    b1 = Board(6, 7)
    for checker, col in [("X", 0), ("O", 0), ("X", 0), ("O", 3), ("O", 4), ("O", 5), ("O", 6)]:
        b1.add_checker(checker, col)
    assert repr(b1).split("\n")[3:6] == ["|X| | | | | | |", "|O| | | | | | |", "|X| | |O|O|O|O|"]


def test_add_checkers_reset_can_add_to_is_full_remove_checker():
    b2 = Board(3, 3)
    b2.add_checkers("0200")
    assert repr(b2) == "|O| | |\n|X| | |\n|X| |O|\n-------\n 0 1 2\n"
    b2.reset()
    assert b2.slots == [[" "] * 3 for _ in range(3)]
    b1 = Board(2, 2)
    b1.add_checker("X", 0)
    b1.add_checker("O", 0)
    assert [b1.can_add_to(c) for c in (-1, 0, 1, 2)] == [False, False, True, False]
    b2 = Board(2, 2)
    assert not b2.is_full()
    b2.add_checkers("0011")
    assert b2.is_full()
    b3 = Board(2, 2)
    b3.add_checkers("0011")
    for col in (1, 1, 1, 0):
        b3.remove_checker(col)
    assert repr(b3) == "| | |\n|X| |\n-----\n 0 1\n"


@pytest.mark.parametrize(("moves", "winners"), FOURS)
def test_is_win_for_examples(moves: str, winners: str) -> None:
    b = Board(6, 7)
    b.add_checkers(moves)
    assert [ox for ox in "XO" if b.is_win_for(ox)] == list(winners)


def test_player_basics_and_human_next_move(monkeypatch, capsys):
    assert repr(Player("X")) == "Player X"
    assert repr(Player("O")) == "Player O"
    assert Player("X").opponent_checker() == "O"
    p = Player("X")
    answers(monkeypatch, "-1", "7", "five", "5")
    assert p.next_move(Board(6, 7)) == 5
    assert p.num_moves == 1
    assert capsys.readouterr().out == (
        "Enter a column: -1\nTry again!\nEnter a column: 7\nTry again!\n"
        "Enter a column: five\nTry again!\nEnter a column: 5\n"
    )
    with pytest.raises(ValueError):
        Player("0")


def test_process_move_examples(monkeypatch, capsys):
    b1 = Board(2, 4)
    b1.add_checkers("001122")
    answers(monkeypatch, "3")
    assert process_move(Player("X"), b1) is True
    out = capsys.readouterr().out
    assert out == (
        "Player X's turn\nEnter a column: 3\n\n|O|O|O| |\n|X|X|X|X|\n---------\n 0 1 2 3\n\n"
        "Player X wins in 1 moves.\nCongratulations!\n"
    )
    answers(monkeypatch, "3")
    assert process_move(Player("O"), b1) is True
    assert "Player O wins in 1 moves." in capsys.readouterr().out
    b1.remove_checker(3)
    b1.remove_checker(3)
    answers(monkeypatch, "3")
    assert process_move(Player("O"), b1) is False
    answers(monkeypatch, "3")
    assert process_move(Player("X"), b1) is True
    assert capsys.readouterr().out.endswith("It's a tie!\n")


def test_random_player():
    p = RandomPlayer("X")
    p.rng = random.Random(3)
    assert repr(p) == "Player X"
    assert p.opponent_checker() == "O"
    b = Board(2, 4)
    b.add_checkers("001223")
    assert {p.next_move(b) for _ in range(30)} == {1, 3}
    b.add_checker("O", 1)
    assert {p.next_move(b) for _ in range(5)} == {3}
    b.add_checker("X", 3)
    b.remove_checker(2)
    assert {p.next_move(b) for _ in range(5)} == {2}
    assert p.num_moves == 40


def test_ai_player_repr_and_max_score_column():
    assert repr(AIPlayer("X", "LEFT", 1)) == "Player X (LEFT, 1)"
    assert repr(AIPlayer("O", "RANDOM", 2)) == "Player O (RANDOM, 2)"
    scores = [0, 0, 50, 0, 50, 50, 0]
    assert AIPlayer("X", "LEFT", 1).max_score_column(scores) == 2
    assert AIPlayer("X", "RIGHT", 1).max_score_column(scores) == 5


@pytest.mark.parametrize(
    "checker, lookahead, expected",
    [
        ("X", 0, [50, 50, 50, 50, 50, 50, 50]),
        ("O", 1, [50, 50, 50, 100, 50, 50, 50]),
        ("X", 1, [50, 50, 50, 50, 50, 50, 50]),
        ("X", 2, [0, 0, 0, 50, 0, 0, 0]),
        ("X", 3, [0, 0, 0, 100, 0, 0, 0]),
        ("O", 3, [50, 50, 50, 100, 50, 50, 50]),
        ("O", 4, [0, 0, 0, 100, 0, 0, 0]),
    ],
)
def test_ai_player_scores_for(checker, lookahead, expected):
    b = Board(6, 7)
    b.add_checkers("1211244445")
    scores = AIPlayer(checker, "LEFT", lookahead).scores_for(b)
    assert scores == expected
    assert all(type(score) is int for score in scores)


def test_ai_player_next_move_counts_moves():
    b = Board(6, 7)
    b.add_checkers("1211244445")
    p = AIPlayer("X", "LEFT", 1)
    assert p.next_move(b) == 0
    assert p.num_moves == 1
    assert AIPlayer("X", "RIGHT", 1).next_move(b) == 6
    assert AIPlayer("X", "LEFT", 2).next_move(b) == 3
    assert AIPlayer("X", "RIGHT", 2).next_move(b) == 3
    assert AIPlayer("X", "RANDOM", 2).next_move(b) == 3


@pytest.mark.parametrize(
    "x_look, o_look, message, rows",
    [
        (0, 0, "Player X (LEFT, 0) wins in 10 moves.", ["|O|O|O| | | | |", "|X|X|X|X| | | |"]),
        (1, 1, "Player X (LEFT, 1) wins in 8 moves.", ["|O|O|O| | | | |", "|X|X|X|X| | | |"]),
        (3, 2, "Player O (LEFT, 2) wins in 19 moves.", ["|O|O|X|O|O|O|O|", "|X|X|X|O|X|X|X|"]),
    ],
)
def test_connect_four_games(capsys, x_look, o_look, message, rows):
    board = connect_four(AIPlayer("X", "LEFT", x_look), AIPlayer("O", "LEFT", o_look))
    out = capsys.readouterr().out
    assert out.startswith("Welcome to Connect Four!\n")
    assert out.endswith(f"{message}\nCongratulations!\n")
    assert repr(board).split("\n")[4:6] == rows


def test_connect_four_needs_one_x_and_one_o(capsys):
    assert connect_four(Player("X"), Player("X")) is None
    assert "need one X player and one O player." in capsys.readouterr().out


def test_connect_four_stops_cleanly_when_input_ends(monkeypatch, capsys):
    answers(monkeypatch, "3")
    board = connect_four(Player("X"), AIPlayer("O", "LEFT", 1))
    assert board.count("X") == 1 and board.count("O") == 1
    assert capsys.readouterr().out.endswith("Game stopped.\n")


def test_adapters_share_the_core():
    assert issubclass(cs111.Board, cs111.core_board.RulesBoard)
    assert AIPlayer("X", "LEFT", 2)._core.__class__ is cs111.core_player.Player
