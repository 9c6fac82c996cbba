"""The boards a student's code gets: the seeds' ``Board`` classes, standing alone, for the standard game.

The worker runs in the sandbox without the rest of this package (no reference Player, no solver: a student's file
cannot use them), so the seeds' boards are written here again for what a student's player gets, the standard
game on any size: the Dutch seed's ``Board(width, height)`` (``data``, ``allows_move``, ``add_move``,
``del_move``, ``wins_for``, ``is_full``, ``set_board``, ``clear``) and CS111's ``Board(height, width)``
(``slots``, ``add_checker``, ``add_checkers``, ``remove_checker``, ``can_add_to``, ``is_win_for``, ``reset``).
They answer as ``vp_connect4.seed.Board`` and ``vp_connect4.cs111.Board`` do, errors and all (their English
sentences: :data:`SAID`), whatever a student does to ``data``; ``tests/test_students_boards.py`` holds them to
it. They are quick on a textbook recursion's path (``allows_move``, ``add_move``, ``del_move``, ``wins_for``,
``is_full``: some fifty thousand calls a move at ply 4): ``wins_for`` reads ``data`` as one string, then as a
number whose bits are the checkers. Both are named ``Board``, as the student's code knows them.
"""

from __future__ import annotations

from functools import cache

EMPTY = " "
CHECKERS = ("X", "O")
MOST_SIDE = 64  # as the seed's board: vp_connect4.board.MAX_SIDE
DIGITS = "0123456789"  # a move of a move string is one digit
SAID = {  # the seed's sentences (vp_connect4.wording's English), which this process cannot import
    "bad_size": "{name} must be a whole number from 1 to {top}, got {value!r}",
    "bad_checker": "checker must be 'X' or 'O' (capital letters), got {value!r}",
    "not_a_column": "column must be a whole number 0-{last}, got {col!r}",
    "off_board": "column {col} is off the board: columns are 0-{last}",
    "full": "column {col} is full",
    "bad_move_string": "move_string must be a string of column digits, got {value!r}",
    "bad_move_digit": "move {number} of {moves!r} is {char!r}: only digits 0-{last} are allowed",
    "move_refused": "move {number} of {moves!r}: {error}",
}
_PAD = "|"  # between the rows of the string wins_for reads: a column of zeros, so no four runs across a row's end
_BITS = {ox: str.maketrans({ox: "1", other: "0", EMPTY: "0", _PAD: "0"}) for ox, other in (("X", "O"), ("O", "X"))}
_ONLY_CELLS = str.maketrans({"X": None, "O": None, EMPTY: None, _PAD: None})  # what is left is not a cell


class IllegalMoveError(ValueError):
    """A move the board does not allow (as the seed's ``vp_connect4.IllegalMoveError``, a ValueError)."""


class InvalidSettingError(ValueError):
    """A size or a checker the board does not take (as the seed's ``vp_connect4.InvalidSettingError``)."""


def _check_checker(ox: object) -> str:
    if ox not in CHECKERS:
        raise InvalidSettingError(SAID["bad_checker"].format(value=ox))
    return ox  # type: ignore[return-value]


class SeedBoard:
    """The Dutch seed's ``Board(width, height)``: ``data`` is a list of rows, top row first, of ' ', 'X' and 'O'."""

    def __init__(self, width: int = 7, height: int = 6) -> None:
        for name, value in (("width", width), ("height", height)):
            if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MOST_SIDE:
                raise InvalidSettingError(SAID["bad_size"].format(name=name, top=MOST_SIDE, value=value))
        self.width = width
        self.height = height
        self.data = [[EMPTY] * width for _ in range(height)]

    def __repr__(self) -> str:
        rows = ["|" + "|".join(row) + "|" for row in self.data]
        rule = "-" * (2 * self.width + 1)
        numbers = "".join(f" {col % 10}" for col in range(self.width))
        return "\n".join([*rows, rule, numbers])

    def _why_not(self, col: object) -> str | None:
        """Why ``col`` cannot be played now (a key of :data:`SAID`; None if it can)."""
        if isinstance(col, bool) or not isinstance(col, int):
            return "not_a_column"
        if not 0 <= col < self.width:
            return "off_board"
        return "full" if self.data[0][col] != EMPTY else None

    def _refusal(self, why: str, col: object) -> IllegalMoveError:
        return IllegalMoveError(SAID[why].format(col=col, last=self.width - 1))

    def allows_move(self, col: int) -> bool:
        """True if ``col`` is a column of this board with room for a checker."""
        if type(col) is int and 0 <= col < self.width:
            return self.data[0][col] == EMPTY
        return self._why_not(col) is None

    def add_move(self, col: int, ox: str) -> None:
        """Drop checker ``ox`` into column ``col``; IllegalMoveError if it cannot."""
        _check_checker(ox)
        why = self._why_not(col)
        if why is not None:
            raise self._refusal(why, col)
        data = self.data
        for row in range(self.height - 1, -1, -1):
            if data[row][col] == EMPTY:
                data[row][col] = ox
                return

    def del_move(self, col: int) -> None:
        """Remove the top checker of ``col``; nothing if the column is empty."""
        if not (type(col) is int and 0 <= col < self.width):
            why = self._why_not(col)
            if why in ("not_a_column", "off_board"):
                raise self._refusal(why, col)
        for row in range(self.height):
            if self.data[row][col] != EMPTY:
                self.data[row][col] = EMPTY
                return

    def is_full(self) -> bool:
        """True if no column has room."""
        top = self.data[0]
        return all(top[col] != EMPTY for col in range(self.width))

    def wins_for(self, ox: str) -> bool:
        """True if ``ox`` has four in a row: across, up, or along either diagonal."""
        bits = _BITS.get(ox)
        if bits is not None and len(self.data) == self.height:
            width = self.width
            if all(len(row) == width for row in self.data):
                text = _PAD.join(["".join(row) for row in self.data])
                if len(text) == self.height * (width + 1) - 1 and not text.translate(_ONLY_CELLS):
                    return _has_four(int(text.translate(bits), 2), width)
        return self._slow_wins_for(_check_checker(ox))

    def _slow_wins_for(self, ox: str) -> bool:
        """``wins_for`` on ``data`` as a student may have left it (cells that are no checker, rows of other lengths):
        the seed's way, every cell that is not empty taken as a checker, ``ox``'s where it is ``ox``."""
        width = self.width
        empty = [EMPTY] * width
        columns = tuple(range(width))
        stones = 0
        height = len(self.data)
        for index, row in enumerate(self.data):
            if row == empty:
                continue
            for cell, col in zip(row, columns, strict=True):
                if cell == ox:
                    stones |= 1 << ((height - 1 - index) * (width + 1) + (width - 1 - col))
        return _has_four(stones, width)

    def set_board(self, move_string: str) -> None:
        """Play alternating checkers, X first, into the columns named by the digits of ``move_string``. All or
        nothing: a ValueError says what is wrong, and the board is left as it was."""
        if not isinstance(move_string, str):
            raise IllegalMoveError(SAID["bad_move_string"].format(value=move_string))
        for number, char in enumerate(move_string, 1):
            if char not in DIGITS:
                last = min(self.width, len(DIGITS)) - 1
                said = SAID["bad_move_digit"].format(number=number, moves=move_string, char=char, last=last)
                raise IllegalMoveError(said)
        saved = [list(row) for row in self.data]
        ox = "X"
        for number, char in enumerate(move_string, 1):
            why = self._why_not(int(char))
            if why is not None:
                self.data = saved
                refused = self._refusal(why, int(char))
                raise IllegalMoveError(SAID["move_refused"].format(number=number, moves=move_string, error=refused))
            self.add_move(int(char), ox)
            ox = "O" if ox == "X" else "X"

    def clear(self) -> None:
        """Empty the board."""
        self.data = [[EMPTY] * self.width for _ in range(self.height)]


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


class CS111Board(SeedBoard):
    """CS111's ``Board(height, width)``, spoken to in CS111's words."""

    def __init__(self, height: int = 6, width: int = 7) -> None:
        super().__init__(width, height)

    @property
    def slots(self) -> list[list[str]]:
        return self.data

    @slots.setter
    def slots(self, value: list[list[str]]) -> None:
        self.data = value

    def __repr__(self) -> str:
        return super().__repr__() + "\n"

    def add_checker(self, checker: str, col: int) -> None:
        self.add_move(col, checker)

    def add_checkers(self, colnums: str) -> None:
        """Alternating checkers, X first, into the columns named by the digits of ``colnums``."""
        self.set_board(colnums)

    def reset(self) -> None:
        self.clear()

    def can_add_to(self, col: int) -> bool:
        return self.allows_move(col)

    def remove_checker(self, col: int) -> None:
        self.del_move(col)

    def is_win_for(self, checker: str) -> bool:
        return self.wins_for(checker)


for _board in (SeedBoard, CS111Board):
    _board.__name__ = _board.__qualname__ = "Board"  # what type(b) says to the student
