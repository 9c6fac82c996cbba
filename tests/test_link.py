"""Issue 39: a terminal game between two real processes over a link on 127.0.0.1 (AI against AI: the same moves
and the same Moves: line on both sides), a wrong or reused token (exit 2 on the guest's side, the host's game
unchanged), a forged peer (an illegal move, a move out of turn, a message over the bound, junk) that ends the link
with a reason on the host, never a traceback; Ctrl-C, SIGTERM and SIGHUP on either side ending the game on both
with its moves; a dropped link joined again (a guest killed and a new one, a connection cut), or not within the
wait. The tests wait for what the processes print, never a fixed time."""

from __future__ import annotations

import contextlib
import json
import os
import re
import select
import signal
import socket
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect
from websockets.sync.server import ServerConnection, serve

from vp_connect4.link import invite_code, listen_address
from vp_connect4.link.host import MOST_WAITING
from vp_connect4.link.messages import Malformed, read

MAIN = Path(__file__).resolve().parent.parent / "main.py"
HOST = ["--text", "--lang", "en", "--x", "ai", "--o", "remote", "--ply", "2", "--seed", "1"]
WAIT = 60  # seconds a process may take to end once its game did (never reached when all goes well)


def start(*args: str) -> subprocess.Popen[str]:
    command = [sys.executable, str(MAIN), *args]
    pipe = subprocess.PIPE
    return subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=pipe, stderr=pipe, text=True)


@contextlib.contextmanager
def hosting(*extra: str) -> Iterator[tuple[subprocess.Popen[str], str]]:
    """A host process listening on 127.0.0.1 (any free port), and its invite code, read from its log line."""
    host = start(*HOST, "--listen", "127.0.0.1:0", *extra)
    try:
        line = host.stdout.readline()  # type: ignore[union-attr]
        assert line.startswith("invite: "), line + host.stderr.read()  # type: ignore[union-attr]
        yield host, line.split()[1]
    finally:
        if host.poll() is None:
            host.kill()
        host.communicate(timeout=WAIT)


class Watched:
    """A process whose output is read as it comes (a thread for each stream), so a test can wait for what it
    prints, prompts included (they end no line): never a fixed time."""

    def __init__(self, *args: str, stdin: int = subprocess.DEVNULL, env: dict[str, str] | None = None) -> None:
        command = [sys.executable, str(MAIN), *args]
        pipe = subprocess.PIPE
        self.process = subprocess.Popen(command, stdin=stdin, stdout=pipe, stderr=pipe, text=True, env=env)
        self.out, self.err = "", ""
        self.changed = threading.Condition()
        self.readers = [threading.Thread(target=self._read, args=(name,), daemon=True) for name in ("out", "err")]
        for reader in self.readers:
            reader.start()

    def _read(self, name: str) -> None:
        stream = getattr(self.process, "stdout" if name == "out" else "stderr")
        while text := stream.read(1):
            with self.changed:
                setattr(self, name, getattr(self, name) + text)
                self.changed.notify_all()
        with self.changed:
            self.changed.notify_all()

    def wait_for(self, pattern: str, after: int = 0) -> re.Match[str]:
        """The first match of ``pattern`` in the output from ``after`` on, once printed (a test failure if the
        process ends, or WAIT passes, first)."""
        with self.changed:
            found = self.changed.wait_for(
                lambda: re.search(pattern, self.out[after:], re.M) or not self.readers[0].is_alive(), timeout=WAIT
            )
            match = re.search(pattern, self.out[after:], re.M)
        assert found and match, f"{pattern!r} not printed:\n{self.out}\n{self.err}"
        return match

    def send(self, text: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(text)
        self.process.stdin.flush()

    def finish(self) -> tuple[int, str, str]:
        code = self.process.wait(timeout=WAIT)
        for reader in self.readers:
            reader.join(timeout=WAIT)
        return code, self.out, self.err

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait(timeout=WAIT)


@contextlib.contextmanager
def watched_host(
    *args: str, env: dict[str, str] | None = None, stdin: int = subprocess.DEVNULL
) -> Iterator[tuple[Watched, str]]:
    """A watched host on 127.0.0.1 (any free port) and its invite code; killed at the end if still running."""
    host = Watched("--text", "--lang", "en", "--listen", "127.0.0.1:0", *args, env=env, stdin=stdin)
    try:
        code = host.wait_for(r"^invite: (\S+)$").group(1)
        yield host, code
    finally:
        host.kill()


def finish(process: subprocess.Popen[str]) -> tuple[int, str, str]:
    out, err = process.communicate(timeout=WAIT)
    return process.returncode, out, err


def joined(code: str) -> tuple[ClientConnection, dict[str, object]]:
    """A forged guest: a websocket of the test's own that says hello with the invite's token; its welcome."""
    address, _, token = code.rpartition("/")
    peer = connect(f"ws://{address}/", max_size=None, legacy=True)
    peer.send(json.dumps({"type": "hello", "token": token}))
    return peer, json.loads(peer.recv(timeout=WAIT))


def closing_reason(peer: ClientConnection) -> tuple[int, str]:
    """What the host said when it closed the link (every message before it read and dropped)."""
    with contextlib.suppress(ConnectionClosed):
        while True:
            peer.recv(timeout=WAIT)
    assert peer.close_code is not None
    return peer.close_code, peer.close_reason or ""


def moves_told(out: str) -> list[str]:
    """The moves a transcript tells, side and column: ``X 3``, ``O 4``..."""
    return [f"{ox} {col}" for ox, col in re.findall(r"^([XO]) \(.*\) plays column (\d+)\.$", out, re.M)]


def test_ai_against_ai_shows_the_same_game_on_both_sides() -> None:
    with hosting() as (host, code):
        guest = start("--text", "--lang", "en", "--join", code, "--o", "ai", "--o-ply", "3", "--seed", "2")
        guest_code, guest_out, guest_err = finish(guest)
        host_code, host_out, host_err = finish(host)
    assert (host_code, guest_code) == (0, 0), host_err + guest_err
    host_moves = re.findall(r"^Moves: \d+$", host_out, re.M)
    assert host_moves and host_moves == re.findall(r"^Moves: \d+$", guest_out, re.M)
    told = moves_told(host_out)
    assert told == moves_told(guest_out) and len(told) == len(host_moves[0].split()[1]), (host_out, guest_out)
    assert "X: the computer (ply 2); O: the other side, over the link." in host_out
    assert "X: the other side, over the link; O: the computer (ply 3)." in guest_out
    assert "Traceback" not in host_err + guest_err


def test_a_wrong_token_is_refused_and_the_host_plays_on_with_the_right_one() -> None:
    with hosting() as (host, code):
        wrong = code[:-4] + ("AAAA" if not code.endswith("AAAA") else "BBBB")
        refused = subprocess.run(
            [sys.executable, str(MAIN), "--text", "--lang", "en", "--join", wrong, "--o", "ai"],
            stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=WAIT,
        )  # fmt: skip
        assert refused.returncode == 2, refused.stderr
        assert refused.stderr.count("\n") == 1 and "refused the invite" in refused.stderr, refused.stderr
        assert "Welcome" not in refused.stdout
        guest = start("--text", "--lang", "en", "--join", code, "--o", "ai", "--seed", "2")
        guest_code, guest_out, guest_err = finish(guest)
        host_code, host_out, _ = finish(host)
    assert (host_code, guest_code) == (0, 0), guest_err
    assert re.findall(r"^Moves: \d+$", host_out, re.M) == re.findall(r"^Moves: \d+$", guest_out, re.M) != []
    assert host_out.count("Welcome to Connect Four!") == 1, "the refused guest changed nothing on the host"


def test_a_used_token_is_refused() -> None:
    with hosting() as (host, code):
        peer, welcome = joined(code)
        assert welcome["side"] == "O" and welcome["rules"] == "standard"
        again = subprocess.run(
            [sys.executable, str(MAIN), "--text", "--lang", "en", "--join", code],
            stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=WAIT,
        )  # fmt: skip
        assert again.returncode == 2 and "refused the invite" in again.stderr, again.stderr
        peer.close()
        host_code, host_out, host_err = finish(host)
    assert host_code == 1 and "The link ended" in host_out and "Traceback" not in host_err, host_out + host_err


NOT_THE_GAMES = "a message that is not one of the game's"
FORGED = {  # what a forged guest sends, what the host says, the reason it closes with
    "illegal": (json.dumps({"type": "move", "number": 2, "move": 9}), "a move the rules do not allow", "illegal"),
    "turn": (json.dumps({"type": "move", "number": 1, "move": 3}), "a move out of turn", "turn"),
    "too_big": ("x" * (2 << 20), "a message over the size limit", ""),
    "junk": ("junk", NOT_THE_GAMES, "malformed"),
    "bytes": (b"\x00\xff" * 8, NOT_THE_GAMES, "malformed"),
    "a bool": (json.dumps({"type": "move", "number": 2, "move": True}), NOT_THE_GAMES, "malformed"),
    "more keys": (json.dumps({"type": "move", "number": 2, "move": 3, "x": 1}), NOT_THE_GAMES, "malformed"),
}


@pytest.mark.parametrize("forged", FORGED, ids=list(FORGED))
def test_a_forged_peer_ends_the_link_with_a_reason_on_the_host(forged: str) -> None:
    sent, said, reason = FORGED[forged]
    with hosting() as (host, code):
        peer, _ = joined(code)
        with contextlib.suppress(ConnectionClosed, OSError):  # the host may close under a message too big
            peer.send(sent)
        closed = closing_reason(peer)
        host_code, host_out, host_err = finish(host)
    assert host_code == 1, host_out + host_err
    assert f"The link ended: the other side sent {said}" in host_out, host_out
    assert "Game stopped. Moves so far: " in host_out and "Traceback" not in host_out + host_err, host_err
    assert closed == ((1009, closed[1]) if forged == "too_big" else (1008, reason)), closed


@pytest.mark.parametrize(
    ("options", "said"),
    [
        (["--o", "remote"], "a remote side needs --listen"),
        (["--listen", "127.0.0.1:0"], "--listen needs one side played over the link"),
        (["--o", "remote", "--listen", "127.0.0.1:0", "--variant", "flip"], "the standard rules, chance"),
        (["--text", "--o", "remote", "--listen", "127.0.0.1:0", "--variant", "tetris"], "the standard rules"),
        (["--text", "--listen", "everywhere:port"], "not an address and port"),
        (["--text", "--join", "127.0.0.1:5000/short"], "not an invite"),
    ],
)
def test_options_that_make_no_link_are_refused_in_words(options: list[str], said: str) -> None:
    done = subprocess.run(
        [sys.executable, str(MAIN), "--lang", "en", *options],
        stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=WAIT,
    )  # fmt: skip
    assert done.returncode == 2 and said in done.stderr and "Traceback" not in done.stderr, done.stderr


def test_the_address_and_the_invite_are_read_strictly() -> None:
    assert str(listen_address("127.0.0.1:0")) == "127.0.0.1:0"
    assert listen_address("0").host == "127.0.0.1", "the port alone: this machine, never all interfaces"
    assert str(listen_address("[::1]:80")) == "[::1]:80"
    token = "A" * 32
    assert invite_code(f" [::1]:5000/{token} ").uri == "ws://[::1]:5000/"
    for bad in (f"127.0.0.1:0/{token}", f"127.0.0.1:5000/{token}x", f"::1:5000/{token}", "127.0.0.1:5000"):
        with pytest.raises(Exception, match="not an invite"):
            invite_code(bad)


def test_a_message_is_read_only_in_its_shape() -> None:
    assert read('{"type": "move", "number": 2, "move": 3}', "move") == {"type": "move", "number": 2, "move": 3}
    for raw in ('{"type": "hello", "token": "t"}', "[1]", '{"type": "move", "number": 2}', "9" * 5000, b"{}"):
        with pytest.raises(Malformed):
            read(raw, "move")


STOPPED = r"^Game stopped\. Moves so far: (\d+|\(none\))$"
SIGNALLED = {  # who plays at a prompt, who gets the signal
    "SIGTERM to the host (the guest at its prompt)": ("guest", "host", signal.SIGTERM),
    "SIGTERM to the guest (at its prompt)": ("guest", "guest", signal.SIGTERM),
    "SIGHUP to the host (at its prompt)": ("host", "host", signal.SIGHUP),
    "SIGINT to the guest (the host at its prompt)": ("host", "guest", signal.SIGINT),
}


@pytest.mark.parametrize("case", SIGNALLED, ids=list(SIGNALLED))
def test_a_signal_on_either_side_ends_the_game_on_both_with_the_moves(case: str) -> None:
    person, signalled, number = SIGNALLED[case]
    host_side = ["--x", "human", "--o", "remote"] if person == "host" else ["--x", "ai", "--o", "remote", "--ply", "2"]
    with watched_host(*host_side, stdin=subprocess.PIPE) as (host, code):
        guest_side = ["--o", "human"] if person == "guest" else ["--o", "ai", "--o-ply", "2"]
        guest = Watched("--text", "--lang", "en", "--join", code, *guest_side, stdin=subprocess.PIPE)
        try:
            guest.wait_for(r"^ 0 1 2 3 4 5 6$")  # both sides in the game
            (host if person == "host" else guest).wait_for(r"choice \(0-6\): ")  # a person to move, at the prompt
            (host if signalled == "host" else guest).process.send_signal(number)
            host_code, host_out, host_err = host.finish()
            guest_code, guest_out, guest_err = guest.finish()
        finally:
            guest.kill()
    assert (host_code, guest_code) == (1, 1), host_out + host_err + guest_out + guest_err
    told = guest_out if signalled == "host" else host_out
    assert "The other side left the game." in told, told
    host_moves = re.findall(STOPPED, host_out, re.M)
    assert host_moves and host_moves == re.findall(STOPPED, guest_out, re.M), host_out + guest_out
    assert "Traceback" not in host_err + guest_err, host_err + guest_err


def test_a_signal_to_a_host_still_waiting_for_its_guest_ends_it() -> None:
    with watched_host("--x", "ai", "--o", "remote") as (host, _):
        host.wait_for("^Waiting for the other side")
        host.process.send_signal(signal.SIGTERM)
        host_code, host_out, host_err = host.finish()
    assert host_code == 1 and re.search(STOPPED, host_out, re.M) and not host_err, host_out + host_err


class Cuttable:
    """A TCP relay on 127.0.0.1 between a guest and the host, whose connections the test can cut (both ends see
    them end with no closing: a dropped link) while it goes on relaying the next ones."""

    def __init__(self, code: str) -> None:
        address, _, self.token = code.rpartition("/")
        host, _, port = address.rpartition(":")
        self.target = (host, int(port))
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.code = f"127.0.0.1:{self.listener.getsockname()[1]}/{self.token}"
        self.sockets: list[socket.socket] = []
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        with contextlib.suppress(OSError):
            while True:
                inner, _ = self.listener.accept()
                outer = socket.create_connection(self.target)
                self.sockets += [inner, outer]
                for source, sink in ((inner, outer), (outer, inner)):
                    threading.Thread(target=self._pump, args=(source, sink), daemon=True).start()

    @staticmethod
    def _pump(source: socket.socket, sink: socket.socket) -> None:
        with contextlib.suppress(OSError):
            while data := source.recv(65536):
                sink.sendall(data)

    def cut(self) -> None:
        for each in self.sockets:
            with contextlib.suppress(OSError):
                each.shutdown(socket.SHUT_RDWR)
            each.close()
        self.sockets.clear()

    def close(self) -> None:
        self.cut()
        self.listener.close()


DROPPED = "The link to the other side dropped: waiting up to"
BACK = "The other side is back: the game goes on."
MOVES = r"^Moves: (\d+)$"


def test_a_guest_killed_and_joining_again_goes_on_with_the_same_game() -> None:
    with watched_host("--x", "ai", "--o", "remote", "--ply", "2", "--seed", "1") as (host, code):
        first = Watched("--text", "--lang", "en", "--join", code, "--o", "human", stdin=subprocess.PIPE)
        try:
            first.wait_for(r"O's choice \(0-6\): ")
            first.process.kill()  # SIGKILL: no closing said, a dropped link
            first.finish()
            host.wait_for(DROPPED)
            again = Watched("--text", "--lang", "en", "--join", code, "--o", "ai", "--o-ply", "2", "--seed", "2")
            again_code, again_out, again_err = again.finish()
            host_code, host_out, host_err = host.finish()
        finally:
            first.kill()
    assert (host_code, again_code) == (0, 0), host_out + host_err + again_out + again_err
    assert BACK in host_out, host_out
    played = re.findall(MOVES, host_out, re.M)
    assert played and played == re.findall(MOVES, again_out, re.M), host_out + again_out
    opening = re.search(r"^X \(ply 2\) plays column (\d)\.$", host_out, re.M)
    assert opening and played[0].startswith(opening.group(1)), "the game went on from the first guest's"
    assert "Traceback" not in host_err + again_err


def back_and_played_to_the_end(host: Watched, guest: Watched, rounds: int, moves: str = MOVES,
                               ) -> tuple[str, str, str, str]:  # fmt: skip
    """After a cut: the drop and the return seen, the guest's person plays columns in turn (a full one is asked
    again) to the end; both exit 0 with the same ``moves`` line, the drop said, no traceback. Both sides' out, err."""
    host.wait_for(DROPPED)
    guest.wait_for(BACK)
    host.wait_for(BACK)
    guest.send("0\n1\n2\n3\n4\n5\n6\n" * rounds)
    guest_code, guest_out, guest_err = guest.finish()
    host_code, host_out, host_err = host.finish()
    assert (host_code, guest_code) == (0, 0), host_out + host_err + guest_out + guest_err
    played = re.findall(moves, host_out, re.M)
    assert played and played == re.findall(moves, guest_out, re.M), host_out + guest_out
    assert DROPPED in guest_out and "Traceback" not in host_err + guest_err
    return host_out, host_err, guest_out, guest_err


def test_a_cut_connection_is_joined_again_and_the_game_goes_on() -> None:
    with watched_host("--x", "ai", "--o", "remote", "--ply", "2", "--seed", "1") as (host, code):
        relay = Cuttable(code)
        guest = Watched("--text", "--lang", "en", "--join", relay.code, "--o", "human", stdin=subprocess.PIPE)
        try:
            guest.wait_for(r"O's choice \(0-6\): ")
            relay.cut()
            back_and_played_to_the_end(host, guest, rounds=6)
        finally:
            guest.kill()
            relay.close()


@pytest.mark.parametrize("killed", ["guest", "host"])
def test_a_drop_not_resumed_within_the_wait_ends_the_game_with_its_moves(killed: str) -> None:
    short = dict(os.environ, VP_CONNECT4_LINK_WAIT="1")  # the minute, made short
    with watched_host("--x", "ai", "--o", "remote", "--ply", "2", env=short) as (host, code):
        guest = Watched("--text", "--lang", "en", "--join", code, "--o", "human", stdin=subprocess.PIPE, env=short)
        try:
            guest.wait_for(r"O's choice \(0-6\): ")
            gone, left = (guest, host) if killed == "guest" else (host, guest)
            gone.process.kill()
            left_code, left_out, left_err = left.finish()
        finally:
            guest.kill()
    assert left_code == 1, left_out + left_err
    assert DROPPED in left_out and "did not come back within 1 s: the game ended." in left_out, left_out
    assert re.search(r"^Game stopped\. Moves so far: \d$", left_out, re.M) and "Traceback" not in left_err, left_out


def test_junk_on_the_wire_after_the_hello_ends_the_link_with_a_reason() -> None:
    with hosting() as (host, code):
        peer, _ = joined(code)
        peer.socket.sendall(b"\x8f\x00junk that is no websocket frame")  # a frame of no known kind
        closing_reason(peer)
        host_code, host_out, host_err = finish(host)
    assert host_code == 1 and f"The link ended: the other side sent {NOT_THE_GAMES}" in host_out, host_out + host_err
    assert "Game stopped. Moves so far: " in host_out and "Traceback" not in host_err, host_err


@pytest.mark.parametrize("first", ["junk", "big", "rejoin"])
def test_a_first_message_that_is_no_hello_changes_nothing_on_the_host(first: str) -> None:
    with hosting() as (host, code):
        address, _, token = code.rpartition("/")
        forged = connect(f"ws://{address}/", max_size=None, legacy=True)
        sent = {
            "junk": "junk",
            "big": "x" * (2 << 20),
            "rejoin": json.dumps({"type": "rejoin", "token": token, "made": 0}),
        }
        with contextlib.suppress(ConnectionClosed, OSError):
            forged.send(sent[first])
        closed = closing_reason(forged)
        guest = start("--text", "--lang", "en", "--join", code, "--o", "ai", "--seed", "2")
        guest_code, guest_out, guest_err = finish(guest)
        host_code, host_out, host_err = finish(host)
    assert closed[0] in ((4001, 1009) if first == "big" else (4001,)), closed
    assert (host_code, guest_code) == (0, 0), host_out + host_err + guest_err
    assert re.findall(MOVES, host_out, re.M) == re.findall(MOVES, guest_out, re.M) != []
    assert host_out.count("Welcome to Connect Four!") == 1 and "Traceback" not in host_err + guest_err


def test_a_rejoin_while_the_guest_holds_its_seat_is_refused() -> None:
    with hosting() as (host, code):
        peer, _ = joined(code)
        address, _, token = code.rpartition("/")
        second = connect(f"ws://{address}/", max_size=None, legacy=True)
        second.send(json.dumps({"type": "rejoin", "token": token, "made": 1}))
        assert closing_reason(second)[0] == 4001
        assert json.loads(peer.recv(timeout=WAIT))["number"] == 1  # the host's first move
        peer.send(json.dumps({"type": "move", "number": 2, "move": 3}))  # the seated guest plays on, and leaves
        peer.close()
        host_code, host_out, _ = finish(host)
    assert host_code == 1 and re.search(r"^Game stopped\. Moves so far: \d3\d?$", host_out, re.M), host_out


def joined_to(forged_host: Callable[[ServerConnection], None], *options: str) -> subprocess.CompletedProcess[str]:
    """A guest (``--join``, with ``options``) run to its end against ``forged_host``, a host's side written by hand."""
    with serve(forged_host, "127.0.0.1", 0) as server:
        threading.Thread(target=server.serve_forever, daemon=True).start()
        port = server.socket.getsockname()[1]
        done = subprocess.run(
            [sys.executable, str(MAIN), "--text", "--lang", "en", "--join", f"127.0.0.1:{port}/{'A' * 32}", *options],
            stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=WAIT,
        )  # fmt: skip
        server.shutdown()
    return done


def test_a_forged_host_s_welcome_ends_the_join_in_one_line() -> None:
    def forged_host(connection: ServerConnection) -> None:
        connection.recv(timeout=WAIT)
        connection.send(json.dumps({"type": "welcome", "side": "O", "width": 99, "height": 6}))
        with contextlib.suppress(ConnectionClosed):
            connection.recv(timeout=WAIT)

    done = joined_to(forged_host)
    assert done.returncode == 1 and done.stderr.count("\n") == 1, done.stderr
    assert NOT_THE_GAMES in done.stderr and "Welcome" not in done.stdout, done.stdout + done.stderr


def closed_among(sockets: list[socket.socket], at_least: int) -> int:
    """How many of ``sockets`` the other end closed, once ``at_least`` did (or WAIT passed)."""
    closed: set[socket.socket] = set()
    while len(closed) < at_least:
        readable, _, _ = select.select([each for each in sockets if each not in closed], [], [], WAIT)
        if not readable:
            break
        for each in readable:
            with contextlib.suppress(OSError):
                if each.recv(1) == b"":
                    closed.add(each)
    return len(closed)


def test_connections_that_say_nothing_cannot_keep_the_guest_out() -> None:
    slow = dict(os.environ, VP_CONNECT4_LINK_HELLO="120")  # none closed for its silence within the test
    with watched_host("--x", "ai", "--o", "remote", "--ply", "2", env=slow) as (host, code):
        address = code.rpartition("/")[0]
        where = (address.rpartition(":")[0], int(address.rpartition(":")[2]))
        silent = [socket.create_connection(where) for _ in range(60)]  # no websocket opening
        quiet = [connect(f"ws://{address}/", legacy=True) for _ in range(20)]  # open, no hello
        try:
            assert closed_among(silent, 80 - MOST_WAITING) >= 80 - MOST_WAITING, "the oldest make room"
            guest = start("--text", "--lang", "en", "--join", code, "--o", "ai", "--o-ply", "2")
            guest_code, guest_out, guest_err = finish(guest)
            host_code, host_out, host_err = host.finish()  # at once: the silent ones do not hold it
        finally:
            for each in silent:
                each.close()
    assert (host_code, guest_code) == (0, 0), host_out + host_err + guest_err
    assert re.findall(MOVES, host_out, re.M) == re.findall(MOVES, guest_out, re.M) != []
    assert all(closing_reason(each) for each in quiet), "closed when the host ended"


def test_a_connection_that_says_no_hello_is_closed_soon() -> None:
    short = dict(os.environ, VP_CONNECT4_LINK_HELLO="1")
    with watched_host("--x", "ai", "--o", "remote", "--ply", "2", env=short) as (host, code):
        address = code.rpartition("/")[0]
        silent = socket.create_connection((address.rpartition(":")[0], int(address.rpartition(":")[2])))
        quiet = connect(f"ws://{address}/", legacy=True)
        assert closing_reason(quiet)[0] == 1000
        assert closed_among([silent], 1) == 1
        silent.close()
        guest = start("--text", "--lang", "en", "--join", code, "--o", "ai", "--o-ply", "2")
        guest_code, _, guest_err = finish(guest)
        host_code, host_out, host_err = host.finish()
    assert (host_code, guest_code) == (0, 0) and host_out.count("Welcome to Connect Four!") == 1, host_err + guest_err


def test_a_person_against_a_player_file_over_the_link() -> None:
    every_column = "".join(f"{col}\n" * 6 for col in range(7))  # a person who fills the columns in turn
    with watched_host("--x", "human", "--o", "remote", stdin=subprocess.PIPE) as (host, code):
        player = str(MAIN.parent / "examples" / "player.py")
        guest = Watched("--text", "--lang", "en", "--join", code, "--o", player, "--o-ply", "2", "--tiebreak", "LEFT")
        host.send(every_column)
        guest_code, guest_out, guest_err = guest.finish()
        host_code, host_out, host_err = host.finish()
    assert (host_code, guest_code) == (0, 0), host_out + host_err + guest_out + guest_err
    assert "O: the player file " in guest_out and re.search(r"^O \(.*player\.py, ply 2\) plays column", guest_out, re.M)
    assert "O (over the link) plays column" in host_out, host_out
    assert "O wins -- your opponent on the other machine wins this time." in host_out, host_out  # not "the computer"
    played = re.findall(MOVES, host_out, re.M)
    assert played and played == re.findall(MOVES, guest_out, re.M), host_out + guest_out
    assert "Traceback" not in host_err + guest_err


def test_a_chance_variant_is_drawn_by_the_host_and_both_sides_end_alike() -> None:
    with watched_host("--x", "ai", "--o", "remote", "--ply", "2", "--seed", "3", "--variant", "chance:0.5") as (
        host,
        code,
    ):
        guest = Watched("--text", "--lang", "en", "--join", code, "--o", "ai", "--o-ply", "3", "--seed", "4")
        guest_code, guest_out, guest_err = guest.finish()
        host_code, host_out, host_err = host.finish()
    assert (host_code, guest_code) == (0, 0), host_out + host_err + guest_out + guest_err
    assert "Rules: chance 50%." in guest_out, "the guest plays the host's rules"
    played = re.findall(MOVES, host_out, re.M)
    assert played and played == re.findall(MOVES, guest_out, re.M), host_out + guest_out
    chances = re.findall(r"^Chance! The checker meant for column \d went into column \d\.$", host_out, re.M)
    assert chances and sorted(chances) == sorted(re.findall(r"^Chance! .*$", guest_out, re.M)), guest_out
    assert "Traceback" not in host_err + guest_err


FORGED_DRAWS = {  # what a forged host says after its first move (column 3) under chance, what the guest says
    "a landing off the board": ({"type": "drawn", "number": 1, "landed": 9}, "a move the rules do not allow"),
    "another move's draw": ({"type": "drawn", "number": 2, "landed": 3}, "a move out of turn"),
    "no draw": ({"type": "move", "number": 2, "move": 3}, NOT_THE_GAMES),
}


@pytest.mark.parametrize("forged", FORGED_DRAWS, ids=list(FORGED_DRAWS))
def test_a_forged_host_s_draw_ends_the_link_on_the_guest(forged: str) -> None:
    draw, said = FORGED_DRAWS[forged]

    def forged_host(connection: ServerConnection) -> None:
        connection.recv(timeout=WAIT)
        welcome = {"side": "O", "width": 7, "height": 6, "rules": "chance:0.5", "moves": "", "made": 0}
        connection.send(json.dumps({"type": "welcome", **welcome}))
        connection.send(json.dumps({"type": "move", "number": 1, "move": 3}))
        connection.send(json.dumps(draw))
        with contextlib.suppress(ConnectionClosed):
            connection.recv(timeout=WAIT)

    done = joined_to(forged_host, "--o", "ai")
    assert done.returncode == 1 and f"The link ended: the other side sent {said}." in done.stdout, done.stdout
    assert "Game stopped. Moves so far: (none)" in done.stdout and "Traceback" not in done.stderr, done.stderr
