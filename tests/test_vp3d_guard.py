"""What both of the scene's servers refuse first (vp_connect4.vp3d.server.guard), against a real scene process.

(a) A request whose ``Host`` is not a loopback name with the server's own port gets 403, on the HTTP server
and on the websocket server (DNS rebinding: another site's page that reached 127.0.0.1 reads nothing), one
``ignored:`` line, and the game goes on. (b) A websocket message over ``guard.MAX_MESSAGE`` bytes is dropped
as it comes: the scene's memory does not grow, one ``ignored:`` line, the connection and the game go on; a
handshake over ``guard.MAX_HANDSHAKE`` bytes ends its connection.
"""

from __future__ import annotations

import re
import socket
import sys
from collections.abc import Iterator
from http import HTTPStatus
from pathlib import Path
from typing import NamedTuple

import pytest
from browser.scene_process import LOOPBACK, SceneProcess, WebSocketClient, read_until, websocket_handshake

from vp_connect4.vp3d.server.guard import MAX_HANDSHAKE, MAX_MESSAGE

pytestmark = [
    pytest.mark.timeout(90),
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="inspects processes via /proc"),
]

LOG_TIMEOUT = 20.0
HUGE = 100 << 20  # bytes: the 100 MB message of the issue (it grew the scene's memory from 56 to 187 MB)
GROWTH_ALLOWED = 16 << 20  # bytes the scene's memory may grow by while a HUGE message is dropped


def http_status(port: int, hosts: list[str], path: str = "/") -> int:
    """The status of ``GET path`` with these ``Host`` header lines (none, one or more), by hand."""
    request = f"GET {path} HTTP/1.1\r\n" + "".join(f"Host: {host}\r\n" for host in hosts) + "\r\n"
    with socket.create_connection((LOOPBACK, port), timeout=10) as client:
        client.sendall(request.encode("latin-1"))
        answer = read_until(client, b"\r\n")
    return int(answer.split(b" ", 2)[1])


def own(port: int) -> str:
    return f"{LOOPBACK}:{port}"


def peak_memory(pid: int) -> int:
    """The most resident memory ``pid`` has had so far, in bytes (VmHWM: a message kept and freed counts too)."""
    found = re.search(r"^VmHWM:\s+(\d+) kB$", Path(f"/proc/{pid}/status").read_text(), re.MULTILINE)
    assert found
    return int(found.group(1)) << 10


@pytest.fixture(scope="module")
def served() -> Iterator[SceneProcess]:
    """A scene serving, no page connected."""
    with SceneProcess.tiny() as scene:
        scene.wait_for_port()
        yield scene


class Opened(NamedTuple):
    scene: SceneProcess
    page: WebSocketClient
    slider: int  # the index of the tiny scene's slider


@pytest.fixture
def opened() -> Iterator[Opened]:
    """A scene with its page connected by hand."""
    with SceneProcess.tiny() as scene:
        scene.wait_for_port()
        page, objects = scene.connect_page()
        with page:
            yield Opened(scene, page, objects["slider"])


def still_playing(scene: SceneProcess, page: WebSocketClient, slider: int, ply: int) -> None:
    """The connection and the game go on: a slider change is still read."""
    start = len(scene.lines)
    page.send(f'[{{"widget": "slider", "idx": {slider}, "value": {ply}}}]')
    assert scene.wait_for(r"^level: ", LOG_TIMEOUT, start)[1].string == f"level: ply {ply}"
    assert scene.process.poll() is None, scene.describe()


# ---- (a) Host ----


@pytest.mark.parametrize("host", ["127.0.0.1:{port}", "localhost:{port}", "LocalHost:{port}", "[::1]:{port}"])
def test_the_servers_own_loopback_names_are_answered(served: SceneProcess, host: str) -> None:
    assert http_status(served.port, [host.format(port=served.port)]) == HTTPStatus.OK
    ws_port = served.websocket_port()
    start = len(served.lines)
    status, connection = websocket_handshake(ws_port, "http://evil.example", host.format(port=ws_port))
    connection.close()
    assert status == HTTPStatus.FORBIDDEN  # past the Host check, refused for its Origin: no page of ours is taken here
    served.wait_for(r"^ignored: a websocket from another page: 'http://evil.example'$", LOG_TIMEOUT, start)


@pytest.mark.parametrize(
    "hosts",
    [
        ["evil.example"],
        ["evil.example:{port}"],
        ["127.0.0.1"],  # no port: port 80
        ["localhost"],
        ["127.0.0.1:1"],
        ["127.0.0.1:{port}0"],
        ["127.0.0.2:{port}"],
        ["localhost.evil.example:{port}"],
        ["127.0.0.1.evil.example:{port}"],
        ["127.0.0.1:{port}.evil.example"],
        ["127.0.0.1:{port}@evil.example"],
        ["0.0.0.0:{port}"],
        [""],
        [],  # none
        ["127.0.0.1:{port}", "evil.example"],  # two
    ],
)
def test_a_request_for_another_host_gets_403_and_the_game_goes_on(served: SceneProcess, hosts: list[str]) -> None:
    start = len(served.lines)
    named = [host.format(port=served.port) for host in hosts]
    assert http_status(served.port, named) == HTTPStatus.FORBIDDEN
    assert http_status(served.port, named, "/glow.min.js") == HTTPStatus.FORBIDDEN  # the page's files too
    served.wait_for(r"^ignored: an HTTP request for another host: ", LOG_TIMEOUT, start)
    assert http_status(served.port, [own(served.port)]) == HTTPStatus.OK  # still serving its own page
    assert served.process.poll() is None, served.describe()


@pytest.mark.parametrize("host", ["evil.example:{port}", "localhost:{http_port}", None])
def test_a_websocket_for_another_host_gets_403_even_from_the_own_page(served: SceneProcess, host: str | None) -> None:
    ws_port = served.websocket_port()
    start = len(served.lines)
    named = None if host is None else host.format(port=ws_port, http_port=served.port)
    status, connection = websocket_handshake(ws_port, served.origin, named)
    connection.close()
    if host is None:  # autobahn refuses a handshake without Host before our check
        assert status == HTTPStatus.BAD_REQUEST
    else:
        assert status == HTTPStatus.FORBIDDEN
        served.wait_for(r"^ignored: a websocket for another host: ", LOG_TIMEOUT, start)
    assert served.process.poll() is None, served.describe()


def test_the_own_page_with_its_own_host_connects_by_each_name() -> None:
    for name in ("localhost", "[::1]"):
        with SceneProcess.tiny() as scene:
            scene.wait_for_port()
            ws_port = scene.websocket_port()
            status, page = websocket_handshake(ws_port, f"http://{name}:{scene.port}", f"{name}:{ws_port}")
            with page:
                assert status == HTTPStatus.SWITCHING_PROTOCOLS
                page.sendall(b"\x81\x87" + bytes(4) + b"trigger")  # one masked text frame (mask 0)
                scene.wait_ready()


# ---- (b) size ----


def test_a_100_mb_message_is_dropped_as_it_comes_and_the_game_goes_on(opened: Opened) -> None:
    scene, page, slider = opened
    still_playing(scene, page, slider, 2)
    before = peak_memory(scene.process.pid)
    start = len(scene.lines)
    page.send_filler(HUGE)
    scene.wait_for(rf"^ignored: a websocket message of {HUGE} bytes, over {MAX_MESSAGE}: dropped$", 60, start)
    grown = peak_memory(scene.process.pid) - before
    assert grown < GROWTH_ALLOWED, f"the peak memory grew by {grown >> 20} MiB"
    still_playing(scene, page, slider, 3)
    scene.assert_no_traceback()


def test_a_message_over_the_limit_in_many_frames_is_dropped_whole(opened: Opened) -> None:
    scene, page, slider = opened
    frame = MAX_MESSAGE // 4
    start = len(scene.lines)
    page.send_filler(frame, fin=False)
    for _ in range(6):
        page.send_filler(frame, WebSocketClient.CONTINUATION, fin=False)
    page.send_filler(frame, WebSocketClient.CONTINUATION, fin=True)
    index, _ = scene.wait_for(rf"^ignored: a websocket message of {8 * frame} bytes, over", LOG_TIMEOUT, start)
    assert not any("not JSON" in line for line in scene.lines[start:index])  # none of it reached the reader
    still_playing(scene, page, slider, 2)
    scene.assert_no_traceback()


def test_a_message_of_the_limit_is_read_and_one_byte_more_is_not(opened: Opened) -> None:
    scene, page, slider = opened
    start = len(scene.lines)
    page.send_filler(MAX_MESSAGE)  # spaces only: read, and not JSON
    index, _ = scene.wait_for(r"^ignored: a message that is not JSON", LOG_TIMEOUT, start)
    page.send_filler(MAX_MESSAGE + 1)
    scene.wait_for(rf"^ignored: a websocket message of {MAX_MESSAGE + 1} bytes, over", LOG_TIMEOUT, index + 1)
    still_playing(scene, page, slider, 2)
    scene.assert_no_traceback()


def test_a_handshake_over_the_limit_ends_its_connection_and_the_game_goes_on(opened: Opened) -> None:
    scene, page, slider = opened
    start = len(scene.lines)
    filler = [f"X-Filler-{n}: {'y' * 1000}" for n in range(MAX_HANDSHAKE // 1000 + 2)]
    with socket.create_connection((LOOPBACK, opened.page.port), timeout=10) as client:
        client.sendall(f"GET / HTTP/1.1\r\nHost: {LOOPBACK}\r\n".encode())
        try:
            for line in filler:
                client.sendall(f"{line}\r\n".encode())
            hung_up = client.recv(1) == b""
        except TimeoutError:  # still waiting for more headers: not dropped
            hung_up = False
        except OSError:  # reset while the headers still came
            hung_up = True
    assert hung_up
    scene.wait_for(rf"^ignored: a websocket handshake over {MAX_HANDSHAKE} bytes", LOG_TIMEOUT, start)
    still_playing(scene, page, slider, 2)
    scene.assert_no_traceback()
