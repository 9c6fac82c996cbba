"""Analysis table: how long a whole ``--analyse`` command takes (each column's exact outcome), per checker count.

For every checker count from 9 to 20: random undecided 7x6 positions (random moves, nobody has won, the side to
move cannot win at once), each analysed by the real command, ``python -m vp_connect4 --analyse --moves ...``, in
a new process (Python's start, the imports, loading the compiled solver and the opening book included), as a
person runs it. The first table: the median and the slowest wall time per position, how many columns came back ``?``
(not worked out in time; the issue asks for none, and for the slowest command under a second), and how many
differ from each column's outcome worked out here without a clock (the book, else the solver).

The second table: the 3D game's first perfect hint, asked of a new AI worker process as soon as it starts (the
player clicks Hint at once), after a fresh install (an empty numba cache: the worker compiles the solver
first), with the compiled code cached, and once the worker has finished starting.
"""

from __future__ import annotations

import os
import random
import statistics
import subprocess
import sys
import tempfile
import time

from vp_connect4 import wording
from vp_connect4.engine.exact import perfect
from vp_connect4.engine.position import Position, geometry
from vp_connect4.game import AI, Seat
from vp_connect4.vp3d.worker.ai import ProcessAiRunner
from vp_connect4.vp3d.worker.jobs import AiRequest

from .table import print_table

COUNTS = range(9, 21)
SAMPLES = {False: 40, True: 5}  # positions per checker count (quick: fewer)
SEED = 20_261_125
HINT_POSITIONS = ("", "3", "3332221044333", "33322210443332")  # the empty board, the book, past the book
STARTED = 3.0  # seconds by which the worker has started (and loaded the solver)
HINT_COLUMNS = ("moves", "fresh install", "cached", "started")
COLUMNS = ("checkers", "positions", "median s", "slowest s", "columns not worked out", "columns wrong")


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


def analyse(moves: str) -> tuple[float, list[str]]:
    """The wall time of ``--analyse`` on ``moves`` and each column's outcome as it printed it."""
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "vp_connect4", "--analyse", "--moves", moves, "--lang", "en"],
        capture_output=True,
        text=True,
        check=True,
    )
    seconds = time.perf_counter() - start
    return seconds, columns_of(done.stdout.splitlines()[-1])


def columns_of(line: str) -> list[str]:
    """The columns' outcomes of an analysis line (``... 0: loses in 40  1: draw ...``)."""
    _, _, columns = line.partition("): ")
    return [entry.split(": ", 1)[1] for entry in columns.split("  ")]


def expected(moves: str) -> list[str]:
    """Each column's outcome worked out without a clock, in the command's words."""
    position = Position.from_moves(geometry(7, 6), moves)
    outcomes = perfect.column_outcomes(position)
    return [wording.outcome_words(d, full=not position.can_play(col)) for col, d in enumerate(outcomes)]


def first_hint(moves: str, cache: str, wait: float) -> float:
    """Seconds to the perfect hint on ``moves`` asked of a new worker ``wait`` seconds after it started, with
    numba's cache in ``cache``."""
    os.environ["NUMBA_CACHE_DIR"] = cache  # the worker's environment: the scene's, this one
    runner = ProcessAiRunner()
    try:
        runner.start()
        time.sleep(wait)
        ox = "XO"[len(moves) % 2]
        start = time.perf_counter()
        runner.submit(AiRequest(7, 6, moves, ox, Seat(AI, "perfect"), "LEFT").hint).result()
        return time.perf_counter() - start
    finally:
        runner.close()
        del os.environ["NUMBA_CACHE_DIR"]


def first_hint_rows() -> list[tuple[str, ...]]:
    rows = []
    for moves in HINT_POSITIONS:
        with tempfile.TemporaryDirectory() as fresh:
            times = [first_hint(moves, fresh, 0.0), first_hint(moves, fresh, 0.0), first_hint(moves, fresh, STARTED)]
        rows.append((moves or "(empty board)", *(f"{seconds:.2f} s" for seconds in times)))
    return rows


def run(quick: bool) -> None:
    """Print the analysis table (``quick``: fewer positions)."""
    wording.use_language("en")
    rng = random.Random(SEED)
    rows = []
    slowest = ("", 0.0)
    for checkers in COUNTS:
        times, unknown, wrong = [], 0, 0
        for _ in range(SAMPLES[quick]):
            moves = random_moves(checkers, rng)
            seconds, printed = analyse(moves)
            times.append(seconds)
            unknown += printed.count("?")
            wrong += sum(1 for got, exact in zip(printed, expected(moves), strict=True) if got not in ("?", exact))
            slowest = max(slowest, (moves, seconds), key=lambda item: item[1])
        median, most = f"{statistics.median(times):.2f}", f"{max(times):.2f}"
        rows.append((str(checkers), str(len(times)), median, most, str(unknown), str(wrong)))
    print("Analysis: a whole --analyse command on random undecided 7x6 positions, per checker count (a new process)")
    print_table(COLUMNS, rows)
    print(f"The slowest: --moves {slowest[0]}, {slowest[1]:.2f} s")
    print()
    print("The first perfect hint of a new AI worker: asked at once (fresh install, cached), or once it has started")
    print_table(HINT_COLUMNS, first_hint_rows())
