"""Sandbox table: what the sandbox of a student's file costs, with bubblewrap and without it (the same files).

Without it (``VP_CONNECT4_BWRAP=off``) the worker still runs isolated (``python -I``), with its limits, a working
folder and a clean environment; with it, bubblewrap adds its namespaces and mounts (and, for root, the cgroups that
hold the whole sandbox, and the drop to an unprivileged user).
Rows: starting a worker and loading ``examples/player.py``; one move of it (``next_move`` at ply 2, the worker
running); a whole ``check`` (plies 0 to 4, or 0 to 2 with ``--quick``), on this machine's cores.
"""

from __future__ import annotations

import os
import statistics
import time
from collections.abc import Callable
from pathlib import Path

from vp_connect4.board import RulesBoard
from vp_connect4.students import StudentPlayer, sandbox
from vp_connect4.students.check import run_check
from vp_connect4.students.files import PlayerFile
from vp_connect4.students.sandbox import bubblewrap

from .table import print_table

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "player.py"
COLUMNS = ("what", "without bubblewrap", "with bubblewrap", "ratio")
MOVES = ("", "3", "33", "3342", "334251", "33425160")


def _use_tool(on: bool) -> bool:
    """Switch this process's sandbox to bubblewrap (or off); whether it is on now."""
    if on:
        os.environ.pop(bubblewrap.BWRAP_ENV, None)
        os.environ.pop(sandbox.UNSAFE_ENV, None)
    else:
        os.environ[bubblewrap.BWRAP_ENV] = bubblewrap.OFF
        os.environ[sandbox.UNSAFE_ENV] = "1"  # as --unsafe-no-sandbox: run without it (as root too), to compare
    sandbox.look_again()
    return sandbox.protections().isolated


def _best(runs: int, once: Callable[[], float]) -> float:
    return statistics.median(once() for _ in range(runs))


def _start_and_load() -> float:
    start = time.perf_counter()
    StudentPlayer(str(EXAMPLE), "X", "LEFT", 2).close()
    return time.perf_counter() - start


def _move(player: StudentPlayer) -> float:
    total = 0.0
    for moves in MOVES:
        board = RulesBoard()
        board.set_board(moves)
        start = time.perf_counter()
        player.next_move(board)
        total += time.perf_counter() - start
    return total / len(MOVES)


def _check(plies: int) -> float:
    start = time.perf_counter()
    report = run_check(PlayerFile.parse(str(EXAMPLE)), tuple(range(plies + 1)))
    assert report.problem is None
    return time.perf_counter() - start


def _measure(quick: bool) -> list[float]:
    runs = 3 if quick else 7
    with StudentPlayer(str(EXAMPLE), "X", "LEFT", 2) as player:
        move = _best(runs, lambda: _move(player))
    return [_best(runs, _start_and_load), move, _check(2 if quick else 4)]


def run(quick: bool) -> None:
    """Print the sandbox table."""
    print("Sandbox: seconds with and without bubblewrap, same file (ratio: with / without; lower is better)")
    saved = os.environ.get(bubblewrap.BWRAP_ENV)
    try:
        if not _use_tool(True):
            print(f"(skipped: no sandbox tool here: {sandbox.protections().why_not})")
            return
        with_tool = _measure(quick)
        _use_tool(False)
        without = _measure(quick)
    finally:
        if saved is None:
            os.environ.pop(bubblewrap.BWRAP_ENV, None)
        else:
            os.environ[bubblewrap.BWRAP_ENV] = saved
        os.environ.pop(sandbox.UNSAFE_ENV, None)
        sandbox.look_again()
    names = ("start a worker, load the file", "one move, ply 2 (worker running)", f"check, plies 0-{2 if quick else 4}")
    measured = zip(names, without, with_tool, strict=True)
    rows = [(name, f"{off:.3f}", f"{on:.3f}", f"{on / off:.2f}") for name, off, on in measured]
    print_table(COLUMNS, rows)
