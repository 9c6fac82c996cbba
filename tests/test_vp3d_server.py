"""The scene's server is safe on a campus network (vp_connect4.vp3d.server), proved without a browser.

Each point of the issue against a real scene process (``tests/browser/tiny_scene.py``: a box, a sphere
and a spawn worker behind our server): (a) both sockets listen on 127.0.0.1 only; (b) only VPython's
assets are served, everything else is 404; (c) a websocket from a foreign origin gets 403 and the game
goes on; (d) closing the scene's connection ends the program with exit code 0 and no process left.
The same points with a real browser tab are in ``tests/browser/test_security.py``.
"""

from __future__ import annotations

import http.client
import signal
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from browser.scene_process import (
    LOOPBACK,
    OTHER_LOOPBACK,
    PYTHON,
    ROOT,
    SceneProcess,
    descendants,
    listening_addresses,
    wait_gone,
    websocket_handshake,
    websocket_port,
)

pytestmark = [
    pytest.mark.timeout(60),
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="inspects processes and sockets via /proc"),
]

SWITCHING_PROTOCOLS = 101
BAD_REQUEST = 400
FORBIDDEN = 403
NOT_FOUND = 404
CONFLICT = 409
READY_TIMEOUT = 30.0
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


def ws_port_of(scene: SceneProcess) -> int:
    status, _, page = http_get(scene.port, "/")
    assert status == 200
    return websocket_port(page.decode("utf-8"))


def own_origin(scene: SceneProcess) -> str:
    return f"http://{LOOPBACK}:{scene.port}"


# ---- without starting a scene ----


def test_importing_the_server_does_not_import_vpython() -> None:
    code = "import sys, vp_connect4.vp3d.server; assert 'vpython' not in sys.modules"
    subprocess.run([PYTHON, "-c", code], cwd=ROOT, check=True, timeout=30)


def test_asset_table_holds_only_files_of_vpython() -> None:
    from vp_connect4.vp3d import server

    table = server._asset_table(12345)
    files = [asset for asset in table.values() if isinstance(asset, Path)]
    assert files, "no assets"
    assert all(any(folder in file.parents for folder in server.ASSET_DIRS) for file in files)
    assert all(".." not in url and url.startswith("/") for url in table)
    assert b"var sock = '12345'" in table["/"]


def test_the_page_sends_every_slider_change_and_connects_to_loopback() -> None:
    from vp_connect4.vp3d import server

    page = server.scene_page(12345)
    assert "if (lastsliders[ss] !== ev)" in page
    assert "ss in lastsliders &&" not in page
    assert '"ws://127.0.0.1:"+sock' in page
    assert "ws://localhost" not in page


# ---- (a) loopback only ----


def test_both_sockets_listen_on_loopback_only(served: SceneProcess) -> None:
    addresses = listening_addresses(served.process.pid)
    ports = {port for _, port in addresses}
    assert ports == {served.port, ws_port_of(served)}, addresses
    assert {address for address, _ in addresses} == {LOOPBACK}, addresses


def test_other_addresses_are_refused(served: SceneProcess) -> None:
    with socket.socket() as control:  # a socket on all interfaces answers on 127.0.0.2 here?
        control.bind(("0.0.0.0", 0))
        control.listen()
        try:
            socket.create_connection((OTHER_LOOPBACK, control.getsockname()[1]), timeout=2).close()
        except OSError:
            pytest.skip(f"{OTHER_LOOPBACK} does not reach this machine's loopback here")
    for port in (served.port, ws_port_of(served)):
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
    from vp_connect4.vp3d import server

    status, headers, body = http_get(served.port, path)
    assert status == 200
    assert headers["content-type"] == kind
    originals = [folder / path.lstrip("/") for folder in server.ASSET_DIRS]
    assert body == next(file for file in originals if file.is_file()).read_bytes()


def test_the_page_is_vpythons_with_the_websocket_on_loopback(served: SceneProcess) -> None:
    status, headers, page = http_get(served.port, "/")
    assert status == 200
    assert headers["content-type"].startswith("text/html")
    assert b"glowscript" in page
    assert b'new WebSocket("ws://127.0.0.1:"+sock)' in page
    assert ws_port_of(served) != served.port


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
    assert status == NOT_FOUND, body[:200]
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
    status, connection = websocket_handshake(ws_port_of(served), origin)
    connection.close()
    assert status == (BAD_REQUEST if origin and origin.endswith(".evil.example") else FORBIDDEN)
    assert served.process.poll() is None, served.describe()
    assert http_get(served.port, "/")[0] == 200  # still serving


def test_after_refusals_the_own_page_connects_and_a_second_tab_gets_409(scene: SceneProcess) -> None:
    ws_port = ws_port_of(scene)
    for origin in ("http://evil.example", None):
        status, connection = websocket_handshake(ws_port, origin)
        connection.close()
        assert status == FORBIDDEN
    status, page = websocket_handshake(ws_port, own_origin(scene))
    with page:
        assert status == SWITCHING_PROTOCOLS
        scene.wait_for("^scene ready$", READY_TIMEOUT)  # the scene went on after the refusals
        for origin in (own_origin(scene), f"http://localhost:{scene.port}"):
            status, second = websocket_handshake(ws_port, origin)
            second.close()
            assert status == CONFLICT
        assert scene.process.poll() is None, scene.describe()


def test_the_localhost_name_of_the_page_is_its_own_origin(scene: SceneProcess) -> None:
    status, page = websocket_handshake(ws_port_of(scene), f"http://localhost:{scene.port}")
    with page:
        assert status == SWITCHING_PROTOCOLS
        scene.wait_for("^scene ready$", READY_TIMEOUT)


# ---- (d) the end ----


def test_closing_the_scene_connection_ends_with_0_and_no_process_left(scene: SceneProcess) -> None:
    status, page = websocket_handshake(ws_port_of(scene), own_origin(scene))
    assert status == SWITCHING_PROTOCOLS
    scene.wait_for("^scene ready$", READY_TIMEOUT)
    family = descendants(scene.process.pid)
    assert family, "the tiny scene should have started a worker process"
    page.close()
    assert scene.wait_exit() == 0, scene.describe()
    assert wait_gone(family) == set()
    assert "Traceback" not in scene.stderr, scene.stderr


def test_ctrl_c_ends_cleanly_with_130(scene: SceneProcess) -> None:
    status, page = websocket_handshake(ws_port_of(scene), own_origin(scene))
    with page:
        assert status == SWITCHING_PROTOCOLS
        scene.wait_for("^scene ready$", READY_TIMEOUT)
        family = descendants(scene.process.pid)
        scene.process.send_signal(signal.SIGINT)
        assert scene.wait_exit() == 130, scene.describe()
    assert wait_gone(family) == set()
    assert "Traceback" not in scene.stderr, scene.stderr
