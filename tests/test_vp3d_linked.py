"""The scene's controller over a link (issue 39), without a browser or a socket: a fake link side stands for
``link.scene.SceneLink``. The other side's move is played as it comes (never asked of the AI), each move made here
is told to the link, what a link cannot do yet is refused in words, and the link's end stops the game with its
moves kept. The scene's real link (no browser) with a terminal on the other side: its offers asked of the scene's
person (y accepts, Esc refuses) and the scene's own Undo offered to it, both games the same after. The real link
between two programs: tests/browser/test_link3d.py."""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import time
from collections.abc import Callable

import pytest
from test_link import WAIT, Watched, watched_host
from test_vp3d_controller import Clock, HandRunner, make, settle

from vp_connect4 import wording
from vp_connect4.game import AI, HUMAN, Game, Move
from vp_connect4.link.guest import join
from vp_connect4.link.host import Host
from vp_connect4.link.invite import read_address, read_invite
from vp_connect4.link.messages import STANDARD
from vp_connect4.link.offers import Offer
from vp_connect4.link.scene import LINK_ENV, SceneLink, open_scene_link
from vp_connect4.vp3d.control.controller import Controller
from vp_connect4.vp3d.control.intents import ChangeRules, Command, PlayColumn, SetLanguage, SetSeat


class FakeLink:
    """The other machine plays ``remote``: ``incoming`` its moves as read; ``told`` what the scene told."""

    def __init__(self, remote: str = "O", joined: bool = True) -> None:
        self.remote, self.is_joined = remote, joined
        self.reason: str | wording.Phrase = ""
        self.incoming: list[int] = []
        self.told: list[tuple[str, int]] = []
        self.ended = False
        self.lines: list[str | wording.Phrase] = []
        self.pending: Offer | None = None  # the other side's offer, waiting for an answer here
        self.game: Game | None = None
        self.replies: list[bool] = []
        self.asking: Offer | None = None  # this side's offer, sent
        self.answer: bool | None = None  # the other side's answer to it, once read

    @property
    def code(self) -> str | None:
        return None if self.is_joined else "127.0.0.1:5000/TOKEN"

    def joined(self, game: Game) -> bool:
        return self.is_joined

    def poll_move(self, game: Game) -> int | None:
        return self.incoming.pop(0) if self.incoming and not self.ended else None

    def link_ended(self) -> bool:
        return self.ended

    def tell(self, game: Game, move: Move) -> None:
        self.told.append((move.ox, move.move))

    def said(self) -> list[str | wording.Phrase]:
        lines, self.lines = self.lines, []
        return lines

    def saved(self) -> dict[str, str]:
        return {}

    def offered(self) -> Offer | None:
        return self.pending

    def reply(self, accept: bool, change: Callable[[Game, Offer], None]) -> None:
        offer, self.pending = self.pending, None
        self.replies.append(accept)
        if accept and offer is not None and self.game is not None:
            self._accepted(self.game, offer, change)

    def ask(self, game: Game, kind: str) -> None:
        self.asking = Offer(kind, len(game.move_string), game.to_move)

    def poll_answer(self, game: Game, change: Callable[[Game, Offer], None]) -> bool | None:
        offer, answer = self.asking, self.answer
        if offer is None or answer is None:
            return None
        self.asking = self.answer = None
        if answer:
            self._accepted(game, offer, change)
        return answer

    def _accepted(self, game: Game, offer: Offer, change: Callable[[Game, Offer], None]) -> None:
        """As the real link: ``change`` makes the offer, then a swap changes the link's sides."""
        change(game, offer)
        if offer.kind == "swap":
            self.remote = "X" if self.remote == "O" else "O"

    drawing = False  # no chance: a move made here is played at once

    def send_first(self, game: Game, move: int) -> bool:
        return False

    def poll_drawn(self, game: Game) -> None:
        return None

    def end(self, reason: wording.Phrase) -> None:
        self.ended, self.reason = True, reason
        self.lines.append(reason)


def test_the_other_machines_move_falls_as_it_comes_and_each_move_is_told() -> None:
    link = FakeLink()
    controller, view, runner, log, clock = make(o=AI, link=link)  # the remote side is an AI seat here
    assert view.remote == "O", "its widgets and the rules and size menus are greyed"
    controller.handle(PlayColumn(3))
    settle(controller, clock)
    assert view.status == wording.link_waiting_for_move("O")
    assert not runner.jobs, "the AI is never asked to move for the other machine"
    controller.handle(PlayColumn(4))  # not this machine's turn
    assert log[-1] == "ignored: " + wording.link_refusal("remote_turn")
    link.incoming.append(2)
    settle(controller, clock)
    assert "move 2: O column 2" in log and link.told == [("X", 3), ("O", 2)]
    assert view.status.startswith("Your turn: X")


def test_what_a_link_cannot_do_yet_is_refused_in_words_and_the_game_goes_on() -> None:
    link = FakeLink()
    controller, view, _, log, clock = make(o=AI, link=link)
    controller.handle(PlayColumn(3))
    settle(controller, clock)
    refused = [
        (Command.REDO, "redo"),
        (ChangeRules("tetris", None), "rules"),
        (SetSeat("O", "kind", HUMAN), "remote_seat"),
    ]
    for intent, what in refused:
        controller.handle(intent)
        assert log[-1] == "ignored: " + wording.link_refusal(what)
        assert view.cues[-1] == wording.capitalised(wording.link_refusal(what))
    assert controller.game.move_string == "3"
    controller.handle(SetSeat("X", "kind", AI))  # this machine's own side: its choice
    assert controller.game.seats["X"].kind == AI


def test_a_computer_side_answers_the_other_sides_offer_at_once_by_its_policy() -> None:
    link = FakeLink()
    controller, view, _, log, clock = make(x=AI, o=AI, link=link)  # X: this machine's AI; O: the other machine
    link.game = controller.game
    settle(controller, clock)
    link.incoming.append(2)
    settle(controller, clock, ticks=8)
    assert controller.game.to_move == "O" and len(controller.game.move_string) == 3, controller.game.move_string
    link.pending = Offer("undo", 3, "O")
    settle(controller, clock, ticks=1)
    assert link.replies == [True] and wording.computer_answers("yes") in view.cues
    assert "undo: 2 moves" in log and controller.game.move_string[:1] == "0", "back to the other side's turn"


def test_the_host_waits_for_the_guest_and_the_links_end_stops_the_game_with_its_moves() -> None:
    link = FakeLink(joined=False)
    controller, view, _, log, clock = make(o=AI, link=link)
    assert view.status == wording.link_waiting_for_join("127.0.0.1:5000/TOKEN")
    controller.handle(PlayColumn(3))
    assert log[-1] == "ignored: " + wording.link_refusal("not_joined")
    link.is_joined = True
    controller.handle(PlayColumn(3))
    settle(controller, clock)
    link.end(wording.phrase(wording.link_ended_by_peer, "left"))
    settle(controller, clock)
    stopped = wording.link_stopped_in_scene(wording.link_ended_by_peer("left"), "3")
    assert view.banner == stopped and view.status == stopped and log[-1] == "moves: 3"
    assert wording.link_ended_by_peer("left") in view.cues
    controller.handle(PlayColumn(4))
    assert log[-1] == "ignored: " + wording.link_refusal("stopped")
    controller.handle(SetLanguage("nl"))  # said again in the language spoken, the link's own words too
    try:
        assert view.banner == view.status == wording.link_stopped_in_scene(wording.link_ended_by_peer("left"), "3")
        assert view.banner.startswith("De andere kant heeft het spel verlaten. Het spel is hier gestopt")
    finally:
        controller.handle(SetLanguage("en"))
    controller.close()
    assert log.count("moves: 3") == 1, "the moves are logged once"


def scene_host(rules: str = STANDARD) -> SceneLink:
    """The scene's real link as the host on 127.0.0.1 (any free port), the guest to play O under ``rules``, waited
    for by a thread of its own (its invite: ``.host.invite``)."""
    address = read_address("127.0.0.1:0")
    assert address is not None
    host = Host(address)
    host.expect("O", (7, 6), rules)
    scene_link = SceneLink("O", host=host)
    scene_link.welcome("")
    return scene_link


def tick_until(controller: Controller, clock: Clock, done: object, view: object = None) -> None:
    """Frames of the scene until ``done()`` (a test failure after WAIT seconds)."""
    deadline = time.monotonic() + WAIT
    while not done():  # type: ignore[operator]
        assert time.monotonic() < deadline, f"the scene never saw it: {getattr(view, 'cues', '')}"
        settle(controller, clock, ticks=1)
        time.sleep(0.02)


def test_a_terminal_guests_undo_offer_accepted_by_the_3d_host_takes_back_both_games() -> None:
    """The scene's real link (a host on 127.0.0.1, its person X) and a terminal guest process, a person at its
    prompt (O). The guest offers an undo at its turn: the scene asks its person (the status line), who accepts
    with y; both games take back the guest's last move and the reply to it, and go on from there alike."""
    scene_link = scene_host()
    code = str(scene_link.host.invite)  # type: ignore[union-attr]
    guest = Watched("--text", "--lang", "en", "--join", code, "--o", "human", stdin=subprocess.PIPE)
    controller, view, _, log, clock = make(o=AI, link=scene_link)
    game = controller.game
    try:
        tick_until(controller, clock, lambda: scene_link.joined(game))
        controller.handle(PlayColumn(3))
        tick_until(controller, clock, lambda: game.move_string == "3", view)
        prompt = guest.wait_for(r"O's choice \(0-6\): ")
        guest.send("2\n")
        tick_until(controller, clock, lambda: game.move_string == "32", view)
        tick_until(controller, clock, lambda: controller.handle(PlayColumn(4)) or game.move_string == "324", view)
        guest.wait_for(r"O's choice \(0-6\): ", after=prompt.end())
        guest.send("u\n")
        question = wording.link_offer_question("undo")
        tick_until(controller, clock, lambda: view.status == question, view)
        assert wording.offer_received("undo") in view.cues and game.move_string == "324" and view.answering
        controller.handle(PlayColumn(5))  # not this side's move: the question waits for its answer
        assert game.move_string == "324"
        controller.handle(Command.ACCEPT_OFFER)
        assert game.move_string == "3" and "undo: 2 moves" in log, "taken back to the guest's turn"
        assert log[-1] == "offer answered: undo accepted" and log.count("offer received: undo") == 1, log
        assert not view.answering, "the Accept and Refuse buttons gone with the question"
        assert wording.answered_here("undo") in view.cues
        accepted = guest.wait_for(r"^The other side accepts: your last move and its reply are taken back\.$")
        guest.wait_for(r"O's choice \(0-6\): ", after=accepted.end())
        guest.send("5\n")  # the guest's board is the scene's again: its move 2 is taken
        tick_until(controller, clock, lambda: game.move_string == "35", view)
        assert not scene_link.link_ended() and "move 2: O column 5" in log, "the link goes on"
        controller.handle(Command.ACCEPT_OFFER)  # no offer waits
        assert log[-1] == "ignored: " + wording.link_refusal("no_offer")
    finally:
        controller.close()
        scene_link.close()
        guest.kill()
    assert "Traceback" not in guest.err, guest.err


def test_a_terminal_hosts_new_game_offer_refused_in_3d_and_the_3d_sides_undo_accepted_by_the_terminal() -> None:
    """The other way round: a terminal host (a person, X) and the scene's real link as the guest (O, a person). The
    host asks for a new game at its turn: the scene's person refuses with Esc, nothing changes, the host plays on.
    Then the scene's person offers an Undo at its turn (the status line waits for the answer, never the scene's
    loop): the host accepts with y, and both games take back the scene's last move and the host's reply."""
    with watched_host("--x", "human", "--o", "remote", stdin=subprocess.PIPE) as (host, code):
        invite = read_invite(code)
        assert invite is not None
        scene_link = SceneLink("X", invite=invite)
        _, link = join(invite, scene_link.say, on_end=lambda: None)  # the scene asks once a frame
        scene_link.use(link)
        controller, view, _, log, clock = make(x=AI, o=HUMAN, link=scene_link)
        game = controller.game
        try:
            prompt = host.wait_for(r"X's choice \(0-6\): ")
            host.send("3\n")
            tick_until(controller, clock, lambda: game.move_string == "3", view)
            tick_until(controller, clock, lambda: controller.handle(PlayColumn(2)) or game.move_string == "32", view)
            prompt = host.wait_for(r"X's choice \(0-6\): ", after=prompt.end())
            host.send("n\n")
            question = wording.link_offer_question("new")
            tick_until(controller, clock, lambda: view.status == question, view)
            controller.handle(Command.LEAVE_ANALYSIS)  # Esc: refused
            assert wording.answered_here("no") in view.cues
            assert log[-2:] == ["offer received: new", "offer answered: new refused"], log
            refused = host.wait_for(r"^The other side refuses: the game goes on as it was\.$")
            assert game.move_string == "32" and not scene_link.link_ended()
            prompt = host.wait_for(r"X's choice \(0-6\): ", after=refused.end())
            host.send("4\n")
            tick_until(controller, clock, lambda: game.move_string == "324", view)
            assert not scene_link.link_ended() and "move 3: X column 4" in log
            tick_until(controller, clock, lambda: controller.handle(PlayColumn(5)) or game.move_string == "3245", view)
            prompt = host.wait_for(r"X's choice \(0-6\): ", after=prompt.end())
            host.send("6\n")
            tick_until(controller, clock, lambda: game.move_string == "32456", view)
            settle(controller, clock)  # the host's checker landed

            controller.handle(Command.UNDO)  # offered to the host, who answers at its prompt
            assert view.status == wording.link_offer_waiting("undo") and game.move_string == "32456"
            controller.handle(PlayColumn(1))  # the answer first
            assert log[-1] == "ignored: " + wording.link_refusal("asking") and game.move_string == "32456"
            asked = host.wait_for(r"^The other side asks to take back its last move and your reply to it\.$")
            host.wait_for(r"Accept\? \(y/n\): ", after=asked.end())
            host.send("y\n")
            tick_until(controller, clock, lambda: game.move_string == "324", view)
            assert wording.offer_accepted("undo") in view.cues and "undo: 2 moves" in log
            assert log[log.index("offer sent: undo") :][-2:] == ["undo: 2 moves", "offer answer: undo accepted"], log
            assert view.status.startswith("Your turn: O")
            controller.handle(PlayColumn(1))  # both boards alike: the host takes the move 4 in column 1
            tick_until(controller, clock, lambda: game.move_string == "3241", view)
            host.wait_for(r"O \(over the link\) plays column 1")
            assert not scene_link.link_ended()
        finally:
            controller.close()
            scene_link.close()
    assert "Traceback" not in host.err, host.err


def test_swap_sides_offered_and_accepted_changes_the_seats_and_the_other_machine_moves_next() -> None:
    """Swap sides over a link is an offer (only at this side's turn): this side's moves wait for the answer; on an
    accept the seats change places as Swap sides does at one machine (this machine's person plays O now, X is the
    other machine's), the board stays, and X, to move, comes from the other machine."""
    link = FakeLink()
    controller, view, runner, log, clock = make(o=AI, link=link)
    game = controller.game
    controller.handle(PlayColumn(3))
    settle(controller, clock)
    controller.handle(Command.SWAP_SIDES)  # the other machine's turn: no offer
    assert log[-1] == "ignored: " + wording.link_refusal("remote_turn") and link.asking is None
    link.incoming.append(2)
    settle(controller, clock)
    controller.handle(Command.SWAP_SIDES)
    assert link.asking == Offer("swap", 2, "X")
    assert view.status == wording.link_offer_waiting("swap") and wording.link_offer_waiting("swap") in view.cues
    controller.handle(PlayColumn(4))  # the answer first
    assert log[-1] == "ignored: " + wording.link_refusal("asking") and game.move_string == "32"
    link.answer = True
    settle(controller, clock)
    assert wording.offer_accepted("swap") in view.cues and game.move_string == "32", "the board stays"
    assert view.remote == "X" and game.seats["O"].kind == HUMAN and view.settings["O"].kind == HUMAN
    assert "setting: O player human" in log, log
    assert view.status == wording.link_waiting_for_move("X") and not runner.jobs, "X is the other machine's now"
    controller.handle(PlayColumn(4))
    assert log[-1] == "ignored: " + wording.link_refusal("remote_turn")
    link.incoming.append(4)
    settle(controller, clock)
    assert "move 3: X column 4" in log and view.status.startswith("Your turn: O")
    controller.handle(PlayColumn(5))
    settle(controller, clock)
    assert game.move_string == "3245" and link.told[-2:] == [("X", 4), ("O", 5)]


def test_swap_sides_refused_changes_nothing() -> None:
    link = FakeLink()
    controller, view, _, log, clock = make(o=AI, link=link)
    game = controller.game
    controller.handle(Command.SWAP_SIDES)
    assert link.asking == Offer("swap", 0, "X")
    link.answer = False
    settle(controller, clock)
    assert wording.offer_refused() in view.cues
    assert link.remote == view.remote == "O" and game.seats["X"].kind == HUMAN and game.seats["O"].kind == AI
    assert view.status.startswith("Your turn: X") and not any(line.startswith("setting:") for line in log)
    controller.handle(PlayColumn(3))
    settle(controller, clock)
    assert link.told == [("X", 3)]


def test_a_computer_side_refuses_the_other_sides_swap() -> None:
    link = FakeLink()
    controller, view, _, log, clock = make(x=AI, o=AI, link=link)  # X: this machine's AI; O: the other machine
    link.game = game = controller.game
    settle(controller, clock)
    assert game.move_string and game.to_move == "O"
    link.pending = Offer("swap", 1, "O")
    settle(controller, clock, ticks=1)
    assert link.replies == [False] and wording.computer_answers("no") in view.cues
    assert wording.offer_received("swap") in view.cues and not any(x.startswith("setting:") for x in log)
    assert link.remote == view.remote == "O" and game.seats["X"].kind == AI


def test_the_other_sides_swap_is_asked_of_the_person_here_and_accepted_with_y() -> None:
    link = FakeLink()
    controller, view, _, log, clock = make(o=AI, link=link)
    link.game = game = controller.game
    controller.handle(PlayColumn(3))
    settle(controller, clock)
    link.pending = Offer("swap", 1, "O")
    settle(controller, clock)
    assert view.status == wording.link_offer_question("swap") and wording.offer_received("swap") in view.cues
    assert link.replies == [], "the person answers"
    controller.handle(Command.ACCEPT_OFFER)
    assert link.replies == [True] and wording.answered_here("swap") in view.cues
    assert link.remote == view.remote == "X" and game.seats["O"].kind == HUMAN and game.move_string == "3"
    assert view.status.startswith("Your turn: O"), "this machine's person plays O, to move"
    controller.handle(PlayColumn(2))
    settle(controller, clock)
    assert link.told == [("X", 3), ("O", 2)]
    link.incoming.append(6)
    settle(controller, clock)
    assert game.move_string == "326" and "move 3: X column 6" in log


def tick_both(pairs: list[tuple[Controller, Clock]], done: Callable[[], bool]) -> None:
    """Frames of two scenes until ``done()`` (a test failure after WAIT seconds)."""
    deadline = time.monotonic() + WAIT
    while not done():
        assert time.monotonic() < deadline, "the scenes never saw it"
        for controller, clock in pairs:
            settle(controller, clock, ticks=1)
        time.sleep(0.02)


def test_a_swap_between_two_scenes_over_a_real_link_changes_both_and_the_game_goes_on() -> None:
    """Two scenes' real links in this process (a host on 127.0.0.1, its person X; the guest, its person O). The
    host's person offers Swap sides at X's turn, the guest's accepts with y: on both, the seats change places (the
    host's person plays O, the guest's X), the board stays, X to move on the guest's scene; a restart in place of
    either would keep the sides as they are now."""
    host_link = scene_host()
    guest_link = SceneLink("X", invite=host_link.host.invite)
    guest_link.use(join(host_link.host.invite, guest_link.say, on_end=lambda: None)[1])
    here, here_view, _, _, here_clock = make(o=AI, link=host_link)
    there, there_view, _, there_log, there_clock = make(x=AI, o=HUMAN, link=guest_link)
    pairs = [(here, here_clock), (there, there_clock)]
    try:
        tick_both(pairs, lambda: host_link.joined(here.game))
        here.handle(PlayColumn(3))
        tick_both(pairs, lambda: there.game.move_string == "3")
        there.handle(PlayColumn(2))
        tick_both(pairs, lambda: here.game.move_string == "32")
        tick_both(pairs, lambda: not here.playing.falling)
        here.handle(Command.SWAP_SIDES)
        question = wording.link_offer_question("swap")
        tick_both(pairs, lambda: there_view.status == question)
        there.handle(Command.ACCEPT_OFFER)
        tick_both(pairs, lambda: wording.offer_accepted("swap") in here_view.cues)
        assert (host_link.remote, here_view.remote, guest_link.remote, there_view.remote) == ("X", "X", "O", "O")
        assert here.game.seats["O"].kind == HUMAN and there.game.seats["X"].kind == HUMAN
        assert here_view.status == wording.link_waiting_for_move("X") and there_view.status.startswith("Your turn: X")
        for scene_link, remote in ((host_link, "X"), (guest_link, "O")):
            kept = json.loads(scene_link.saved()[LINK_ENV])
            assert kept["remote"] == remote, "a reload keeps the sides as they are"
            if "fd" in kept:
                os.close(kept["fd"])
        there.handle(PlayColumn(4))
        tick_both(pairs, lambda: here.game.move_string == "324")
        tick_both(pairs, lambda: here.handle(PlayColumn(5)) or there.game.move_string == "3245")
        assert "move 4: O column 5" in there_log and not host_link.link_ended() and not guest_link.link_ended()
    finally:
        here.close()
        there.close()
        guest_link.close()
        host_link.close()


def test_an_offer_made_while_this_machines_ai_thinks_drops_its_move_until_the_answer() -> None:
    """This machine's AI thinks at its turn; its person offers a swap meanwhile: the AI's move is dropped (it would
    cross the offer on the wire), and once the other side refused, the AI thinks again and plays."""
    link = FakeLink()
    runner = HandRunner()
    controller, _, _, log, clock = make(x=AI, o=AI, runner=runner, link=link)
    settle(controller, clock)
    assert controller.thinking and len(runner.pending) == 1
    controller.handle(Command.SWAP_SIDES)
    assert link.asking == Offer("swap", 0, "X") and not controller.thinking and runner.discarded == 1
    settle(controller, clock)
    assert len(runner.jobs) == 1, "no new move is asked while the offer waits"
    link.answer = False
    settle(controller, clock)
    assert controller.thinking and len(runner.jobs) == 2
    runner.finish(-1)
    settle(controller, clock)
    assert controller.game.move_string and link.told == [("X", int(controller.game.move_string))], log


def test_a_hosts_restart_after_a_swap_gives_its_player_the_other_letter(monkeypatch: pytest.MonkeyPatch) -> None:
    """The host started as ``--x human --o remote`` and a swap was accepted: the program restarted in place (a
    reload) plays X over the link and its own player O, not both letters remote."""
    monkeypatch.setenv(LINK_ENV, json.dumps({"remote": "X", "ended": True, "reason": ""}))
    args = argparse.Namespace(x="human", o="remote", listen=None, join=None)
    scene_link = open_scene_link(args)
    assert (args.x, args.o, scene_link.remote) == ("remote", "human", "X")
