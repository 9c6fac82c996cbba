"""What a reload resumes (vp_connect4.vp3d.server.resume): the saved game comes back whole, read once."""

from __future__ import annotations

import os

import pytest

from vp_connect4.game import AI, HUMAN, Game, Seat
from vp_connect4.vp3d.server import resume


def test_the_saved_game_comes_back_with_its_start_seats_tiebreak_and_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    game = Game(
        seats={"X": Seat(HUMAN), "O": Seat(AI, "perfect", evaluation="smart")}, start_moves="31", tiebreak="LEFT"
    )
    game.play(4)
    game.play(2)
    monkeypatch.setenv(resume.RESUME_ENV, resume.saved_game(game, 7, resume.SceneState()))
    back = resume.resumed_game(Game(), None)
    assert back is not None and resume.RESUME_ENV not in os.environ
    assert (back.game.move_string, back.game.start_moves, back.seed) == ("3142", "31", 7)
    assert back.game.seats == game.seats and back.game.tiebreak == "LEFT"
    assert [move.number for move in back.game.history] == [3, 4]
    back.game.new_game()
    assert back.game.move_string == "31"
    assert resume.resumed_game(Game(), None) is None


def test_a_game_abandoned_after_a_restart_logs_its_moves_once(monkeypatch: pytest.MonkeyPatch) -> None:
    game = Game()
    game.play(3)
    monkeypatch.setenv(resume.RESUME_ENV, resume.saved_game(game, None, resume.SceneState()))
    back = resume.resumed_game(Game(), None)
    lines: list[str] = []
    assert back is not None
    back.farewell(lines.append)
    assert lines == ["moves: 3"]


def test_the_scene_keeps_its_score_pause_and_shown_scores_across_a_reload(monkeypatch: pytest.MonkeyPatch) -> None:
    game = Game(start_moves="0101010")  # X has won: its result is in the log already
    state = resume.SceneState(result_logged=True, tally=(2, 1, 3), paused=True, keep_scores=True)
    monkeypatch.setenv(resume.RESUME_ENV, resume.saved_game(game, None, state))
    back = resume.resumed_game(Game(), None)
    assert back is not None and back.state == state
    lines: list[str] = []
    back.farewell(lines.append)
    assert lines == []  # logged before the reload: not again


def test_a_result_not_yet_on_the_board_is_not_counted_as_logged(monkeypatch: pytest.MonkeyPatch) -> None:
    game = Game()
    game.play(3)
    monkeypatch.setenv(resume.RESUME_ENV, resume.saved_game(game, None, resume.SceneState(result_logged=True)))
    back = resume.resumed_game(Game(), None)
    assert back is not None and not back.state.result_logged


def test_a_variant_game_comes_back_with_its_rules_and_what_chance_did(monkeypatch: pytest.MonkeyPatch) -> None:
    import random

    from vp_connect4.board import RulesBoard

    game = Game(RulesBoard(7, 6, variant="tetris+chance:0.5+swap:2"), rng=random.Random(5))
    for col in (3, 3, 2, 2, 4, 4):
        game.play(col)
    assert "s" in game.move_string  # a swap fell
    monkeypatch.setenv(resume.RESUME_ENV, resume.saved_game(game, None, resume.SceneState()))
    back = resume.resumed_game(Game(), None)
    assert back is not None and str(back.game.board.variant) == "tetris+chance:0.5+swap:2"
    assert back.game.move_string == game.move_string and back.game.board.data == game.board.data


def test_the_saved_game_keeps_its_boards_size_and_rules_whatever_the_command_line_said(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = Game()
    game.new_game("gravity:down-left", (9, 7))  # the size menu and the rules menu changed them
    game.play(8)
    monkeypatch.setenv(resume.RESUME_ENV, resume.saved_game(game, None, resume.SceneState()))
    back = resume.resumed_game(Game(), None)  # the command line's game: 7x6, standard
    assert back is not None
    board = back.game.board
    assert (board.width, board.height, str(board.variant), back.game.move_string) == (9, 7, "gravity:down-left", "8")
    assert board.data == game.board.data
