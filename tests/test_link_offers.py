"""Issue 39, offers over a link: Undo and New game asked of the other side, accepted or refused (both boards change
only on an accept, and alike), answered by a person (y/n, asked again on junk) or by a computer's fixed policy;
an offer or an answer out of place (an answer to no offer, an offer out of turn, an answer to another offer) ends
the link with the reason said in words on both sides, never a traceback. Two real processes on 127.0.0.1, or one
and a forged peer; the tests wait for what the processes print, never a fixed time."""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
from concurrent.futures import ThreadPoolExecutor

import pytest
from test_link import MOVES, STOPPED, WAIT, Cuttable, Watched, closing_reason, joined, watched_host
from websockets.sync.client import connect

from vp_connect4.board import RulesBoard
from vp_connect4.game import Game
from vp_connect4.link import offers
from vp_connect4.link.guest import join
from vp_connect4.link.host import Host
from vp_connect4.link.invite import read_address, read_invite
from vp_connect4.link.messages import Malformed, read, read_one, unasked_or_malformed
from vp_connect4.link.offers import NEW, SWAP, UNDO, Offer
from vp_connect4.link.options import WAIT_ENV
from vp_connect4.link.terminal import LinkCommands

EVERY_COLUMN = "".join(f"{col}\n" * 6 for col in range(7))  # a person who fills the columns in turn, to the end
HUMAN_HOST = ("--x", "human", "--o", "remote")
AI_GUEST = ("--o", "ai", "--o-ply", "2", "--seed", "2")
OUT_OF_PLACE = "The link ended: the other side sent an offer or an answer out of place."
OUT_OF_PLACE_HERE = "The other side ended the link: an offer or an answer from here came out of place."


def board_after(out: str, line: str) -> str:
    """The board printed first after ``line`` in a transcript (its rows and its foot)."""
    rest = out[out.index(line) + len(line) :]
    rows = re.search(r"^(\|.*\|\n)+-+\n [0-9 ]+$", rest, re.M)
    assert rows, rest
    return rows.group(0)


def guest(code: str, *side: str, stdin: int = subprocess.DEVNULL) -> Watched:
    return Watched("--text", "--lang", "en", "--join", code, *side, stdin=stdin)


def test_an_undo_accepted_takes_back_the_asker_s_move_and_the_reply_on_both_boards() -> None:
    with watched_host(*HUMAN_HOST, stdin=subprocess.PIPE) as (host, code):
        other = guest(code, *AI_GUEST)
        try:
            host.send("3\n2\nu\n" + EVERY_COLUMN)
            guest_code, guest_out, guest_err = other.finish()
            host_code, host_out, host_err = host.finish()
        finally:
            other.kill()
    assert (host_code, guest_code) == (0, 0), host_out + host_err + guest_out + guest_err
    accepted = "The other side accepts: your last move and its reply are taken back."
    assert "Asking the other side to take back your last move and its reply…" in host_out, host_out
    assert "The other side asks to take back its last move and your reply to it." in guest_out, guest_out
    computer = "(The computer plays this side here: it accepts.)"
    after = board_after(host_out, accepted)
    assert after == board_after(guest_out, computer), (host_out, guest_out)
    assert after.count("X") == 1 and after.count("O") == 1, "back to X's turn before its second move"
    played = re.findall(MOVES, host_out, re.M)
    assert played and played == re.findall(MOVES, guest_out, re.M), host_out + guest_out
    assert played[0].startswith("3") and played[0][2:3] == "0", "the game went on from the first two moves"
    assert "Traceback" not in host_err + guest_err


def test_an_undo_refused_changes_nothing_and_junk_is_asked_again() -> None:
    with watched_host(*HUMAN_HOST, stdin=subprocess.PIPE) as (host, code):
        other = guest(code, "--o", "human", stdin=subprocess.PIPE)
        try:
            other.send("4\n5\nmaybe\nn\n")
            host.send("3\n2\nr\nu\n")
            other.wait_for(r"Refused: the game goes on as it was\.")
            host.wait_for(r"The other side refuses: the game goes on as it was\.")
            assert host.process.stdin is not None
            host.process.stdin.close()  # the host's person leaves: both sides stop with the same moves
            host_code, host_out, host_err = host.finish()
            guest_code, guest_out, guest_err = other.finish()
        finally:
            other.kill()
    assert (host_code, guest_code) == (1, 1), host_out + host_err + guest_out + guest_err
    assert "(r does not work in a game over a link: u asks the other side to take moves back.)" in host_out
    assert guest_out.count("Accept? (y/n): ") == 2 and "(Type y to accept or n to refuse.)" in guest_out, guest_out
    assert re.findall(STOPPED, host_out, re.M) == re.findall(STOPPED, guest_out, re.M) == ["3425"], host_out
    assert "Traceback" not in host_err + guest_err


def test_a_new_game_accepted_starts_both_sides_again_on_the_empty_board() -> None:
    with watched_host(*HUMAN_HOST, stdin=subprocess.PIPE) as (host, code):
        other = guest(code, *AI_GUEST)
        try:
            host.send("3\n2\nn\n" + EVERY_COLUMN)
            guest_code, guest_out, guest_err = other.finish()
            host_code, host_out, host_err = host.finish()
        finally:
            other.kill()
    assert (host_code, guest_code) == (0, 0), host_out + host_err + guest_out + guest_err
    accepted = "The other side accepts: a new game begins, on the empty board, with the same settings."
    assert "The other side asks for a new game, on the empty board, with the same settings." in guest_out
    after = board_after(host_out, accepted)
    assert after == board_after(guest_out, "it accepts.)") and "X" not in after and "O" not in after
    played = re.findall(MOVES, host_out, re.M)
    assert played and played == re.findall(MOVES, guest_out, re.M) and played[0].startswith("0"), host_out
    assert "Traceback" not in host_err + guest_err


def test_a_forged_answer_with_no_offer_asked_ends_the_link_in_words_on_both_sides() -> None:
    """A relay between a real host and a real guest slips an answer in from the guest's side (a masked frame, as a
    client sends it) while the host waits for the guest's move: the host ends the link, and says so; the guest
    reads the host's reason, and says it too."""
    with watched_host("--x", "ai", "--o", "remote", "--ply", "2") as (host, code):
        relay = Cuttable(code)
        other = guest(relay.code, "--o", "human", stdin=subprocess.PIPE)
        try:
            other.wait_for(r"O's choice \(0-6\): ")
            forged = json.dumps({"type": "answer", "kind": "undo", "number": 1, "accept": True}).encode()
            relay.sockets[-1].sendall(bytes([0x81, 0x80 | len(forged)]) + bytes(4) + forged)  # mask 0: as it is
            host_code, host_out, host_err = host.finish()
            guest_code, guest_out, guest_err = other.finish()
        finally:
            other.kill()
            relay.close()
    assert (host_code, guest_code) == (1, 1), host_out + host_err + guest_out + guest_err
    assert OUT_OF_PLACE in host_out and OUT_OF_PLACE_HERE in guest_out, host_out + guest_out
    assert re.findall(STOPPED, host_out, re.M) == re.findall(STOPPED, guest_out, re.M) != [], host_out + guest_out
    assert "Traceback" not in host_err + guest_err, host_err + guest_err


FORGED_OFFERS = {  # what a forged guest sends after the host's first move (column 3 or the host's AI's)
    "an offer of a stale position": {"type": "offer", "kind": "undo", "number": 0},
    "an answer to no offer": {"type": "answer", "kind": "new", "number": 1, "accept": False},
    "an undo with no move of its own": {"type": "offer", "kind": "undo", "number": 1},
}


@pytest.mark.parametrize("forged", FORGED_OFFERS, ids=list(FORGED_OFFERS))
def test_an_offer_or_answer_out_of_place_ends_the_link_with_a_reason(forged: str) -> None:
    with watched_host("--x", "ai", "--o", "remote", "--ply", "2") as (host, code):
        peer, _ = joined(code)
        assert json.loads(peer.recv(timeout=WAIT))["number"] == 1
        peer.send(json.dumps(FORGED_OFFERS[forged]))
        closed = closing_reason(peer)
        host_code, host_out, host_err = host.finish()
    assert closed == (1008, "unasked"), closed
    assert host_code == 1 and OUT_OF_PLACE in host_out and "Traceback" not in host_err, host_out + host_err


def test_an_answer_to_another_offer_ends_the_link() -> None:
    with watched_host(*HUMAN_HOST, stdin=subprocess.PIPE) as (host, code):
        peer, _ = joined(code)
        host.send("3\nu\n")
        assert json.loads(peer.recv(timeout=WAIT)) == {"type": "move", "number": 1, "move": 3}
        peer.send(json.dumps({"type": "move", "number": 2, "move": 4}))
        assert json.loads(peer.recv(timeout=WAIT)) == {"type": "offer", "kind": "undo", "number": 2}
        peer.send(json.dumps({"type": "answer", "kind": "new", "number": 2, "accept": True}))
        closed = closing_reason(peer)
        host_code, host_out, host_err = host.finish()
    assert closed == (1008, "unasked"), closed
    assert host_code == 1 and OUT_OF_PLACE in host_out and "Traceback" not in host_err, host_out + host_err
    assert re.search(r"^Game stopped\. Moves so far: 34$", host_out, re.M), "nothing taken back"


def test_a_swap_offered_to_the_terminal_is_refused_in_words_and_the_game_goes_on() -> None:
    with watched_host("--x", "ai", "--o", "remote", "--ply", "2") as (host, code):
        peer, _ = joined(code)
        assert json.loads(peer.recv(timeout=WAIT))["number"] == 1
        peer.send(json.dumps({"type": "move", "number": 2, "move": 0}))
        assert json.loads(peer.recv(timeout=WAIT))["number"] == 3
        peer.send(json.dumps({"type": "offer", "kind": "swap", "number": 3}))
        answer = json.loads(peer.recv(timeout=WAIT))
        peer.send(json.dumps({"type": "offer", "kind": "undo", "number": 3}))  # the computer here accepts an undo
        undone = json.loads(peer.recv(timeout=WAIT))
        peer.close()
        host_code, host_out, host_err = host.finish()
    assert answer == {"type": "answer", "kind": "swap", "number": 3, "accept": False}, answer
    assert undone == {"type": "answer", "kind": "undo", "number": 3, "accept": True}, undone
    assert "(The terminal game has no swap of sides: refused.)" in host_out, host_out
    assert host_code == 1 and re.search(r"^Game stopped\. Moves so far: \d$", host_out, re.M), host_out + host_err


def test_offers_and_answers_are_read_only_in_their_shapes() -> None:
    offer = '{"type": "offer", "kind": "undo", "number": 4}'
    assert read(offer, "offer") == {"type": "offer", "kind": "undo", "number": 4}
    assert read_one(offer, ("move", "offer"))["type"] == "offer"
    for raw in (
        '{"type": "answer", "kind": "undo", "number": 4, "accept": 1}',  # a number is no yes
        '{"type": "answer", "kind": "undo", "number": 4}',
        '{"type": "offer", "kind": "undo", "number": 4, "accept": true}',
    ):
        with pytest.raises(Malformed):
            read_one(raw, ("offer", "answer"))
        assert unasked_or_malformed(raw) == "malformed"
    assert unasked_or_malformed(offer) == "unasked"


def test_the_undo_rule_takes_back_to_the_asker_s_turn_and_new_keeps_the_settings() -> None:
    game = Game(RulesBoard(7, 6), start_moves="33")
    for col in (2, 4, 5):
        game.play(col)
    assert offers.why_not(game, UNDO, "X") == "unasked", "not X's turn"
    assert offers.why_not(game, UNDO, "O") is None and offers.why_not(game, "resign", "O") == "malformed"
    offers.apply(game, Offer(UNDO, 5, "O"))  # X's reply (5) and O's last move (4)
    assert (game.move_string, game.to_move) == ("332", "O")
    game.play(1)
    offers.apply(game, Offer(UNDO, 4, "X"))  # O's reply (1) and X's last move (2): never the start moves
    assert (game.move_string, game.to_move) == ("33", "X") and offers.why_not(game, UNDO, "X") == offers.BEFORE_START
    assert offers.why_not(Game(RulesBoard(7, 6)), UNDO, "X") == "unasked", "no move at all: out of place"
    tetris = Game(RulesBoard(5, 4, variant="tetris"), start_moves="01")
    offers.apply(tetris, Offer(NEW, 2, "X"))
    assert (tetris.move_string, str(tetris.board.variant), tetris.board.width, tetris.board.height) == (
        "",
        "tetris",
        5,
        4,
    )
    assert offers.computer_accepts(Offer(UNDO, 0, "X")) and not offers.computer_accepts(Offer(SWAP, 0, "X"))


def test_a_person_answers_y_or_n_in_either_language_and_is_asked_again_on_anything_else() -> None:
    said: list[str] = []
    answers = iter(["maybe", "JA", "", "nee", "y"])
    person = LinkCommands(None, person=True, input_fn=lambda prompt: next(answers), out=lambda *t: said.extend(t))  # type: ignore[arg-type]
    assert person.answer(Offer(UNDO, 4, "X")) is True
    assert person.answer(Offer(NEW, 4, "X")) is False
    assert said.count("(Type y to accept or n to refuse.)") == 2
    assert person.answer(Offer(SWAP, 4, "X")) is False and "(The terminal game has no swap of sides: refused.)" in said
    assert next(answers) == "y", "a swap is refused without asking"
    computer = LinkCommands(None, person=False, out=lambda *t: said.extend(t))  # type: ignore[arg-type]
    assert computer.answer(Offer(UNDO, 4, "X")) and computer.answer(Offer(NEW, 4, "X"))
    assert said[-1] == "(The computer plays this side here: it accepts.)"


def test_an_undo_into_the_start_position_is_refused_without_asking() -> None:
    with watched_host("--x", "human", "--o", "remote", "--moves", "3", stdin=subprocess.PIPE) as (host, code):
        peer, welcome = joined(code)
        assert (welcome["moves"], welcome["made"]) == ("3", 1)
        peer.send(json.dumps({"type": "offer", "kind": "undo", "number": 1}))  # O's move 3 is the start's
        answer = json.loads(peer.recv(timeout=WAIT))
        peer.close()
        host_code, host_out, host_err = host.finish()
    assert answer == {"type": "answer", "kind": "undo", "number": 1, "accept": False}, answer
    assert "take back a move from before this side's start" in host_out and "Accept?" not in host_out, host_out
    assert host_code == 1 and "Traceback" not in host_err, host_out + host_err


def test_a_drop_while_an_offer_waits_for_its_answer_ends_the_link_at_once() -> None:
    long_wait = dict(os.environ, VP_CONNECT4_LINK_WAIT="600")  # a drop that waited would outlast the test
    with watched_host(*HUMAN_HOST, stdin=subprocess.PIPE, env=long_wait) as (host, code):
        peer, _ = joined(code)
        host.send("3\nu\n")
        assert json.loads(peer.recv(timeout=WAIT))["number"] == 1
        peer.send(json.dumps({"type": "move", "number": 2, "move": 4}))
        assert json.loads(peer.recv(timeout=WAIT))["type"] == "offer"
        peer.socket.shutdown(socket.SHUT_RDWR)  # gone without a closing: a dropped link
        peer.socket.close()
        host_code, host_out, host_err = host.finish()
    assert host_code == 1 and "The link ended: the connection to the other side was lost." in host_out, host_out
    assert "dropped" not in host_out and re.search(r"^Game stopped\. Moves so far: 34$", host_out, re.M), host_out
    assert "Traceback" not in host_err, host_err


def test_an_offer_waiting_for_its_answer_when_the_link_drops_is_withdrawn_and_the_game_goes_on() -> None:
    """The asker's side restarted (a reloaded page: a new program that never asked) while the host's person
    thought: the drop withdraws the offer, said; the person's answer then changes nothing and is not sent, and
    the asker, back with the same token, plays on from the same board (never an answer it did not ask for)."""
    with watched_host(*HUMAN_HOST, stdin=subprocess.PIPE) as (host, code):
        peer, _ = joined(code)
        host.send("3\n")
        assert json.loads(peer.recv(timeout=WAIT)) == {"type": "move", "number": 1, "move": 3}
        peer.send(json.dumps({"type": "move", "number": 2, "move": 4}))
        host.send("5\n")
        assert json.loads(peer.recv(timeout=WAIT)) == {"type": "move", "number": 3, "move": 5}
        peer.send(json.dumps({"type": "offer", "kind": "undo", "number": 3}))
        host.wait_for(r"Accept\? \(y/n\): ")
        peer.socket.shutdown(socket.SHUT_RDWR)  # the asker gone without a closing: a dropped link
        peer.socket.close()
        withdrawn = host.wait_for(r"The link dropped while the other side's offer waited for an answer: it is withd")
        host.send("y\n")
        address, _, token = code.rpartition("/")
        back = connect(f"ws://{address}/", max_size=None, legacy=True)
        back.send(json.dumps({"type": "rejoin", "token": token, "made": 3}))
        assert json.loads(back.recv(timeout=WAIT))["made"] == 3, "the host's board as before the offer"
        back.send(json.dumps({"type": "move", "number": 4, "move": 6}))
        played = host.wait_for(r"^O \(over the link\) plays column 6\.$", after=withdrawn.end())
        host.wait_for(r"X's choice \(0-6\): ", after=withdrawn.end() + played.end())
        back.close()
        _, host_out, host_err = host.finish()
    assert OUT_OF_PLACE not in host_out, host_out
    assert board_after(host_out, "O (over the link) plays column 6.").count("O") == 2, "nothing was taken back"
    assert "Traceback" not in host_err, host_err


class Accepting:
    """A side whose person accepts every offer (as the scene's does with y)."""

    def answer(self, offer: Offer) -> bool:
        return True

    def answered(self, offer: Offer, accepted: bool) -> None:
        pass


def test_a_guest_that_drops_after_an_accepted_swap_rejoins_as_the_side_it_plays_now(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Two links in this process (the host X, the guest O, through a relay the test cuts). The host offers a swap,
    the guest accepts: the guest plays X now. The connection drops: the host's welcome back says X, which the guest
    checks against the side it plays now (not the side it joined as), and the game goes on over the new connection,
    each side's moves where the swap put them."""
    monkeypatch.setenv(WAIT_ENV, "20")  # a refused rejoin ends the link within the test's wait
    said: list[object] = []
    address = read_address("127.0.0.1:0")
    assert address is not None
    with Host(address) as host, ThreadPoolExecutor(1) as pool:
        host.expect("O", (7, 6))
        relay = Cuttable(str(host.invite))
        invite = read_invite(relay.code)
        assert invite is not None
        joining = pool.submit(join, invite, said.append, lambda: None)
        host_link = host.take_guest("", said.append, seconds=WAIT, on_end=lambda: None)
        assert host_link is not None
        guest_link = joining.result(timeout=WAIT)[1]
        host_game, guest_game = Game(RulesBoard(7, 6)), Game(RulesBoard(7, 6))
        host_link.game, guest_link.game = host_game, guest_game
        guest_link.offering.answers = Accepting()
        try:
            host_link.tell(host_game, host_game.play(3))
            guest_game.play(guest_link.receive_move(guest_game.board, "X"))  # type: ignore[arg-type]
            guest_link.tell(guest_game, guest_game.play(2))
            host_game.play(host_link.receive_move(host_game.board, "O"))  # type: ignore[arg-type]
            host_link.offering.ask(SWAP)
            assert guest_link.receive_move(guest_game.board, "X") is None, "an offer, accepted"
            assert host_link.offering.poll_answer(wait=True) is True
            assert (host_link.remote, guest_link.remote) == ("X", "O"), "the guest plays X now"
            relay.cut()
            guest_link.tell(guest_game, guest_game.play(4))  # sent again once the guest is back
            move = host_link.receive_move(host_game.board, "X")
            assert move == 4 and not host_link.ended and not guest_link.ended, said
            host_link.tell(host_game, host_game.play(move))
            host_link.tell(host_game, host_game.play(5))
            assert guest_link.receive_move(guest_game.board, "O") == 5, said
            assert any("back" in str(line) for line in said), said
        finally:
            guest_link.close()
            host_link.close()
            relay.close()
