"""A puzzle: X (orange, you) to move and win against a careful AI: ``python scenes/puzzle.py``.

One column wins within three moves whatever O answers (a slower win exists too).
Stuck? Press Hint. Undo takes back a try; New game sets the puzzle up again.
"""

import sys

from vp_connect4 import wording
from vp_connect4.game import AI, HUMAN, Game, Seat
from vp_connect4.vp3d.app import scene_main

POSITION = "31443144"  # as set_board takes it: X to move; column 5 (key 6) wins by force within 3 moves
SEATS = {"X": Seat(HUMAN), "O": Seat(AI, 6)}

if __name__ == "__main__":
    sys.exit(
        scene_main(
            Game(seats=SEATS, start_moves=POSITION, tiebreak="LEFT"),
            description=wording.phrase(wording.puzzle_goal),
            goal=wording.phrase(wording.puzzle_goal),  # shown on the page too, in the page's language
        )
    )
