"""A Connect Four position as two Python integers, for boards of any size.

Bit layout (Pascal Pons' layout, shown for 7 columns x 6 rows): each column
holds ``height`` cells plus one always-empty sentinel bit on top, so that
shifts never carry a four-in-a-row from one column into the next::

      .  .  .  .  .  .  .     <- sentinel row (never set)
      5 12 19 26 33 40 47
      4 11 18 25 32 39 46
      3 10 17 24 31 38 45
      2  9 16 23 30 37 44
      1  8 15 22 29 36 43
      0  7 14 21 28 35 42     <- bottom row

bit index = col * (height + 1) + row, row 0 at the bottom.

A position is ``(stones, mask)`` for one side: ``stones`` are that side's
checkers and ``mask`` all checkers. The other side's checkers are
``stones ^ mask``. Python ints are unbounded, so any board size works.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

Bitboard = int

WIN_LENGTH = 4


@dataclass(frozen=True)
class Geometry:
    """Masks for one board size, built once (see :func:`geometry`)."""

    width: int
    height: int
    stride: int = field(init=False)
    bottom: Bitboard = field(init=False)  # the bottom cell of every column
    full: Bitboard = field(init=False)  # every playable cell
    column_masks: tuple[Bitboard, ...] = field(init=False)
    bottom_masks: tuple[Bitboard, ...] = field(init=False)
    top_masks: tuple[Bitboard, ...] = field(init=False)  # the top playable cell of each column
    directions: tuple[int, ...] = field(init=False)  # shifts: vertical, horizontal, two diagonals

    def __post_init__(self) -> None:
        stride = self.height + 1
        column_bits = (1 << self.height) - 1
        columns = tuple(column_bits << (c * stride) for c in range(self.width))
        bottoms = tuple(1 << (c * stride) for c in range(self.width))
        tops = tuple(1 << (self.height - 1 + c * stride) for c in range(self.width))
        set_ = object.__setattr__
        set_(self, "stride", stride)
        set_(self, "column_masks", columns)
        set_(self, "bottom_masks", bottoms)
        set_(self, "top_masks", tops)
        set_(self, "bottom", sum(bottoms))
        set_(self, "full", sum(columns))
        set_(self, "directions", (1, stride, stride - 1, stride + 1))

    @property
    def cells(self) -> int:
        return self.width * self.height

    def bit(self, col: int, row: int) -> Bitboard:
        """The bit of the cell in ``col`` at ``row`` counted from the bottom."""
        return 1 << (col * self.stride + row)


@cache
def geometry(width: int, height: int) -> Geometry:
    """The masks for a ``width`` x ``height`` board (cached: built once per size)."""
    if width < 1 or height < 1:
        raise ValueError(f"board size must be at least 1x1, got {width}x{height}")
    return Geometry(width, height)


def can_play(geom: Geometry, mask: Bitboard, col: int) -> bool:
    """True if ``col`` (assumed on the board) has room."""
    return not mask & geom.top_masks[col]


def move_bit(geom: Geometry, mask: Bitboard, col: int) -> Bitboard:
    """The bit a checker dropped into ``col`` lands on. Precondition: ``can_play``."""
    return (mask + geom.bottom_masks[col]) & geom.column_masks[col]


def is_win(geom: Geometry, stones: Bitboard) -> bool:
    """True if ``stones`` hold four in a row in any direction (found by shifts)."""
    for shift in geom.directions:
        pairs = stones & (stones >> shift)
        if pairs & (pairs >> (2 * shift)):
            return True
    return False


def winning_bits(geom: Geometry, stones: Bitboard) -> Bitboard:
    """Every cell of ``stones`` that belongs to some four in a row (0 if none)."""
    result = 0
    for shift in geom.directions:
        pairs = stones & (stones >> shift)
        starts = pairs & (pairs >> (2 * shift))  # lowest cell of each run of four
        for k in range(WIN_LENGTH):
            result |= starts << (k * shift)
    return result


def from_columns(geom: Geometry, columns: list[str], me: str) -> tuple[Bitboard, Bitboard]:
    """``(stones of me, mask)`` from column strings listed bottom-up, e.g. ``['XO', '', 'X']``."""
    stones = mask = 0
    for col, cells in enumerate(columns):
        for row, ch in enumerate(cells):
            bit = geom.bit(col, row)
            mask |= bit
            if ch == me:
                stones |= bit
    return stones, mask


def popcount(bits: Bitboard) -> int:
    return bits.bit_count()
