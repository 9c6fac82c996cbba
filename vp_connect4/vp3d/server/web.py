"""The scene's HTTP server: VPython's page (with our fixes), VPython's assets, the busy page; nothing else.

The table of what is served is built once when the server starts (:func:`asset_table`); the
sentences a person reads come from :mod:`vp_connect4.wording`, so they are in the language chosen
at start. A request whose ``Host`` is not the server's own gets 403 (:mod:`.guard`: DNS rebinding).
Every answer forbids framing by other sites; a silent connection is dropped after
:data:`IDLE_TIMEOUT` seconds; an error in a request's thread (a client that hangs up) is one
``ignored: ...`` log line. While the game's tab is connected, ``/`` is the busy page (409,
``vp3d/assets/busy_page.html``). Nothing here imports vpython.

Changes to VPython's page (:data:`PAGE_FIXES`, each ``(text as shipped, replacement)``):

- the websocket listens on IPv4 loopback, so the page connects to 127.0.0.1, not to "localhost";
- a slider's change is sent when it is a new change: as shipped, the first change of each slider is
  only remembered, never sent, so the first drag of a ply slider did nothing;
- when the websocket closes, the page says why instead of trying to close its window (which a
  browser allows only for some tabs, and which otherwise leaves live-looking buttons that do
  nothing): :data:`CLOSED_SCRIPT` (``vp3d/assets/page_closed.js``) covers the page with
  :func:`wording.game_ended` (the program stopped) or, if the connection was never opened (refused:
  another tab has the game), :func:`wording.game_open_elsewhere`, and disables every widget;
- before the page unloads (a reload, a closed tab) it closes its websocket without that banner, so
  the program sees the tab go before the reloaded page asks for ``/`` (see ``restart.keep_serving``);
- when its websocket opens, the tab remembers that it has the game (:data:`TAB_SCRIPT`,
  ``vp3d/assets/tab_game.js``): if a reload of it meets the old page's websocket not yet closed (the busy
  page, a refused websocket), it asks again a moment later instead of saying that the game is elsewhere;
- the page does not load Plotly (3.8 MB of JavaScript, the largest part of a page load's work): GlowScript uses it
  only for a graph made with ``fast=False``, and the one graph, Analyse game's chart, is ``fast=True``.
"""

from __future__ import annotations

import html
import importlib.util
import json
import socket
import sys
import threading
import time
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import unquote

from ... import wording
from .. import assets
from .guard import host_refusal
from .protocol import ignored

LOOPBACK = "127.0.0.1"
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
# On every HTTP answer: no sniffing of types; no other site may frame the page (clickjacking).
SAFETY_HEADERS = (
    ("X-Content-Type-Options", "nosniff"),
    ("X-Frame-Options", "DENY"),
    ("Content-Security-Policy", "frame-ancestors 'none'"),
)
IDLE_TIMEOUT = 10  # seconds an HTTP connection may stay silent before it is dropped
BACKLOG = 64  # connections waiting to be accepted: a page asks for many files at once, also during a restart
FORBIDDEN = 403  # HTTP status for a request for another host
CONFLICT = 409  # HTTP status for a second tab while the scene is open
SCENE_PATH = "/"
ENDED_ID = "c4-ended"  # the element that says the game has ended (tests look for it)
CLOSED_FUNCTION = "vp_connect4_closed"
PAGE_FIXES = (
    ('"ws://localhost:"', f'"ws://{LOOPBACK}:"'),
    (
        "if (ss in lastsliders && ev.value !== lastsliders[ss].value)",
        "if (lastsliders[ss] !== ev) // vp_connect4: every new change, the first one too",
    ),
    (
        "\t\tisopen = false\n\t\twindowClose()\n",
        f"\t\t{CLOSED_FUNCTION}(isopen) // vp_connect4: say that the game has ended\n\t\tisopen = false\n",
    ),
    ("\t\tisopen = true\n", "\t\tisopen = true\n\t\tvp_connect4_tab.opened() // vp_connect4: this tab has the game\n"),
    ('<script type="text/javascript" src="plotly.min.js"></script>\n', ""),
)
# Runs when the page's websocket closes: ``opened`` tells a stopped program from a refused connection; with the
# handler that closes the websocket before the page unloads. Added before the page's ``</head>``.
CLOSED_SCRIPT = "page_closed.js"  # in vp3d/assets, with placeholders function, id, ended, elsewhere
BUSY_PAGE = "busy_page.html"  # in vp3d/assets, with placeholders id, text, tab
# Defines ``vp_connect4_tab``: this tab has had the game, and asks again (a reload met the old page's websocket)
TAB_SCRIPT = "tab_game.js"  # in vp3d/assets, with placeholders tries, pause
RETRIES = 10  # times a tab that had the game asks again for it, ...
RETRY_PAUSE_MS = 1000  # ... this long apart


def _js_string(text: str) -> str:
    """``text`` as a JavaScript string literal that is safe inside a ``<script>`` element."""
    return json.dumps(text).replace("</", "<\\/")


def scene_page(ws_port: int) -> str:
    """VPython's page with the websocket port filled in, :data:`PAGE_FIXES` applied and :data:`CLOSED_SCRIPT` added."""
    page = PAGE.read_text(encoding="utf-8").replace("XXX", str(ws_port))  # VPython's port placeholder
    closed = _tab_script() + assets.script(
        CLOSED_SCRIPT,
        function=CLOSED_FUNCTION,
        id=ENDED_ID,
        ended=_js_string(wording.game_ended()),
        elsewhere=_js_string(wording.game_open_elsewhere()),
    )
    for old, new in (*PAGE_FIXES, ("</head>", closed + "\n</head>")):
        if page.count(old) != 1:
            raise RuntimeError(f"{PAGE} has changed (vpython upgraded?): cannot find {old!r} once")
        page = page.replace(old, new)
    return page


def busy_page() -> str:
    """The page served instead of the scene while another tab has the game."""
    return assets.filled(BUSY_PAGE, id=ENDED_ID, text=html.escape(wording.game_open_elsewhere()), tab=_tab_script())


def _tab_script() -> str:
    return assets.script(TAB_SCRIPT, tries=RETRIES, pause=RETRY_PAUSE_MS)


def asset_table(ws_port: int) -> dict[str, bytes | Path]:
    """URL path -> the page's bytes or one of VPython's asset files; everything else is 404."""
    table: dict[str, bytes | Path] = {SCENE_PATH: scene_page(ws_port).encode("utf-8")}
    for folder in ASSET_DIRS:
        for file in sorted(folder.rglob("*")):
            if file.is_file() and file.suffix in MIME_TYPES:
                table.setdefault("/" + file.relative_to(folder).as_posix(), file)
    return table


class SceneHttpServer(ThreadingHTTPServer):
    """Serves :attr:`assets` (set it to :func:`asset_table`) on loopback; ``scene_open()``: a tab has the game.

    ``sock``: a listening socket to serve on (a restarted program adopts its predecessor's) instead of
    binding ``port``. ``page_requested()`` is called for every request of the page or one of its assets
    (a page is loading). Only requests whose ``Host`` is one of :attr:`hosts` are answered (set it to
    ``guard.own_hosts(port)``). :attr:`answering` counts the connections accepted and not yet done with.
    """

    daemon_threads = True
    request_queue_size = BACKLOG

    def __init__(self, port: int, scene_open: Callable[[], bool], sock: socket.socket | None = None) -> None:
        super().__init__((LOOPBACK, port), _AssetHandler, bind_and_activate=sock is None)  # binds now
        if sock is not None:
            self.socket.close()
            self.socket = sock
            self.server_address = sock.getsockname()
        self.assets: dict[str, bytes | Path] = {}
        self.scene_open = scene_open
        self.page_requested: Callable[[], None] = lambda: None
        self.hosts: frozenset[str] = frozenset()
        self.busy = busy_page().encode("utf-8")
        self.answering = 0  # connections accepted and not yet done with (a request not yet read counts too)
        self.answering_lock = threading.Lock()

    def process_request(self, request: Any, client_address: Any) -> None:
        """A connection accepted: counted from now, before its thread starts (see :meth:`wait_answered`)."""
        self._count(1)
        try:
            super().process_request(request, client_address)
        except BaseException:
            self._count(-1)
            raise

    def process_request_thread(self, request: Any, client_address: Any) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            self._count(-1)

    def _count(self, change: int) -> None:
        with self.answering_lock:
            self.answering += change

    def wait_answered(self, timeout: float) -> None:
        """Wait (at most ``timeout`` seconds) until every connection accepted has been answered (or has timed out)."""
        deadline = time.monotonic() + timeout
        while self.answering and time.monotonic() < deadline:
            time.sleep(0.02)

    def handle_error(self, request: object, client_address: tuple[str, int]) -> None:
        """An error in a request's thread (e.g. the client hung up mid-answer) is one log line, not a traceback."""
        error = sys.exc_info()[1]
        ignored(f"an HTTP request that failed: {type(error).__name__}: {error}")


class _AssetHandler(BaseHTTPRequestHandler):
    """Answers GET and HEAD from the server's asset table."""

    server: SceneHttpServer
    server_version = "vp_connect4"
    timeout = IDLE_TIMEOUT  # a socket timeout: a silent client is dropped (handle_one_request closes it)

    def do_GET(self) -> None:
        self._answer(with_body=True)

    def do_HEAD(self) -> None:
        self._answer(with_body=False)

    def _answer(self, with_body: bool) -> None:
        refused = host_refusal(self.headers.get_all("Host") or [], self.server.hosts, "an HTTP request")
        if refused is not None:  # before anything else: it is not a page of ours
            ignored(refused)
            self.send_error(FORBIDDEN, "Host not allowed")
            return
        path = unquote(self.path.split("?", 1)[0])
        asset = self.server.assets.get(path)
        status = 200
        if asset is None:
            self.send_error(404)
            return
        self.server.page_requested()  # the page or one of its assets: a page is loading
        if path == SCENE_PATH and self.server.scene_open():  # a second tab: say where the game is
            status, asset = CONFLICT, self.server.busy
        if isinstance(asset, bytes):
            body, mime = asset, HTML_TYPE
        else:
            body, mime = asset.read_bytes(), MIME_TYPES[asset.suffix]
        self.send_response(status)
        self.send_header("Content-Type", mime)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if with_body:
            self.wfile.write(body)

    def end_headers(self) -> None:
        for name, value in SAFETY_HEADERS:  # error answers too (send_error ends its headers here)
            self.send_header(name, value)
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:
        """Keep the terminal for the game's log."""
