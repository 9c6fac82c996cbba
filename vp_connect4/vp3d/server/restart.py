"""Reload resumes: a closed tab restarts the scene's program in place, so a reloaded page gets the same game.

VPython cannot give a reloaded page the same scene: it sends each object's creation command once
(``baseObj.updates['cmds']``, emptied by ``baseObj.initialize()`` after every message) and from then
on only changes, and the page's side of the scene (GlowScript's objects, widgets, bindings) lives
only in the old page. A new page would get the changes to objects it never made: a blank page. So
when the tab closes (the page closes its websocket before it unloads, see :mod:`.web`), the program
restarts in place instead of ending: the websocket thread keeps inheritable copies of both listening
sockets and stops accepting; on the main thread the :func:`.server.on_close` callbacks run (the AI
worker stops), the HTTP connections already accepted are answered (:data:`ANSWER_WAIT`), and ``os.execve``
replaces the process (same pid) with a fresh interpreter running the same command line (``sys.orig_argv``),
with the sockets' numbers in :data:`SOCKETS_ENV` and the saved game from ``keep_serving``'s callback (see
:mod:`.resume`). The new :func:`.server.install` adopts the sockets instead of binding: a reload's requests
wait in the listen backlog meanwhile, however long the restart takes, never refused, and get a fresh VPython
scene of the same game.

A browser cannot tell the program whether its tab was reloaded or closed, so the restarted program waits for a
page: :func:`reload_grace` seconds (a minute, or :data:`GRACE_ENV`), counted from the restart and again at each
request for the page or its assets, so a slow browser that is still loading the page is waited for. If no page
has asked for anything :data:`NOTICE_AFTER` seconds after the restart, the terminal says that the page has
gone and how long the program waits for a reload or the URL opened again (Ctrl-C ends it at once). If no
page connects in time, the tab was closed: the program ends with exit code 0, as after a closed tab.

A reloaded page's request can reach the program before the old page's websocket close has: it waits
:data:`RELOAD_WAIT` for that close, and if the close is slower still the tab gets the busy page, which (like a
refused websocket) sees that this tab had the game and asks again a moment later (``assets/tab_game.js``).
"""

from __future__ import annotations

import math
import os
import signal
import socket
import sys
import threading
import time
import traceback
from collections.abc import Callable

from ... import wording
from ...terminal_input import write_line
from .server_state import STOP_SIGNALS
from .server_state import state as _state
from .web import IDLE_TIMEOUT

SOCKETS_ENV = "VP_CONNECT4_SOCKETS"  # "HTTP_FD,WS_FD": the listening sockets a restarted program adopts
GRACE_ENV = "VP_CONNECT4_RELOAD_GRACE"  # seconds to wait for a reloaded page instead of RECONNECT_GRACE
RECONNECT_GRACE = 60.0  # seconds after a restart (or the last request for the page) for a page to connect
NOTICE_AFTER = 3.0  # seconds after a restart without a request from a page: the terminal says the tab was closed
RELOAD_WAIT = 1.0  # seconds a request for the page waits for a reloaded page's old websocket to close
ANSWER_WAIT = IDLE_TIMEOUT + 1.0  # seconds a restart waits for the HTTP connections accepted to be answered
POLL = 0.05  # seconds between checks while waiting


def reload_grace() -> float:
    """The seconds a restarted program waits for a page: :data:`GRACE_ENV` if it is a number above 0, else
    :data:`RECONNECT_GRACE` (see :func:`grace_problem`)."""
    return _grace_from(os.environ.get(GRACE_ENV)) or RECONNECT_GRACE


def grace_problem() -> str | None:
    """What is wrong with :data:`GRACE_ENV` (a sentence for the terminal), or None if it is unset or right."""
    text = os.environ.get(GRACE_ENV)
    if text is None or _grace_from(text):
        return None
    return wording.bad_reload_grace(GRACE_ENV, text, RECONNECT_GRACE)


def _grace_from(text: str | None) -> float | None:
    try:
        seconds = float(text) if text is not None else math.nan
    except ValueError:
        return None
    return seconds if 0 < seconds < math.inf else None


def resumed() -> bool:
    """This process is a restart after the tab closed (call after :func:`.server.install`): a reload is expected."""
    return _state.adopted


def keep_serving(saved: Callable[[], dict[str, str]]) -> None:
    """When the tab closes, restart the program in place instead of ending it, so a reload resumes.

    After the :func:`on_close` callbacks, the process replaces itself (``os.execve``: the same pid)
    with a fresh interpreter running the same command line, which adopts the listening sockets
    (:data:`SOCKETS_ENV`), so a reload meanwhile waits in the listen backlog and is never refused.
    ``saved()`` gives the environment variables that let the new program resume (its game). If no
    page connects within :func:`reload_grace` seconds, the new program ends with exit code 0.
    """
    _state.saved = saved


def scene_open() -> bool:
    """A tab has the game, so ``/`` is the busy page (HTTP thread).

    With :func:`keep_serving`, a reload's request for the page can come just before its old page's
    websocket closes: it waits up to :data:`RELOAD_WAIT` seconds for that close before it is busy.
    """
    deadline = time.monotonic() + (RELOAD_WAIT if _state.saved is not None else 0.0)
    while _state.scene is not None and not _state.tab_closed:
        if time.monotonic() >= deadline:
            return True
        time.sleep(POLL)
    return False


def page_requested() -> None:
    """A request for the page or one of its assets (HTTP thread): after a restart, a page is coming, so wait
    for it longer."""
    if _state.adopted and not _state.connected.is_set():
        _state.page_asked = True
        _state.grace_until = max(_state.grace_until, time.monotonic() + reload_grace())


def await_reconnect(end: Callable[[], None], log: Callable[[str], None] | None = None) -> None:
    """After a restart (main thread, at install): if no page connects in time, the tab was closed, not
    reloaded; ``end()`` then ends the program as a closed tab does (a watcher thread calls it). ``log``
    writes the line that says so to the terminal, if no page asks for anything soon.
    """
    say = log or write_line
    grace = reload_grace()
    started = time.monotonic()
    _state.grace_until = started + grace

    def watch() -> None:
        told = False
        while not _state.connected.wait(POLL):
            if not told and not _state.page_asked and time.monotonic() > started + NOTICE_AFTER:
                told = True
                say(wording.page_closed_waiting(grace, _state.url or ""))
            if time.monotonic() > _state.grace_until:
                with _state.lock:
                    if _state.scene is not None or _state.shut_down:
                        return
                    _state.tab_closed = True  # ends with exit code 0, as a closed tab does
                end()
                return

    threading.Thread(target=watch, name="scene-grace", daemon=True).start()


def restarting() -> bool:
    """This process replaced one whose tab closed, and has not taken over its sockets yet (before ``install``)."""
    return bool(os.environ.get(SOCKETS_ENV))


def adopted_sockets() -> tuple[socket.socket | None, socket.socket | None]:
    """The listening sockets handed over by the program this process replaced (:data:`SOCKETS_ENV`), if any."""
    fds = os.environ.pop(SOCKETS_ENV, None)
    if not fds:
        return None, None
    http_fd, ws_fd = (int(fd) for fd in fds.split(","))
    adopted = []
    for fd in (http_fd, ws_fd):
        os.set_inheritable(fd, False)  # not into the AI worker
        adopted.append(socket.socket(fileno=fd))
    return adopted[0], adopted[1]


def hold_sockets() -> None:
    """The tab closed (websocket thread): keep both listening sockets for the restart, accept nothing more.

    Inheritable copies of the two listening sockets survive ``exec``; the websocket server stops
    accepting now, so a reloaded page's websocket waits in the backlog for the restarted program.
    """
    assert _state.httpd is not None and _state.ws_server is not None
    kept = []
    for sock in (_state.httpd.socket, _state.ws_server.sockets[0]):
        fd = os.dup(sock.fileno())
        os.set_inheritable(fd, True)
        kept.append(fd)
    _state.kept = (kept[0], kept[1])
    _state.ws_server.close()


def restart() -> None:
    """Replace this process (same pid) with the same command line, handing over the sockets and the saved game."""
    assert _state.kept is not None and _state.saved is not None
    try:
        env = dict(os.environ, **_state.saved())
        env[SOCKETS_ENV] = ",".join(str(fd) for fd in _state.kept)
        argv = [sys.executable, *sys.orig_argv[1:]]
        sys.stdout.flush()
        sys.stderr.flush()
        # held back across the exec: a stop while the new program starts waits for its handlers (server.accept_signals)
        signal.pthread_sigmask(signal.SIG_BLOCK, STOP_SIGNALS)
        os.execve(sys.executable, argv, env)
    except Exception:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, STOP_SIGNALS)
        traceback.print_exc()
