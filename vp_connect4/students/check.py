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
import queue
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from . import parallel
from .diagnosis.asking import MOVE, SCORES, TOURNEY, PositionCheck
from .diagnosis.findings import Difference, Failure, best_columns, first_difference
from .diagnosis.parts import PART_PLY, Parts, asker, check_parts, part_problem
from .errors import TIMED_OUT
from .files import PlayerFile
from .positions import Case, cases
from .process import DEFAULT_TIME_LIMIT, Loaded, StudentProcess
from .worker.kinds import PART_METHODS, TIEBREAK_METHODS

__all__ = ["Difference", "Failure", "Report", "Verdicts", "best_columns", "check_each", "first_difference",
           "run_check"]  # fmt: skip

PLIES = (0, 1, 2, 3, 4)
TOURNEY_NEEDS = "score_board_for_tourney"  # what the reference for scores_for_tourney is made with
ASKED_ONCE = tuple(name for name in PART_METHODS if name not in TIEBREAK_METHODS)  # not position by position


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
        parts = pool.parts(positions)
        first_part = next((problem for name in parts.methods if (problem := part_problem(parts, name))), None)
        if first_part is not None:
            agreed = sum(parts.agreed.values())
            return Report(source, pool.loaded, len(positions), plies, pool.methods, agreed, first_part, pool.unchecked)

        def work(task: tuple[Case, int]) -> Difference | Failure | int:
            with pool.process() as process:
                return _check_position(process, pool.loaded, pool.methods, *task)

        calls, problem = sum(parts.agreed.values()), None
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
        methods = tuple(name for name in (*PART_METHODS, SCORES, MOVE, TOURNEY) if name in self.loaded.methods)
        if TOURNEY in methods and TOURNEY_NEEDS not in self.loaded.methods:
            methods = tuple(name for name in methods if name != TOURNEY)
        self.methods = methods
        self.unchecked = TOURNEY in self.loaded.methods and TOURNEY not in methods  # nothing to hold it to
        return self

    def parts(self, positions: list[Case]) -> Parts:
        """The part methods asked on their own (:mod:`.parts`), on one process, before the recursion is asked."""
        with self.process() as process:
            return check_parts(self.methods, positions, self.loaded.class_name, asker(process))

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
        parts = pool.parts(positions)
        each = tuple(method for method in methods if method not in ASKED_ONCE)
        found: dict[Key, tuple[int, Difference | Failure]] = {}
        for name in parts.methods:
            problem = part_problem(parts, name)
            if problem is not None:
                found[name, PART_PLY] = (-1, problem)  # before every position at every ply
        part_problems = {key[0]: problem for key, (_, problem) in found.items()}
        agreed = {(name, PART_PLY): parts.agreed[name] for name in parts.methods}
        agreed |= dict.fromkeys(((method, ply) for ply in plies for method in each), 0)
        carried: dict[Key, Key] = {}
        lock = threading.Lock()

        def settled(key: Key, index: int) -> bool:
            return key in carried or (key in found and found[key][0] < index)

        def work(index: int) -> None:
            case, ply = tasks[index]
            with pool.process() as process:
                asked = PositionCheck(process, pool.loaded, case, ply, part_problems)
                for method in each:
                    with lock:
                        if settled((method, ply), index):
                            continue
                    result = asked.verdict(method)
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
    asked = PositionCheck(process, loaded, case, ply, {})  # run_check stops at a part's problem before
    calls = 0
    for method in methods:
        if method in ASKED_ONCE:
            continue
        found = asked.verdict(method)
        if not isinstance(found, bool):
            return found
        calls += found
    return calls
