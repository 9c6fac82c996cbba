"""You (X, red) against the AI (O, yellow), four moves deep: ``python scenes/vs_ai.py``."""

import sys

from vp_connect4.game import AI, HUMAN, Seat
from vp_connect4.vp3d.app import scene_main

SEATS = {"X": Seat(HUMAN), "O": Seat(AI, ply=4, tiebreak="RANDOM")}

if __name__ == "__main__":
    sys.exit(scene_main(SEATS, description="You are X (red) and move first; the AI plays O (yellow) at ply 4."))
