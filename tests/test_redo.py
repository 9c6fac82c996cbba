"""Redo after Undo in ``Game``: the moves taken back are played again as they were, one undo step at a time."""

from __future__ import annotations

import random

import pytest
from conftest import exact
from hypothesis import given
from hypothesis import strategies as st

from vp_connect4 import Board
from vp_connect4.game import AI, HUMAN, Game, Seat
from vp_connect4.rules import Swapped, Veered


def state(game: Game) -> tuple:
    """All a redo must give back: the checkers, the history, the outcome, whose turn, what may be played."""
    board = game.board
    legal = [move for move in range(board.referee.move_count()) if game.why_not(move) is None]
    return [row[:] for row in board.data], list(game.history), game.outcome, game.to_move, board.gravity, legal


def test_redo_plays_again_what_undo_took_back() -> None:
    game = Game(seats={"X": Seat(HUMAN), "O": Seat(HUMAN)})
    for col in (3, 3, 4):
        game.play(col)
    before = state(game)
    assert not game.can_redo and game.redo() == []
    game.undo()
    game.undo()
    assert game.move_string == "3" and game.can_redo
    assert [move.move for move in game.redo()] == [3]  # the last undo first
    assert [move.move for move in game.redo()] == [4]
    assert state(game) == before and not game.can_redo


def test_redo_against_the_ai_restores_your_move_and_its_reply_in_one_step() -> None:
    game = Game(seats={"X": Seat(HUMAN), "O": Seat(AI, 1)})
    for col in (3, 2, 4, 4):
        game.play(col)
    before = state(game)
    assert [move.move for move in game.undo_turn()] == [4, 4]
    assert [move.move for move in game.undo_turn()] == [2, 3]
    assert game.move_string == ""
    assert [move.move for move in game.redo()] == [3, 2]  # one undo step each time
    assert game.move_string == "32" and game.to_move == "X"
    assert [move.move for move in game.redo()] == [4, 4]
    assert state(game) == before


def test_a_new_move_a_new_game_or_a_load_clears_what_redo_would_play() -> None:
    game = Game(seats={"X": Seat(HUMAN), "O": Seat(HUMAN)})
    game.play(3)
    game.play(3)
    game.undo()
    game.play(2)  # a new move
    assert not game.can_redo and game.redo() == [] and game.move_string == "32"
    game.undo()
    game.new_game()
    assert not game.can_redo
    game.play(1)
    game.undo()
    game.load("0011")
    assert not game.can_redo and game.move_string == "0011"


def test_redo_gives_back_a_finished_game_with_its_result() -> None:
    game = Game(start_moves="010101", seats={"X": Seat(HUMAN), "O": Seat(HUMAN)})
    game.play(0)
    outcome = game.outcome
    assert outcome is not None and outcome.winner == "X"
    game.undo()
    assert game.outcome is None
    game.redo()
    assert game.outcome == outcome and game.move_string == "0101010"


def test_chance_and_swaps_are_replayed_as_they_fell_and_nothing_is_drawn_again() -> None:
    rng = random.Random(5)
    game = Game(Board(7, 6, variant="chance:0.5+swap:2"), rng=rng)
    for col in (3, 3, 2, 4, 1, 5, 3, 3):
        if game.why_not(col) is None:
            game.play(col)
    kinds = {type(event) for move in game.history for event in move.events}
    assert Veered in kinds and Swapped in kinds  # the seed gives both: the test shows what it claims
    before, code, drawn = state(game), game.move_string, rng.getstate()
    while game.history:
        game.undo()
    while game.can_redo:
        game.redo()
    assert state(game) == before and game.move_string == code
    assert rng.getstate() == drawn  # the same moves, not new draws


@pytest.mark.parametrize(
    ("variant", "size"),
    [("tetris", (4, 4)), ("flip+tetris", (4, 4)), ("gravity:turn:2", (5, 4)), ("gravity:down-right+flip", (5, 5))],
)
def test_redo_after_undo_under_rules_that_do_more_than_drop(variant: str, size: tuple[int, int]) -> None:
    game = Game(Board(*size, variant=variant), seats={"X": Seat(HUMAN), "O": Seat(HUMAN)}, rng=random.Random(1))
    chooser = random.Random(2)
    while not game.is_over and len(game.history) < 24:
        game.play(chooser.choice([m for m in range(game.board.referee.move_count()) if game.why_not(m) is None]))
    before = state(game)
    for _ in range(len(game.history)):
        game.undo()
    for _ in range(len(before[1])):
        game.redo()
    assert state(game) == before


VARIANTS = ["standard", "tetris+chance:0.4", "flip+swap:3", "gravity:turn:3+chance:0.3", "gravity:left+swap:2"]


@exact(60)
@given(
    variant=st.sampled_from(VARIANTS),
    seed=st.integers(0, 10_000),
    length=st.integers(1, 30),
    back=st.lists(st.booleans(), min_size=1, max_size=12),
)
def test_undo_then_redo_equals_the_game_loaded_from_its_code(variant: str, seed: int, length: int, back: list) -> None:
    """The fast way (redo: the recorded moves put back) equals the slow one (the game code played from the start):
    undo steps (``undo`` or ``undo_turn``, as ``back`` says), then as many redos, give the game it was."""
    seats = {"X": Seat(HUMAN), "O": Seat(AI)}
    game = Game(Board(6, 5, variant=variant), seats, rng=random.Random(seed))
    chooser = random.Random(seed + 1)
    while not game.is_over and len(game.history) < length:
        game.play(chooser.choice([m for m in range(game.board.referee.move_count()) if game.why_not(m) is None]))
    before, code = state(game), game.move_string
    steps = 0
    for turn in back:
        if game.history:
            game.undo_turn() if turn else game.undo()
            steps += 1
    for _ in range(steps):
        assert game.redo()
    assert not game.can_redo and state(game) == before
    loaded = Game(Board(6, 5, variant=variant), seats)
    loaded.load(code)
    assert state(loaded)[0] == before[0] and loaded.move_string == code and loaded.outcome == game.outcome
