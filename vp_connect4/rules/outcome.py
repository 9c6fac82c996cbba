"""How a game ended: one type for the terminal, the scene, the analysis and the benchmarks."""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.state import Termination
from .cells import Spot

__all__ = ["Outcome", "Termination"]


@dataclass(frozen=True)
class Outcome:
    """How a game ended: ``winner`` 'X' or 'O', or a draw (None); ``spots``: the places of the fours' checkers in
    ``Board.data`` (:data:`.cells.Spot`, ``(row, column)``); ``termination``: why it ended."""

    winner: str | None
    spots: tuple[Spot, ...]
    termination: Termination

    def __str__(self) -> str:
        """The fixed words of the log's ``result:`` line: ``X wins`` or ``draw``."""
        return "draw" if self.winner is None else f"{self.winner} wins"
