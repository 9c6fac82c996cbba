"""Analysis table: how long a whole ``--analyse`` command takes (each column's exact outcome), per checker count.

For every checker count from 9 to 20: random undecided 7x6 positions (random moves, nobody has won, the side to
move cannot win at once), each analysed by the real command, ``python -m vp_connect4 --analyse --moves ...``, in
a new process (Python's start, the imports, loading the compiled solver and the opening book included), as a
person runs it. The table: the median and the slowest wall time per position, and how many columns came back
``?`` (not worked out in time; the issue asks for none, and for the slowest command under a second).
"""

from __future__ import annotations

import random
import statistics
import subprocess
import sys
import time

from vp_connect4.engine.position import Position, geometry

from .table import print_table

COUNTS = range(9, 21)
SAMPLES = {False: 40, True: 5}  # positions per checker count (quick: fewer)
SEED = 20_261_125
COLUMNS = ("checkers", "positions", "median s", "slowest s", "columns not worked out")


def random_moves(checkers: int, rng: random.Random) -> str:
    """The moves of a random undecided 7x6 position with ``checkers`` checkers (columns 0-6)."""
    geom = geometry(7, 6)
    while True:
        position, moves, fine = Position(geom), "", True
        for _ in range(checkers):
            col = rng.choice([c for c in range(geom.width) if position.can_play(c)])
            if position.is_winning_move(col):
                fine = False
                break
            position, moves = position.play(col), moves + str(col)
        if fine and not position.can_win_next():
            return moves


def analyse(moves: str) -> tuple[float, int]:
    """The wall time of ``--analyse`` on ``moves`` and how many columns it left ``?``."""
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "vp_connect4", "--analyse", "--moves", moves, "--lang", "en"],
        capture_output=True,
        text=True,
        check=True,
    )
    seconds = time.perf_counter() - start
    return seconds, done.stdout.splitlines()[-1].count(": ?")


def run(quick: bool) -> None:
    """Print the analysis table (``quick``: fewer positions)."""
    rng = random.Random(SEED)
    rows = []
    slowest = ("", 0.0)
    for checkers in COUNTS:
        times, unknown = [], 0
        for _ in range(SAMPLES[quick]):
            moves = random_moves(checkers, rng)
            seconds, left = analyse(moves)
            times.append(seconds)
            unknown += left
            slowest = max(slowest, (moves, seconds), key=lambda item: item[1])
        median, most = f"{statistics.median(times):.2f}", f"{max(times):.2f}"
        rows.append((str(checkers), str(len(times)), median, most, str(unknown)))
    print("Analysis: a whole --analyse command on random undecided 7x6 positions, per checker count (a new process)")
    print_table(COLUMNS, rows)
    print(f"The slowest: --moves {slowest[0]}, {slowest[1]:.2f} s")
