"""Swap: after every 6 moves an X and an O checker change colours. You (X, orange) against the AI
(O, blue) at ply 4: ``python scenes/swap.py`` (``--seed 3``: the same swaps every time)."""

import sys

from _variant_scene import play_variant

if __name__ == "__main__":
    sys.exit(play_variant("swap"))
