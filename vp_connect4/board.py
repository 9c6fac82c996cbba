"""The seed's teaching board (``RulesBoard``): ``data`` is a list of rows, top row first, of ' ', 'X' and 'O'.

The rules only, and all of them through the board's :class:`.rules.Referee`: the seed's terminal methods
(``host_game``, ``play_game``) are added by ``vp_connect4.seed.Board``, which is what
``from vp_connect4 import Board`` gives.

``RulesBoard(7, 6, variant="tetris")`` plays other rules (:mod:`.rules`): moves are numbered
``0 .. move_count() - 1`` (the columns, or the rows counted from the bottom when gravity pulls
sideways, then the flip if flips are played); ``add_move`` applies the rules, ``del_move`` takes a
move back, ``set_board`` also reads ``f`` (a flip) and swaps.
"""

from __future__ import annotations

import copy

from . import wording
from .errors import IllegalMoveError, InvalidSettingError, Refusal
from .rules import (
    CHECKERS,
    EMPTY,
    Cell,
    Event,
    Referee,
    Spot,
    Variant,
    check_checker,
    data_row,
    other,
)

MAX_SIDE = 64  # the widest and the tallest board: far beyond any game, and the engine stays quick

__all__ = ["CHECKERS", "EMPTY", "MAX_SIDE", "RulesBoard", "check_checker", "other"]


class RulesBoard:
    """A Connect Four board of any size; four in a row wins on every size. ``variant``: the rules (standard)."""

    def __init__(self, width: int = 7, height: int = 6, variant: Variant | str | None = None) -> None:
        for name, value in (("width", width), ("height", height)):
            if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_SIDE:
                raise InvalidSettingError(wording.phrase(wording.bad_size, name, MAX_SIDE, value))
        self.width = width
        self.height = height
        self.data = [[EMPTY] * width for _ in range(height)]
        self.referee = Referee(self, Variant.parse(variant))

    def __repr__(self) -> str:
        rows = ["|" + "|".join(row) + "|" for row in self.data]
        rule = "-" * (2 * self.width + 1)
        numbers = "".join(f" {col % 10}" for col in range(self.width))
        gravity = self.gravity
        if gravity == "up":  # checkers come in from below: the column numbers are there
            lines = [numbers, rule, *rows]
        elif self.referee.move_line() == "row":  # gravity pulls sideways: a move names a row, its number beside it
            lines = [f"{line} {data_row(self.height, index)}" for index, line in enumerate(rows)]
            lines.append(rule)
        else:
            lines = [*rows, rule, numbers]
        if self.variant.parts:  # the line under the board: where gravity pulls, what a move names
            r = self.referee
            lines.append(wording.variant_board_legend(gravity, r.slot_count(), r.flip_move()))
        return "\n".join(lines)

    # -- the rules --------------------------------------------------------------------------

    @property
    def variant(self) -> Variant:
        """The rules played on this board (the standard game: ``Variant()``)."""
        return self.referee.variant

    @property
    def gravity(self) -> str:
        """Where checkers fall now: ``down`` (the standard game), ``up``, ``left``, ``right``, ``down-left``..."""
        return self.referee.gravity

    @property
    def moves_made(self) -> int:
        """The moves made since the empty board (where moves only drop checkers: the checkers on it)."""
        return self.referee.moves_made()

    def slot_count(self) -> int:
        """How many drop moves there are now: the columns, or the rows when gravity pulls sideways."""
        return self.referee.slot_count()

    def flip_move(self) -> int | None:
        """The number of the move that turns the rack (after the drops), or None if flips are not played."""
        return self.referee.flip_move()

    def move_count(self) -> int:
        """How many moves are numbered now (``scores_for`` gives a score to each): the drops, then the flip."""
        return self.referee.move_count()

    def move_line(self) -> str:
        """What a drop move names now: ``column``, or ``row`` when gravity pulls sideways."""
        return self.referee.move_line()

    # -- moves -----------------------------------------------------------------

    def allows_move(self, col: int) -> bool:
        """True if ``col`` is a column of this board with room for a checker (a move the rules allow now)."""
        return self.referee.why_not(col) is None

    def why_not(self, col: object, ox: str | None = None) -> Refusal | None:
        """Why ``ox`` (default: the side to move) cannot make move ``col`` now (None if it can)."""
        return self.referee.why_not(col, ox)

    def check_move(self, col: object, ox: str | None = None) -> int:
        """Return ``col`` if ``ox`` may make that move now; otherwise raise IllegalMoveError."""
        reason = self.why_not(col, ox)
        if reason is not None:
            raise IllegalMoveError(self.refusal(reason, col))
        return col  # type: ignore[return-value]

    def refusal(self, reason: Refusal, move: object) -> wording.Phrase:
        """Why ``move`` is refused, in words (for an error message)."""
        return self.referee.refusal(reason, move)

    def add_move(self, col: int, ox: str) -> None:
        """Drop checker ``ox`` into column ``col`` (under other rules: make move ``col``); raises IllegalMoveError
        if it cannot."""
        check_checker(ox)
        self.check_move(col, ox)
        self.apply(col, ox)

    def apply(self, move: int, ox: str) -> list[Event]:
        """Make ``move`` for ``ox`` without checks; what happened, in order (the checker's landing first).

        The caller's duty: ``ox`` is 'X' or 'O' and ``why_not(move, ox)`` is None (``add_move`` checks both).
        """
        return self.referee.apply(move, ox)

    def del_move(self, col: int) -> None:
        """Remove the top checker of ``col``; does nothing if the column is empty.

        Where a move does more than drop a checker (gravity turning, tetris, flips, swaps): take back the last
        move, ``col``, with all it did; IllegalMoveError if there is none or ``col`` is not the last move.
        """
        self.referee.undo(col)

    def blank(self) -> RulesBoard:
        """An empty board like this one: the same class, size and rules."""
        new = copy.copy(self)
        RulesBoard.__init__(new, self.width, self.height, self.variant)
        return new

    def take(self, other: RulesBoard) -> None:
        """Become ``other`` (a board of the same size and rules): its checkers and all its referee keeps."""
        self.referee.restore(other.referee.snapshot())

    def clear(self) -> None:
        """Empty the board."""
        self.referee.clear()

    def set_board(self, move_string: str) -> None:
        """Play alternating checkers, X first, into the columns named by the digits of ``move_string``.

        All or nothing: on a non-digit, a column off the board or a full column
        a ValueError says which, and the board is left exactly as it was.
        """
        if not isinstance(move_string, str):
            raise IllegalMoveError(wording.phrase(wording.bad_move_string, move_string))
        self.referee.set_moves(move_string)

    def swap(self, first: Cell, second: Cell) -> Event:
        """A swap: the X and the O checker on two cells change colours."""
        return self.referee.swap(first, second)

    # -- questions -------------------------------------------------------------

    def is_full(self) -> bool:
        """True if no column has room (under other rules: no move drops a checker anywhere)."""
        return self.referee.is_full()

    def wins_for(self, ox: str) -> bool:
        """True if ``ox`` has four in a row: across, up, or along either diagonal."""
        return self.referee.has_four(check_checker(ox))

    def four_spots(self, ox: str) -> list[Spot]:
        """The ``(row, col)`` cells in ``data`` of every finished four in a row of ``ox`` (empty if none).

        (The engine's *winning cells* are something else: the empty cells that would make a four.)
        """
        return self.referee.four_spots(check_checker(ox))

    def count(self, ox: str) -> int:
        """How many checkers ``ox`` has on the board."""
        check_checker(ox)
        return sum(row.count(ox) for row in self.data)

    def to_move(self) -> str:
        """Whose turn it is if X began and the players alternated: 'X' unless X has one checker more (where
        checkers vanish or flips pass the turn: unless an odd number of moves was made)."""
        return self.referee.to_move()

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
