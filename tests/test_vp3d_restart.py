"""A closed tab restarts the scene in place and waits for a reloaded page (vp_connect4.vp3d.server.restart).

A browser cannot say whether its tab was closed or reloaded, so the restarted program waits a minute for a page
(a slow browser may need that long). Proved here without a browser, with the tiny scene (``--keep``: it
restarts as the app does) and pages connected by hand; the real page on a slow browser is in
``tests/browser/test_slow_reload.py``.
"""

from __future__ import annotations

import re
import socket
import sys
import time
from collections.abc import Iterator

import pytest
from browser.scene_process import LOOPBACK, SceneProcess, WebSocketClient, descendants, wait_gone, websocket_port

from vp_connect4 import wording
from vp_connect4.vp3d.server import restart

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="inspects processes via /proc")

OLD_GRACE = 3.0  # seconds: the wait before issue 21, which took a slow reload for a closed tab
GRACE = 12.0  # seconds the scene here waits for a page (restart.GRACE_ENV)
READY_TIMEOUT = 30.0


@pytest.mark.parametrize("text", [None, "", "abc", "0", "-5", "nan", "inf"])
def test_without_a_usable_setting_a_restarted_program_waits_a_minute_for_a_page(
    monkeypatch: pytest.MonkeyPatch, text: str | None
) -> None:
    if text is None:
        monkeypatch.delenv(restart.GRACE_ENV, raising=False)
    else:
        monkeypatch.setenv(restart.GRACE_ENV, text)
    assert 60 <= restart.RECONNECT_GRACE <= 90  # at least a minute for a slow page, "about a minute" to end
    assert restart.reload_grace() == restart.RECONNECT_GRACE
    problem = restart.grace_problem()
    if text is None:
        assert problem is None
    else:
        assert problem == wording.bad_reload_grace(restart.GRACE_ENV, text, restart.RECONNECT_GRACE)
        assert restart.GRACE_ENV in problem and repr(text) in problem


def test_the_setting_sets_the_wait(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(restart.GRACE_ENV, "7.5")
    assert restart.reload_grace() == 7.5
    assert restart.grace_problem() is None


def test_the_terminal_line_says_how_long_the_game_waits() -> None:
    url = "http://127.0.0.1:8000/"
    assert f"reload it or open {url} within 60 seconds;" in wording.page_closed_waiting(60.0, url)
    assert "within 7.5 seconds;" in wording.page_closed_waiting(7.5, url)
    assert "within 1 second;" in wording.page_closed_waiting(1.0, url)


@pytest.fixture
def kept() -> Iterator[SceneProcess]:
    """The tiny scene that restarts when its page goes, waiting :data:`GRACE` seconds for another."""
    with SceneProcess.tiny(keep=True, reload_grace=GRACE) as scene:
        scene.wait_for_port()
        yield scene


def load_page(scene: SceneProcess) -> int:
    """Ask for the page as a browser does (``/``); the websocket's port it names."""
    with socket.create_connection((LOOPBACK, scene.port), timeout=READY_TIMEOUT) as client:
        client.sendall(f"GET / HTTP/1.1\r\nHost: {LOOPBACK}:{scene.port}\r\nConnection: close\r\n\r\n".encode())
        page = b""
        while chunk := client.recv(65536):
            page += chunk
    assert page.startswith(b"HTTP/1.0 200 "), page[:200]
    return websocket_port(page.decode("utf-8", "replace"))


def connect(scene: SceneProcess, ws_port: int) -> tuple[WebSocketClient, int]:
    """Connect as the scene's page; the page and the index of the log line ``scene ready``."""
    start = len(scene.lines)
    page = WebSocketClient(ws_port, f"http://{LOOPBACK}:{scene.port}")
    assert page.status == 101, scene.describe()
    page.send("trigger")
    return page, scene.wait_for("^scene ready$", READY_TIMEOUT, start)[0]


@pytest.mark.slow
@pytest.mark.timeout(120)
def test_a_page_that_comes_back_late_gets_the_same_program_and_none_ends_it(kept: SceneProcess) -> None:
    pid = kept.process.pid
    waiting = wording.page_closed_waiting(GRACE, kept.url)
    page, ready = connect(kept, load_page(kept))

    page.close()  # a quick reload: the page asks again at once
    page, ready = connect(kept, load_page(kept))
    assert kept.lines.count("resumed") == 1 and waiting not in kept.lines, kept.describe()

    page.close()  # a slow reload: nothing for longer than the old grace, then the page and its websocket
    kept.wait_for("^resumed$", READY_TIMEOUT, ready)
    notice, _ = kept.wait_for(f"^{re.escape(waiting)}$", READY_TIMEOUT, ready)
    time.sleep(OLD_GRACE + 1)
    page, ready = connect(kept, load_page(kept))
    assert kept.process.pid == pid and kept.process.poll() is None, kept.describe()
    assert ready > notice

    family = descendants(pid)
    closed = time.monotonic()
    page.close()  # a closed tab: nothing comes back
    assert kept.wait_exit(GRACE + READY_TIMEOUT) == 0, kept.describe()
    assert time.monotonic() - closed > GRACE, "ended before the grace was over"
    assert kept.lines.count(waiting) == 2, kept.describe()
    assert wait_gone(family | descendants(pid)) == set(), "a process was left behind"
    assert "Traceback" not in kept.stderr, kept.stderr


@pytest.mark.slow
@pytest.mark.timeout(120)
def test_a_page_that_is_still_loading_is_waited_for_past_the_grace(kept: SceneProcess) -> None:
    page, ready = connect(kept, load_page(kept))
    page.close()
    kept.wait_for("^resumed$", READY_TIMEOUT, ready)
    started = time.monotonic()
    while time.monotonic() < started + GRACE * 1.5:  # the page's files come one by one, slowly
        ws_port = load_page(kept)
        time.sleep(GRACE / 4)
    page, _ = connect(kept, ws_port)
    assert kept.process.poll() is None, kept.describe()
    assert wording.page_closed_waiting(GRACE, kept.url) not in kept.lines, "a page was loading: it was not closed"
    page.close()
