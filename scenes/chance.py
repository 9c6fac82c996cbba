"""Chance: one move in ten goes into another column than the one chosen. You (X, orange) against the AI
(O, blue) at ply 4: ``python scenes/chance.py`` (``--seed 3``: the same chances every time)."""

import sys

from _variant_scene import play_variant

if __name__ == "__main__":
    sys.exit(play_variant("chance"))
