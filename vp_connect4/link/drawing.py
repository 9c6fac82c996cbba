"""The guest's wait for the host's draws (a part of :class:`.peer.Link`, under rules drawn by chance: see
:mod:`.chance`): for the host's move, read after it; for the guest's own move, sent before it is played.

The terminal waits for them (:meth:`Drawing.poll` with ``wait``); the 3D scene never does: it asks once a frame,
and what was read of them so far is kept between two frames (:class:`Awaited`). A link that drops and comes back
forgets what was read before (the host sends it again): the host's move, with its draws, or the draws of the
guest's own move.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

from ..game import Game
from ..rules.cells import Cell
from . import messages
from .chance import HostDraws, read_draws


class Wire(Protocol):
    """What the draws need of their link (:class:`.peer.Link`)."""

    draws: HostDraws | None  # the guest's game's generator (None: the host, or no chance)
    veers: bool  # a drawn message follows each move (chance may send a checker elsewhere)
    sent_first: int  # the number of the guest's own move sent before it was played
    own: dict[int, int]  # this side's moves by number
    remote: str

    def send(self, shape: str, /, **fields: object) -> None: ...

    def next_message(self, wait: bool) -> str | bytes | None: ...  # on the connection now, none read before a drop

    def end(self, reason: str) -> Exception: ...  # said, the other side told: raised by the caller


class NotYet(Exception):
    """A message awaited was not read yet (the scene asks again in a later frame)."""


@dataclass
class Awaited:
    """A move whose host's draws the guest awaits: its ``number``, the column ``chosen``, whether it is the guest's
    ``own`` (sent first) or the host's; the host's messages for it read so far (checked)."""

    number: int
    chosen: int
    own: bool
    read: list[dict[str, object]] = field(default_factory=list)

    def drawn(
        self, game: Game, veers: bool, read_next: Callable[[str], dict[str, object] | None]
    ) -> tuple[int, list[Cell]] | str | None:
        """The draws (:func:`.chance.read_draws`) from what was read so far and ``read_next(kind)`` beyond it; None
        if not all of them were read yet (asked again later, from the start)."""
        index = 0

        def read(kind: str) -> dict[str, object]:
            nonlocal index
            if index == len(self.read):
                message = read_next(kind)
                if message is None:
                    raise NotYet(kind)
                self.read.append(message)
            index += 1
            return self.read[index - 1]

        try:
            return read_draws(game, self.chosen, veers, read)
        except NotYet:
            return None


class Drawing:
    """The draws ``link`` awaits (``awaited``: None, none)."""

    def __init__(self, link: Wire) -> None:
        self.link = link
        self.awaited: Awaited | None = None

    def send_first(self, game: Game, move: int) -> bool:
        """The guest under chance: this side's ``move`` (chosen on ``game``, not played) sent before it is played;
        True if so, its draws then awaited (:meth:`poll`); False: played at once (not the guest, or no chance)."""
        link = self.link
        number = game.board.referee.moves_made() + 1
        if link.draws is None or game.to_move == link.remote or self.awaited is not None or link.sent_first == number:
            return False  # (sent already: its draws were read, it is played now)
        link.send("move", number=number, move=move)
        link.sent_first, link.own[number] = number, move
        self.awaited = Awaited(number, move, own=True)
        return True

    def host_moved(self, number: int, move: int) -> None:
        """The host's move ``number`` (``move``, as chosen) read: its draws awaited before it is played."""
        self.awaited = Awaited(number, move, own=False)

    def poll(self, game: Game, wait: bool = False) -> int | None:
        """The column chosen for the move that awaits its draws, once they are read (``wait``: waiting for them)
        and tried: the game's generator then plays them; None: not read yet, or no move awaits them; LinkEnded if
        they are none."""
        link, awaited = self.link, self.awaited
        if awaited is None or link.draws is None:
            return None
        drawn = awaited.drawn(game, link.veers, lambda kind: self._read(awaited.number, kind, wait))
        if drawn is None:
            return None
        self.awaited = None
        if isinstance(drawn, str):
            raise link.end(drawn)
        link.draws.chosen, (link.draws.landed, link.draws.cells) = awaited.chosen, drawn
        return awaited.chosen

    def _read(self, number: int, kind: str, wait: bool) -> dict[str, object] | None:
        """The host's ``kind`` message (``drawn``, ``swapped``) for move ``number``, its next if read (``wait``:
        once it is); LinkEnded if it is none."""
        raw = self.link.next_message(wait)
        if raw is None:
            return None
        message = messages.read_or_none(raw, kind)
        if message is None or message["number"] != number:
            raise self.link.end("turn" if message is not None else "malformed")
        return message

    def came_back(self) -> None:
        """The link came back after a drop: the host sends again what this side lacks, so what was read is
        forgotten (the host's move too: it comes again, with its draws)."""
        awaited = self.awaited
        if awaited is not None:
            awaited.read.clear()
            if not awaited.own:
                self.awaited = None

    @property
    def waiting_own(self) -> bool:
        """Whether this side's own move waits for the host's draws (sent, not played yet)."""
        return self.awaited is not None and self.awaited.own
