"""Tooling shared by the server tests and the browser tests; standard library only (Linux ``/proc``).

- :class:`SceneProcess` runs a scene (``main.py --no-browser --port P`` or the tiny test scene) and
  collects its stdout lines in a thread, so a test can wait for ``scene ready``, ``move 3: ...``.
- :func:`websocket_handshake` opens a websocket by hand with a chosen ``Origin`` (and ``Host``);
  :class:`WebSocketClient` sends frames on it, junk and oversized ones too; :func:`read_until` reads an answer.
- :func:`descendants`, :func:`alive`, :func:`listening_addresses` inspect processes and sockets.
"""

from __future__ import annotations

import base64
import contextlib
import http.client
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Sequence
from http import HTTPStatus
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PYTHON = sys.executable
TINY_SCENE = Path(__file__).resolve().parent / "tiny_scene.py"
LOOPBACK = "127.0.0.1"
OTHER_LOOPBACK = "127.0.0.2"  # on Linux all of 127/8 reaches lo: a socket bound to 0.0.0.0 answers here
START_TIMEOUT = 30.0  # seconds for a scene's server to come up
EXIT_TIMEOUT = 30.0  # seconds for a scene to end after its tab closed (the quick reload grace, a busy machine)
RELOAD_GRACE_ENV = "VP_CONNECT4_RELOAD_GRACE"
QUICK_RELOAD_GRACE = 5.0  # seconds a test's scene waits for a reload after its tab closed (the program's: a minute)
POLL = 0.05
HANDSHAKE_TIMEOUT = 5.0
HTTP_TIMEOUT = 10.0  # seconds for a scene's HTTP server to answer
READY_BY_HAND_TIMEOUT = 30.0  # seconds for a scene to log ``scene ready`` once a page opened by hand has connected
TRACEBACKS = ("Traceback", "Exception ignored", "Task exception")  # in a scene's stderr: something went wrong
TCP_LISTEN = "0A"  # socket state LISTEN in /proc/net/tcp
WEBSOCKET_PORT = re.compile(r"var sock = '(\d+)'")


def free_port() -> int:
    """A loopback port that is free now."""
    with socket.socket() as probe:
        probe.bind((LOOPBACK, 0))
        return probe.getsockname()[1]


class SceneProcess:
    """A scene started as a subprocess; its stdout lines are collected as they come.

    As a context manager it is stopped at the end of the ``with`` block (see :meth:`stop`).
    ``reload_grace``: the seconds the program waits for a reload after its tab closed (:data:`RELOAD_GRACE_ENV`);
    tests that close a tab end sooner with :data:`QUICK_RELOAD_GRACE`; None: the program's own (a minute).
    """

    def __init__(
        self, args: Sequence[str], port: int, cwd: Path = ROOT, reload_grace: float | None = QUICK_RELOAD_GRACE
    ) -> None:
        self.port = port
        self.url = f"http://{LOOPBACK}:{port}/"
        self.lines: list[str] = []
        self.times: list[float] = []  # when each line came (time.monotonic())
        self._changed = threading.Condition()
        # PYTHONPATH: the scene imports this checkout's vp_connect4, whichever one the venv has installed
        pythonpath = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
        env = dict(os.environ, PYTHONUNBUFFERED="1", PYTHONPATH=pythonpath)
        for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):  # English pages, whatever the test run's locale;
            env.pop(name, None)  # a test wanting Dutch says --lang nl
        env.pop(RELOAD_GRACE_ENV, None)
        if reload_grace is not None:
            env[RELOAD_GRACE_ENV] = str(reload_grace)
        self.process = subprocess.Popen(
            [PYTHON, *args],
            cwd=cwd,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        self.stderr = ""
        threading.Thread(target=self._read_stdout, daemon=True).start()
        threading.Thread(target=self._read_stderr, daemon=True).start()

    @classmethod
    def main(cls, *options: str, cwd: Path = ROOT, reload_grace: float | None = QUICK_RELOAD_GRACE) -> SceneProcess:
        """``python main.py --no-browser --port P *options`` on a free port."""
        port = free_port()
        return cls([str(ROOT / "main.py"), "--no-browser", "--port", str(port), *options], port, cwd, reload_grace)

    @classmethod
    def tiny(
        cls, cwd: Path = ROOT, keep: bool = False, reload_grace: float | None = QUICK_RELOAD_GRACE
    ) -> SceneProcess:
        """The tiny test scene (a box, a sphere and a spawn worker) on a free port.

        ``keep``: a closed tab restarts it in place, as the app does (``restart.keep_serving``; see tiny_scene.py).
        """
        port = free_port()
        return cls([str(TINY_SCENE), str(port), *(["--keep"] if keep else [])], port, cwd, reload_grace)

    def _read_stdout(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            with self._changed:
                self.times.append(time.monotonic())
                self.lines.append(line.rstrip("\n"))
                self._changed.notify_all()
        with self._changed:
            self._changed.notify_all()

    def _read_stderr(self) -> None:
        assert self.process.stderr is not None
        for line in self.process.stderr:
            self.stderr += line

    def wait_for(self, pattern: str, timeout: float, start: int = 0) -> tuple[int, re.Match[str]]:
        """The first stdout line from index ``start`` on that matches ``pattern``: (index, match).

        Fails with the log so far if none comes within ``timeout`` seconds or the process ends.
        """
        regex = re.compile(pattern)
        deadline = time.monotonic() + timeout
        index = start
        with self._changed:
            while True:
                while index < len(self.lines):
                    found = regex.search(self.lines[index])
                    if found:
                        return index, found
                    index += 1
                left = deadline - time.monotonic()
                if left <= 0 or (self.process.poll() is not None and index >= len(self.lines)):
                    raise AssertionError(f"no line matching {pattern!r} within {timeout}s; {self.describe()}")
                self._changed.wait(min(left, 0.2))

    def wait_ready(self, start: int = 0) -> int:
        """Wait until the scene logs ``scene ready`` (from line ``start`` on): a page has connected and it is built.

        Returns the line's index. For a page opened by hand (:meth:`connect_page`, :func:`websocket_handshake`).
        """
        return self.wait_for("^scene ready$", READY_BY_HAND_TIMEOUT, start)[0]

    def wait_for_port(self, timeout: float = START_TIMEOUT) -> None:
        """Wait until the HTTP server accepts connections."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise AssertionError(f"the scene ended before serving; {self.describe()}")
            try:
                with socket.create_connection((LOOPBACK, self.port), timeout=1):
                    return
            except OSError:
                time.sleep(POLL)
        raise AssertionError(f"port {self.port} not served within {timeout}s; {self.describe()}")

    def wait_exit(self, timeout: float = EXIT_TIMEOUT) -> int:
        """The exit code; fails if the process is still running after ``timeout`` seconds."""
        try:
            return self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            raise AssertionError(f"the scene still runs {timeout}s later; {self.describe()}") from None

    @property
    def origin(self) -> str:
        """The ``Origin`` its own page sends: ``http://127.0.0.1:PORT``."""
        return f"http://{LOOPBACK}:{self.port}"

    def websocket_port(self) -> int:
        """The websocket port written into the page it serves (``GET /``, which must answer 200)."""
        connection = http.client.HTTPConnection(LOOPBACK, self.port, timeout=HTTP_TIMEOUT)
        try:
            connection.request("GET", "/")
            response = connection.getresponse()
            page = response.read()
            assert response.status == HTTPStatus.OK, f"GET / answered {response.status}"
        finally:
            connection.close()
        return websocket_port(page.decode("utf-8"))

    def connect_page(self) -> tuple[WebSocketClient, dict[str, int]]:
        """Connect by hand as its own page does and wait until the scene is built (:meth:`wait_ready`).

        Returns the connection, which the caller closes, and the indices of the tiny scene's canvas and widgets
        from its ``objects: canvas=0 slider=5 menu=6`` line.
        """
        page = WebSocketClient(self.websocket_port(), self.origin)
        try:
            assert page.status == HTTPStatus.SWITCHING_PROTOCOLS
            page.send("trigger")  # as the page does once it has loaded
            _, found = self.wait_for(r"^objects: (.*)$", READY_BY_HAND_TIMEOUT)
            self.wait_ready()
        except BaseException:
            page.socket.close()
            raise
        return page, {name: int(index) for name, index in re.findall(r"(\w+)=(\d+)", found.group(1))}

    def assert_no_traceback(self) -> None:
        """Nothing in the scene's stderr so far says that something went wrong (:data:`TRACEBACKS`)."""
        assert not any(word in self.stderr for word in TRACEBACKS), self.describe()

    def describe(self) -> str:
        tail = "\n".join(self.lines[-20:])
        return f"exit code {self.process.poll()}\n--- stdout (last lines)\n{tail}\n--- stderr\n{self.stderr[-3000:]}"

    def __enter__(self) -> SceneProcess:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.stop()

    def stop(self) -> None:
        """Kill the scene and the processes it started, if still running (test teardown)."""
        family = descendants(self.process.pid)
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait(EXIT_TIMEOUT)
        for pid in family:
            with contextlib.suppress(OSError):  # already gone
                os.kill(pid, signal.SIGKILL)


# ---- processes (Linux /proc) ----


def _stat_fields(pid: int) -> list[str] | None:
    """Fields of /proc/PID/stat after the command name: [state, ppid, ...], or None if gone."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return text[text.rindex(")") + 2 :].split()


def cpu_seconds(pid: int) -> float:
    """The CPU time (user + system) ``pid`` has used so far (0 once it is gone)."""
    fields = _stat_fields(pid)
    return 0.0 if fields is None else (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def alive(pid: int) -> bool:
    """The process exists and is not a zombie."""
    fields = _stat_fields(pid)
    return fields is not None and fields[0] not in ("Z", "X")


def descendants(pid: int) -> set[int]:
    """The pids of all living descendants of ``pid``."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            fields = _stat_fields(int(entry.name))
            if fields is not None and fields[0] not in ("Z", "X"):
                children.setdefault(int(fields[1]), []).append(int(entry.name))
    found: set[int] = set()
    todo = [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            if child not in found:
                found.add(child)
                todo.append(child)
    return found


def wait_gone(pids: set[int], timeout: float = EXIT_TIMEOUT) -> set[int]:
    """Wait until none of ``pids`` is alive; return those still alive after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        left = {pid for pid in pids if alive(pid)}
        if not left or time.monotonic() > deadline:
            return left
        time.sleep(POLL)


def listening_addresses(pid: int) -> list[tuple[str, int]]:
    """(address, port) of every TCP socket that ``pid`` listens on, IPv4 and IPv6, from /proc."""
    inodes = set()
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        try:
            target = os.readlink(fd)
        except OSError:
            continue
        if target.startswith("socket:["):
            inodes.add(target[len("socket:[") : -1])
    found = []
    for table, family in (("/proc/net/tcp", socket.AF_INET), ("/proc/net/tcp6", socket.AF_INET6)):
        try:
            rows = Path(table).read_text().splitlines()[1:]
        except OSError:
            continue
        for row in rows:
            fields = row.split()
            local, state, inode = fields[1], fields[3], fields[9]
            if state == TCP_LISTEN and inode in inodes:
                address, port = local.split(":")
                found.append((_proc_address(address, family), int(port, 16)))
    return found


def _proc_address(hex_address: str, family: int) -> str:
    """An address as /proc/net writes it (32-bit words in host byte order) -> text."""
    raw = bytes.fromhex(hex_address)
    words = b"".join(raw[i : i + 4][::-1] for i in range(0, len(raw), 4)) if sys.byteorder == "little" else raw
    return socket.inet_ntop(family, words)


# ---- HTTP and websocket by hand ----


def websocket_port(page: str) -> int:
    """The websocket port written into the scene's page."""
    found = WEBSOCKET_PORT.search(page)
    assert found, "the page names no websocket port"
    return int(found.group(1))


def read_until(connection: socket.socket, end: bytes) -> bytes:
    """The answer on ``connection`` read until ``end`` has come in it, or all of it if the server hangs up first."""
    answer = b""
    while end not in answer:
        chunk = connection.recv(4096)
        if not chunk:
            break
        answer += chunk
    return answer


def websocket_handshake(port: int, origin: str | None, host: str | None = "") -> tuple[int, socket.socket]:
    """Open a websocket on loopback ``port`` with the given ``Origin`` header (None: no header).

    ``host``: the ``Host`` header ("": ``127.0.0.1:PORT``, None: none).
    Returns the HTTP status of the answer (101 when accepted) and the socket, which the caller closes.
    """
    key = base64.b64encode(os.urandom(16)).decode("ascii")
    headers = [
        "GET / HTTP/1.1",
        *([] if host is None else [f"Host: {host or f'{LOOPBACK}:{port}'}"]),
        "Upgrade: websocket",
        "Connection: Upgrade",
        f"Sec-WebSocket-Key: {key}",
        "Sec-WebSocket-Version: 13",
    ]
    if origin is not None:
        headers.append(f"Origin: {origin}")
    connection = socket.create_connection((LOOPBACK, port), timeout=HANDSHAKE_TIMEOUT)
    connection.sendall(("\r\n".join(headers) + "\r\n\r\n").encode("ascii"))
    answer = read_until(connection, b"\r\n\r\n")
    status_line = answer.split(b"\r\n", 1)[0].decode("latin-1")
    assert status_line.startswith("HTTP/1.1 "), f"not an HTTP answer: {answer[:200]!r}"
    return int(status_line.split()[1]), connection


class WebSocketClient:
    """A websocket opened by hand (:func:`websocket_handshake`) that sends frames as a page would, junk too."""

    TEXT, BINARY, CLOSE = 0x1, 0x2, 0x8

    def __init__(self, port: int, origin: str, host: str = "") -> None:
        self.port = port
        self.status, self.socket = websocket_handshake(port, origin, host)

    CONTINUATION = 0x0
    CHUNK = 1 << 20  # bytes sent at a time by send_filler

    def send(self, payload: str | bytes, opcode: int | None = None) -> None:
        """One masked frame (clients must mask); ``str`` is sent as UTF-8 text, ``bytes`` as they are."""
        data = payload.encode("utf-8") if isinstance(payload, str) else payload
        mask = os.urandom(4)
        header = self._header(self.TEXT if opcode is None else opcode, len(data), True) + mask
        self.socket.sendall(header + bytes(b ^ mask[i % 4] for i, b in enumerate(data)))

    def send_filler(self, size: int, opcode: int | None = None, fin: bool = True) -> None:
        """One frame of ``size`` spaces, a megabyte at a time: the mask is all zeros, so the bytes go as they are.

        A message in several frames: the first with ``fin=False``, then :data:`CONTINUATION` frames, the last
        with ``fin=True``.
        """
        self.socket.sendall(self._header(self.TEXT if opcode is None else opcode, size, fin) + bytes(4))
        chunk = b" " * min(size, self.CHUNK)
        while size > 0:
            self.socket.sendall(chunk[:size])
            size -= len(chunk)

    @staticmethod
    def _header(opcode: int, length: int, fin: bool) -> bytes:
        """A frame's first bytes, up to its mask (which follows: the mask bit is set)."""
        header = bytes([(0x80 if fin else 0) | opcode])
        if length < 126:
            return header + bytes([0x80 | length])
        if length < 1 << 16:
            return header + bytes([0x80 | 126]) + length.to_bytes(2, "big")
        return header + bytes([0x80 | 127]) + length.to_bytes(8, "big")

    def close(self, code: int = 1000) -> None:
        """Send a close frame and close the socket at once, without waiting for the answer."""
        with contextlib.suppress(OSError):
            self.send(code.to_bytes(2, "big"), self.CLOSE)
        self.socket.close()

    def __enter__(self) -> WebSocketClient:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.socket.close()
