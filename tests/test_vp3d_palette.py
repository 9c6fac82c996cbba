"""The scene's palette tells the sides apart with any common colour-vision deficiency, and in greyscale.

Each colour is seen as a person with protanopia, deuteranopia or tritanopia sees it (Machado, Oliveira and
Fernandes 2009, severity 1: the complete deficiency, on linear RGB), then compared in CIELAB (the distance
ΔE*ab: about 2 is just noticeable, 40 a different colour at a glance). The two sides must differ by
:data:`SIDES_APART` in every vision and in lightness alone (:data:`LIGHTNESS_RATIO`, WCAG's contrast ratio of
their luminances: greyscale, achromatopsia); each side must stand out from the rack and from an empty hole (the
background seen through it) by :data:`FROM_THE_RACK`. The old red and yellow do not pass: deuteranopia brings
them within 40 of each other.
"""

from __future__ import annotations

import math

import pytest

from vp_connect4.vp3d.view import palette
from vp_connect4.vp3d.view.view import BACKGROUND

Colour = tuple[float, float, float]

SIDES_APART = 40.0  # ΔE*ab between X and O in every vision
LIGHTNESS_RATIO = 3.0  # luminance contrast between X and O
FROM_THE_RACK = 30.0  # ΔE*ab between a side and the rack, or an empty hole
OLD_RED_YELLOW = {"X": (0.9, 0.08, 0.08), "O": (1.0, 0.82, 0.05)}

VISIONS: dict[str, tuple[Colour, Colour, Colour]] = {
    "typical": ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0)),
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.01182, 0.04294, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.3039)),
}


def linear(channel: float) -> float:
    """sRGB to linear light."""
    return channel / 12.92 if channel <= 0.04045 else ((channel + 0.055) / 1.055) ** 2.4


def seen(colour: Colour, vision: str) -> Colour:
    """``colour`` (sRGB) as ``vision`` sees it, in linear RGB."""
    rgb = [linear(channel) for channel in colour]
    rows = VISIONS[vision]
    return tuple(min(max(sum(m * c for m, c in zip(row, rgb, strict=True)), 0.0), 1.0) for row in rows)  # type: ignore[return-value]


def luminance(rgb: Colour) -> float:
    """Relative luminance of a linear RGB colour."""
    r, g, b = rgb
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def lab(rgb: Colour) -> Colour:
    """CIELAB (D65) of a linear RGB colour."""
    r, g, b = rgb
    xyz = (
        (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047,
        luminance(rgb),
        (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883,
    )
    fx, fy, fz = (t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116 for t in xyz)
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))


def apart(a: Colour, b: Colour, vision: str) -> float:
    """ΔE*ab between ``a`` and ``b`` as ``vision`` sees them."""
    return math.dist(lab(seen(a, vision)), lab(seen(b, vision)))


def contrast(a: Colour, b: Colour) -> float:
    """WCAG's contrast ratio of two sRGB colours' luminances."""
    light, dark = sorted((luminance(seen(a, "typical")), luminance(seen(b, "typical"))), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def sides_apart(colours: dict[str, Colour]) -> bool:
    x, o = colours["X"], colours["O"]
    return all(apart(x, o, vision) >= SIDES_APART for vision in VISIONS) and contrast(x, o) >= LIGHTNESS_RATIO


@pytest.mark.parametrize("vision", VISIONS)
def test_the_sides_are_far_apart_in_every_vision(vision: str) -> None:
    x, o = palette.CHECKER_COLOURS["X"], palette.CHECKER_COLOURS["O"]
    assert apart(x, o, vision) >= SIDES_APART
    for ox in "XO":
        side = palette.CHECKER_COLOURS[ox]
        assert apart(side, palette.RACK, vision) >= FROM_THE_RACK, f"{ox} on the rack, {vision}"
        assert apart(side, BACKGROUND, vision) >= FROM_THE_RACK, f"{ox} against an empty hole, {vision}"


def test_the_sides_differ_in_lightness_alone() -> None:
    assert contrast(palette.CHECKER_COLOURS["X"], palette.CHECKER_COLOURS["O"]) >= LIGHTNESS_RATIO


def test_the_old_red_and_yellow_would_not_pass() -> None:
    assert sides_apart(palette.CHECKER_COLOURS)
    assert not sides_apart(OLD_RED_YELLOW)
    assert apart(OLD_RED_YELLOW["X"], OLD_RED_YELLOW["O"], "deuteranopia") < SIDES_APART


def test_the_mark_stands_out_on_an_o_checker() -> None:
    assert contrast(palette.MARK, palette.CHECKER_COLOURS["O"]) >= 2 * LIGHTNESS_RATIO
