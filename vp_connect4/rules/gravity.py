"""Gravity in another direction: ``gravity:up``, ``gravity:left``, ``gravity:right`` (a move names a row, counted
from the bottom), or diagonal, ``gravity:down-left`` and ``gravity:down-right`` (a checker dropped into a column
slides along the diagonal through that column's top cell, to the lowest free cell). ``gravity:down`` is the
standard game's. Turning gravity (``gravity:turn``) is :mod:`.turn`'s."""

from __future__ import annotations

from dataclasses import dataclass

from .. import wording
from ..engine.frames import DIAGONAL, GRAVITIES
from ..errors import InvalidSettingError
from .part import Part

DIAGONAL_GRAVITIES = DIAGONAL  # the gravities that pull along a diagonal (a drop slides after it falls)


@dataclass(frozen=True)
class Gravity(Part):
    """Checkers fall towards ``direction`` (one of :data:`.engine.frames.GRAVITIES`)."""

    key = "gravity"
    direction: str = "down"

    def __post_init__(self) -> None:
        if self.direction not in GRAVITIES:
            raise InvalidSettingError(wording.phrase(wording.bad_gravity, self.direction, GRAVITIES))

    @classmethod
    def read(cls, value: str, text: str) -> Gravity:  # gravity:turn is read by the turn part, tried first
        return cls(value)

    def __str__(self) -> str:
        return f"gravity:{self.direction}"

    @property
    def changes_nothing(self) -> bool:
        return self.direction == "down"

    def mechanics(self, width: int, height: int) -> dict[str, object]:
        return {"gravity": self.direction}

    def name(self) -> str:
        return wording.gravity_part_name(self.direction)

    def rule(self) -> str:
        return wording.gravity_rule(self.direction)
