"""A link as the 3D scene uses it (``--listen`` or ``--join`` without ``--text``): asked once a frame, never waited
for; what it says printed and kept for the page; kept through a restart in place (a reloaded page).

The scene's loop never blocks: the host's scene opens at once, and a thread of its own welcomes the guest when it
joins (:meth:`SceneLink.welcome`, the page open or not); :meth:`SceneLink.poll_move` takes the other side's move if
it was read. The link's end is no
interruption of the scene's thread (as Ctrl-C is of the terminal's prompt): the scene sees :attr:`SceneLink.ended`.

Offers (:mod:`.offers`), never waited for either. The other side's (its Undo, New game or Swap sides) is read
where its move is awaited, checked against the scene's game, and kept (:meth:`SceneLink.offered`) until the scene's
controller answers it in a later frame (:meth:`SceneLink.reply`: its person's key, or a computer side's policy).
The scene's own offer (its Undo, New game or Swap sides) is sent (:meth:`SceneLink.ask`) and its answer read once a
frame (:meth:`SceneLink.poll_answer`). An accepted offer changes the scene's game through the controller (the
``change`` it passes), so the page shows it; an accepted swap changes :attr:`SceneLink.remote` too (the link's
sides), which the controller follows (its seats change places). A restart in place keeps the sides as they are.

A reload restarts the scene's program in place (``vp3d.server.restart``: ``os.execve``, the same pid). The link's
connection closes with the old program, so the other side sees a drop and waits for this one to come back
(:class:`.peer.Link`). :meth:`SceneLink.saved` writes what the new program needs into :data:`LINK_ENV`: the moves
made and this side's own, and the host's listening socket (made inheritable) and token, or the guest's invite; the
new program's :func:`open_scene_link` reads it and goes on over a link that waits for the other side (the guest
rejoins; the host keeps the seat).

Chance and swaps (:mod:`.chance`): the host's scene draws as its game does, and the link says what it drew; the
guest's scene sends its own move first (:meth:`SceneLink.send_first`) and plays it once the host's draws for it
are read (:meth:`SceneLink.poll_drawn`, once a frame: :mod:`.drawing`), its game's generator the host's draws
(:attr:`SceneLink.draws`). A restart in place keeps a move still awaiting its draws.
"""

from __future__ import annotations

import argparse
import json
import os
import queue
import socket
import threading
from collections.abc import Callable

from .. import wording
from ..game import Game, Move
from ..terminal_input import write_line
from .chance import HostDraws, rules_name
from .drawing import Awaited
from .guest import drawn_by_host, guest_link, join
from .host import Host
from .invite import Invite, read_invite
from .messages import LEFT, OVER
from .offering import Change
from .offers import Offer
from .options import REMOTE
from .peer import POLL_SECONDS, Link, LinkEnded

LINK_ENV = "VP_CONNECT4_LINK"  # the link kept through a restart in place: JSON (see SceneLink.saved)


class SceneLink:
    """The scene's side of a link: ``remote``, the side played on the other machine; the host's ``host`` (waiting
    for the guest until :meth:`joined`) or the guest's ``invite``; ``ended``: the link ended (``reason``: the last
    thing it said)."""

    def __init__(self, remote: str, host: Host | None = None, invite: Invite | None = None) -> None:
        self._remote, self.host, self.invite = remote, host, invite
        self.link: Link | None = None
        self.ended = False
        self.reason: str | wording.Phrase = ""
        self._said: queue.SimpleQueue[str | wording.Phrase] = queue.SimpleQueue()

    @property
    def remote(self) -> str:
        """The side played on the other machine: the link's once there is one (an accepted swap changes it)."""
        return self.link.remote if self.link is not None else self._remote

    @remote.setter
    def remote(self, ox: str) -> None:
        self._remote = ox

    def use(self, link: Link) -> None:
        link.offering.answers = SceneAnswers(self.note)
        self.link = link

    def say(self, text: str | wording.Phrase) -> None:
        """A sentence of the link: in the terminal, and kept for the page, said there in the language spoken then
        (from the link's threads too)."""
        self.reason = text
        self.note(text)

    def note(self, text: str | wording.Phrase) -> None:
        """A sentence said as :meth:`say` says it, that is no reason of the link's end (an offer refused here)."""
        write_line(text)  # in one piece (from the link's threads too): never inside a log line
        self._said.put(text)

    def said(self) -> list[str | wording.Phrase]:
        """What the link said since last asked."""
        lines = []
        while True:
            try:
                lines.append(self._said.get_nowait())
            except queue.Empty:
                return lines

    @property
    def code(self) -> str | None:
        """The invite's code, while the host waits for the guest (None: the guest's, or joined)."""
        return str(self.host.invite) if self.host is not None and self.link is None else None

    def welcome(self, moves: str) -> None:
        """The host's: a thread takes the guest when it joins, welcomed to the game of the code ``moves`` (nobody
        moves before), whether the scene's page is open yet or not (the guest waits for its welcome)."""
        host = self.host
        assert host is not None

        def take() -> None:
            while self.link is None and not self.ended and not host.closed:
                link = host.take_guest(moves, self.say, seconds=POLL_SECONDS, on_end=_nothing)
                if link is not None:
                    self.use(link)

        threading.Thread(target=take, name="link-welcome", daemon=True).start()

    def joined(self, game: Game) -> bool:
        """Whether the other side is in the game (nobody moves before)."""
        return self.link is not None

    def poll_move(self, game: Game) -> int | None:
        """The other side's move if it was read (checked by the referee); None: none yet, the other side's offer
        refused instead, or the link ended."""
        if self.link is None or self.ended:
            return None
        self.link.game = game  # what the other side's offer is checked against (and refused: no change)
        try:
            return self.link.poll_move(game.board, self.remote)
        except LinkEnded:
            self._end()
            return None

    def offered(self) -> Offer | None:
        """The other side's offer that waits for this side's answer (None: none)."""
        return None if self.link is None or self.ended else self.link.offering.waiting

    def reply(self, accept: bool, change: Change) -> None:
        """Answer the other side's offer that waits (:meth:`offered`); accepted: ``change`` changes the game."""
        if self.link is None or self.ended or self.link.offering.waiting is None:
            return
        try:
            self.link.offering.reply(accept, change)
        except LinkEnded:
            self._end()

    @property
    def asking(self) -> Offer | None:
        """This side's offer, sent, its answer not read yet (None: none)."""
        return None if self.link is None or self.ended else self.link.offering.asked

    def ask(self, game: Game, kind: str) -> None:
        """Offer ``kind`` to the other side (this side to move on ``game``, the offer allowed: offers.why_not);
        its answer is read by :meth:`poll_answer`."""
        if self.link is None or self.ended:
            return
        self.link.game = game
        try:
            self.link.offering.ask(kind)
        except LinkEnded:
            self._end()

    def poll_answer(self, game: Game, change: Change) -> bool | None:
        """The other side's answer to this side's offer if it was read: True (``change`` changed the game) or False;
        None: not yet, or the link ended."""
        if self.asking is None:
            return None
        self.link.game = game  # type: ignore[union-attr]
        try:
            return self.link.offering.poll_answer(change=change)  # type: ignore[union-attr]
        except LinkEnded:
            self._end()
            return None

    def send_first(self, game: Game, move: int) -> bool:
        """The guest under chance: this side's ``move`` sent to the host before it is played (True), played once
        the host's draws for it are read (:meth:`poll_drawn`); False: played at once."""
        if self.link is None or self.ended:
            return False
        self.link.game = game
        try:
            return self.link.drawing.send_first(game, move)
        except LinkEnded:
            self._end()
            return True  # not played: the link ended

    @property
    def drawing(self) -> bool:
        """Whether this side's move was sent first and awaits the host's draws (:meth:`send_first`)."""
        return self.link is not None and not self.ended and self.link.drawing.waiting_own

    def poll_drawn(self, game: Game) -> int | None:
        """The move sent first, once the host's draws for it are read (the game's generator then plays them); None:
        not yet, or the link ended."""
        if not self.drawing:
            return None
        try:
            return self.link.drawing.poll(game)  # type: ignore[union-attr]
        except LinkEnded:
            self._end()
            return None

    @property
    def draws(self) -> HostDraws | None:
        """The guest's game's generator under chance (the host's draws), None otherwise."""
        return None if self.link is None else self.link.draws

    def link_ended(self) -> bool:
        """Whether the link ended (the other side left, or sent what the game does not take): said already."""
        if self.link is not None and self.link.ended and not self.link.finished:
            self._end()
        return self.ended

    def tell(self, game: Game, move: Move) -> None:
        """Each move made in the scene (this side's is sent); the game over: the link closes, its work done."""
        if self.link is None or self.ended:
            return
        try:
            self.link.tell(game, move)
        except LinkEnded:
            self._end()
            return
        if game.is_over:
            self.link.close(OVER)

    def _end(self) -> None:
        if not self.ended:
            self.ended = True
            self.reason = self.reason or wording.phrase(wording.link_ended, "")

    def close(self) -> None:
        """The scene ends: the other side is told (``over`` after the game's end, else ``left``); the host stops."""
        if self.link is not None:
            self.link.close(OVER if self.link.finished else LEFT)
        if self.host is not None:
            self.host.close()

    def saved(self) -> dict[str, str]:
        """What a restart in place keeps of the link (:data:`LINK_ENV`); the host's listening socket is made
        inheritable (the restart replaces this program at once)."""
        ended = self.ended or (self.link is not None and self.link.ended)  # or the game is over
        state: dict[str, object] = {"remote": self.remote, "ended": ended, "reason": str(self.reason)}
        if self.link is not None:
            link = self.link
            state.update(made=link.made, code=link.code, own=link.own, chance=link.chance, veers=link.veers)
            awaited = link.drawing.awaited
            if link.drawing.waiting_own and awaited is not None:  # sent first, its draws not read: sent again
                state.update(sent=[awaited.number, awaited.chosen])
        if self.host is not None:
            descriptor = os.dup(self.host.socket.fileno())
            os.set_inheritable(descriptor, True)
            state.update(fd=descriptor, token=self.host.token)
        elif self.invite is not None:
            state.update(invite=str(self.invite))
        return {LINK_ENV: json.dumps(state)}


class SceneAnswers:
    """The scene's answers to the other side's offers (:class:`.offers.Answers`): each (an undo, a new game, a swap)
    is answered later, by the scene's controller (:meth:`SceneLink.reply`: its person's key, or a computer side's
    policy)."""

    def __init__(self, say: Callable[[str | wording.Phrase], None]) -> None:
        self.say = say

    def answer(self, offer: Offer) -> bool | None:
        return None

    def answered(self, offer: Offer, accepted: bool) -> None:
        pass


def _nothing() -> None:
    """The scene's link ending: nothing is interrupted (the scene asks once a frame)."""


def open_scene_link(args: argparse.Namespace) -> SceneLink:
    """The link ``args`` ask for: ``--join`` (the host's settings put in ``args``; JoinFailed if it cannot join) or
    ``--listen`` (the invite printed; the guest joins later); the one kept through a restart first."""
    kept = os.environ.pop(LINK_ENV, None)
    if kept is not None:
        return _again(args, json.loads(kept))
    if args.join is not None:
        scene_link = SceneLink("X", invite=args.join)
        welcome, link = join(args.join, scene_link.say, on_end=_nothing)
        args.size, args.moves, args.variant = welcome.size, welcome.moves, welcome.variant
        scene_link.remote = "X" if welcome.side == "O" else "O"
        setattr(args, scene_link.remote.lower(), REMOTE)
        scene_link.use(link)
        return scene_link
    host = Host(args.listen)
    write_line(f"invite: {host.invite}")  # a log line: scripts read it
    remote = "X" if args.x == REMOTE else "O"
    host.expect(remote, args.size, rules_name(args.variant))
    scene_link = SceneLink(remote, host=host)
    scene_link.welcome(args.moves)
    return scene_link


def _again(args: argparse.Namespace, state: dict[str, object]) -> SceneLink:
    """The link as the program before the restart kept it (see :meth:`SceneLink.saved`)."""
    remote = str(state["remote"])
    mine = "o" if remote == "X" else "x"
    if getattr(args, mine, None) == REMOTE:  # the host after an accepted swap: its player plays the other letter
        setattr(args, mine, getattr(args, remote.lower()))
    setattr(args, remote.lower(), REMOTE)
    sock = socket.socket(fileno=int(state["fd"])) if "fd" in state else None  # type: ignore[call-overload]
    if state["ended"]:  # the game stopped with its link, or is over: nobody joins it again
        if sock is not None:
            sock.close()
        scene_link = SceneLink(remote)
        scene_link.ended, scene_link.reason = True, str(state["reason"])
        return scene_link
    host = invite = None
    if sock is not None:
        os.set_inheritable(sock.fileno(), False)  # not into the AI worker
        host = Host(args.listen, sock=sock, token=str(state["token"]))
        host.expect(remote, args.size, rules_name(args.variant))
    elif "invite" in state:
        invite = read_invite(str(state["invite"]))
    scene_link = SceneLink(remote, host=host, invite=invite)
    if "made" not in state:
        if host is not None:  # no guest had joined yet
            scene_link.welcome(args.moves)
        return scene_link
    made, code = int(state["made"]), str(state["code"])  # type: ignore[call-overload]
    own = {int(number): int(move) for number, move in state["own"].items()}  # type: ignore[attr-defined]
    if host is not None:
        scene_link.use(host.link_again(made, code, own, scene_link.say, on_end=_nothing))
    elif invite is not None:
        link = guest_link(None, invite, remote, scene_link.say, made, code, on_end=_nothing, own=own)
        if state.get("chance"):  # the guest's game plays as the host draws
            drawn_by_host(link, bool(state.get("veers")))
        if "sent" in state:
            number, chosen = state["sent"]  # type: ignore[misc]
            link.sent_first, link.drawing.awaited = number, Awaited(number, chosen, own=True)
        scene_link.use(link)
    return scene_link
