"""Swaps, ``swap[:k]``: after every ``k`` moves (default 6), one random X checker and one random O checker
change colours (unless the move ended the game). In a game code the swap follows its move: ``s`` and the two
cells' column and row. The AI does not foresee it."""

from __future__ import annotations

import random
from dataclasses import dataclass

from .. import wording
from ..errors import InvalidSettingError
from .cells import Cell
from .part import Part
from .turn import MOST_EVERY, whole_moves

DEFAULT_EVERY = 6


@dataclass(frozen=True)
class Swap(Part):
    """An X and an O checker change colours after every ``every`` moves."""

    key = "swap"
    random = True
    every: int = DEFAULT_EVERY

    def __post_init__(self) -> None:
        every = self.every
        if isinstance(every, bool) or not isinstance(every, int) or not 1 <= every <= MOST_EVERY:
            raise InvalidSettingError(wording.phrase(wording.bad_every, "swap_every", MOST_EVERY, every))

    @classmethod
    def read(cls, value: str, text: str) -> Swap:
        return cls(whole_moves(value, DEFAULT_EVERY, "swap_every"))

    def __str__(self) -> str:
        return f"swap:{self.every}"

    def after(self, moves: int, checkers: dict[str, list[Cell]], rng: random.Random) -> tuple[Cell, Cell] | None:
        if moves % self.every or not checkers["X"] or not checkers["O"]:
            return None
        return rng.choice(checkers["X"]), rng.choice(checkers["O"])

    def name(self) -> str:
        return wording.swap_part_name(self.every)

    def help(self, rows: int) -> str:
        return wording.swap_help(self.every)
