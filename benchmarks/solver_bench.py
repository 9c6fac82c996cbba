"""Solver table: every published position solved and checked; mean time and positions searched per set.

One :class:`Solver` per set, its transposition table kept from one position to
the next (as the perfect player keeps it from move to move). Opening
positions (Test_L1_R1) get a per-position time budget; a position that runs
out of it is counted as timed out, not as a mismatch.
"""

from __future__ import annotations

import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

from vp_connect4.engine.budget import OutOfTime
from vp_connect4.engine.exact import solver
from vp_connect4.engine.position import Geometry, Position, geometry

POSITIONS = Path(__file__).resolve().parents[1] / "tests" / "data" / "solver-positions"
SETS = ("Test_L3_R1", "Test_L2_R1", "Test_L2_R2", "Test_L1_R1")
QUICK_SAMPLE = {"Test_L3_R1": 200, "Test_L2_R1": 200, "Test_L2_R2": 40, "Test_L1_R1": 40}
BUDGET = {"Test_L1_R1": 30.0}  # seconds per position, where the full set might otherwise take hours
SEED = 2024
BOTH_WAYS_SAMPLE = {False: 100, True: 20}  # positions per set for compiled against interpreted
BOTH_WAYS = """
import json, sys
from benchmarks.solver_bench import bench_set, load, sample
from vp_connect4.engine.exact import core, solver
solver.warm_up()  # compiled: the machine code loaded before the clock starts
times, _, nodes, mismatches, _ = bench_set(sys.argv[1], sample(sys.argv[1], int(sys.argv[2])), core.TABLE_SIZE)
print(json.dumps([times, nodes, mismatches, solver.Solver(solver.geometry(7, 6)).compiled]))
"""


def load(name: str) -> list[tuple[str, int]]:
    """``(moves, score)`` of one set: moves are columns 1-7, the score Pons' (see the data README)."""
    lines = (POSITIONS / name).read_text().split("\n")
    return [(moves, int(score)) for moves, score in (line.split() for line in lines if line.strip())]


def position(geom: Geometry, moves: str) -> Position:
    """The position after ``moves`` (columns 1-7)."""
    return Position.from_moves(geom, (int(char) - 1 for char in moves))


def bench_set(
    name: str, positions: list[tuple[str, int]], table_size: int | None = None
) -> tuple[list[float], list[float], list[int], int, int]:
    """Solve ``positions``: (wall times in s, CPU times in s, positions searched, mismatches, timeouts)."""
    geom = geometry(7, 6)
    searcher = solver.Solver(geom, table_size)
    times: list[float] = []
    cpu_times: list[float] = []
    nodes: list[int] = []
    mismatches = timeouts = 0
    budget = BUDGET.get(name)
    for moves, score in positions:
        start_position = position(geom, moves)
        before = searcher.budget.nodes
        start, cpu_start = time.perf_counter(), time.process_time()
        try:
            result = searcher.outcome(start_position, deadline=start + budget if budget else None)
        except OutOfTime:
            timeouts += 1
            continue
        finally:
            times.append(time.perf_counter() - start)
            cpu_times.append(time.process_time() - cpu_start)
            nodes.append(searcher.budget.nodes - before)
        if solver.distance_to_score(geom.cells, len(moves), result) != score:
            mismatches += 1
            print(f"  MISMATCH {name} {moves}: expected {score}, got distance {result}")
    return times, cpu_times, nodes, mismatches, timeouts


def sample(name: str, count: int) -> list[tuple[str, int]]:
    """``count`` positions of set ``name``, the same each run."""
    return random.Random(SEED).sample(load(name), count)


def both_ways(name: str, count: int) -> dict[str, tuple[list[float], list[int], int, bool]]:
    """The same positions solved by the compiled search and by the same code interpreted (``NUMBA_DISABLE_JIT=1``),
    each in a process of its own: per way, the times, the positions searched, the mismatches, whether compiled."""
    runs = {}
    for way, disabled in (("compiled", "0"), ("interpreted", "1")):
        env = dict(os.environ, NUMBA_DISABLE_JIT=disabled)
        command = [sys.executable, "-c", BOTH_WAYS, name, str(count)]
        done = subprocess.run(command, capture_output=True, text=True, env=env, check=True)
        runs[way] = tuple(json.loads(done.stdout.splitlines()[-1]))
    return runs  # type: ignore[return-value]


def run_both_ways(quick: bool) -> None:
    """Print the compiled search against the same code interpreted, on a sample of each published set."""
    print("Solver: the compiled search against the same code interpreted (NUMBA_DISABLE_JIT=1), same positions")
    header = f"{'set':<11} {'positions':>9} {'compiled ms':>11} {'interpreted ms':>14} {'ratio':>6}"
    print(f"{header} {'searched (both)':>15} {'same':>5}")
    for name in SETS:
        count = BOTH_WAYS_SAMPLE[quick] if name != "Test_L1_R1" else BOTH_WAYS_SAMPLE[quick] // 4
        runs = both_ways(name, count)
        (fast, fast_nodes, fast_bad, compiled), (slow, slow_nodes, slow_bad, _) = runs["compiled"], runs["interpreted"]
        same = "yes" if fast_nodes == slow_nodes and not fast_bad and not slow_bad and compiled else "NO"
        ratio = sum(slow) / sum(fast)
        print(
            f"{name:<11} {count:>9} {1000 * statistics.mean(fast):>11.3f} {1000 * statistics.mean(slow):>14.1f} "
            f"{ratio:>5.0f}x {statistics.mean(fast_nodes):>15,.0f} {same:>5}"
        )
    print("(both ways on a table of the compiled size, so they search the same positions; 'same': and agree)")


def run(quick: bool) -> None:
    """Print one row per position set."""
    if not POSITIONS.is_dir():
        print(f"solver: positions not found at {POSITIONS}")
        return
    solver.warm_up()  # the compiled code loaded (or compiled) before the clock starts
    way = "compiled" if solver.solver_for(geometry(7, 6)).compiled else "interpreted"
    print(f"Solver on the published 7x6 positions (perfect play, exact scores; {way})")
    header = f"{'set':<11} {'positions':>9} {'mean ms':>8} {'CPU ms':>8} {'median ms':>9} {'max s':>6}"
    print(f"{header} {'mean searched':>13} {'mismatches':>10} {'timeouts':>8}")
    for name in SETS:
        positions = sample(name, QUICK_SAMPLE[name]) if quick else load(name)
        times, cpu_times, nodes, mismatches, timeouts = bench_set(name, positions)
        print(
            f"{name:<11} {len(positions):>9} {1000 * statistics.mean(times):>8.2f} "
            f"{1000 * statistics.mean(cpu_times):>8.2f} {1000 * statistics.median(times):>9.2f} "
            f"{max(times):>6.2f} {statistics.mean(nodes):>13,.0f} {mismatches:>10} {timeouts:>8}"
        )
    budgets = ", ".join(f"{name} {seconds:g} s" for name, seconds in BUDGET.items())
    print(f"(per-position time budget: {budgets}; a timed-out position counts its time until the stop)")
    print("(mean ms and median ms are wall-clock; CPU ms is this process's CPU time, steadier on a busy machine)")
    print()
    run_both_ways(quick)
