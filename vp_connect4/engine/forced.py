"""The seed's plain 0/50/100 scores (``scores_for``) as two yes/no questions: :class:`ForcedSearch`.

Without an evaluation every score is 0, 50 or 100 (see :mod:`.scores`), so a
score is a yes/no question twice over: 100 means "the mover can force its
four within d plies" and 0 means "the opponent can force its four within d
plies, whatever the mover does". :class:`ForcedSearch` answers those two
questions with an AND/OR search over bitboards: winning cells found by shifts,
only non-losing moves searched, a lower bound on how many checkers a side
still needs, and two transposition tables that store, per position, the
depths at which each answer is known. The answers are monotone in the depth
(a win within d plies is a win within d + 1 plies), so an entry found at one
depth settles others; fours come on the mover's odd plies and the opponent's
even ones, so depths are rounded down to the right parity, and capped at the
number of empty cells. Before searching its moves, a position looks its
children up in the tables (enhanced transposition cutoffs).
"""

from __future__ import annotations

from collections.abc import Callable

from .budget import Budget
from .position import WIN_LENGTH, Bitboard, Geometry, centre_first_moves, non_losing_moves, playable
from .scores import DRAW, LOSS, WIN, SeedSearch
from .tables import SEARCH_CAPACITY, FifoTable

ORDERING_DEPTH = 5  # from this remaining depth on, moves are sorted by the winning cells they create
NEVER = 1 << 30  # a depth beyond any board: "not at any depth"

Bounds = tuple[int, int]
"""``(deepest depth known NOT to answer yes, shallowest depth known to answer yes)``."""

Question = Callable[[Bitboard, Bitboard, int, Bitboard, Bitboard], bool]
"""``wins_within`` or ``loses_within``: ``(stones, mask, depth, mine, theirs)`` -> yes or no."""


class ForcedSearch(SeedSearch):
    """The exact 0/50/100 search for one board size; its two tables hold :data:`Bounds` per position key.

    ``capacity`` is the number of entries each table holds (see :class:`.tables.FifoTable`).
    """

    def __init__(self, geom: Geometry, budget: Budget | None = None, capacity: int = SEARCH_CAPACITY) -> None:
        super().__init__(geom, budget)
        self.wins: FifoTable[Bounds] = FifoTable(capacity)  # can the mover force a four within d?
        self.losses: FifoTable[Bounds] = FifoTable(capacity)  # can the opponent?
        self.winning_cells = geom.winning_cells

    def best_score(self, stones: Bitboard, mask: Bitboard, depth: int) -> float:
        """The seed's best score (0, 50 or 100) for the side owning ``stones``, to move, ``depth`` plies ahead.

        Precondition: nobody has won and the board is not full.
        """
        winning_cells = self.winning_cells
        mine, theirs = winning_cells(stones, mask), winning_cells(stones ^ mask, mask)
        if depth > 0 and self.wins_within(stones, mask, depth, mine, theirs):
            return WIN
        if depth > 1 and self.loses_within(stones, mask, depth, mine, theirs):
            return LOSS
        return DRAW

    def _children(
        self, moves: list[Bitboard], stones: Bitboard, mask: Bitboard, depth: int
    ) -> list[tuple[Bitboard, Bitboard]]:
        """``(move bit, the mover's winning cells after it)`` per move of ``moves`` (centre first); deep down, most
        winning cells first."""
        winning_cells = self.winning_cells
        children = [(bit, winning_cells(stones | bit, mask | bit)) for bit in moves]
        if depth >= ORDERING_DEPTH and len(children) > 1:
            children.sort(key=lambda child: child[1].bit_count(), reverse=True)  # stable: centre first among equals
        return children

    # Both questions take ``mine`` and ``theirs``: the winning cells of the mover
    # and of the opponent (kept up to date from parent to child).

    def wins_within(self, stones: Bitboard, mask: Bitboard, depth: int, mine: Bitboard, theirs: Bitboard) -> bool:
        """Can the side owning ``stones``, to move, force a four within ``depth`` plies?

        Precondition: nobody has won and the board is not full.
        """
        self.count()
        geom = self.geom
        full = geom.full
        can_move = playable(geom, mask)
        if mine & can_move:
            return True
        if depth < 3:
            return False
        depth = min(depth, (full ^ mask).bit_count())  # no game lasts longer than the empty cells
        depth -= 1 - depth % 2  # the mover completes fours on odd plies only
        moves = non_losing_moves(can_move, theirs)
        if not moves:
            return False  # the opponent wins next
        key = stones + mask
        known = self.wins.get(key)
        recalled = _recalled(known, depth)
        if recalled is not None:
            return recalled
        if not _stones_needed_at_most(stones, (full ^ mask) | stones, mine, geom.stride, (depth + 1) // 2):
            return _remembered(self.wins, key, known, depth, False)
        ordered = centre_first_moves(geom, moves)
        if self._known_win(stones ^ mask, mask, ordered, depth - 1):
            return _remembered(self.wins, key, known, depth, True)
        won = self._some_reply(self.loses_within, True, ordered, stones, mask, depth, theirs)  # the opponent loses
        return _remembered(self.wins, key, known, depth, won)

    def loses_within(self, stones: Bitboard, mask: Bitboard, depth: int, mine: Bitboard, theirs: Bitboard) -> bool:
        """Can the opponent of the side owning ``stones`` (that side to move) force its four within ``depth`` plies?

        Precondition: nobody has won and the board is not full.
        """
        if depth < 2:
            return False
        self.count()
        geom = self.geom
        full = geom.full
        can_move = playable(geom, mask)
        if mine & can_move:
            return False  # the mover wins first
        moves = non_losing_moves(can_move, theirs)
        if not moves:
            return True  # two cells to block, or every move opens one
        if depth < 4:
            return False  # a non-losing move leaves the opponent no four next ply
        depth = min(depth, (full ^ mask).bit_count())  # no game lasts longer than the empty cells
        depth -= depth % 2  # the opponent completes fours on even plies only
        key = stones + mask
        known = self.losses.get(key)
        recalled = _recalled(known, depth)
        if recalled is not None:
            return recalled
        opponent = stones ^ mask
        if not _stones_needed_at_most(opponent, (full ^ mask) | opponent, theirs, geom.stride, depth // 2):
            return _remembered(self.losses, key, known, depth, False)
        ordered = centre_first_moves(geom, moves)
        if self._known_refutation(opponent, mask, ordered, depth - 1):
            return _remembered(self.losses, key, known, depth, False)
        lost = not self._some_reply(self.wins_within, False, ordered, stones, mask, depth, theirs)  # it wins after all
        return _remembered(self.losses, key, known, depth, lost)

    def _some_reply(
        self,
        question: Question,
        answer: bool,
        moves: list[Bitboard],
        stones: Bitboard,
        mask: Bitboard,
        depth: int,
        theirs: Bitboard,
    ) -> bool:
        """Is the opponent's answer to ``question``, within the plies left (``depth - 1``), ``answer`` after one of
        ``moves`` (tried in :meth:`_children`'s order, up to the first)? After a move that fills the board the answer
        is no: nobody can win any more."""
        opponent, full = stones ^ mask, self.geom.full
        for bit, created in self._children(moves, stones, mask, depth):
            after = mask | bit
            if (after != full and question(opponent, after, depth - 1, theirs & ~bit, created)) == answer:
                return True
        return False

    def _known_win(self, opponent: Bitboard, mask: Bitboard, moves: list[Bitboard], depth: int) -> bool:
        """True if the table shows, for one of ``moves``, that the opponent loses within ``depth`` after it."""
        depth -= depth % 2  # as loses_within normalises it
        lookup, full = self.losses.get, self.geom.full
        for bit in moves:
            if mask | bit != full:
                known = lookup(opponent + (mask | bit))
                if known is not None and depth >= known[1]:
                    return True
        return False

    def _known_refutation(self, opponent: Bitboard, mask: Bitboard, moves: list[Bitboard], depth: int) -> bool:
        """True if the table shows, for one of ``moves``, that the opponent cannot win within ``depth`` after it."""
        depth -= 1 - depth % 2  # as wins_within normalises it
        lookup = self.wins.get
        for bit in moves:
            known = lookup(opponent + (mask | bit))
            if known is not None and depth <= known[0]:
                return True
        return False


def _recalled(known: Bounds | None, depth: int) -> bool | None:
    """The answer at ``depth`` that the :data:`Bounds` known so far settle (None: they do not)."""
    if known is not None:
        if depth <= known[0]:
            return False
        if depth >= known[1]:
            return True
    return None


def _remembered(table: FifoTable[Bounds], key: Bitboard, known: Bounds | None, depth: int, answer: bool) -> bool:
    """``answer`` at ``depth``, merged into the :data:`Bounds` the ``table`` holds for ``key``."""
    table.put(key, _learned(known, depth, answer))
    return answer


def _learned(known: Bounds | None, depth: int, result: bool) -> Bounds:
    """Merge one answer into the :data:`Bounds` known so far."""
    no, yes = known if known is not None else (-1, NEVER)
    if result:
        return no, min(yes, depth)
    return max(no, depth), yes


def _lines_with(stones: Bitboard, free: Bitboard, stride: int, at_least: int) -> bool:
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


def _stones_needed_at_most(stones: Bitboard, free: Bitboard, winning: Bitboard, stride: int, limit: int) -> bool:
    """True unless every four ``stones`` could still make needs more than ``limit`` more checkers.

    ``free`` are the cells not held by the other side, ``winning`` the winning cells of ``stones``.
    """
    if winning:
        return limit >= 1
    if limit <= 1:
        return False
    return _lines_with(stones, free, stride, max(0, WIN_LENGTH - limit))
