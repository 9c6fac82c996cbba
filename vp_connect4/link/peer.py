"""One side's end of a link while a game is played: the other side as a player of the terminal game (its moves
read, checked and played), and this side's moves told to it.

Everything read is asked for and checked before it counts: a move, when it is the other side's turn, of the
move's number that comes next, legal by the board's referee. Anything else ends the link: this side says why
(:func:`wording.link_ended`), closes with that reason, and the game stops with its moves kept.
"""

from __future__ import annotations

from collections.abc import Callable

from websockets.exceptions import ConnectionClosed
from websockets.sync.connection import Connection

from .. import wording
from ..board import RulesBoard
from ..game import Game, Move
from ..text_ui import GameStopped
from . import messages
from .messages import CLOSE_LEAVING, CLOSE_NORMAL, CLOSE_POLICY, CLOSE_TOO_BIG, LEFT, OVER, REASONS

POLL_SECONDS = 0.5  # how often a wait for the other side looks up (Ctrl-C is seen between two looks)
Say = Callable[[str], None]


class LinkEnded(GameStopped):
    """The link ended before the game did (its reason said already)."""


class RemotePlayer:
    """The side played over the link, as the terminal game sees a player from outside: ``ox``, ``label``,
    ``next_move(board)`` (which waits for the other side's move, and raises :class:`LinkEnded`)."""

    def __init__(self, link: Link, ox: str) -> None:
        self.link, self.ox, self.label = link, ox, wording.link_label()

    def next_move(self, board: RulesBoard) -> int:
        return self.link.receive_move(board, self.ox)


class Link:
    """A game's link to the other side, over ``connection``; ``remote`` is the side the other side plays."""

    def __init__(self, connection: Connection, remote: str, say: Say = print) -> None:
        self.connection, self.remote, self.say = connection, remote, say
        self.ended = False

    def player(self) -> RemotePlayer:
        return RemotePlayer(self, self.remote)

    def tell(self, game: Game, move: Move) -> None:
        """Send a move made on this side (the other side's own moves came from it: not sent back)."""
        if move.ox == self.remote or self.ended:
            return
        try:
            self.connection.send(messages.write("move", number=move.number, move=move.move))
        except ConnectionClosed as closed:
            if not game.is_over:  # the last move needs no answer: a side gone after it ended nothing
                raise self._lost(closed) from None

    def receive_move(self, board: RulesBoard, ox: str) -> int:
        """The other side's next move (``ox`` to move on ``board``), checked; LinkEnded if it is none."""
        raw = self._receive()
        try:
            message = messages.read(raw, "move")
        except messages.Malformed:
            raise self._end("malformed") from None
        if message["number"] != board.referee.moves_made() + 1:
            raise self._end("turn")
        if board.why_not(message["move"], ox) is not None:
            raise self._end("illegal")
        return message["move"]  # type: ignore[return-value]

    def _receive(self) -> str | bytes:
        while True:
            try:
                return self.connection.recv(timeout=POLL_SECONDS)
            except TimeoutError:
                continue
            except ConnectionClosed as closed:
                raise self._lost(closed) from None

    def _end(self, reason: str) -> LinkEnded:
        """This side ends the link for ``reason`` (one of messages.REASONS): says so, tells the other side."""
        self.say(wording.link_ended(reason))
        self.close(reason)
        return LinkEnded(reason)

    def _lost(self, closed: ConnectionClosed) -> LinkEnded:
        """The connection closed under a wait: because a message was over the bound, or the other side ended it."""
        self.ended = True
        if closed.sent is not None and closed.sent.code == CLOSE_TOO_BIG:  # the library refused the message
            self.say(wording.link_ended("too_big"))
            return LinkEnded("too_big")
        reason = closed.rcvd.reason if closed.rcvd is not None else ""
        self.say(wording.link_ended_by_peer(reason if reason in REASONS and reason != OVER else ""))
        return LinkEnded(reason)

    def close(self, reason: str = OVER) -> None:
        """End the link, telling the other side why: ``over`` (the game ended), ``left``, or what it sent."""
        if self.ended:
            return
        self.ended = True
        code = {OVER: CLOSE_NORMAL, LEFT: CLOSE_LEAVING, "too_big": CLOSE_TOO_BIG}.get(reason, CLOSE_POLICY)
        self.connection.close(code, reason)
