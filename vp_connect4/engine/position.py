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

A position is ``(stones, mask)``: ``stones`` are the checkers of the side to
move (or, for a question about one side, of that side) and ``mask`` all
checkers; the other side's checkers are ``stones ^ mask``. Python ints are
unbounded, so any board size works.

The vocabulary, one meaning per name:

* *playable cells*: where a checker dropped into each column with room lands (:func:`playable`);
* *move bit*: the playable cell of one column (:func:`move_bit`);
* *four cells*: the cells of finished fours in a row (:func:`four_cells`; :func:`has_four`);
* *winning cells*: the empty cells that would complete a four, playable now or not (:func:`winning_cells`);
* *non-losing moves*: the playable cells worth searching (:func:`non_losing_moves`);
* *centre first*: the one move ordering (:func:`centre_first`, :func:`centre_first_moves`);
* *key*: ``stones + mask``, a number unique to the position on its board size
  (Pons' key; :meth:`Position.key`). Like ``stones ^ mask`` for the other
  side's checkers, hot loops write it out.

The functions take plain ints, for the searches' hot loops; :class:`Position`
wraps them for the searches' entry points.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cache
from random import Random

Bitboard = int

WIN_LENGTH = 4


@dataclass(frozen=True)
class Geometry:
    """Masks for one board size, built once (see :func:`geometry`).

    ``winning_cells(stones, mask)`` is :func:`winning_cells` for this size with
    every shift a constant: hot loops bind it to a local name.
    """

    width: int
    height: int
    stride: int = field(init=False)
    bottom: Bitboard = field(init=False)  # the bottom cell of every column
    full: Bitboard = field(init=False)  # every playable cell
    column_masks: tuple[Bitboard, ...] = field(init=False)
    bottom_masks: tuple[Bitboard, ...] = field(init=False)
    top_masks: tuple[Bitboard, ...] = field(init=False)  # the top playable cell of each column
    top_row: Bitboard = field(init=False)  # a column is full when its cell here is taken
    centre_first_masks: tuple[Bitboard, ...] = field(init=False)  # column masks in the order of centre_first
    directions: tuple[int, ...] = field(init=False)  # shifts: vertical, horizontal, two diagonals
    winning_cells: Callable[[Bitboard, Bitboard], Bitboard] = field(init=False, compare=False, repr=False)

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
        set_(self, "top_row", sum(tops))
        set_(self, "bottom", sum(bottoms))
        set_(self, "full", sum(columns))
        set_(self, "directions", (1, stride, stride - 1, stride + 1))
        set_(self, "centre_first_masks", tuple(columns[col] for col in centre_first(self.width)))
        set_(self, "winning_cells", _winning_cells_function(stride, self.full))

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


# -- the primitives ----------------------------------------------------------------


def can_play(geom: Geometry, mask: Bitboard, col: int) -> bool:
    """True if ``col`` (assumed on the board) has room."""
    return not mask & geom.top_masks[col]


def move_bit(geom: Geometry, mask: Bitboard, col: int) -> Bitboard:
    """The cell a checker dropped into ``col`` lands on. Precondition: ``can_play``."""
    return (mask + geom.bottom_masks[col]) & geom.column_masks[col]


def playable(geom: Geometry, mask: Bitboard) -> Bitboard:
    """The move bit of every column with room (adding the bottom row carries up to the first empty cell)."""
    return (mask + geom.bottom) & geom.full


def winning_cells(geom: Geometry, stones: Bitboard, mask: Bitboard) -> Bitboard:
    """Every empty cell where one more checker would give ``stones`` four in a row (playable now or not).

    Assumes checkers stand on each other (no empty cell under a checker): a
    vertical four is completed only at its top.
    """
    return geom.winning_cells(stones, mask)


def _winning_cells_function(stride: int, full: Bitboard) -> Callable[[Bitboard, Bitboard], Bitboard]:
    """The single definition of :func:`winning_cells`, unrolled for one column ``stride`` (built once per size)."""
    h1, h2, h3 = stride, 2 * stride, 3 * stride  # horizontal
    d1, d2, d3 = stride - 1, 2 * (stride - 1), 3 * (stride - 1)  # one diagonal
    u1, u2, u3 = stride + 1, 2 * (stride + 1), 3 * (stride + 1)  # the other

    def winning_cells(s: Bitboard, mask: Bitboard) -> Bitboard:
        # per direction: three in a row before the cell, two before and one after, and the mirror images
        up, down = s << h1, s >> h1
        result = (s << 1) & (s << 2) & (s << 3) | (up & (s << h2) & ((s << h3) | down))
        result |= down & (s >> h2) & (up | (s >> h3))
        up, down = s << d1, s >> d1
        result |= up & (s << d2) & ((s << d3) | down) | down & (s >> d2) & (up | (s >> d3))
        up, down = s << u1, s >> u1
        result |= up & (s << u2) & ((s << u3) | down) | down & (s >> u2) & (up | (s >> u3))
        return result & (full ^ mask)

    return winning_cells


def four_cells(geom: Geometry, stones: Bitboard) -> Bitboard:
    """Every cell of ``stones`` that belongs to some finished four in a row (0 if none)."""
    result = 0
    for shift in geom.directions:
        pairs = stones & (stones >> shift)
        starts = pairs & (pairs >> (2 * shift))  # lowest cell of each run of four
        for k in range(WIN_LENGTH):
            result |= starts << (k * shift)
    return result


def has_four(geom: Geometry, stones: Bitboard) -> bool:
    """True if ``stones`` hold a finished four in a row in any direction."""
    for shift in geom.directions:
        pairs = stones & (stones >> shift)
        if pairs & (pairs >> (2 * shift)):
            return True
    return False


def non_losing_moves(playable: Bitboard, their_winning_cells: Bitboard) -> Bitboard:
    """The moves among ``playable`` that do not lose at once (Pons' ``possibleNonLosingMoves``).

    When the opponent could win in a playable cell, that cell is the only
    move (two such cells: no move, the opponent wins next); and never play
    directly under a cell where the opponent would win. 0 means every move
    loses at once. Precondition: the side to move cannot win at once.
    """
    forced = playable & their_winning_cells
    if forced:
        if forced & (forced - 1):
            return 0
        playable = forced
    return playable & ~(their_winning_cells >> 1)


@cache
def centre_first(width: int) -> tuple[int, ...]:
    """The move ordering: columns from the centre outwards, left first, e.g. ``(3, 2, 4, 1, 5, 0, 6)``."""
    return tuple(sorted(range(width), key=lambda col: (abs(2 * col - (width - 1)), col)))


def centre_first_moves(geom: Geometry, moves: Bitboard) -> list[Bitboard]:
    """The move bits in ``moves`` (at most one per column) one by one, in :func:`centre_first` order."""
    return [moves & column for column in geom.centre_first_masks if moves & column]


# -- the position type ---------------------------------------------------------------


class Position:
    """The checkers of the side to move (``stones``) and of both sides (``mask``) on one board size.

    Immutable by convention: :meth:`play` returns a new position. Unchecked
    like Pons' ``Position``: methods that take a column state their
    preconditions; :meth:`from_moves` checks its input.
    """

    __slots__ = ("geom", "mask", "stones")

    def __init__(self, geom: Geometry, stones: Bitboard = 0, mask: Bitboard = 0) -> None:
        self.geom = geom
        self.stones = stones
        self.mask = mask

    @classmethod
    def from_moves(cls, geom: Geometry, moves: Iterable[int] | str) -> Position:
        """The position after ``moves`` from the empty board: 0-based columns, or a string of column digits.

        Raises ValueError for a column off the board or full.
        """
        position = cls(geom)
        for index, move in enumerate(moves):
            col = int(move)
            if not 0 <= col < geom.width or not position.can_play(col):
                raise ValueError(f"move {index + 1} ({move!r}) cannot be played on a {geom.width}x{geom.height} board")
            position = position.play(col)
        return position

    def __repr__(self) -> str:
        return f"Position({self.geom.width}x{self.geom.height}, stones={self.stones:#x}, mask={self.mask:#x})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Position):
            return NotImplemented
        return (self.geom, self.stones, self.mask) == (other.geom, other.stones, other.mask)

    def __hash__(self) -> int:
        return hash((self.geom, self.key()))

    @property
    def moves_played(self) -> int:
        return self.mask.bit_count()

    def key(self) -> int:
        """A number unique to the position on its board size: ``stones + mask`` (Pons' key)."""
        return self.stones + self.mask

    def can_play(self, col: int) -> bool:
        """True if ``col`` (assumed on the board) has room."""
        return can_play(self.geom, self.mask, col)

    def play(self, col: int) -> Position:
        """The position after the side to move drops a checker into ``col``; the other side moves next.

        Precondition: ``can_play(col)``.
        """
        mask = self.mask
        return Position(self.geom, self.stones ^ mask, mask | move_bit(self.geom, mask, col))

    def is_winning_move(self, col: int) -> bool:
        """True if dropping into ``col`` makes a four. Preconditions: ``can_play(col)``, no four yet."""
        return bool(self.winning_cells() & move_bit(self.geom, self.mask, col))

    def can_win_next(self) -> bool:
        """True if the side to move can make a four with its next checker."""
        return bool(self.winning_cells() & playable(self.geom, self.mask))

    def winning_cells(self) -> Bitboard:
        """The empty cells where the side to move would complete a four."""
        return winning_cells(self.geom, self.stones, self.mask)

    def opponent_winning_cells(self) -> Bitboard:
        """The empty cells where the other side would complete a four."""
        return winning_cells(self.geom, self.stones ^ self.mask, self.mask)

    def non_losing_moves(self) -> Bitboard:
        """The side to move's moves that do not lose at once (see :func:`non_losing_moves`)."""
        return non_losing_moves(playable(self.geom, self.mask), self.opponent_winning_cells())

    def is_won(self) -> bool:
        """True if the side to move already holds a four (possible on a board set up by hand)."""
        return has_four(self.geom, self.stones)

    def is_lost(self) -> bool:
        """True if the other side holds a four."""
        return has_four(self.geom, self.stones ^ self.mask)

    def is_full(self) -> bool:
        return self.mask == self.geom.full


def random_position(geom: Geometry, rng: Random, checkers: int) -> Position:
    """A position after ``checkers`` random moves from the empty board, where nobody has four and the side to
    move cannot win at once (random games are drawn again until one is): for tests and benchmarks."""
    while True:
        position, fine = Position(geom), True
        for _ in range(checkers):
            col = rng.choice([c for c in range(geom.width) if position.can_play(c)])
            if position.is_winning_move(col):
                fine = False
                break
            position = position.play(col)
        if fine and not position.can_win_next():
            return position
