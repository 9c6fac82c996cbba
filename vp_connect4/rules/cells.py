"""The checkers and the cells of ``Board.data``: the one place that says how they are written and numbered.

``Board.data`` is the seed's: a list of rows, the top row first, of ``' '``, ``'X'`` and ``'O'``. Everything
else counts a row from the bottom (a rack :data:`Cell` is ``(column, row)``); :func:`data_row` turns one into
the other. A :data:`Spot` is a cell as ``data`` indexes it: ``(data row, column)``.
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple, Protocol

from .. import wording
from ..engine.frames import Cell, Path, data_row
from ..engine.position import geometry
from ..errors import InvalidSettingError

EMPTY = " "
CHECKERS = ("X", "O")


class Spot(NamedTuple):
    """A place as ``Board.data`` indexes it: ``data[row][col]``, row 0 at the top (a :data:`Cell` is the other way
    round: ``(column, row from the bottom)``)."""

    row: int
    col: int


__all__ = [
    "CHECKERS",
    "EMPTY",
    "Cell",
    "Path",
    "Spot",
    "cell_of",
    "check_checker",
    "data_row",
    "other",
    "rack_cells",
    "spot_of",
]


class Rack(Protocol):
    """What the referee needs of a board: its size and its ``data`` (rows, top first)."""

    width: int
    height: int
    data: list[list[str]]


def check_checker(ox: object) -> str:
    """Return ``ox`` if it is 'X' or 'O'; otherwise raise InvalidSettingError."""
    if ox not in CHECKERS:
        raise InvalidSettingError(wording.phrase(wording.bad_checker, ox))
    return ox  # type: ignore[return-value]


def other(ox: str) -> str:
    """The opponent's checker."""
    return "O" if ox == "X" else "X"


def spot_of(cell: Cell, height: int) -> Spot:
    """A rack cell ``(column, row from the bottom)`` as ``Board.data`` indexes it."""
    return Spot(data_row(height, cell[1]), cell[0])


def cell_of(spot: Spot, height: int) -> Cell:
    """A ``Board.data`` index ``(row, column)`` as a rack cell."""
    return (spot[1], data_row(height, spot[0]))


def rack_cells(data: list[list[str]]) -> dict[Cell, str]:
    """The checkers of ``data``, by rack cell."""
    height = len(data)
    return {
        (col, data_row(height, index)): cell
        for index, row in enumerate(data)
        for col, cell in enumerate(row)
        if cell != EMPTY
    }


def checkers_by_side(data: list[list[str]]) -> dict[str, list[Cell]]:
    """Each side's cells, in the order of ``data`` (rows from the top, each from the left)."""
    found: dict[str, list[Cell]] = {ox: [] for ox in CHECKERS}
    for index, row in enumerate(data):
        for col, owner in enumerate(row):
            if owner in found:
                found[owner].append(cell_of((index, col), len(data)))
    return found


def bitboard(data: list[list[str]], width: int, ox: str) -> tuple[int, int]:
    """``(stones of ox, all stones)`` of ``data`` as the engine's bitboards (see ``engine.position``)."""
    stones = mask = 0
    empty = [EMPTY] * width
    for row, bits in zip(data, _cell_bits(width, len(data)), strict=True):
        if row == empty:  # most rows of most positions: nothing to look at
            continue
        for cell, bit in zip(row, bits, strict=True):
            if cell != EMPTY:
                mask |= bit
                if cell == ox:
                    stones |= bit
    return stones, mask


@cache
def _cell_bits(width: int, height: int) -> tuple[tuple[int, ...], ...]:
    """The bit of each cell of ``Board.data`` (rows top first) on a ``width`` x ``height`` board, built once a size:
    ``wins_for`` reads the board through it at every node of a student's recursion."""
    geom = geometry(width, height)
    return tuple(tuple(geom.bit(col, data_row(height, index)) for col in range(width)) for index in range(height))
