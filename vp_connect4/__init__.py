"""Connect Four for the seed courses: ``from vp_connect4 import Board, Player``.

Importing this package never imports VPython; only ``vp_connect4.vp3d`` does,
when the 3D scene starts.
"""

from .errors import Connect4Error, IllegalMoveError, InvalidSettingError
from .player import Player
from .seed import Board

__all__ = ["Board", "Connect4Error", "IllegalMoveError", "InvalidSettingError", "Player"]
