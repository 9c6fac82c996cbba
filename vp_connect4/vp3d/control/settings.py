"""The controller's setting intents: a seat's player, level or evaluation, the tiebreak, swapping sides, the language.

A mixin of :class:`.controller.Controller`, kept apart so each module stays small: a setting
applies from the next move on, is logged as ``setting: ...`` lines, and a refused value gives a
cue and puts the widgets back.
"""

from __future__ import annotations

from collections.abc import Callable

from ... import wording
from ...errors import Connect4Error
from ..texts.status import result_text
from ..texts.tally import Tally
from . import intents
from .handlers import ControllerParts
from .seats import seat_changes, setting_lines


class SettingIntents(ControllerParts):
    """Setting handlers; the controller provides the state and ``_refuse``."""

    paused: bool
    _error: object
    tally: Tally
    status: str
    _announced: bool
    _show_told: Callable[[], None]
    _show_hint: Callable[[], None]

    def _on_seat_setting(self, intent: intents.SetSeat) -> None:
        """A seat's player (human, AI or a player file), level or evaluation, from the next move on (the same value
        again does nothing; a player file under a rule variant is refused)."""
        old = self.game.seats[intent.ox]
        changes = seat_changes(old, intent.field, intent.value)
        if all(getattr(old, name) == value for name, value in changes.items()):
            return
        if changes.get("source") is not None and self.game.board.variant.parts:
            self._refuse(wording.phrase(wording.player_file_standard_rules))  # the seeds' players: standard rules
            self.view.show_settings(self.game, self.paused)  # the menu shows the seat's player again
            return
        if not self._change(lambda: self.game.update_seat(intent.ox, **changes)):
            return
        for line in setting_lines(intent.ox, old, self.game.seats[intent.ox]):
            self.log(line)
        if self.jobs.thinking_for == intent.ox and not self.game.seats[intent.ox].is_ai:
            self.jobs.drop()  # the seat's person moves now

    def _on_set_tiebreak(self, intent: intents.SetTiebreak) -> None:
        if self.game.tiebreak == intent.tiebreak:
            return
        if self._change(lambda: self.game.set_tiebreak(intent.tiebreak)):
            self.log(f"setting: tiebreak {intent.tiebreak}")

    def _on_swap_sides(self, intent: intents.Command) -> None:
        seats = dict(self.game.seats)
        if self.jobs.thinking:
            self.jobs.drop()  # the side to move may have a new player
        for ox, new in (("X", seats["O"]), ("O", seats["X"])):
            self.game.set_seat(ox, new)
            for line in setting_lines(ox, seats[ox], new):
                self.log(line)
        self._error = None
        self.view.show_settings(self.game, self.paused)

    def _on_set_language(self, intent: intents.SetLanguage) -> None:
        """Every text of the page again in ``intent.code``; the game, its settings and the AI's work go on."""
        if intent.code == wording.language():
            return
        try:
            wording.use_language(intent.code)
        except ValueError as error:
            self._refuse(str(error))
            self.view.relabel()  # the menu shows the language spoken again
            return
        self.log(f"setting: language {intent.code}")
        self.view.relabel()
        self.view.show_settings(self.game, self.paused)
        self.view.show_tally(self.tally.text())
        if self._announced:
            self.view.announce(result_text(self.game))
        self._show_told()
        self._show_hint()  # the perfect level's labels are words
        self.status = ""  # _refresh says the status line again

    def _change(self, apply: Callable[[], object]) -> bool:
        """Apply a setting from the next move on; a refused value gives a cue and restores the widgets."""
        try:
            apply()
        except (Connect4Error, TypeError) as error:
            self._refuse(error)  # logged in English, shown in the language spoken
            return False
        finally:
            self.view.show_settings(self.game, self.paused)
        self._error = None
        return True
