"""What both of the scene's servers refuse before anything else: a request for another host, too many bytes.

**Host.** Both servers listen on 127.0.0.1 only, but a web page of another site can still reach them by DNS
rebinding: its name is made to resolve to 127.0.0.1, so the browser takes our server for that site and lets
the page read our answers (the scene's page, the websocket's port). Such a request names the other site in
its ``Host`` header. So each server answers only a ``Host`` that is a loopback name with its own port,
``127.0.0.1:PORT``, ``localhost:PORT`` or ``[::1]:PORT`` (:func:`own_hosts`; the bare name on port 80, where
browsers leave the port out); anything else, a missing or repeated ``Host`` too, is refused with 403 and one
``ignored:`` log line, and the game goes on (:func:`host_refusal`). No DNS name can stand for these: a
rebinding page's ``Host`` is always its own site's name.

**Size.** The websocket messages of the scene's page are small (a batch of events: mouse, keys, widgets);
a message over :data:`MAX_MESSAGE` bytes is junk. :class:`SizeLimited` drops it as its bytes arrive, so they
never pile up in memory, writes one ``ignored:`` line once it has passed, and keeps the connection: closing
it would end the game's tab. An opening handshake over :data:`MAX_HANDSHAKE` bytes is junk too: that
connection is dropped (it is not the game's yet). The server mixes :class:`SizeLimited` into autobahn's
protocol class; nothing here imports vpython, nor autobahn until a message is dropped.
"""

from __future__ import annotations

from typing import Any

from .protocol import ignored, shown

LOCAL_HOSTNAMES = ("127.0.0.1", "localhost", "[::1]")  # the names of loopback in a Host header
DEFAULT_HTTP_PORT = 80  # browsers leave this port out of Host
MAX_MESSAGE = 1 << 20  # bytes of one websocket message (the page sends small batches of events: see README)
MAX_HANDSHAKE = 64 << 10  # bytes of a websocket's opening request (a browser's is under 2 KiB)


def own_hosts(port: int) -> frozenset[str]:
    """The ``Host`` headers (lower case) that name a server listening on loopback ``port``."""
    hosts = {f"{name}:{port}" for name in LOCAL_HOSTNAMES}
    if port == DEFAULT_HTTP_PORT:
        hosts.update(LOCAL_HOSTNAMES)
    return frozenset(hosts)


def host_refusal(hosts: list[str], own: frozenset[str], what: str) -> str | None:
    """None if ``hosts`` (every ``Host`` header of a request) is one of ``own``; else what the log says of it.

    ``what`` names the request in that text (``an HTTP request``, ``a websocket``).
    """
    if len(hosts) == 1 and hosts[0].strip().lower() in own:
        return None
    named = shown(hosts[0]) if len(hosts) == 1 else f"{len(hosts)} Host headers"
    return f"{what} for another host: {named}"


class SizeLimited:
    """Mixed in before autobahn's ``WebSocketServerProtocol``: messages over :data:`MAX_MESSAGE` are dropped as they
    come, handshakes over :data:`MAX_HANDSHAKE` end their connection; each is one ``ignored:`` line.

    It uses autobahn's streaming hooks (``onMessageFrameBegin``, ``onMessageFrameData``, ``onMessageFrameEnd``,
    ``onMessageEnd``), which see a message's bytes as they arrive, before autobahn joins them. A dropped message
    is then passed on as ``dropped_as``, if set: a protocol where the other side waits for each answer (VPython's
    page sends only once answered) would otherwise stall for good (a page's flood of 100,000 key presses is one
    message of 10 MB).
    """

    max_message = MAX_MESSAGE
    max_handshake = MAX_HANDSHAKE
    dropped_as: bytes | None = None  # what a dropped message is passed on as (None: nothing)
    _dropping = False  # the message under way is over the limit: its bytes are let go
    _handshake_bytes = 0
    # set by autobahn
    state: Any
    STATE_CONNECTING: Any
    transport: Any
    message_data: list[bytes]
    message_data_total_length: int
    frame_data: list[bytes] | None

    def data_received(self, data: bytes) -> None:
        """asyncio's entry point for the bytes read: a handshake may not grow without end."""
        if self.state == self.STATE_CONNECTING:
            self._handshake_bytes += len(data)
            if self._handshake_bytes > self.max_handshake:
                ignored(f"a websocket handshake over {self.max_handshake} bytes: the connection is dropped")
                self.transport.abort()
                return
        super().data_received(data)  # type: ignore[misc]

    def onMessageFrameBegin(self, length: int) -> None:
        super().onMessageFrameBegin(length)  # type: ignore[misc]  # counts the frame into the message's length
        if self.message_data_total_length > self.max_message:
            self._dropping = True
            self.message_data = []  # what its earlier frames brought
            if hasattr(self, "current_frame_masker"):  # no need to unmask bytes that are let go (autobahn's name)
                from autobahn.websocket.xormasker import XorMaskerNull

                self.current_frame_masker = XorMaskerNull()

    def onMessageFrameData(self, payload: bytes) -> None:
        if not self._dropping:
            super().onMessageFrameData(payload)  # type: ignore[misc]

    def onMessageFrameEnd(self) -> None:
        if self._dropping:
            self.frame_data = None
        else:
            super().onMessageFrameEnd()  # type: ignore[misc]

    def onMessageEnd(self) -> None:
        if not self._dropping:
            super().onMessageEnd()  # type: ignore[misc]
            return
        self._dropping = False
        ignored(f"a websocket message of {self.message_data_total_length} bytes, over {self.max_message}: dropped")
        if self.dropped_as is not None:
            self._onMessage(self.dropped_as, False)  # type: ignore[attr-defined]  # autobahn's: runs a coroutine too
