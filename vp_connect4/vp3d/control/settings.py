"""The setting intents: a seat's player, level or evaluation, the tiebreak, swapping sides, the language.

A part of :class:`.controller.Controller`: a setting applies from the next move on, is logged as ``setting: ...``
lines, and a refused value gives a cue and puts the widgets back.
"""

from __future__ import annotations

from collections.abc import Callable

from ... import wording
from ...errors import Connect4Error
from ..texts import log_lines
from . import intents
from .context import Context
from .seats import seat_changes, setting_lines


class Settings:
    """Setting handlers; owns nothing: the settings are the game's. ``said_again``: after the language changed,
    what depends on the game is said again (the score, the banner, the events, the hint's labels, the status)."""

    def __init__(self, ctx: Context, said_again: Callable[[], None]) -> None:
        self.ctx = ctx
        self.said_again = said_again

    def on_seat_setting(self, intent: intents.SetSeat) -> None:
        """A seat's player (human, AI or a player file), level or evaluation, from the next move on (the same value
        again does nothing; a player file under a rule variant is refused)."""
        ctx, game = self.ctx, self.ctx.game
        old = game.seats[intent.ox]
        changes = seat_changes(old, intent.field, intent.value)
        if all(getattr(old, name) == value for name, value in changes.items()):
            return
        if changes.get("source") is not None and game.board.variant.parts:
            ctx.refuse(wording.phrase(wording.player_file_standard_rules))  # the seeds' players: standard rules
            ctx.show_settings()  # the menu shows the seat's player again
            return
        # a level applied as the slider sent it: the page shows it, or already a newer one of the same drag
        dragged = intent.ox if intent.field == "level" else None
        if not self._change(lambda: game.update_seat(intent.ox, **changes), dragged):
            return
        for line in setting_lines(intent.ox, old, game.seats[intent.ox]):
            ctx.log(line)
        if ctx.jobs.thinking_for == intent.ox and not game.seats[intent.ox].is_ai:
            ctx.jobs.drop()  # the seat's person moves now

    def on_set_tiebreak(self, intent: intents.SetTiebreak) -> None:
        game = self.ctx.game
        if game.tiebreak == intent.tiebreak:
            return
        if self._change(lambda: game.set_tiebreak(intent.tiebreak)):
            self.ctx.log(log_lines.setting("tiebreak", intent.tiebreak))

    def on_swap_sides(self, intent: intents.Command) -> None:
        ctx = self.ctx
        seats = dict(ctx.game.seats)
        if ctx.jobs.thinking:
            ctx.jobs.drop()  # the side to move may have a new player
        for ox, new in (("X", seats["O"]), ("O", seats["X"])):
            ctx.game.set_seat(ox, new)
            for line in setting_lines(ox, seats[ox], new):
                ctx.log(line)
        ctx.error = None
        ctx.show_settings()

    def on_set_language(self, intent: intents.SetLanguage) -> None:
        """Every text of the page again in ``intent.code``; the game, its settings and the AI's work go on."""
        ctx = self.ctx
        spoken = wording.language()  # a language code, as the menu's
        if intent.code == spoken:
            return
        try:
            wording.use_language(intent.code)
        except ValueError as error:
            ctx.refuse(str(error))
            ctx.view.relabel()  # the menu shows the language spoken again
            return
        ctx.log(log_lines.setting("language", intent.code))
        ctx.view.relabel()
        ctx.show_settings()
        self.said_again()

    def _change(self, apply: Callable[[], object], dragged: str | None = None) -> bool:
        """Apply a setting from the next move on; a refused value gives a cue and restores the widgets.

        ``dragged``: the side whose ply slider asked for it. Once applied, that slider is left where the page
        holds it: on a busy machine the page's samples of one drag queue up here, and showing each one back as
        it is applied would pull the handle back under the mouse (the drag would end on a stale value).
        """
        applied = False
        try:
            apply()
            applied = True
        except (Connect4Error, TypeError) as error:
            self.ctx.refuse(error)  # logged in English, shown in the language spoken
            return False
        finally:
            self.ctx.show_settings(held=dragged if applied else None)
        self.ctx.error = None
        return True
