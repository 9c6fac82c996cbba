"""Game: the one owner of game state for every front end."""

import pytest

from vp_connect4 import Board, IllegalMoveError, InvalidSettingError
from vp_connect4.game import AI, DRAW, HUMAN, PERFECT, Game, Seat, ai_column


def test_play_records_moves_and_alternates():
    game = Game()
    first = game.play(3)
    assert (first.number, first.ox, first.col, first.row) == (1, "X", 3, 5)
    second = game.play(3)
    assert (second.ox, second.row) == ("O", 4)
    assert game.to_move == "X"
    assert game.move_string == "33"
    assert game.last_move == second


def test_win_draw_and_game_over():
    game = Game()
    for col in "0101010":
        game.play(int(col))
    assert game.outcome == "X" and game.is_over
    assert sorted(game.winning_cells()) == [(2, 0), (3, 0), (4, 0), (5, 0)]
    assert game.legal_columns() == []
    with pytest.raises(IllegalMoveError, match="game is over"):
        game.play(4)
    small = Game(Board(2, 2))
    for col in (0, 1, 0, 1):
        small.play(col)
    assert small.outcome == DRAW
    assert small.describe_outcome() == "a draw"


def test_illegal_moves_leave_the_game_unchanged():
    game = Game(Board(7, 6))
    for _ in range(6):
        game.play(0)
    for bad in (0, 7, -1, "3", 2.0):
        with pytest.raises(IllegalMoveError):
            game.play(bad)
    assert game.move_string == "000000"
    assert game.to_move == "X"


def test_undo_and_undo_turn():
    game = Game(seats={"X": Seat(HUMAN), "O": Seat(AI, ply=1)})
    game.play(3)
    game.play(4)
    assert [m.col for m in game.undo_turn()] == [4, 3]
    assert game.move_string == "" and game.to_move == "X"
    assert game.undo() is None
    game.play(2)
    assert game.undo().col == 2
    assert game.board.data == Board().data


def test_undo_turn_with_two_humans_takes_back_one_move():
    game = Game(seats={"X": Seat(HUMAN), "O": Seat(HUMAN)})
    game.play(1)
    game.play(2)
    assert [m.col for m in game.undo_turn()] == [2]


def test_new_game_restores_the_starting_board():
    board = Board()
    board.set_board("33")
    game = Game(board)
    game.play(4)
    game.new_game()
    assert game.move_string == ""
    assert board.count("X") == 1 and board.count("O") == 1


def test_seats_validate_and_update():
    game = Game()
    assert game.seats["X"].kind == HUMAN and game.seats["O"].is_ai
    seat = game.update_seat("O", ply=6)
    assert seat.ply == 6 and game.seats["O"].ply == 6
    with pytest.raises(InvalidSettingError):
        game.update_seat("O", ply=-1)
    assert game.seats["O"].ply == 6
    for bad in [dict(kind="robot"), dict(ply="deep"), dict(tiebreak="UP"), dict(evaluation="clever")]:
        with pytest.raises(InvalidSettingError):
            Seat(**bad)
    assert Seat(AI, ply=PERFECT).ply == PERFECT
    with pytest.raises(InvalidSettingError):
        game.set_seat("Z", Seat())


def test_ai_column_is_the_players_next_move():
    assert ai_column(7, 6, "1211244445", "X", Seat(AI, ply=2, tiebreak="LEFT")) == 3
    assert ai_column(7, 6, "", "X", Seat(AI, ply=0, tiebreak="RANDOM"), seed=5) == ai_column(
        7, 6, "", "X", Seat(AI, ply=0, tiebreak="RANDOM"), seed=5
    )
