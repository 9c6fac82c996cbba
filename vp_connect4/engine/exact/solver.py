"""Perfect play: the exact game-theoretic outcome of a position, distance included.

The public answer is a **signed distance**, from the point of view of the side
to move:

* ``+k``: that side wins, playing its winning checker ``k`` plies from now
  (plies count both sides' moves, so ``+1`` is an immediate win; wins are odd);
* ``-k``: the opponent wins, playing its winning checker ``k`` plies from now
  (losses are even);
* ``0``: a draw with best play.

Best play means the fastest win and the slowest loss.

Inside, the search works with Pascal Pons' *score*, which orders outcomes the
way the players prefer them: with ``n`` checkers on a board of ``cells`` cells, a
side that wins by dropping a checker when ``n`` checkers are down scores
``(cells + 1 - n) // 2`` (the earlier, the higher), a draw scores 0, and a loss
scores minus the winner's score. On 7x6 this is the score of the published test
positions: a score ``s > 0`` means the winning checker is the winner's
``(22 - s)``-th checker of the game.

The search (:class:`Solver`) is negamax with alpha-beta over the bitboards of
:mod:`.position`, driven by null-window searches that bisect the score range:

* only non-losing moves are searched (:func:`.position.non_losing_moves`);
* moves are tried in order of the number of winning cells they give us, ties
  broken centre-first;
* a transposition table remembers a bound on the score of positions already
  searched; its size is fixed, so memory stays bounded;
* a ``deadline`` (a ``time.perf_counter()`` value) stops the search:
  :class:`.budget.OutOfTime` is raised, carrying the columns already solved.

The search itself is :func:`.core.negamax`, compiled to machine code where numba is installed (the
same function interpreted otherwise). It takes every board whose bitboard fits 64 bits (:func:`takes`).

Public answers: :func:`outcome` (the position), :func:`column_outcomes` (every
column), :func:`best_columns` (the best outcome and the columns reaching it,
cheaper than solving every column exactly).
"""

from __future__ import annotations

import copy
import math
import os
import threading
from collections import deque
from typing import Any

from ..budget import CHECK_EVERY, Budget, OutOfTime
from ..position import Bitboard, Geometry, Position, centre_first, geometry

BOARD_BITS = 64  # the solver takes a board whose bitboard, width * (height + 1) bits, fits 64 (core's too)


def takes(geom: Geometry) -> bool:
    """Whether the solver takes positions on boards of ``geom``'s size: its bitboard (a sentinel atop each column,
    ``width * (height + 1)`` bits) fits :data:`BOARD_BITS`. 9x7, 8x8, 10x6 and larger do not."""
    return geom.width * geom.stride <= BOARD_BITS


def score_to_distance(cells: int, stones_down: int, score: int) -> int:
    """The signed distance meant by Pons' ``score`` with ``stones_down`` checkers on a board of ``cells`` cells."""
    if score == 0:
        return 0
    parity = stones_down % 2 if score > 0 else 1 - stones_down % 2  # of the winner's stones_down
    target = abs(score)
    before_win = cells + 1 - 2 * target
    if before_win % 2 != parity:
        before_win -= 1
    distance = before_win - stones_down + 1
    return distance if score > 0 else -distance


def distance_to_score(cells: int, stones_down: int, distance: int) -> int:
    """Pons' score of the signed ``distance`` with ``stones_down`` checkers on a board of ``cells`` cells."""
    if distance == 0:
        return 0
    before_win = stones_down + abs(distance) - 1
    score = (cells + 1 - before_win) // 2
    return score if distance > 0 else -score


class Solver:
    """A perfect-play searcher for one board size; it owns its transposition table and its budget.

    The table (see :mod:`.core`) holds a bound on the score of positions searched, keyed by
    :meth:`.position.Position.key`; a score depends on the position alone, so entries stay valid from one
    search to the next. ``table_size`` slots (default: the core's, :data:`.core.TABLE_SIZE` compiled; a board whose
    keys pass :data:`.core.PLAIN_KEY_BITS` needs a power of two buckets, see :func:`.core.work_array`).
    ``compiled``: whether the search runs as machine code (numba). ValueError on a board the solver does not take
    (:func:`takes`).

    ``budget.nodes`` counts the positions searched since the solver was made;
    each public answer sets ``budget.deadline`` to its ``deadline``.
    """

    def __init__(self, geom: Geometry, table_size: int | None = None) -> None:
        from . import core  # the compiler, where there is one, only now

        self.geom = geom
        self.budget = Budget()
        if not takes(geom):
            raise ValueError(f"the solver does not take {geom.width}x{geom.height} boards: more than {BOARD_BITS} bits")
        self.compiled = core.COMPILED
        self._search, self._solve = core.negamax, core.solve
        size = table_size or (core.TABLE_SIZE if self.compiled else core.SMALL_TABLE_SIZE)
        self._second: Solver | None = None  # made when first wanted (see column_outcomes)
        columns = [geom.column_masks[col] for col in centre_first(geom.width)]
        work = core.work_array(geom.width, geom.stride, geom.cells, geom.bottom, geom.full, columns, size)
        if self.compiled:
            import numpy

            self._work: Any = numpy.array(work, dtype=numpy.int64)
            self._table: Any = numpy.full(size, core.EMPTY, dtype=numpy.int64)  # every page at once: no faults later
        else:
            self._work = work
            self._table = [core.EMPTY] * size

    # -- public answers ---------------------------------------------------------

    def outcome(self, position: Position, deadline: float | None = None) -> int:
        """The signed distance of ``position`` for the side to move (see the module docstring).

        Precondition: neither side has four in a row. Raises OutOfTime after ``deadline``.
        """
        _check_not_over(position)
        self.budget.deadline = deadline
        return score_to_distance(self.geom.cells, position.moves_played, self._score(position))

    def column_outcomes(self, position: Position, deadline: float | None = None) -> list[int | None]:
        """For each column, the signed distance of playing there now (None for a full column).

        Distances count from now, so an immediate winning move is ``+1``. Columns are taken centre-first; where
        the search is compiled and the machine has two cores, a second solver, in a thread, sharing this one's
        table, takes the next one at the same time. After ``deadline`` OutOfTime is raised with the columns solved
        so far in its ``solved``.
        """
        _check_not_over(position)
        columns = deque(col for col in centre_first(self.geom.width) if position.can_play(col))
        solved: dict[int, int] = {}
        stops: list[OutOfTime] = []

        def take(solver: Solver) -> None:
            solver.budget.deadline = deadline
            while columns and not stops:
                col = columns.popleft()
                try:
                    solved[col] = solver._move_outcome(position, col)
                except OutOfTime as stop:
                    stops.append(stop)

        helper = self._helper() if len(columns) > 1 else None
        if helper is None:
            take(self)
        else:
            second = threading.Thread(target=take, args=(helper,), daemon=True)
            second.start()
            take(self)
            second.join()
        if stops:
            stops[0].solved = solved
            raise stops[0]
        return [solved.get(col) for col in range(self.geom.width)]

    def _helper(self) -> Solver | None:
        """The second solver that works beside this one (None where the search is interpreted, or on one core)."""
        if not self.compiled or (os.cpu_count() or 1) < 2:
            return None
        if self._second is None:  # its own stats and room for moves, the same table (see core)
            self._second = copy.copy(self)
            self._second.budget = Budget()
            self._second._work = self._work.copy()
        return self._second

    def best_columns(self, position: Position, deadline: float | None = None) -> tuple[int, list[int]]:
        """``(outcome, columns)``: the signed distance of ``position`` and every column that achieves it.

        Cheaper than :meth:`column_outcomes` when only the best moves matter:
        one exact solve of the position, then one null-window search per column
        ("is this move's score at least the best score?"). Raises OutOfTime
        after ``deadline``.
        """
        _check_not_over(position)
        self.budget.deadline = deadline
        columns = [col for col in centre_first(self.geom.width) if position.can_play(col)]
        wins = sorted(col for col in columns if position.is_winning_move(col))
        if wins:
            return 1, wins
        best = self._score(position)
        best_columns = [col for col in columns if self._reply_at_most(position.play(col), -best)]
        return score_to_distance(self.geom.cells, position.moves_played, best), sorted(best_columns)

    def weak_outcome(self, position: Position, deadline: float | None = None) -> int:
        """+1 if the side to move wins with best play, -1 if it loses, 0 a draw: no distance (cheaper).

        Precondition: neither side has four in a row. Raises OutOfTime after ``deadline``.
        """
        _check_not_over(position)
        self.budget.deadline = deadline
        if position.can_win_next():
            return 1
        if position.is_full():
            return 0
        n = position.moves_played
        score = self._negamax(position.stones, position.mask, n, -1, 1, position.opponent_winning_cells())
        return (score > 0) - (score < 0)

    def keeps(self, position: Position, col: int, outcome: int, deadline: float | None = None) -> bool:
        """Whether playing ``col`` (with room) keeps ``outcome``, the position's weak outcome (+1 a win, 0 a draw):
        after it the opponent loses, or (a draw) does not win. Raises OutOfTime after ``deadline``; what the
        search learnt stays in the table, so asking again later goes on from there."""
        self.budget.deadline = deadline
        if position.is_winning_move(col):
            return True
        return self._reply_at_most(position.play(col), -1 if outcome > 0 else 0)

    # -- the search -------------------------------------------------------------

    def _reply_at_most(self, after: Position, bound: int) -> bool:
        """True if the side to move in ``after`` (the opponent, after our move) scores at most ``bound``
        (Pons' score; -1: it loses, 0: it does not win)."""
        if after.is_full():
            return bound >= 0
        n = after.moves_played
        if after.can_win_next():
            return (self.geom.cells + 1 - n) // 2 <= bound
        return self._negamax(after.stones, after.mask, n, bound, bound + 1, after.opponent_winning_cells()) <= bound

    def _move_outcome(self, position: Position, col: int) -> int:
        if position.is_winning_move(col):
            return 1
        after = position.play(col)
        if after.is_full():
            return 0
        reply = score_to_distance(self.geom.cells, after.moves_played, self._score(after))
        if reply > 0:
            return -(reply + 1)
        if reply < 0:
            return 1 - reply
        return 0

    def _score(self, position: Position) -> int:
        """Pons' exact score of a position that is not over (:func:`.core.solve`: null-window bisection)."""
        return self._run(self._solve, position.stones, position.mask, position.moves_played)

    def _negamax(self, cur: Bitboard, mask: Bitboard, n: int, alpha: int, beta: int, opp_win: Bitboard) -> int:
        """:func:`.core.negamax` on this solver's table; OutOfTime once the budget's deadline has passed."""
        return self._run(self._search, cur, mask, n, alpha, beta, opp_win)

    def _run(self, search: Any, *position: int) -> int:
        """``search`` (:func:`.core.negamax` or :func:`.core.solve`) of ``position`` on this solver's table, its
        positions counted in the budget; OutOfTime once the budget's deadline has passed."""
        from .core import NODES, STOPPED

        work = self._work
        work[NODES], work[STOPPED] = self.budget.nodes, 0
        deadline = math.inf if self.budget.deadline is None else self.budget.deadline
        result = search(*position, work, self._table, deadline)
        self.budget.nodes = int(work[NODES])
        if work[STOPPED]:
            raise OutOfTime(self.budget.nodes)
        return int(result)


def _check_not_over(position: Position) -> None:
    if position.is_won() or position.is_lost():
        raise ValueError("the game is already over: a side has four in a row")


_solvers: dict[Geometry, Solver] = {}


def solver_for(geom: Geometry) -> Solver:
    """The shared solver for ``geom`` (one at a time: asking for another size replaces it, to bound memory)."""
    solver = _solvers.get(geom)
    if solver is None:
        _solvers.clear()
        solver = _solvers[geom] = Solver(geom)
    return solver


def warm_up() -> None:
    """Have the compiled search ready: loaded from numba's cache on disk, or compiled there the first time after an
    install (the AI worker does this as it starts, while the page loads, so no answer waits for it)."""
    geom = geometry(7, 6)
    searcher = solver_for(geom)
    searcher.budget.nodes = CHECK_EVERY - 1  # the first position searched reads the clock: that path is ready too
    searcher.outcome(Position.from_moves(geom, "3333334444"))


def outcome(position: Position, deadline: float | None = None) -> int:
    """The signed distance of ``position`` for the side to move (see the module docstring).

    ``+k``: it wins with its checker ``k`` plies from now; ``-k``: the opponent
    wins with its checker ``k`` plies from now; ``0``: a draw. Raises
    OutOfTime once ``deadline`` (a ``time.perf_counter()`` value) has passed.
    """
    return solver_for(position.geom).outcome(position, deadline)


def column_outcomes(position: Position, deadline: float | None = None) -> list[int | None]:
    """For each column, the signed distance of playing there now for the side to move; None if full.

    An immediate winning move is ``+1``. Raises OutOfTime (with the columns
    solved so far in ``solved``) once ``deadline`` has passed.
    """
    return solver_for(position.geom).column_outcomes(position, deadline)


def best_columns(position: Position, deadline: float | None = None) -> tuple[int, list[int]]:
    """``(outcome, columns)``: the signed distance of ``position`` and the columns that achieve it.

    Raises OutOfTime (with nothing in ``solved``) once ``deadline`` has passed.
    """
    return solver_for(position.geom).best_columns(position, deadline)
