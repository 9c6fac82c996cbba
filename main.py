"""Start Connect Four from a checkout: ``python main.py`` (see ``--help``); the game is ``vp_connect4.cli``."""

import sys

try:
    from vp_connect4.cli import main
except KeyboardInterrupt:  # Ctrl-C while the program starts: no traceback
    sys.exit(130)

if __name__ == "__main__":
    sys.exit(main())
