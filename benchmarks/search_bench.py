"""Search table: the engine's exact ``column_scores`` against the plain seed recursion.

Both sides are timed in the same run, on the same fixed positions (the
machine is shared, so ratios measured together are what count). Each engine
call starts with empty tables. Times are medians per position.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from pathlib import Path

from tests.reference import reference_scores, reference_scores_tourney
from vp_connect4 import Board
from vp_connect4.engine import search
from vp_connect4.engine.evaluate import evaluate

from .table import print_table

SEED = 20_240_611
WIDTH, HEIGHT = 7, 6
FEW_STONES = (4, 12)  # the random opening set: 4 to 12 stones, nobody has won
LATE_STONES = 16  # "late" positions hold at least this many stones
SOLVER_POSITIONS = Path(__file__).resolve().parents[1] / "tests" / "data" / "solver-positions"
LATE_SETS = ("Test_L2_R1", "Test_L2_R2")  # easy and medium middle games (14-28 stones)
LATE_PLIES = (12, "empty")  # "empty": the number of empty cells, i.e. the full game-theoretic answer
EMPTY_BOARD_RUNS = 3  # fresh searches of the one empty board (median)
REFERENCE_PLIES = (2, 3, 4, 5)
ENGINE_ONLY_PLIES = (8, 10)
EMPTY_BOARD_PLY = 12
SMART_REFERENCE_PLIES = (2, 3, 4)  # evaluate= (scores_for_tourney) against the plain tourney recursion
SMART_ENGINE_ONLY_PLIES = (6,)
SET_SIZES = {
    False: {"random": 12, "reference_ply5": 8, "late": 60, "smart_ply4": 6},
    True: {"random": 5, "reference_ply5": 3, "late": 15, "smart_ply4": 3},
}
COLUMNS = ("position set", "n", "ply", "reference", "engine", "ratio", "positions searched")


def random_positions(count: int, rng: random.Random) -> list[tuple[Board, str]]:
    """``count`` 7x6 boards after random legal moves (4-12 stones, nobody won), with the side to move."""
    boards: list[tuple[Board, str]] = []
    while len(boards) < count:
        b = Board(WIDTH, HEIGHT)
        ox = "X"
        for _ in range(rng.randint(*FEW_STONES)):
            b.add_move(rng.choice([col for col in range(WIDTH) if b.allows_move(col)]), ox)
            ox = "O" if ox == "X" else "X"
        if not (b.wins_for("X") or b.wins_for("O")):
            boards.append((b, ox))
    return boards


def late_positions(name: str, count: int, rng: random.Random) -> list[tuple[Board, str]]:
    """``count`` positions of the set ``name`` with at least 16 stones (its columns are numbered 1-7)."""
    path = SOLVER_POSITIONS / name
    if not path.is_file():
        return []
    lines = [line.split()[0] for line in path.read_text().splitlines() if line.strip()]
    boards = []
    for moves in rng.sample([m for m in lines if len(m) >= LATE_STONES], count):
        b = Board(WIDTH, HEIGHT)
        b.set_board("".join(str(int(char) - 1) for char in moves))
        boards.append((b, b.to_move()))
    return boards


def timed(call: Callable[[], object]) -> float:
    start = time.perf_counter()
    call()
    return time.perf_counter() - start


def engine_run(b: Board, ox: str, ply: int, smart: bool) -> tuple[float, int]:
    """Seconds and positions searched for one fresh ``column_scores`` call (``smart``: with ``evaluate``)."""
    position = b.referee.solver_position(ox)
    searcher = search.new_searcher(position.geom, evaluate if smart else None)
    seconds = timed(lambda: searcher.column_scores(position, ply))
    return seconds, searcher.budget.nodes


def reference_run(b: Board, ox: str, ply: int, smart: bool) -> float:
    """Seconds for the plain recursion (``smart``: the seed's scores_for_tourney recursion with the same evaluation)."""
    if smart:
        return timed(lambda: reference_scores_tourney(b, ox, ply, lambda b, ox: b.referee.evaluation(ox)))
    return timed(lambda: reference_scores(b, ox, ply))


def row(
    name: str, boards: list[tuple[Board, str]], ply: int | str, with_reference: bool, smart: bool = False
) -> tuple[str, ...]:
    """One table row: medians over ``boards`` (ply ``"empty"`` means: the number of empty cells)."""
    engine_times, nodes, reference_times = [], [], []
    for b, ox in boards:
        depth = sum(row.count(" ") for row in b.data) if ply == "empty" else int(ply)
        seconds, searched = engine_run(b, ox, depth, smart)
        engine_times.append(seconds)
        nodes.append(searched)
        if with_reference:
            reference_times.append(reference_run(b, ox, depth, smart))
    engine = statistics.median(engine_times)
    reference = f"{statistics.median(reference_times) * 1000:.1f} ms" if with_reference else "-"
    ratio = f"{statistics.median(reference_times) / engine:.0f}x" if with_reference else "-"
    return (
        name,
        str(len(boards)),
        str(ply),
        reference,
        f"{engine * 1000:.2f} ms",
        ratio,
        f"{statistics.median(nodes):.0f}",
    )


def run(quick: bool) -> None:
    """Print the search table (``quick``: smaller position sets)."""
    sizes = SET_SIZES[quick]
    rng = random.Random(SEED)
    openings = random_positions(sizes["random"], rng)
    opening_name = f"7x6 random, {FEW_STONES[0]}-{FEW_STONES[1]} stones"
    print("Search: engine column_scores vs the plain seed recursion (median time per position)")
    rows = []
    for ply in REFERENCE_PLIES:
        boards = openings if ply < max(REFERENCE_PLIES) else openings[: sizes["reference_ply5"]]
        rows.append(row(opening_name, boards, ply, with_reference=True))
    rows.extend(row(opening_name, openings, ply, with_reference=False) for ply in ENGINE_ONLY_PLIES)
    empty_board = [(Board(WIDTH, HEIGHT), "X")] * EMPTY_BOARD_RUNS
    rows.append(row("7x6 empty board (3 runs)", empty_board, EMPTY_BOARD_PLY, with_reference=False))
    for name in LATE_SETS:
        late = late_positions(name, sizes["late"], rng)
        rows.extend(
            row(f"{name}, {LATE_STONES}+ stones", late, ply, with_reference=False) for ply in LATE_PLIES if late
        )
    smart_name = opening_name.replace("random", "random, smart eval")
    for ply in SMART_REFERENCE_PLIES:
        boards = openings if ply < max(SMART_REFERENCE_PLIES) else openings[: sizes["smart_ply4"]]
        rows.append(row(smart_name, boards, ply, with_reference=True, smart=True))
    rows.extend(row(smart_name, openings, ply, with_reference=False, smart=True) for ply in SMART_ENGINE_ONLY_PLIES)
    print_table(COLUMNS, rows)
