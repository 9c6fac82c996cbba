"""Chance, ``chance[:p]``: with probability ``p`` (default 0.1, at most 0.5) a dropped checker goes into a random
other open column (or row) instead of the one chosen; a flip is never replaced. The AI does not foresee it."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from .. import wording
from ..errors import InvalidSettingError
from .part import Part

DEFAULT_CHANCE = 0.1
MOST_CHANCE = 0.5


@dataclass(frozen=True)
class Chance(Part):
    """A drop goes elsewhere with probability ``probability``."""

    key = "chance"
    random = True
    probability: float = DEFAULT_CHANCE

    def __post_init__(self) -> None:
        chance = self.probability
        if isinstance(chance, bool) or not isinstance(chance, (int, float)) or not 0 <= chance <= MOST_CHANCE:
            raise InvalidSettingError(wording.phrase(wording.bad_chance, MOST_CHANCE, chance))
        object.__setattr__(self, "probability", float(chance))

    @classmethod
    def read(cls, value: str, text: str) -> Chance:
        if not value:
            return cls()
        try:
            chance = float(value)
        except ValueError:
            chance = math.nan
        if not 0 <= chance <= MOST_CHANCE:  # NaN fails too
            raise InvalidSettingError(wording.phrase(wording.bad_chance, MOST_CHANCE, value))
        return cls(chance)

    def __str__(self) -> str:
        return f"chance:{self.probability!r}"

    @property
    def changes_nothing(self) -> bool:
        return not self.probability

    def divert(self, slot: int, others: Sequence[int], rng: random.Random) -> int | None:
        if rng.random() < self.probability and others:
            return rng.choice(others)
        return None

    def name(self) -> str:
        return wording.chance_part_name(self.probability)

    def rule(self) -> str:
        return wording.chance_help(self.probability)
