"""Depth-limited search that returns exactly what the seed's n-ply recursion returns.

Scores are the seed's, from the point of view of the side owning ``stones``
(treated as the side to move; whose turn it "really" is does not matter).
For each column: -1.0 if it is full, otherwise

* 100.0 if that side has already won, 0.0 if the other side has (checked in that order);
* 50.0 at ply 0 (or, with ``evaluate``, the static score of the current board);
* after the move: 100.0 if it wins, 50.0 if it fills the board (a draw),
  otherwise 100 minus the best score the opponent gives, looking ply - 1 ahead.

Without ``evaluate`` every score is 0, 50 or 100, so a score is a yes/no
question twice over: 100 means "the mover can force its four within d plies"
and 0 means "the opponent can force its four within d plies, whatever the
mover does". :class:`Searcher` answers those two questions with an AND/OR
search over bitboards: threats found by shifts, forced blocks, moves under an
enemy threat skipped, a lower bound on how many stones a side still needs,
and a transposition table that stores, per position, the depths at which each
answer is known. The answers are monotone in the depth (a win within d plies
is a win within d + 1 plies), so an entry found at one depth settles others;
fours come on the mover's odd plies and the opponent's even ones, so depths
are rounded down to the right parity, and capped at the number of empty cells.
Before searching its moves, a position looks its children up in the table
(enhanced transposition cutoffs).

With ``evaluate`` the scores are real numbers; :class:`Searcher` then runs a
negamax alpha-beta (``v -> 100 - v``) whose windows are widened by one float
step so that rounding can never change a result, with a transposition table
keyed by the exact remaining depth.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from .bitboard import WIN_LENGTH, Bitboard, Geometry, is_win

WIN, DRAW, LOSS, FULL_COLUMN = 100.0, 50.0, 0.0, -1.0
SCORE_SUM = WIN + LOSS  # negamax: my score = SCORE_SUM - opponent's best score

Evaluation = Callable[[Geometry, Bitboard, Bitboard], float]
"""``evaluate(geom, stones, mask)``: a static score of the position for the owner of ``stones``."""

TABLE_CAPACITY = 1 << 18  # entries per table (about 128 bytes each) before the table is cleared
DEADLINE_CHECK_INTERVAL = 1024  # nodes searched between two looks at the clock
ORDERING_DEPTH = 5  # from this remaining depth on, moves are sorted by the threats they create
NEVER = 1 << 30  # a depth beyond any board: "not at any depth"


class SearchTimeout(Exception):
    """Raised when a search passes its ``deadline`` (a ``time.perf_counter()`` value)."""


@dataclass
class SearchStats:
    """What the last search did: ``nodes`` is the number of positions searched."""

    nodes: int = 0


last_stats = SearchStats()
"""Statistics of the most recent :func:`column_scores` call."""


def column_scores(
    geom: Geometry,
    stones: Bitboard,
    mask: Bitboard,
    ply: int,
    evaluate: Evaluation | None = None,
    deadline: float | None = None,
    bounded: bool = True,
) -> list[float]:
    """The seed's ``scores_for``: one score per column for the side owning ``stones``, moving next.

    -1.0 full column; 100.0 a forced win within ``ply`` plies; 0.0 a forced
    loss within ``ply`` plies; 50.0 otherwise. With ``evaluate`` the seed's
    ``scores_for_tourney``: ``evaluate`` replaces 50.0 at the horizon.
    Raises :class:`SearchTimeout` once ``time.perf_counter()`` passes ``deadline``.
    ``bounded``: ``evaluate`` keeps to [0, 100] like every seed score, which
    allows faster search (a ValueError if it does not); pass False for any real scores.
    """
    searcher = Searcher(geom, evaluate=evaluate, deadline=deadline, bounded=bounded)
    try:
        return searcher.column_scores(stones, mask, ply)
    finally:
        last_stats.nodes = searcher.nodes


# -- bitboard helpers -------------------------------------------------------------


def threat_cells(stones: Bitboard, empty: Bitboard, stride: int) -> Bitboard:
    """The ``empty`` cells that would complete a four for ``stones`` (playable now or not)."""
    result = (stones << 1) & (stones << 2) & (stones << 3)  # vertical: only from below
    for shift in (stride, stride - 1, stride + 1):
        pair = (stones << shift) & (stones << 2 * shift)
        result |= pair & (stones << 3 * shift)
        result |= pair & (stones >> shift)
        pair = (stones >> shift) & (stones >> 2 * shift)
        result |= pair & (stones << shift)
        result |= pair & (stones >> 3 * shift)
    return result & empty


def threat_function(stride: int) -> Callable[[Bitboard, Bitboard], Bitboard]:
    """:func:`threat_cells` for one column stride, unrolled: ``threats(stones, empty)``."""
    h1, h2, h3 = stride, 2 * stride, 3 * stride
    d1, d2, d3 = stride - 1, 2 * (stride - 1), 3 * (stride - 1)
    u1, u2, u3 = stride + 1, 2 * (stride + 1), 3 * (stride + 1)

    def threats(s: Bitboard, empty: Bitboard) -> Bitboard:
        up, down = s << h1, s >> h1
        result = (s << 1) & (s << 2) & (s << 3) | (up & (s << h2) & ((s << h3) | down))
        result |= down & (s >> h2) & (up | (s >> h3))
        up, down = s << d1, s >> d1
        result |= up & (s << d2) & ((s << d3) | down) | down & (s >> d2) & (up | (s >> d3))
        up, down = s << u1, s >> u1
        result |= up & (s << u2) & ((s << u3) | down) | down & (s >> u2) & (up | (s >> u3))
        return result & empty

    return threats


def lines_with(stones: Bitboard, free: Bitboard, stride: int, at_least: int) -> bool:
    """True if some four cells in a row are all ``free`` and hold ``at_least`` (0, 1 or 2) of ``stones``."""
    for shift in (1, stride, stride - 1, stride + 1):
        starts = free & (free >> shift) & (free >> 2 * shift) & (free >> 3 * shift)
        if not starts:
            continue
        if at_least == 0:
            return True
        a, b = stones, stones >> shift
        c, d = stones >> 2 * shift, stones >> 3 * shift
        if at_least == 1:
            if starts & (a | b | c | d):
                return True
        elif starts & ((a & b) | (c & d) | ((a | b) & (c | d))):
            return True
    return False


def stones_needed_at_most(stones: Bitboard, free: Bitboard, threats: Bitboard, stride: int, limit: int) -> bool:
    """True unless every four ``stones`` could still make needs more than ``limit`` more stones.

    ``free`` are the cells not held by the other side, ``threats`` the cells
    that would complete a four for ``stones`` right away.
    """
    if threats:
        return limit >= 1
    if limit <= 1:
        return False
    return lines_with(stones, free, stride, max(0, WIN_LENGTH - limit))


class Searcher:
    """Exact search for one board size; owns its transposition tables and its node count.

    ``evaluate`` (optional) is the static score used at the horizon instead of
    50.0, within [0, 100] unless ``bounded`` is False; ``deadline`` a
    ``time.perf_counter()`` value after which the search raises
    :class:`SearchTimeout`. Tables can be kept across calls on the same
    searcher (entries are facts about positions, true at any later call).
    """

    def __init__(
        self,
        geom: Geometry,
        evaluate: Evaluation | None = None,
        deadline: float | None = None,
        capacity: int = TABLE_CAPACITY,
        bounded: bool = True,
    ) -> None:
        self.geom = geom
        self.evaluate = evaluate
        self.deadline = deadline
        self.capacity = capacity
        self.nodes = 0
        self._next_check = DEADLINE_CHECK_INTERVAL
        self.stride = geom.stride
        self.threats = threat_function(geom.stride)
        self.full = geom.full
        self.bottom = geom.bottom
        self.top_row = sum(geom.top_masks)  # a column is full when its top cell is taken
        centre = (geom.width - 1) / 2
        order = sorted(range(geom.width), key=lambda col: (abs(col - centre), col))
        self.order_masks = tuple(geom.column_masks[col] for col in order)
        # win_table[key] = (deepest depth known NOT to win, shallowest depth known to win); same for loss
        self.win_table: dict[int, tuple[int, int]] = {}
        self.loss_table: dict[int, tuple[int, int]] = {}
        self.value_table: dict[tuple[int, int], tuple[float, float]] = {}
        self.eval_cache: dict[int, float] = {}
        self.best_moves: dict[int, Bitboard] = {}
        self.tactics = bounded  # every evaluation lies in [0, 100]: see value()

    # -- the public question ------------------------------------------------------

    def column_scores(self, stones: Bitboard, mask: Bitboard, ply: int) -> list[float]:
        """The seed's scores for the owner of ``stones`` (see :func:`column_scores`)."""
        geom = self.geom
        scores = [FULL_COLUMN] * geom.width
        won, lost = is_win(geom, stones), is_win(geom, stones ^ mask)
        horizon = DRAW
        if not (won or lost) and ply == 0 and self.evaluate is not None and mask != self.full:
            horizon = self._static(stones, mask)
        for col in range(geom.width):
            if mask & geom.top_masks[col]:
                continue
            if won:
                scores[col] = WIN
            elif lost:
                scores[col] = LOSS
            elif ply == 0:
                scores[col] = horizon
            else:
                scores[col] = self._root_move_score(stones, mask, col, ply)
        return scores

    def deepen(self, stones: Bitboard, mask: Bitboard, max_ply: int) -> Iterator[tuple[int, list[float]]]:
        """Iterative deepening: yield ``(ply, column scores)`` for ply 0, 1, ... ``max_ply``, tables shared.

        Stops quietly when the deadline passes, so the last pair yielded is
        the deepest finished answer; the caller may also stop at any time.
        """
        for ply in range(max_ply + 1):
            try:
                scores = self.column_scores(stones, mask, ply)
            except SearchTimeout:
                return
            yield ply, scores

    def _root_move_score(self, stones: Bitboard, mask: Bitboard, col: int, ply: int) -> float:
        geom = self.geom
        bit = (mask + geom.bottom_masks[col]) & geom.column_masks[col]
        stones, mask = stones | bit, mask | bit
        self._count()
        if is_win(geom, stones):
            return WIN
        if mask == self.full:
            return DRAW
        opponent = stones ^ mask
        if self.evaluate is not None:
            return SCORE_SUM - self.value(opponent, mask, ply - 1, -math.inf, math.inf)
        return SCORE_SUM - self.simple_value(opponent, mask, ply - 1)

    def simple_value(self, stones: Bitboard, mask: Bitboard, depth: int) -> float:
        """The seed's best score (0, 50 or 100) for the side to move, owning ``stones``, ``depth`` plies ahead.

        Precondition: nobody has won and the board is not full.
        """
        empty = self.full ^ mask
        mine, theirs = self.threats(stones, empty), self.threats(stones ^ mask, empty)
        if depth > 0 and self.wins_within(stones, mask, depth, mine, theirs):
            return WIN
        if depth > 1 and self.loses_within(stones, mask, depth, mine, theirs):
            return LOSS
        return DRAW

    # -- bookkeeping --------------------------------------------------------------

    def _count(self) -> None:
        self.nodes += 1
        if self.nodes >= self._next_check:
            self._next_check = self.nodes + DEADLINE_CHECK_INTERVAL
            if self.deadline is not None and time.perf_counter() > self.deadline:
                raise SearchTimeout(f"search stopped after {self.nodes} positions")

    def _store(self, table: dict, key: object, entry: object) -> None:
        if len(table) >= self.capacity:
            table.clear()
        table[key] = entry

    def _children(self, moves: Bitboard, stones: Bitboard, mask: Bitboard, depth: int) -> list[tuple[Bitboard, int]]:
        """``(move bit, the mover's threat cells after it)`` per move: centre first; deep down, most threats first."""
        threats, full = self.threats, self.full
        children = [
            (bit, threats(stones | bit, full ^ (mask | bit)))
            for bit in [moves & column for column in self.order_masks if moves & column]
        ]
        if depth >= ORDERING_DEPTH and len(children) > 1:
            children.sort(key=lambda child: child[1].bit_count(), reverse=True)  # stable: centre first among equals
        return children

    # -- three-valued search: two yes/no questions ---------------------------------
    # Both take ``mine`` and ``theirs``: the empty cells that would complete a four
    # for the mover and for the opponent (kept up to date from parent to child).

    def wins_within(self, stones: Bitboard, mask: Bitboard, depth: int, mine: Bitboard, theirs: Bitboard) -> bool:
        """Can the side owning ``stones``, to move, force a four within ``depth`` plies?

        Precondition: nobody has won and the board is not full.
        """
        self._count()
        full = self.full
        playable = (mask + self.bottom) & full
        if mine & playable:
            return True
        if depth < 3:
            return False
        depth = min(depth, (full ^ mask).bit_count())  # no game lasts longer than the empty cells
        depth -= 1 - depth % 2  # the mover completes fours on odd plies only
        forced = theirs & playable
        if forced & (forced - 1):
            return False  # two threats to stop: the opponent wins next
        moves = (forced or playable) & ~(theirs >> 1)
        if not moves:
            return False
        key = stones + mask
        known = self.win_table.get(key)
        if known is not None:
            if depth <= known[0]:
                return False
            if depth >= known[1]:
                return True
        if not stones_needed_at_most(stones, (full ^ mask) | stones, mine, self.stride, (depth + 1) // 2):
            self._learn_win(key, known, depth, False)
            return False
        opponent = stones ^ mask
        if self._known_win(opponent, mask, moves, depth - 1):
            self._learn_win(key, known, depth, True)
            return True
        result = False
        for bit, created in self._children(moves, stones, mask, depth):
            after = mask | bit
            if after != full and self.loses_within(opponent, after, depth - 1, theirs & ~bit, created):
                result = True
                break
        self._learn_win(key, known, depth, result)
        return result

    def loses_within(self, stones: Bitboard, mask: Bitboard, depth: int, mine: Bitboard, theirs: Bitboard) -> bool:
        """Can the opponent of the side owning ``stones`` (that side to move) force its four within ``depth`` plies?

        Precondition: nobody has won and the board is not full.
        """
        if depth < 2:
            return False
        self._count()
        full = self.full
        playable = (mask + self.bottom) & full
        if mine & playable:
            return False  # the mover wins first
        forced = theirs & playable
        if forced & (forced - 1):
            return True  # two threats: one of them stays open
        moves = (forced or playable) & ~(theirs >> 1)  # the others lose at once
        if not moves:
            return True
        if depth < 4:
            return False  # a safe move leaves the opponent no four next ply
        depth = min(depth, (full ^ mask).bit_count())  # no game lasts longer than the empty cells
        depth -= depth % 2  # the opponent completes fours on even plies only
        key = stones + mask
        known = self.loss_table.get(key)
        if known is not None:
            if depth <= known[0]:
                return False
            if depth >= known[1]:
                return True
        opponent = stones ^ mask
        if not stones_needed_at_most(opponent, (full ^ mask) | opponent, theirs, self.stride, depth // 2):
            self._learn_loss(key, known, depth, False)
            return False
        if self._known_refutation(opponent, mask, moves, depth - 1):
            self._learn_loss(key, known, depth, False)
            return False
        result = True
        for bit, created in self._children(moves, stones, mask, depth):
            after = mask | bit
            if after == full or not self.wins_within(opponent, after, depth - 1, theirs & ~bit, created):
                result = False
                break
        self._learn_loss(key, known, depth, result)
        return result

    def _known_win(self, opponent: Bitboard, mask: Bitboard, moves: Bitboard, depth: int) -> bool:
        """True if the table shows, for one of ``moves``, that the opponent loses within ``depth`` after it."""
        depth -= depth % 2  # as loses_within normalises it
        table = self.loss_table
        for column in self.order_masks:
            bit = moves & column
            if bit and mask | bit != self.full:
                known = table.get(opponent + (mask | bit))
                if known is not None and depth >= known[1]:
                    return True
        return False

    def _known_refutation(self, opponent: Bitboard, mask: Bitboard, moves: Bitboard, depth: int) -> bool:
        """True if the table shows, for one of ``moves``, that the opponent cannot win within ``depth`` after it."""
        depth -= 1 - depth % 2  # as wins_within normalises it
        table = self.win_table
        for column in self.order_masks:
            bit = moves & column
            if bit:
                known = table.get(opponent + (mask | bit))
                if known is not None and depth <= known[0]:
                    return True
        return False

    def _learn_win(self, key: int, known: tuple[int, int] | None, depth: int, result: bool) -> None:
        self._store(self.win_table, key, _learned(known, depth, result))

    def _learn_loss(self, key: int, known: tuple[int, int] | None, depth: int, result: bool) -> None:
        self._store(self.loss_table, key, _learned(known, depth, result))

    # -- real-valued search: the seed's scores_for_tourney ---------------------------

    def value(self, stones: Bitboard, mask: Bitboard, depth: int, alpha: float, beta: float) -> float:
        """The best ``scores_for_tourney`` score for the side owning ``stones``, to move, ``depth`` plies ahead.

        Fail-soft alpha-beta: exact when strictly inside ``(alpha, beta)``; a
        value <= ``alpha`` is an upper bound and one >= ``beta`` a lower bound.
        Precondition: nobody has won and the board is not full.

        When every evaluation lies in [0, 100] (``bounded``, the default), so does
        every score; then an immediate win is worth exactly 100, a move under an
        enemy threat exactly 0, and only a forced block can beat 0.
        """
        self._count()
        full = self.full
        if depth == 0:
            score = self._static(stones, mask)
            if mask & self.top_row:
                return max(score, FULL_COLUMN)  # the seed's max also sees the -1.0 of a full column
            return score
        key = stones + mask
        known = self.value_table.get((key, depth))
        if known is not None:
            lower, upper = known
            if lower == upper or lower >= beta:
                return lower
            if upper <= alpha:
                return upper
        playable = (mask + self.bottom) & full
        best = FULL_COLUMN if mask & self.top_row else -math.inf
        opponent = stones ^ mask
        moves, wins_checked = playable, False
        if self.tactics:
            empty = full ^ mask
            if self.threats(stones, empty) & playable:
                return WIN
            wins_checked = True
            if depth >= 2:
                theirs = self.threats(opponent, empty)
                forced = theirs & playable
                if forced & (forced - 1):
                    return LOSS
                moves = (forced or playable) & ~(theirs >> 1)
                if moves != playable:
                    best = LOSS  # the moves left out lose at once: exactly 0.0
        best_move = 0
        for bit in self._hash_move_first(key, moves):
            after = mask | bit
            if not wins_checked and is_win(self.geom, stones | bit):
                score = WIN
            elif after == full:
                score = DRAW
            else:
                floor = max(alpha, best)
                child_alpha = math.nextafter(SCORE_SUM - beta, -math.inf)
                child_beta = math.nextafter(SCORE_SUM - floor, math.inf)
                score = SCORE_SUM - self.value(opponent, after, depth - 1, child_alpha, child_beta)
            if score > best:
                best, best_move = score, bit
                if best >= beta:
                    break
        if best_move:
            self._store(self.best_moves, key, best_move)
        if best <= alpha:
            entry = (-math.inf, best)
        elif best >= beta:
            entry = (best, math.inf)
        else:
            entry = (best, best)
        self._store(self.value_table, (key, depth), entry)
        return best

    def _hash_move_first(self, key: int, moves: Bitboard) -> list[Bitboard]:
        """The single-bit moves in ``moves``, centre first, but the best move found here before leading."""
        bits = [moves & column for column in self.order_masks if moves & column]
        hashed = self.best_moves.get(key, 0)
        if hashed & moves and bits[0] != hashed:
            bits.remove(hashed)
            bits.insert(0, hashed)
        return bits

    def _static(self, stones: Bitboard, mask: Bitboard) -> float:
        key = stones + mask
        score = self.eval_cache.get(key)
        if score is None:
            assert self.evaluate is not None
            score = self.evaluate(self.geom, stones, mask)
            if self.tactics and not LOSS <= score <= WIN:
                raise ValueError(f"evaluate returned {score!r}, outside [0, 100]: pass bounded=False")
            self._store(self.eval_cache, key, score)
        return score


def _learned(known: tuple[int, int] | None, depth: int, result: bool) -> tuple[int, int]:
    """Merge one answer into ``(deepest depth known false, shallowest depth known true)``."""
    no, yes = known if known is not None else (-1, NEVER)
    if result:
        return no, min(yes, depth)
    return max(no, depth), yes
