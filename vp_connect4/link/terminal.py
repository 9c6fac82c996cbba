"""The terminal game over a link: the other side as a player (:class:`RemotePlayer`), and offers (:mod:`.offers`).

At a person's prompt ``u`` offers the other side to take back this side's last move (and the reply to it), ``n``
offers a new game; ``r`` is not played over a link. The other side's offers are answered by the person here (``y``
or ``n``, asked again on anything else) or, where a computer (ours or a player file) plays this side, by its fixed
policy, :func:`.offers.computer_accepts`, said in words. The terminal has no swap of seats: a swap offered is
refused, said so. Both boards change only on an accept, and are shown again then on both sides."""

from __future__ import annotations

from .. import wording
from ..board import RulesBoard
from ..game import Game
from ..terminal_input import ask_line
from ..text_ui import REDO_ANSWER, UNDO_ANSWER, GameStopped, InputFn, OutputFn
from .offers import NEW, SWAP, UNDO, Offer, computer_accepts, has_own_move
from .peer import Link

NEW_ANSWER = "n"  # typed at a person's prompt over a link: offer the other side a new game
YES, NO = ("y", "yes", "j", "ja"), ("n", "no", "nee")  # an answer to an offer, in English or Dutch


def linked_terminal(link: Link, person: bool) -> tuple[RemotePlayer, LinkCommands]:
    """The terminal game's side of ``link``: the other side as a player, and the commands and answers to offers
    here (``person``: a person plays this side, else a computer: ours or a player file)."""
    return RemotePlayer(link, link.remote), LinkCommands(link, person)


class RemotePlayer:
    """The side played over the link, as the terminal game sees a player from outside: ``ox``, ``label``,
    ``next_move(board)`` (:meth:`.peer.Link.receive_move`: waits for the other side's move; raises LinkEnded;
    None: the other side's offer was answered, and the game changed or not)."""

    def __init__(self, link: Link, ox: str) -> None:
        self.link, self.ox, self.label = link, ox, wording.link_label()

    def next_move(self, board: RulesBoard) -> int | None:
        return self.link.receive_move(board, self.ox)


class LinkCommands:
    """The commands of the terminal game over ``link`` (``text_ui.Commands``), and the answers to the other side's
    offers (``offers.Answers``); ``person``: a person plays this side (else a computer)."""

    def __init__(self, link: Link, person: bool, input_fn: InputFn | None = None, out: OutputFn = print) -> None:
        self.link, self.person, self.input_fn, self.out = link, person, input_fn, out
        self.game: Game | None = None

    def begin(self, game: Game) -> list[str]:
        """The game begins: the link changes it on an accepted offer; the introduction's line on offers."""
        self.game = self.link.game = game
        self.link.offering.answers = self
        return [wording.offers_tip()] if self.person else []

    def typed(self, game: Game, command: str) -> bool | None:
        """``u`` or ``n``: the offer made, True if accepted (both boards changed), False if refused or not made;
        ``r``: refused in words (False); anything else: None (not one of these)."""
        kind = {UNDO_ANSWER: UNDO, NEW_ANSWER: NEW}.get(command)
        if command == REDO_ANSWER:
            self.out(wording.no_redo_linked())
            return False
        if kind is None:
            return None
        if kind == UNDO and not has_own_move(game, game.to_move):
            self.out(wording.nothing_to_undo_here())
            return False
        self.out(wording.offer_sent(kind))
        accepted = self.link.offer(kind)
        self.out(wording.offer_accepted(kind) if accepted else wording.offer_refused())
        if accepted:
            self._show(game)
        return accepted

    def before(self, game: Game, move: int) -> None:
        """A move chosen, not yet played: the link's (a guest under chance sends it first, for the host's draws)."""
        self.link.before_move(game, move)

    def answer(self, offer: Offer) -> bool:
        """This side's answer to the other side's ``offer``: the person's (y/n), or the computer's policy."""
        self.out()
        self.out(wording.offer_received(offer.kind))
        if offer.kind == SWAP:
            self.out(wording.no_swap_here())
            return False
        if not self.person:
            accept = computer_accepts(offer)
            self.out(wording.computer_answers("yes" if accept else "no"))
            return accept
        while True:
            try:
                answer = (self.input_fn or ask_line)(wording.accept_prompt()).strip().lower()
            except (EOFError, KeyboardInterrupt, RuntimeError):  # as at a move's prompt: the person left
                raise GameStopped from None
            except UnicodeDecodeError:
                answer = ""
            if answer in YES or answer in NO:
                return answer in YES
            self.out(wording.yes_or_no())

    def answered(self, offer: Offer, accepted: bool) -> None:
        """The answer sent (and the game changed, if accepted): said, and the board shown again."""
        if self.person or offer.kind == SWAP:
            self.out(wording.answered_here(offer.kind if accepted else "no"))
        if accepted and self.game is not None:
            self._show(self.game)

    def _show(self, game: Game) -> None:
        self.out()
        self.out(game.board)
        self.out()
