"""Turning gravity, ``gravity:turn[:k]``: gravity starts down and turns a quarter clockwise (down, left, up,
right, down...) after every ``k`` moves (default 4); every checker then slides to the new floor."""

from __future__ import annotations

from dataclasses import dataclass

from .. import wording
from ..errors import InvalidSettingError
from .gravity import TURN
from .part import Part

DEFAULT_EVERY = 4
MOST_EVERY = 99


def whole_moves(value: str, default: int, name: str) -> int:
    """A number of moves as written after ``:`` (empty: ``default``); InvalidSettingError names ``name``."""
    if not value:
        return default
    if not (value.isascii() and value.isdigit()) or not 1 <= int(value) <= MOST_EVERY:
        raise InvalidSettingError(wording.phrase(wording.bad_every, name, MOST_EVERY, value))
    return int(value)


@dataclass(frozen=True)
class Turn(Part):
    """Gravity turns a quarter clockwise after every ``every`` moves."""

    key = "gravity"
    every: int = DEFAULT_EVERY

    def __post_init__(self) -> None:
        every = self.every
        if isinstance(every, bool) or not isinstance(every, int) or not 1 <= every <= MOST_EVERY:
            raise InvalidSettingError(wording.phrase(wording.bad_every, "turn_every", MOST_EVERY, every))

    @classmethod
    def read(cls, value: str, text: str) -> Turn | None:
        direction, _, every = value.partition(":")
        if direction != TURN:
            return None
        return cls(whole_moves(every, DEFAULT_EVERY, "turn_every"))

    def __str__(self) -> str:
        return f"gravity:{TURN}:{self.every}"

    def mechanics(self, width: int, height: int) -> dict[str, object]:
        return {"turn_every": self.every}

    def name(self) -> str:
        return wording.turn_part_name(self.every)

    def help(self, rows: int) -> str:
        return wording.turn_help(self.every, rows)
