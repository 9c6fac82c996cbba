"""How long a search may run, and how many positions it has searched: :class:`Budget` and :class:`OutOfTime`;
and :func:`deepen`, the one iterative deepening (ever deeper until the time is up)."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator

CHECK_EVERY = 1024  # positions searched between two looks at the clock (a power of two)


class OutOfTime(Exception):
    """A search passed its deadline before it finished.

    ``solved`` maps the columns whose answers were already known when time ran
    out (the solver's :meth:`~.solver.Solver.column_outcomes` fills it in; it is
    empty otherwise).
    """

    def __init__(self, nodes: int = 0, solved: dict[int, int] | None = None) -> None:
        super().__init__(f"the search ran out of time after {nodes} positions")
        self.solved: dict[int, int] = dict(solved or {})


class Budget:
    """A deadline (a ``time.perf_counter()`` value, or None for no limit) and the positions searched under it.

    A search calls :meth:`count` once per position searched; the hottest loop
    may instead add to ``nodes`` itself and call :meth:`check` whenever
    ``nodes % CHECK_EVERY == 0``. Either way the clock is read once per
    ``CHECK_EVERY`` positions, and :class:`OutOfTime` is raised once the
    deadline has passed. The deadline may be changed between searches (the
    solver keeps one budget, so its count runs on from search to search).
    """

    __slots__ = ("deadline", "nodes")

    def __init__(self, deadline: float | None = None) -> None:
        self.deadline = deadline
        self.nodes = 0

    def count(self) -> None:
        """One more position searched."""
        self.nodes += 1
        if not self.nodes % CHECK_EVERY:
            self.check()

    def check(self) -> None:
        """Raise :class:`OutOfTime` if the deadline has passed."""
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise OutOfTime(self.nodes)


def deepen(scores_at: Callable[[int], list[float]], max_ply: int) -> Iterator[tuple[int, list[float]]]:
    """Iterative deepening: yield ``(ply, scores_at(ply))`` for ply 0, 1, ... ``max_ply``.

    Stops quietly when ``scores_at`` runs out of time (:class:`OutOfTime`), so the last pair yielded is the
    deepest finished answer; the caller may also stop at any time. ``scores_at`` keeps its tables from one ply
    to the next (every search here does). :func:`.scores.deepest` and :func:`.scores.last` read the result.
    """
    for ply in range(max_ply + 1):
        try:
            scores = scores_at(ply)
        except OutOfTime:
            return
        yield ply, scores
