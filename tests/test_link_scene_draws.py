"""Chance and swaps over a link in the 3D scene (issue 39): the host draws, the guest's scene plays as it drew.
The scene's controller with its real link (no browser) against a terminal on the other side, or a forged host
that holds its draw until the test says: the guest's move is sent first and played once the host's draws are
read (never waited for: the status line says so, nothing else is played meanwhile), and a restart in place (a
reloaded page) with the draw still out keeps waiting for it. Two scenes: tests/browser/test_link3d.py."""

from __future__ import annotations

import argparse
import contextlib
import json
import random
import re
import threading
import time
from collections.abc import Callable, Iterator

import pytest
from test_link import WAIT, Watched, watched_host
from test_vp3d_controller import make, settle
from test_vp3d_linked import scene_host, tick_until
from websockets.exceptions import ConnectionClosed
from websockets.sync.server import ServerConnection, serve

from vp_connect4 import wording
from vp_connect4.board import RulesBoard
from vp_connect4.game import AI, HUMAN, Game
from vp_connect4.link.chance import link_variant
from vp_connect4.link.guest import Welcome, join
from vp_connect4.link.invite import read_invite
from vp_connect4.link.peer import Link
from vp_connect4.link.scene import LINK_ENV, SceneLink, open_scene_link
from vp_connect4.vp3d.control.intents import Command, PlayColumn

CHANCE_AND_SWAPS = "chance:0.5+swap:3"


@contextlib.contextmanager
def guest_of(forged_host: Callable[[ServerConnection], None]) -> Iterator[tuple[SceneLink, Link, Welcome]]:
    """The scene's link joined to ``forged_host`` (a host's side written by hand, on 127.0.0.1): the scene's side of
    it, the link, the host's welcome; the server stopped after."""
    with serve(forged_host, "127.0.0.1", 0) as server:
        threading.Thread(target=server.serve_forever, daemon=True).start()
        invite = read_invite(f"127.0.0.1:{server.socket.getsockname()[1]}/{'A' * 32}")
        assert invite is not None
        scene_link = SceneLink("X", invite=invite)
        welcome, link = join(invite, scene_link.say, on_end=lambda: None)
        scene_link.use(link)
        try:
            yield scene_link, link, welcome
        finally:
            server.shutdown()


def played_to_the_end(board: RulesBoard, rng: random.Random | None, scene_link: SceneLink) -> tuple[Game, list[str]]:
    """The scene's game on ``board`` over ``scene_link`` (its side an AI's; the other machine's seat an AI's too,
    never asked), played to its end: the game and the scene's log."""
    controller, view, _, log, clock = make(x=AI, o=AI, o_ply=1, board=board, rng=rng, link=scene_link)
    try:
        tick_until(controller, clock, lambda: controller.game.is_over, view)
    finally:
        controller.close()
        scene_link.close()
    return controller.game, log


def assert_alike(game: Game, log: list[str], terminal: tuple[int, str, str]) -> None:
    """The terminal's side (its exit code, output, errors) ended as the scene's ``game``, with the same chances."""
    code, out, err = terminal
    assert code == 0 and "Traceback" not in err, out + err
    assert re.findall(r"^Moves: (\S+)$", out, re.M) == [game.move_string], out
    chances = re.findall(r"^Chance! The checker meant for column (\d) went into column (\d)\.$", out, re.M)
    assert chances and chances == re.findall(r"^event: chance column (\d) -> (\d)$", "\n".join(log), re.M), log


def test_a_3d_guest_plays_chance_and_swaps_as_the_terminal_host_draws_them() -> None:
    """The scene's real link as the guest (O, its AI) under chance and swaps, a terminal host (X, an AI) drawing
    them: each move of the scene's AI is sent to the host first and played once the host's draws are read; the
    host's moves fall as it drew them. Both games end alike, with the same chances and swaps."""
    with watched_host("--x", "ai", "--o", "remote", "--ply", "2", "--seed", "3", "--variant", CHANCE_AND_SWAPS) as (
        host,
        code,
    ):
        invite = read_invite(code)
        assert invite is not None
        scene_link = SceneLink("X", invite=invite)
        welcome, link = join(invite, scene_link.say, on_end=lambda: None)
        scene_link.use(link)
        assert str(welcome.variant) == CHANCE_AND_SWAPS and scene_link.draws is not None
        board = RulesBoard(*welcome.size, variant=welcome.variant)
        game, log = played_to_the_end(board, scene_link.draws, scene_link)
        assert_alike(game, log, host.finish())
    assert "s" in game.move_string, "a swap was drawn, and played alike"


def test_a_3d_guests_move_waits_for_the_hosts_draws_and_nothing_else_is_played_meanwhile() -> None:
    """A forged host under chance that reads the scene guest's first move and answers its draw only when the test
    says: until then the move is not played, the status line says why, a click and an Undo are refused; the draw
    then lands the checker where the host drew it."""
    released = threading.Event()

    def forged_host(connection: ServerConnection) -> None:
        connection.recv(timeout=WAIT)
        welcome = {"side": "O", "width": 7, "height": 6, "rules": "chance:0.5", "moves": "", "made": 0}
        connection.send(json.dumps({"type": "welcome", **welcome}))
        connection.send(json.dumps({"type": "move", "number": 1, "move": 3}))
        connection.send(json.dumps({"type": "drawn", "number": 1, "landed": 3}))
        sent = json.loads(connection.recv(timeout=WAIT))  # the guest's move, sent before it is played
        assert sent == {"type": "move", "number": 2, "move": 2}, sent
        released.wait(WAIT)
        connection.send(json.dumps({"type": "drawn", "number": 2, "landed": 6}))
        with contextlib.suppress(ConnectionClosed, TimeoutError):
            connection.recv(timeout=WAIT)

    with guest_of(forged_host) as (scene_link, _, welcome):
        board = RulesBoard(*welcome.size, variant=welcome.variant)
        controller, view, _, log, clock = make(x=AI, o=HUMAN, board=board, rng=scene_link.draws, link=scene_link)
        game = controller.game
        try:
            tick_until(controller, clock, lambda: game.move_string == "3", view)
            settle(controller, clock)  # the host's checker landed
            controller.handle(PlayColumn(2))
            settle(controller, clock)
            assert game.move_string == "3" and view.status == wording.link_waiting_for_draws(), view.status
            for intent in (PlayColumn(5), Command.UNDO):
                controller.handle(intent)
                assert log[-1] == "ignored: " + wording.link_refusal("drawing") and game.move_string == "3", log
            released.set()
            tick_until(controller, clock, lambda: len(game.history) == 2, view)
            assert "move 2: O column 6" in log and "event: chance column 2 -> 6" in log, log
            assert not scene_link.link_ended() and view.status == wording.link_waiting_for_move("X")
        finally:
            released.set()
            controller.close()
            scene_link.close()


def test_a_3d_host_draws_chance_and_swaps_and_a_terminal_guest_plays_them_alike() -> None:
    """The scene's real link as the host (X, its AI) under chance and swaps, its game drawing with its own
    generator and the link saying what it drew; a terminal guest (O, an AI) plays every move as drawn. Both games
    end alike, with the same chances."""
    scene_link = scene_host(CHANCE_AND_SWAPS)
    code = str(scene_link.host.invite)  # type: ignore[union-attr]
    guest = Watched("--text", "--lang", "en", "--join", code, "--o", "ai", "--o-ply", "1", "--seed", "2")
    board = RulesBoard(7, 6, variant=link_variant(CHANCE_AND_SWAPS))
    game, log = played_to_the_end(board, random.Random(5), scene_link)
    assert_alike(game, log, guest.finish())


def test_a_restart_with_the_guests_move_still_awaiting_its_draw_goes_on_waiting_for_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The guest's scene sends its move under chance and restarts in place (a reloaded page) before the host's draw
    is back: the restarted program's link rejoins with the moves made before that move, still waits for its draw
    (sent again by the host), and plays the move where the host drew it; the move is not sent twice."""
    sent, received = threading.Event(), []

    def welcome(moves: str) -> str:
        fields = {"side": "O", "width": 7, "height": 6, "rules": "chance:0.5", "moves": moves, "made": len(moves)}
        return json.dumps({"type": "welcome", **fields})

    def forged_host(connection: ServerConnection) -> None:
        first = json.loads(connection.recv(timeout=WAIT))
        received.append(first)
        if first["type"] == "hello":
            connection.send(welcome("3"))  # the host's move made: the guest to move
        else:  # the restarted guest, back: the host had played its move (chance sent it to column 6)
            connection.send(welcome("36"))
            connection.send(json.dumps({"type": "drawn", "number": 2, "landed": 6}))
        with contextlib.suppress(ConnectionClosed, TimeoutError):
            while True:
                received.append(json.loads(connection.recv(timeout=WAIT)))
                sent.set()

    with guest_of(forged_host) as (before, link, welcomed):
        board = RulesBoard(*welcomed.size, variant=welcomed.variant)
        assert before.send_first(Game(board, start_moves="3", rng=before.draws), 2) and before.drawing
        assert sent.wait(WAIT) and received[-1] == {"type": "move", "number": 2, "move": 2}
        monkeypatch.setenv(LINK_ENV, before.saved()[LINK_ENV])
        link.close("left")  # the old program is gone (its connection with it)
        args = argparse.Namespace(join=before.invite, listen=None, x="human", o="human")
        after = open_scene_link(args)
        try:
            assert args.x == "remote" and after.drawing, "the restarted link still awaits the draw"
            board = RulesBoard(7, 6, variant=welcomed.variant)
            game = Game(board, start_moves="3", rng=after.draws)  # the saved game, resumed: the move not played
            deadline = time.monotonic() + WAIT
            while (chosen := after.poll_drawn(game)) is None:
                assert time.monotonic() < deadline and not after.link_ended(), after.said()
                time.sleep(0.02)
            assert chosen == 2 and game.play(chosen).move == 6, "played where the host drew it"
            after.tell(game, game.last_move)
            assert not after.link_ended() and game.move_string == "36"
        finally:
            after.close()
    rejoin = next(message for message in received if message["type"] == "rejoin")
    assert rejoin["made"] == 1, "back with the moves made before the move sent first"
    moves = [message for message in received if message["type"] == "move"]
    assert moves == [{"type": "move", "number": 2, "move": 2}], "not sent again: the host had it (its welcome said)"
