"""One side's end of a link while a game is played: the other side as a player of the terminal game (its moves
read, checked and played), and this side's moves told to it.

Everything read is asked for and checked before it counts: a move, when it is the other side's turn, of the
move's number that comes next, legal by the board's referee. Anything else ends the link: this side says why
(:func:`wording.link_ended`), closes with that reason, and the game stops with its moves kept.

A thread of the link reads the connection (each message into a short queue the game's thread takes from), so
the link's end is seen at once, also while a person thinks at the prompt: then the game's thread is interrupted
as by Ctrl-C (it says the moves so far). A connection *dropped* (closed without a reason: a process killed, a
network gone) is not the end: for :func:`.options.resume_seconds` the guest tries to rejoin with the same token
and the host keeps the seat for it (:meth:`Link.resume`); then each side sends again its own moves the other
lacks, and the game goes on. After that wait the game ends, its moves kept.
"""

from __future__ import annotations

import _thread
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
from ..text_ui import GameStopped
from . import messages
from .chance import HostDraws, chosen_of, fits, play_as_drawn
from .messages import CLOSE_LEAVING, CLOSE_NORMAL, CLOSE_POLICY, CLOSE_TOO_BIG, LEFT, OVER, REASONS
from .options import resume_seconds

POLL_SECONDS = 0.5  # how often a wait for the other side looks up (Ctrl-C is seen between two looks)
QUEUED = 8  # messages read and not yet taken by the game: more wait in the connection (its reader waits)
CLOSE_SECONDS = 2.0  # how long a closing waits for the other side's answer
KEEPALIVE_FAILED = 1011  # the close code the library sends when pings go unanswered: the link dropped
NOT_TEXT = (1002, 1003, 1007)  # close codes the library sends for frames that are no message of ours
Say = Callable[["str | wording.Phrase"], None]  # a sentence of the link (a Phrase: said as shown)
Rejoin = Callable[[int], "tuple[Connection, int] | None"]  # the guest's: a connection again, and the host's made


class LinkEnded(GameStopped):
    """The link ended before the game did: ``said``, its reason was said already."""

    def __init__(self, reason: str, said: bool = True) -> None:
        super().__init__(reason)
        self.said = said


class RemotePlayer:
    """The side played over the link, as the terminal game sees a player from outside: ``ox``, ``label``,
    ``next_move(board)`` (which waits for the other side's move, and raises :class:`LinkEnded`)."""

    def __init__(self, link: Link, ox: str) -> None:
        self.link, self.ox, self.label = link, ox, wording.link_label()

    def next_move(self, board: RulesBoard) -> int:
        return self.link.receive_move(board, self.ox)


def say_now(text: str | wording.Phrase) -> None:
    """A line of the link, written at once (said from the link's thread too, under a person's prompt)."""
    print(text, flush=True)


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
        self.chance = False  # the rules leave something to chance: the host draws (a drop then ends the game)
        self.draws: HostDraws | None = None  # the guest's, under chance: its game plays as the host drew
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

    def player(self) -> RemotePlayer:
        return RemotePlayer(self, self.remote)

    # -- the game's thread ----------------------------------------------------------------------------------

    def tell(self, game: Game, move: Move) -> None:
        """Told each move made (a move of this side is sent; the other side's came from it). A connection that
        dropped takes nothing: the move is sent again when the other side is back."""
        if self.draws is not None:
            self.draws.chosen = self.draws.landed = None  # the host's draw for this move, used
        with self.lock:
            if self.ended:  # the other side is gone: a move of this side's never reached it, and is taken back
                if move.ox != self.remote:
                    game.undo()
                if move.ox != self.remote or not game.is_over:
                    raise LinkEnded("")
                return
            self.made, self.code, self.finished = move.number, game.move_string, game.is_over
            sent = [] if move.ox == self.remote else [("move", {"number": move.number, "move": chosen_of(move)})]
            if self.chance and self.draws is None:  # the host says where its draw sent the checker
                sent.append(("drawn", {"number": move.number, "landed": move.move}))
            if move.ox != self.remote:
                self.own[move.number] = chosen_of(move)
            self.busy = True
            try:
                for kind, fields in sent if self.connection is not None else []:
                    self.connection.send(messages.write(kind, **fields))
            except ConnectionClosed:
                pass  # the reader says what it was: an end (said, and the game stops) or a drop (sent again)
            finally:
                self.busy = False
            if self.ended and not self.finished:
                raise LinkEnded("")
        if self.draws is not None and move.ox != self.remote:
            self._as_drawn(game, move)

    def _as_drawn(self, game: Game, move: Move) -> None:
        """The guest's own ``move``, played as chosen, moved where the host's draw sent it (said in words)."""
        landed, chosen = self._draw(move.number), chosen_of(move)
        game.undo()
        if not fits(game.board, move.ox, chosen, landed):
            raise self._end("illegal")
        _, told = play_as_drawn(game, self.draws, chosen, landed)  # type: ignore[arg-type]
        if told:
            self.say(told)
        with self.lock:
            self.code, self.finished = game.move_string, game.is_over

    def _draw(self, number: int) -> int:
        """Where the host's draw sent move ``number``'s checker (its next message), or LinkEnded."""
        _, raw = self._receive()  # type: ignore[misc]
        try:
            message = messages.read(raw, "drawn")
        except messages.Malformed:
            raise self._end("malformed") from None
        if message["number"] != number:
            raise self._end("turn")
        return message["landed"]  # type: ignore[return-value]

    def receive_move(self, board: RulesBoard, ox: str) -> int:
        """The other side's next move (``ox`` to move on ``board``), checked; LinkEnded if it is none."""
        return self.poll_move(board, ox, wait=True)  # type: ignore[return-value]

    def poll_move(self, board: RulesBoard, ox: str, wait: bool = False) -> int | None:
        """The other side's next move if it was read (``wait``: once it is), checked; None: none read yet (the
        scene asks once a frame); LinkEnded if the link ended or what was read is no such move."""
        while True:
            received = self._receive(wait)
            if received is None:
                return None
            connection, raw = received
            try:
                message = messages.read(raw, "move")
            except messages.Malformed:
                raise self._end("malformed") from None
            with self.lock:
                if connection is not self.connection or self.dropped:
                    continue  # read before a drop: the other side sends it again if this side lacks it
                if message["number"] != board.referee.moves_made() + 1:
                    raise self._end("turn")
                if board.why_not(message["move"], ox) is not None:
                    raise self._end("illegal")
            if self.draws is not None:  # the host's move, played where its draw sent it
                landed = self._draw(message["number"])  # type: ignore[arg-type]
                if not fits(board, ox, message["move"], landed):  # type: ignore[arg-type]
                    raise self._end("illegal")
                self.draws.chosen, self.draws.landed = message["move"], landed  # type: ignore[assignment]
            return message["move"]  # type: ignore[return-value]

    def _receive(self, wait: bool = True) -> tuple[Connection, str | bytes] | None:
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

    def _end(self, reason: str) -> LinkEnded:
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
            self.dropped = _dropped(closed) and not self.finished and not self.chance  # chance: no resume yet
        if not self.dropped:
            self._finish(self._lost(closed))
            return
        self._await_return()

    def _await_return(self) -> None:
        """The connection dropped: wait for the other side to come back (said), or end the link."""
        seconds = resume_seconds()
        self.say(wording.phrase(wording.link_dropped, seconds))
        if self._come_back(time.monotonic() + seconds):
            self.say(wording.phrase(wording.link_back))
        elif not self.ended:
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
            if not self.seat_empty or (peer_made != -1 and abs(peer_made - self.made) > 1):
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
            if self.ended or abs(peer_made - self.made) > 1:
                connection.close(CLOSE_POLICY, "malformed")
                return False
            try:
                for number in range(peer_made + 1, self.made + 1):
                    if number in self.own:
                        connection.send(messages.write("move", number=number, move=self.own[number]))
            except ConnectionClosed:
                return False
            self.connection, self.dropped = connection, False
            self._start_reading(connection)
            return True

    @property
    def seat_empty(self) -> bool:
        """The host's: the guest's connection dropped, and it may come back."""
        return self.dropped and not self.ended


def _dropped(closed: ConnectionClosed) -> bool:
    """Whether a connection closed without either side saying why: a process gone, unanswered pings."""
    return closed.rcvd is None and (closed.sent is None or closed.sent.code == KEEPALIVE_FAILED)


def _interrupt(ident: int | None) -> None:
    """Stop what the game's (main) thread does, as Ctrl-C would: a prompt's read, a computer's search."""
    if ident is not None and hasattr(signal, "pthread_kill"):
        signal.pthread_kill(ident, signal.SIGINT)
    else:
        _thread.interrupt_main()
