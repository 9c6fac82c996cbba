"""Start Connect Four from a checkout: ``python main.py`` (see ``--help``); the game is ``vp_connect4.cli``."""

import sys

from vp_connect4.cli import main

if __name__ == "__main__":
    sys.exit(main())
