"""What the scene's server shares between the main thread, the HTTP thread and the websocket thread."""

from __future__ import annotations

import asyncio
import signal
import threading
from collections.abc import Callable
from typing import Any

STOP_SIGNALS = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name))


class State:
    """Everything the server shares between the main thread, the HTTP thread and the websocket thread."""

    def __init__(self) -> None:
        self.url: str | None = None
        self.allowed_origins: frozenset[str] = frozenset()
        self.ws_hosts: frozenset[str] = frozenset()  # the Host headers of the websocket server (guard.own_hosts)
        self.httpd: Any = None  # web.SceneHttpServer
        self.loop: asyncio.AbstractEventLoop | None = None
        self.ws_thread: threading.Thread | None = None
        self.ws_server: asyncio.AbstractServer | None = None
        self.glow: Any = None  # vpython's GlowWidget, made when vpython creates its first object
        self.ready = threading.Event()  # vpython is imported and the GlowWidget exists
        self.connected = threading.Event()  # the scene's page has connected
        self.released = threading.Event()  # the page may have the scene's updates (see server.hold_updates)
        self.released.set()
        self.scene: Any = None  # the accepted connection: its close ends the program
        self.tab_closed = False
        self.shut_down = False
        self.callbacks: list[Callable[[], object]] = []
        self.saved: Callable[[], dict[str, str]] | None = None  # keep_serving(): a closed tab restarts
        self.kept: tuple[int, int] | None = None  # inheritable copies of the listening sockets, for the restart
        self.adopted = False  # this process is a restart: it took over the sockets of the one before
        self.browser_opened = False  # install() asked for a browser, and one was found
        self.grace_until = 0.0  # after a restart: the program ends if no page has connected by then
        self.page_asked = False  # after a restart: a page has asked for itself or an asset (a reload is under way)
        self.lock = threading.Lock()


state = State()
