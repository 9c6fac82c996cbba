"""Static evaluation for the "smart" player: how good a position looks, without looking ahead.

``evaluate(geom, stones, mask)`` judges the position for the owner of
``stones`` and returns a score strictly between 0 and 100 (50 = even, higher
is better for that side); it never reaches the 0 and 100 that the search
keeps for positions it has proved lost or won. The side to move is the one
with fewer checkers; with as many checkers on both sides it is taken to be
the owner of ``stones``, because the seed's recursion (and so the search)
always evaluates for the side to move. When the side to move is plain from
the counts (an odd number of checkers) the evaluation is exactly symmetric::

    evaluate(geom, stones ^ mask, mask) == 100 - evaluate(geom, stones, mask)

How it works. Every feature is counted for both sides, and the evaluation is
the difference: a whole number ``raw`` (positive = good for ``stones``) that
is squashed into (0, 100) by :func:`squash`. A *window* is four cells in a
line (across, up, or along a diagonal); a window is *open* for a side if it
holds none of the opponent's checkers. A *threat* of a side is one of its
winning cells (:func:`.position.winning_cells`): an empty cell that would
complete an open window of that side, so filling it wins. The
features, each counted per checker, window or threat cell, and its weight:

* centre control: per checker, ``W_CENTRE_WINDOWS`` (3) times the number of
  windows through its cell (3 in a corner ... 13 in the middle of a 7x6
  board) plus ``W_CENTRE_COLUMN`` (1) per column it stands from the outer
  columns (0 ... 3 on a 7x6 board; this also makes the middle column the best
  on wide boards, where the window counts level off);
* open two: ``W_OPEN_TWO`` (4) per open window holding two of the side's checkers;
* open three: ``W_OPEN_THREE`` (8) per open window holding three;
* threat playable now (the cell a checker would land on in its column):
  ``W_THREAT_NOW`` (40);
* threat higher up, on a row that side can hope to get when the board fills
  up: ``W_THREAT_GOOD`` (48); on the other rows ``W_THREAT_BAD`` (16);
* stacked threats, a threat right above another threat of the same side
  (whoever blocks the lower one opens the upper one): ``W_STACKED`` (60) more.

Which rows are good follows the classic parity rule of Connect Four: when the
columns fill up, the first player tends to get the odd rows (1, 3, 5 counted
from the bottom) and the second player the even rows. The first player is the
side with more checkers, or, with as many on both sides, the side to move.

Two tactical facts that the search would otherwise need one more ply for are
scored ``W_WIN_NEXT`` (1000): the side to move can win at once, or the other
side has two playable threats and cannot be stopped.

The weights were chosen by matches of the evaluation against variants of
itself (same ply, from random four-move openings, each opening played with
both colours; 1000 games at ply 2, 400 at ply 4). Share of the decided games
won by the variant (below 50% means the feature helps):

* no row parity (good = bad = 32): 47% at ply 2, 45% at ply 4;
* no stacked threats: 47% at ply 2;
* no open twos: 48% at ply 2;
* centre windows weighing 1 instead of 3: 44% at ply 2, 44% at ply 4;
* playable threats weighing 20 instead of 40: 46% at ply 2.

Taking the owner of ``stones`` as the side to move when the counts are equal (an earlier version
averaged the two row weights there and left the tactical facts out) won 63% of the decided games
against that version at ply 2 (66 wins, 39 losses, 95 draws) and 59% at ply 4 (33-23-44), from
2-move random openings, each played with both colours.

Against the simple 0-50-100 player it wins almost every game (see
``benchmarks/match_bench.py``).

All masks are built once per board size (see :func:`_tables`), so a call is a
few hundred integer operations on any board size (about 10 microseconds on a
7x6 board).
"""

from __future__ import annotations

from dataclasses import dataclass

from .position import WIN_LENGTH, Bitboard, Geometry, playable, winning_cells

# -- weights (see the module docstring) --------------------------------------------
W_CENTRE_WINDOWS = 3
W_CENTRE_COLUMN = 1
W_OPEN_TWO = 4
W_OPEN_THREE = 8
W_THREAT_NOW = 40
W_THREAT_GOOD = 48
W_THREAT_BAD = 16
W_STACKED = 60
W_WIN_NEXT = 1000

# raw -> score: 50 + 50 * raw / (|raw| + SQUASH); raw = SQUASH gives 75.
SQUASH = 200
MAX_RAW = 10**9  # keeps the score strictly inside (0, 100) in floating point

MIDDLE = 50.0
SPAN = 50.0


@dataclass(frozen=True)
class EvalTables:
    """The masks the evaluation needs for one board size."""

    windows: tuple[tuple[int, Bitboard], ...]  # (shift, lowest cells of every window in that direction)
    centre_planes: tuple[tuple[int, Bitboard], ...]  # (2**b, the cells whose centre weight has bit b set)
    odd_rows: Bitboard  # rows 1, 3, 5, ... counted from the bottom (row index 0, 2, 4, ...)
    even_rows: Bitboard  # rows 2, 4, 6, ...


_TABLES: dict[tuple[int, int], EvalTables] = {}


def _tables(geom: Geometry) -> EvalTables:
    """The evaluation masks for ``geom``'s board size (built on first use, then cached)."""
    key = (geom.width, geom.height)
    found = _TABLES.get(key)
    if found is None:
        found = _TABLES[key] = _build_tables(geom)
    return found


def _window_starts(geom: Geometry, shift: int) -> Bitboard:
    """The lowest cell of every window of four along ``shift`` that lies wholly on the board."""
    starts = geom.full
    for k in range(1, WIN_LENGTH):
        starts &= geom.full >> (k * shift)
    return starts


def _centrality(width: int, col: int) -> int:
    """0 for the outer columns, rising by 1 per column towards the middle one (or two)."""
    return (width - 1) // 2 - abs(2 * col - (width - 1)) // 2


def _build_tables(geom: Geometry) -> EvalTables:
    windows = tuple((shift, _window_starts(geom, shift)) for shift in geom.directions)
    through: dict[int, int] = {}  # cell bit index -> number of windows through it
    for shift, starts in windows:
        for k in range(WIN_LENGTH):
            cells = starts << (k * shift)
            while cells:
                low = cells & -cells
                index = low.bit_length() - 1
                through[index] = through.get(index, 0) + 1
                cells ^= low
    planes: dict[int, Bitboard] = {}
    for index, count in through.items():
        col = index // geom.stride
        weight = W_CENTRE_WINDOWS * count + W_CENTRE_COLUMN * _centrality(geom.width, col)
        for b in range(weight.bit_length()):
            if weight >> b & 1:
                planes[1 << b] = planes.get(1 << b, 0) | (1 << index)
    odd_rows = even_rows = 0
    for col in range(geom.width):
        for row in range(geom.height):
            if row % 2 == 0:
                odd_rows |= geom.bit(col, row)
            else:
                even_rows |= geom.bit(col, row)
    return EvalTables(
        windows=windows,
        centre_planes=tuple(sorted(planes.items())),
        odd_rows=odd_rows,
        even_rows=even_rows,
    )


def squash(raw: int) -> float:
    """Map a raw difference to a score strictly inside (0, 100); ``squash(-raw) == 100 - squash(raw)`` exactly."""
    raw = max(-MAX_RAW, min(MAX_RAW, raw))
    if raw < 0:
        return 100.0 - squash(-raw)
    return MIDDLE + SPAN * raw / (raw + SQUASH)


def evaluate(geom: Geometry, stones: Bitboard, mask: Bitboard) -> float:
    """The static score of the position for the owner of ``stones``: in (0, 100), higher is better."""
    return squash(_raw_score(geom, stones, mask))


def _raw_score(geom: Geometry, stones: Bitboard, mask: Bitboard) -> int:
    """The evaluation before squashing: mine minus the opponent's, as a whole number (0 = even)."""
    t = _tables(geom)
    other = stones ^ mask
    raw = _centre(t, stones, other)
    raw += _windows(t, stones, other, mask)
    threats_mine, threats_theirs = winning_cells(geom, stones, mask), winning_cells(geom, other, mask)
    raw += _threat_score(t, threats_mine, threats_theirs, playable(geom, mask), stones, other)
    return raw


def _centre(t: EvalTables, stones: Bitboard, other: Bitboard) -> int:
    """Sum of my checkers' centre weights minus the opponent's, a bit plane of the weights at a time."""
    total = 0
    for weight, cells in t.centre_planes:
        total += weight * ((stones & cells).bit_count() - (other & cells).bit_count())
    return total


def _windows(t: EvalTables, stones: Bitboard, other: Bitboard, mask: Bitboard) -> int:
    """Weighted open twos and threes, mine minus theirs.

    Per direction, the checkers in every window are counted at once with a
    bit-sliced adder over the four shifted copies of ``mask``: in a window
    open for one side every checker is that side's, so the count of
    checkers is that side's count.
    """
    shape = 0
    for shift, starts in t.windows:
        s2, s3 = 2 * shift, 3 * shift
        m1, m2, m3 = mask >> shift, mask >> s2, mask >> s3
        open_mine = starts & ~(other | other >> shift | other >> s2 | other >> s3)
        open_theirs = starts & ~(stones | stones >> shift | stones >> s2 | stones >> s3)
        low, high = mask ^ m1, m2 ^ m3
        ones = low ^ high  # bit 0 of the count
        twos = (mask & m1) ^ (m2 & m3) ^ (low & high)  # bit 1 of the count (0 for a full window)
        two = twos & ~ones
        three = twos & ones
        shape += W_OPEN_TWO * ((open_mine & two).bit_count() - (open_theirs & two).bit_count())
        shape += W_OPEN_THREE * ((open_mine & three).bit_count() - (open_theirs & three).bit_count())
    return shape


def _threat_score(
    t: EvalTables, mine: Bitboard, theirs: Bitboard, playable: Bitboard, stones: Bitboard, other: Bitboard
) -> int:
    """Threat cells weighted by when they can be played (see the module docstring)."""
    count_mine, count_theirs = stones.bit_count(), other.bit_count()
    now_mine, now_theirs = mine & playable, theirs & playable
    later_mine, later_theirs = mine & ~playable, theirs & ~playable
    score = W_THREAT_NOW * (now_mine.bit_count() - now_theirs.bit_count())
    score += W_STACKED * ((mine & (mine << 1)).bit_count() - (theirs & (theirs << 1)).bit_count())
    to_move = count_mine <= count_theirs  # the owner of stones: fewer checkers, or as many (see above)
    i_began = count_mine >= count_theirs
    good_mine, good_theirs = (t.odd_rows, t.even_rows) if i_began else (t.even_rows, t.odd_rows)
    score += _rows_score(later_mine, good_mine) - _rows_score(later_theirs, good_theirs)
    if to_move:
        if now_mine:
            return score + W_WIN_NEXT
        if now_theirs.bit_count() >= 2:
            return score - W_WIN_NEXT
    else:
        if now_theirs:
            return score - W_WIN_NEXT
        if now_mine.bit_count() >= 2:
            return score + W_WIN_NEXT
    return score


def _rows_score(threats: Bitboard, good_rows: Bitboard) -> int:
    good = (threats & good_rows).bit_count()
    return W_THREAT_GOOD * good + W_THREAT_BAD * ((threats.bit_count()) - good)
