"""The controller's game intents: a column played (a click, a key, the selection and its drop), the hover, New game,
Load, Undo, Redo, Pause and Reset view; and why a person cannot play now (``_why_not``: a refusal's words).

A mixin of :class:`.controller.Controller`, kept apart so each module stays small. Input that cannot be played is
refused with a cue and an ``ignored: ...`` log line, never kept for later; the log lines are the controller's
(``new game``, ``loaded: ...``, ``undo: ...``, ``redo: ...``, ``paused``, ``resumed``: see :mod:`.controller`).
"""

from __future__ import annotations

from collections.abc import Callable

from ... import wording
from ...errors import Connect4Error, Refusal
from ...rules import Variant
from ..texts.tally import Tally
from . import intents
from .handlers import ControllerParts


class GameIntents(ControllerParts):
    """Game handlers; the controller provides the state, ``_play``, ``_position_changed``, ``_log_rows`` and
    ``_refuse``."""

    thinking: bool
    paused: bool
    tally: Tally
    _hover: int | None
    _landing: bool
    _announced: bool
    _error: wording.Phrase | None
    _play: Callable[[int], None]
    _position_changed: Callable[[], None]
    _log_rows: Callable[[], None]
    reloading: bool

    def _why_not(self, col: int | None, flip: bool = False) -> wording.Phrase | None:
        """Why a person cannot play ``col`` now, in words to say (None if they can).

        ``col`` names a column (or a row, when gravity pulls sideways); ``flip``: it is the flip's move number.
        """
        game = self.game
        say = wording.phrase
        line = game.board.move_line()
        if game.is_over:
            return say(wording.refusal_in_scene, Refusal.GAME_OVER)
        if self._landing or self.view.is_busy():
            return say(wording.refusal_in_scene, "falling")
        if self.thinking:
            return say(wording.thinking_refusal, game.to_move)
        if game.seat_to_move().is_ai:
            return say(wording.ai_turn_refusal, game.to_move)
        if col is None:
            if flip:
                return None
            return (
                say(wording.variant_refusal, "beside_rows")
                if line == "row"
                else say(wording.refusal_in_scene, "beside")
            )
        if not flip and col >= game.board.slot_count():  # a key or click names a slot, never the flip
            return say(wording.refusal_in_scene, Refusal.OFF_BOARD, col, line)
        reason = game.why_not(col)
        return None if reason is None else say(wording.refusal_in_scene, reason, col, line)

    def _on_play(self, intent: intents.PlayColumn) -> None:
        reason = self._why_not(intent.col)
        if reason:
            self._refuse(reason)
        else:
            self._play(intent.col)  # type: ignore[arg-type]

    def _on_hover(self, intent: intents.Hover) -> None:
        self._hover = intent.col

    def _on_move_selection(self, intent: intents.MoveSelection) -> None:
        board = self.game.board
        if intent.vertical and board.move_line() != "row":
            return  # ↑ ↓ choose rows; columns are chosen with ← →
        slots = board.slot_count()
        self._hover = slots // 2 if self._hover is None else min(max(self._hover + intent.step, 0), slots - 1)

    def _on_drop_selection(self, intent: intents.Command) -> None:
        reason = self._why_not(self._hover)
        if self._hover is None and reason == wording.phrase(wording.refusal_in_scene, "beside"):
            reason = wording.phrase(wording.refusal_in_scene, "no_selection")
        if self._hover is None and reason == wording.phrase(wording.variant_refusal, "beside_rows"):
            reason = wording.phrase(wording.variant_refusal, "no_row")
        if reason:
            self._refuse(reason)
        else:
            self._play(self._hover)  # type: ignore[arg-type]

    def _on_new_game(self, intent: intents.Command) -> None:
        self._new_game(None)

    def _new_game(self, variant: Variant | None, size: tuple[int, int] | None = None) -> None:
        """Back to the start position, or (``variant``, ``size``) a new game under those rules, on that board: a
        board of another size is a new scene, in the page loaded again (the program resumes the new game)."""
        if self.game.history and not self._announced:
            self.log(f"moves: {self.game.move_string}")
        self.jobs.drop()
        self.game.new_game(variant, size)
        if variant is not None:
            self.log(f"setting: variant {variant}")
            self._log_rows()
            self._hover = None  # a column may be a row now
        if size is not None:
            self.log(f"setting: size {size[0]}x{size[1]}")
        self._position_changed()
        self.paused = False
        self._error = None
        self.log("new game")
        if size is not None:
            self.reloading = True
            self.view.reload_page()
            return
        self.view.redraw(self.game)
        self.view.show_settings(self.game, self.paused)

    def _on_load_game(self, intent: intents.LoadGame) -> None:
        """The game becomes that of the code (checked first: a bad code is refused, the game stays)."""
        if not intent.code.strip():
            self._refuse(wording.phrase(wording.refusal_in_scene, "no_code"))
            return
        replaced = self.game.move_string if self.game.history and not self._announced else None
        try:
            self.game.load(intent.code)
        except Connect4Error as error:
            self._refuse(error)
            return
        if replaced is not None:
            self.log(f"moves: {replaced}")
        self.jobs.drop()
        self._position_changed()
        self.paused = False
        self._error = None
        self.log(f"loaded: {self.game.move_string}")
        self.view.redraw(self.game)
        self.view.show_settings(self.game, self.paused)
        self.view.clear_load_field()

    def _on_undo(self, intent: intents.Command) -> None:
        if not self.game.history:
            self._refuse(wording.phrase(wording.refusal_in_scene, "nothing_to_undo"))
            return
        self.jobs.drop()
        if self._announced and self.game.outcome is not None:  # the result taken back no longer counts
            self.tally.take_back(self.game.outcome.winner)
            self.view.show_tally(self.tally.text())
        if any(not seat.is_ai for seat in self.game.seats.values()):
            undone = len(self.game.undo_turn())
        else:  # an AI duel: one move back, and stop there so people can look
            self.game.undo()
            undone = 1
            self.paused = True
            self.view.show_settings(self.game, self.paused)
        self._position_changed()
        self.log(f"undo: {undone} move{'s' if undone != 1 else ''}")
        self.view.redraw(self.game)

    def _on_redo(self, intent: intents.Command) -> None:
        """Play again what the last Undo took back (your move and the AI's reply, as they were played); the game
        goes on from there as after any move (an AI to move thinks; a game over is announced again)."""
        if not self.game.can_redo:
            self._refuse(wording.phrase(wording.refusal_in_scene, "nothing_to_redo"))
            return
        self.jobs.drop()
        redone = len(self.game.redo())
        self._position_changed()
        self.log(f"redo: {redone} move{'s' if redone != 1 else ''}")
        self.view.redraw(self.game)

    def _on_toggle_pause(self, intent: intents.Command) -> None:
        self.paused = not self.paused
        self._error = None
        if self.paused and self.thinking:
            self.jobs.drop()  # resumed, the AI thinks again with the settings of that moment
        self.log("paused" if self.paused else "resumed")
        self.view.show_settings(self.game, self.paused)

    def _on_reset_view(self, intent: intents.Command) -> None:
        self.view.reset_view()
