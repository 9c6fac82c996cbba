"""Tetris: a full row vanishes and the rows above it fall. You (X, orange) against the AI (O, blue)
at ply 4: ``python scenes/tetris.py``."""

import sys

from _variant_scene import play_variant

if __name__ == "__main__":
    sys.exit(play_variant("tetris"))
