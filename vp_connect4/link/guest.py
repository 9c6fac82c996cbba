"""The guest's side of a link: connect to the invite's address, say hello with its token, read the welcome (the
host's settings for the game, checked like any message from the other side). After a drop the link tries again
(:func:`rejoiner`): a ``rejoin`` with the same token and the moves made here, answered by a welcome."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from websockets.exceptions import ConnectionClosed, WebSocketException
from websockets.sync.client import ClientConnection, connect

from .. import wording
from ..board import RulesBoard
from ..errors import Connect4Error
from ..game import Game
from ..levels import check_size
from ..rules import Variant
from . import messages
from .chance import HostDraws, link_variant, veers
from .invite import Invite
from .messages import CLOSE_LEAVING, CLOSE_POLICY, CLOSE_REFUSED, LEFT, MAX_CODE, MAX_MESSAGE
from .peer import CLOSE_SECONDS, Link, Rejoin, Say, say_now

OPEN_SECONDS = 10.0  # to reach the host
WELCOME_SECONDS = 30.0  # for the host's answer to the hello
TRY_SECONDS = 3.0  # to reach the host again after a drop, and for its answer (then the next try)


class JoinFailed(Connect4Error):
    """The guest could not join: why, in words."""


class TokenRefused(JoinFailed):
    """The host refused the invite's token (wrong, or used already)."""


@dataclass(frozen=True)
class Welcome:
    """The host's settings for the game: the guest's side, the board's size, the game code to start from, and the
    moves made on that board."""

    side: str
    size: tuple[int, int]
    moves: str
    made: int
    variant: Variant


def _connect(invite: Invite, seconds: float) -> ClientConnection:
    return connect(
        invite.uri, max_size=MAX_MESSAGE, compression=None, open_timeout=seconds, close_timeout=CLOSE_SECONDS,
        legacy=True,
    )  # fmt: skip


def join(invite: Invite, say: Say = say_now, on_end: Callable[[], None] | None = None) -> tuple[Welcome, Link]:
    """Join the game ``invite`` names: the welcome and the link (``on_end``: see :class:`.peer.Link`); JoinFailed
    (TokenRefused) saying why not."""
    try:
        connection = _connect(invite, OPEN_SECONDS)  # closed by the Link
    except (OSError, TimeoutError, WebSocketException) as error:
        reason = getattr(error, "strerror", None) or str(error) or type(error).__name__
        raise JoinFailed(wording.cannot_reach(str(invite.address), reason)) from None
    try:
        return _joined(connection, invite, say, on_end)
    except BaseException:  # Ctrl-C (or SIGTERM, SIGHUP) while joining: the host is told this side left
        connection.close(CLOSE_LEAVING, LEFT)
        raise


def _joined(
    connection: ClientConnection, invite: Invite, say: Say, on_end: Callable[[], None] | None
) -> tuple[Welcome, Link]:
    """The hello said on ``connection``, the host's welcome read and checked: the game's link."""
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
    welcome = _welcome(raw, connection)
    remote = "O" if welcome.side == "X" else "X"
    link = guest_link(connection, invite, remote, say, made=welcome.made, code=welcome.moves, on_end=on_end)
    if welcome.variant.is_random:
        drawn_by_host(link, veers(welcome.variant))
    return welcome, link


def drawn_by_host(link: Link, veers: bool) -> None:
    """The guest's ``link`` under chance or swaps: its game plays as the host draws (``veers``: chance may send a
    checker elsewhere, a ``drawn`` message follows each move)."""
    link.chance, link.veers, link.draws = True, veers, HostDraws()


def _welcome(raw: str | bytes, connection: ClientConnection) -> Welcome:
    """The welcome in ``raw``, checked: its shape, a side, a size the game plays, rules a link plays, a game code
    that plays on that board with the moves it says; otherwise the link ends (JoinFailed saying why)."""
    try:
        message = messages.read(raw, "welcome")
        side, moves, made = str(message["side"]), str(message["moves"]), int(message["made"])  # type: ignore[call-overload]
        size = check_size(f"{message['width']}x{message['height']}")
        if side not in ("X", "O") or len(moves) > MAX_CODE:
            raise messages.Malformed("welcome")
        variant = link_variant(str(message["rules"]))
        if variant is not None and _moves_made(size, moves, variant) != made:
            raise messages.Malformed("welcome")
    except (messages.Malformed, Connect4Error):
        connection.close(CLOSE_POLICY, "malformed")
        raise JoinFailed(wording.link_ended("malformed")) from None
    if variant is None:
        connection.close(CLOSE_POLICY, "malformed")
        raise JoinFailed(wording.link_option_problem("standard_only"))
    return Welcome(side, size, moves, made, variant)


def _moves_made(size: tuple[int, int], code: str, variant: Variant) -> int:
    """The moves made by a game code on a board of ``size`` (Connect4Error if it does not play there)."""
    return Game(RulesBoard(*size, variant=variant), start_moves=code).board.referee.moves_made()


def guest_link(
    connection: ClientConnection | None, invite: Invite, remote: str, say: Say = say_now, made: int = 0,
    code: str = "", on_end: Callable[[], None] | None = None, own: dict[int, int] | None = None,
) -> Link:  # fmt: skip
    """The guest's link to the host of ``invite`` (the other arguments: :class:`.peer.Link`'s), which rejoins after a
    drop as the side the guest plays then (an accepted swap changes it: the host's welcome back says the new one)."""
    links: list[Link] = []  # the link, once made: until then no swap was accepted

    def side() -> str:
        now = links[0].remote if links else remote
        return "O" if now == "X" else "X"

    links.append(Link(connection, remote, say, made, code, rejoin=rejoiner(invite, side), on_end=on_end, own=own))
    return links[0]


def rejoiner(invite: Invite, side: Callable[[], str]) -> Rejoin:
    """One try to join again after a drop, as the guest that plays ``side()`` (the side it plays at that try): the
    new connection and the moves made on the host's board, or None (the host unreachable, refusing for now, or
    answering otherwise)."""

    def rejoin(made: int) -> tuple[ClientConnection, int] | None:
        try:
            connection = _connect(invite, TRY_SECONDS)
        except (OSError, TimeoutError, WebSocketException):  # a host gone may still take a connection, and drop it
            return None
        try:
            connection.send(messages.write("rejoin", token=invite.token, made=made))
            message = messages.read(connection.recv(timeout=TRY_SECONDS), "welcome")
        except (ConnectionClosed, TimeoutError, messages.Malformed):
            connection.close()
            return None
        if message["side"] != side():
            connection.close(CLOSE_POLICY, "malformed")
            return None
        return connection, message["made"]  # type: ignore[return-value]

    return rejoin
