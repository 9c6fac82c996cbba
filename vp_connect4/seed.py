"""The seed's ``Board``: the core board plus the seed's games in the terminal (``host_game``, ``play_game``).

This is what ``from vp_connect4 import Board`` gives. Its floor is above the terminal game's (see
docs/architecture.md), which it imports only when a game is played: ``import vp_connect4`` loads no front end.
"""

from __future__ import annotations

from .board import RulesBoard
from .player import Player


class Board(RulesBoard):
    """A Connect Four board of any size, with the seed's games in the terminal."""

    def host_game(self) -> None:
        """Two people play on this board in the terminal, X first."""
        from .text_ui import play_in_terminal

        play_in_terminal(self, "human", "human", style="host_game")

    def play_game(self, px: Player | str, po: Player | str) -> None:
        """Play a game on this board; ``px``/``po`` are Players or the string ``'human'``."""
        from .text_ui import play_in_terminal

        play_in_terminal(self, px, po, style="play_game")
