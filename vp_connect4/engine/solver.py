"""Perfect play: the exact game-theoretic outcome of a position, distance included.

The public answer is a **signed distance**, from the point of view of the side
owning ``stones``, who is to move:

* ``+k``: that side wins, playing its winning stone ``k`` plies from now
  (plies count both sides' moves, so ``+1`` is an immediate win; wins are odd);
* ``-k``: the opponent wins, playing its winning stone ``k`` plies from now
  (losses are even);
* ``0``: a draw with best play.

Best play means the fastest win and the slowest loss.

Inside, the search works with Pascal Pons' *score*, which orders outcomes the
way the players prefer them: with ``n`` stones on a board of ``cells`` cells, a
side that wins by dropping a stone when ``n`` stones are down scores
``(cells + 1 - n) // 2`` (the earlier, the higher), a draw scores 0, and a loss
scores minus the winner's score. On 7x6 this is the score of the published test
positions: a score ``s > 0`` means the winning stone is the winner's
``(22 - s)``-th stone of the game.

The search (:class:`Solver`) is negamax with alpha-beta over the bitboards of
:mod:`.bitboard`, driven by null-window searches that bisect the score range:

* only *non-losing* moves are searched: when the opponent threatens to win in a
  playable cell we must block it (two such threats lose at once), and we never
  play directly under a cell where the opponent would win;
* moves are tried in order of the number of winning cells ("threats") they give
  us, ties broken centre-first;
* a transposition table remembers a bound on the score of positions already
  searched (see :class:`Solver`); its size is fixed, so memory stays bounded;
* a ``deadline`` (a ``time.perf_counter()`` value) stops the search:
  :class:`SolverTimeout` is raised, carrying what is known so far.

Public answers: :func:`outcome` (the position), :func:`column_outcomes` (every
column), :func:`best_columns` (the best outcome and the columns reaching it,
cheaper than solving every column exactly).
"""

from __future__ import annotations

import time
from collections.abc import Callable

from .bitboard import Bitboard, Geometry, is_win

TABLE_SIZE = 1_048_573  # the largest prime below 2**20: slots in the transposition table
CHECK_EVERY = 1 << 10  # look at the clock once per this many positions searched

SearchFunction = Callable[[Bitboard, Bitboard, int, int, int, Bitboard], int]


class SolverTimeout(Exception):
    """The deadline passed before the search finished.

    ``solved`` maps the columns whose outcomes were already known (signed
    distances, as :func:`column_outcomes` gives them) when time ran out; it is
    empty when :func:`outcome` was interrupted.
    """

    def __init__(self, solved: dict[int, int] | None = None) -> None:
        super().__init__("the solver ran out of time")
        self.solved: dict[int, int] = dict(solved or {})


class _Interrupted(Exception):
    """Raised deep inside the search when the deadline has passed."""


def centre_first(width: int) -> list[int]:
    """The columns from the centre outwards, e.g. ``[3, 2, 4, 1, 5, 0, 6]`` for width 7."""
    return sorted(range(width), key=lambda col: (abs(2 * col - (width - 1)), col))


def winning_cells(geom: Geometry, stones: Bitboard, mask: Bitboard) -> Bitboard:
    """Every empty cell where one more stone would give ``stones`` four in a row (playable or not)."""
    s = geom.stride
    r = (stones << 1) & (stones << 2) & (stones << 3)  # vertical: only upwards
    for d in (s, s - 1, s + 1):  # horizontal and both diagonals, both ways
        pair = (stones << d) & (stones << 2 * d)
        r |= pair & (stones << 3 * d)
        r |= pair & (stones >> d)
        pair = (stones >> d) & (stones >> 2 * d)
        r |= pair & (stones << d)
        r |= pair & (stones >> 3 * d)
    return r & (geom.full ^ mask)


def preference(result: int) -> tuple[int, int]:
    """A sort key for signed distances: larger is better (fastest win first, slowest loss last)."""
    if result > 0:
        return (1, -result)
    if result < 0:
        return (-1, -result)
    return (0, 0)


def score_to_distance(cells: int, stones_down: int, score: int) -> int:
    """The signed distance meant by Pons' ``score`` with ``stones_down`` stones on a board of ``cells`` cells."""
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
    """Pons' score of the signed ``distance`` with ``stones_down`` stones on a board of ``cells`` cells."""
    if distance == 0:
        return 0
    before_win = stones_down + abs(distance) - 1
    score = (cells + 1 - before_win) // 2
    return score if distance > 0 else -score


class Solver:
    """A perfect-play searcher for one board size; it owns its transposition table and node count.

    Transposition table: ``TABLE_SIZE`` slots (a prime just below 2**20, so
    memory is bounded whatever is searched). A position's key is
    ``stones + mask``, unique for a side to move and its stones; it lives in slot
    ``key % TABLE_SIZE`` and a newer position in the same slot replaces it. The
    slot's value is a bound on the position's score: ``2 * score + 1`` for a
    lower bound (the search failed high), ``2 * score`` for an upper bound. A
    score depends on the position alone, so entries stay valid from one search
    to the next and the table is never cleared.

    ``nodes`` counts the positions searched since the solver was made (the
    caller may reset it to 0).
    """

    def __init__(self, geom: Geometry, table_size: int = TABLE_SIZE) -> None:
        self.geom = geom
        self.table_size = table_size
        self.keys: list[int] = [0] * table_size
        self.values: list[int] = [0] * table_size
        self.deadline: float | None = None
        self._count: Callable[[], int] = lambda: 0
        self._negamax = self._build_search()
        self._nodes_before = 0

    @property
    def nodes(self) -> int:
        """Positions searched since the solver was made or ``nodes`` was last set (to 0, say)."""
        return self._count() - self._nodes_before

    @nodes.setter
    def nodes(self, value: int) -> None:
        self._nodes_before = self._count() - value

    # -- public answers ---------------------------------------------------------

    def outcome(self, stones: Bitboard, mask: Bitboard, deadline: float | None = None) -> int:
        """The signed distance of the position for the side owning ``stones`` (see the module docstring).

        Precondition: neither side has four in a row. Raises SolverTimeout after ``deadline``.
        """
        _check_not_over(self.geom, stones, mask)
        self.deadline = deadline
        try:
            score = self.score(stones, mask)
        except _Interrupted:
            raise SolverTimeout() from None
        return score_to_distance(self.geom.cells, mask.bit_count(), score)

    def column_outcomes(self, stones: Bitboard, mask: Bitboard, deadline: float | None = None) -> list[int | None]:
        """For each column, the signed distance of playing there now (None for a full column).

        Distances count from now, so an immediate winning move is ``+1``.
        Columns are solved centre-first; after ``deadline`` SolverTimeout is
        raised with the columns solved so far.
        """
        geom = self.geom
        _check_not_over(geom, stones, mask)
        self.deadline = deadline
        results: list[int | None] = [None] * geom.width
        solved: dict[int, int] = {}
        for col in centre_first(geom.width):
            if mask & geom.top_masks[col]:
                continue
            try:
                solved[col] = results[col] = self._move_outcome(stones, mask, col)
            except _Interrupted:
                raise SolverTimeout(solved) from None
        return results

    def best_columns(self, stones: Bitboard, mask: Bitboard, deadline: float | None = None) -> tuple[int, list[int]]:
        """``(outcome, columns)``: the position's signed distance and every column that achieves it.

        Cheaper than :meth:`column_outcomes` when only the best moves matter:
        one exact solve of the position, then one null-window search per column
        ("is this move's score at least the best score?"). Raises SolverTimeout
        after ``deadline``.
        """
        geom = self.geom
        _check_not_over(geom, stones, mask)
        self.deadline = deadline
        cells, n = geom.cells, mask.bit_count()
        playable = [col for col in centre_first(geom.width) if not mask & geom.top_masks[col]]
        moves = {col: (mask + geom.bottom_masks[col]) & geom.column_masks[col] for col in playable}
        wins = sorted(col for col in playable if is_win(geom, stones | moves[col]))
        if wins:
            return 1, wins
        try:
            best = self.score(stones, mask)
            columns = [col for col in playable if self._reply_at_most(stones | moves[col], mask | moves[col], -best)]
        except _Interrupted:
            raise SolverTimeout() from None
        return score_to_distance(cells, n, best), sorted(columns)

    def _reply_at_most(self, mine: Bitboard, mask: Bitboard, bound: int) -> bool:
        """True if the opponent, to move after our stones ``mine``, scores at most ``bound``."""
        geom = self.geom
        n = mask.bit_count()
        if mask == geom.full:
            return bound >= 0
        theirs = mine ^ mask
        if winning_cells(geom, theirs, mask) & (mask + geom.bottom) & geom.full:
            return (geom.cells + 1 - n) // 2 <= bound
        return self._negamax(theirs, mask, n, bound, bound + 1, winning_cells(geom, mine, mask)) <= bound

    def _move_outcome(self, stones: Bitboard, mask: Bitboard, col: int) -> int:
        geom = self.geom
        move = (mask + geom.bottom_masks[col]) & geom.column_masks[col]
        if is_win(geom, stones | move):
            return 1
        mask |= move
        if mask == geom.full:
            return 0
        reply = self.outcome_after((stones | move) ^ mask, mask)
        if reply > 0:
            return -(reply + 1)
        if reply < 0:
            return 1 - reply
        return 0

    def outcome_after(self, stones: Bitboard, mask: Bitboard) -> int:
        """Like :meth:`outcome` without the checks and the deadline reset (used inside one search)."""
        return score_to_distance(self.geom.cells, mask.bit_count(), self.score(stones, mask))

    # -- the search -------------------------------------------------------------

    def score(self, stones: Bitboard, mask: Bitboard) -> int:
        """Pons' exact score of a position that is not over, found by null-window bisection.

        Each null-window search ``negamax(med, med + 1)`` tells whether the score is
        above ``med``; the bracket is first split near zero, so draws and long
        games are recognised quickly.
        """
        geom = self.geom
        cells, n = geom.cells, mask.bit_count()
        if n >= cells:
            return 0
        possible = (mask + geom.bottom) & geom.full
        if winning_cells(geom, stones, mask) & possible:
            return (cells + 1 - n) // 2
        opp_win = winning_cells(geom, stones ^ mask, mask)
        low, high = -((cells - n) // 2), (cells + 1 - n) // 2
        while low < high:
            med = low + (high - low) // 2
            if med <= 0 and _half(low) < med:
                med = _half(low)
            elif med >= 0 and _half(high) > med:
                med = _half(high)
            result = self._negamax(stones, mask, n, med, med + 1, opp_win)
            if result <= med:
                high = result
            else:
                low = result
        return low

    def _build_search(self) -> SearchFunction:
        """The negamax function, specialised to this board with every constant a local name (it is the hot path)."""
        geom = self.geom
        cells, full, bottom = geom.cells, geom.full, geom.bottom
        h1, d1, e1 = geom.stride, geom.stride - 1, geom.stride + 1  # horizontal and diagonal shifts
        h2, d2, e2, h3, d3, e3 = 2 * h1, 2 * d1, 2 * e1, 3 * h1, 3 * d1, 3 * e1
        width_rank = geom.width + 1
        order = tuple(  # column masks, centre first, each with its rank for breaking ties in the move order
            (geom.column_masks[col], geom.width - i) for i, col in enumerate(centre_first(geom.width))
        )
        keys, values, size = self.keys, self.values, self.table_size
        check = CHECK_EVERY - 1
        clock = time.perf_counter
        solver = self
        nodes = 0

        def negamax(cur: int, mask: int, n: int, alpha: int, beta: int, opp_win: int) -> int:
            """Pons' score of the position, or a bound on it outside ``(alpha, beta)``.

            ``cur`` are the stones of the side to move, which cannot win at once;
            ``opp_win`` the empty cells that would complete four in a row for the opponent.
            """
            nonlocal nodes
            nodes += 1
            if not nodes & check and solver.deadline is not None and clock() > solver.deadline:
                raise _Interrupted
            possible = (mask + bottom) & full
            forced = possible & opp_win
            if forced:
                if forced & (forced - 1):
                    return -((cells - n) >> 1)  # two threats: the opponent wins next move
                possible = forced
            moves = possible & ~(opp_win >> 1)
            if not moves:
                return -((cells - n) >> 1)
            if n >= cells - 2:
                return 0
            low = -((cells - 2 - n) >> 1)
            if alpha < low:
                alpha = low
                if alpha >= beta:
                    return alpha
            high = (cells - 1 - n) >> 1
            key = cur + mask
            slot = key % size
            if keys[slot] == key:
                bound = values[slot]
                if bound & 1:
                    bound >>= 1
                    if alpha < bound:
                        alpha = bound
                        if alpha >= beta:
                            return alpha
                elif bound >> 1 < high:
                    high = bound >> 1
            if beta > high:
                beta = high
                if alpha >= beta:
                    return beta

            children = []
            for col_mask, rank in order:
                move = moves & col_mask
                if move:
                    p = cur | move
                    # the empty cells where p would complete four in a row (winning_cells, inlined)
                    r = (p << 1) & (p << 2) & (p << 3)
                    a, b = p << h1, p >> h1
                    r |= (a & (p << h2)) & ((p << h3) | b) | (b & (p >> h2)) & (a | (p >> h3))
                    a, b = p << d1, p >> d1
                    r |= (a & (p << d2)) & ((p << d3) | b) | (b & (p >> d2)) & (a | (p >> d3))
                    a, b = p << e1, p >> e1
                    r |= (a & (p << e2)) & ((p << e3) | b) | (b & (p >> e2)) & (a | (p >> e3))
                    r &= full ^ (mask | move)
                    children.append((r.bit_count() * width_rank + rank, move, r))
            if len(children) > 1:
                children.sort(reverse=True)
            opp = cur ^ mask
            n += 1
            for _, move, threats in children:
                score = -negamax(opp, mask | move, n, -beta, -alpha, threats)
                if score >= beta:
                    keys[slot] = key
                    values[slot] = 2 * score + 1
                    return score
                if score > alpha:
                    alpha = score
            keys[slot] = key
            values[slot] = 2 * alpha
            return alpha

        def count() -> int:
            return nodes

        self._count = count
        return negamax


def _half(x: int) -> int:
    """``x / 2`` rounded towards zero (C's integer division, as in Pons' bisection)."""
    return -(-x // 2) if x < 0 else x // 2


def _check_not_over(geom: Geometry, stones: Bitboard, mask: Bitboard) -> None:
    if is_win(geom, stones) or is_win(geom, stones ^ mask):
        raise ValueError("the game is already over: a side has four in a row")


_solvers: dict[Geometry, Solver] = {}


def solver_for(geom: Geometry) -> Solver:
    """The shared solver for ``geom`` (one at a time: asking for another size replaces it, to bound memory)."""
    solver = _solvers.get(geom)
    if solver is None:
        _solvers.clear()
        solver = _solvers[geom] = Solver(geom)
    return solver


def outcome(geom: Geometry, stones: Bitboard, mask: Bitboard, deadline: float | None = None) -> int:
    """The signed distance of the position for the side owning ``stones``, to move (see the module docstring).

    ``+k``: it wins with its stone ``k`` plies from now; ``-k``: the opponent
    wins with its stone ``k`` plies from now; ``0``: a draw. Raises
    SolverTimeout once ``deadline`` (a ``time.perf_counter()`` value) has passed.
    """
    return solver_for(geom).outcome(stones, mask, deadline)


def column_outcomes(
    geom: Geometry, stones: Bitboard, mask: Bitboard, deadline: float | None = None
) -> list[int | None]:
    """For each column, the signed distance of playing there now for the owner of ``stones``; None if full.

    An immediate winning move is ``+1``. Raises SolverTimeout (with the columns
    solved so far in ``solved``) once ``deadline`` has passed.
    """
    return solver_for(geom).column_outcomes(stones, mask, deadline)


def best_columns(
    geom: Geometry, stones: Bitboard, mask: Bitboard, deadline: float | None = None
) -> tuple[int, list[int]]:
    """``(outcome, columns)``: the signed distance of the position and the columns that achieve it.

    Raises SolverTimeout (with nothing in ``solved``) once ``deadline`` has passed.
    """
    return solver_for(geom).best_columns(stones, mask, deadline)
