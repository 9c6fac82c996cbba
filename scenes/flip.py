"""Flip: instead of dropping a checker you may turn the rack over (Turn the rack, or f), and every
checker falls to the new floor. You (X, orange) against the AI (O, blue) at ply 4: ``python scenes/flip.py``."""

import sys

from _variant_scene import play_variant

if __name__ == "__main__":
    sys.exit(play_variant("flip"))
