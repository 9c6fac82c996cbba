"""One side's end of a link while a game is played: the other side's moves read, checked and played (the terminal
game's player of it: :class:`.terminal.RemotePlayer`), and this side's moves told to it.

Everything read is asked for and checked before it counts: a move, when it is the other side's turn, of the
move's number that comes next, legal by the board's referee. Anything else ends the link: this side says why
(:func:`wording.link_ended`), closes with that reason, and the game stops with its moves kept.

A thread of the link reads the connection (each message into a short queue the game's thread takes from), so
the link's end is seen at once, also while a person thinks at the prompt: then the game's thread is interrupted
as by Ctrl-C (it says the moves so far). A connection *dropped* (closed without a reason: a process killed, a
network gone) is not the end: for :func:`.options.resume_seconds` the guest tries to rejoin with the same token
and the host keeps the seat for it (:meth:`Link.resume`); then each side sends again its own moves the other
lacks, and the game goes on. After that wait the game ends, its moves kept.

Offers (:mod:`.offers`, their way over the link: :mod:`.offering`): :meth:`Link.offer` asks the other side and
waits for its answer; an offer read while waiting for the other side's move is answered by
``Link.offering.answers``, and :meth:`Link.receive_move` (or :meth:`Link.poll_move`) returns None.

The 3D scene's link (:mod:`.scene`) is this Link too: it asks once a frame (:meth:`Link.poll_move`, never waits),
and the link's end calls its ``on_end`` instead of interrupting the scene's thread.
"""

from __future__ import annotations

import _thread
import contextlib
import queue
import signal
import threading
import time
from collections.abc import Callable

from websockets.exceptions import ConnectionClosed
from websockets.sync.connection import Connection

from .. import wording
from ..board import RulesBoard
from ..game import Game, Move
from ..terminal_input import say_under_prompt
from ..text_ui import GameStopped
from . import messages
from .chance import HostDraws, chosen_of, host_says, sent_again
from .drawing import Drawing
from .messages import CLOSE_LEAVING, CLOSE_NORMAL, CLOSE_POLICY, CLOSE_TOO_BIG, LEFT, OVER, REASONS
from .offering import Offering
from .offers import Offer
from .options import resume_seconds

POLL_SECONDS = 0.5  # how often a wait for the other side looks up (Ctrl-C is seen between two looks)
QUEUED = 8  # messages read and not yet taken by the game: more wait in the connection (its reader waits)
CLOSE_SECONDS = 2.0  # how long a closing waits for the other side's answer
NOT_TEXT = (1002, 1003, 1007)  # close codes the library sends for frames that are no message of ours
Say = Callable[["str | wording.Phrase"], None]  # a sentence of the link (a Phrase: said as shown)
Rejoin = Callable[[int], "tuple[Connection, int] | None"]  # the guest's: a connection again, and the host's made


class LinkEnded(GameStopped):
    """The link ended before the game did: ``said``, its reason was said already."""

    def __init__(self, reason: str, said: bool = True) -> None:
        super().__init__(reason)
        self.said = said


def say_now(text: str | wording.Phrase) -> None:
    """A line of the link, written at once (said from the link's thread too: under a person's prompt, on a line
    of its own)."""
    say_under_prompt(text)


class Link:
    """A game's link to the other side, over ``connection``; ``remote`` is the side the other side plays; ``made``
    and ``code`` the moves made on the board and its game code when it began; ``rejoin`` (the guest's) tries once
    to join again after a drop."""

    def __init__(
        self, connection: Connection | None, remote: str, say: Say = say_now, made: int = 0, code: str = "",
        rejoin: Rejoin | None = None, on_end: Callable[[], None] | None = None, own: dict[int, int] | None = None,
    ) -> None:  # fmt: skip
        """``connection`` None: a link kept while this program restarted in place (a page reloaded): it waits for
        the other side as after a drop. ``on_end``: how the game's thread is told that the link ended while it does
        not wait for the link (None: interrupted, as by Ctrl-C; the scene asks once a frame instead)."""
        self.connection, self.remote, self.say, self.rejoin = connection, remote, say, rejoin  # type: ignore[assignment]
        self.on_end = on_end or (lambda: _interrupt(self._main))
        self.made, self.code = made, code  # the moves made and the game code, as the game last told
        self.ended = False  # closed for good: by this side, or said why
        self.finished = False  # the game is over: the other side's closing changes nothing
        self.busy = False  # the game's thread is in the link's code (no interruption needed)
        self.dropped = False  # the connection dropped, and the other side is not back yet
        self.own: dict[int, int] = dict(own or {})  # this side's moves by number: sent again to one come back
        self.chance = False  # the rules leave something to chance (chance, swaps): the host draws
        self.veers = False  # chance may send a checker elsewhere: a drawn message follows each move
        self.sent_first = 0  # the number of the guest's own move sent before it was played (under chance)
        self.draws: HostDraws | None = None  # the guest's, under chance: its game plays as the host drew
        self.game: Game | None = None  # the game played: what offers change (set before its first move)
        self.offering = Offering(self)  # the offers made and answered over the link
        self.drawing = Drawing(self)  # the guest's wait for the host's draws (under chance)
        self.lock = threading.RLock()
        self.events: queue.Queue[tuple[str, Connection | None, object]] = queue.Queue(QUEUED)
        self._back = threading.Event()  # the host's: the guest came back (set by resume)
        self._stop = threading.Event()  # set when the link ends here: a pause between two tries ends at once
        self._main = threading.main_thread().ident
        if connection is not None:
            self._start_reading(connection)
        else:
            self.dropped = True
            threading.Thread(target=self._await_return, name="link-return", daemon=True).start()

    # -- the game's thread ----------------------------------------------------------------------------------

    def tell(self, game: Game, move: Move) -> None:
        """Told each move made (a move of this side is sent; the other side's came from it). A connection that
        dropped takes nothing: the move is sent again when the other side is back."""
        if self.draws is not None:
            self.draws.forget()  # the host's draws for this move, used
        with self.lock:
            mine = move.ox != self.remote
            sends = mine and move.number != self.sent_first  # else sent before it was played (see before_move)
            if self.ended:  # the other side is gone: a move of this side's never reached it, and is taken back
                if sends:
                    game.undo()
                if sends or not (game.is_over or mine):  # sent before: the other side's reply may be read yet
                    raise LinkEnded("")
                return
            self.made, self.code, self.finished = move.number, game.move_string, game.is_over
            sent = [("move", {"number": move.number, "move": chosen_of(move)})] if sends else []
            self.sent_first = 0
            if self.chance and self.draws is None:  # the host says what it drew: where the checker went, a swap
                sent += host_says(move, self.veers)
            if mine:
                self.own[move.number] = chosen_of(move)
            self._write(sent)  # type: ignore[arg-type]
            if self.ended and not self.finished:
                raise LinkEnded("")

    def before_move(self, game: Game, move: int) -> None:
        """This side chose ``move``, not played yet: the guest under rules drawn by chance sends it first and waits
        for the host's draws for it, which its game then plays (:class:`.drawing.Drawing`); LinkEnded if none."""
        if self.drawing.send_first(game, move):
            self.drawing.poll(game, wait=True)

    def next_message(self, wait: bool) -> str | bytes | None:
        """The next message read on the connection now (``wait``: once one is; one read before a drop is skipped:
        the other side sends it again), None if none yet; LinkEnded if the link ended first."""
        while (received := self.receive(wait)) is not None:
            connection, raw = received
            if connection is self.connection and not self.dropped:
                return raw
        return None

    def receive_move(self, board: RulesBoard, ox: str) -> int | None:
        """The other side's next move (``ox`` to move on ``board``), checked; LinkEnded if it is none; None if it
        made an offer instead, answered here (see :mod:`.offers`)."""
        return self.poll_move(board, ox, wait=True)

    def poll_move(self, board: RulesBoard, ox: str, wait: bool = False) -> int | None:
        """The other side's next move if it was read (``wait``: once it is), checked; None: none read yet (the
        scene asks once a frame), or the other side made an offer instead, answered here; LinkEnded if the link
        ended or what was read is no such move."""
        while True:
            awaited = self.drawing.awaited
            if awaited is not None and not awaited.own and self.game is not None:  # the host's move, its draws due
                return self.drawing.poll(self.game, wait)
            received = self.receive(wait)
            if received is None:
                return None
            connection, raw = received
            try:
                message = messages.read_one(raw, ("move", "offer"))
            except messages.Malformed:
                raise self.end(messages.unasked_or_malformed(raw)) from None
            with self.lock:
                if connection is not self.connection or self.dropped:
                    continue  # read before a drop: the other side sends it again if this side lacks it
            if message["type"] == "offer":
                self.offering.answer(Offer(str(message["kind"]), message["number"], ox))  # type: ignore[arg-type]
                return None
            with self.lock:
                if message["number"] != board.referee.moves_made() + 1:
                    raise self.end("turn")
                if board.why_not(message["move"], ox) is not None:
                    raise self.end("illegal")
            if self.draws is not None and self.game is not None:  # the host's move, played as its draws say
                self.drawing.host_moved(message["number"], message["move"])  # type: ignore[arg-type]
                continue
            return message["move"]  # type: ignore[return-value]

    # -- offers (see .offering) -----------------------------------------------------------------------------

    def offer(self, kind: str) -> bool:
        """Offer ``kind`` and wait for the answer (:meth:`.offering.Offering.offer`): True if accepted."""
        return self.offering.offer(kind)

    def changed(self, game: Game, swapped: bool = False) -> None:
        """An accepted offer changed ``game`` (the moves taken back forgotten), or (``swapped``) the sides."""
        with self.lock:
            self.made, self.code, self.finished = game.board.referee.moves_made(), game.move_string, game.is_over
            self.own = {number: move for number, move in self.own.items() if number <= self.made}
            if swapped:
                self.remote = "X" if self.remote == "O" else "O"

    def send(self, shape: str, /, **fields: object) -> None:
        """A message to the other side (a connection dropped takes nothing); LinkEnded if the link ended."""
        with self.lock:
            if self.ended:
                raise LinkEnded("")
            self._write([(shape, fields)])

    def _write(self, sent: list[tuple[str, dict[str, object]]]) -> None:
        """Messages sent (the lock held); a connection closed meanwhile: the reader says what it was."""
        self.busy = True
        try:
            with contextlib.suppress(ConnectionClosed):
                for kind, fields in sent if self.connection is not None else []:
                    self.connection.send(messages.write(kind, **fields))
        finally:
            self.busy = False

    def receive(self, wait: bool = True) -> tuple[Connection, str | bytes] | None:
        """The next message read (and the connection it came on), None if none was read and not ``wait``;
        LinkEnded if the link ended first."""
        self.busy = wait
        try:
            while True:
                try:
                    kind, connection, value = (
                        self.events.get(timeout=POLL_SECONDS) if wait else self.events.get_nowait()
                    )
                except queue.Empty:
                    if not wait:
                        return None
                    continue
                if kind == "message" and connection is self.connection:
                    return connection, value  # type: ignore[return-value]
                if kind == "ended":
                    if not getattr(value, "said", True):
                        self.say(wording.phrase(wording.link_ended_by_peer, ""))
                    raise value  # type: ignore[misc]
        finally:
            self.busy = False

    def end(self, reason: str) -> LinkEnded:
        """This side ends the link for ``reason`` (one of messages.REASONS): says so, tells the other side."""
        self.say(wording.phrase(wording.link_ended, reason))
        self.close(reason)
        return LinkEnded(reason)

    def close(self, reason: str = OVER) -> None:
        """End the link, telling the other side why: ``over`` (the game ended), ``left``, or what it sent."""
        with self.lock:
            if self.ended:
                return
            self.ended = True
            self._stop.set()
        code = {OVER: CLOSE_NORMAL, LEFT: CLOSE_LEAVING, "too_big": CLOSE_TOO_BIG}.get(reason, CLOSE_POLICY)
        if self.connection is not None:
            self.connection.close(code, reason)

    # -- the link's threads ---------------------------------------------------------------------------------

    def _start_reading(self, connection: Connection) -> None:
        threading.Thread(target=self._read, args=(connection,), name="link-reader", daemon=True).start()

    def _put(self, kind: str, connection: Connection | None, value: object) -> None:
        """Into the queue, waiting while it is full (the game takes from it), unless the link ended."""
        while not (self.ended and kind == "message"):
            try:
                self.events.put((kind, connection, value), timeout=POLL_SECONDS)
                return
            except queue.Full:
                continue

    def _read(self, connection: Connection) -> None:
        """Read ``connection`` until it closes: then end the link, or (dropped) wait for the other side."""
        while True:
            try:
                raw = connection.recv()
            except ConnectionClosed as error:
                closed = error
                break
            self._put("message", connection, raw)
        with self.lock:
            if connection is not self.connection or self.ended:
                return
            self.dropped = messages.dropped(closed) and not self.finished and not self.offering.asking
        if not self.dropped:
            self._finish(self._lost(closed))
            return
        self._await_return()

    def _await_return(self) -> None:
        """The connection dropped: wait for the other side to come back (said), or end the link."""
        seconds = resume_seconds()
        self.say(wording.phrase(wording.link_dropped, seconds))
        self.offering.withdraw()  # the other side's offer, if one waits here: its answer may never reach it
        if not self._come_back(time.monotonic() + seconds) and not self.ended:
            self.say(wording.phrase(wording.link_gone, seconds))
            self._finish(LinkEnded("gone"))

    def _finish(self, error: LinkEnded) -> None:
        """The link ended: the game's thread is told, at once (as by Ctrl-C) if it does not wait for the link, has
        nothing read left to take, and the reason was said."""
        with self.lock:
            self.ended, self.dropped = True, False
            self._stop.set()
        empty = self.events.empty()  # else the game's thread takes what was read first (maybe the last move)
        self._put("ended", None, error)
        if error.said and empty and not self.busy and not self.finished:
            self.on_end()

    def _lost(self, closed: ConnectionClosed) -> LinkEnded:
        """The connection closed: because a message was over the bound or no message at all, or the other side
        ended it (its reason said, unless it was ``over``: then the game's thread says it, if it asks again)."""
        if closed.sent is not None and closed.sent.code in (CLOSE_TOO_BIG, *NOT_TEXT):  # the library refused it
            reason = "too_big" if closed.sent.code == CLOSE_TOO_BIG else "malformed"
            self.say(wording.phrase(wording.link_ended, reason))
            return LinkEnded(reason, said=True)
        reason = closed.rcvd.reason if closed.rcvd is not None else ""
        if reason == OVER or self.finished:
            return LinkEnded(reason, said=False)
        self.say(wording.phrase(wording.link_ended_by_peer, reason if reason in REASONS else ""))
        return LinkEnded(reason, said=True)

    def _come_back(self, deadline: float) -> bool:
        """Wait until ``deadline`` for the other side: the guest rejoins, the host waits for it; True if it came."""
        made = self.made  # as the drop left it: messages read before it are not taken (see receive_move)
        while time.monotonic() < deadline and not self.ended:
            if self.rejoin is None:
                if self._back.wait(POLL_SECONDS):
                    self._back.clear()
                    return True
                continue
            joined = self.rejoin(made)
            if joined is not None and self._swap(joined[0], joined[1]):
                return True
            self._stop.wait(POLL_SECONDS)  # a pause between two tries
        return False

    def resume(self, connection: Connection, peer_made: int, welcome: Callable[[int, str], str]) -> bool:
        """The host's: the guest came back on ``connection`` (``peer_made`` moves made there; -1: a new guest
        process, which starts from the game code) while the seat is empty: welcome it (``welcome(made, code)``),
        send again this side's moves it lacks, and go on; False if the seat is not empty or it does not fit."""
        with self.lock:
            if not self.seat_empty or (peer_made != -1 and not self._fits(peer_made)):
                return False
            try:
                connection.send(welcome(self.made, self.code))
            except ConnectionClosed:
                return False
            if not self._swap(connection, self.made if peer_made == -1 else peer_made):
                return False
            self._back.set()
            return True

    def _swap(self, connection: Connection, peer_made: int) -> bool:
        """Go on over ``connection``, the other side having made ``peer_made`` moves: this side's moves it lacks
        sent again first; False (``connection`` closed) if that cannot be."""
        with self.lock:
            if self.ended or not self._fits(peer_made):
                connection.close(CLOSE_POLICY, "malformed")
                return False
            made, history = max(self.made, self.sent_first), self.game.history if self.game is not None else []
            try:  # the host under chance or swaps sends again its draws too, for the guest's moves as for its own
                draws = self.chance and self.draws is None
                for kind, fields in sent_again(history, self.own, peer_made, made, draws, self.veers):
                    connection.send(messages.write(kind, **fields))
            except ConnectionClosed:
                return False
            self.connection, self.dropped = connection, False
            self.drawing.came_back()
            self.say(wording.phrase(wording.link_back))  # said before anything the other side sends is read
            self._start_reading(connection)
            return True

    def _fits(self, peer_made: int) -> bool:
        """Whether the other side, back with ``peer_made`` moves made, can go on from here: the host one move ahead
        or behind at most (under chance or swaps up to two ahead: the guest's move sent, and the host's reply)."""
        ahead = self.made - peer_made if self.rejoin is None else peer_made - self.made
        return 0 <= ahead <= 2 if self.chance else abs(ahead) <= 1

    @property
    def seat_empty(self) -> bool:
        """The host's: the guest's connection dropped, and it may come back."""
        return self.dropped and not self.ended


def _interrupt(ident: int | None) -> None:
    """Stop what the game's (main) thread does, as Ctrl-C would: a prompt's read, a computer's search."""
    if ident is not None and hasattr(signal, "pthread_kill"):
        signal.pthread_kill(ident, signal.SIGINT)
    else:
        _thread.interrupt_main()
