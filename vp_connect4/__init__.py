"""Connect Four for the seed courses: ``from vp_connect4 import Board, Player``.

Importing this package never imports VPython; only ``vp_connect4.vp3d`` does,
when the 3D scene starts.
"""

import os as _os
import sys as _sys

# ``python -m vp_connect4`` puts the working folder first on the import path. In a folder of submissions that
# would import a student's random.py or threading.py into the teacher's own process, outside every sandbox:
# the folder is dropped before anything else is imported (while Python finds the module, argv[0] is "-m").
if _sys.argv[:1] == ["-m"] and _sys.path and _os.path.abspath(_sys.path[0] or _os.curdir) == _os.getcwd():
    del _sys.path[0]

from .errors import Connect4Error, IllegalMoveError, InvalidSettingError
from .player import Player
from .seed import Board

__all__ = ["Board", "Connect4Error", "IllegalMoveError", "InvalidSettingError", "Player"]
