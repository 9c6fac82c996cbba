"""``python -m vp_connect4``: the same as the ``vp-connect4`` command (see ``--help``)."""

import sys

from vp_connect4.cli import main

sys.exit(main())
