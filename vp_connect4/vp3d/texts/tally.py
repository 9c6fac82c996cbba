"""The score across the games of one scene: counted when a result is announced, kept by New game."""

from __future__ import annotations

from collections import Counter

from ... import wording

DRAW = None


class Tally:
    def __init__(self, counts: tuple[int, int, int] = (0, 0, 0)) -> None:
        """``counts``: X's wins, O's wins and draws so far (see :meth:`counts`)."""
        x, o, draws = counts
        self.wins: Counter[str | None] = Counter({"X": x, "O": o, DRAW: draws})

    def add(self, winner: str | None) -> None:
        """A result was announced (``winner`` None: a draw)."""
        self.wins[winner] += 1

    def take_back(self, winner: str | None) -> None:
        """An undo took back a finished game's last move: its result no longer counts."""
        if self.wins[winner] > 0:
            self.wins[winner] -= 1

    def counts(self) -> tuple[int, int, int]:
        """X's wins, O's wins, draws."""
        return self.wins["X"], self.wins["O"], self.wins[DRAW]

    def text(self) -> str:
        return wording.tally(self.wins["X"], self.wins["O"], self.wins[DRAW])
