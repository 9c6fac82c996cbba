"""The scene's web server: VPython's protocol, loopback only, its own assets only, its own page only.

VPython 7.6.5 starts a bundled server (``vpython/no_notebook.py``) when the first VPython object is
created. As shipped, that server

- listens on all interfaces, so anyone on the same (campus) network can open the scene;
- serves any ``.html/.js/.css/.png/.jpg`` file reachable from the working directory, ``../`` paths
  included, so it leaks the student's files to whoever can connect;
- accepts websocket connections from any web page, so any site open in the browser can drive the
  scene and read what it sends; and any connection that closes, even a rejected one, ends the program.

:func:`install` puts a stand-in for that module into ``sys.modules['vpython.no_notebook']`` *before*
vpython is imported, so vpython talks to this server instead. What is hardened, and why:

1. **Loopback only.** The HTTP and the websocket sockets are bound to 127.0.0.1: other machines
   cannot connect at all.
2. **VPython's assets only.** At start-up a table maps each URL path to one file of VPython's own
   ``vpython_libraries`` and ``vpython_data`` folders (``/`` is ``glowcomm.html`` with the websocket
   port filled in and the fixes of :data:`PAGE_FIXES`). A request path is looked up in that table,
   never joined to a filesystem path, so ``../`` traversal, files in the working directory and
   anything else get 404.
3. **The scene's own page only.** A websocket handshake whose ``Origin`` is not the scene's page
   (``http://127.0.0.1:PORT`` or ``http://localhost:PORT``) is refused with 403, so other web pages
   cannot connect; a browser cannot forge ``Origin``. A second tab while the scene is open gets 409.
   A refused connection does not affect the game.
4. **Clean end.** Only the close of the accepted scene connection (the game's tab) ends the program:
   on the main thread the :func:`on_close` callbacks run (the app stops its AI worker pool there),
   the servers stop, and ``SystemExit(0)`` is raised, so ``finally`` blocks run and no process is
   left behind. Ctrl-C in the terminal does the same with exit code 130, and so do SIGTERM and
   SIGHUP (a closed terminal) with 128 + the signal's number.

Not covered: other programs of the same user on the same machine (they can send any ``Origin``);
they are trusted, as with any localhost development server. The servers run in daemon threads, so
an error in the program ends it rather than leaving a server behind.

The websocket protocol (send pending updates on every message from the page, hand events to
``GlowWidget.handle_msg``) is VPython's, copied from ``no_notebook.py``.
"""

from __future__ import annotations

import _thread
import asyncio
import copy
import importlib.util
import json
import signal
import sys
import threading
import traceback
import types
import webbrowser
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import txaio
from autobahn.asyncio.websocket import WebSocketServerFactory, WebSocketServerProtocol
from autobahn.websocket.types import ConnectionDeny, ConnectionRequest

LOOPBACK = "127.0.0.1"
LOCAL_HOSTNAMES = (LOOPBACK, "localhost")
STUB_MODULE = "vpython.no_notebook"
VPYTHON_DIR = Path(importlib.util.find_spec("vpython").origin).parent  # finds vpython without importing it
ASSET_DIRS = (VPYTHON_DIR / "vpython_libraries", VPYTHON_DIR / "vpython_data")
PAGE = VPYTHON_DIR / "vpython_libraries" / "glowcomm.html"
MIME_TYPES = {
    ".js": "application/javascript",
    ".css": "text/css",
    ".png": "image/png",
    ".gif": "image/gif",
    ".jpg": "image/jpeg",
    ".otf": "font/otf",
    ".ttf": "font/ttf",
    ".ico": "image/x-icon",
}
HTML_TYPE = "text/html; charset=utf-8"
# Changes to VPython's page, each (text as shipped, replacement):
# - the websocket listens on IPv4 loopback, so the page connects to 127.0.0.1, not to "localhost";
# - a slider's change is sent when it is a new change: as shipped, the first change of each slider
#   is only remembered, never sent, so the first drag of a ply slider did nothing.
PAGE_FIXES = (
    ('"ws://localhost:"', f'"ws://{LOOPBACK}:"'),
    (
        "if (ss in lastsliders && ev.value !== lastsliders[ss].value)",
        "if (lastsliders[ss] !== ev) // vp_connect4: every new change, the first one too",
    ),
)
CONFLICT = 409  # HTTP status for a second tab while the scene is open
SHUTDOWN_WAIT = 2.0  # seconds to wait for the websocket thread to stop
POLL = 0.05  # seconds between checks while waiting
EXIT_TAB_CLOSED = 0
# Ctrl-C, kill and a closed terminal end the program like a closed tab, with exit code 128 + the signal's number
STOP_SIGNALS = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name))


class _State:
    """Everything the server shares between the main thread, the HTTP thread and the websocket thread."""

    def __init__(self) -> None:
        self.url: str | None = None
        self.allowed_origins: frozenset[str] = frozenset()
        self.httpd: ThreadingHTTPServer | None = None
        self.loop: asyncio.AbstractEventLoop | None = None
        self.ws_thread: threading.Thread | None = None
        self.glow: Any = None  # vpython's GlowWidget, made when vpython creates its first object
        self.ready = threading.Event()  # vpython is imported and the GlowWidget exists
        self.connected = threading.Event()  # the scene's page has connected
        self.scene: _SceneProtocol | None = None  # the accepted connection: its close ends the program
        self.tab_closed = False
        self.shut_down = False
        self.callbacks: list[Callable[[], object]] = []
        self.lock = threading.Lock()


_state = _State()


def install(port: int = 0, open_browser: bool = True) -> str:
    """Start the servers and make vpython use them; return the scene's URL (``http://127.0.0.1:PORT/``).

    Call this on the main thread before vpython is imported. ``port=0`` picks a free port; a port in
    use raises ``OSError``. Importing vpython afterwards blocks until a browser opens the URL.
    """
    if _state.url is not None:
        return _state.url
    if "vpython" in sys.modules:
        raise RuntimeError("server.install() must run before vpython is imported")
    httpd = ThreadingHTTPServer((LOOPBACK, port), _AssetHandler)  # binds now: a busy port fails here
    httpd.daemon_threads = True
    http_port = httpd.server_address[1]
    ws_port = _start_websocket_server()
    httpd.assets = _asset_table(ws_port)  # type: ignore[attr-defined]
    _state.httpd = httpd
    _state.allowed_origins = frozenset(f"http://{host}:{http_port}" for host in LOCAL_HOSTNAMES)
    threading.Thread(target=httpd.serve_forever, name="scene-http", daemon=True).start()
    sys.modules[STUB_MODULE] = _stand_in_module()
    for signum in STOP_SIGNALS:
        signal.signal(signum, _on_stop_signal)
    _state.url = f"http://{LOOPBACK}:{http_port}/"
    if open_browser:
        webbrowser.open(_state.url)
    return _state.url


def on_close(callback: Callable[[], object]) -> None:
    """Run ``callback()`` on the main thread when the tab closes (or on Ctrl-C, SIGTERM, SIGHUP), before the exit.

    Use it to stop worker processes, e.g. ``server.on_close(pool.terminate)``. Callbacks run in the
    order registered; an exception in one is printed and the others still run.
    """
    _state.callbacks.append(callback)


# ---- HTTP: VPython's assets and nothing else ----


def scene_page(ws_port: int) -> str:
    """VPython's page with the websocket port filled in and :data:`PAGE_FIXES` applied."""
    page = PAGE.read_text(encoding="utf-8").replace("XXX", str(ws_port))  # VPython's port placeholder
    for old, new in PAGE_FIXES:
        if old not in page:
            raise RuntimeError(f"{PAGE} has changed (vpython upgraded?): cannot find {old!r}")
        page = page.replace(old, new)
    return page


def _asset_table(ws_port: int) -> dict[str, bytes | Path]:
    """URL path -> the page's bytes or one of VPython's asset files; everything else is 404."""
    table: dict[str, bytes | Path] = {"/": scene_page(ws_port).encode("utf-8")}
    for folder in ASSET_DIRS:
        for file in sorted(folder.rglob("*")):
            if file.is_file() and file.suffix in MIME_TYPES:
                table.setdefault("/" + file.relative_to(folder).as_posix(), file)
    return table


class _AssetHandler(BaseHTTPRequestHandler):
    """Answers GET and HEAD from the server's asset table."""

    server_version = "vp_connect4"

    def do_GET(self) -> None:
        self._answer(with_body=True)

    def do_HEAD(self) -> None:
        self._answer(with_body=False)

    def _answer(self, with_body: bool) -> None:
        path = unquote(self.path.split("?", 1)[0])
        asset = self.server.assets.get(path)  # type: ignore[attr-defined]
        if asset is None:
            self.send_error(404)
            return
        if isinstance(asset, bytes):
            body, mime = asset, HTML_TYPE
        else:
            body, mime = asset.read_bytes(), MIME_TYPES[asset.suffix]
        self.send_response(200)
        self.send_header("Content-Type", mime)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("X-Content-Type-Options", "nosniff")
        self.end_headers()
        if with_body:
            self.wfile.write(body)

    def log_message(self, format: str, *args: Any) -> None:
        """Keep the terminal for the game's log."""


# ---- websocket: the scene's own page only ----


def _start_websocket_server() -> int:
    """Start the websocket server on loopback in its own thread and event loop; return its port."""
    started = threading.Event()
    ports: list[int] = []

    def serve() -> None:
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        txaio.config.loop = loop
        txaio.set_global_log_level("error")  # refused handshakes are expected: keep the terminal for the game
        factory = WebSocketServerFactory()
        factory.protocol = _SceneProtocol
        server = loop.run_until_complete(loop.create_server(factory, LOOPBACK, 0))
        ports.append(server.sockets[0].getsockname()[1])
        _state.loop = loop
        started.set()
        loop.run_forever()
        server.close()

    _state.ws_thread = threading.Thread(target=serve, name="scene-websocket", daemon=True)
    _state.ws_thread.start()
    started.wait()
    return ports[0]


class _SceneProtocol(WebSocketServerProtocol):
    """One websocket connection. Only the scene's page may connect; only its close ends the program."""

    def onConnect(self, request: ConnectionRequest) -> None:
        if request.origin not in _state.allowed_origins:
            raise ConnectionDeny(ConnectionDeny.FORBIDDEN, "Origin not allowed")
        if _state.scene is not None:
            raise ConnectionDeny(CONFLICT, "The scene is open in another tab")

    def onOpen(self) -> None:
        if _state.scene is None:
            _state.scene = self
            _state.connected.set()
        else:  # two tabs passed onConnect at once: keep the first
            self.sendClose()

    async def onMessage(self, payload: bytes, isBinary: bool) -> None:
        """VPython's protocol: every message from the page asks for the pending updates and may carry events."""
        if self is not _state.scene:
            return
        while not _state.ready.is_set():  # the page can connect before vpython has been imported
            await asyncio.sleep(POLL)
        from vpython.vpython import baseObj, vector

        try:
            self.sendMessage(_pending_updates(baseObj, vector), isBinary=False)
        finally:
            baseObj.sent = True  # lets the main thread add commands again
        if payload == b"trigger":
            return
        loop = asyncio.get_running_loop()
        for event in json.loads(payload.decode("utf-8")):
            try:  # one at a time: bound callbacks must see events in order
                await loop.run_in_executor(None, _state.glow.handle_msg, {"content": {"data": [event]}})
            except Exception:
                if _state.shut_down or not threading.main_thread().is_alive():
                    return  # the program is ending: nobody is left to handle the event
                raise

    def onClose(self, wasClean: bool, code: int | None, reason: str | None) -> None:
        if self is _state.scene:
            _state.tab_closed = True
            _scene_closed()


def _pending_updates(base: Any, vector: type) -> bytes:
    """VPython's updates since the last message, as JSON (from ``no_notebook.WSserver.onMessage``)."""
    base.handle_attach()
    base.sent = False  # the main thread waits while we take the updates
    while True:
        try:
            updates = copy.deepcopy(base.updates)
            attrs = copy.deepcopy(base.attrs)
            base.initialize()
            break
        except RuntimeError:  # changed by the main thread while copying: try again
            pass
    for idx, attr in attrs:
        value = getattr(base.object_registry[idx], attr)
        if isinstance(value, vector):
            value = [value.x, value.y, value.z]
        updates["attrs"].setdefault(idx, {})[attr] = value
    return json.dumps(base.package(updates), separators=(",", ":")).encode("utf-8")


# ---- vpython's view of this module ----


def _stand_in_module() -> types.ModuleType:
    """What vpython imports as ``vpython.no_notebook``: ``_`` (waits for the page) and ``GW``."""
    module = types.ModuleType(STUB_MODULE, "vp_connect4's stand-in for VPython's server (see vp_connect4.vp3d.server)")

    def __getattr__(name: str) -> Any:
        if name == "_":  # vpython imports it when it creates its first object
            _start_scene()
            module._ = None
            return None
        if name == "GW":
            return _state.glow
        raise AttributeError(f"module {STUB_MODULE!r} has no attribute {name!r}")

    module.__getattr__ = __getattr__  # type: ignore[method-assign]
    return module


def _start_scene() -> None:
    """Make VPython's GlowWidget, then wait, as VPython does, until the page has connected."""
    from vpython.vpython import GlowWidget

    with _state.lock:
        if _state.glow is None:
            _state.glow = GlowWidget()
            _state.ready.set()
    while not _state.connected.wait(POLL):
        pass


# ---- the end ----


def _scene_closed() -> None:
    """The game's tab closed (websocket thread): end the program on the main thread."""
    if threading.main_thread().is_alive():
        _thread.interrupt_main(signal.SIGINT)  # runs _on_stop_signal on the main thread
    else:
        _shutdown()


def _on_stop_signal(signum: int, frame: types.FrameType | None) -> None:
    _shutdown()
    sys.exit(EXIT_TAB_CLOSED if _state.tab_closed else 128 + signum)


def _shutdown() -> None:
    """Run the on_close callbacks, then stop both servers. Safe to call more than once."""
    with _state.lock:
        if _state.shut_down:
            return
        _state.shut_down = True
    for callback in _state.callbacks:
        try:
            callback()
        except Exception:
            traceback.print_exc()
    if _state.httpd is not None:
        _state.httpd.shutdown()
        _state.httpd.server_close()
    if _state.loop is not None and _state.ws_thread is not None:
        _state.loop.call_soon_threadsafe(_state.loop.stop)
        if threading.current_thread() is not _state.ws_thread:
            _state.ws_thread.join(SHUTDOWN_WAIT)
