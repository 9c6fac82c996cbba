"""Game: the one owner of game state for every front end."""

import random
import re

import pytest

from vp_connect4 import Board, IllegalMoveError, InvalidSettingError, Player
from vp_connect4.errors import Refusal
from vp_connect4.game import AI, HUMAN, Game, Outcome, Seat, ai_chooser, play_out
from vp_connect4.levels import Level, PerfectPlayer
from vp_connect4.rules import Termination


def test_play_records_moves_and_alternates():
    game = Game()
    first = game.play(3)
    assert (first.number, first.ox, first.move, first.row) == (1, "X", 3, 5)
    second = game.play(3)
    assert (second.number, second.ox, second.row) == (2, "O", 4)
    assert game.to_move == "X"
    assert game.move_string == "33"
    assert game.last_move == second


def test_win_draw_and_game_over():
    game = Game()
    for col in "010101":
        game.play(int(col))
    assert game.outcome is None
    game.play(0)
    assert game.outcome == Outcome("X", ((2, 0), (3, 0), (4, 0), (5, 0)), Termination.FOUR) and game.is_over
    assert str(game.outcome) == "X wins"
    assert game.why_not(4) is Refusal.GAME_OVER
    with pytest.raises(IllegalMoveError, match="game is over"):
        game.play(4)
    small = Game(Board(2, 2))
    for col in (0, 1, 0, 1):
        small.play(col)
    assert small.outcome == Outcome(None, (), Termination.FULL)
    assert small.outcome.winner is None and str(small.outcome) == "draw"


def test_why_not_names_each_reason_and_play_refuses_with_it():
    game = Game(Board(7, 6))
    for _ in range(6):
        game.play(0)
    expected = [(0, Refusal.FULL), (7, Refusal.OFF_BOARD), (-1, Refusal.OFF_BOARD), ("3", Refusal.NOT_A_COLUMN),
                (2.0, Refusal.NOT_A_COLUMN), (True, Refusal.NOT_A_COLUMN), (1, None)]  # fmt: skip
    for col, reason in expected:
        assert game.why_not(col) is reason, col
    messages = {0: "column 0 is full", 7: "column 7 is off the board: columns are 0-6", "3": "whole number 0-6"}
    for col, message in messages.items():
        with pytest.raises(IllegalMoveError, match=message):
            game.play(col)
    assert game.move_string == "000000"
    assert game.to_move == "X"


def test_start_moves_are_the_start_position():
    game = Game(start_moves="3344")
    assert game.start_moves == "3344" and game.history == []
    move = game.play(2)
    assert move.number == 5 and game.move_string == "33442"
    game.new_game()
    assert game.move_string == "3344" and game.board.count("X") == 2
    with pytest.raises(IllegalMoveError, match="column 7 is off the board"):
        Game(start_moves="37")


def test_a_start_position_that_is_already_won_is_over():
    game = Game(start_moves="0101010")
    assert game.outcome is not None and game.outcome.winner == "X"
    assert game.why_not(3) is Refusal.GAME_OVER


def test_undo_and_undo_turn():
    game = Game(seats={"X": Seat(HUMAN), "O": Seat(AI, 1)})
    game.play(3)
    game.play(4)
    assert [m.move for m in game.undo_turn()] == [4, 3]
    assert game.move_string == "" and game.to_move == "X"
    assert game.undo() is None
    game.play(2)
    assert game.undo().move == 2
    assert game.board.data == Board().data
    for col in "0101010":
        game.play(int(col))
    game.undo()
    assert game.outcome is None  # the win was taken back


def test_undo_turn_with_two_humans_takes_back_one_move():
    game = Game(seats={"X": Seat(HUMAN), "O": Seat(HUMAN)})
    game.play(1)
    game.play(2)
    assert [m.move for m in game.undo_turn()] == [2]


def test_new_game_restores_the_starting_board():
    board = Board()
    board.set_board("33")
    game = Game(board)
    game.play(4)
    game.new_game()
    assert game.move_string == ""
    assert board.count("X") == 1 and board.count("O") == 1


def test_seats_hold_levels_and_validate():
    game = Game()
    assert game.seats["X"].kind == HUMAN and game.seats["O"].is_ai
    seat = game.update_seat("O", level=6)
    assert seat.level == Level(6) and game.seats["O"].level.ply == 6
    with pytest.raises(InvalidSettingError):
        game.update_seat("O", level=-1)
    assert game.seats["O"].level == Level(6)
    for bad in [dict(kind="robot"), dict(level="deep"), dict(evaluation="clever")]:
        with pytest.raises(InvalidSettingError):
            Seat(**bad)
    assert Seat(AI, "perfect").level.is_perfect
    with pytest.raises(InvalidSettingError):
        game.set_seat("Z", Seat())


def test_the_tiebreak_belongs_to_the_game():
    game = Game(seats={"X": Seat(AI, 2), "O": Seat(AI, "perfect")}, tiebreak="LEFT")
    x, o = game.player("X"), game.player("O")
    assert (x.ox, x.tbt, x.ply) == ("X", "LEFT", 2)
    assert isinstance(o, PerfectPlayer) and o.tbt == "LEFT"
    game.set_tiebreak("RIGHT")
    assert game.player("X").tbt == "RIGHT"
    with pytest.raises(InvalidSettingError, match="LEFT, RIGHT, RANDOM"):
        game.set_tiebreak("UP")
    with pytest.raises(InvalidSettingError):
        Game(tiebreak="MIDDLE")


def test_either_side_may_begin():
    game = Game(first="O")
    assert game.to_move == "O"
    assert game.play(3).ox == "O" and game.play(3).ox == "X" and game.to_move == "O"


def test_play_out_is_the_game_loop():
    game = Game(seats={"X": Seat(AI, 2), "O": Seat(AI, 1)}, tiebreak="LEFT")
    seen = []
    outcome = play_out(game, {ox: ai_chooser(game.player(ox)) for ox in "XO"}, lambda g, m: seen.append(m.move))
    assert outcome is game.outcome and outcome.winner in ("X", "O")
    assert "".join(map(str, seen)) == game.move_string
    # the same game, played with the seed's Players by hand
    board = Board()
    players = {"X": Player("X", "LEFT", 2), "O": Player("O", "LEFT", 1)}
    ox = "X"
    while not (board.wins_for("X") or board.wins_for("O") or board.is_full()):
        board.add_move(players[ox].next_move(board), ox)
        ox = "O" if ox == "X" else "X"
    assert board.data == game.board.data


def test_random_tiebreak_games_repeat_with_a_seeded_rng():
    def game_with(seed):
        game = Game(seats={"X": Seat(AI, 1), "O": Seat(AI, 1)})
        rng = random.Random(seed)
        play_out(game, {ox: ai_chooser(game.player(ox, rng)) for ox in "XO"})
        return game.move_string

    assert game_with(5) == game_with(5)


# -- loading a game code ----------------------------------------------------------------------


def test_load_makes_the_game_that_of_the_code_and_undo_takes_its_moves_back() -> None:
    game = Game()
    game.play(6)
    game.load(" 3344 ")
    assert game.move_string == "3344" and game.to_move == "X" and len(game.history) == 4
    assert game.undo() is not None and game.move_string == "334"
    game.new_game()
    assert game.move_string == ""


def test_load_keeps_a_start_position_it_extends_and_leaves_one_it_does_not() -> None:
    puzzle = Game(start_moves="33")
    puzzle.load("3345")
    assert (puzzle.start_moves, [m.move for m in puzzle.history]) == ("33", [4, 5])
    puzzle.load("0")
    assert (puzzle.start_moves, puzzle.move_string) == ("", "0")


def test_load_knows_a_finished_game() -> None:
    game = Game()
    game.load("0101010")
    assert game.outcome is not None and game.outcome.winner == "X"


@pytest.mark.parametrize(
    ("code", "says"),
    [
        ("33a", "move 3 of '33a' is 'a'"),
        ("0000000", "move 7 of '0000000': column 0 is full"),
        ("01010101", "move 8 of '01010101': the game is over"),
        ("3" * 43, "at most 42 characters"),
        ("٣", "move 1 of '٣' is '٣'"),
        (None, "must be a string"),
    ],
)
def test_a_bad_code_is_refused_saying_why_and_the_game_is_unchanged(code: object, says: str) -> None:
    game = Game(start_moves="2")
    game.play(4)
    with pytest.raises(IllegalMoveError, match=re.escape(says)):
        game.load(code)
    assert game.move_string == "24" and game.start_moves == "2" and str(game.board).count("X") == 1
