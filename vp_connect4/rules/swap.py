"""Swaps, ``swap[:k]``: after every ``k`` moves (default 6), one random X checker and one random O checker
change colours (unless the move ended the game). In a game code the swap follows its move: ``s`` and the two
cells' column and row. The AI does not foresee it."""

from __future__ import annotations

import random
from dataclasses import dataclass

from .. import wording
from .cells import Cell
from .part import Every


@dataclass(frozen=True)
class Swap(Every):
    """An X and an O checker change colours after every ``every`` moves."""

    key = "swap"
    random = True
    default = 6
    name_of_every = "swap_every"
    said = (wording.swap_part_name, wording.swap_help)

    def after(self, moves: int, checkers: dict[str, list[Cell]], rng: random.Random) -> tuple[Cell, Cell] | None:
        if moves % self.every or not checkers["X"] or not checkers["O"]:
            return None
        return rng.choice(checkers["X"]), rng.choice(checkers["O"])
