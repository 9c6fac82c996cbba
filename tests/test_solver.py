"""The perfect-play solver: published 7x6 scores, and a brute-force minimax over Board on small boards."""

from __future__ import annotations

import random
import time
from pathlib import Path

import pytest
from negamax import best_of, brute_force, brute_force_columns, random_open_position

from vp_connect4.engine.budget import OutOfTime
from vp_connect4.engine.exact import solver
from vp_connect4.engine.position import Geometry, Position, geometry

ROOT = Path(__file__).resolve().parent.parent
POSITIONS = ROOT / "tests" / "data" / "solver-positions"
SAMPLES = {"Test_L3_R1": 150, "Test_L2_R1": 100, "Test_L2_R2": 12, "Test_L1_R1": 25}  # about 10 s here
SEED = 20240611


def load_positions(name: str) -> list[tuple[str, int]]:
    """``(moves, score)`` lines of one published set (moves are columns 1-7)."""
    lines = (POSITIONS / name).read_text().split("\n")
    return [(moves, int(score)) for moves, score in (line.split() for line in lines if line.strip())]


def position(geom: Geometry, moves: str, base: int = 1) -> Position:
    """The position after ``moves`` (column digits counted from ``base``)."""
    return Position.from_moves(geom, (int(char) - base for char in moves))


# -- the published positions ------------------------------------------------------


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_published_scores_match(name: str) -> None:
    geom = geometry(7, 6)
    sample = random.Random(SEED).sample(load_positions(name), SAMPLES[name])
    for moves, score in sample:
        distance = solver.outcome(position(geom, moves))
        assert solver.distance_to_score(geom.cells, len(moves), distance) == score, moves


def test_column_outcomes_agree_with_the_published_score() -> None:
    geom = geometry(7, 6)
    for moves, score in random.Random(SEED).sample(load_positions("Test_L3_R1"), 10):
        start = position(geom, moves)
        results = solver.column_outcomes(start)
        best, columns = best_of(results)
        assert solver.distance_to_score(geom.cells, len(moves), best) == score, moves
        assert solver.best_columns(start) == (best, columns), moves


# -- conversions ------------------------------------------------------------------


def test_score_and_distance_convert_both_ways() -> None:
    for stones_down in range(42):
        for distance in range(1, 43 - stones_down):
            signed = distance if distance % 2 else -distance  # wins come on our plies, losses on theirs
            score = solver.distance_to_score(42, stones_down, signed)
            assert solver.score_to_distance(42, stones_down, score) == signed
    assert solver.distance_to_score(42, 0, 0) == 0


def test_readme_convention_first_stones() -> None:
    # X to move on an empty board wins with its 4th stone (the 7th ply): score 22 - 4 = 18
    assert solver.distance_to_score(42, 0, 7) == 18
    # O to move after one stone, and X wins with its 4th stone (ply 6 from now)
    assert solver.distance_to_score(42, 1, -6) == -18


# -- small boards against brute force -------------------------------------------------


@pytest.mark.parametrize(("width", "height", "stones"), [(4, 4, 5), (5, 4, 9), (4, 5, 9), (5, 5, 14), (6, 4, 13)])
def test_small_boards_match_brute_force(width: int, height: int, stones: int) -> None:
    geom = geometry(width, height)
    rng = random.Random(f"{SEED}-{width}x{height}")
    checked = 0
    while checked < 12:
        moves = random_open_position(rng, width, height, rng.randint(stones, stones + 3))
        if moves is None:
            continue
        start = position(geom, moves, base=0)
        assert solver.outcome(start) == brute_force(width, height, moves), moves
        expected = brute_force_columns(width, height, moves)
        assert solver.column_outcomes(start) == expected, moves
        assert solver.best_columns(start) == best_of(expected), moves
        checked += 1


def test_empty_4x4_is_a_draw() -> None:
    assert solver.outcome(Position(geometry(4, 4))) == 0  # brute force agrees, in about 20 s


def test_boards_too_small_to_win_are_draws() -> None:
    empty = Position(geometry(3, 3))
    assert solver.outcome(empty) == 0
    assert solver.column_outcomes(empty) == [0, 0, 0]


# -- edge cases ----------------------------------------------------------------------


def test_immediate_win_and_forced_block() -> None:
    geom = geometry(7, 6)
    assert solver.outcome(position(geom, "121212", base=1)) == 1  # X to move wins in column 1 at once
    small = geometry(4, 5)
    assert solver.column_outcomes(position(small, "010101", base=0))[0] == 1  # X to move wins in column 0
    results = solver.column_outcomes(position(small, "01010", base=0))  # O to move must block column 0
    assert results[1:] == [-2] * 3
    assert results[0] != -2


def test_full_column_is_none() -> None:
    results = solver.column_outcomes(position(geometry(4, 4), "11112", base=0))
    assert results[1] is None
    assert results == brute_force_columns(4, 4, "11112")


def test_finished_game_is_rejected() -> None:
    won = position(geometry(7, 6), "1212121", base=1)  # X has four in column 1
    with pytest.raises(ValueError, match="already over"):
        solver.outcome(won)


def test_deadline_in_the_past_stops_the_search() -> None:
    empty = Position(geometry(7, 6))
    with pytest.raises(OutOfTime):
        solver.outcome(empty, deadline=time.perf_counter() - 1.0)
    with pytest.raises(OutOfTime) as caught:
        solver.column_outcomes(empty, deadline=time.perf_counter() - 1.0)
    assert caught.value.solved == {}
    with pytest.raises(OutOfTime):
        solver.best_columns(empty, deadline=time.perf_counter() - 1.0)


def test_columns_solved_before_the_deadline_come_with_the_stop() -> None:
    # X to move wins in column 3; any other move but column 0 lets O win in column 0; column 0 takes long.
    start = position(geometry(7, 6), "414141")
    with pytest.raises(OutOfTime) as caught:  # the clock is read once per CHECK_EVERY positions searched
        solver.Solver(start.geom).column_outcomes(start, deadline=time.perf_counter() - 1.0)
    quick = {3: 1, 2: -2, 4: -2, 1: -2, 5: -2}
    solved = caught.value.solved  # (with two solvers at work, column 6 may be done too before the stop)
    assert quick.items() <= solved.items() <= {**quick, 6: -2}.items()


def test_a_distant_deadline_changes_nothing() -> None:
    start = position(geometry(5, 4), "22130044", base=0)
    later = time.perf_counter() + 3600
    assert solver.column_outcomes(start, deadline=later) == brute_force_columns(5, 4, "22130044")


def test_a_tiny_table_still_answers_right_and_a_roomier_one_searches_less() -> None:
    geom = geometry(5, 4)
    searcher = solver.Solver(geom, table_size=4 * 29)  # a tiny table: full buckets give up their smallest searches
    assert searcher.outcome(position(geom, "22130044", base=0)) == brute_force(5, 4, "22130044")
    assert searcher.budget.nodes > 0
    roomy = solver.Solver(geom)
    assert roomy.outcome(position(geom, "22130044", base=0)) == brute_force(5, 4, "22130044")
    assert roomy.budget.nodes < searcher.budget.nodes  # a table that keeps more searches less


# -- one source: compiled and interpreted ----------------------------------------------


SAME_WAY = """
import json, sys
from vp_connect4.engine.exact import solver
from vp_connect4.engine.position import Position, geometry
geom = geometry(7, 6)
searcher = solver.Solver(geom, table_size=4 << 14)
answers = []
for moves in json.loads(sys.argv[1]):
    answers.append((searcher.outcome(Position.from_moves(geom, moves)), searcher.compiled))
print(json.dumps([answers, searcher.budget.nodes]))
"""


def test_the_compiled_search_and_the_same_code_interpreted_give_the_same_answers_and_count_the_same_positions() -> None:
    """The search is one source (engine/exact/core.py): run as machine code and run by Python (NUMBA_DISABLE_JIT=1) it
    must answer alike and search the very same positions, one by one, on the same table size."""
    import json
    import os
    import subprocess
    import sys

    ones = [moves for moves, _ in random.Random(SEED).sample(load_positions("Test_L2_R1"), 12)]
    moves = json.dumps([m.translate(str.maketrans("1234567", "0123456")) for m in ones])  # columns from 0
    runs = {}
    for disabled in ("0", "1"):
        env = dict(os.environ, NUMBA_DISABLE_JIT=disabled, PYTHONPATH=str(ROOT))
        done = subprocess.run(
            [sys.executable, "-c", SAME_WAY, moves],
            capture_output=True, text=True, env=env, timeout=240, check=True,
        )  # fmt: skip
        runs[disabled] = json.loads(done.stdout)
    (compiled, compiled_nodes), (interpreted, interpreted_nodes) = runs["0"], runs["1"]
    assert all(flag for _, flag in compiled) and not any(flag for _, flag in interpreted)
    assert [answer for answer, _ in compiled] == [answer for answer, _ in interpreted]
    assert compiled_nodes == interpreted_nodes > 0


@pytest.mark.parametrize(("width", "height", "left"), [(8, 7, 13), (7, 8, 13), (9, 6, 12), (10, 5, 12), (5, 10, 14)])
def test_boards_whose_keys_pass_49_bits_match_brute_force(width: int, height: int, left: int) -> None:
    """Up to 64 bits (8x7: keys with bit 63 set) the table checks hashed keys: still exact, late in random games."""
    geom = geometry(width, height)
    rng = random.Random(f"{SEED}-{width}x{height}")
    checked = 0
    while checked < 3:
        moves = random_open_position(rng, width, height, width * height - left)
        if moves is None:
            continue
        assert solver.column_outcomes(position(geom, moves, base=0)) == brute_force_columns(width, height, moves), moves
        checked += 1


def test_boards_past_64_bits_are_not_taken() -> None:
    assert solver.takes(geometry(8, 7)) and solver.takes(geometry(4, 10)) and solver.takes(geometry(6, 9))
    assert not any(solver.takes(geometry(*size)) for size in [(9, 7), (8, 8), (10, 6), (6, 10), (7, 9)])
    with pytest.raises(ValueError):
        solver.Solver(geometry(9, 7))


def test_the_solver_and_its_hot_path_take_the_same_boards() -> None:
    from vp_connect4.engine.exact import core, solver

    assert core.BOARD_BITS == solver.BOARD_BITS == 64
