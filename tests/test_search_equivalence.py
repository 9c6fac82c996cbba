"""The engine's search returns exactly what the seed's plain recursion returns (tests/reference.py)."""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest
from conftest import exact
from hypothesis import given
from hypothesis import strategies as st
from reference import memo_reference_scores, opponent, reference_scores, reference_scores_tourney

from vp_connect4 import Board, Player
from vp_connect4.engine import search
from vp_connect4.engine.budget import OutOfTime
from vp_connect4.engine.evaluated import EvaluatedSearch
from vp_connect4.engine.forced import ForcedSearch
from vp_connect4.engine.position import Bitboard, Geometry, Position

MIN_WIDTH, MAX_WIDTH = 4, 9
MIN_HEIGHT, MAX_HEIGHT = 4, 7
# how random games are played: "quiet" avoids wins, "stop" stops at the first four, "free" plays on past fours
MOVE_STYLES = ("quiet",) * 4 + ("stop", "free")


def _wins(b: Board, col: int, ox: str) -> bool:
    b.add_move(col, ox)
    won = b.wins_for(ox)
    b.del_move(col)
    return won


@st.composite
def positions(draw: st.DrawFn, max_empty: int | None = None) -> tuple[Board, str]:
    """A board of random size after a random legal move sequence, and the checker to score for.

    Styles: "quiet" avoids winning moves when it can (nearly full, unwon
    boards), "stop" stops at the first four, "free" plays on past fours.
    """
    width = draw(st.integers(MIN_WIDTH, MAX_WIDTH))
    height = draw(st.integers(MIN_HEIGHT, MAX_HEIGHT))
    cells = width * height
    low = 0 if max_empty is None else cells - max_empty
    moves = draw(st.integers(max(0, low), cells))
    style = draw(st.sampled_from(MOVE_STYLES))
    picks = draw(st.lists(st.integers(0, width - 1), min_size=moves, max_size=moves))
    b = Board(width, height)
    ox = "X"
    for pick in picks:
        open_cols = [col for col in range(width) if b.allows_move(col)]
        if style == "quiet":
            open_cols = [col for col in open_cols if not _wins(b, col, ox)] or open_cols
        if not open_cols:
            break
        b.add_move(open_cols[pick % len(open_cols)], ox)
        ox = opponent(ox)
        if style == "stop" and b.wins_for(opponent(ox)):
            break
    return b, draw(st.sampled_from("XO"))


def position_of(b: Board, ox: str) -> Position:
    """``b`` with ``ox`` to move as the engine's position: what the board's referee hands the engine's face."""
    return b.referee.solver_position(ox)


def engine_scores(b: Board, ox: str, ply: int, **options: object) -> list[float]:
    if options.get("evaluate") is wild_evaluation:
        options["bounded"] = False
    return search.column_scores(position_of(b, ox), ply, **options)


def toy_evaluation(geom: Geometry | None, stones: Bitboard, mask: Bitboard) -> float:
    """A deterministic, structureless score in (0, 100): awkward floats on purpose."""
    mixed = (stones * 0x9E3779B1 + mask * 0x85EBCA77) % 1_000_003
    return (mixed + 1) / 10_000.05


def wild_evaluation(geom: Geometry | None, stones: Bitboard, mask: Bitboard) -> float:
    """Like ``toy_evaluation`` but spread over (-20, 120): the engine must not assume scores in [0, 100]."""
    return toy_evaluation(geom, stones, mask) * 1.4 - 20.0


EVALUATIONS = {"toy": toy_evaluation, "wild": wild_evaluation}


def board_evaluation(name: str) -> Callable[[Board, str], float]:
    """``EVALUATIONS[name]`` as the reference calls it: ``(board, checker) -> score``."""

    def evaluation(b: Board, ox: str) -> float:
        position = position_of(b, ox)
        return EVALUATIONS[name](None, position.stones, position.mask)

    return evaluation


# -- simple (0-50-100) scores ---------------------------------------------------------


@exact(150)
@given(positions(), st.integers(0, 3))
def test_shallow_plies_match_the_reference(position: tuple[Board, str], ply: int) -> None:
    b, ox = position
    assert engine_scores(b, ox, ply) == reference_scores(b, ox, ply)


@exact(25)
@given(positions(max_empty=24), st.just(4))
def test_ply_4_matches_the_reference(position: tuple[Board, str], ply: int) -> None:
    b, ox = position
    assert engine_scores(b, ox, ply) == reference_scores(b, ox, ply)


@exact(25)
@given(positions(max_empty=12), st.just(5))
def test_ply_5_matches_the_reference(position: tuple[Board, str], ply: int) -> None:
    b, ox = position
    assert engine_scores(b, ox, ply) == reference_scores(b, ox, ply)


@exact(40)
@given(positions(max_empty=12), st.integers(6, 12))
def test_deep_plies_match_the_memoized_reference(position: tuple[Board, str], ply: int) -> None:
    b, ox = position
    assert engine_scores(b, ox, ply) == memo_reference_scores(b, ox, ply)


def test_memoized_reference_is_the_reference() -> None:
    b = Board(7, 6)
    b.set_board("1211244445")
    for ply in range(4):
        for ox in "XO":
            assert memo_reference_scores(b, ox, ply) == reference_scores(b, ox, ply)


# -- smart evaluation: scores_for_tourney --------------------------------------------


@exact(120)
@given(positions(), st.integers(0, 3), st.sampled_from(sorted(EVALUATIONS)))
def test_evaluated_scores_match_the_reference(position: tuple[Board, str], ply: int, name: str) -> None:
    b, ox = position
    expected = reference_scores_tourney(b, ox, ply, board_evaluation(name))
    assert engine_scores(b, ox, ply, evaluate=EVALUATIONS[name]) == expected


@exact(30)
@given(positions(max_empty=12), st.integers(4, 6), st.sampled_from(sorted(EVALUATIONS)))
def test_deeper_evaluated_scores_match_the_reference(position: tuple[Board, str], ply: int, name: str) -> None:
    b, ox = position
    expected = reference_scores_tourney(b, ox, ply, board_evaluation(name))
    assert engine_scores(b, ox, ply, evaluate=EVALUATIONS[name]) == expected


@exact(10)
@given(positions(max_empty=20), st.just(4))
def test_ply_4_evaluated_scores_match_the_reference(position: tuple[Board, str], ply: int) -> None:
    b, ox = position
    expected = reference_scores_tourney(b, ox, ply, board_evaluation("toy"))
    assert engine_scores(b, ox, ply, evaluate=toy_evaluation) == expected


def test_a_searcher_reused_across_plies_stays_exact() -> None:
    """Iterative deepening on one searcher: its tables carry over from ply to ply."""
    b = Board(7, 6)
    b.set_board("33224")
    position = position_of(b, "O")
    searcher = EvaluatedSearch(position.geom, toy_evaluation)
    for ply in range(5):
        expected = reference_scores_tourney(b, "O", ply, board_evaluation("toy"))
        assert searcher.column_scores(position, ply) == expected


def test_evaluation_below_minus_one_meets_the_full_column_score() -> None:
    """The seed's max over a reply's scores also sees the -1.0 of a full column."""
    b = Board(4, 4)
    b.set_board("0000")

    def gloomy(geom: Geometry | None, stones: Bitboard, mask: Bitboard) -> float:
        return -5.0 - toy_evaluation(geom, stones, mask)

    def gloomy_board(board: Board, ox: str) -> float:
        position = position_of(board, ox)
        return gloomy(None, position.stones, position.mask)

    for ply in range(4):
        expected = reference_scores_tourney(b, "X", ply, gloomy_board)
        assert engine_scores(b, "X", ply, evaluate=gloomy, bounded=False) == expected


def test_an_unbounded_evaluation_needs_bounded_false() -> None:
    with pytest.raises(ValueError, match="outside"):
        engine_scores(Board(5, 4), "X", 0, evaluate=lambda geom, stones, mask: -3.0)


# -- the rest of the contract -----------------------------------------------------


@exact(30)
@given(positions(), st.integers(0, 6))
def test_scores_for_leaves_the_board_unchanged(position: tuple[Board, str], ply: int) -> None:
    b, ox = position
    before = [row[:] for row in b.data]
    Player(ox, "LEFT", ply).scores_for(b)
    assert b.data == before


@pytest.mark.parametrize(
    ("ox", "ply", "expected"),
    [
        ("X", 0, [50.0] * 7),
        ("O", 1, [50.0, 50.0, 50.0, 100.0, 50.0, 50.0, 50.0]),
        ("X", 2, [0.0, 0.0, 0.0, 50.0, 0.0, 0.0, 0.0]),
        ("X", 3, [0.0, 0.0, 0.0, 100.0, 0.0, 0.0, 0.0]),
        ("O", 3, [50.0, 50.0, 50.0, 100.0, 50.0, 50.0, 50.0]),
        ("O", 4, [0.0, 0.0, 0.0, 100.0, 0.0, 0.0, 0.0]),
    ],
)
def test_seed_examples(ox: str, ply: int, expected: list[float]) -> None:
    b = Board(7, 6)
    b.set_board("1211244445")
    assert engine_scores(b, ox, ply) == expected


def test_full_and_won_boards() -> None:
    b = Board(4, 4)
    b.set_board("0123012312300123")  # full
    assert engine_scores(b, "X", 3) == [-1.0] * 4
    won = Board(7, 6)
    won.set_board("0102030")  # X has four in column 0
    assert engine_scores(won, "X", 2) == [100.0] * 7
    assert engine_scores(won, "O", 2) == [0.0] * 7


@pytest.mark.parametrize("options", [{}, {"evaluate": toy_evaluation}], ids=["plain", "evaluated"])
def test_deadline_raises_out_of_time(options: dict[str, object]) -> None:
    b = Board(7, 6)
    with pytest.raises(OutOfTime):
        engine_scores(b, "X", 12, deadline=time.perf_counter() - 1.0, **options)


def test_a_searcher_counts_the_positions_it_searched() -> None:
    b = Board(7, 6)
    b.set_board("1211244445")
    position = position_of(b, "X")
    counted = []
    for ply in (2, 4):
        searcher = search.new_searcher(position.geom)
        searcher.column_scores(position, ply)
        counted.append(searcher.budget.nodes)
    assert 0 < counted[0] < counted[1]  # a deeper look searches more


def test_deepening_yields_each_ply_until_the_deadline() -> None:
    b = Board(7, 6)
    b.set_board("1211244445")
    position = position_of(b, "O")
    answers = list(search.new_searcher(position.geom).deepen(position, 4))
    assert answers == [(ply, reference_scores(b, "O", ply)) for ply in range(5)]
    late = search.new_searcher(position.geom, deadline=time.perf_counter() - 1.0)
    plies = [ply for ply, _ in late.deepen(Position(position.geom), 14)]
    assert plies == list(range(len(plies))) and len(plies) < 15  # stopped at the deadline, not before ply 0


SHARED_SEARCHERS: dict[tuple[int, int], ForcedSearch] = {}


@exact(60)
@given(positions(max_empty=20), st.integers(0, 4))
def test_a_searcher_shared_across_positions_stays_exact(position: tuple[Board, str], ply: int) -> None:
    """Table entries are facts about positions: one searcher may serve a whole game (or many)."""
    b, ox = position
    position = position_of(b, ox)
    searcher = SHARED_SEARCHERS.setdefault((b.width, b.height), ForcedSearch(position.geom))
    assert searcher.column_scores(position, ply) == reference_scores(b, ox, ply)


@exact(30)
@given(positions(max_empty=20), st.integers(2, 5))
def test_tiny_tables_stay_exact(position: tuple[Board, str], ply: int) -> None:
    """Tables that keep dropping their older half: slower, never wrong."""
    b, ox = position
    position = position_of(b, ox)
    plain = ForcedSearch(position.geom, capacity=8).column_scores(position, ply)
    assert plain == memo_reference_scores(b, ox, ply)
    smart = EvaluatedSearch(position.geom, toy_evaluation, capacity=8).column_scores(position, min(ply, 3))
    assert smart == reference_scores_tourney(b, ox, min(ply, 3), board_evaluation("toy"))
