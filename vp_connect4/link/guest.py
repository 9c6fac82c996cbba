"""The guest's side of a link: connect to the invite's address, say hello with its token, read the welcome (the
host's settings for the game, checked like any message from the other side)."""

from __future__ import annotations

from dataclasses import dataclass

from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI
from websockets.sync.client import connect

from .. import wording
from ..board import RulesBoard
from ..errors import Connect4Error
from ..game import Game
from ..levels import check_size
from . import messages
from .invite import Invite
from .messages import CLOSE_REFUSED, MAX_CODE, MAX_MESSAGE, STANDARD
from .peer import Link, Say

OPEN_SECONDS = 10.0  # to reach the host
WELCOME_SECONDS = 30.0  # for the host's answer to the hello


class JoinFailed(Connect4Error):
    """The guest could not join: why, in words."""


class TokenRefused(JoinFailed):
    """The host refused the invite's token (wrong, or used already)."""


@dataclass(frozen=True)
class Welcome:
    """The host's settings for the game: the guest's side, the board's size, the game code to start from."""

    side: str
    size: tuple[int, int]
    moves: str


def join(invite: Invite, say: Say = print) -> tuple[Welcome, Link]:
    """Join the game ``invite`` names: the welcome and the link; JoinFailed (TokenRefused) saying why not."""
    try:
        connection = connect(
            invite.uri, max_size=MAX_MESSAGE, compression=None, open_timeout=OPEN_SECONDS, legacy=True
        )  # closed by the Link
    except (OSError, TimeoutError, InvalidHandshake, InvalidURI) as error:
        reason = getattr(error, "strerror", None) or str(error) or type(error).__name__
        raise JoinFailed(wording.cannot_reach(invite.address.shown, reason)) from None
    try:
        connection.send(messages.write("hello", token=invite.token))
        raw = connection.recv(timeout=WELCOME_SECONDS)
    except ConnectionClosed as closed:
        if closed.rcvd is not None and closed.rcvd.code == CLOSE_REFUSED:
            raise TokenRefused(wording.token_refused()) from None
        raise JoinFailed(wording.link_ended("")) from None
    except TimeoutError:
        connection.close()
        raise JoinFailed(wording.link_ended("")) from None
    link = Link(connection, "", say)
    welcome = _welcome(raw, link)
    link.remote = "O" if welcome.side == "X" else "X"
    return welcome, link


def _welcome(raw: str | bytes, link: Link) -> Welcome:
    """The welcome in ``raw``, checked: its shape, a side, a size the game plays, the standard rules, a game code
    that plays on that board; otherwise the link ends (JoinFailed saying why)."""
    try:
        message = messages.read(raw, "welcome")
        side, moves = str(message["side"]), str(message["moves"])
        size = check_size(f"{message['width']}x{message['height']}")
        if side not in ("X", "O") or len(moves) > MAX_CODE:
            raise messages.Malformed("welcome")
        if message["rules"] == STANDARD:
            Game(RulesBoard(*size), start_moves=moves)  # a code that plays on this board, or Connect4Error
    except (messages.Malformed, Connect4Error):
        link.close("malformed")
        raise JoinFailed(wording.link_ended("malformed")) from None
    if message["rules"] != STANDARD:
        link.close("malformed")
        raise JoinFailed(wording.link_option_problem("standard_only"))
    return Welcome(side, size, moves)
