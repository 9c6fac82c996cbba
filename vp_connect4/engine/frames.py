"""Where gravity pulls, as bitboards: the *frames*, and the one place that says how rows and cells are numbered.

A rack cell is ``(column, row)``, both from 0, the row counted from the bottom (:data:`Cell`). Seen from
the side gravity pulls to (its *frame*), a rack under a straight gravity is a Connect Four board with its
checkers stacked on the frame's floor, in the layout of :mod:`.position` on a board of the frame's size: a
checker dropped into a frame column lands with :func:`.position.move_bit`, and four in a row is four in a
row in any frame (a frame is a turn or a mirror image of the rack)::

    frame 0, down:  frame column = rack column, frame row = rack row          (W x H, moves name columns)
    frame 1, left:  frame column = rack row,    frame row = rack column       (H x W, moves name rows)
    frame 2, up:    frame column = rack column, frame row = H-1 - rack row    (W x H)
    frame 3, right: frame column = rack row,    frame row = W-1 - rack column (H x W)

Turning gravity goes round frames 0-3 in that order (a quarter clockwise each time).

Diagonal gravity (frames 4, down-left, and 5, down-right) has no such picture: its lines are the rack's
diagonals, of many lengths. Its frame is the rack itself (frame 0's layout) and it keeps its *lines*: for
each diagonal along gravity, its cells from the low end (the floor or a side wall) up. A checker dropped
into a column comes in at the column's top cell and slides along the diagonal through it, down to the
lowest free cell (the cell above the checkers already on that diagonal). Checkers on a diagonal lie packed
from its low end. Only the diagonals through the top row can be played into: the cells of the others
(under ``down-left`` the corner below the diagonal that ends in the top right corner) stay empty unless a
flip brings checkers there (:func:`reachable`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from .position import Bitboard, Geometry, centre_first, geometry

Cell = tuple[int, int]
"""A cell of the rack: ``(column, row)``, both from 0, the row counted from the bottom."""
Path = tuple[Cell, Cell]
"""A checker that moved: ``(from, to)``."""

TURNING = ("down", "left", "up", "right")  # straight gravities, in the order gravity turns: a quarter clockwise
DIAGONAL = ("down-left", "down-right")
GRAVITIES = TURNING + DIAGONAL  # a frame's index is its place here
SIDEWAYS = ("left", "right")  # moves name rows
DIAGONAL_STEP = {"down-left": (-1, -1), "down-right": (1, -1)}  # where a checker goes, one cell at a time


def mirrored(size: int, index: int) -> int:
    """``index`` counted from the other end of a line of ``size`` cells (a row from the top, a column from the
    right)."""
    return size - 1 - index


def data_row(height: int, row: int) -> int:
    """The index in ``Board.data`` (top row first) of the rack row ``row`` (counted from the bottom), and back."""
    return mirrored(height, row)


@dataclass(frozen=True)
class Frame:
    """One gravity on one rack size: its geometry, the mapping of cells, and its lines.

    ``lines``: per line along gravity (frame columns; diagonals), the bit indices of its cells from the low
    end up. ``entries``: per slot (what a move names), the line a checker dropped there goes along;
    ``entry_masks``: per slot, the bit of the cell it comes in at (the slot is full when that is taken).
    """

    index: int
    geom: Geometry
    to_rack: tuple[Cell, ...]  # by frame bit index: the rack cell (unused indices: the sentinels)
    from_rack: dict[Cell, int]  # rack cell -> frame bit index
    lines: tuple[tuple[int, ...], ...]
    entries: tuple[int, ...]
    pairs: tuple[int, ...]  # per line: the line it becomes when the rack turns 180 degrees (read from the top)
    gravity: str = field(init=False)
    diagonal: bool = field(init=False)
    slots: int = field(init=False)  # how many drop moves: the frame's columns (rack columns, or rows when sideways)
    move_line: str = field(init=False)  # what a drop names: ``row`` when gravity pulls sideways, else ``column``
    entry_masks: tuple[Bitboard, ...] = field(init=False)
    order: tuple[int, ...] = field(init=False)  # the slots, centre first

    def __post_init__(self) -> None:
        set_ = object.__setattr__
        set_(self, "gravity", GRAVITIES[self.index])
        set_(self, "diagonal", self.gravity in DIAGONAL)
        set_(self, "slots", len(self.entries))
        set_(self, "move_line", "row" if self.gravity in SIDEWAYS else "column")
        set_(self, "entry_masks", tuple(1 << self.lines[line][-1] for line in self.entries))
        set_(self, "order", centre_first(self.slots))

    def slot_cells(self, slot: int) -> tuple[Cell, ...]:
        """The rack cells of the line a checker dropped into ``slot`` goes along, from the low end up: it comes in
        at the last one and rests on the lowest free one."""
        return tuple(self.to_rack[bit] for bit in self.lines[self.entries[slot]])


def _straight(index: int, width: int, height: int) -> tuple[Geometry, dict[Cell, Cell]]:
    """The geometry of straight frame ``index`` and its map rack cell -> (frame column, frame row)."""
    geom = geometry(width, height) if index % 2 == 0 else geometry(height, width)
    cells = {}
    for col in range(width):
        for row in range(height):
            cells[(col, row)] = {
                0: (col, row),
                1: (row, col),
                2: (col, mirrored(height, row)),
                3: (row, mirrored(width, col)),
            }[index]
    return geom, cells


def _diagonals(gravity: str, width: int, height: int) -> tuple[tuple[Cell, ...], ...]:
    """Every diagonal along ``gravity``, its cells from the low end up, in order across the rack."""
    step_col, step_row = DIAGONAL_STEP[gravity]
    lows = [
        (col, row)
        for col in range(width)
        for row in range(height)
        if not (0 <= col + step_col < width and 0 <= row + step_row < height)
    ]
    lines = []
    for col, row in sorted(lows, key=lambda cell: step_row * cell[0] - step_col * cell[1]):
        line = []
        while 0 <= col < width and 0 <= row < height:
            line.append((col, row))
            col, row = col - step_col, row - step_row
        lines.append(tuple(line))
    return tuple(lines)


@cache
def frame(index: int, width: int, height: int) -> Frame:
    """Frame ``index`` (its place in :data:`GRAVITIES`) of a ``width`` x ``height`` rack (built once per size)."""
    if GRAVITIES[index] in DIAGONAL:
        geom = geometry(width, height)
        cells = {(col, row): (col, row) for col in range(width) for row in range(height)}
    else:
        geom, cells = _straight(index, width, height)
    to_rack: list[Cell] = [(-1, -1)] * (geom.width * geom.stride)
    from_rack: dict[Cell, int] = {}
    for cell, (frame_col, frame_row) in cells.items():
        bit_index = frame_col * geom.stride + frame_row
        to_rack[bit_index] = cell
        from_rack[cell] = bit_index
    if GRAVITIES[index] in DIAGONAL:
        diagonals = _diagonals(GRAVITIES[index], width, height)
        lines = tuple(tuple(from_rack[cell] for cell in line) for line in diagonals)
        number = {line: n for n, line in enumerate(diagonals)}
        entries = tuple(
            next(n for n, line in enumerate(diagonals) if line[-1] == (col, height - 1)) for col in range(width)
        )
        # turned round, a diagonal is another one read from its top: its checkers fall to that one's low end
        pairs = tuple(
            number[tuple((mirrored(width, c), mirrored(height, r)) for c, r in reversed(line))] for line in diagonals
        )
    else:
        lines = tuple(tuple(col * geom.stride + row for row in range(geom.height)) for col in range(geom.width))
        entries = tuple(range(geom.width))
        pairs = tuple(mirrored(geom.width, col) for col in range(geom.width))
    return Frame(index, geom, tuple(to_rack), from_rack, lines, entries, pairs)


def reachable(gravity: str, width: int, height: int) -> frozenset[Cell]:
    """The cells a dropped checker can reach: under diagonal gravity, those of the diagonals through the top row."""
    info = frame(GRAVITIES.index(gravity), width, height)
    return frozenset(info.to_rack[bit] for entry in info.entries for bit in info.lines[entry])


def line_mask(bits: tuple[int, ...]) -> Bitboard:
    """The bitboard of a line's cells."""
    mask = 0
    for bit in bits:
        mask |= 1 << bit
    return mask
