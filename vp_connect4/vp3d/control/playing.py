"""A move's input and its fall: a column played (a click, a key, the selection and its drop), the hover, the flip;
and why a person cannot play now (:meth:`Playing.why_not`: a refusal's words).

A part of :class:`.controller.Controller`. A move asked for while a checker is still falling (a click, a key, the
selection's drop, the flip) is kept, the last one asked for, with a cue and a ``kept: ...`` log line, and asked
again the frame the checker lands (:meth:`Playing.settle`): played then, or refused then. Input that cannot be
played (a full column, not a human's turn, the AI thinking, the game over) is refused with a cue and an
``ignored: ...`` log line; nothing is dropped without a word. A move played is logged (``move <n>: ...`` and its
``event: ...`` lines), its checker falls, and what happened besides the fall is said on the events line. When the
rules played can name rows (gravity sideways, or turning), the log says once how it counts them: ``log: rows
0-<h-1>, counted from the bottom``.
"""

from __future__ import annotations

from ... import wording
from ...errors import Refusal
from ..texts import log_lines
from ..texts.telling import told_phrase
from . import intents
from .context import Context


class Playing:
    """Owns the selection (the hover), the checker falling (``landing``, ``landed_at``), what the last move did
    besides its fall (``told``) and whether the log has said how it counts rows."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.hover: int | None = None
        self.landing = False  # a dropped checker has not been seen landing yet
        self.landed_at = -1e9
        self.told: wording.Phrase | None = None  # what happened in the last move besides its checker's fall
        self.rows_logged = False
        self.kept: intents.Intent | None = None  # a move asked for while a checker falls
        ctx.when_position_changes(self._forget_told)
        ctx.when_position_changes(self._forget_kept)

    @property
    def falling(self) -> bool:
        """A checker is still falling (or a move's events are still shown moving)."""
        return self.landing or self.ctx.view.is_busy()

    def settle(self, now: float, busy: bool) -> intents.Intent | None:
        """Once a frame: a dropped checker is seen landing when the view is no longer busy; then the move kept while
        it fell, to be asked for again (None: none)."""
        if self.landing and not busy:
            self.landing = False
            self.landed_at = now
        kept = None if self.landing or busy else self.kept
        if kept is not None:
            self.kept = None
        return kept

    def why_not(self, move: int | None, flip: bool = False, selected: bool = False) -> wording.Phrase | None:
        """Why a person cannot play ``move`` now, in words to say (None if they can).

        ``move`` names a column (or a row, when gravity pulls sideways); ``flip``: it is the flip's move number;
        ``selected``: ``move`` is the selection that Enter drops (None: nothing is selected yet).
        """
        game = self.ctx.game
        say = wording.phrase
        line = game.board.move_line()
        if game.is_over:
            return say(wording.refusal_in_scene, Refusal.GAME_OVER)
        if self.falling:
            return say(wording.refusal_in_scene, "falling")
        held = self.ctx.link_hold()  # a game over a link: the other machine's turn, or the link ended
        if held is not None:
            return held
        if self.ctx.jobs.thinking:
            return say(wording.thinking_refusal, game.to_move)
        if game.seat_to_move().is_ai:
            return say(wording.ai_turn_refusal, game.to_move)
        if move is None:
            if flip:
                return None
            if line == "row":
                return say(wording.variant_refusal, "no_row" if selected else "beside_rows")
            return say(wording.refusal_in_scene, "no_selection" if selected else "beside")
        if not flip and move >= game.board.slot_count():  # a key or click names a slot, never the flip
            return say(wording.refusal_in_scene, Refusal.OFF_BOARD, move, line)
        reason = game.why_not(move)
        return None if reason is None else say(wording.refusal_in_scene, reason, move, line)

    def play(self, chosen: int) -> None:
        """Play the move ``chosen`` (checked: see :meth:`why_not`): log it, drop its checker, say what else
        happened; or, over a link under chance, send it to the host first (played once its draws are read)."""
        ctx = self.ctx
        if ctx.sent_first(chosen):
            return
        move = ctx.game.play(chosen)
        for line in log_lines.move_lines(move):
            ctx.log(line)
        ctx.position_changed()
        self.told = told_phrase(move)
        self.show_told()
        self.landing = True
        ctx.view.drop(move, [row[:] for row in ctx.game.board.data])
        ctx.after_move(move)

    def show_told(self) -> None:
        """What happened in the last move besides its checker's fall, in the language spoken (or nothing)."""
        self.ctx.view.show_events(self.told() if self.told else "")

    def _forget_told(self) -> None:
        if self.told is not None:
            self.told = None
            self.show_told()

    def log_rows(self) -> None:
        """Say once how the log counts rows, when the rules played can name them."""
        board = self.ctx.game.board
        if not self.rows_logged and board.referee.names_rows():
            self.rows_logged = True
            self.ctx.log(log_lines.rows(board.height))

    # -- intents -----------------------------------------------------------------------

    def on_play(self, intent: intents.PlayColumn) -> None:
        slots = self.ctx.game.board.slot_count()
        if intent.col is None or not 0 <= intent.col < slots or not self._keeps(intent, intent.col):
            self._play_or_refuse(intent.col, self.why_not(intent.col))

    def on_hover(self, intent: intents.Hover) -> None:
        self.hover = intent.col

    def on_move_selection(self, intent: intents.MoveSelection) -> None:
        board = self.ctx.game.board
        if intent.vertical and board.move_line() != "row":
            return  # ↑ ↓ choose rows; columns are chosen with ← →
        slots = board.slot_count()
        self.hover = slots // 2 if self.hover is None else min(max(self.hover + intent.step, 0), slots - 1)

    def on_drop_selection(self, intent: intents.Command) -> None:
        if not self._keeps(intent, None):
            self._play_or_refuse(self.hover, self.why_not(self.hover, selected=True))

    def on_flip(self, intent: intents.Command) -> None:
        """The side to move flips the rack over: a move like a column, refused where flips are not played or not
        allowed now."""
        flip = self.ctx.game.board.flip_move()
        if flip is not None and self._keeps(intent, flip):
            return
        if flip is None:
            reason = self.why_not(None, flip=True) or wording.phrase(wording.variant_refusal, "no_flips")
        else:
            reason = self.why_not(flip, flip=True)
        self._play_or_refuse(flip, reason)

    def _keeps(self, intent: intents.Intent, slot: int | None) -> bool:
        """While a checker falls (and the game goes on), keep ``intent`` until it has landed (the last move asked
        for: one kept before is forgotten), and say so; False: nothing falls, handle it now."""
        ctx = self.ctx
        if not self.falling or ctx.game.is_over:
            return False
        self.kept = intent
        board = ctx.game.board
        line = "flip" if slot is not None and slot == board.flip_move() else board.move_line()
        kept = wording.phrase(wording.move_kept, line, slot)
        ctx.log(log_lines.Line.KEPT(kept.in_english()))
        ctx.view.cue(wording.capitalised(kept()))
        return True

    def _forget_kept(self) -> None:
        self.kept = None

    def _play_or_refuse(self, move: int | None, reason: wording.Phrase | None) -> None:
        if reason:
            self.ctx.refuse(reason)
        else:
            self.play(move)  # type: ignore[arg-type]  # no reason: a move
