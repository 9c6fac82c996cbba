"""The host's side of a link: a websocket server of its own on the address the person chose, that lets in one
guest, the first whose hello carries the invite's token, and no other while it plays.

The token is checked before anything else is read: a connection whose first message is not a hello with that
token is closed with ``token`` (:data:`messages.CLOSE_REFUSED`), and nothing changes for the game. The same token
lets the guest in again only while its seat is empty: its connection dropped and the game waits for it
(:meth:`.peer.Link.resume`): a ``rejoin`` from the guest's process, or a ``hello`` from a new one (which starts
from the game so far). A connection that does not open and say hello within :func:`.options.hello_seconds` is
closed; at most :data:`MOST_WAITING` wait for their hello at once (a newer one closes the oldest), so connections
that say nothing cannot keep the guest out. The game's thread takes the guest from :meth:`Host.wait_for_guest`.
"""

from __future__ import annotations

import hmac
import queue
import socket
import threading
from collections.abc import Callable
from types import TracebackType
from typing import Any

from websockets.exceptions import ConnectionClosed
from websockets.protocol import State
from websockets.sync.server import ServerConnection, serve

from ..board import RulesBoard
from ..game import Game
from . import messages
from .chance import link_variant, veers
from .invite import Address, Invite, new_token
from .messages import CLOSE_REFUSED, MAX_MESSAGE, REFUSED, STANDARD
from .options import hello_seconds
from .peer import CLOSE_SECONDS, POLL_SECONDS, Link, Say, say_now

MOST_WAITING = 64  # connections waiting for their hello at once: one more closes the one that waited longest


class Host:
    """Listening on ``address`` (port 0: any free one) from its creation; OSError if it cannot. ``sock`` and
    ``token``: the listening socket and the token of the host this program was before it restarted in place (the
    scene's page reloaded), kept."""

    def __init__(self, address: Address, sock: socket.socket | None = None, token: str | None = None) -> None:
        self.token = token or new_token()
        self.link: Link | None = None  # the game's link, once the guest joined
        self._taken = False  # a guest was let in: the token is used (again only while its seat is empty)
        self._lock = threading.Lock()
        self._joined: queue.Queue[ServerConnection] = queue.Queue()
        self._done = threading.Event()
        self._waiting: dict[int, ServerConnection] = {}  # the connections not yet let in, oldest first
        self._welcome: Callable[[int, str], str] = lambda made, code: ""  # the game's settings: expect
        self._side, self._size, self._rules = "O", (7, 6), STANDARD
        self._hello = hello_seconds()
        where = {"sock": sock} if sock is not None else {"host": address.host, "port": address.port}
        self._server = serve(
            self._handle, **where, max_size=MAX_MESSAGE, compression=None,
            open_timeout=self._hello, close_timeout=CLOSE_SECONDS, create_connection=self._connection_class(),
        )  # fmt: skip
        port = self._server.socket.getsockname()[1]
        self.invite = Invite(Address(address.host, port), self.token)
        self.socket = self._server.socket
        self._thread = threading.Thread(target=self._server.serve_forever, name="link-host", daemon=True)
        self._thread.start()

    def _connection_class(self) -> type[ServerConnection]:
        """The server's connections, each counted among the waiting from its first byte (see MOST_WAITING)."""
        host = self

        class Counted(ServerConnection):
            def __init__(self, *args: Any, **kwargs: Any) -> None:
                super().__init__(*args, **kwargs)
                host._count(self)

        return Counted

    def _count(self, connection: ServerConnection) -> None:
        with self._lock:
            self._waiting[id(connection)] = connection
            oldest = next(iter(self._waiting.values())) if len(self._waiting) > MOST_WAITING else None
            if oldest is not None:
                del self._waiting[id(oldest)]
        if oldest is not None:
            oldest.close_socket()  # its handshake or its wait for a hello ends now

    def _handle(self, connection: ServerConnection) -> None:
        """One connection: its hello, then (the guest) held open for the game until it closes or :meth:`close`."""
        try:
            raw = connection.recv(timeout=self._hello)
        except (TimeoutError, ConnectionClosed):
            return
        finally:
            with self._lock:
                self._waiting.pop(id(connection), None)
        if not self._admits(raw, connection):
            connection.close(CLOSE_REFUSED, REFUSED)
            return
        while not self._done.wait(POLL_SECONDS) and connection.protocol.state is State.OPEN:
            continue

    def _admits(self, raw: str | bytes, connection: ServerConnection) -> bool:
        """Whether ``raw`` is the hello of the guest with the token (the first, or one come back to its empty
        seat); a new guest goes to the game's thread, one come back to the link."""
        for kind in ("hello", "rejoin"):
            try:
                message = messages.read(raw, kind)
                break
            except messages.Malformed:
                continue
        else:
            return False
        if not hmac.compare_digest(str(message["token"]).encode(), self.token.encode()):
            return False
        with self._lock:
            first, link = not self._taken, self.link
            if first and kind == "hello":
                self._taken = True
                self._joined.put(connection)
                return True
        if first:
            return False  # a rejoin before anyone joined
        made = message["made"] if kind == "rejoin" else -1
        return link is not None and link.resume(connection, made, self._welcome)  # type: ignore[arg-type]

    def wait_for_guest(
        self, side: str, size: tuple[int, int], moves: str, say: Say = say_now, rules: str = STANDARD
    ) -> Link:
        """The guest, once joined, welcomed with the game's settings (``rules``: ``standard``, or chance and swaps:
        :func:`.chance.link_variant`); it plays ``side``."""
        self.expect(side, size, rules)
        while True:
            link = self.take_guest(moves, say, POLL_SECONDS)
            if link is not None:
                return link

    def expect(self, side: str, size: tuple[int, int], rules: str = STANDARD) -> None:
        """The game's settings, said in each welcome: the guest plays ``side`` on a board of ``size`` (once it
        joined, the side it plays now: an accepted swap changes it, and a welcome back says so)."""
        width, height = size

        def welcome(made: int, code: str) -> str:
            now = side if self.link is None else self.link.remote
            return messages.write("welcome", side=now, width=width, height=height, rules=rules, moves=code, made=made)

        self._welcome, self._side, self._size, self._rules = welcome, side, size, rules

    def take_guest(
        self, moves: str, say: Say = say_now, seconds: float = 0.0, on_end: Callable[[], None] | None = None
    ) -> Link | None:
        """The guest if it joined within ``seconds`` (0: already), welcomed to the game of the code ``moves``, with
        the settings :meth:`expect` was given: its link; None if none joined."""
        try:
            connection = self._joined.get(timeout=seconds) if seconds else self._joined.get_nowait()
        except queue.Empty:
            return None
        variant = link_variant(self._rules)
        made = Game(RulesBoard(*self._size, variant=variant), start_moves=moves).board.referee.moves_made()
        try:
            connection.send(self._welcome(made, moves))
        except ConnectionClosed:  # gone before its welcome: the token lets the next one in
            with self._lock:
                self._taken = False
            return None
        self.link = self._drawing(Link(connection, self._side, say, made=made, code=moves, on_end=on_end))
        return self.link

    def link_again(
        self, made: int, code: str, own: dict[int, int], say: Say = say_now, on_end: Callable[[], None] | None = None
    ) -> Link:
        """After this program restarted in place (with :meth:`expect` given the game's settings): the link to the
        guest that had joined, its seat empty until it comes back (this side's moves ``own`` sent again then)."""
        with self._lock:
            self._taken = True
            self.link = self._drawing(Link(None, self._side, say, made=made, code=code, on_end=on_end, own=own))
        return self.link

    def _drawing(self, link: Link) -> Link:
        """``link``, its host drawing what the rules leave to chance, and saying what it drew."""
        variant = link_variant(self._rules)
        link.chance = bool(variant and variant.is_random)
        link.veers = bool(variant and veers(variant))
        return link

    @property
    def closed(self) -> bool:
        return self._done.is_set()

    def close(self) -> None:
        """Stop listening, let the guest's connection go, and close the connections still waiting."""
        self._done.set()
        with self._lock:
            waiting = list(self._waiting.values())
        for connection in waiting:
            connection.close_socket()
        self._server.shutdown()

    def __enter__(self) -> Host:
        return self

    def __exit__(self, kind: type | None, error: BaseException | None, trace: TracebackType | None) -> None:
        self.close()
