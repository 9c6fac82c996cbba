"""The seed's ``Board``: the core board plus the seed's games in the terminal (``host_game``, ``play_game``).

This is what ``from vp_connect4 import Board`` gives. The terminal methods live here, above the
game model, so the core (``board`` -> ``player`` -> ``game``) has no import circle.
"""

from __future__ import annotations

from . import board
from .player import Player
from .text_ui import play_in_terminal


class Board(board.Board):
    """A Connect Four board of any size, with the seed's games in the terminal."""

    def host_game(self) -> None:
        """Two people play on this board in the terminal, X first."""
        play_in_terminal(self, "human", "human", style="host_game")

    def play_game(self, px: Player | str, po: Player | str) -> None:
        """Play a game on this board; ``px``/``po`` are Players or the string ``'human'``."""
        play_in_terminal(self, px, po, style="play_game")
