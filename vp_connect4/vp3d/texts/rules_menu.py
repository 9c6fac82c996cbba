"""The rules menu's choices (the rule variants a person can pick in the scene), their names and help; the size
menu's choices.

The list: the standard game, each variant alone and a few combinations; a scene started with other
rules (``--variant chance:0.3+swap:4``) has them added at the end, so the menu always shows the rules
played. Names and help come from ``wording``, in the language spoken. Nothing here imports VPython.
"""

from __future__ import annotations

from ... import wording
from ...rules import Variant

MENU_VARIANTS = tuple(
    Variant.parse(text)
    for text in (
        "standard",
        "gravity:up",
        "gravity:left",
        "gravity:right",
        "gravity:turn",
        "tetris",
        "flip",
        "chance",
        "swap",
        "tetris+flip",
        "gravity:turn+tetris",
        "chance+swap",
    )
)


def menu_variants(*played: Variant) -> list[Variant]:
    """The menu's choices: the usual ones, then any rules ``played`` that are not among them."""
    choices = list(MENU_VARIANTS)
    for variant in played:
        if variant not in choices:
            choices.append(variant)
    return choices


def scene_description(text: str, ply: int) -> str:
    """What a ready-made variant scene (``scenes/tetris.py``) prints: its rules (``text``) and the AI's level."""
    return wording.variant_scene_description(Variant.parse(text).name(), ply)


MENU_SIZES = ((4, 4), (5, 4), (6, 5), (7, 6), (8, 7), (9, 7), (10, 8), (10, 10))


def menu_sizes(*played: tuple[int, int]) -> list[tuple[int, int]]:
    """The size menu's choices: the usual ones, then any size ``played`` that is not among them."""
    return list(dict.fromkeys((*MENU_SIZES, *played)))


def size_name(size: tuple[int, int]) -> str:
    """A size as the menu shows it and ``--size`` takes it: ``7x6``."""
    return f"{size[0]}x{size[1]}"
