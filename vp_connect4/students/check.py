"""``vp-connect4 check player.py``: a student's player against the reference, position by position.

For every position of :mod:`.positions` and every ply asked (0 to 4), the student's ``scores_for`` must give
the reference's scores (our seed ``Player``, whose ``scores_for`` is exactly the seed texts' recursion;
CS111's ``AIPlayer`` gives the same numbers), and its ``next_move`` a column the reference could play with
that tiebreak (LEFT: the leftmost best, RIGHT: the rightmost, RANDOM: any of the best). A student's
``scores_for_tourney``, when its class has ``score_board_for_tourney`` too, must give the seed's recursion
with that evaluation at the horizon (or, as the seed text's recipe reads when taken to the letter, that
evaluation at ply 0 only and ``scores_for`` below it).

The positions are asked ply by ply, cheapest first, on as many of the student's worker processes as there are
cores; what is reported is the first difference or failure in that order, whichever worker found it.
"""

from __future__ import annotations

import math
import queue
import random
from collections.abc import Callable
from dataclasses import dataclass

from ..player import Player
from . import parallel
from .errors import StudentError, call_text
from .files import PlayerFile
from .player import call_message
from .positions import Case, cases
from .process import DEFAULT_TIME_LIMIT, Loaded, StudentProcess

PLIES = (0, 1, 2, 3, 4)
SCORES, MOVE, TOURNEY = "scores_for", "next_move", "scores_for_tourney"
TOURNEY_NEEDS = "score_board_for_tourney"  # what the reference for scores_for_tourney is made with
TOLERANCE = 1e-9  # scores this close are the same (a student's arithmetic may round in another order)


@dataclass(frozen=True)
class Difference:
    """Where the student's answer is not the reference's: ``column`` is the first column whose scores differ (for
    ``next_move``: the column the student chose; ``allowed``: the ones the reference could play)."""

    case: Case
    ply: int
    method: str
    call: str
    theirs: list[float] | int
    reference: list[float]
    column: int
    allowed: tuple[int, ...] = ()


@dataclass(frozen=True)
class Failure:
    """The student's code failed on a position (it raised, gave no answer in time, answered nonsense)."""

    case: Case
    ply: int
    error: StudentError


@dataclass(frozen=True)
class Report:
    """What the check found: ``problem`` None when every answer agreed."""

    source: PlayerFile
    loaded: Loaded
    positions: int
    plies: tuple[int, ...]
    methods: tuple[str, ...]  # compared
    calls: int  # answers compared
    problem: Difference | Failure | None
    unchecked_tourney: bool = False  # scores_for_tourney without score_board_for_tourney: nothing to hold it to


Progress = Callable[[int, int], object]  # progress(done, total)


def run_check(
    source: PlayerFile,
    plies: tuple[int, ...] = PLIES,
    time_limit: float = DEFAULT_TIME_LIMIT,
    workers: int | None = None,
    progress: Progress | None = None,
) -> Report:
    """Check ``source`` at ``plies``; StudentError if the file cannot be loaded (no import, no class)."""
    first = StudentProcess(source, time_limit)
    processes: list[StudentProcess] = [first]
    idle: queue.Queue[StudentProcess] = queue.Queue()
    try:
        loaded = first.load()
        idle.put(first)
        methods = tuple(name for name in (SCORES, MOVE, TOURNEY) if name in loaded.methods)
        if TOURNEY in methods and TOURNEY_NEEDS not in loaded.methods:
            methods = tuple(name for name in methods if name != TOURNEY)
        positions = cases()
        tasks = [(case, ply) for ply in plies for case in positions]

        def work(task: tuple[Case, int]) -> Difference | Failure | int:
            try:
                process = idle.get_nowait()
            except queue.Empty:
                process = StudentProcess(source, time_limit)
                processes.append(process)
            try:
                return _check_position(process, loaded, methods, *task)
            finally:
                idle.put(process)

        calls, problem = 0, None
        for done, result in enumerate(parallel.in_order(parallel.run_all(tasks, work, workers or parallel.cores()))):
            if progress is not None:
                progress(done + 1, len(tasks))
            if isinstance(result, int):
                calls += result
            else:
                problem = result
                break
        unchecked = TOURNEY in loaded.methods and TOURNEY not in methods
        return Report(source, loaded, len(positions), plies, methods, calls, problem, unchecked)
    finally:
        for process in processes:
            process.kill()


def _check_position(
    process: StudentProcess, loaded: Loaded, methods: tuple[str, ...], case: Case, ply: int
) -> Difference | Failure | int:
    """The comparisons on one position at one ply: how many answers agreed, or the first that did not."""
    board = case.board()
    seed = random.Random(f"{case.moves}/{case.ox}/{case.tiebreak}/{ply}").randrange(2**32)
    reference = Player(case.ox, case.tiebreak, ply).scores_for(board)

    def ask(method: str, op: str = "call", **extra: object) -> object:
        message = call_message(op, method, board, case.ox, case.tiebreak, ply, seed) | extra
        return process.request(message, call_text(loaded.class_name, case.ox, case.tiebreak, ply, method))

    def differs(method: str, theirs: object, reference: list[float], **extra: object) -> Difference:
        call = call_text(loaded.class_name, case.ox, case.tiebreak, ply, method)
        return Difference(case, ply, method, call, theirs, reference, **extra)  # type: ignore[arg-type]

    calls = 0
    try:
        if SCORES in methods:
            theirs = ask(SCORES)
            column = first_difference(theirs, reference)  # type: ignore[arg-type]
            if column is not None:
                return differs(SCORES, theirs, reference, column=column)
            calls += 1
        if MOVE in methods and not case.is_over:
            col = ask(MOVE)
            allowed = best_columns(reference, case.tiebreak)
            if col not in allowed:
                return differs(MOVE, col, reference, column=col, allowed=allowed)
            calls += 1
        if TOURNEY in methods:
            theirs = ask(TOURNEY)
            full = ask(TOURNEY, "reference", literal=False)
            column = first_difference(theirs, full)  # type: ignore[arg-type]
            if column is not None and first_difference(theirs, ask(TOURNEY, "reference", literal=True)) is not None:
                return differs(TOURNEY, theirs, full, column=column)  # type: ignore[arg-type]
            calls += 1
    except StudentError as error:
        return Failure(case, ply, error)
    return calls


def first_difference(theirs: list[float], reference: list[float]) -> int | None:
    """The first column whose scores differ (by more than rounding), or None."""
    for col, (mine, ours) in enumerate(zip(theirs, reference, strict=True)):
        same = math.isclose(mine, ours, rel_tol=TOLERANCE, abs_tol=TOLERANCE) or (math.isnan(mine) and math.isnan(ours))
        if not same:
            return col
    return None


def best_columns(scores: list[float], tiebreak: str) -> tuple[int, ...]:
    """The columns a player with these scores may play: the leftmost or rightmost best, or (RANDOM) any best."""
    best = max(scores)
    columns = tuple(col for col, score in enumerate(scores) if score == best)
    if tiebreak == "LEFT":
        return columns[:1]
    if tiebreak == "RIGHT":
        return columns[-1:]
    return columns
