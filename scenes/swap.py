"""Swap: after every 6 moves an X and an O checker change colours. You (X, red) against the AI
(O, yellow) at ply 4: ``python scenes/swap.py`` (``--seed 3``: the same swaps every time)."""

import sys

from vp_connect4 import wording
from vp_connect4.board import Board
from vp_connect4.game import AI, HUMAN, Game, Seat
from vp_connect4.vp3d.app import scene_main
from vp_connect4.vp3d.texts.rules_menu import scene_description

RULES = "swap"
SEATS = {"X": Seat(HUMAN), "O": Seat(AI, 4)}

if __name__ == "__main__":
    game = Game(Board(7, 6, variant=RULES), seats=SEATS)
    sys.exit(scene_main(game, description=wording.phrase(scene_description, RULES, 4)))
