"""The variant engine returns exactly what the plain recursion under the variant rules returns.

The yardstick is ``tests/reference_variants.py`` (a grid of lists, every rule a loop). Positions are
made by random legal moves through ``Board.add_move``, with the reference rack played alongside: the
board must follow the reference's rules move for move (cells, gravity, legal moves, results), and
``Player.scores_for`` / ``scores_for_tourney`` must equal the reference's scores.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pytest
from conftest import exact
from hypothesis import given
from hypothesis import strategies as st
from reference_variants import (
    Horizon,
    Rack,
    Rules,
    empty_rack,
    legal,
    memo_reference_variant_scores,
    other,
    play,
    reference_variant_scores,
    rules_of,
    slots,
)

from vp_connect4 import Board, Player
from vp_connect4.engine.evaluate import evaluate
from vp_connect4.engine.position import geometry
from vp_connect4.rules import Variant

# every deterministic rule, alone and combined; the AI plays chance and swaps as if they did not happen
DETERMINISTIC = (
    "gravity:up",
    "gravity:left",
    "gravity:right",
    "gravity:turn:1",
    "gravity:turn:2",
    "gravity:turn:3",
    "tetris",
    "flip",
    "tetris+flip",
    "gravity:left+tetris",
    "gravity:right+flip",
    "gravity:up+tetris+flip",
    "gravity:turn:2+tetris",
    "gravity:turn:3+flip",
    "gravity:turn:2+tetris+flip",
    "gravity:down-left",
    "gravity:down-right",
    "gravity:down-left+tetris",
    "gravity:down-right+flip",
    "gravity:down-left+tetris+flip",
)
WITH_CHANCE = (
    "tetris+chance:0.3",
    "flip+swap:2",
    "gravity:turn:2+chance:0.5+swap:3",
    "gravity:down-right+chance:0.4+swap:2",
)
SMALL = ((4, 4), (5, 4), (4, 5))
STANDARD_SIZE = ((7, 6),)
# how random games are played: "quiet" avoids moves that end the game, "stop" stops at the end, "free" plays on
MOVE_STYLES = ("quiet", "quiet", "stop", "free")
RESULT_FOR_THE_NEXT_SIDE = {"win": "loss", "loss": "win", "draw": "draw", None: None}


@dataclass
class Played:
    """A variant board after random legal moves, the reference rack played alongside, and the side to score for."""

    variant: Variant
    board: Board
    rack: Rack
    ox: str

    @property
    def rules(self) -> Rules:
        """The reference's reading of the variant's deterministic rules."""
        return rules_of(str(self.variant))


def reference_moves(rack: Rack, variant: Rules, ox: str) -> list[int]:
    return [move for move in range(slots(rack) + (1 if variant.flip else 0)) if legal(rack, variant, move, ox)]


def board_moves(b: Board) -> list[int]:
    return [move for move in range(b.move_count()) if b.why_not(move) is None]


def rack_picture(rack: Rack) -> list[str]:
    """The reference rack as ``Board.data`` rows, top first."""
    return ["".join(rack.grid[col][row] for col in range(rack.width)) for row in reversed(range(rack.height))]


def assert_board_is_the_rack(b: Board, rack: Rack, ox: str) -> None:
    """The board (and its state for the engine, with ``ox`` to move) holds what the reference rack holds."""
    assert ["".join(row) for row in b.data] == rack_picture(rack)
    assert (b.gravity, b.moves_made) == (rack.gravity, rack.moves)
    rules = b.referee.mechanics
    state = b.referee.state(ox)
    assert rules.frames[state[0]].gravity == rack.gravity and state[3] == rack.moves
    cells = {(col, row): rack.grid[col][row] for col in range(rack.width) for row in range(rack.height)}
    assert rules.cells_of(state, ox) == {cell: owner for cell, owner in cells.items() if owner != " "}
    assert state[4] == (1 if ox in rack.flipped else 0) | (2 if other(ox) in rack.flipped else 0)


def outcome_for(b: Board, ox: str) -> str | None:
    """How the game on ``b`` has ended for ``ox``, to move: 'win', 'loss', 'draw' or None."""
    outcome = b.referee.outcome(ox)
    if outcome is None:
        return None
    return "draw" if outcome.winner is None else "win" if outcome.winner == ox else "loss"


@st.composite
def variant_games(
    draw: st.DrawFn, sizes: tuple[tuple[int, int], ...], max_moves: int, variants: tuple[str, ...] = DETERMINISTIC
) -> Played:
    """A random variant game, checked move for move against the reference rules; a side to score for."""
    variant = Variant.parse(draw(st.sampled_from(variants)))
    rules = rules_of(str(variant))
    width, height = draw(st.sampled_from(sizes))
    style = draw(st.sampled_from(MOVE_STYLES))
    count = draw(st.integers(0, max_moves))
    picks = draw(st.lists(st.integers(0, 10), min_size=count, max_size=count))
    b = Board(width, height, variant=variant)
    rack = empty_rack(rules, width, height)
    ox, result = "X", None
    for pick in picks:
        if style != "free" and result is not None:
            break
        moves = reference_moves(rack, rules, ox)
        assert board_moves(b) == moves and b.move_count() == slots(rack) + (1 if rules.flip else 0)
        if style == "quiet":
            moves = [move for move in moves if play(rack, rules, move, ox)[1] is None] or moves
        if not moves:
            break
        move = moves[pick % len(moves)]
        b.add_move(move, ox)
        rack, result = play(rack, rules, move, ox)
        ox = other(ox)
        assert outcome_for(b, ox) == RESULT_FOR_THE_NEXT_SIDE[result]
        assert_board_is_the_rack(b, rack, ox)
    scored = draw(st.sampled_from("XO"))
    assert_board_is_the_rack(b, rack, scored)
    return Played(variant, b, rack, scored)


# -- the rules, move for move --------------------------------------------------------------------------


@exact(300)
@given(variant_games(SMALL + STANDARD_SIZE, max_moves=40, variants=DETERMINISTIC + WITH_CHANCE))
def test_boards_follow_the_reference_rules(game: Played) -> None:
    """Every step is checked inside the strategy; here: the board still answers for both sides."""
    b, rack, rules = game.board, game.rack, game.rules
    for ox in "XO":
        assert [move for move in range(b.move_count()) if b.why_not(move, ox) is None] == reference_moves(
            rack, rules, ox
        )


# -- the smart evaluation at the horizon, as the engine judges it ------------------------------------------


def frame_cell(rack: Rack, col: int, row: int) -> tuple[int, int]:
    """A rack cell seen from the side gravity pulls to (``engine.variant``'s frames): (frame column, frame row)."""
    width, height = rack.width, rack.height
    return {
        "down": (col, row),
        "left": (row, col),
        "up": (col, height - 1 - row),
        "right": (row, width - 1 - col),
        "down-left": (col, row),  # diagonal gravity is judged on the rack as it stands
        "down-right": (col, row),
    }[rack.gravity]


def smart_horizon(rack: Rack, ox: str) -> float:
    """The smart evaluation of ``rack`` for ``ox``, judged in gravity's frame (a standard position there)."""
    sideways = rack.gravity in ("left", "right")
    geom = geometry(rack.height, rack.width) if sideways else geometry(rack.width, rack.height)
    stones = mask = 0
    for col in range(rack.width):
        for row in range(rack.height):
            owner = rack.grid[col][row]
            if owner != " ":
                bit = geom.bit(*frame_cell(rack, col, row))
                mask |= bit
                if owner == ox:
                    stones |= bit
    return evaluate(geom, stones, mask)


def test_the_smart_horizon_is_the_board_evaluation() -> None:
    """At ply 0 every legal move scores the board's own evaluation: ``score_board_for_tourney``."""
    for variant in ("gravity:left", "gravity:right", "gravity:up+flip", "gravity:turn:2+tetris", "gravity:down-right"):
        b = Board(5, 4, variant=variant)
        b.set_board("01302")
        rack = empty_rack(rules_of(variant), 5, 4)
        for index, char in enumerate("01302"):
            rack, _ = play(rack, rules_of(variant), int(char), "XO"[index % 2])
        for ox in "XO":
            assert Player(ox, "LEFT", 0).score_board_for_tourney(b) == smart_horizon(rack, ox), variant


# -- the scores: the seed's (0-50-100, scores_for) and the smart evaluation's at the horizon (scores_for_tourney) --


@dataclass(frozen=True)
class ScoreCase:
    """Which games and plies the engine's scores are compared on, against which reference, how many times."""

    examples: int  # hypothesis examples
    games: st.SearchStrategy[Played]
    plies: st.SearchStrategy[int]
    reference: Callable[..., list[float]]  # the plain recursion, or the memoized one (faster when deeper)
    horizon: Horizon | None = None  # smart_horizon: the smart evaluation's scores (scores_for_tourney)


SCORE_CASES = {
    "seed-scores-shallow-on-small-boards": ScoreCase(
        200, variant_games(SMALL, max_moves=16), st.integers(0, 3), reference_variant_scores
    ),
    "seed-scores-deeper-on-small-boards": ScoreCase(
        40, variant_games(SMALL, max_moves=16), st.integers(4, 5), memo_reference_variant_scores
    ),
    "seed-scores-on-7x6": ScoreCase(
        60, variant_games(STANDARD_SIZE, max_moves=14), st.integers(0, 3), memo_reference_variant_scores
    ),
    # the AI plays chance and swaps as if they did not happen: the reference ignores them too
    "chance-and-swaps-are-not-foreseen": ScoreCase(
        25, variant_games(SMALL, max_moves=12, variants=WITH_CHANCE), st.integers(0, 3), reference_variant_scores
    ),
    "smart-scores-on-small-boards": ScoreCase(
        120, variant_games(SMALL, max_moves=16), st.integers(0, 3), reference_variant_scores, smart_horizon
    ),
    "smart-scores-at-ply-4": ScoreCase(
        15, variant_games(SMALL, max_moves=16), st.just(4), memo_reference_variant_scores, smart_horizon
    ),
    "smart-scores-on-7x6": ScoreCase(
        30, variant_games(STANDARD_SIZE, max_moves=14), st.integers(0, 3), memo_reference_variant_scores, smart_horizon
    ),
}


@pytest.mark.parametrize("case", SCORE_CASES.values(), ids=SCORE_CASES.keys())
def test_scores_match_the_reference(case: ScoreCase) -> None:
    """``Player``'s score for every move equals the reference's, on ``case.examples`` random games of the case."""

    @exact(case.examples)
    @given(case.games, case.plies)
    def check(game: Played, ply: int) -> None:
        expected = case.reference(game.rack, game.rules, game.ox, ply, horizon=case.horizon)
        player = Player(game.ox, "LEFT", ply)
        scores = player.scores_for if case.horizon is None else player.scores_for_tourney
        assert scores(game.board) == expected

    check()


@exact(12)
@given(variant_games(SMALL, max_moves=12), st.integers(0, 3))
def test_the_memoized_reference_is_the_reference(game: Played, ply: int) -> None:
    plain = reference_variant_scores(game.rack, game.rules, game.ox, ply)
    assert memo_reference_variant_scores(game.rack, game.rules, game.ox, ply) == plain
