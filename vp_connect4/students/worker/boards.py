"""The boards a student's code gets: the seeds' own ``Board`` classes, quicker on a textbook recursion's path.

A student's ``scores_for`` at ply 4 calls ``allows_move``, ``add_move``, ``del_move``, ``wins_for`` and
``is_full`` some fifty thousand times a move: in a tournament that is nearly all the time spent. These
subclasses of the Dutch seed's ``Board`` (``vp_connect4.seed``) and CS111's (``vp_connect4.cs111``, whose
``can_add_to``, ``add_checker``, ``remove_checker`` and ``is_win_for`` call those) answer the standard game's
ordinary calls straight from ``data`` (``wins_for`` reads ``data`` as one string, then as a number whose bits
are the checkers); anything else (another kind of column, a bad checker, cells that are not ' ', 'X' or 'O',
other rules) goes to the seed's own method, errors and all. ``tests/test_students_boards.py`` holds them to
the seed's answers. Both are named ``Board``, as the student's code knows them.
"""

from __future__ import annotations

from functools import cache

from ... import board, cs111, seed
from ...rules import EMPTY

_PAD = "|"  # between the rows of the string wins_for reads: a column of zeros, so no four runs across a row's end
_BITS = {ox: str.maketrans({ox: "1", other: "0", EMPTY: "0", _PAD: "0"}) for ox, other in (("X", "O"), ("O", "X"))}
_ONLY_CELLS = str.maketrans({"X": None, "O": None, EMPTY: None, _PAD: None})  # what is left is not a cell


class Quick(board.Board):
    """The quick paths (see the module docstring), before either seed's Board."""

    def allows_move(self, col: int) -> bool:
        if type(col) is int and 0 <= col < self.width and not self.variant.parts:
            return self.data[0][col] == EMPTY
        return super().allows_move(col)

    def add_move(self, col: int, ox: str) -> None:
        data = self.data
        quick = type(col) is int and 0 <= col < self.width and ox in _BITS and not self.variant.parts
        if quick and data[0][col] == EMPTY:
            for row in range(self.height - 1, -1, -1):
                if data[row][col] == EMPTY:
                    data[row][col] = ox
                    return
        super().add_move(col, ox)

    def del_move(self, col: int) -> None:
        if type(col) is int and 0 <= col < self.width and not self.variant.parts:
            for row in self.data:
                if row[col] != EMPTY:
                    row[col] = EMPTY
                    return
            return
        super().del_move(col)

    def is_full(self) -> bool:
        if not self.variant.parts:
            return EMPTY not in self.data[0]
        return super().is_full()

    def wins_for(self, ox: str) -> bool:
        bits = _BITS.get(ox)
        if bits is not None and not self.variant.parts and len(self.data) == self.height:
            width = self.width
            if all(len(row) == width for row in self.data):
                text = _PAD.join(["".join(row) for row in self.data])
                if len(text) == self.height * (width + 1) - 1 and not text.translate(_ONLY_CELLS):
                    return _has_four(int(text.translate(bits), 2), width)
        return super().wins_for(ox)


def _has_four(stones: int, width: int) -> bool:
    """Four in a row among ``stones``: rows of ``width`` bits and a zero between them, top row first."""
    for step in _steps(width):
        pairs = stones & (stones >> step)
        if pairs & (pairs >> 2 * step):
            return True
    return False


@cache
def _steps(width: int) -> tuple[int, ...]:
    """A cell's neighbour across, down, and down either diagonal, in bits."""
    return (1, width + 1, width, width + 2)


class SeedBoard(Quick, seed.Board):
    """The Dutch seed's ``Board(width, height)``."""


class CS111Board(Quick, cs111.Board):
    """CS111's ``Board(height, width)``."""


for _board in (SeedBoard, CS111Board):
    _board.__name__ = _board.__qualname__ = "Board"  # what type(b) says to the student
