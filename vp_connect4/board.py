"""The seed's teaching board: ``data`` is a list of rows, top row first, of ' ', 'X' and 'O'.

The rules only: the seed's terminal methods (``host_game``, ``play_game``) are added by
``vp_connect4.seed.Board``, which is what ``from vp_connect4 import Board`` gives.

``Board(7, 6, variant="tetris")`` plays a rule variant (:mod:`.variant`): its moves are numbered
``0 .. move_count() - 1`` (the columns, or the rows counted from the bottom when gravity pulls
sideways, then the flip if flips are played); ``add_move`` applies the variant's rules,
``del_move`` takes back the last move, ``set_board`` also reads ``f`` (a flip). Its rules live in
:mod:`.variant_board`; the standard board's are here.
"""

from __future__ import annotations

import copy

from . import wording
from .engine.position import Geometry, Position, four_cells, geometry, has_four
from .engine.variant import State, VariantRules
from .errors import IllegalMoveError, InvalidSettingError, Refusal
from .variant import Cell, Dropped, Event, Variant, check_board_size
from .variant_board import VariantPlay

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
    """A Connect Four board of any size; four in a row wins on every size. ``variant``: a rule variant."""

    def __init__(self, width: int = 7, height: int = 6, variant: Variant | str | None = None) -> None:
        for name, value in (("width", width), ("height", height)):
            if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_SIDE:
                raise InvalidSettingError(wording.phrase(wording.bad_size, name, MAX_SIDE, value))
        chosen = Variant.parse(variant)
        check_board_size(chosen, width, height)
        self.width = width
        self.height = height
        self.data = [[EMPTY] * width for _ in range(height)]
        self._variant = chosen
        self._play: VariantPlay | None = None if chosen.is_standard else VariantPlay(self, chosen)

    def __repr__(self) -> str:
        rows = ["|" + "|".join(row) + "|" for row in self.data]
        rule = "-" * (2 * self.width + 1)
        numbers = "".join(f" {col % 10}" for col in range(self.width))
        if self._play is None:
            return "\n".join([*rows, rule, numbers])
        gravity = self.gravity
        if gravity == "up":
            lines = [numbers, rule, *rows]
        elif gravity in ("left", "right"):  # a move names a row: its number beside it
            lines = [f"{line} {self.height - 1 - index}" for index, line in enumerate(rows)]
            lines.append(rule)
        else:
            lines = [*rows, rule, numbers]
        lines.append(wording.variant_board_legend(gravity, self.slot_count(), self.flip_move()))
        return "\n".join(lines)

    # -- the variant --------------------------------------------------------------------------

    @property
    def variant(self) -> Variant:
        """The rule variant played on this board (the standard game: ``Variant()``)."""
        return self._variant

    @property
    def gravity(self) -> str:
        """Where checkers fall now: ``down`` (the standard game), ``up``, ``left`` or ``right``."""
        return "down" if self._play is None else self._play.rules.frames[self._play.frame].gravity

    @property
    def moves_made(self) -> int | None:
        """On a variant board, the moves made since the empty board; None on a standard board."""
        return None if self._play is None else self._play.moves

    def slot_count(self) -> int:
        """How many drop moves there are now: the columns, or the rows when gravity pulls sideways."""
        return self.width if self._play is None else self._play.slot_count()

    def flip_move(self) -> int | None:
        """The number of the move that turns the rack (after the drops), or None if flips are not played."""
        return None if self._play is None else self._play.flip_move()

    def move_count(self) -> int:
        """How many moves are numbered now (``scores_for`` gives a score to each): the drops, then the flip."""
        return self.width if self._play is None else self._play.move_count()

    def move_line(self) -> str:
        """What a drop move names now: ``column``, or ``row`` when gravity pulls sideways."""
        return "row" if self.gravity in ("left", "right") else "column"

    # -- moves -----------------------------------------------------------------

    def allows_move(self, col: int) -> bool:
        """True if ``col`` is a column of this board with room for a checker."""
        return self.why_not(col) is None

    def why_not(self, col: object, ox: str | None = None) -> Refusal | None:
        """Why a checker cannot go into ``col`` (None if it can); on a variant board, why ``ox`` (default: the
        side to move) cannot make move ``col``."""
        if self._play is not None:
            return self._play.why_not(col, ox)
        if isinstance(col, bool) or not isinstance(col, int):
            return Refusal.NOT_A_COLUMN
        if not 0 <= col < self.width:
            return Refusal.OFF_BOARD
        if self.data[0][col] != EMPTY:
            return Refusal.FULL
        return None

    def check_move(self, col: object, ox: str | None = None) -> int:
        """Return ``col`` if a checker can go there (``ox`` may make that move); otherwise raise IllegalMoveError."""
        reason = self.why_not(col, ox)
        if reason is not None:
            raise IllegalMoveError(self.refusal(reason, col))
        return col  # type: ignore[return-value]

    def refusal(self, reason: Refusal, move: object) -> wording.Phrase:
        """Why ``move`` is refused, in words (for an error message)."""
        return wording.phrase(wording.refusal, reason, move, self.slot_count(), self.move_line())

    def add_move(self, col: int, ox: str) -> None:
        """Drop checker ``ox`` into column ``col`` (on a variant board: make move ``col`` under its rules);
        raises IllegalMoveError if it cannot."""
        check_checker(ox)
        self.check_move(col, ox)
        self.apply(col, ox)

    def apply(self, move: int, ox: str) -> list[Event]:
        """Make ``move`` for ``ox`` without checks; what happened, in order (the checker's landing first).

        The caller's duty: ``ox`` is 'X' or 'O' and ``why_not(move, ox)`` is None (``add_move`` checks both).
        """
        if self._play is not None:
            return self._play.play(move, ox)
        row = self.drop(move, ox)
        return [Dropped((move, self.height - 1 - row))]

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
        """Remove the top checker of ``col``; does nothing if the column is empty.

        On a variant board: take back the last move (``col`` names it), with all it did; IllegalMoveError if
        there is none or ``col`` is not the last move.
        """
        if self._play is not None:
            self._play.undo(col)
            return
        reason = self.why_not(col)
        if reason in (Refusal.NOT_A_COLUMN, Refusal.OFF_BOARD):
            raise IllegalMoveError(wording.phrase(wording.refusal, reason, col, self.width))
        for row in range(self.height):
            if self.data[row][col] != EMPTY:
                self.data[row][col] = EMPTY
                return

    def blank(self) -> Board:
        """An empty board like this one: the same class, size and variant."""
        new = copy.copy(self)
        Board.__init__(new, self.width, self.height, self.variant)
        return new

    def take(self, other: Board) -> None:
        """Become ``other`` (a board of the same size and variant): its checkers, and on a variant board its
        moves made, flips and the moves ``del_move`` can take back."""
        self.data = [row[:] for row in other.data]
        if self._play is not None and other._play is not None:
            self._play.take(other._play)

    def clear(self) -> None:
        """Empty the board."""
        self.data = [[EMPTY] * self.width for _ in range(self.height)]
        if self._play is not None:
            self._play.clear()

    def set_board(self, move_string: str) -> None:
        """Play alternating checkers, X first, into the columns named by the digits of ``move_string``.

        All or nothing: on a non-digit, a column off the board or a full column
        a ValueError says which, and the board is left exactly as it was.
        """
        if not isinstance(move_string, str):
            raise IllegalMoveError(wording.phrase(wording.bad_move_string, move_string))
        if self._play is not None:
            self._play.set_moves(move_string)
            return
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
        """True if no column has room (on a variant board: if every cell holds a checker)."""
        if self._play is not None:
            return all(EMPTY not in row for row in self.data)
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
        """Whose turn it is if X began and the players alternated: 'X' unless X has one checker more
        (on a variant board: unless an odd number of moves was made)."""
        if self._play is not None:
            return self._play.to_move()
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

    @property
    def variant_rules(self) -> VariantRules | None:
        """The variant's rules for the engine (None on a standard board)."""
        return None if self._play is None else self._play.rules

    def variant_result(self, ox: str) -> str | None:
        """On a variant board, how the game has ended for ``ox`` to move: 'win', 'loss', 'draw' or None."""
        if self._play is None:
            raise ValueError("a standard board has no variant result")
        return self._play.result(ox)

    def variant_state(self, ox: str) -> State:
        """The variant rules' state of this board with ``ox`` to move (see ``engine.variant``)."""
        if self._play is None:
            raise ValueError("a standard board has no variant state: use position()")
        return self._play.state(ox)

    def swap(self, first: Cell, second: Cell) -> Event:
        """A swap event: the X and the O checker on two cells change colours (a variant with swaps)."""
        if self._play is None:
            raise ValueError("swaps are events of a variant board")
        return self._play.swap(first, second)

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
