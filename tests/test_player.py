"""The seed's Player: every example of the seed texts, and the bad-settings rules."""

import random

import pytest

from vp_connect4 import Board, InvalidSettingError, Player


@pytest.fixture
def seed_board() -> Board:
    b = Board(7, 6)
    b.set_board("1211244445")
    return b


def test_repr_examples():
    assert repr(Player("X", "LEFT", 2)) == "Player: ox = X, tbt = LEFT, ply = 2"
    assert repr(Player("O", "RANDOM", 0)) == "Player: ox = O, tbt = RANDOM, ply = 0"


def test_opp_ch_examples():
    assert Player("X", "LEFT", 3).opp_ch() == "O"
    assert Player("O", "LEFT", 0).opp_ch() == "X"


def test_score_board_examples():
    b = Board(7, 6)
    b.set_board("01020305")
    assert repr(b).split("\n")[2:6] == ["|X| | | | | | |", "|X| | | | | | |", "|X| | | | | | |", "|X|O|O|O| |O| |"]
    assert Player("X", "LEFT", 0).score_board(b) == 100.0
    assert Player("O", "LEFT", 0).score_board(b) == 0.0
    assert Player("O", "LEFT", 0).score_board(Board(7, 6)) == 50.0


def test_tiebreak_examples():
    scores = [0, 0, 50, 0, 50, 50, 0]
    assert Player("X", "LEFT", 1).tiebreak_move(scores) == 2
    assert Player("X", "RIGHT", 1).tiebreak_move(scores) == 5


def test_random_tiebreak_uses_the_injected_rng():
    scores = [50, 100, 100, 50, 50, 100, 50]
    picks = {Player("X", "RANDOM", 1, rng=random.Random(seed)).tiebreak_move(scores) for seed in range(40)}
    assert picks == {1, 2, 5}
    first = [Player("X", "RANDOM", 1, rng=random.Random(7)).tiebreak_move(scores) for _ in range(5)]
    assert len(set(first)) == 1  # same seed, same choice


def test_tiebreak_needs_scores():
    with pytest.raises(ValueError, match="at least one"):
        Player("X", "LEFT", 1).tiebreak_move([])


def test_seed_board_looks_as_printed(seed_board):
    assert repr(seed_board) == (
        "| | | | | | | |\n"
        "| | | | | | | |\n"
        "| | | | |X| | |\n"
        "| |O| | |O| | |\n"
        "| |X|X| |X| | |\n"
        "| |X|O| |O|O| |\n"
        "---------------\n"
        " 0 1 2 3 4 5 6"
    )


@pytest.mark.parametrize(
    "ox, ply, expected",
    [
        ("X", 0, [50.0] * 7),
        ("O", 1, [50.0, 50.0, 50.0, 100.0, 50.0, 50.0, 50.0]),
        ("X", 1, [50.0] * 7),
        ("X", 2, [0.0, 0.0, 0.0, 50.0, 0.0, 0.0, 0.0]),
        ("X", 3, [0.0, 0.0, 0.0, 100.0, 0.0, 0.0, 0.0]),
        ("O", 3, [50.0, 50.0, 50.0, 100.0, 50.0, 50.0, 50.0]),
        ("O", 4, [0.0, 0.0, 0.0, 100.0, 0.0, 0.0, 0.0]),
    ],
)
def test_scores_for_examples(seed_board, ox, ply, expected):
    before = [row[:] for row in seed_board.data]
    assert Player(ox, "LEFT", ply).scores_for(seed_board) == expected
    assert seed_board.data == before  # the board is left as it was found


def test_next_move_examples(seed_board):
    assert Player("X", "LEFT", 1).next_move(seed_board) == 0
    assert Player("X", "RIGHT", 1).next_move(seed_board) == 6
    assert Player("X", "LEFT", 2).next_move(seed_board) == 3
    assert Player("X", "RIGHT", 2).next_move(seed_board) == 3
    assert Player("X", "RANDOM", 2).next_move(seed_board) == 3


def test_full_columns_score_minus_one_and_won_boards_score_at_once():
    b = Board(7, 6)
    b.set_board("000000")
    assert Player("X", "LEFT", 2).scores_for(b)[0] == -1.0
    b = Board(7, 6)
    b.set_board("00102030")  # both have four: the player's own win counts first
    assert Player("X", "LEFT", 3).scores_for(b) == [100.0] * 7
    assert Player("O", "LEFT", 3).scores_for(b) == [100.0] * 7
    b = Board(7, 6)
    b.set_board("0102030")
    assert Player("O", "LEFT", 2).scores_for(b) == [0.0] * 7


def test_a_move_that_fills_the_board_is_a_draw():
    b = Board(2, 2)
    b.set_board("001")
    assert Player("O", "LEFT", 1).scores_for(b) == [-1.0, 50.0]
    assert Player("O", "LEFT", 5).scores_for(b) == [-1.0, 50.0]


@pytest.mark.parametrize(
    "args, message",
    [
        (("x", "LEFT", 1), "'X' or 'O'"),
        (("0", "LEFT", 1), "'X' or 'O'"),
        (("X", "left", 1), "LEFT, RIGHT, RANDOM"),
        (("X", "MIDDLE", 1), "LEFT, RIGHT, RANDOM"),
        (("X", "LEFT", -1), "0 or more"),
        (("X", "LEFT", 1.5), "0 or more"),
        (("X", "LEFT", "2"), "0 or more"),
        (("X", "LEFT", True), "0 or more"),
    ],
)
def test_player_rejects_bad_settings(args, message):
    with pytest.raises(InvalidSettingError, match=message):
        Player(*args)


def test_player_rejects_an_unknown_evaluation():
    with pytest.raises(InvalidSettingError, match="simple, smart"):
        Player("X", "LEFT", 1, evaluation="clever")


# -- the API contract: clear errors, never a silent wrong answer ------------------------------


@pytest.mark.parametrize("not_a_board", [None, "3344", [[" "] * 7] * 6, 3])
def test_player_methods_given_no_board_raise_a_clear_type_error(not_a_board):
    player = Player("X", "LEFT", 2)
    for method in (player.score_board, player.scores_for, player.next_move, player.score_board_for_tourney,
                   player.scores_for_tourney):  # fmt: skip
        with pytest.raises(TypeError, match="expected a Board"):
            method(not_a_board)


@pytest.mark.parametrize("rng", [1, "seed", random, object()])
def test_rng_must_be_a_random_random(rng):
    with pytest.raises(InvalidSettingError, match=r"random\.Random"):
        Player("X", "RANDOM", 1, rng=rng)


def test_tiebreak_move_never_picks_a_nan():
    nan = float("nan")
    assert Player("X", "LEFT", 1).tiebreak_move([nan, 50.0, 50.0]) == 1
    assert Player("X", "RIGHT", 1).tiebreak_move([50.0, 100.0, nan]) == 1
    with pytest.raises(ValueError, match="at least one score that is a number"):
        Player("X", "LEFT", 1).tiebreak_move([nan, nan])
    with pytest.raises(ValueError, match="at least one score"):
        Player("X", "LEFT", 1).tiebreak_move([])


@pytest.mark.parametrize(("moves", "message"), [("0101010", "X has four in a row"), ("0101", "board is full")])
def test_next_move_on_a_finished_game_is_an_error_not_column_0(moves, message):
    from vp_connect4 import IllegalMoveError
    from vp_connect4.levels import Level

    b = Board(2, 2) if message == "board is full" else Board()
    b.set_board(moves)
    for player in (Player("O", "LEFT", 2), Player("O", "LEFT", 2, evaluation="smart"), Level(None).player("O", "LEFT")):
        with pytest.raises(IllegalMoveError, match=message):
            player.next_move(b)


def test_a_ply_beyond_the_moves_left_is_the_deepest_useful_ply():
    b = Board()
    b.set_board("3322114455660000666")  # 23 empty cells
    assert Player("X", "LEFT", 10**20).scores_for(b) == Player("X", "LEFT", 23).scores_for(b)
    tourney = Player("X", "LEFT", 10**20).scores_for_tourney(b)
    assert tourney == Player("X", "LEFT", 23).scores_for_tourney(b)
