"""A rule set: the parts in which it differs from the standard game, composed; parsed from a short text.

``Variant()`` (no parts, the text ``standard``) is the standard game. Every part is a module of this
package and composes with the others (``tetris+flip``, ``gravity:turn:6+chance:0.2``, ``gravity:down-left+swap``):

* ``gravity:down|up|left|right|down-left|down-right`` (:mod:`.gravity`), ``gravity:turn[:k]`` (:mod:`.turn`);
* ``tetris`` (:mod:`.tetris`), ``flip`` (:mod:`.flip`);
* ``chance[:p]`` (:mod:`.chance`), ``swap[:k]`` (:mod:`.swap`): drawn by chance, the AI does not foresee them.

After every move and every event both sides are looked at: one side with four in a row wins, both at once is
a draw, and a side to move without a legal move is a draw too (:meth:`.engine.mechanics.Mechanics.result`).
What the rules do on a board is the :class:`.referee.Referee`'s.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from .. import wording
from ..engine.mechanics import Mechanics, mechanics
from ..errors import InvalidSettingError
from .chance import Chance
from .flip import Flip
from .gravity import Gravity
from .part import Part
from .swap import Swap
from .tetris import Tetris
from .turn import Turn

PARTS: tuple[type[Part], ...] = (Turn, Gravity, Tetris, Flip, Chance, Swap)
"""Every part, in the order a rules text writes them (parts of one key: the first that reads a value takes it)."""
STANDARD = "standard"
KEYS = tuple(dict.fromkeys(part.key for part in PARTS))


@dataclass(frozen=True)
class Variant:
    """The rules of a game: the standard game's, changed by ``parts`` (at most one of each key)."""

    parts: tuple[Part, ...] = ()

    def __post_init__(self) -> None:
        kept = [part for part in self.parts if not part.changes_nothing]
        keys = [part.key for part in kept]
        for key in keys:
            if keys.count(key) > 1:
                raise InvalidSettingError(wording.phrase(wording.variant_twice, key, "+".join(map(str, kept))))
        kept.sort(key=lambda part: KEYS.index(part.key))
        object.__setattr__(self, "parts", tuple(kept))

    # -- text --------------------------------------------------------------------------------

    @classmethod
    def parse(cls, text: object) -> Variant:
        """The rules of a text: ``standard``, or parts joined by ``+`` (see the module docstring).

        E.g. ``tetris``, ``chance:0.2``, ``gravity:left``, ``gravity:turn:6``, ``flip+swap:4``. A ``Variant`` or
        None (the standard game) is returned as it is. InvalidSettingError says what is wrong.
        """
        if isinstance(text, Variant):
            return text
        if text is None:
            return cls()
        if not isinstance(text, str):
            raise InvalidSettingError(wording.phrase(wording.bad_variant, text))
        stripped = text.strip().lower()
        if stripped in ("", STANDARD):
            return cls()
        parts: list[Part] = []
        seen: set[str] = set()
        for written in stripped.split("+"):
            key, _, value = written.strip().partition(":")
            if key not in KEYS:
                raise InvalidSettingError(wording.phrase(wording.bad_variant, text))
            if key in seen:
                raise InvalidSettingError(wording.phrase(wording.variant_twice, key, text))
            seen.add(key)
            parts.append(_read(key, value, text))
        return cls(tuple(parts))

    def __str__(self) -> str:
        """The text :meth:`parse` reads back: ``standard`` or the parts, e.g. ``tetris+chance:0.2``."""
        return "+".join(map(str, self.parts)) or STANDARD

    # -- what it means ---------------------------------------------------------------------------

    def part(self, kind: type[Part]) -> Part | None:
        """The part of kind ``kind`` (e.g. ``Swap``) in these rules, or None."""
        return next((part for part in self.parts if isinstance(part, kind)), None)

    @property
    def is_random(self) -> bool:
        """Some part is drawn by chance (chance, swaps): events the AI does not foresee."""
        return any(part.random for part in self.parts)

    @cached_property
    def deterministic(self) -> Variant:
        """The part the AI searches: these rules without the parts drawn by chance."""
        return Variant(tuple(part for part in self.parts if not part.random))

    def mechanics(self, width: int, height: int) -> Mechanics:
        """The deterministic rules on a ``width`` x ``height`` rack, for the engine (built once per size)."""
        fields: dict[str, object] = {}
        for part in self.parts:
            fields.update(part.mechanics(width, height))
        return mechanics(width, height, **fields)  # type: ignore[arg-type]

    def name(self) -> str:
        """The rules in a few words (the rules menu): ``standard rules``, ``gravity left``, ``tetris + flip``..."""
        return " + ".join(part.name() for part in self.parts) or wording.standard_rules_name()

    def rule_sentences(self) -> list[str]:
        """The rules in sentences any front end can show, one a part (none for the standard game)."""
        return [part.rule() for part in self.parts]


def _read(key: str, value: str, text: str) -> Part:
    """The part written ``key:value``: the first kind of that key that reads ``value``."""
    for kind in PARTS:
        if kind.key == key:
            part = kind.read(value, text)
            if part is not None:
                return part
    raise InvalidSettingError(wording.phrase(wording.bad_variant, text))
