"""Two AIs play each other, ply 2 (X, orange) against ply 6 (O, blue): ``python scenes/ai_duel.py``.

Watch one move at a time; Pause stops the duel, Undo steps back, the sliders change a level mid-game.
"""

import sys

from vp_connect4 import wording
from vp_connect4.game import AI, Game, Seat
from vp_connect4.vp3d.app import scene_main

SEATS = {"X": Seat(AI, 2), "O": Seat(AI, 6)}

if __name__ == "__main__":
    sys.exit(scene_main(Game(seats=SEATS), description=wording.phrase(wording.ai_duel_description, 2, 6)))
