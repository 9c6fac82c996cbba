"""Perfect play within a time budget: the opening book to 12 checkers, then the solver, and what to do when
the solver needs longer than the move may take.

:func:`column_outcomes` is each column's exact outcome (the solver's signed distance): from the opening
book (:mod:`.book`) while the position has fewer than 12 checkers on a 7x6 board, else from the
solver. :func:`choose` picks the perfect level's move, in this order, as long as time allows:

1. in the book: the columns of the best exact outcome (the fastest win, the slowest loss);
2. the solver's exact best columns (``EXACT_SHARE`` of the budget);
3. a *weak* solve (win, draw or loss: cheaper than a distance; at 12 checkers the book knows it), then
   the first column proved to keep that outcome, tried best-looking first;
4. the deepest search with the smart evaluation that finishes in the time left.

Only 4 can give away a won or drawn position; :class:`Choice` says which step answered.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

from . import book as opening_book
from . import search, solver
from .budget import OutOfTime
from .evaluate import evaluate as smart_evaluation
from .position import Position, geometry

MOVE_BUDGET = 1.8  # seconds for a whole move (the promise is 2 s)
EXACT_SHARE = 0.3  # of the budget for the exact solve before the weak one
FALLBACK_RESERVE = 0.15  # seconds kept for step 4
BOOK, EXACT, WEAK, SEARCH = "book", "exact", "weak", "search"


@dataclass(frozen=True)
class Choice:
    """The perfect level's answer: ``columns`` all equally good (the tiebreak picks one).

    ``outcome``: the exact signed distance reached (steps 1 and 2), the weak outcome +1/0/-1 (step 3), or
    None (step 4). ``how``: which step answered (``book``, ``exact``, ``weak``, ``search``).
    """

    columns: list[int]
    outcome: int | None
    how: str


@cache
def opening() -> opening_book.OpeningSearch | None:
    """The 7x6 opening search over the published book and the shallow table; None without the book."""
    published = opening_book.published()
    return None if published is None else opening_book.OpeningSearch(published, opening_book.shallow())


def _in_book(position: Position) -> opening_book.OpeningSearch | None:
    """The opening search if it answers for each column of ``position`` (fewer than 12 checkers, 7x6)."""
    found = opening()
    if found is None or position.geom != geometry(opening_book.WIDTH, opening_book.HEIGHT):
        return None
    return found if position.moves_played < opening_book.BOOK_DEPTH else None


def column_outcomes(position: Position, deadline: float | None = None) -> list[int | None]:
    """Each column's exact signed distance (None: full), from the book where it answers, else the solver.

    Precondition: nobody has four. The solver raises OutOfTime after ``deadline`` (with the columns solved).
    """
    found = _in_book(position)
    if found is not None:
        return found.column_distances(position)
    return solver.column_outcomes(position, deadline)


def outcomes_in_time(position: Position, seconds: float) -> tuple[list[int | None], bool]:
    """:func:`column_outcomes` within ``seconds``: the columns worked out in time (None for the rest and for
    full columns), and whether all were."""
    try:
        return column_outcomes(position, time.perf_counter() + seconds), True
    except OutOfTime as stop:
        return [stop.solved.get(col) for col in range(position.geom.width)], False


def best_of(outcomes: list[int | None]) -> tuple[int, list[int]]:
    """The best signed distance of ``outcomes`` (a win soonest, a loss latest) and the columns reaching it."""
    best = max((d for d in outcomes if d is not None), key=_preference)
    return best, [col for col, d in enumerate(outcomes) if d == best]


def _preference(distance: int) -> tuple[int, int]:
    """Orders outcomes as a player prefers them: wins (sooner first), draws, losses (later first)."""
    if distance > 0:
        return 2, -distance
    if distance == 0:
        return 1, 0
    return 0, -distance


def choose(position: Position, start: float | None = None, budget: float = MOVE_BUDGET) -> Choice:
    """The perfect level's move for the side to move (see the module docstring); nobody has four yet.

    ``start``: when the move began (``time.perf_counter()``); the answer comes before ``start + budget``.
    """
    start = time.perf_counter() if start is None else start
    found = _in_book(position)
    if found is not None:
        outcome, columns = best_of(found.column_distances(position))
        return Choice(columns, outcome, BOOK)
    shared = solver.solver_for(position.geom)
    end = start + budget
    try:
        outcome, columns = shared.best_columns(position, deadline=start + EXACT_SHARE * budget)
        return Choice(columns, outcome, EXACT)
    except OutOfTime:
        pass
    try:
        weak = _weak_outcome(position, shared, end - FALLBACK_RESERVE)
        if weak >= 0:
            order = _likely_first(position)
            column = next(shared.keeping_columns(position, weak, order, end - FALLBACK_RESERVE), None)
            if column is not None:
                return Choice([column], weak, WEAK)
    except OutOfTime:
        pass
    return Choice(_deepest_smart_columns(position, end), None, SEARCH)


def _weak_outcome(position: Position, shared: solver.Solver, deadline: float) -> int:
    """+1, 0 or -1; the book knows it for its 12-checker positions."""
    published = opening_book.published()
    if (
        published is not None
        and position.moves_played == opening_book.BOOK_DEPTH
        and position.geom == published.geom
        and not position.can_win_next()
    ):
        distance = published.distance(position.stones, position.mask)
        if distance is not None:
            return (distance > 0) - (distance < 0)
    return shared.weak_outcome(position, deadline)


def _likely_first(position: Position) -> list[int]:
    """The columns in the order a quick smart search likes them (the best first)."""
    scores = search.column_scores(position, 2, evaluate=smart_evaluation)
    return sorted((col for col, s in enumerate(scores) if s >= 0), key=lambda col: -scores[col])


def _deepest_smart_columns(position: Position, deadline: float) -> list[int]:
    """The best columns of the deepest smart search finished before ``deadline`` (a loss: the slowest)."""
    best = deepest_smart_scores(position, deadline)
    top = max(best)
    return [col for col, s in enumerate(best) if s == top]


def deepest_smart_scores(position: Position, deadline: float) -> list[float]:
    """Smart column scores of the deepest search finished before ``deadline`` (all 50 if none finished).

    Stops at the first ply that finds a win (the fastest one); a ply where every column loses is ignored
    in favour of the ply before (the slowest loss).
    """
    geom = position.geom
    searcher = search.new_searcher(geom, evaluate=smart_evaluation, deadline=deadline)
    best = [search.DRAW if position.can_play(col) else search.FULL_COLUMN for col in range(geom.width)]
    return deepest(searcher.deepen(position, geom.cells - position.moves_played), best)


def deepest(deepening: Iterable[tuple[int, list[float]]], best: list[float]) -> list[float]:
    """The scores of the deepest ply of ``deepening``, stopping at the first that finds a win; a ply where
    every move loses is ignored in favour of the ply before (the slowest loss). ``best``: if none finishes."""
    for _, scores in deepening:
        playable = [s for s in scores if s != search.FULL_COLUMN]
        if max(playable) <= search.LOSS:
            break
        best = scores
        if max(playable) >= search.WIN:
            break
    return best
