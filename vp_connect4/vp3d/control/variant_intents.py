"""The controller's rules intents: the rules menu (a new game under other rules), the size menu (a new game on
another board) and the flip.

A mixin of :class:`.controller.Controller`, kept apart so each module stays small. The rules menu
(``ChangeRules``) logs an unfinished game's ``moves:`` first, then ``setting: variant <text>`` and
``new game``, as New game does; the size menu (``ChangeRules`` too) likewise ``setting: size <W>x<H>``, and then the
page loads again (a rack of another size is a new scene: the game comes back at once, as after a reload,
``resumed: 0 checkers down``); the flip (``Flip``: the Flip the rack button or the key f) is a move like
a column, refused with a cue where flips are not played or not allowed now. When a variant can name rows
(gravity sideways, or turning), the log says once how it counts them: ``log: rows 0-<h-1>, counted from
the bottom``.
"""

from __future__ import annotations

from collections.abc import Callable

from ... import wording
from ...errors import Connect4Error
from ...levels import check_size
from ...rules import Variant
from . import intents
from .handlers import ControllerParts


class VariantIntents(ControllerParts):
    """Variant handlers; the controller provides the state, ``_new_game``, ``_why_not``, ``_play`` and ``_refuse``."""

    paused: bool
    _rows_logged: bool
    _new_game: Callable[..., None]
    _why_not: Callable[..., wording.Phrase | None]
    _play: Callable[[int], None]
    _told: wording.Phrase | None

    def _on_change_rules(self, intent: intents.ChangeRules) -> None:
        """A new game under the rules chosen, or on a board of the size chosen (in a page loaded again); the same
        rules or size again change nothing."""
        board = self.game.board
        try:
            variant = None if intent.variant is None else Variant.parse(intent.variant)
            size = None if intent.size is None else check_size(intent.size)
        except Connect4Error as error:
            self._refuse(error)
            self.view.show_settings(self.game, self.paused)  # the menus show the rules and the size played again
            return
        variant = None if variant == board.variant else variant
        size = None if size == (board.width, board.height) else size
        if variant is not None or size is not None:
            self._new_game(variant, size)

    def _on_flip(self, intent: intents.Command) -> None:
        flip = self.game.board.flip_move()
        if flip is None:
            reason = self._why_not(None, flip=True) or wording.phrase(wording.variant_refusal, "no_flips")
        else:
            reason = self._why_not(flip, flip=True)
        if reason:
            self._refuse(reason)
        else:
            self._play(flip)  # type: ignore[arg-type]

    def _log_rows(self) -> None:
        """Say once how the log counts rows, when the rules played can name them."""
        board = self.game.board
        if not self._rows_logged and board.referee.names_rows():
            self._rows_logged = True
            self.log(f"log: rows 0-{board.height - 1}, counted from the bottom")

    def _show_told(self) -> None:
        """What happened in the last move besides its checker's fall, in the language spoken (or nothing)."""
        self.view.show_events(self._told() if self._told else "")
