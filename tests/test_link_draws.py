"""Issue 39, what the rules leave to chance over a link: swaps (alone, and with chance) drawn by the host and played
alike on both sides, the welcome carrying the rules; a forged host's swap the rules cannot make ends the link in
words; a game with chance or swaps that drops (at a prompt, or with the guest's move in flight) or whose guest
process is killed goes on with the same draws. Two real processes on 127.0.0.1, or a real guest and a forged
host."""

from __future__ import annotations

import contextlib
import json
import re
import socket
import subprocess

import pytest
from test_link import BACK, DROPPED, WAIT, Cuttable, Watched, back_and_played_to_the_end, joined_to, watched_host
from websockets.exceptions import ConnectionClosed
from websockets.sync.server import ServerConnection

from vp_connect4.board import RulesBoard
from vp_connect4.game import Game
from vp_connect4.link.chance import HostDraws, link_variant, read_swap, tried

MOVES = r"^Moves: (\S+)$"  # a game code: swaps written in it (s and four digits)
SWAP_LINE = r"^Swap! The checkers at column \d row \d and column \d row \d change colours\.$"


@pytest.mark.parametrize(("rules", "said"), [("swap:2", "swap every 2 moves"), ("chance:0.5+swap:3", "chance 50%")])
def test_a_swap_game_over_the_link_is_drawn_by_the_host_and_alike_on_both_sides(rules: str, said: str) -> None:
    with watched_host("--x", "ai", "--o", "remote", "--ply", "2", "--seed", "3", "--variant", rules) as (host, code):
        guest = Watched("--text", "--lang", "en", "--join", code, "--o", "ai", "--o-ply", "3", "--seed", "4")
        guest_code, guest_out, guest_err = guest.finish()
        host_code, host_out, host_err = host.finish()
    assert (host_code, guest_code) == (0, 0), host_out + host_err + guest_out + guest_err
    assert said in guest_out.split("Rules: ")[1].splitlines()[0], "the guest plays the host's rules"
    played = re.findall(MOVES, host_out, re.M)
    assert played and played == re.findall(MOVES, guest_out, re.M), host_out + guest_out
    assert "s" in played[0], "a swap happened"
    swaps = re.findall(SWAP_LINE, host_out, re.M)
    assert swaps and swaps == re.findall(SWAP_LINE, guest_out, re.M), guest_out
    assert re.findall(r"^Chance! .*$", host_out, re.M) == re.findall(r"^Chance! .*$", guest_out, re.M)
    assert "Traceback" not in host_err + guest_err


FORGED_SWAPS = {  # what a forged host says after the guest's move 2 (column 0) under swap:2, what the guest says
    "two X checkers": ({"type": "swapped", "number": 2, "cells": "3030"}, "a move the rules do not allow"),
    "an empty cell": ({"type": "swapped", "number": 2, "cells": "3050"}, "a move the rules do not allow"),
    "no digits": ({"type": "swapped", "number": 2, "cells": "3x40"}, "a message that is not one of the game's"),
    "another move's swap": ({"type": "swapped", "number": 1, "cells": "3000"}, "a move out of turn"),
    "no swap": ({"type": "move", "number": 3, "move": 3}, "a message that is not one of the game's"),
}


@pytest.mark.parametrize("forged", FORGED_SWAPS, ids=list(FORGED_SWAPS))
def test_a_forged_host_s_swap_ends_the_link_on_the_guest(forged: str) -> None:
    swap, said = FORGED_SWAPS[forged]

    def forged_host(connection: ServerConnection) -> None:
        connection.recv(timeout=WAIT)
        welcome = {"side": "O", "width": 7, "height": 6, "rules": "swap:2", "moves": "", "made": 0}
        connection.send(json.dumps({"type": "welcome", **welcome}))
        connection.send(json.dumps({"type": "move", "number": 1, "move": 3}))
        reply = json.loads(connection.recv(timeout=WAIT))  # the guest's move, sent before it plays it
        assert reply["number"] == 2, reply
        connection.send(json.dumps(swap))
        with contextlib.suppress(ConnectionClosed):
            connection.recv(timeout=WAIT)

    done = joined_to(forged_host, "--o", "ai", "--o-ply", "1", "--tiebreak", "LEFT")
    assert done.returncode == 1 and f"The link ended: the other side sent {said}." in done.stdout, done.stdout
    assert re.search(r"^Game stopped\. Moves so far: 3$", done.stdout, re.M), "the guest's move is not played"
    assert "Traceback" not in done.stderr, done.stderr


def test_the_link_plays_chance_and_swaps_alone_and_tries_a_draw_before_it_counts() -> None:
    assert [str(link_variant(rules)) for rules in ("chance:0.2", "swap:3", "chance:0.2+swap:3")] == [
        "chance:0.2", "swap:3", "chance:0.2+swap:3"
    ]  # fmt: skip
    assert link_variant("tetris") is None and link_variant("swap+flip") is None
    game = Game(RulesBoard(7, 6, variant="swap:2"), start_moves="3")
    assert tried(game, 4, 4, [(3, 0), (4, 0)]) is not None and tried(game, 4, 4, [(3, 0), (3, 0)]) is None
    assert tried(game, 4, 4, []) is None, "a swap due that the host did not say"
    assert tried(game, 4, 5, [(3, 0), (4, 0)]) is None, "no chance under these rules"
    assert read_swap("3040") == [(3, 0), (4, 0)] and read_swap("304") is None and read_swap("３040") is None
    draws = HostDraws(4, 4, [(3, 0), (4, 0)])
    game.rng = draws
    assert game.play(4).code == "4s3040" and draws.cells == []


class CutAfterGuestMove(Cuttable):
    """A relay that, once armed, cuts the link just after the guest's next message reached the host: the host has
    the guest's move (and may answer it), the guest has none of the host's draws for it yet."""

    armed = False

    def _pump(self, source: socket.socket, sink: socket.socket) -> None:  # type: ignore[override]
        guest_side = source in self.sockets[0::2]
        with contextlib.suppress(OSError):
            while data := source.recv(65536):
                sink.sendall(data)
                if guest_side and self.armed and len(data) > 8:  # a move, not a ping's pong
                    self.armed = False
                    self.cut()
                    return


CHANCE_HOST = ("--x", "ai", "--o", "remote", "--ply", "2", "--seed", "3")
CHANCE_DROPS = {  # the rules, and how the link drops
    "chance, cut at a prompt": ("chance:0.5", Cuttable),
    "chance and swaps, cut with the guest's move in flight": ("chance:0.5+swap:2", CutAfterGuestMove),
    "swaps, cut with the guest's move in flight": ("swap:2", CutAfterGuestMove),
}


@pytest.mark.parametrize("case", CHANCE_DROPS, ids=list(CHANCE_DROPS))
def test_a_game_with_chance_resumes_after_a_drop_with_the_same_draws(case: str) -> None:
    rules, relay_kind = CHANCE_DROPS[case]
    with watched_host(*CHANCE_HOST, "--variant", rules) as (host, code):
        relay = relay_kind(code)
        guest = Watched("--text", "--lang", "en", "--join", relay.code, "--o", "human", stdin=subprocess.PIPE)
        try:
            guest.wait_for(r"O's choice \(0-6\): ")
            if isinstance(relay, CutAfterGuestMove):
                relay.armed = True
                guest.send("0\n")
            else:
                relay.cut()
            host_out, _, guest_out, _ = back_and_played_to_the_end(host, guest, rounds=8, moves=MOVES)
        finally:
            guest.kill()
            relay.close()
    drawn = r"(?:Chance|Swap)! [^\n]*"  # after a prompt, maybe (a pipe: no line end)
    assert re.findall(drawn, host_out, re.M) == re.findall(drawn, guest_out, re.M), host_out + guest_out


def test_a_new_guest_process_goes_on_with_a_chance_game_as_drawn() -> None:
    with watched_host(*CHANCE_HOST, "--variant", "chance:0.5+swap:2") as (host, code):
        first = Watched("--text", "--lang", "en", "--join", code, "--o", "human", stdin=subprocess.PIPE)
        try:
            first.wait_for(r"O's choice \(0-6\): ")
            first.send("2\n")
            first.wait_for(r"O's choice \(0-6\): ", after=first.out.index("O's choice") + 1)
            first.process.kill()  # SIGKILL: a dropped link; a new guest process takes the seat
            first.finish()
            host.wait_for(DROPPED)
            again = Watched("--text", "--lang", "en", "--join", code, "--o", "ai", "--o-ply", "2", "--seed", "2")
            again_code, again_out, again_err = again.finish()
            host_code, host_out, host_err = host.finish()
        finally:
            first.kill()
    assert (host_code, again_code) == (0, 0), host_out + host_err + again_out + again_err
    played = re.findall(MOVES, host_out, re.M)
    assert played and played == re.findall(MOVES, again_out, re.M), host_out + again_out
    assert BACK in host_out and "Traceback" not in host_err + again_err
