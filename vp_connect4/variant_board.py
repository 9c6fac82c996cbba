"""A variant's rules on one ``Board``: what ``Board`` delegates to when its variant is not the standard game.

The board's ``data`` stays the truth (rows top first of ' ', 'X', 'O', as in the seed); besides it a
variant board keeps how many moves were made (gravity turns and the tetris move limit count them),
which sides flipped with their last move, and the states before each move (``del_move`` takes back
the last move, whatever it did). Moves are numbered: the drops ``0 .. slot_count() - 1`` (columns, or
rows counted from the bottom when gravity pulls sideways), then the flip. The rules themselves are
:class:`.engine.variant.VariantRules`; this module turns ``data`` into their states and back, and
their paths into :mod:`.variant` events.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from . import wording
from .engine.variant import DRAWN, MINE_FLIPPED, MOVER_WINS, OTHER_WINS, State, VariantRules, rules_for
from .errors import IllegalMoveError, Refusal
from .variant import Cell, Cleared, Dropped, Event, Flipped, GravityTurned, Swapped, Variant


class Rack(Protocol):
    """The ``Board`` as seen from here (it imports this module, so not the other way round)."""

    width: int
    height: int
    data: list[list[str]]

    def refusal(self, reason: Refusal, move: object) -> wording.Phrase: ...

EMPTY = " "
FLIP_CHAR = "f"  # a flip in a move string
SWAP_CHAR = "s"  # a swap in a move string: s and four digits, the two cells' column and row


@dataclass(frozen=True)
class Token:
    """One move of a variant move string (``number``: its place in the string, from 1), or a swap."""

    number: int
    move: int = 0  # a drop
    flip: bool = False
    swap: tuple[Cell, Cell] | None = None


def read_moves(move_string: str) -> list[Token]:
    """The moves of a variant move string: a digit is a drop (a column, or a row when gravity pulls
    sideways), ``f`` a flip, ``s`` and four digits a swap of two cells (column, row, column, row: the
    row counted from the bottom). IllegalMoveError for anything else."""
    tokens = []
    index = 0
    while index < len(move_string):
        char = move_string[index]
        if char == SWAP_CHAR:
            digits = move_string[index + 1 : index + 5]
            if len(digits) != 4 or not (digits.isascii() and digits.isdigit()):
                raise IllegalMoveError(wording.phrase(wording.bad_swap_code, index + 1, move_string))
            col1, row1, col2, row2 = (int(d) for d in digits)
            tokens.append(Token(index + 1, swap=((col1, row1), (col2, row2))))
            index += 5
            continue
        if char == FLIP_CHAR:
            tokens.append(Token(index + 1, flip=True))
        elif char in "0123456789":
            tokens.append(Token(index + 1, move=int(char)))
        else:
            raise IllegalMoveError(wording.phrase(wording.bad_variant_move_char, index + 1, move_string, char))
        index += 1
    return tokens


def swap_code(first: Cell, second: Cell) -> str:
    """A swap in a move string."""
    return f"{SWAP_CHAR}{first[0]}{first[1]}{second[0]}{second[1]}"


@dataclass(frozen=True)
class _Saved:
    """The board before a move, and the move."""

    data: tuple[tuple[str, ...], ...]
    moves: int
    flipped: frozenset[str]
    frame: int
    move: int


class VariantPlay:
    """The variant's rules applied to ``board`` (see the module docstring)."""

    def __init__(self, board: Rack, variant: Variant) -> None:
        self.board = board
        self.variant = variant
        self.rules: VariantRules = rules_for(variant, board.width, board.height)
        self.moves = 0
        self.flipped: set[str] = set()
        self.frame = self.rules.start_frame  # gravity's frame: turned by the moves that turn it (not by a won game)
        self._saved: list[_Saved] = []

    # -- between data and the rules --------------------------------------------------------------

    def cells(self) -> dict[Cell, str]:
        height = self.board.height
        return {
            (col, height - 1 - index): cell
            for index, row in enumerate(self.board.data)
            for col, cell in enumerate(row)
            if cell != EMPTY
        }

    def state(self, ox: str) -> State:
        """The rules' state of this board with ``ox`` to move."""
        return self.rules.state_from_cells(self.cells(), ox, self.moves, self.flipped, self.frame)

    def _write(self, state: State, ox: str) -> None:
        """Set ``data`` from ``state``, whose side to move is ``ox``."""
        board = self.board
        data = [[EMPTY] * board.width for _ in range(board.height)]
        for (col, row), owner in self.rules.cells_of(state, ox).items():
            data[board.height - 1 - row][col] = owner
        board.data = data

    # -- what the board answers -------------------------------------------------------------------

    def slot_count(self) -> int:
        return self.rules.slots(self.frame)

    def flip_move(self) -> int | None:
        return self.rules.flip_move(self.frame)

    def move_count(self) -> int:
        return self.rules.move_count(self.frame)

    def to_move(self, first: str = "X") -> str:
        second = "O" if first == "X" else "X"
        return first if self.moves % 2 == 0 else second

    def why_not(self, move: object, ox: str | None = None) -> Refusal | None:
        """Why ``ox`` (default: the side to move) cannot make ``move`` now (None if it can)."""
        if isinstance(move, bool) or not isinstance(move, int):
            return Refusal.NOT_A_COLUMN
        if not 0 <= move < self.move_count():
            return Refusal.OFF_BOARD
        state = self.state(ox or self.to_move())
        if move == self.flip_move():
            if state[4] & MINE_FLIPPED:
                return Refusal.FLIPPED_LAST
            return None if self.rules.can_flip(state) else Refusal.FLIP_CHANGES_NOTHING
        return None if self.rules.can_drop(state, move) else Refusal.FULL

    def result(self, ox: str) -> str | None:
        """How the game on this board has ended for ``ox``, the side to move: 'win', 'loss', 'draw' or None."""
        ended = self.rules.result(self.state(ox))
        return {MOVER_WINS: "loss", OTHER_WINS: "win", DRAWN: "draw", None: None}[ended]

    # -- changes ---------------------------------------------------------------------------------------

    def play(self, move: int, ox: str) -> list[Event]:
        """``ox`` makes ``move`` (checked by the caller with :meth:`why_not`); what happened, in order."""
        self._save(move)
        flipping = move == self.flip_move()
        paths: list[tuple[str, object]] = []
        after, _ = self.rules.play(self.state(ox), move, paths)
        self.moves += 1
        self.frame = after[0]
        if flipping:
            self.flipped.add(ox)
        else:
            self.flipped.discard(ox)
        self._write(after, "O" if ox == "X" else "X")
        return [self._event(kind, what) for kind, what in paths]

    def swap(self, first: Cell, second: Cell) -> Swapped:
        """The checkers on two cells (one X, one O) change colours; a game event, not a move."""
        height = self.board.height
        data = self.board.data
        (c1, r1), (c2, r2) = first, second
        a, b = data[height - 1 - r1][c1], data[height - 1 - r2][c2]
        if {a, b} != {"X", "O"}:
            raise IllegalMoveError(wording.phrase(wording.bad_swap, first, second))
        data[height - 1 - r1][c1], data[height - 1 - r2][c2] = b, a  # del_move takes it back with its move
        return Swapped(first, second)

    def undo(self, move: object) -> None:
        """Take back the last move, which was ``move``, with the events after it (IllegalMoveError if not)."""
        if not self._saved:
            raise IllegalMoveError(wording.phrase(wording.nothing_to_take_back))
        if move != self._saved[-1].move:
            raise IllegalMoveError(wording.phrase(wording.not_the_last_move, move, self._saved[-1].move))
        saved = self._saved.pop()
        self.board.data = [list(row) for row in saved.data]
        self.moves, self.flipped, self.frame = saved.moves, set(saved.flipped), saved.frame

    def take(self, other: VariantPlay) -> None:
        """Take ``other``'s moves made, flips and saved states (its board's ``data`` is taken by the board)."""
        self.moves, self.flipped, self._saved = other.moves, set(other.flipped), list(other._saved)
        self.frame = other.frame

    def clear(self) -> None:
        self.moves = 0
        self.frame = self.rules.start_frame
        self.flipped.clear()
        self._saved.clear()

    def set_moves(self, move_string: str) -> None:
        """Play ``move_string`` from the board as it is, X first (see :func:`read_moves`). All or nothing:
        IllegalMoveError says what is wrong, and the board is left as it was."""
        saved = (self.board.data, self.moves, set(self.flipped), self.frame, list(self._saved))
        self.board.data = [row[:] for row in self.board.data]
        checker = "X"
        try:
            for token in read_moves(move_string):
                if token.swap is not None:
                    if not self.variant.swap_every:
                        raise IllegalMoveError(wording.phrase(wording.no_swaps_here, token.number, move_string))
                    if not self.moves:
                        raise IllegalMoveError(wording.phrase(wording.swap_without_move, token.number, move_string))
                    self.swap(*token.swap)
                    continue
                move = self.flip_move() if token.flip else token.move
                self.check(move, checker, token.number, move_string)
                self.play(move, checker)  # type: ignore[arg-type]
                checker = "O" if checker == "X" else "X"
        except IllegalMoveError:
            self.board.data, self.moves, self.flipped, self.frame, self._saved = saved
            raise

    def check(self, move: int | None, ox: str, number: int, move_string: str) -> None:
        """IllegalMoveError unless ``ox`` may make ``move`` (None: a flip where flips are not played) now;
        the message names move ``number`` of ``move_string``."""
        reason = Refusal.OFF_BOARD if move is None else self.why_not(move, ox)
        if reason is not None:
            error = self.board.refusal(reason, FLIP_CHAR if move is None else move)
            raise IllegalMoveError(wording.phrase(wording.move_refused, number, move_string, error))

    def _save(self, move: int) -> None:
        data = tuple(tuple(row) for row in self.board.data)
        self._saved.append(_Saved(data, self.moves, frozenset(self.flipped), self.frame, move))

    def _event(self, kind: str, what: object) -> Event:
        if kind == "drop":
            return Dropped(what)  # type: ignore[arg-type]
        if kind == "flip":
            return Flipped(tuple(what))  # type: ignore[arg-type]
        if kind == "turn":
            frame, paths = what  # type: ignore[misc]
            return GravityTurned(self.rules.frames[frame].gravity, tuple(paths))
        frame, frame_row, falls = what  # type: ignore[misc]
        info = self.rules.frames[frame]
        cells = tuple(sorted(info.to_rack[col * info.geom.stride + frame_row] for col in range(info.geom.width)))
        line = "row" if frame % 2 == 0 else "column"
        index = cells[0][1] if line == "row" else cells[0][0]
        return Cleared(line, index, cells, tuple(falls))
