"""Issue 39, the first step: a terminal game between two real processes over a link on 127.0.0.1 (AI against
AI: the same moves and the same Moves: line on both sides), a wrong or reused token (exit 2 on the guest's side,
the host's game unchanged), and a forged peer (an illegal move, a move out of turn, a message over the bound, junk)
that ends the link with a reason on the host, never a traceback."""

from __future__ import annotations

import contextlib
import json
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from vp_connect4.link import invite_code, listen_address
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
        (["--o", "remote", "--listen", "127.0.0.1:0"], "add --text"),
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
    assert listen_address("127.0.0.1:0").shown == "127.0.0.1:0"
    assert listen_address("0").host == "127.0.0.1", "the port alone: this machine, never all interfaces"
    assert listen_address("[::1]:80").shown == "[::1]:80"
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
