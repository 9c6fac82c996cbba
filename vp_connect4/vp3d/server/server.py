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
   cannot connect at all. And each answers only requests whose ``Host`` is a loopback name and its own
   port (``127.0.0.1:PORT``, ``localhost:PORT``, ``[::1]:PORT``), so a page of another site that DNS
   rebinding sends here gets 403 and reads nothing (:mod:`.guard`; one ``ignored: ...`` log line, the
   game goes on).
2. **VPython's assets only.** At start-up a table maps each URL path to one file of VPython's own
   ``vpython_libraries`` and ``vpython_data`` folders (``/`` is ``glowcomm.html`` with the websocket
   port filled in and the fixes of :mod:`.web`). A request path is looked up in that table,
   never joined to a filesystem path, so ``../`` traversal, files in the working directory and
   anything else get 404. No other site may frame the page (``X-Frame-Options``, CSP
   ``frame-ancestors``); a connection that sends nothing for :data:`.web.IDLE_TIMEOUT` seconds is dropped.
3. **The scene's own page only.** A websocket handshake whose ``Origin`` is not the scene's page
   (``http://127.0.0.1:PORT``, ``http://localhost:PORT`` or ``http://[::1]:PORT``) is refused with 403,
   so other web pages cannot connect; a browser cannot forge ``Origin``. A second tab while the scene is open gets 409,
   and its ``/`` a page that says the game is open in another tab. A refused connection does not
   affect the game (one ``ignored: ...`` log line, but none for a second tab).
4. **Clean end.** Only the close of the accepted scene connection (the game's tab) ends the program
   (with :func:`.restart.keep_serving` it ends up to a minute later, if no reloaded page comes back: see 6):
   on the main thread the :func:`on_close` callbacks run (the app stops its AI worker pool there),
   the servers stop, and ``SystemExit(0)`` is raised, so ``finally`` blocks run and no process is
   left behind. Ctrl-C in the terminal does the same with exit code 130, and so do SIGTERM and
   SIGHUP (a closed terminal) with 128 + the signal's number, also before a page has connected.
   The page then says that the game has ended and disables its widgets.
5. **Junk is ignored.** A client that hangs up mid-request, and a message on the scene's websocket
   that VPython's page would not send (not UTF-8, not JSON, wrong shapes, a slider value out of
   range: see :mod:`.protocol`), are logged as one line ``ignored: <what>`` and the game goes on;
   no traceback reaches the terminal, from our threads or from VPython's callback thread. A websocket
   message over 1 MiB is dropped as its bytes come, never kept (:mod:`.guard`).
6. **Reload resumes** (with :func:`.restart.keep_serving`, as the app does): a closed tab restarts
   the program in place, on the same sockets, and a reloaded page gets a fresh scene of the same
   game; if no page comes back, the program ends as in 4. See :mod:`.restart` for why and how.

Not covered: other programs of the same user on the same machine (they can send any ``Origin``);
they are trusted, as with any localhost development server. The servers run in daemon threads, so
an error in the program ends it rather than leaving a server behind.

The websocket protocol (send pending updates on every message from the page, hand events to
``GlowWidget.handle_msg``) is VPython's, copied from ``no_notebook.py``; the events are checked first.
"""

from __future__ import annotations

import _thread
import asyncio
import contextlib
import signal
import socket
import sys
import threading
import traceback
import types
import webbrowser
from collections.abc import Callable
from typing import Any

import txaio
from autobahn.asyncio.websocket import WebSocketServerFactory, WebSocketServerProtocol
from autobahn.websocket.types import ConnectionDeny, ConnectionRequest

from . import finalizers, restart, web
from .guard import LOCAL_HOSTNAMES, SizeLimited, host_refusal, own_hosts
from .protocol import (
    KEY_EVENTS,
    KEYS_BURST,
    KEYS_PER_SECOND,
    TRIGGER,
    WIDGETS,
    Junk,
    TokenBucket,
    check_event,
    ignored,
    parse_events,
    shown,
)
from .server_state import STOP_SIGNALS
from .server_state import state as _state
from .updates import pending_updates
from .web import CONFLICT, LOOPBACK

STUB_MODULE = "vpython.no_notebook"
SHUTDOWN_WAIT = 2.0  # seconds to wait for the websocket thread to stop, and for HTTP answers under way
POLL = 0.05  # seconds between checks while waiting
EXIT_TAB_CLOSED = 0
# Ctrl-C, kill and a closed terminal end the program like a closed tab, with exit code 128 + the signal's number


def install(port: int = 0, open_browser: bool = True) -> str:
    """Start the servers and make vpython use them; return the scene's URL (``http://127.0.0.1:PORT/``). Call this
    on the main thread before vpython is imported. ``port=0`` picks a free port; a port in use raises ``OSError``.
    Importing vpython afterwards blocks until a browser opens the URL."""
    if _state.url is not None:
        return _state.url
    if "vpython" in sys.modules:
        raise RuntimeError("server.install() must run before vpython is imported")
    http_socket, ws_socket = restart.adopted_sockets()
    _state.adopted = http_socket is not None
    httpd = web.SceneHttpServer(port, restart.scene_open, http_socket)
    httpd.page_requested = restart.page_requested
    http_port = httpd.server_address[1]
    httpd.hosts = own_hosts(http_port)
    # before the websocket server starts: after a restart it serves a reloaded page waiting in the backlog at once
    _state.allowed_origins = frozenset(f"http://{host}:{http_port}" for host in LOCAL_HOSTNAMES)
    _state.httpd = httpd
    ws_port = _start_websocket_server(ws_socket)
    httpd.assets = web.asset_table(ws_port)
    threading.Thread(target=httpd.serve_forever, name="scene-http", daemon=True).start()
    sys.modules[STUB_MODULE] = _stand_in_module()
    for signum in STOP_SIGNALS:
        signal.signal(signum, _on_stop_signal)
    _accept_signals()
    _state.url = f"http://{LOOPBACK}:{http_port}/"
    if _state.adopted:  # a restart: the reloaded page is already on its way
        restart.await_reconnect(_scene_closed)
    else:
        if problem := restart.grace_problem():
            print(problem, file=sys.stderr, flush=True)
        if open_browser:
            _state.browser_opened = _open_browser(_state.url)
    return _state.url


def _accept_signals() -> None:
    """Let Ctrl-C, SIGTERM and SIGHUP in, now that their handlers are set: a restart replaced the program with them
    held back, so that one sent while the new program started is kept, not fatal; it is handled here, as any
    other (128 + the signal; the caller logs the resumed game's moves)."""
    with contextlib.suppress(AttributeError, ValueError, OSError):  # not POSIX
        signal.pthread_sigmask(signal.SIG_UNBLOCK, STOP_SIGNALS)


def browser_opened() -> bool:
    """Whether :func:`install` opened the scene in a browser (False: none was found, or none was asked for)."""
    return _state.browser_opened


def _open_browser(url: str) -> bool:
    try:
        return webbrowser.open(url)
    except (webbrowser.Error, OSError):
        return False


def hold_updates() -> None:
    """The page gets nothing of the scene until :func:`release_updates`: a program that binds the canvas's keys and
    mouse right after importing VPython holds its first updates so that the page has the canvas and its bindings
    in one message, never a canvas that drops the keys pressed on it."""
    _state.released.clear()


def release_updates() -> None:
    """The page gets the scene's updates again (see :func:`hold_updates`)."""
    _state.released.set()


def on_close(callback: Callable[[], object]) -> None:
    """Run ``callback()`` on the main thread when the tab closes (or on Ctrl-C, SIGTERM, SIGHUP), before the exit.

    Use it to stop worker processes, e.g. ``server.on_close(pool.terminate)``. Callbacks run in the
    order registered; an exception in one is printed and the others still run.
    """
    _state.callbacks.append(callback)


# ---- websocket: the scene's own page only ----


def _start_websocket_server(sock: socket.socket | None = None) -> int:
    """Start the websocket server on loopback (or on ``sock``) in its own thread and event loop; return its port."""
    started = threading.Event()
    ports: list[int] = []

    def serve() -> None:
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        txaio.config.loop = loop
        txaio.set_global_log_level("error")  # refused handshakes are expected: keep the terminal for the game
        factory = WebSocketServerFactory()
        factory.protocol = _SceneProtocol
        # bad UTF-8 is junk to ignore, not the end; "null" origins are refused by onConnect (its default resets it)
        factory.setProtocolOptions(utf8validateIncoming=False, allowNullOrigin=True)
        if sock is None:
            server = loop.run_until_complete(loop.create_server(factory, LOOPBACK, 0))
        else:
            server = loop.run_until_complete(loop.create_server(factory, sock=sock))
        ports.append(server.sockets[0].getsockname()[1])
        _state.ws_hosts = own_hosts(ports[0])  # before the loop runs: an adopted socket's backlog is served at once
        _state.loop = loop
        _state.ws_server = server
        started.set()
        loop.run_forever()
        server.close()

    _state.ws_thread = threading.Thread(target=serve, name="scene-websocket", daemon=True)
    _state.ws_thread.start()
    started.wait()
    return ports[0]


def _ending() -> bool:
    """The program is ending: events and errors no longer matter."""
    return _state.tab_closed or _state.shut_down or not threading.main_thread().is_alive()


class _SceneProtocol(SizeLimited, WebSocketServerProtocol):
    """One websocket connection. Only the scene's page may connect; only its close ends the program.

    Messages over a size are dropped as they come and the connection goes on (:class:`.guard.SizeLimited`).
    """

    dropped_as = TRIGGER  # answered as an empty message: the page sends only once answered (VPython's protocol)

    def onConnect(self, request: ConnectionRequest) -> None:
        host = request.headers.get("host")  # autobahn refuses a handshake without one, or with two
        refused = host_refusal([] if host is None else [host], _state.ws_hosts, "a websocket")
        if refused is None and request.origin not in _state.allowed_origins:
            refused = f"a websocket from another page: {shown(request.origin)}"
        if refused is not None:
            ignored(refused)
            raise ConnectionDeny(ConnectionDeny.FORBIDDEN, "Host or Origin not allowed")
        if _state.scene is not None:
            raise ConnectionDeny(CONFLICT, "The scene is open in another tab")

    def onOpen(self) -> None:
        # autobahn runs each message's onMessage as a task of its own: the next message's events wait for this
        # one's (a lock wakes its waiters in turn), or a busy machine could handle Enter before the arrow keys
        self._in_order = asyncio.Lock()
        self._keys = TokenBucket(KEYS_BURST, KEYS_PER_SECOND)  # the page's key events, at a person's pace at most
        if _state.scene is None:
            _state.scene = self
            _state.connected.set()
        else:  # two tabs passed onConnect at once: keep the first
            self.sendClose()

    async def onMessage(self, payload: bytes, isBinary: bool) -> None:
        """VPython's protocol: every message from the page asks for the pending updates and may carry events.

        Nothing may escape from here: autobahn would print "Task exception was never retrieved".
        """
        if self is not _state.scene:
            return
        try:
            await self._answer(payload)
        except Exception as error:
            if not _ending():  # else the program is ending: nobody is left to handle the message
                ignored(f"a message that failed: {shown(payload)} ({type(error).__name__}: {error})")

    async def _answer(self, payload: bytes) -> None:
        # the page can connect before vpython has been imported, or before the program has bound its events
        while not (_state.ready.is_set() and _state.released.is_set()):
            await asyncio.sleep(POLL)
        if self.state != self.STATE_OPEN:  # closed meanwhile: the program is ending
            return
        from vpython import vpython

        try:
            self.sendMessage(pending_updates(vpython.baseObj, vpython.vector), isBinary=False)
        finally:
            vpython.baseObj.sent = True  # lets the main thread add commands again
        if payload == TRIGGER:
            return
        try:
            events = parse_events(payload)
        except Junk as junk:
            ignored(str(junk))
            return
        async with self._in_order:  # the messages' events in the order the page sent them
            await self._handle(events, vpython)

    async def _handle(self, events: list[Any], vpython: Any) -> None:
        """Hand ``events`` to VPython one at a time: bound callbacks see them in order. Key events beyond a person's
        pace (:data:`.protocol.KEYS_PER_SECOND`) are dropped here, cheaply, and said in the log (in part)."""
        classes = {name: getattr(vpython, name) for name in ("canvas", *WIDGETS)}
        loop = asyncio.get_running_loop()
        for event in events:
            try:
                check_event(event, vpython.baseObj.object_registry, classes)
            except Junk as junk:
                ignored(str(junk))
                continue
            if event.get("event") in KEY_EVENTS and not self._keys.take():
                ignored(f"a key event beyond {KEYS_PER_SECOND:g} a second: {shown(event)}")
                continue
            try:  # one at a time: bound callbacks must see events in order
                await loop.run_in_executor(None, _state.glow.handle_msg, {"content": {"data": [event]}})
            except Exception as error:  # in VPython or in a bound callback, e.g. a refused slider value
                if _ending():
                    return
                ignored(f"an event that failed: {shown(event)} ({type(error).__name__}: {error})")

    def onClose(self, wasClean: bool, code: int | None, reason: str | None) -> None:
        if self is _state.scene:
            _state.tab_closed = True
            if _state.saved is not None:
                restart.hold_sockets()
            _scene_closed()


# ---- vpython's view of this module ----


def _stand_in_module() -> types.ModuleType:
    """What vpython imports as ``vpython.no_notebook``: ``_`` (waits for the page) and ``GW``."""
    module = types.ModuleType(
        STUB_MODULE, "vp_connect4's stand-in for VPython's server (see vp_connect4.vp3d.server.server)"
    )

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
    try:
        while not _state.connected.wait(POLL):
            pass
    except BaseException:  # a stop signal before the page connected: the program ends here
        # VPython gives an object its ``idx`` after this wait; the one interrupted here has none, and its
        # ``__del__`` would print "Exception ignored ... idx" at exit. A class default keeps it quiet.
        from vpython.vpython import baseObj

        baseObj.idx = None
        raise


# ---- the end ----


def _scene_closed() -> None:
    """The game's tab closed (websocket thread): end the program on the main thread."""
    if threading.main_thread().is_alive():
        _thread.interrupt_main(signal.SIGINT)  # runs _on_stop_signal on the main thread
    else:
        _shutdown()


def _on_stop_signal(signum: int, frame: types.FrameType | None) -> None:
    finalizers.quiet()  # a VPython object that the signal cut off half made must not print a traceback at exit
    _shutdown()
    if _state.tab_closed and _state.kept is not None:
        restart.restart()  # returns only if the restart failed: then the program ends as without keep_serving
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
        # a restart must not cut an answer short, nor a request accepted and not yet read (a reloaded page's)
        _state.httpd.wait_answered(restart.ANSWER_WAIT if _state.kept is not None else SHUTDOWN_WAIT)
    if _state.loop is not None and _state.ws_thread is not None:
        _state.loop.call_soon_threadsafe(_state.loop.stop)
        if threading.current_thread() is not _state.ws_thread:
            _state.ws_thread.join(SHUTDOWN_WAIT)
