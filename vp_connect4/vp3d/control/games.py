"""The game's course: its result announced and counted (``Results``); New game, Load, Undo, Redo, Pause, Reset view
and the rules and size menus (``Games``).

Parts of :class:`.controller.Controller`. A game's end is announced once its last checker has landed (``result:``
and ``moves:`` in the log, the score across games counted); an unfinished game's ``moves:`` are logged when it is
left (New game, Load, the rules menu, the scene's end). The rules menu (``ChangeRules``) logs ``setting: variant
<text>`` and ``new game``, as New game does; the size menu (``ChangeRules`` too) likewise ``setting: size <W>x<H>``,
and then the page loads again (a rack of another size is a new scene: the game comes back at once, as after a
reload, ``resumed: 0 checkers down``). Also logged: ``loaded: <code>``, ``undo: <k> move(s)``, ``redo: ...``,
``paused``, ``resumed``.
"""

from __future__ import annotations

from ... import wording
from ...errors import Connect4Error
from ...levels import check_size
from ...link.offers import take_back_to
from ...rules import Variant
from ..texts import log_lines
from ..texts.status import result_text
from ..texts.tally import Tally
from . import intents
from .context import Context, SceneState
from .playing import Playing


class Results:
    """Owns whether the game's result is announced (and already logged, before a reload) and the score across
    games."""

    def __init__(self, ctx: Context, state: SceneState) -> None:
        self.ctx = ctx
        self.announced = False
        self.result_logged = state.result_logged  # the next result shown is not logged again
        self.tally = Tally(state.tally)
        ctx.when_position_changes(self._forget)

    def announce(self) -> None:
        """The game is over and its last checker has landed: the four glows, the banner, the log, the score."""
        ctx, outcome = self.ctx, self.ctx.game.outcome
        if self.announced or outcome is None:
            return
        self.announced = True
        ctx.view.highlight_win(outcome.spots)
        ctx.view.announce(result_text(ctx.game))
        if self.result_logged:  # logged and counted before the reload
            self.result_logged = False
            return
        self.tally.add(outcome.winner)
        ctx.view.show_tally(self.tally.text())
        ctx.log(log_lines.Line.RESULT(outcome))
        ctx.log(log_lines.Line.MOVES(ctx.game.move_string))

    def unfinished(self) -> str | None:
        """The game code of a game left before its result was announced (None: no move, or announced)."""
        game = self.ctx.game
        return game.move_string if game.history and not self.announced else None

    def log_unfinished(self) -> None:
        """The game is left: log its moves, unless its result (with them) is logged."""
        code = self.unfinished()
        if code is not None:
            self.ctx.log(log_lines.Line.MOVES(code))

    def take_back(self) -> None:
        """Undo: the result taken back no longer counts."""
        outcome = self.ctx.game.outcome
        if self.announced and outcome is not None:
            self.tally.take_back(outcome.winner)
            self.ctx.view.show_tally(self.tally.text())

    def show_again(self, glow: bool = False) -> None:
        """The result's banner again (the language changed; ``glow``: the four too, back from Analyse game)."""
        outcome = self.ctx.game.outcome
        if self.announced and outcome is not None:
            if glow:
                self.ctx.view.highlight_win(outcome.spots)
            self.ctx.view.announce(result_text(self.ctx.game))

    def _forget(self) -> None:
        self.announced = False
        self.result_logged = False
        self.ctx.view.announce(None)


class Games:
    """New game, Load, Undo, Redo, Pause, Reset view and the rules and size menus; owns nothing of its own."""

    def __init__(self, ctx: Context, playing: Playing, results: Results) -> None:
        self.ctx, self.playing, self.results = ctx, playing, results

    def on_new_game(self, intent: intents.Command) -> None:
        self.new_game(None)

    def new_game(self, variant: Variant | None, size: tuple[int, int] | None = None) -> None:
        """Back to the start position, or (``variant``, ``size``) a new game under those rules, on that board: a
        board of another size is a new scene, in the page loaded again (the program resumes the new game)."""
        ctx = self.ctx
        self.results.log_unfinished()
        ctx.jobs.drop()
        ctx.game.new_game(variant, size)
        if variant is not None:
            ctx.log(log_lines.setting("variant", variant))
            self.playing.log_rows()
            self.playing.hover = None  # a column may be a row now
        if size is not None:
            ctx.log(log_lines.size_setting(*size))
        self._restarted()
        ctx.log(log_lines.Line.NEW_GAME())
        if size is not None:
            ctx.reloading = True
            ctx.view.reload_page()
            return
        ctx.view.redraw(ctx.game)
        ctx.show_settings()

    def on_load_game(self, intent: intents.LoadGame) -> None:
        """The game becomes that of the code (checked first: a bad code is refused, the game stays)."""
        ctx = self.ctx
        if not intent.code.strip():
            ctx.refuse(wording.phrase(wording.refusal_in_scene, "no_code"))
            return
        replaced = self.results.unfinished()
        try:
            ctx.game.load(intent.code)
        except Connect4Error as error:
            ctx.refuse(error)
            return
        if replaced is not None:
            ctx.log(log_lines.Line.MOVES(replaced))
        ctx.jobs.drop()
        self._restarted()
        ctx.log(log_lines.Line.LOADED(ctx.game.move_string))
        ctx.view.redraw(ctx.game)
        ctx.show_settings()
        ctx.view.clear_load_field()

    def _restarted(self) -> None:
        """A game from a new position: nothing waits, nothing is paused."""
        self.ctx.position_changed()
        self.ctx.paused = False
        self.ctx.error = None

    def on_undo(self, intent: intents.Command) -> None:
        ctx, game = self.ctx, self.ctx.game
        if not game.history:
            ctx.refuse(wording.phrase(wording.refusal_in_scene, "nothing_to_undo"))
            return
        ctx.jobs.drop()
        self.results.take_back()
        if any(not seat.is_ai for seat in game.seats.values()):
            undone = len(game.undo_turn())
        else:  # an AI duel: one move back, and stop there so people can look
            game.undo()
            undone = 1
            ctx.paused = True
            ctx.show_settings()
        ctx.position_changed()
        ctx.log(log_lines.undo(undone))
        ctx.view.redraw(game)

    def undo_to(self, ox: str) -> None:
        """An undo over a link, accepted: moves taken back until ``ox``'s last is (``ox`` to move again there)."""
        ctx, game = self.ctx, self.ctx.game
        ctx.jobs.drop()
        self.results.take_back()
        undone = take_back_to(game, ox)
        ctx.position_changed()
        ctx.log(log_lines.undo(undone))
        ctx.view.redraw(game)

    def on_redo(self, intent: intents.Command) -> None:
        """Play again what the last Undo took back (your move and the AI's reply, as they were played); the game
        goes on from there as after any move (an AI to move thinks; a game over is announced again)."""
        ctx = self.ctx
        if not ctx.game.can_redo:
            ctx.refuse(wording.phrase(wording.refusal_in_scene, "nothing_to_redo"))
            return
        ctx.jobs.drop()
        redone = len(ctx.game.redo())
        ctx.position_changed()
        ctx.log(log_lines.undo(redone, redo=True))
        ctx.view.redraw(ctx.game)

    def on_toggle_pause(self, intent: intents.Command) -> None:
        ctx = self.ctx
        ctx.paused = not ctx.paused
        ctx.error = None
        if ctx.paused and ctx.jobs.thinking:
            ctx.jobs.drop()  # resumed, the AI thinks again with the settings of that moment
        ctx.log(log_lines.paused(ctx.paused))
        ctx.show_settings()

    def on_reset_view(self, intent: intents.Command) -> None:
        self.ctx.view.reset_view()

    def on_change_rules(self, intent: intents.ChangeRules) -> None:
        """A new game under the rules chosen, or on a board of the size chosen (in a page loaded again); the same
        rules or size again change nothing."""
        board = self.ctx.game.board
        try:
            variant = None if intent.variant is None else Variant.parse(intent.variant)
            size = None if intent.size is None else check_size(intent.size)
        except Connect4Error as error:
            self.ctx.refuse(error)
            self.ctx.show_settings()  # the menus show the rules and the size played again
            return
        variant = None if variant == board.variant else variant
        size = None if size == (board.width, board.height) else size
        if variant is not None or size is not None:
            self.new_game(variant, size)
