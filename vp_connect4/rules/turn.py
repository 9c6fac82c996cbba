"""Turning gravity, ``gravity:turn[:k]``: gravity starts down and turns a quarter clockwise (down, left, up,
right, down...) after every ``k`` moves (default 4); every checker then slides to the new floor."""

from __future__ import annotations

from dataclasses import dataclass

from .. import wording
from .part import Every


@dataclass(frozen=True)
class Turn(Every):
    """Gravity turns a quarter clockwise after every ``every`` moves."""

    key = "gravity"
    prefix = "turn"
    default = 4
    name_of_every = "turn_every"
    said = (wording.turn_part_name, wording.turn_rule)

    def mechanics(self, width: int, height: int) -> dict[str, object]:
        return {"turn_every": self.every}
