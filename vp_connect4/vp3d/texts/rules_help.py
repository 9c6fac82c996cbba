"""The rules in the scene's help: each part's rule in words, and what the scene adds to play it (its arrow,
buttons and keys). The rules layer says what a rule is; how the scene shows it is said here."""

from __future__ import annotations

from collections.abc import Callable

from ... import wording
from ...rules import Part, Variant
from ...rules.flip import Flip
from ...rules.gravity import Gravity
from ...rules.turn import Turn

# what the scene adds to a part's rule, by the kind of part (``rows``: the rack's rows, for the keys)
SCENE_HINTS: dict[type[Part], Callable[[Part, int], str]] = {
    Gravity: lambda part, rows: wording.gravity_scene_hint(part.direction, rows),  # type: ignore[attr-defined]
    Turn: lambda part, rows: wording.turn_scene_hint(rows),
    Flip: lambda part, rows: wording.flip_scene_hint(),
}


def part_help(part: Part, rows: int) -> str:
    """A part's rule and how to play it in the scene."""
    hint = SCENE_HINTS.get(type(part))
    return " ".join(filter(None, (part.rule(), hint(part, rows) if hint else "")))


def rules_help(variant: Variant, rows: int) -> str:
    """The rules in sentences with how to play them in the scene, for the scene's help (HTML; empty for the
    standard game)."""
    return wording.rules_help([part_help(part, rows) for part in variant.parts])
