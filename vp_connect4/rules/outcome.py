"""How a game ended: one type for the terminal, the scene, the analysis and the benchmarks."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Termination(Enum):
    """Why the game is over."""

    FOUR = "four"  # one side has four in a row: it wins
    BOTH_FOURS = "both fours"  # both sides have four in a row at once (a flip, a swap, gravity turning): a draw
    FULL = "full"  # every cell holds a checker: a draw
    NO_MOVE = "no move"  # the side to move has no move, though cells are empty (no diagonal reaches them): a draw
    MOVE_LIMIT = "move limit"  # the rules' move limit was reached (tetris games may run long): a draw


@dataclass(frozen=True)
class Outcome:
    """How a game ended: ``winner`` 'X' or 'O', or a draw (None); ``cells``: the cells of the fours on the board
    (``(row, column)`` in ``Board.data``); ``termination``: why it ended."""

    winner: str | None
    cells: tuple[tuple[int, int], ...] = ()
    termination: Termination | None = None  # None: FOUR for a win, FULL for a draw

    def __post_init__(self) -> None:
        if self.termination is None:
            object.__setattr__(self, "termination", Termination.FULL if self.winner is None else Termination.FOUR)

    @property
    def is_draw(self) -> bool:
        return self.winner is None

    def __str__(self) -> str:
        """The fixed words of the log's ``result:`` line: ``X wins`` or ``draw``."""
        return "draw" if self.winner is None else f"{self.winner} wins"
