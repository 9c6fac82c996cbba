"""What the ready-made variant scenes (tetris.py, flip.py, gravity.py, chance.py, swap.py) share: you (X, orange)
against the AI (O, blue) at ply 4 on the standard 7x6 rack, under the rules each scene names.

Not a scene itself. The scenes import it by its bare name: Python puts a script's own folder first on
``sys.path``, so ``python scenes/tetris.py`` finds it from the repo root or from any other folder.
"""

from vp_connect4 import wording
from vp_connect4.board import RulesBoard
from vp_connect4.game import AI, HUMAN, Game, Seat
from vp_connect4.vp3d.app import scene_main
from vp_connect4.vp3d.texts.rules_menu import scene_description

AI_PLY = 4
SEATS = {"X": Seat(HUMAN), "O": Seat(AI, AI_PLY)}


def play_variant(rules: str) -> int:
    """Open the scene under ``rules`` (as ``--variant`` takes them: ``gravity:turn``), with the command line of
    ``scene_main`` (``--no-browser``, ``--port``, ``--seed``, ``--lang``); returns its exit code."""
    game = Game(RulesBoard(7, 6, variant=rules), seats=SEATS)
    return scene_main(game, description=wording.phrase(scene_description, rules, AI_PLY))
