"""Gravity turns a quarter clockwise after every 4 moves, and the checkers slide to the new floor;
while it pulls sideways a move names a row. You (X, orange) against the AI (O, blue) at ply 4:
``python scenes/gravity.py``."""

import sys

from _variant_scene import play_variant

if __name__ == "__main__":
    sys.exit(play_variant("gravity:turn"))
