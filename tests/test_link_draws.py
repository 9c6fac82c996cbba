"""Issue 39, what the rules leave to chance over a link: swaps (alone, and with chance) drawn by the host and played
alike on both sides, the welcome carrying the rules; a forged host's swap the rules cannot make ends the link in
words. Two real processes on 127.0.0.1, or a real guest and a forged host."""

from __future__ import annotations

import contextlib
import json
import re

import pytest
from test_link import WAIT, Watched, joined_to, watched_host
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
