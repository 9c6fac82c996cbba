"""Flips, ``flip``: instead of dropping a checker the side to move may turn the rack 180 degrees; every checker
keeps to its line, now the other way round, and falls to the new floor. A flip is a move (the turn passes); a
side may not flip twice in a row, nor make a flip that changes nothing. The flip is the move after the drops."""

from __future__ import annotations

from dataclasses import dataclass

from .. import wording
from .part import Switch


@dataclass(frozen=True)
class Flip(Switch):
    key = "flip"

    def mechanics(self, width: int, height: int) -> dict[str, object]:
        return {"flip": True}

    def name(self) -> str:
        return wording.flip_part_name()

    def rule(self) -> str:
        return wording.flip_rule()
