"""The server's safety, seen from a real browser: the game's page next to a foreign page and a closed tab.

The server tests (``tests/test_vp3d_server.py``) prove each point by hand-made requests; these prove
that they hold for what Chromium really sends, while a game is being played.
"""

from __future__ import annotations

import re
import signal
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from browser.scene_page import ScenePage
from browser.scene_process import (
    LOOPBACK,
    SceneProcess,
    descendants,
    listening_addresses,
    wait_gone,
    websocket_port,
)

CWD_FILE = "secret.html"  # a file in the scene's working directory: VPython as shipped would serve it
FOREIGN_PAGE = """<!doctype html><title>another site</title><script>
window.outcome = new Promise((resolve) => {
  const ws = new WebSocket('ws://127.0.0.1:%d/');
  ws.onopen = () => resolve('open');
  ws.onclose = (e) => resolve('closed ' + e.code);
});
</script>"""
REFUSED_CLOSE_CODE = "closed 1006"  # what a page sees of a refused handshake (the status is not shown to it)
OUTCOME_TIMEOUT_MS = 10_000
ENDED = "#c4-ended"  # the page's banner when the game has ended or is open elsewhere
BANNER_WITHIN = 1.0  # seconds from the program's end to the page saying so
FRAMING_PAGE = """<!doctype html><title>another site</title><iframe src="%s" width="600" height="400"></iframe>"""


@pytest.fixture
def scene(tmp_path: Path) -> Iterator[SceneProcess]:
    """You against the AI at ply 1, started in a folder that holds a student's file."""
    (tmp_path / CWD_FILE).write_text("<p>a student's file</p>")
    with SceneProcess.main("--o-ply", "1", "--tiebreak", "LEFT", cwd=tmp_path) as process:
        yield process


@pytest.fixture
def foreign_site() -> Iterator[tuple[ThreadingHTTPServer, list[bytes]]]:
    """Another web site on loopback (another port: another origin); its page is set by the test."""
    body: list[bytes] = [b""]

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.end_headers()
            self.wfile.write(body[0])

        def log_message(self, format: str, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer((LOOPBACK, 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield server, body
    finally:
        server.shutdown()
        server.server_close()


def test_a_foreign_page_is_refused_and_the_game_goes_on(
    context: Any, scene: SceneProcess, foreign_site: tuple[ThreadingHTTPServer, list[bytes]]
) -> None:
    view = ScenePage.open(context, scene)
    view.play(1, "X", 3, lambda: view.press("3"))
    view.wait_log(r"^move 2: O column \d$")

    server, body = foreign_site
    ws_port = websocket_port(view.page.content())
    body[0] = (FOREIGN_PAGE % ws_port).encode("utf-8")
    foreign = context.new_page()
    refused = "403"  # Chromium's console tells the status that the page's script is not told
    with foreign.expect_console_message(lambda message: refused in message.text, timeout=OUTCOME_TIMEOUT_MS):
        foreign.goto(f"http://{LOOPBACK}:{server.server_address[1]}/")
        outcome = foreign.evaluate("() => window.outcome")
    assert outcome == REFUSED_CLOSE_CODE, outcome
    foreign.close()

    assert scene.process.poll() is None, scene.describe()
    view.play(3, "X", 3, lambda: view.press("3"))
    view.wait_log(r"^move 4: O column \d$")


NOT_SERVED = (f"/{CWD_FILE}", "/main.py", "/README.md", "/vp_connect4/board.py", "/%2e%2e/%2e%2e/etc/passwd")


def test_the_page_can_fetch_vpythons_files_and_nothing_else(context: Any, scene: SceneProcess) -> None:
    view = ScenePage.open(context, scene)
    paths = ["/glow.min.js", *NOT_SERVED]
    statuses = view.page.evaluate("(paths) => Promise.all(paths.map((p) => fetch(p).then((r) => r.status)))", paths)
    assert dict(zip(paths, statuses, strict=True)) == {"/glow.min.js": 200} | dict.fromkeys(NOT_SERVED, 404)


def test_closing_the_tab_ends_the_game_with_0_and_no_process_left(context: Any, scene: SceneProcess) -> None:
    view = ScenePage.open(context, scene)
    view.play(1, "X", 3, lambda: view.press("3"))
    view.wait_log(r"^move 2: O column \d$")  # the AI's worker process has answered
    addresses = listening_addresses(scene.process.pid)
    assert addresses and {address for address, _ in addresses} == {LOOPBACK}, addresses
    family = descendants(scene.process.pid)
    assert family, "the AI should run in a worker process"

    view.page.close()
    assert scene.wait_exit() == 0, scene.describe()
    assert wait_gone(family) == set()
    assert "Traceback" not in scene.stderr, scene.stderr


def test_the_page_says_when_the_program_has_stopped(context: Any, scene: SceneProcess) -> None:
    from vp_connect4 import wording

    view = ScenePage.open(context, scene)
    view.play(1, "X", 3, lambda: view.press("3"))
    banner = view.page.locator(ENDED)
    assert banner.count() == 0
    scene.process.send_signal(signal.SIGINT)
    assert scene.wait_exit() == 130, scene.describe()
    ended = time.monotonic()
    banner.wait_for(state="visible", timeout=10_000)
    assert time.monotonic() - ended < BANNER_WITHIN
    assert banner.inner_text() == wording.game_ended()
    assert view.page.evaluate("() => [...document.querySelectorAll('button, select')].every((el) => el.disabled)")
    assert view.page.evaluate("() => $('#c4-x-ply').slider('option', 'disabled')")
    assert "Traceback" not in scene.stderr, scene.stderr


def test_a_second_tab_is_told_that_the_game_is_open_in_another(context: Any, scene: SceneProcess) -> None:
    from vp_connect4 import wording

    view = ScenePage.open(context, scene)
    second = context.new_page()
    second.goto(scene.url)
    assert second.locator(ENDED).inner_text(timeout=OUTCOME_TIMEOUT_MS) == wording.game_open_elsewhere()
    second.close()
    assert scene.process.poll() is None, scene.describe()
    view.play(1, "X", 3, lambda: view.press("3"))


def test_another_site_cannot_frame_the_game(
    context: Any, scene: SceneProcess, foreign_site: tuple[ThreadingHTTPServer, list[bytes]]
) -> None:
    scene.wait_for_port()
    server, body = foreign_site
    body[0] = (FRAMING_PAGE % scene.url).encode("utf-8")
    foreign = context.new_page()
    foreign.goto(f"http://{LOOPBACK}:{server.server_address[1]}/")
    (frame,) = foreign.main_frame.child_frames
    assert frame.url != scene.url, "the game's page was shown in another site's frame"  # Chromium: its error page
    assert frame.evaluate("() => document.querySelector('#glowscript')") is None
    assert not any(line == "scene ready" for line in scene.lines), scene.describe()


KEY_FLOOD = 100_000  # key presses the page sends at once: no person types that
FLOOD_JS = "(n) => { for (let i = 0; i < n; i++) $(document).trigger($.Event('keydown', {which: 57})); }"  # key 9


def test_a_flood_of_refused_keys_from_the_page_leaves_the_game_answering(context: Any, scene: SceneProcess) -> None:
    """100,000 presses of 9 (no column 9) sent by the page itself: the next real key is played at once.

    The page sends them as one message of about 10 MB, which the server drops (over 1 MiB). Before, the page, never
    answered, sent nothing more: the game was mute for good. Sent in smaller messages, key events beyond a
    person's pace are dropped too (``test_vp3d_server``'s key flood)."""
    view = ScenePage.open(context, scene)
    start = len(scene.lines)
    view.page.evaluate(FLOOD_JS, KEY_FLOOD)
    view.play(1, "X", 3, lambda: view.press("3"))
    view.wait_log(r"^move 2: O column \d$")
    ignored = [line for line in scene.lines[start:] if line.startswith("ignored: ")]
    assert ignored and len(ignored) < KEY_FLOOD // 1000, ignored[:5]  # dropped as a whole, said in a line or few
    assert re.match(r"ignored: (a websocket message of \d+ bytes|a key event beyond)", ignored[0]), ignored[0]
    scene.assert_no_traceback()
