"""Perfect play within a time budget: the opening book to 12 checkers, then the solver, and what to do when
the solver needs longer than the move may take.

:func:`column_outcomes` is each column's exact outcome (the solver's signed distance): from the opening
book (:mod:`.book`) while the position has fewer than 12 checkers on a 7x6 board, else from the
solver. :func:`choose` picks the perfect level's move, in this order, as long as time allows:

1. in the book: the columns of the best exact outcome (the fastest win, the slowest loss);
2. from ``EXACT_FIRST_FROM`` checkers on, the solver's exact best columns (``EXACT_SHARE`` of the budget);
3. a *weak* solve (win, draw or loss: cheaper than a distance), then the first column proved to keep that
   outcome, tried best-looking first. At the book's edge (12 checkers) the book knows the outcome and rules
   out columns that cannot keep it (:func:`_book_edge`); when one column is left, no proof is needed. Just past
   the edge (13 checkers) the book's parents give the least outcome O has (:func:`_past_edge`), and a short
   try looks for more (the opponent's last move may have been a mistake);
4. the deepest search with the smart evaluation that finishes in the time left.

Only 4 can give away a won or drawn position; :class:`Choice` says which step answered.
"""

from __future__ import annotations

import contextlib
import time
from dataclasses import dataclass
from functools import cache

from .. import search
from ..budget import OutOfTime
from ..evaluate import evaluate as smart_evaluation
from ..position import Geometry, Position, geometry
from ..scores import deepest
from . import book as opening_book
from . import solver

MOVE_BUDGET = 0.9  # seconds for a whole move (the promise is 1 s: the last search may overrun a little)
EXACT_SHARE = 0.5  # of the budget for the exact solve before the weak one
PREPARE_FROM = 6  # checkers before the book's edge: book moves from there prepare the edge's moves ahead of time
FIRST_SLICE = 0.1  # seconds the likeliest candidate's proof gets in the first round (then twice as long each round)
EXACT_FIRST_FROM = 12  # checkers: from here on an exact solve is tried first (the compiled solver is quick there)
FALLBACK_RESERVE = 0.2  # seconds kept for step 4
BETTER_SLICE = 0.3  # seconds spent, just past the book's edge, looking for more than the book's bound promises
BOOK, EXACT, WEAK, SEARCH = "book", "exact", "weak", "search"
SMALL_BOARD = 25  # cells: the solver works out such an empty board within a move's time (4x6, 6x4, 5x5: 0.1-0.2 s)


def reaches(geom: Geometry) -> bool:
    """Whether perfect play is within reach on boards of ``geom``'s size from the first move: the opening book's
    7x6, or a board small enough for the solver; elsewhere :func:`choose` is exact only late in the game."""
    return geom == geometry(opening_book.WIDTH, opening_book.HEIGHT) or geom.cells <= SMALL_BOARD


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
    """The opening search if it answers for each column of ``position`` (fewer than 12 checkers, 7x6; the book is
    read only then)."""
    if position.moves_played >= opening_book.BOOK_DEPTH or position.geom != geometry(
        opening_book.WIDTH, opening_book.HEIGHT
    ):
        return None
    return opening()


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
    shared = solver.solver_for(position.geom)
    end = start + budget
    found = _in_book(position)
    if found is not None:
        outcome, columns = best_of(found.column_distances(position))
        if position.moves_played >= opening_book.BOOK_DEPTH - PREPARE_FROM:  # one of them; prepare what follows
            columns = columns[:1]
            for edge in _edges_ahead(found, position.play(columns[0])):
                _prepare_edge(edge, shared, end)
        return Choice(columns, outcome, BOOK)
    prepared = _prepared.get(position.key())
    if prepared is not None:  # worked out while the moves before it were played
        return _thinking_ahead(Choice([prepared], None, BOOK), position, shared, end)
    if position.moves_played >= EXACT_FIRST_FROM:  # late in the game an exact solve is quick
        try:
            outcome, columns = shared.best_columns(position, deadline=start + EXACT_SHARE * budget)
            return Choice(columns, outcome, EXACT)
        except OutOfTime:
            pass
    refuted: set[int] = set()  # columns proved not to keep the outcome
    candidates: list[int] = []
    try:
        weak, candidates = _book_edge(position)
        if weak is None:
            weak, candidates = _past_edge(position)
            if weak is not None and weak < 1:  # the least we have: the opponent's last move may have given more
                slice_end = min(end - FALLBACK_RESERVE, time.perf_counter() + BETTER_SLICE)
                better = _first_keeping(position, weak + 1, candidates, shared, slice_end, set())
                if better is not None:
                    return Choice([better], weak + 1, WEAK)
        if weak is None:
            weak, candidates = shared.weak_outcome(position, end - FALLBACK_RESERVE), _likely_first(position)
        if weak < 0:
            candidates = []  # lost: every column keeps that; the search below defends longest
        elif len(candidates) == 1:  # the book ruled out every other column: this one keeps the outcome
            return _thinking_ahead(Choice(candidates, weak, BOOK), position, shared, end)
        column = _first_keeping(position, weak, candidates, shared, end - FALLBACK_RESERVE, refuted)
        if column is not None:  # its proof went through the opponent's answers: the table is warm
            return Choice([column], weak, WEAK)
    except OutOfTime:
        pass
    allowed = [col for col in candidates if col not in refuted] or None  # only these may still keep it
    return Choice(_deepest_smart_columns(position, end, allowed), None, SEARCH)


_prepared: dict[int, int] = {}  # position key -> a column proved to keep its outcome (found ahead of time)


def _edges_ahead(found: opening_book.OpeningSearch, after: Position) -> list[Position]:
    """Our first positions past the book (12 checkers when we are X, 13 when we are O) that follow ``after``
    (our move, in the book) when the opponent plays its best answers (the book knows them; at the edge, X's
    answers that the parents' bounds do not rule out) and we play as :func:`choose` does (its first best
    column), nearest first."""
    if after.is_lost() or after.is_full():  # our move won, or filled the board: nothing follows
        return []
    if after.moves_played >= opening_book.BOOK_DEPTH:  # the opponent (X) moves at the edge: we move past it
        if after.moves_played > opening_book.BOOK_DEPTH:
            return []
        return [after.play(col) for col in _best_answers(after)]
    answers = found.column_distances(after)
    if all(d is None for d in answers) or 1 in answers:
        return []  # over, or the opponent wins at once
    _, best = best_of(answers)
    edges = []
    for answer in best:
        reply = after.play(answer)
        if reply.moves_played >= opening_book.BOOK_DEPTH:  # we (X) move at the edge
            if reply.moves_played == opening_book.BOOK_DEPTH and not reply.can_win_next():
                edges.append(reply)
            continue
        ours = found.column_distances(reply)
        if any(d is not None for d in ours):
            edges += _edges_ahead(found, reply.play(best_of(ours)[1][0]))
    return edges


def _prepare_edge(edge: Position, shared: solver.Solver, end: float) -> None:
    """Find a column that keeps the outcome at ``edge`` (12 checkers, our move) before its time, with the time
    left of a book move: that move is ready when its position comes, and the solver's table is warm."""
    if edge.key() in _prepared or time.perf_counter() >= end:
        return
    weak, candidates = _book_edge(edge)
    if weak is None:
        weak, candidates = _past_edge(edge)
    if weak is None or weak < 0:
        return
    column = candidates[0] if len(candidates) == 1 else _first_keeping(edge, weak, candidates, shared, end, set())
    if column is not None:
        _prepared[edge.key()] = column


def _first_keeping(
    position: Position, weak: int, candidates: list[int], shared: solver.Solver, deadline: float, refuted: set[int]
) -> int | None:
    """The first of ``candidates`` proved to keep ``weak`` before ``deadline`` (None if none was), adding those
    proved not to to ``refuted``. The proofs take turns, in slices of time that double each round, the likeliest
    candidate's the longest (each next one half as long, down to an eighth): a quick proof is not kept waiting
    behind a slow one, and what a cut-short proof learnt stays in the solver's table for its next turn."""
    pending = [col for col in candidates if col not in refuted]
    share = FIRST_SLICE
    while pending:
        for rank, col in enumerate(list(pending)):
            now = time.perf_counter()
            if now >= deadline:
                return None
            try:
                keeps = shared.keeps(position, col, weak, min(now + share / 2 ** min(rank, 3), deadline))
            except OutOfTime:
                continue
            if keeps:
                return col
            pending.remove(col)
            refuted.add(col)
        share *= 2
    return None


def _thinking_ahead(choice: Choice, position: Position, shared: solver.Solver, end: float) -> Choice:
    """Spend the rest of the move's time solving the position after ``choice``'s column (a column the book
    found without a search): what the solver learns stays in its table, so the next move, one of the
    opponent's answers later and the first beyond the book, starts warm."""
    following = position.play(choice.columns[0])
    if not (following.is_lost() or following.is_full()):
        with contextlib.suppress(OutOfTime):
            shared.weak_outcome(following, end)
    return choice


def _book_edge(position: Position) -> tuple[int | None, list[int]]:
    """At the book's edge (12 checkers, X to move: the book holds the position, not what follows): the
    position's weak outcome, and the columns that may keep it, likeliest first; ``(None, [])`` elsewhere.

    A column's position (13 checkers) has other parents in the book: the 12-checker positions without one of
    X's top checkers. X's outcome after the column is at most the worst of those parents' outcomes (from each,
    X could have made this very move), so a column whose parents say less than the position's outcome cannot
    keep it. At least one column keeps it: if one is left, it is the one.
    """
    published = opening_book.published()
    if (
        published is None
        or position.geom != published.geom
        or position.moves_played != opening_book.BOOK_DEPTH
        or position.can_win_next()
    ):
        return None, []
    distance = published.distance(position.stones, position.mask)
    if distance is None:
        return None, []
    weak = _sign(distance)
    bounds = _column_bounds(published, position)
    return weak, [col for col, bound in bounds.items() if _sign(bound) >= weak]


def _best_answers(position: Position) -> list[int]:
    """X's columns at the book's edge (12 checkers, X to move) that may be X's best (the fastest win, the slowest
    loss), likeliest first: those whose parents' bound reaches the position's distance."""
    published = opening_book.published()
    distance = None if published is None else published.distance(position.stones, position.mask)
    if published is None or distance is None or position.can_win_next():
        return []
    bounds = _column_bounds(published, position)
    return [col for col, bound in bounds.items() if _preference(bound) >= _preference(distance)]


def _column_bounds(published: opening_book.PublishedBook, position: Position) -> dict[int, int]:
    """Each column's parents' bound (:func:`_parents_bound`) at the book's edge, the best bound first (the
    likeliest first among equals); a column after which O wins at once is left out."""
    bounds = {}
    for col in _likely_first(position):
        following = position.play(col)
        if not following.can_win_next():  # else O wins at once: a loss for X
            bounds[col] = _parents_bound(published, following)
    return dict(sorted(bounds.items(), key=lambda item: _preference(item[1]), reverse=True))  # a stable sort


def _past_edge(position: Position) -> tuple[int | None, list[int]]:
    """Just past the book's edge (13 checkers, O to move): the least weak outcome O has (exact when X's last
    move was one of its best), from the book's 12-checker parents, and all the columns, likeliest first;
    ``(None, [])`` elsewhere."""
    published = opening_book.published()
    if (
        published is None
        or position.geom != published.geom
        or position.moves_played != opening_book.BOOK_DEPTH + 1
        or position.can_win_next()
    ):
        return None, []
    bound = _parents_bound(published, position)
    if bound == 1:  # no parent in the book (X cannot win in 1 here: O moves): no bound
        return None, []
    return -_sign(bound), _likely_first(position)


def _parents_bound(published: opening_book.PublishedBook, following: Position) -> int:
    """The best signed distance X can have in ``following`` (13 checkers, O to move): the worst of its parents'
    in the book (a win in 1 where no parent is in the book)."""
    geom = following.geom
    x_checkers = following.stones ^ following.mask
    bound = 1
    for col in range(geom.width):
        column = (following.mask >> (col * geom.stride)) & ((1 << geom.stride) - 1)
        if not column:
            continue
        top = 1 << (col * geom.stride + column.bit_length() - 1)
        if not x_checkers & top:
            continue  # O's checker on top: not a move X could have made last
        parent = Position(geom, x_checkers ^ top, following.mask ^ top)  # X to move
        if parent.is_won() or parent.is_lost() or parent.can_win_next():
            continue  # not in the book (X wins at once there): no bound from it
        distance = published.distance(parent.stones, parent.mask)
        if distance is not None and _preference(distance) < _preference(bound):
            bound = distance
    return bound


def _sign(distance: int) -> int:
    return (distance > 0) - (distance < 0)


def _likely_first(position: Position) -> list[int]:
    """The columns in the order a quick smart search likes them (the best first)."""
    scores = search.column_scores(position, 2, evaluate=smart_evaluation)
    return sorted((col for col, s in enumerate(scores) if s >= 0), key=lambda col: -scores[col])


def _deepest_smart_columns(position: Position, deadline: float, allowed: list[int] | None = None) -> list[int]:
    """The best columns of the deepest smart search finished before ``deadline`` (a loss: the slowest), among
    ``allowed`` if given (the columns not ruled out)."""
    best = deepest_smart_scores(position, deadline)
    if allowed is not None:
        best = [score if col in allowed else search.FULL_COLUMN for col, score in enumerate(best)]
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
