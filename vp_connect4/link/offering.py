"""An offer's way over one link (a part of :class:`.peer.Link`): this side's offer sent and its answer waited for;
the other side's offer, read where its move was awaited, checked and answered. What an offer is, when it may be
made and what it does to a game: :mod:`.offers` (the same on both sides)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from .. import wording
from ..game import Game
from . import messages, offers
from .messages import UNASKED
from .offers import Answers, ComputerAnswers, Offer

Change = Callable[[Game, Offer], None]  # what an accepted offer does to the game played (offers.apply)


class Wire(Protocol):
    """What an offer needs of its link (:class:`.peer.Link`)."""

    game: Game | None  # the game played (set before its first move)
    remote: str  # the side the other side plays

    def send(self, shape: str, /, **fields: object) -> None: ...

    def receive(self, wait: bool = True) -> tuple[object, str | bytes] | None: ...

    def end(self, reason: str) -> Exception: ...  # said, the other side told: raised by the caller

    def say(self, text: str | wording.Phrase) -> None: ...

    def changed(self, game: Game, swapped: bool = False) -> None: ...


class Offering:
    """The offers over ``link``: ``answers``, who answers the other side's here (a computer's policy until the
    game's front end says who); ``asking``, this side's offer waits for its answer; ``change``, how an accepted
    offer changes the game (:func:`.offers.apply`, unless the front end changes its game itself).

    The terminal waits (:meth:`offer`, and its answers given at once); the scene never does: it sends its offer
    (:meth:`ask`) and reads the answer once a frame (:meth:`poll_answer`), and answers the other side's offer in a
    later frame (its ``answers`` say None, then :meth:`reply`)."""

    def __init__(self, link: Wire) -> None:
        self.link = link
        self.answers: Answers = ComputerAnswers()
        self.asking = False
        self.asked: Offer | None = None  # this side's offer, sent, its answer not read yet
        self.waiting: Offer | None = None  # the other side's offer, its answer not given yet (see reply)
        self.change: Change = offers.apply

    def offer(self, kind: str) -> bool:
        """Offer ``kind`` (this side to move on the link's game; else ValueError), wait for the answer: True (the
        game changed) or False; LinkEnded if the link ends first or the answer is none."""
        self.ask(kind)
        answer = self.poll_answer(wait=True)
        assert answer is not None
        return answer

    def ask(self, kind: str) -> Offer:
        """Send the offer ``kind`` (this side to move on the link's game; else ValueError) and wait for nothing:
        :meth:`poll_answer` reads its answer (the scene asks once a frame); LinkEnded if the link ended."""
        link, game = self.link, self.link.game
        if self.asked is not None or self.waiting is not None:
            raise ValueError("an offer is open")
        if game is None or game.to_move == link.remote or offers.why_not(game, kind, game.to_move) is not None:
            raise ValueError(f"no {kind} offer may be made now")
        offer = Offer(kind, game.board.referee.moves_made(), game.to_move)
        self.asking = True  # a drop now ends the link: the offer or its answer may be lost, and the boards differ
        try:
            link.send("offer", kind=kind, number=offer.number)
        except BaseException:
            self.asking = False
            raise
        self.asked = offer
        return offer

    def poll_answer(self, wait: bool = False, change: Change | None = None) -> bool | None:
        """The answer to this side's open offer, if it was read (``wait``: once it is): True (the game changed, by
        ``change`` if given) or False; None: not read yet; LinkEnded if the link ends first or the answer is
        none."""
        link, offer, game = self.link, self.asked, self.link.game
        assert offer is not None and game is not None, "no offer is open"
        try:
            received = link.receive(wait)
        except BaseException:
            self.asking, self.asked = False, None
            raise
        if received is None:
            return None
        self.asking, self.asked = False, None
        _, raw = received
        try:
            message = messages.read(raw, "answer")
        except messages.Malformed:
            raise link.end(messages.unasked_or_malformed(raw)) from None
        if (message["kind"], message["number"]) != (offer.kind, offer.number):
            raise link.end(UNASKED)
        if message["accept"]:
            self._apply(game, offer, change)
        return bool(message["accept"])

    def answer(self, offer: Offer) -> None:
        """The other side's ``offer``, checked, answered by :attr:`answers`, and made if accepted; an answer of
        None is given later (:meth:`reply`: the scene's person answers in a later frame)."""
        link, game = self.link, self.link.game
        fits = game is not None and offer.number == game.board.moves_made
        reason = offers.why_not(game, offer.kind, offer.asker) if fits else UNASKED  # type: ignore[arg-type]
        if reason not in (None, offers.BEFORE_START):
            raise link.end(reason)  # type: ignore[arg-type]
        if reason is not None:
            link.say(wording.phrase(wording.undo_before_start))
        self.waiting = offer  # until answered, or withdrawn by a drop meanwhile (a person may think long)
        accept = reason is None and self.answers.answer(offer)
        if accept is not None:
            self._reply(offer, accept, None)

    def reply(self, accept: bool, change: Change | None = None) -> None:
        """The answer to the other side's offer that waits for one (see :meth:`answer`), sent; if accepted the game
        changed (by ``change`` if given); LinkEnded if the link ended."""
        offer = self.waiting
        assert offer is not None, "no offer waits for an answer"
        self._reply(offer, accept, change)

    def withdraw(self) -> None:
        """The link dropped: the other side's offer that waits is withdrawn, said (its answer might never reach
        the other side, or reach one restarted that never asked it: nothing changes on either side)."""
        if self.waiting is not None:
            self.waiting = None
            self.link.say(wording.phrase(wording.offer_withdrawn))

    def _reply(self, offer: Offer, accept: bool, change: Change | None) -> None:
        """The answer to ``offer`` sent, and the game changed if accepted; nothing if a drop withdrew it."""
        if self.waiting is not offer:
            return
        self.waiting = None
        self.link.send("answer", kind=offer.kind, number=offer.number, accept=accept)
        if accept:
            self._apply(self.link.game, offer, change)  # type: ignore[arg-type]
        self.answers.answered(offer, accept)

    def _apply(self, game: Game, offer: Offer, change: Change | None = None) -> None:
        """An accepted ``offer`` made: the game changed (the moves taken back forgotten), or the sides swapped."""
        (change or self.change)(game, offer)
        self.link.changed(game, swapped=offer.kind == offers.SWAP)
