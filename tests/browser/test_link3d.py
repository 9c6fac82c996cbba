"""A game over a link in 3D (issue 39): two programs on 127.0.0.1, each with its own page.

The host (``--o remote --listen 127.0.0.1:0``) prints ``invite: CODE`` and opens its scene at once; the guest
(``--join CODE``) opens its scene on the host's game. Each person's move is seen on the other page (the other
side's checker falls there, as an AI's does), both logs say the same moves; a reload of either page resumes the
linked game (the program restarts in place; the guest rejoins, the host keeps the seat); a New game offered by one
side is asked on the other page and refused there with its Refuse button; SIGTERM of one side is said
on the other page, and both keep their moves; an illegal move from a forged guest is said on the host's page.
Every wait is for a line of a log or a text of a page.
"""

from __future__ import annotations

import contextlib
import json
import re
import signal
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from browser.scene_page import CANVAS_JS, READY_TIMEOUT, ScenePage
from browser.scene_process import SceneProcess, descendants, wait_gone
from vp_connect4 import wording

STATUS_JS = "() => document.getElementById('c4-status').textContent"
TEXT_WAIT_MS = 30_000
HOST = ("--lang", "en", "--x", "human", "--o", "remote", "--listen", "127.0.0.1:0")


@contextmanager
def linked(context: Any, *guest_side: str, host_side: tuple[str, ...] = HOST) -> Iterator[tuple[ScenePage, ScenePage]]:
    """The host's page and the guest's (X: the host's person, O: the guest's, or ``host_side``'s and
    ``guest_side``'s options), both scenes stopped after."""
    with SceneProcess.main(*host_side) as host:
        code = host.wait_for(r"^invite: (\S+)$", READY_TIMEOUT)[1].group(1)
        host_page = ScenePage.open(context, host)
        with SceneProcess.main("--lang", "en", "--join", code, *guest_side) as guest:
            guest_page = ScenePage.open(context, guest)
            yield host_page, guest_page


def reload(view: ScenePage, other: ScenePage, checkers: int) -> None:
    """Reload ``view``'s page: the same program (pid) resumes the game, and the other side says the link is back."""
    pid = view.scene.process.pid
    view.page.reload()
    view.wait_log(r"^scene ready$", READY_TIMEOUT)
    view.page.wait_for_function(f"() => {CANVAS_JS} !== undefined", timeout=READY_TIMEOUT * 1000)
    assert view.scene.process.pid == pid and f"resumed: {checkers} checkers down" in view.scene.lines, view.scene.lines
    other.wait_log(r"^The other side is back: the game goes on\.$")


def play_both(mover: ScenePage, other: ScenePage, number: int, ox: str, col: int) -> None:
    """Move ``number`` (``ox`` in ``col``) by a key on ``mover``'s page, then seen on ``other``'s: its log says it."""
    mover.play(number, ox, col, lambda: mover.press(str(col)))
    other.wait_log(rf"^move {number}: {ox} column {col}$")


def both_end(host: ScenePage, guest: ScenePage, result: str, moves: str) -> None:
    """Both logs say the game's ``result`` and the same ``moves``; neither program had a traceback."""
    for view in (host, guest):
        view.wait_log(rf"^result: {result}")
        assert view.wait_log(r"^moves: ") == f"moves: {moves}"
        view.scene.assert_no_traceback()


def status_says(view: ScenePage, text: str) -> None:
    view.page.wait_for_function(f"() => ({STATUS_JS})().includes({text!r})", timeout=TEXT_WAIT_MS)


def test_two_scenes_play_a_linked_game_to_its_end_through_a_reload_of_each_page(context: Any) -> None:
    with linked(context) as (host, guest):
        for view, remote, own in ((host, "O", "x"), (guest, "X", "o")):  # greyed: the other machine's, the host's
            menu = f"#c4-{remote.lower()}-player"
            greyed = [menu, "#c4-variant", "#c4-size"]
            view.page.wait_for_function(
                f"() => {greyed}.every((id) => document.querySelector(id).disabled)"
                f" && !document.querySelector('#c4-{own}-player').disabled"
                f" && document.querySelector('{menu} option:checked').textContent === {wording.link_seat(remote)!r}",
                timeout=TEXT_WAIT_MS,
            )
        status_says(guest, wording.link_waiting_for_move("X"))  # the guest waits for the host's X
        play_both(host, guest, 1, "X", 0)
        status_says(host, wording.link_waiting_for_move("O"))
        play_both(guest, host, 2, "O", 1)
        play_both(host, guest, 3, "X", 0)

        guest.press("n")  # New game over a link: offered to the host's person, who refuses with the Refuse button
        status_says(guest, wording.link_offer_waiting("new"))
        status_says(host, wording.link_offer_question("new"))
        host.page.click("#c4-refuse")  # it presses Esc, as VPython hears keys
        host.wait_log(r"^offer answered: new refused$")
        guest.wait_log(r"^offer answer: new refused$")
        status_says(host, wording.link_waiting_for_move("O"))
        host.page.wait_for_selector("#c4-refuse", state="detached", timeout=TEXT_WAIT_MS)
        assert not any(line == "new game" for line in guest.scene.lines + host.scene.lines), "nothing changed"

        reload(guest, host, 3)
        status_says(host, wording.link_waiting_for_move("O"))
        play_both(guest, host, 4, "O", 1)  # the reloaded page's move, right after the reload, is seen
        play_both(host, guest, 5, "X", 0)
        reload(host, guest, 5)
        status_says(host, wording.link_waiting_for_move("O"))  # the reloaded host waits for O, as before
        play_both(guest, host, 6, "O", 2)
        play_both(host, guest, 7, "X", 0)  # four in column 0
        both_end(host, guest, "X wins", "0101020")


CHANCE_HOST = ("--lang", "en", "--x", "ai", "--x-ply", "1", "--o", "remote", "--listen", "127.0.0.1:0", "--seed", "7")
DRAWN = r"^(move \d+: .*|event: .*)$"  # the moves as played, and what chance and swaps did


def test_two_scenes_play_chance_and_swaps_as_the_host_draws_them_through_a_reload_of_the_guest(context: Any) -> None:
    """The host's scene (X: its AI) draws chance and swaps; the guest's person (O) plays keys, each move sent to the
    host first and played once its draw is back; a reload of the guest's page keeps the link and the draws. Both
    logs say the same moves and the same events."""
    with linked(context, host_side=(*CHANCE_HOST, "--variant", "chance:0.5+swap:3")) as (host, guest):
        for number, col in ((2, 1), (4, 2), (6, 4)):
            guest.wait_log(rf"^move {number - 1}: X column \d$")
            if number == 6:
                reload(guest, host, 5)  # the draws go on after the program restarted in place
            guest.press(str(col))  # kept while X's checker falls, then sent to the host first
            guest.wait_log(rf"^move {number}: O column \d$")
        host.wait_log(r"^move 7: X column \d$")
        guest.wait_log(r"^move 7: X column \d$")  # moves 1-6 and their events logged on both (7's may follow)
        drawn = [[line for line in view.scene.lines if re.match(DRAWN, line)] for view in (host, guest)]
        drawn = [lines[: next(i for i, line in enumerate(lines) if line.startswith("move 7:"))] for lines in drawn]
        assert drawn[0] == drawn[1], drawn
        assert any(line.startswith("event: chance") for line in drawn[0]), "a chance was drawn"
        assert any(line.startswith("event: swap") for line in drawn[0]), "a swap was drawn"
        for view in (host, guest):
            view.scene.assert_no_traceback()


def test_the_guests_side_can_be_a_player_file_its_moves_seen_on_the_hosts_page(context: Any) -> None:
    with linked(context, "--o", "examples/player.py", "--o-ply", "1", "--tiebreak", "LEFT") as (host, guest):
        seat = "document.querySelector('#c4-o-player option:checked').textContent"
        guest.page.wait_for_function(f"() => {seat} === 'O (blue): examples/player.py'", timeout=TEXT_WAIT_MS)
        for number, col in ((1, 3), (3, 3)):
            host.play(number, "X", col, lambda col=col: host.press(str(col)))
            guest.wait_log(rf"^move {number}: X column {col}$")
            answer = guest.wait_log(rf"^move {number + 1}: O column \d$")  # the file's, on the guest's machine
            assert host.wait_log(rf"^move {number + 1}: O column \d$") == answer
        for view in (host, guest):
            view.scene.assert_no_traceback()


def test_sigterm_of_one_side_is_said_on_the_other_page_and_both_keep_their_moves(context: Any) -> None:
    with linked(context) as (host, guest):
        play_both(host, guest, 1, "X", 3)
        play_both(guest, host, 2, "O", 4)
        family = descendants(guest.scene.process.pid) | descendants(host.scene.process.pid)

        guest.scene.process.send_signal(signal.SIGTERM)
        assert guest.scene.wait_exit() == 128 + signal.SIGTERM, guest.scene.describe()
        assert guest.wait_log(r"^moves: ") == "moves: 34"

        status_says(host, wording.link_ended_by_peer("left"))
        assert host.wait_log(r"^moves: ") == "moves: 34"
        host.press("5")  # the game stopped: a move is refused in words
        host.wait_log(r"^ignored: the link ended")
        host.page.reload()  # and stays stopped after a reload
        host.wait_log(r"^scene ready$", READY_TIMEOUT)
        status_says(host, wording.link_stopped_in_scene(wording.link_ended_by_peer("left"), "34"))

        host.scene.process.send_signal(signal.SIGTERM)
        assert host.scene.wait_exit() == 128 + signal.SIGTERM, host.scene.describe()
        assert host.scene.lines.count("moves: 34") == 1, host.scene.describe()
        assert not wait_gone(family), "the scenes' workers outlive them"
        for view in (host, guest):
            view.scene.assert_no_traceback()
            assert "Traceback" not in "\n".join(view.scene.lines)


def test_an_illegal_move_from_a_forged_guest_is_said_on_the_hosts_page_and_the_game_stops(context: Any) -> None:
    with SceneProcess.main(*HOST) as scene:
        code = scene.wait_for(r"^invite: (\S+)$", READY_TIMEOUT)[1].group(1)
        host = ScenePage.open(context, scene)
        status_says(host, wording.link_waiting_for_join(code))
        address, _, token = code.rpartition("/")
        with connect(f"ws://{address}/", legacy=True) as peer:  # a guest of the test's own
            peer.send(json.dumps({"type": "hello", "token": token}))
            welcome = json.loads(peer.recv(timeout=READY_TIMEOUT))
            assert (welcome["side"], welcome["moves"], welcome["rules"]) == ("O", "", "standard")
            host.play(1, "X", 3, lambda: host.press("3"))
            assert json.loads(peer.recv(timeout=READY_TIMEOUT)) == {"type": "move", "number": 1, "move": 3}
            peer.send(json.dumps({"type": "move", "number": 2, "move": 9}))  # no column 9
            with contextlib.suppress(ConnectionClosed):
                peer.recv(timeout=READY_TIMEOUT)
            assert (peer.close_code, peer.close_reason) == (1008, "illegal")
        said = wording.link_ended("illegal")
        status_says(host, wording.link_stopped_in_scene(said, "3"))
        assert host.wait_log(r"^moves: ") == "moves: 3"
        host.press("4")
        host.wait_log(r"^ignored: the link ended")
        scene.assert_no_traceback()


def test_swap_sides_offered_by_x_and_accepted_with_y_changes_both_pages_and_a_reload_keeps_it(context: Any) -> None:
    """The host's person (X) offers Swap sides at its turn; the guest's person accepts with y. Each page shows the
    swap (the host's X menu is the other machine's now, its O menu its person's; the guest's the other way round),
    the guest's person plays X and the host's O, and a reload of each page keeps the sides as they are."""
    with linked(context) as (host, guest):
        play_both(host, guest, 1, "X", 3)
        play_both(guest, host, 2, "O", 4)
        host.page.evaluate("() => document.getElementById('c4-swap').click()")
        status_says(host, wording.link_offer_waiting("swap"))
        status_says(guest, wording.link_offer_question("swap"))
        guest.press("y")
        for view, remote, own in ((host, "X", "o"), (guest, "O", "x")):
            menu = f"#c4-{remote.lower()}-player"
            view.page.wait_for_function(
                f"() => document.querySelector('{menu}').disabled"
                f" && !document.querySelector('#c4-{own}-player').disabled"
                f" && document.querySelector('{menu} option:checked').textContent === {wording.link_seat(remote)!r}",
                timeout=TEXT_WAIT_MS,
            )
        status_says(host, wording.link_waiting_for_move("X"))
        play_both(guest, host, 3, "X", 3)  # the guest's person plays X now
        play_both(host, guest, 4, "O", 4)
        reload(host, guest, 4)
        status_says(host, wording.link_waiting_for_move("X"))  # the reloaded host keeps the swapped sides
        reload(guest, host, 4)
        play_both(guest, host, 5, "X", 3)
        play_both(host, guest, 6, "O", 4)
        play_both(guest, host, 7, "X", 3)  # four in column 3
        both_end(host, guest, "X wins", "3434343")
