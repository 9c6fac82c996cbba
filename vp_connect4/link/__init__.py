"""A game between two programs, over a link of its own: a websocket on the address the host chose.

The host (``--listen ADDRESS:PORT``, one side ``remote``) prints an invite (:mod:`.invite`: the address, the port
and a random token); the guest (``--join CODE``) plays the remote side with its own setting for it. The token is
checked before anything else (:mod:`.host`); every message is bounded and of a known shape (:mod:`.messages`);
a move counts only on its side's turn and legal by the referee (:mod:`.peer`). The host owns the game's settings
(:mod:`.guest` reads its welcome), and draws what the rules leave to chance, chance and swaps (:mod:`.chance`).
Undo, New game and Swap sides are offers the other side accepts or refuses (:mod:`.offers`; the terminal's
``u`` and ``n``: :mod:`.terminal`). The terminal game and the 3D scene (:mod:`.scene`: it asks once a frame,
never waits), the standard rules, chance or swaps.

For a front end that waits for the link (the terminal game's), :class:`.peer.Link` is the whole of it:

- ``link.game = game`` before the first move: the :class:`~vp_connect4.game.Game` that offers change;
- ``link.tell(game, move)`` after each move made (a move of this side's is sent); ``link.before_move(game,
  move)`` before this side plays a move it chose (the guest under chance or swaps sends it first and reads the
  host's draws; nothing otherwise); ``link.receive_move(board, ox)`` waits for the other side's move: an int,
  or None when the other side made an offer instead (answered, and the game changed or not);
- ``link.offer(kind)`` (``offers.UNDO``, ``NEW`` or ``SWAP``; this side to move, see :func:`.offers.why_not`)
  sends the offer and waits for the answer: True, and ``link.game`` changed by :func:`.offers.apply` (a swap
  changes ``link.remote``), or False;
- a received offer is seen through ``link.offering.answers``, an :class:`.offers.Answers`: its ``answer(offer)``
  says yes or no (a person's answer, or :func:`.offers.computer_accepts`) and ``answered(offer, accepted)`` is told
  once the answer is sent and the game changed (to redraw it). Both are called in the thread that waits for the other
  side's move (``next_move``); :class:`.offers.ComputerAnswers` is the default;
- ``link.close(reason)`` at the end (``OVER``, ``LEFT``). A link that ends raises :class:`.peer.LinkEnded` (a
  ``GameStopped``) from any of these, its reason said with ``link.say``.

This face imports no websocket library (the text game runs without the dependencies installed): import
:mod:`.host`, :mod:`.guest` and :mod:`.peer` where a link is made.
"""

from __future__ import annotations

from .invite import Address, Invite, invite_code, listen_address
from .messages import LEFT, OVER
from .options import REMOTE, link_problem

__all__ = ["LEFT", "OVER", "REMOTE", "Address", "Invite", "invite_code", "link_problem", "listen_address"]
