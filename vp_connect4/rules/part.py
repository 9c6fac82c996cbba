"""One way the rules differ from the standard game: the :class:`Part` every rule module (gravity, turn, tetris,
flip, chance, swap) gives, and what :class:`.variant.Variant` composes.

A part says how it is written (``gravity:left``, ``tetris``, ``chance:0.2``), what it changes in the
deterministic rules the engine plays (:meth:`Part.mechanics`: fields of :class:`.engine.mechanics.Mechanics`),
what chance does around a move (:meth:`Part.divert` before a drop, :meth:`Part.after` after a move: events the
AI does not foresee), and its name and rule in words (:meth:`Part.rule` for any front end, :meth:`Part.help` the
scene's: the rule and how to play it there).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import ClassVar

from .. import wording
from ..errors import InvalidSettingError
from .cells import Cell

MOST_EVERY = 99  # the most moves between two events of a part that comes every so many moves


class Part:
    """A rule of a variant. Subclasses are frozen dataclasses, one per module of this package."""

    key: ClassVar[str]  # the word before ':' in a rules text: gravity, tetris, flip, chance, swap
    random: ClassVar[bool] = False  # what it does is drawn by chance, so the AI does not foresee it

    @classmethod
    def read(cls, value: str, text: str) -> Part | None:
        """The part written ``key:value`` in ``text`` (``value`` empty when there is no ``:``), or None if
        ``value`` belongs to another part of the same key. InvalidSettingError says what is wrong with it."""
        raise NotImplementedError

    def __str__(self) -> str:
        """How it is written: what :meth:`read` reads back."""
        raise NotImplementedError

    @property
    def changes_nothing(self) -> bool:
        """True for a part that is the standard game's own rule (``gravity:down``): it is left out."""
        return False

    def mechanics(self, width: int, height: int) -> dict[str, object]:
        """What it sets of the deterministic rules (:class:`.engine.mechanics.Mechanics`' fields) on this size."""
        return {}

    def divert(self, slot: int, others: Sequence[int], rng: random.Random) -> int | None:
        """Before a drop into ``slot``: the slot chance sends it to instead (one of the ``others`` open), or None."""
        return None

    def after(self, moves: int, checkers: dict[str, list[Cell]], rng: random.Random) -> tuple[Cell, Cell] | None:
        """After a move that did not end the game (``moves`` made since the empty rack; ``checkers``: each side's
        cells in the order of ``Board.data``): two cells, an X's and an O's, whose checkers change colours, or None."""
        return None

    def name(self) -> str:
        """Its name in the rules menu (in the language spoken), e.g. ``gravity left``, ``chance 10%``."""
        raise NotImplementedError

    def rule(self) -> str:
        """Its rule in a sentence or two, in words any front end can show (the terminal's start, the scene's help)."""
        raise NotImplementedError



@dataclass(frozen=True)
class Switch(Part):
    """A part that is on or off: written as its key alone (``tetris``, ``flip``)."""

    @classmethod
    def read(cls, value: str, text: str) -> Part:
        if value:
            raise InvalidSettingError(wording.phrase(wording.bad_variant, text))
        return cls()

    def __str__(self) -> str:
        return self.key


@dataclass(frozen=True)
class Every(Part):
    """A part that acts after every ``every`` moves, written ``key:k`` (``swap:4``) or, with a ``prefix``, as
    ``key:prefix:k`` (``gravity:turn:6``); ``k`` left out is ``default``."""

    prefix: ClassVar[str] = ""
    default: ClassVar[int]
    name_of_every: ClassVar[str]  # how an error names the number: turn_every, swap_every
    said: ClassVar[tuple[Callable[[int], str], Callable[[int], str]]]  # its name and its rule in words, of ``every``
    every: int | None = None  # None: the default

    def __post_init__(self) -> None:
        every = self.default if self.every is None else self.every
        if isinstance(every, bool) or not isinstance(every, int) or not 1 <= every <= MOST_EVERY:
            raise InvalidSettingError(wording.phrase(wording.bad_every, self.name_of_every, MOST_EVERY, every))
        object.__setattr__(self, "every", every)

    @classmethod
    def read(cls, value: str, text: str) -> Part | None:
        if cls.prefix:
            prefix, _, value = value.partition(":")
            if prefix != cls.prefix:
                return None
        if value and not (value.isascii() and value.isdigit() and 1 <= int(value) <= MOST_EVERY):
            raise InvalidSettingError(wording.phrase(wording.bad_every, cls.name_of_every, MOST_EVERY, value))
        return cls(int(value) if value else cls.default)

    def __str__(self) -> str:
        return ":".join(filter(None, (self.key, self.prefix, str(self.every))))

    def name(self) -> str:
        return self.said[0](self.every)

    def rule(self) -> str:
        return self.said[1](self.every)
