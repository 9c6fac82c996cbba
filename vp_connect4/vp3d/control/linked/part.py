"""The side played on the other machine, as the scene's controller sees it: a part of
:class:`..controller.Controller` that asks the link once a frame (never waits for it).

The other side's move, once the link has read it (checked by the referee there: ``link.peer``), is played as an
AI's answer is: :meth:`.playing.Playing.play`, its checker falls. Each move made here (a person's, this machine's
AI's or player file's) is told to the link, which sends this side's. Until the guest joined (the host's scene) and
after the link ended, nobody moves: the status line says why, and a click is refused in words. The link's end
(the other side left, was stopped, sent what the game does not take, did not come back) is said on the page (a
banner and the status line) and the game stops, its moves kept (the ``moves:`` line of the log). What changes the
game on one side only (New game, Undo, Redo, Swap sides, Load, the rules and size menus, the other side's menu)
is refused in words: the link has no message for it yet.
"""

from __future__ import annotations

from typing import Protocol

from .... import wording
from ....game import Game, Move
from ...texts import log_lines
from .. import intents
from ..context import Context
from ..playing import Playing

Command = intents.Command
REFUSED = {
    Command.NEW_GAME: "new_game",
    Command.UNDO: "undo",
    Command.REDO: "redo",
    Command.SWAP_SIDES: "swap",
    intents.LoadGame: "load",
    intents.ChangeRules: "rules",
}  # what a game over a link cannot do yet (the word of wording.link_refusal)


class LinkSide(Protocol):
    """What the scene asks of a link (``link.scene.SceneLink``)."""

    remote: str  # the side played on the other machine
    reason: str | wording.Phrase  # what the link said last (why it ended, once it has)

    @property
    def code(self) -> str | None: ...  # the invite, while the host waits for the guest

    def joined(self, game: Game) -> bool: ...

    def poll_move(self, game: Game) -> int | None: ...

    def link_ended(self) -> bool: ...

    def tell(self, game: Game, move: Move) -> None: ...

    def said(self) -> list[str | wording.Phrase]: ...

    def saved(self) -> dict[str, str]: ...  # what a restart in place keeps (environment variables)


class Linked:
    """Owns the link (``side``: None, a game on this machine alone) and whether the game stopped with it."""

    def __init__(self, ctx: Context, playing: Playing, side: LinkSide | None) -> None:
        self.ctx, self.playing, self.side = ctx, playing, side
        self.stopped: wording.Phrase | None = None  # the link ended before the game: why, and the moves kept
        self.logged = False  # the stopped game's moves are in the log
        if side is not None:
            ctx.after_move = self._told
            ctx.link_hold = self.why_not
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
        return None

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
        if game.to_move == side.remote:
            return wording.link_waiting_for_move(side.remote)
        return None

    def show_again(self) -> None:
        """The banner of a game stopped with its link, in the language spoken (it changed: said again)."""
        if self.stopped is not None:
            self.ctx.view.announce(self.stopped())

    def _told(self, move: Move) -> None:
        """A move was made here (``ctx.after_move``): the link is told; it ended meanwhile: the game stops."""
        assert self.side is not None
        game = self.ctx.game
        self.side.tell(game, move)
        if self.side.link_ended() and not game.is_over:
            if game.last_move is not move:  # this side's move never reached the other: the link took it back
                self.ctx.position_changed()
                self.ctx.view.redraw(game)
            self._stop()

    def _stop(self) -> None:
        """The link ended before the game: the page says so, the log has the moves; nobody moves from now on."""
        assert self.side is not None
        game = self.ctx.game
        self.stopped = wording.phrase(wording.link_stopped_in_scene, self.side.reason, game.move_string)
        self.show_again()
        if not self.logged:
            self.logged = True
            self.ctx.log(log_lines.Line.MOVES(game.move_string))
