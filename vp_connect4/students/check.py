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

import contextlib
import math
import queue
import random
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from ..board import Board
from ..player import Player
from . import parallel
from .errors import TIMED_OUT, StudentError, call_text
from .files import PlayerFile
from .player import call_message
from .positions import Case, cases
from .process import DEFAULT_TIME_LIMIT, Loaded, StudentProcess
from .recursion import with_their_horizon

PLIES = (0, 1, 2, 3, 4)
SCORES, MOVE, TOURNEY = "scores_for", "next_move", "scores_for_tourney"
TOURNEY_NEEDS = "score_board_for_tourney"  # what the reference for scores_for_tourney is made with
EVALUATIONS_A_REQUEST = 4096  # boards of the horizon asked of the student's process at once
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
    method: str = ""  # the method that failed (the ones before it agreed on this position)


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
    with _Pool(source, time_limit) as pool:
        positions = cases()
        tasks = [(case, ply) for ply in plies for case in positions]

        def work(task: tuple[Case, int]) -> Difference | Failure | int:
            with pool.process() as process:
                return _check_position(process, pool.loaded, pool.methods, *task)

        calls, problem = 0, None
        for done, result in enumerate(parallel.in_order(parallel.run_all(tasks, work, workers or parallel.cores()))):
            if progress is not None:
                progress(done + 1, len(tasks))
            if isinstance(result, int):
                calls += result
            else:
                problem = result
                break
        return Report(source, pool.loaded, len(positions), plies, pool.methods, calls, problem, pool.unchecked)


class _Pool:
    """The student's worker processes of one check: the first loads the file (StudentError if it cannot), and a
    task borrows an idle one (:meth:`process`) or starts another; all are killed at the end (``with``)."""

    def __init__(self, source: PlayerFile, time_limit: float) -> None:
        self.source, self.time_limit = source, time_limit
        self._all = [StudentProcess(source, time_limit)]
        self._idle: queue.Queue[StudentProcess] = queue.Queue()

    def __enter__(self) -> _Pool:
        try:
            self.loaded = self._all[0].load()
        except BaseException:
            self.__exit__()
            raise
        self._idle.put(self._all[0])
        methods = tuple(name for name in (SCORES, MOVE, TOURNEY) if name in self.loaded.methods)
        if TOURNEY in methods and TOURNEY_NEEDS not in self.loaded.methods:
            methods = tuple(name for name in methods if name != TOURNEY)
        self.methods = methods
        self.unchecked = TOURNEY in self.loaded.methods and TOURNEY not in methods  # nothing to hold it to
        return self

    @contextlib.contextmanager
    def process(self) -> Iterator[StudentProcess]:
        try:
            process = self._idle.get_nowait()
        except queue.Empty:
            process = StudentProcess(self.source, self.time_limit)
            self._all.append(process)
        try:
            yield process
        finally:
            self._idle.put(process)

    def __exit__(self, *exc: object) -> None:
        for process in self._all:
            process.kill()


# -- every method at every ply: the first problem of each (for a grade: one test per method and ply) --------------

Key = tuple[str, int]  # (method, ply)


@dataclass(frozen=True)
class Verdicts:
    """What :func:`check_each` found: for each (method, ply) of ``keys`` the first problem in the positions' order
    (absent: every answer agreed), and how many answers agreed. A time-out settles the rest of its method, that ply
    and the ones above, without asking again: ``carried`` maps each key so settled to the key that timed out."""

    report: Report  # what run_check would have found (its problem: the first of all, in run_check's order)
    keys: tuple[Key, ...]
    problems: dict[Key, Difference | Failure]
    agreed: dict[Key, int]
    carried: dict[Key, Key]


def check_each(
    source: PlayerFile,
    plies: tuple[int, ...] = PLIES,
    time_limit: float = DEFAULT_TIME_LIMIT,
    workers: int | None = None,
    progress: Progress | None = None,
) -> Verdicts:
    """Like :func:`run_check`, but on to the end: the first problem of every method at every ply.

    StudentError if the file cannot be loaded (no import, no class)."""
    with _Pool(source, time_limit) as pool:
        methods = pool.methods
        positions = cases()
        tasks = [(case, ply) for ply in plies for case in positions]
        found: dict[Key, tuple[int, Difference | Failure]] = {}
        agreed = dict.fromkeys(((method, ply) for ply in plies for method in methods), 0)
        carried: dict[Key, Key] = {}
        lock = threading.Lock()

        def settled(key: Key, index: int) -> bool:
            return key in carried or (key in found and found[key][0] < index)

        def work(index: int) -> None:
            case, ply = tasks[index]
            with pool.process() as process:
                reference = Player(case.ox, case.tiebreak, ply).scores_for(case.board())
                for method in methods:
                    with lock:
                        if settled((method, ply), index):
                            continue
                    result = _check_method(process, pool.loaded, method, case, ply, reference)
                    with lock:
                        _note(found, agreed, carried, plies, (method, ply), index, result)

        for done, _ in enumerate(parallel.run_all(range(len(tasks)), work, workers or parallel.cores())):
            if progress is not None:
                progress(done + 1, len(tasks))
        order = sorted(found, key=lambda key: (found[key][0], methods.index(key[0])))
        first_problem = found[order[0]][1] if order else None
        report = Report(source, pool.loaded, len(positions), plies, methods, sum(agreed.values()), first_problem,
                        pool.unchecked)  # fmt: skip
        problems = {key: problem for key, (_, problem) in found.items()}
        return Verdicts(report, tuple(agreed), problems, agreed, carried)


def _note(
    found: dict[Key, tuple[int, Difference | Failure]],
    agreed: dict[Key, int],
    carried: dict[Key, Key],
    plies: tuple[int, ...],
    key: Key,
    index: int,
    result: Difference | Failure | bool,
) -> None:
    """Keep one answer: the first problem of its key (by position), or one more agreement."""
    if isinstance(result, bool):
        agreed[key] += result
        return
    if key not in found or index < found[key][0]:
        found[key] = (index, result)
    if isinstance(result, Failure) and result.error.kind == TIMED_OUT:
        method, ply = key
        for later in plies:
            if later >= ply and (method, later) != key and (method, later) not in found:
                carried.setdefault((method, later), key)


def _check_position(
    process: StudentProcess, loaded: Loaded, methods: tuple[str, ...], case: Case, ply: int
) -> Difference | Failure | int:
    """The comparisons on one position at one ply: how many answers agreed, or the first that did not."""
    reference = Player(case.ox, case.tiebreak, ply).scores_for(case.board())
    calls = 0
    for method in methods:
        found = _check_method(process, loaded, method, case, ply, reference)
        if not isinstance(found, bool):
            return found
        calls += found
    return calls


def _check_method(
    process: StudentProcess, loaded: Loaded, method: str, case: Case, ply: int, reference: list[float]
) -> Difference | Failure | bool:
    """One method on one position at one ply: True when it agreed, False when not asked (no next move after
    a game won), or what differed or failed."""
    board = case.board()
    seed = random.Random(f"{case.moves}/{case.ox}/{case.tiebreak}/{ply}").randrange(2**32)
    call = call_text(loaded.class_name, case.ox, case.tiebreak, ply, method)

    def ask(op: str = "call", **extra: object) -> object:
        return process.request(call_message(op, method, board, case.ox, case.tiebreak, ply, seed) | extra, call)

    def differs(theirs: object, reference: list[float], **extra: object) -> Difference:
        return Difference(case, ply, method, call, theirs, reference, **extra)  # type: ignore[arg-type]

    try:
        if method == SCORES:
            theirs = ask()
            column = first_difference(theirs, reference)  # type: ignore[arg-type]
            return True if column is None else differs(theirs, reference, column=column)
        if method == MOVE:
            if case.is_over:
                return False
            col, allowed = ask(), best_columns(reference, case.tiebreak)
            return True if col in allowed else differs(col, reference, column=col, allowed=allowed)
        def evaluate(boards: list[tuple[str, Board]]) -> list[float]:
            found: list[float] = []
            for start in range(0, len(boards), EVALUATIONS_A_REQUEST):
                part = boards[start : start + EVALUATIONS_A_REQUEST]
                batch = [[side, ["".join(row) for row in one.data]] for side, one in part]
                found += ask("evaluate", boards=batch)  # type: ignore[operator]
            return found

        def seed_recipe(literal: bool) -> list[float]:
            return with_their_horizon(case.board(), case.ox, ply, evaluate, literal)

        theirs, full = ask(), seed_recipe(literal=False)
        column = first_difference(theirs, full)  # type: ignore[arg-type]
        if column is not None and first_difference(theirs, seed_recipe(literal=True)) is not None:
            return differs(theirs, full, column=column)  # type: ignore[arg-type]
        return True
    except StudentError as error:
        return Failure(case, ply, error, method)


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
