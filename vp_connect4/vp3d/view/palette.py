"""The scene's colours, chosen so that everyone tells the two sides apart.

X plays orange checkers and O dark blue ones: the orange and blue of Okabe and Ito's colour-blind-safe palette,
far apart in lightness too, so the sides stay apart with any common colour-vision deficiency (protanopia,
deuteranopia, tritanopia) and in greyscale; ``tests/test_vp3d_palette.py`` simulates each. The rack is a neutral
grey that neither side resembles. Colour is not needed at all: every O checker carries a white ring on its face
(``MARK``, :mod:`.checkers`), an X checker none. The terminal writes X and O.

Colours are VPython's (red, green, blue from 0 to 1); the page's words in a side's colour use ``TEXT_COLOURS``,
darker shades that read well on the page's light background.
"""

from __future__ import annotations

Colour = tuple[float, float, float]

CHECKER_COLOURS: dict[str, Colour] = {"X": (0.95, 0.6, 0.0), "O": (0.05, 0.25, 0.6)}
TEXT_COLOURS = {"X": "#b35c00", "O": "#1d4fa0"}  # CSS colours of the words "orange" and "blue" in the help
RACK = (0.6, 0.6, 0.62)  # the panels and posts: a neutral light grey
BASE = (0.28, 0.29, 0.32)  # the base under them, darker (the white numbers stand on it)
MARK = (1.0, 1.0, 1.0)  # the ring on every O checker
