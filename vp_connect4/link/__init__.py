"""A game between two programs, over a link of its own: a websocket on the address the host chose.

The host (``--listen ADDRESS:PORT``, one side ``remote``) prints an invite (:mod:`.invite`: the address, the port
and a random token); the guest (``--join CODE``) plays the remote side with its own setting for it. The token is
checked before anything else (:mod:`.host`); every message is bounded and of a known shape (:mod:`.messages`);
a move counts only on its side's turn and legal by the referee (:mod:`.peer`). The host owns the game's settings
(:mod:`.guest` reads its welcome), and draws what the rules leave to chance (:mod:`.chance`). For now: the terminal
game, the standard rules or chance.

This face imports no websocket library (the text game runs without the dependencies installed): import
:mod:`.host`, :mod:`.guest` and :mod:`.peer` where a link is made.
"""

from __future__ import annotations

from .invite import Address, Invite, invite_code, listen_address
from .messages import LEFT, OVER
from .options import REMOTE, link_problem

__all__ = ["LEFT", "OVER", "REMOTE", "Address", "Invite", "invite_code", "link_problem", "listen_address"]
