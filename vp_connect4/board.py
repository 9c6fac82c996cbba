"""The seed's teaching board: ``data`` is a list of rows, top row first, of ' ', 'X' and 'O'.

The rules only: the seed's terminal methods (``host_game``, ``play_game``) are added by
``vp_connect4.seed.Board``, which is what ``from vp_connect4 import Board`` gives.
"""

from __future__ import annotations

from . import wording
from .engine.position import Geometry, Position, four_cells, geometry, has_four
from .errors import IllegalMoveError, InvalidSettingError, Refusal

EMPTY = " "
CHECKERS = ("X", "O")
MAX_SIDE = 64  # the widest and the tallest board: far beyond any game, and the engine stays quick


def check_checker(ox: object) -> str:
    """Return ``ox`` if it is 'X' or 'O'; otherwise raise InvalidSettingError."""
    if ox not in CHECKERS:
        raise InvalidSettingError(wording.phrase(wording.bad_checker, ox))
    return ox  # type: ignore[return-value]


def other(ox: str) -> str:
    """The opponent's checker."""
    return "O" if ox == "X" else "X"


class Board:
    """A Connect Four board of any size; four in a row wins on every size."""

    def __init__(self, width: int = 7, height: int = 6) -> None:
        for name, value in (("width", width), ("height", height)):
            if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_SIDE:
                raise InvalidSettingError(wording.phrase(wording.bad_size, name, MAX_SIDE, value))
        self.width = width
        self.height = height
        self.data = [[EMPTY] * width for _ in range(height)]

    def __repr__(self) -> str:
        rows = ["|" + "|".join(row) + "|" for row in self.data]
        rows.append("-" * (2 * self.width + 1))
        rows.append("".join(f" {col % 10}" for col in range(self.width)))
        return "\n".join(rows)

    # -- moves -----------------------------------------------------------------

    def allows_move(self, col: int) -> bool:
        """True if ``col`` is a column of this board with room for a checker."""
        return self.why_not(col) is None

    def why_not(self, col: object) -> Refusal | None:
        """Why a checker cannot go into ``col`` (None if it can)."""
        if isinstance(col, bool) or not isinstance(col, int):
            return Refusal.NOT_A_COLUMN
        if not 0 <= col < self.width:
            return Refusal.OFF_BOARD
        if self.data[0][col] != EMPTY:
            return Refusal.FULL
        return None

    def check_move(self, col: object) -> int:
        """Return ``col`` if a checker can go there; otherwise raise IllegalMoveError saying why."""
        reason = self.why_not(col)
        if reason is not None:
            raise IllegalMoveError(wording.phrase(wording.refusal, reason, col, self.width))
        return col  # type: ignore[return-value]

    def add_move(self, col: int, ox: str) -> None:
        """Drop checker ``ox`` into column ``col``; raises IllegalMoveError if it cannot go there."""
        check_checker(ox)
        self.check_move(col)
        self.drop(col, ox)

    def drop(self, col: int, ox: str) -> int:
        """Drop ``ox`` into ``col`` without checks and return the row (index in ``data``) it lands on.

        The caller's duty: ``ox`` is 'X' or 'O' and ``why_not(col)`` is None (``add_move`` checks both).
        """
        row = self.height - 1
        while self.data[row][col] != EMPTY:
            row -= 1
        self.data[row][col] = ox
        return row

    def del_move(self, col: int) -> None:
        """Remove the top checker of ``col``; does nothing if the column is empty."""
        reason = self.why_not(col)
        if reason in (Refusal.NOT_A_COLUMN, Refusal.OFF_BOARD):
            raise IllegalMoveError(wording.phrase(wording.refusal, reason, col, self.width))
        for row in range(self.height):
            if self.data[row][col] != EMPTY:
                self.data[row][col] = EMPTY
                return

    def clear(self) -> None:
        """Empty the board."""
        self.data = [[EMPTY] * self.width for _ in range(self.height)]

    def set_board(self, move_string: str) -> None:
        """Play alternating checkers, X first, into the columns named by the digits of ``move_string``.

        All or nothing: on a non-digit, a column off the board or a full column
        a ValueError says which, and the board is left exactly as it was.
        """
        if not isinstance(move_string, str):
            raise IllegalMoveError(wording.phrase(wording.bad_move_string, move_string))
        saved = [row[:] for row in self.data]
        checker = "X"
        try:
            for index, char in enumerate(move_string):
                if char not in "0123456789":
                    last = min(self.width, 10) - 1
                    raise IllegalMoveError(wording.phrase(wording.bad_move_digit, index + 1, move_string, char, last))
                try:
                    self.add_move(int(char), checker)
                except IllegalMoveError as error:
                    refused = wording.phrase(wording.move_refused, index + 1, move_string, error)
                    raise IllegalMoveError(refused) from None
                checker = other(checker)
        except IllegalMoveError:
            self.data = saved
            raise

    # -- questions -------------------------------------------------------------

    def is_full(self) -> bool:
        """True if no column has room."""
        return not any(self.allows_move(col) for col in range(self.width))

    def wins_for(self, ox: str) -> bool:
        """True if ``ox`` has four in a row: across, up, or along either diagonal."""
        return has_four(self.geometry, self.bitboard(check_checker(ox))[0])

    def four_cells(self, ox: str) -> list[tuple[int, int]]:
        """The ``(row, col)`` cells in ``data`` of every finished four in a row of ``ox`` (empty if none).

        (The engine's *winning cells* are something else: the empty cells that would make a four.)
        """
        geom = self.geometry
        bits = four_cells(geom, self.bitboard(check_checker(ox))[0])
        return [
            (self.height - 1 - row, col)
            for col in range(self.width)
            for row in range(self.height)
            if bits & geom.bit(col, row)
        ]

    def count(self, ox: str) -> int:
        """How many checkers ``ox`` has on the board."""
        check_checker(ox)
        return sum(row.count(ox) for row in self.data)

    def to_move(self) -> str:
        """Whose turn it is if X began and the players alternated: 'X' unless X has one checker more."""
        return "O" if self.count("X") > self.count("O") else "X"

    def columns(self) -> list[str]:
        """Each column's checkers, bottom first, as a string (e.g. ``'XOX'``)."""
        result = []
        for col in range(self.width):
            cells = ""
            for row in range(self.height - 1, -1, -1):
                if self.data[row][col] == EMPTY:
                    break
                cells += self.data[row][col]
            result.append(cells)
        return result

    # -- bridges to the engine ---------------------------------------------------

    @property
    def geometry(self) -> Geometry:
        return geometry(self.width, self.height)

    def position(self, ox: str) -> Position:
        """The engine's position with ``ox`` to move (see ``engine.position``)."""
        return Position(self.geometry, *self.bitboard(ox))

    def bitboard(self, ox: str) -> tuple[int, int]:
        """``(stones of ox, all stones)`` as bitboards (see ``engine.position``)."""
        geom = self.geometry
        stones = mask = 0
        for row_index, row in enumerate(self.data):
            row_bit = self.height - 1 - row_index
            for col, cell in enumerate(row):
                if cell != EMPTY:
                    bit = geom.bit(col, row_bit)
                    mask |= bit
                    if cell == ox:
                        stones |= bit
        return stones, mask
