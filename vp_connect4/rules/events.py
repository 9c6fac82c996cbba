"""What happened in a move, for the front ends: a checker's landing, a flip, a cleared line, gravity turning,
chance, a swap. :meth:`.referee.Referee.apply` returns them in order; :func:`describe` says them in words."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from .. import wording
from .cells import Cell, Path


@dataclass(frozen=True)
class Dropped:
    """A checker came to rest in ``cell``."""

    cell: Cell


@dataclass(frozen=True)
class Flipped:
    """The rack turned 180 degrees; every checker went along ``paths`` (from its cell to where it fell)."""

    paths: tuple[Path, ...]


@dataclass(frozen=True)
class Cleared:
    """A full line vanished (tetris): ``line`` 'row' or 'column' number ``index``; the checkers beyond it fell
    along ``falls``."""

    line: str
    index: int
    cells: tuple[Cell, ...]
    falls: tuple[Path, ...]


@dataclass(frozen=True)
class GravityTurned:
    """Gravity now pulls ``gravity``; every checker slid along ``paths`` (those that stayed are in them too)."""

    gravity: str
    paths: tuple[Path, ...]


@dataclass(frozen=True)
class Swapped:
    """An X checker and an O checker changed colours."""

    first: Cell
    second: Cell


@dataclass(frozen=True)
class Veered:
    """Chance: the checker meant for slot ``chosen`` went into slot ``played``."""

    chosen: int
    played: int


Event = Dropped | Flipped | Cleared | GravityTurned | Swapped | Veered


def from_mechanics(happened: tuple) -> Event:
    """One thing the engine's :meth:`.engine.mechanics.Mechanics.play` says happened, as an event."""
    kind, *what = happened
    if kind == "drop":
        return Dropped(what[0])
    if kind == "flip":
        return Flipped(tuple(what[0]))
    if kind == "turn":
        return GravityTurned(what[0], tuple(what[1]))
    line, index, cells, falls = what
    return Cleared(line, index, tuple(cells), tuple(falls))


def describe(event: Event, ox: str, line: str = "column") -> str:
    """What happened, in words (empty for a checker's landing, which the move itself tells).

    ``ox``: the side that moved; ``line``: what its move named, ``column`` or ``row`` (moves counted from 0).
    """
    if isinstance(event, Veered):
        return wording.chance_text(line, event.chosen, event.played)
    if isinstance(event, Flipped):
        return wording.flip_text(ox)
    if isinstance(event, Cleared):
        return wording.cleared_text(event.line, event.index)
    if isinstance(event, GravityTurned):
        return wording.gravity_text(event.gravity)
    if isinstance(event, Swapped):
        return wording.swap_text(event.first, event.second)
    return ""


@dataclass(frozen=True)
class Played:
    """A move made in a game: the move (chance may have changed it), what happened, and its game code."""

    move: int
    events: tuple[Event, ...]
    code: str


class Replayed(NamedTuple):
    """A move of a game code, made: who made it, what it named (``column``, ``row``, ``flip``), and how it went."""

    ox: str
    line: str
    played: Played
