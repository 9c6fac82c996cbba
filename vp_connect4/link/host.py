"""The host's side of a link: a websocket server of its own on the address the person chose, that lets in one
guest, the first whose hello carries the invite's token, and no other after it.

The token is checked before anything else is read: a connection whose first message is not a hello with that
token (or that comes after the guest was let in) is closed with ``token`` (:data:`messages.CLOSE_REFUSED`), and
nothing changes for the game. The game's thread takes the guest from :meth:`Host.wait_for_guest`.
"""

from __future__ import annotations

import hmac
import queue
import threading
from types import TracebackType

from websockets.exceptions import ConnectionClosed
from websockets.sync.connection import Connection
from websockets.sync.server import serve

from . import messages
from .invite import Address, Invite, new_token
from .messages import CLOSE_REFUSED, MAX_MESSAGE, REFUSED, STANDARD
from .peer import POLL_SECONDS, Link, Say

HELLO_SECONDS = 10.0  # how long a connection may take to say hello


class Host:
    """Listening on ``address`` (port 0: any free one) from its creation; OSError if it cannot."""

    def __init__(self, address: Address) -> None:
        self.token = new_token()
        self._taken = False  # a guest was let in: the token is used
        self._lock = threading.Lock()
        self._joined: queue.Queue[Connection] = queue.Queue()
        self._done = threading.Event()
        self._server = serve(self._handle, address.host, address.port, max_size=MAX_MESSAGE, compression=None)
        port = self._server.socket.getsockname()[1]
        self.invite = Invite(Address(address.host, port), self.token)
        self._thread = threading.Thread(target=self._server.serve_forever, name="link-host", daemon=True)
        self._thread.start()

    def _handle(self, connection: Connection) -> None:
        """One connection: its hello, then (the guest) held open for the game until :meth:`close`."""
        try:
            raw = connection.recv(timeout=HELLO_SECONDS)
        except (TimeoutError, ConnectionClosed):
            return
        if not self._admits(raw):
            connection.close(CLOSE_REFUSED, REFUSED)
            return
        self._joined.put(connection)
        self._done.wait()

    def _admits(self, raw: str | bytes) -> bool:
        """Whether ``raw`` is the hello of the first guest with the token (which it uses up)."""
        try:
            token = messages.read(raw, "hello")["token"]
        except messages.Malformed:
            return False
        with self._lock:
            if self._taken or not hmac.compare_digest(str(token).encode(), self.token.encode()):
                return False
            self._taken = True
            return True

    def wait_for_guest(self, side: str, size: tuple[int, int], moves: str, say: Say = print) -> Link:
        """The guest, once joined, welcomed with the game's settings; it plays ``side``."""
        while True:
            try:
                connection = self._joined.get(timeout=POLL_SECONDS)
                break
            except queue.Empty:
                continue
        width, height = size
        welcome = messages.write("welcome", side=side, width=width, height=height, rules=STANDARD, moves=moves)
        connection.send(welcome)
        return Link(connection, side, say)

    def close(self) -> None:
        """Stop listening and let the guest's connection go."""
        self._done.set()
        self._server.shutdown()

    def __enter__(self) -> Host:
        return self

    def __exit__(self, kind: type | None, error: BaseException | None, trace: TracebackType | None) -> None:
        self.close()
