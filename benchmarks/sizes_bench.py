"""Sizes table: the perfect level on every board the game offers (4x4 to 10x10), as a player meets it.

Per size: whether the exact solver takes it (its bitboard, width x (height + 1) bits, fits 64) and whether the
perfect level plays exactly from the first move there (:func:`.levels.exact_on`; elsewhere the slider and the
terminal call it ``deepest search``); games of the perfect level against the next weaker level (ply 10, the
slider's step below it, the seats' AI), one with each side moving first, random tiebreaks from a fixed seed: the
perfect level's wins, draws and losses, and its slowest move; and the analysis of the empty board (``--analyse``'s
work, in this process): the seconds it took and how many columns it left unknown within its 10 s.

``--quick``: a sample of sizes (the smallest, 5x5, 7x6, the largest the solver takes, the first it does not, the
largest).
"""

from __future__ import annotations

import random
import time

from vp_connect4 import Board
from vp_connect4.engine.exact import perfect, solver
from vp_connect4.engine.position import Position, geometry
from vp_connect4.levels import SIZES, Level, exact_on
from vp_connect4.rules import other
from vp_connect4.text_ui import ANALYSIS_SECONDS

from .table import print_table

SEED = 20_261_128
WEAKER = Level(10)  # the slider's step below perfect (vp3d.view.sliders.MAX_PLY)
QUICK_SIZES = ((4, 4), (5, 5), (7, 6), (8, 7), (9, 7), (10, 10))
COLUMNS = ("size", "solver takes", "exact from move 1", "perfect vs ply 10 (W-D-L)", "slowest move s",
           "analysis of the empty board s", "columns unknown")  # fmt: skip


def play(width: int, height: int, perfect_side: str, rng: random.Random) -> tuple[str, float]:
    """One game on a ``width`` x ``height`` board, the perfect level playing ``perfect_side`` (X moves first):
    ``W``, ``D`` or ``L`` for the perfect level, and its slowest move in seconds."""
    board = Board(width, height)
    players = {
        perfect_side: Level(None).player(perfect_side, "RANDOM", rng),
        other(perfect_side): WEAKER.player(other(perfect_side), "RANDOM", rng, defend=True),
    }
    slowest, ox = 0.0, "X"
    while True:
        start = time.perf_counter()
        col = players[ox].next_move(board)
        if ox == perfect_side:
            slowest = max(slowest, time.perf_counter() - start)
        board.add_move(col, ox)
        if board.wins_for(ox):
            return ("W" if ox == perfect_side else "L"), slowest
        if board.is_full():
            return "D", slowest
        ox = other(ox)


def analysis_of_the_empty_board(width: int, height: int) -> tuple[str, str]:
    """The seconds the analysis of the empty board took and the columns it left unknown ("-" where the solver
    does not take the size: the analysis says so in words)."""
    geom = geometry(width, height)
    if not solver.takes(geom):
        return "-", "-"
    start = time.perf_counter()
    outcomes, _finished = perfect.outcomes_in_time(Position(geom), ANALYSIS_SECONDS)
    return f"{time.perf_counter() - start:.2f}", str(sum(outcome is None for outcome in outcomes))


def run(quick: bool) -> None:
    sizes = QUICK_SIZES if quick else tuple((width, height) for width in SIZES for height in SIZES)
    print("Sizes: the perfect level on each board (games against ply 10; the analysis of the empty board)")
    rows = []
    for width, height in sizes:
        rng = random.Random(f"{SEED}-{width}x{height}")
        results, slowest = [], 0.0
        for side in "XO":
            result, move = play(width, height, side, rng)
            results.append(result)
            slowest = max(slowest, move)
        record = "-".join(str(results.count(result)) for result in "WDL")
        seconds, unknown = analysis_of_the_empty_board(width, height)
        takes = solver.takes(geometry(width, height))
        rows.append((f"{width}x{height}", "yes" if takes else "no", "yes" if exact_on(Board(width, height)) else "no",
                     record, f"{slowest:.2f}", seconds, unknown))  # fmt: skip
        print(f"  {width}x{height}: {record}", flush=True)
    print_table(COLUMNS, rows)
