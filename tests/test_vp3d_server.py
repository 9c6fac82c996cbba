"""The scene's server is safe on a campus network (vp_connect4.vp3d.server.server), proved without a browser.

Each point of the issue against a real scene process (``tests/browser/tiny_scene.py``: a box, a sphere
and a spawn worker behind our server): (a) both sockets listen on 127.0.0.1 only; (b) only VPython's
assets are served, everything else is 404; (c) a websocket from a foreign origin gets 403 and the game
goes on; (d) closing the scene's connection ends the program with exit code 0 and no process left;
(e) junk (clients that hang up or say nothing, bad messages on the scene's websocket) is one log line
``ignored: ...`` and the game goes on; (f) other sites may not frame the page; (g) a stop signal ends
the program without a traceback, also before a page has connected.
The same points with a real browser tab are in ``tests/browser/test_security.py``.
"""

from __future__ import annotations

import html
import http.client
import json
import signal
import socket
import struct
import subprocess
import sys
import time
from collections.abc import Iterator
from http import HTTPStatus
from pathlib import Path

import pytest
from browser.scene_process import (
    LOOPBACK,
    OTHER_LOOPBACK,
    PYTHON,
    ROOT,
    START_TIMEOUT,
    SceneProcess,
    WebSocketClient,
    descendants,
    free_port,
    listening_addresses,
    wait_gone,
    websocket_handshake,
)

from vp_connect4.vp3d.server.protocol import IGNORED_BURST, IGNORED_PER_SECOND

pytestmark = [
    pytest.mark.timeout(60),
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="inspects processes and sockets via /proc"),
]

LOG_TIMEOUT = 10.0
CWD_FILES = {"secret.html": "<p>a student's file</p>", "notes.js": "var secret = 1", "photo.png": "not a png"}


def http_get(port: int, path: str) -> tuple[int, dict[str, str], bytes]:
    """GET ``path`` exactly as written (no normalisation of ``..``): status, headers, body."""
    connection = http.client.HTTPConnection(LOOPBACK, port, timeout=10)
    try:
        connection.putrequest("GET", path, skip_accept_encoding=True)
        connection.endheaders()
        response = connection.getresponse()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
    finally:
        connection.close()


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SceneProcess]:
    """A scene whose working directory holds files a leaky server would serve; no page connects."""
    cwd = tmp_path_factory.mktemp("cwd")
    for name, text in CWD_FILES.items():
        (cwd / name).write_text(text)
    with SceneProcess.tiny(cwd=cwd) as scene:
        scene.wait_for_port()
        yield scene


@pytest.fixture
def scene() -> Iterator[SceneProcess]:
    """A fresh scene, serving; the test ends it."""
    with SceneProcess.tiny() as process:
        process.wait_for_port()
        yield process


# ---- without starting a scene ----


def test_importing_the_server_does_not_import_vpython() -> None:
    code = "import sys, vp_connect4.vp3d.server.server; assert 'vpython' not in sys.modules"
    subprocess.run([PYTHON, "-c", code], cwd=ROOT, check=True, timeout=30)


def test_asset_table_holds_only_files_of_vpython() -> None:
    from vp_connect4.vp3d.server import web

    table = web.asset_table(12345)
    files = [asset for asset in table.values() if isinstance(asset, Path)]
    assert files, "no assets"
    assert all(any(folder in file.parents for folder in web.ASSET_DIRS) for file in files)
    assert all(".." not in url and url.startswith("/") for url in table)
    assert b"var sock = '12345'" in table["/"]


def test_the_page_says_when_the_game_has_ended_instead_of_closing_its_window() -> None:
    from vp_connect4 import wording
    from vp_connect4.vp3d.server import web

    page = web.scene_page(12345)
    assert "windowClose()\n" not in page.replace("function windowClose()", "")  # defined, never called
    assert "vp_connect4_closed(isopen)" in page
    assert "function vp_connect4_closed(opened)" in page
    assert wording.game_ended() in page and wording.game_open_elsewhere() in page
    assert html.escape(wording.game_open_elsewhere()) in web.busy_page()


def test_the_page_sends_every_slider_change_and_connects_to_loopback() -> None:
    from vp_connect4.vp3d.server import web

    page = web.scene_page(12345)
    assert "if (lastsliders[ss] !== ev)" in page
    assert "ss in lastsliders &&" not in page
    assert '"ws://127.0.0.1:"+sock' in page
    assert "ws://localhost" not in page


# ---- (a) loopback only ----


def test_both_sockets_listen_on_loopback_only(served: SceneProcess) -> None:
    ws_port = served.websocket_port()  # the page is served once both listen (the HTTP port listens a moment before)
    addresses = listening_addresses(served.process.pid)
    ports = {port for _, port in addresses}
    assert ports == {served.port, ws_port}, addresses
    assert {address for address, _ in addresses} == {LOOPBACK}, addresses


def test_other_addresses_are_refused(served: SceneProcess) -> None:
    with socket.socket() as control:  # a socket on all interfaces answers on 127.0.0.2 here?
        control.bind(("0.0.0.0", 0))
        control.listen()
        try:
            socket.create_connection((OTHER_LOOPBACK, control.getsockname()[1]), timeout=2).close()
        except OSError:
            pytest.skip(f"{OTHER_LOOPBACK} does not reach this machine's loopback here")
    for port in (served.port, served.websocket_port()):
        with pytest.raises(ConnectionRefusedError):
            socket.create_connection((OTHER_LOOPBACK, port), timeout=2).close()


# ---- (b) VPython's assets and nothing else ----


@pytest.mark.parametrize(
    ("path", "kind"),
    [
        ("/glow.min.js", "application/javascript"),
        ("/jquery.min.js", "application/javascript"),
        ("/jquery-ui.custom.css", "text/css"),
        ("/images/ui-icons_217bc0_256x240.png", "image/png"),
        ("/Roboto-Medium.ttf", "font/ttf"),
        ("/NimbusRomNo9L-Med.otf", "font/otf"),
        ("/earth_texture.jpg", "image/jpeg"),
        ("/favicon.ico", "image/x-icon"),
    ],
)
def test_vpython_assets_are_served(served: SceneProcess, path: str, kind: str) -> None:
    from vp_connect4.vp3d.server import web

    status, headers, body = http_get(served.port, path)
    assert status == 200
    assert headers["content-type"] == kind
    originals = [folder / path.lstrip("/") for folder in web.ASSET_DIRS]
    assert body == next(file for file in originals if file.is_file()).read_bytes()


def test_the_page_is_vpythons_with_the_websocket_on_loopback(served: SceneProcess) -> None:
    status, headers, page = http_get(served.port, "/")
    assert status == 200
    assert headers["content-type"].startswith("text/html")
    assert b"glowscript" in page
    assert b'new WebSocket("ws://127.0.0.1:"+sock)' in page
    assert served.websocket_port() != served.port


@pytest.mark.parametrize(
    "path",
    [
        "/../../../../etc/passwd",
        "/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
        "/..%2f..%2f..%2f..%2fetc%2fpasswd",
        "//etc/passwd",
        "/etc/passwd",
        "/../vpython.py",
        "/../no_notebook.py",
        "/glowcomm.html",
        "/secret.html",
        "/notes.js",
        "/photo.png",
        "/images/../../vpython.py",
        "/nothing-here.js",
        "/main.py",
    ],
)
def test_everything_else_is_404(served: SceneProcess, path: str) -> None:
    status, _, body = http_get(served.port, path)
    assert status == HTTPStatus.NOT_FOUND, body[:200]
    assert b"root:" not in body and b"a student's file" not in body


# ---- (c) the scene's own page only ----


@pytest.mark.parametrize(
    "origin",
    [
        "http://evil.example",
        "null",
        None,
        "http://127.0.0.1",
        "http://127.0.0.1:1",
        "https://127.0.0.1:{port}",
        "http://localhost.evil.example:{port}",
        "http://127.0.0.1.evil.example:{port}",
        "http://127.0.0.1:{port}.evil.example",  # malformed: autobahn answers 400 before our check
    ],
)
def test_a_foreign_origin_is_refused_and_the_scene_goes_on(served: SceneProcess, origin: str | None) -> None:
    if origin is not None:
        origin = origin.format(port=served.port)
    status, connection = websocket_handshake(served.websocket_port(), origin)
    connection.close()
    assert status == (HTTPStatus.BAD_REQUEST if origin and origin.endswith(".evil.example") else HTTPStatus.FORBIDDEN)
    assert served.process.poll() is None, served.describe()
    assert http_get(served.port, "/")[0] == 200  # still serving


def test_after_refusals_the_own_page_connects_and_a_second_tab_gets_409(scene: SceneProcess) -> None:
    ws_port = scene.websocket_port()
    for origin in ("http://evil.example", None):
        status, connection = websocket_handshake(ws_port, origin)
        connection.close()
        assert status == HTTPStatus.FORBIDDEN
    status, page = websocket_handshake(ws_port, scene.origin)
    with page:
        assert status == HTTPStatus.SWITCHING_PROTOCOLS
        scene.wait_ready()  # the scene went on after the refusals
        for origin in (scene.origin, f"http://localhost:{scene.port}"):
            status, second = websocket_handshake(ws_port, origin)
            second.close()
            assert status == HTTPStatus.CONFLICT
        assert scene.process.poll() is None, scene.describe()


def test_the_localhost_name_of_the_page_is_its_own_origin(scene: SceneProcess) -> None:
    status, page = websocket_handshake(scene.websocket_port(), f"http://localhost:{scene.port}")
    with page:
        assert status == HTTPStatus.SWITCHING_PROTOCOLS
        scene.wait_ready()


# ---- (d) the end ----


def test_closing_the_scene_connection_ends_with_0_and_no_process_left(scene: SceneProcess) -> None:
    status, page = websocket_handshake(scene.websocket_port(), scene.origin)
    assert status == HTTPStatus.SWITCHING_PROTOCOLS
    scene.wait_ready()
    family = descendants(scene.process.pid)
    assert family, "the tiny scene should have started a worker process"
    page.close()
    assert scene.wait_exit() == 0, scene.describe()
    assert wait_gone(family) == set()
    assert "Traceback" not in scene.stderr, scene.stderr


def test_ctrl_c_ends_cleanly_with_130(scene: SceneProcess) -> None:
    status, page = websocket_handshake(scene.websocket_port(), scene.origin)
    with page:
        assert status == HTTPStatus.SWITCHING_PROTOCOLS
        scene.wait_ready()
        family = descendants(scene.process.pid)
        scene.process.send_signal(signal.SIGINT)
        assert scene.wait_exit() == 130, scene.describe()
    assert wait_gone(family) == set()
    assert "Traceback" not in scene.stderr, scene.stderr


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM, signal.SIGHUP])
def test_the_game_ends_cleanly_on_a_signal_before_the_page_connects(signum: int) -> None:
    args = ["-m", "vp_connect4", "--no-browser", "--port", "0"]
    with SceneProcess(args, port=0) as scene:
        scene.wait_for(r"^Open http://127\.0\.0\.1:\d+/ in your browser$", START_TIMEOUT)
        deadline = time.monotonic() + START_TIMEOUT
        while not (family := descendants(scene.process.pid)):  # the AI worker starts after that line
            assert time.monotonic() < deadline, scene.describe()
            time.sleep(0.05)
        time.sleep(0.5)  # the program waits for the page now
        scene.process.send_signal(signum)
        assert scene.wait_exit() == 128 + signum, scene.describe()
        assert wait_gone(family) == set()
        scene.assert_no_traceback()


# ---- (e) junk is ignored, the game goes on ----


FLOOD = 1000  # junk messages sent at once

JUNK = [
    b"{not json",
    b"\xff\xfe not UTF-8 \x80",
    b"[1]",
    b"42",
    b'{"widget": "slider"}',
    b"null",
    b"[[1]]",
    b'[{"widget": "slider"}]',
    b'[{"widget": "knob", "idx": 1, "value": 1}]',
    b'[{"canvas": 999, "event": "click"}]',
    b'[{"canvas": "{canvas}", "event": "click"}]',
    b'[{"canvas": {canvas}, "event": "no such event"}]',
    b'[{"canvas": {canvas}, "event": "click"}]',
    b'[{"canvas": {canvas}, "event": "keydown", "key": "4"}]',
    b'[{"canvas": {canvas}, "event": "update_canvas", "pos": [1, 2]}]',
    b'[{"canvas": {canvas}, "event": "update_canvas", "ray": [Infinity, 0, 0]}]',
    b'[{"canvas": {canvas}, "event": "update_canvas", "range": -1}]',
    b'[{"canvas": {canvas}, "event": "pick", "pick": 99999}]',
    b'[{"widget": "slider", "idx": {slider}, "value": NaN}]',
    b'[{"widget": "slider", "idx": {slider}, "value": Infinity}]',
    b'[{"widget": "slider", "idx": {slider}, "value": 1e308}]',
    b'[{"widget": "slider", "idx": {slider}, "value": -1}]',
    b'[{"widget": "slider", "idx": {slider}, "value": "abc"}]',
    b'[{"widget": "slider", "idx": {slider}, "value": true}]',
    b'[{"widget": "slider", "idx": {menu}, "value": 3}]',
    b'[{"widget": "menu", "idx": {menu}, "value": 2}]',
    b'[{"widget": "menu", "idx": {menu}, "value": -1}]',
    b'[{"widget": "menu", "idx": {menu}}]',
]


def test_junk_on_the_scene_websocket_is_ignored_and_the_game_goes_on(scene: SceneProcess) -> None:
    page, objects = scene.connect_page()
    with page:
        start = len(scene.lines)
        for junk in JUNK:
            for name, idx in objects.items():
                junk = junk.replace(b"{" + name.encode() + b"}", str(idx).encode())
            page.send(junk, WebSocketClient.TEXT)
            index, found = scene.wait_for(r"^(ignored: |level: |menu: )", LOG_TIMEOUT, start)
            assert found.string.startswith("ignored: "), (junk, found.string)
            start = index + 1
        page.send(f'[{{"widget": "slider", "idx": {objects["slider"]}, "value": 3}}]')
        assert scene.wait_for(r"^(ignored|level): ", LOG_TIMEOUT, start)[1].string == "level: ply 3"
        page.send(f'[{{"widget": "menu", "idx": {objects["menu"]}, "value": 1}}]')
        assert scene.wait_for(r"^(ignored|menu): ", LOG_TIMEOUT, start)[1].string == "menu: two"
        assert scene.process.poll() is None, scene.describe()
    assert scene.wait_exit() == 0, scene.describe()
    scene.assert_no_traceback()


def test_a_flood_of_junk_is_logged_in_part_and_the_game_goes_on(scene: SceneProcess) -> None:
    page, objects = scene.connect_page()
    with page:
        start = len(scene.lines)
        for n in range(FLOOD):
            page.send(f"not json {n}", WebSocketClient.TEXT)
        page.send(f'[{{"widget": "menu", "idx": {objects["menu"]}, "value": 1}}]')
        end, _ = scene.wait_for(r"^menu: two$", LOG_TIMEOUT, start)
        logged = [line for line in scene.lines[start:end] if line.startswith("ignored: a message")]
        assert IGNORED_BURST <= len(logged) < IGNORED_BURST + FLOOD // 4, len(logged)
        time.sleep(1.5 / IGNORED_PER_SECOND)  # room for one more line: it says how much was left out
        page.send("[nonsense")
        last, _ = scene.wait_for(r"^ignored: a message that is not JSON: '\[nonsense'", LOG_TIMEOUT, end)
        left_out = [int(line.split()[1]) for line in scene.lines[start:last] if "more like these" in line]
        assert left_out and sum(left_out) + len(logged) == FLOOD
    assert scene.wait_exit() == 0, scene.describe()
    scene.assert_no_traceback()


ORDERED = 60  # messages sent at once, each with one slider value


def test_the_events_of_messages_sent_at_once_are_handled_in_order(scene: SceneProcess) -> None:
    """autobahn handles each message in a task of its own: without an order, a busy machine saw Enter before the
    arrow keys sent just before it."""
    from vp_connect4.vp3d.view.sliders import MAX_PLY, slider_to_level

    page, objects = scene.connect_page()
    values = [(3 * n) % (MAX_PLY + 2) for n in range(ORDERED)]
    with page:
        start = len(scene.lines)
        for value in values:
            page.send(f'[{{"widget": "slider", "idx": {objects["slider"]}, "value": {value}}}]')
        logged = []
        for _ in values:
            start, found = scene.wait_for(r"^(level|ignored): ", LOG_TIMEOUT, start)
            logged.append(found.string)
            start += 1
        assert logged == [f"level: {slider_to_level(value).label}" for value in values]
    assert scene.wait_exit() == 0, scene.describe()
    scene.assert_no_traceback()


def test_messages_followed_by_a_close_end_without_a_traceback(scene: SceneProcess) -> None:
    page, objects = scene.connect_page()
    for value in range(5):
        page.send("trigger")
        page.send(f'[{{"widget": "slider", "idx": {objects["slider"]}, "value": {value}}}]')
    page.close()
    assert scene.wait_exit() == 0, scene.describe()
    scene.assert_no_traceback()


def test_a_client_that_hangs_up_mid_answer_is_one_log_line(scene: SceneProcess) -> None:
    for _ in range(5):  # a big file: the server is still writing when the reset comes
        with socket.socket() as client:
            client.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)  # so the file cannot all fit in buffers
            client.settimeout(10)
            client.connect((LOOPBACK, scene.port))
            client.sendall(f"GET /plotly.min.js HTTP/1.1\r\nHost: {LOOPBACK}:{scene.port}\r\n\r\n".encode())
            client.recv(1)
            client.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))  # close = reset
    scene.wait_for(r"^ignored: an HTTP request that failed: (BrokenPipeError|ConnectionResetError)", LOG_TIMEOUT)
    assert http_get(scene.port, "/")[0] == 200  # still serving
    scene.process.send_signal(signal.SIGINT)
    assert scene.wait_exit() == 130, scene.describe()
    scene.assert_no_traceback()


def _dies_badly(module: str) -> None:
    """An object whose ``__del__`` (a function of ``module``) fails, as a VPython object cut off half made does."""

    def __del__(self: object) -> None:
        raise AttributeError("no attribute 'idx'")

    __del__.__module__ = module
    type("Half", (), {"__del__": __del__})()  # made and dropped at once: its __del__ runs here


def test_after_a_stop_signal_a_half_made_vpython_object_says_nothing_and_other_failures_still_show(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from vp_connect4.vp3d.server import finalizers

    shown: list[str] = []
    monkeypatch.setattr(sys, "unraisablehook", lambda unraisable: shown.append(unraisable.object.__module__))
    finalizers.quiet()
    finalizers.quiet()  # a second signal: still one hook
    _dies_badly("vpython.vpython")
    _dies_badly("vp_connect4.game")
    assert shown == ["vp_connect4.game"]


def test_an_idle_http_connection_is_dropped(served: SceneProcess) -> None:
    """Two at once (one silent, one with half a request), each closed by the server within its idle time."""
    from vp_connect4.vp3d.server import web

    started = time.monotonic()
    clients = [socket.create_connection((LOOPBACK, served.port), timeout=web.IDLE_TIMEOUT + 10) for _ in range(2)]
    try:
        clients[1].sendall(b"GET / HTTP/1.1\r\n")
        assert [client.recv(1024) for client in clients] == [b"", b""]  # closed by the server, not timed out here
    finally:
        for client in clients:
            client.close()
    assert time.monotonic() - started < web.IDLE_TIMEOUT + 5
    assert http_get(served.port, "/")[0] == 200


# ---- (f) no framing by other sites ----


@pytest.mark.parametrize("path", ["/", "/glow.min.js", "/nothing-here.js"])
def test_every_answer_forbids_framing(served: SceneProcess, path: str) -> None:
    _, headers, _ = http_get(served.port, path)
    assert headers["x-frame-options"] == "DENY"
    assert headers["content-security-policy"] == "frame-ancestors 'none'"
    assert headers["x-content-type-options"] == "nosniff"


def test_a_second_tab_gets_a_page_saying_where_the_game_is(scene: SceneProcess) -> None:
    from vp_connect4 import wording

    page, _ = scene.connect_page()
    with page:
        status, headers, body = http_get(scene.port, "/")
        assert status == HTTPStatus.CONFLICT
        assert headers["content-type"].startswith("text/html")
        assert html.escape(wording.game_open_elsewhere()).encode() in body
        assert b"glowscript" not in body
        assert http_get(scene.port, "/glow.min.js")[0] == 200  # the game's own tab still gets its files


def test_with_no_browser_to_open_one_line_says_so_and_where_the_scene_is(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("DISPLAY", "WAYLAND_DISPLAY"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("BROWSER", "/bin/false")  # a browser command that fails: as on a machine with none
    port = free_port()
    with SceneProcess([str(ROOT / "main.py"), "--port", str(port)], port) as scene:
        _, found = scene.wait_for(r"^The scene is at (http://127\.0\.0\.1:\d+/)$", START_TIMEOUT)
        said = f"No browser could be opened here: open {found.group(1)} in any browser on this machine to play."
        deadline = time.monotonic() + LOG_TIMEOUT
        while said not in scene.stderr:
            assert time.monotonic() < deadline and scene.process.poll() is None, scene.describe()
            time.sleep(0.05)
        scene.process.send_signal(signal.SIGTERM)
        assert scene.wait_exit() == 128 + signal.SIGTERM, scene.describe()
        assert scene.stderr.count("\n") == 1 and "Traceback" not in scene.stderr  # that line only


KEY_FLOOD = 100_000  # key events, in messages of a thousand: no person types that


def test_a_flood_of_key_events_is_dropped_cheaply_and_the_scene_answers_at_once(scene: SceneProcess) -> None:
    page, objects = scene.connect_page()
    key = {"event": "keydown", "canvas": objects["canvas"], "key": "3", "which": 51, "alt": False, "shift": False,
           "ctrl": False}  # fmt: skip
    with page:
        start = len(scene.lines)
        message = json.dumps([key] * 1000)
        for _ in range(KEY_FLOOD // 1000):
            page.send(message)
        page.send(f'[{{"widget": "menu", "idx": {objects["menu"]}, "value": 1}}]')
        end, _ = scene.wait_for(r"^menu: two$", LOG_TIMEOUT, start)  # before: VPython took each key, a minute
        dropped = [line for line in scene.lines[start:end] if "a key event beyond" in line]
        assert IGNORED_BURST <= len(dropped) < 2 * IGNORED_BURST, len(dropped)  # said, in part
    assert scene.wait_exit() == 0, scene.describe()
    scene.assert_no_traceback()
