"""The side played on the other machine, as the scene's controller sees it: a part of
:class:`..controller.Controller` that asks the link once a frame (never waits for it).

The other side's move, once the link has read it (checked by the referee there: ``link.peer``), is played as an
AI's answer is: :meth:`.playing.Playing.play`, its checker falls. Each move made here (a person's, this machine's
AI's or player file's) is told to the link, which sends this side's. Until the guest joined (the host's scene) and
after the link ended, nobody moves: the status line says why, and a click is refused in words. The link's end
(the other side left, was stopped, sent what the game does not take, did not come back) is said on the page (a
banner and the status line) and the game stops, its moves kept (the ``moves:`` line of the log).

Offers (``link.offers``), never waited for: New game, Undo and Swap sides at this side's turn are offered to the
other side (the status line says so until its answer, read once a frame; this side's moves wait meanwhile); an
accepted one changes the game here as the part :class:`..games.Games` does (Undo back to this side's turn, New game
with the same settings), or as Swap sides does at one machine (:meth:`..settings.Settings.on_swap_sides`: this
machine's player plays the other letter, the letter it played is the other machine's now; the board stays), on both
machines; a refusal is said. The other side's offer is asked of the person here (the status line: ``y`` accepts,
Esc refuses; its moves wait meanwhile) or answered at once by a computer side's policy (``offers.computer_accepts``:
no to a swap). What changes the game on one side only (Redo, Load, the rules and size menus, the other side's menu)
is refused in words.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from .... import wording
from ....game import HUMAN, Game, Move
from ....link import offers
from ....link.offers import NEW, SWAP, UNDO, Offer
from ...texts import log_lines
from .. import intents
from ..context import Context
from ..games import Games
from ..playing import Playing

Command = intents.Command
REFUSED = {
    Command.REDO: "redo",
    intents.LoadGame: "load",
    intents.ChangeRules: "rules",
}  # what a game over a link cannot do yet (the word of wording.link_refusal)


class LinkSide(Protocol):
    """What the scene asks of a link (``link.scene.SceneLink``)."""

    remote: str  # the side played on the other machine (an accepted swap changes it: Linked follows)
    reason: str | wording.Phrase  # what the link said last (why it ended, once it has)

    @property
    def code(self) -> str | None: ...  # the invite, while the host waits for the guest

    def joined(self, game: Game) -> bool: ...

    def poll_move(self, game: Game) -> int | None: ...

    def link_ended(self) -> bool: ...

    def tell(self, game: Game, move: Move) -> None: ...

    def said(self) -> list[str | wording.Phrase]: ...

    def saved(self) -> dict[str, str]: ...  # what a restart in place keeps (environment variables)

    def offered(self) -> Offer | None: ...  # the other side's offer, waiting for this side's answer

    def reply(self, accept: bool, change: Callable[[Game, Offer], None]) -> None: ...

    @property
    def asking(self) -> Offer | None: ...  # this side's offer, waiting for the other side's answer

    def ask(self, game: Game, kind: str) -> None: ...

    def poll_answer(self, game: Game, change: Callable[[Game, Offer], None]) -> bool | None: ...

    def send_first(self, game: Game, move: int) -> bool: ...  # the guest under chance: sent, played once drawn

    @property
    def drawing(self) -> bool: ...  # this side's move was sent first: its host's draws are awaited

    def poll_drawn(self, game: Game) -> int | None: ...  # that move, once its draws are read


class Linked:
    """Owns the link (``side``: None, a game on this machine alone) and whether the game stopped with it;
    ``swap_sides``: Swap sides at one machine (``Settings.on_swap_sides``), what an accepted swap does here."""

    def __init__(
        self, ctx: Context, playing: Playing, games: Games, side: LinkSide | None,
        swap_sides: Callable[[Command], None] = lambda intent: None,
    ) -> None:  # fmt: skip
        self.ctx, self.playing, self.games, self.side = ctx, playing, games, side
        self.swap_sides = swap_sides
        self.remote = side.remote if side is not None else None  # the side the page shows as the other machine's
        self.asked: Offer | None = None  # the other side's offer, said here (its question on the status line)
        self.stopped: wording.Phrase | None = None  # the link ended before the game: why, and the moves kept
        self.logged = False  # the stopped game's moves are in the log
        if side is not None:
            ctx.after_move = self._told
            ctx.link_hold = self.why_not
            ctx.sent_first = lambda move: side.send_first(ctx.game, move)
            ctx.view.show_linked(side.remote)
            self.logged = side.link_ended()  # it ended before this program restarted: the moves were logged then

    def refusal(self, intent: intents.Intent) -> wording.Phrase | None:
        """Why ``intent`` does nothing over the link (None: it does what it does without one)."""
        if self.side is None:
            return None
        what = REFUSED.get(intents.kind(intent))
        if isinstance(intent, intents.SetSeat) and intent.ox == self.side.remote:
            what = "remote_seat"
        return None if what is None else wording.phrase(wording.link_refusal, what)

    def why_not(self) -> wording.Phrase | None:
        """Why nobody here may move now (a person's click is refused so): the link ended, the guest has not
        joined, or it is the other machine's turn."""
        side, game = self.side, self.ctx.game
        if side is None:
            return None
        if self.stopped is not None:
            return wording.phrase(wording.link_refusal, "stopped")
        if not side.joined(game):
            return wording.phrase(wording.link_refusal, "not_joined")
        if game.to_move == side.remote:
            return wording.phrase(wording.link_refusal, "remote_turn")
        if side.asking is not None:
            return wording.phrase(wording.link_refusal, "asking")
        if side.drawing:
            return wording.phrase(wording.link_refusal, "drawing")
        return None

    # -- offers ---------------------------------------------------------------------------------------------

    def offered_instead(self, handler: Callable[[Any], None]) -> Callable[[Any], None]:
        """New game's, Undo's or Swap sides' handler: itself without a link, else the offer of it to the other
        side."""
        return handler if self.side is None else self.on_offer

    def refused_first(self, handler: Callable[[Any], None]) -> Callable[[Any], None]:
        """Esc's handler: the other side's offer refused if one waits for an answer here, else ``handler``."""

        def esc(intent: Command) -> None:
            if self.side is not None and self.side.offered() is not None:
                self._reply(False)
            else:
                handler(intent)

        return esc

    def on_offer(self, intent: Command) -> None:
        """New game, Undo or Swap sides over the link: offered to the other side (its answer read once a frame; this
        machine's AI stops thinking meanwhile), or refused in words when no offer may be made now."""
        side, game = self.side, self.ctx.game
        assert side is not None
        kind = {Command.NEW_GAME: NEW, Command.SWAP_SIDES: SWAP}.get(intent, UNDO)
        why = self._why_no_offer(kind)
        if why is not None:
            self.ctx.refuse(wording.phrase(wording.link_refusal, why))
            return
        if self.ctx.jobs.thinking:
            self.ctx.jobs.drop()  # its move would cross the offer: it thinks again after the answer
        side.ask(game, kind)
        self.ctx.log(log_lines.Line.OFFER_SENT(kind))
        self.ctx.view.cue(wording.link_offer_waiting(kind))

    def _why_no_offer(self, kind: str) -> str | None:
        side, game = self.side, self.ctx.game
        assert side is not None
        if self.stopped is not None or side.link_ended():
            return "stopped"
        if game.is_over:
            return "over"
        if not side.joined(game):
            return "not_joined"
        if side.offered() is not None:
            return "answer_first"
        if side.asking is not None:
            return "asking"
        if game.to_move == side.remote:
            return "remote_turn"
        if side.drawing:
            return "drawing"
        if offers.why_not(game, kind, game.to_move) is not None:
            return "nothing_to_undo"
        return None

    def on_accept(self, intent: Command) -> None:
        """The key y: the other side's offer accepted (refused in words if none waits)."""
        if self.side is None or self.side.offered() is None:
            self.ctx.refuse(wording.phrase(wording.link_refusal, "no_offer"))
            return
        self._reply(True)

    def _reply(self, accept: bool) -> None:
        """The other side's offer answered: sent, and if accepted the game changed here; said."""
        assert self.side is not None
        offer = self.side.offered()
        if offer is None:
            return
        self.asked = None
        self.ctx.view.show_answers(False)
        self.side.reply(accept, self._change)
        self.ctx.log(log_lines.Line.OFFER_ANSWERED(offer.kind, _said(accept)))
        self._follow()
        self.ctx.view.cue(wording.answered_here(offer.kind if accept else "no"))

    def _change(self, game: Game, offer: Offer) -> None:
        """An accepted offer (either side's) made here as the scene's own Undo and New game are: the page shows it.
        A swap changes no board: the link's sides change, which :meth:`_follow` follows."""
        if offer.kind == NEW:
            self.games.new_game(None)
        elif offer.kind == UNDO:
            self.games.undo_to(offer.asker)

    def _follow(self) -> None:
        """After an answer: if the link's sides changed places (an accepted swap, either side's), the seats do as
        Swap sides does at one machine (this machine's player now plays the other letter, whose seat is the other
        machine's), and the page shows which side is played there."""
        assert self.side is not None
        if self.side.remote == self.remote:
            return
        self.remote = self.side.remote
        self.ctx.view.show_linked(self.remote)  # before the seats are shown (its menu's choices)
        self.swap_sides(Command.SWAP_SIDES)

    def _offers(self) -> bool:
        """Once a frame: this side's offer's answer, if read; the other side's offer asked here, or answered by a
        computer side. True: an offer is open (the other side's moves are not read meanwhile)."""
        side, game = self.side, self.ctx.game
        assert side is not None
        asked = side.asking
        if asked is not None:
            answer = side.poll_answer(game, self._change)
            self._follow()
            if answer is not None:
                self.ctx.log(log_lines.Line.OFFER_ANSWER(asked.kind, _said(answer)))
                self.ctx.view.cue(wording.offer_accepted(asked.kind) if answer else wording.offer_refused())
            return side.asking is not None
        offer = side.offered()
        if offer is None:
            if self.asked is not None:  # withdrawn: the link dropped meanwhile (said)
                self.asked = None
                self.ctx.view.show_answers(False)
            return False
        if self.asked != offer:
            self.ctx.log(log_lines.Line.OFFER_RECEIVED(offer.kind))
        if game.seats[_other(offer.asker)].kind != HUMAN:
            accept = offers.computer_accepts(offer)  # a computer plays this side: its fixed answer
            self.ctx.view.cue(wording.offer_received(offer.kind))
            self.ctx.view.cue(wording.computer_answers("yes" if accept else "no"))
            self._reply(accept)
            return False
        if self.asked != offer:
            self.asked = offer
            self.ctx.view.cue(wording.offer_received(offer.kind))
            self.ctx.view.show_answers(True)
        return True

    def holds(self) -> bool:
        """Whether this machine's AI waits: the link holds the game (see :meth:`why_not`)."""
        return self.why_not() is not None

    def tick(self, away: bool) -> None:
        """Once a frame: say what the link said; play the other side's move if it came; stop if the link ended."""
        side, game = self.side, self.ctx.game
        if side is None:
            return
        for line in side.said():
            self.ctx.view.cue(wording.said(line))
        if self.stopped is not None or game.is_over:
            return
        if not away and self._offers():
            return
        if side.drawing and not away:  # this side's move, sent first: played once the host's draws are read
            chosen = side.poll_drawn(game)
            if chosen is not None:
                self.playing.play(chosen)
                return
        if side.joined(game) and game.to_move == side.remote:
            if away or self.playing.falling:
                return  # what was read waits (the other side's last move comes before the link's end)
            move = side.poll_move(game)
            if move is not None:
                self.playing.play(move)
                return
        if side.link_ended():
            self._stop()

    def status(self) -> str | None:
        """The status line while the link holds the game (None: the game's own)."""
        side, game = self.side, self.ctx.game
        if side is None or game.is_over:
            return None
        if self.stopped is not None:
            return self.stopped()
        code = side.code
        if code is not None:
            return wording.link_waiting_for_join(code)
        if side.asking is not None:
            return wording.link_offer_waiting(side.asking.kind)
        if side.drawing:
            return wording.link_waiting_for_draws()
        offer = side.offered()
        if offer is not None and offer == self.asked:
            return wording.link_offer_question(offer.kind)
        if game.to_move == side.remote:
            return wording.link_waiting_for_move(side.remote)
        return None

    def show_again(self) -> None:
        """The banner of a game stopped with its link, in the language spoken (it changed: said again)."""
        if self.stopped is not None:
            self.ctx.view.announce(self.stopped())

    def _told(self, move: Move) -> None:
        """A move was made here (``ctx.after_move``): the link is told; it ended before and took this side's move
        back (it never reached the other side): the game stops. A link that ended after this side's move reached
        the other side stops the game in the next frame (:meth:`tick`), once what it read before is played (under
        chance the other side's reply may come before this side's move is played: the guest awaits the draws)."""
        assert self.side is not None
        game = self.ctx.game
        self.side.tell(game, move)
        if game.last_move is not move:
            self.ctx.position_changed()
            self.ctx.view.redraw(game)
            self._stop()

    def _stop(self) -> None:
        """The link ended before the game: the page says so, the log has the moves; nobody moves from now on."""
        assert self.side is not None
        game = self.ctx.game
        self.stopped = wording.phrase(wording.link_stopped_in_scene, self.side.reason, game.move_string)
        self.asked = None
        self.ctx.view.show_answers(False)
        self.show_again()
        if not self.logged:
            self.logged = True
            self.ctx.log(log_lines.Line.MOVES(game.move_string))


def _other(ox: str) -> str:
    return "O" if ox == "X" else "X"


def _said(accepted: bool) -> str:
    """An answer as the log says it."""
    return "accepted" if accepted else "refused"
