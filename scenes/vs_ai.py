"""You (X, orange) against the AI (O, blue), four moves deep: ``python scenes/vs_ai.py``."""

import sys

from vp_connect4 import wording
from vp_connect4.game import AI, HUMAN, Game, Seat
from vp_connect4.vp3d.app import scene_main

SEATS = {"X": Seat(HUMAN), "O": Seat(AI, 4)}

if __name__ == "__main__":
    sys.exit(scene_main(Game(seats=SEATS), description=wording.phrase(wording.vs_ai_description, 4)))
