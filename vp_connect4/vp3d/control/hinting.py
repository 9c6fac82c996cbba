"""Hints: Hint, *keep scores shown*, and the hint's answer on the labels and the status line.

A part of :class:`.controller.Controller`. A hint uses the eyes of :func:`.seats.hint_seat`; its scores stand on
the labels above the rack (at the perfect level the exact outcome in words: ``wins in 7``, ``draws``, ``loses in
12``; ``…`` being worked out, ``?`` not worked out in time, grey either way), its best move in the status line,
until the position changes. A hint that takes a while says so in the status line (after :data:`HINT_QUIET`
seconds); a perfect hint that comes back unfinished is asked again (the worker's solver goes on from what it
learnt), and meanwhile the status line says how far it has got, never a guess.
Log lines: ``hint: <X|O> <score> ...``, and at the perfect level ``outcomes: <X|O> <d> ...`` (see
:mod:`..texts.log_lines`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ... import wording
from ...errors import Refusal
from ...game import Seat
from ..texts import log_lines
from ..texts.hints import best_line, label_scores, label_words
from ..worker.jobs import Answer, HintAnswer, JobKind
from . import intents
from .context import Context
from .seats import hint_seat

HINT_TRIES = 5  # a perfect hint not worked out in time is asked again this many times (a second each)
HINT_QUIET = 0.5  # seconds a hint may take before the status line says that it is being worked out


@dataclass(frozen=True)
class HintAsked:
    """The hint in flight: for ``ox`` in the position ``generation``, asked ``at`` (the controller's clock);
    ``columns``: where the solver works out its outcomes (the perfect level, rules the solver takes), the open
    columns it works out, else None."""

    ox: str
    columns: int | None
    generation: int
    at: float


class Hints:
    """Owns *keep scores shown*, the hint for the position shown (its answer, its line, how often it came back
    unfinished) and the hint in flight. ``analysing``: whether Analyse game is shown (then no labels)."""

    def __init__(self, ctx: Context, keep_scores: bool, analysing: Callable[[], bool]) -> None:
        self.ctx = ctx
        self.keep_scores = keep_scores
        self.analysing = analysing
        self.scores_generation: int | None = None  # the position whose scores were last asked for and shown
        self.best: wording.Phrase | None = None  # the hint's line, for the status line, until the position changes
        self.hint: HintAnswer | None = None  # the hint's answer for the position shown, until it changes
        self.tries = 0  # the perfect hint for the position shown came back unfinished this many times
        self.asked: HintAsked | None = None  # the hint in flight: for whom, when (its status while it takes)
        ctx.when_position_changes(self._forget)

    def _forget(self) -> None:
        self.tries = 0
        self.scores_generation = None
        self.best = None
        self.hint = None
        self.ctx.view.show_scores(None)

    @property
    def wanted(self) -> bool:
        """*keep scores shown* and the position shown has none yet."""
        return self.keep_scores and self.scores_generation != self.ctx.generation

    def on_hint(self, intent: intents.Command) -> None:
        ctx = self.ctx
        if ctx.game.is_over:
            ctx.refuse(wording.phrase(wording.refusal_in_scene, Refusal.GAME_OVER))
        elif ctx.jobs.thinking:
            ctx.refuse(wording.phrase(wording.thinking_refusal, ctx.game.to_move))
        elif not ctx.jobs.busy:
            self.ask()

    def on_keep_scores(self, intent: intents.KeepScores) -> None:
        self.keep_scores = bool(intent.on)

    def ask(self) -> None:
        ctx = self.ctx
        ox = ctx.game.to_move
        seat: Seat = hint_seat(ctx.game.seats, ox)
        board = ctx.game.board
        exact = seat.level.is_perfect and board.referee.solver_takes
        columns = sum(board.allows_move(move) for move in range(board.slot_count())) if exact else None
        self.asked = HintAsked(ox, columns, ctx.generation, ctx.clock())
        ctx.jobs.ask(JobKind.HINT, ctx.request(ox, seat), ctx.generation)

    def line(self) -> wording.Phrase | None:
        """The status line's hint: the answer's best move, else the hint being worked out, else None."""
        return self.best or self._pending()

    def _pending(self) -> wording.Phrase | None:
        """The hint's line while its answer is being worked out (for more than HINT_QUIET s), else None."""
        ctx, asked = self.ctx, self.asked
        if asked is None or ctx.jobs.kind is not JobKind.HINT or asked.generation != ctx.generation:
            return None
        if ctx.clock() - asked.at < HINT_QUIET:
            return None
        if asked.columns is not None:  # none worked out so far
            return wording.phrase(wording.hint_unfinished, asked.ox, 0, asked.columns, False)
        return wording.phrase(wording.hint_working, asked.ox)

    def arrived(self, answer: Answer) -> None:
        """The scores on the labels, the log's lines, the best move for the status line."""
        ctx = self.ctx
        self.scores_generation = ctx.generation
        hint: HintAnswer = answer.value
        ox, scores = answer.request.ox, hint.scores
        ctx.log(log_lines.hint(ox, scores))
        if hint.outcomes is not None:
            ctx.log(log_lines.outcomes(ox, hint))
        self.hint = hint
        if hint.unknown:  # not all worked out in time: say so, and the worker goes on (its table keeps its work)
            known = sum(1 for score in scores if score >= 0) - len(hint.unknown)
            retries = self.tries = self.tries + 1
            finished = retries > HINT_TRIES
            self.best = wording.phrase(wording.hint_unfinished, ox, known, known + len(hint.unknown), finished)
            self.show()
            if not finished:
                self.ask()
            return
        self.show()
        board, ply = ctx.game.board, answer.request.seat.level.ply
        outcomes, line, flip = hint.complete_outcomes, board.move_line(), board.flip_move()
        self.best = wording.phrase(best_line, ox, scores, outcomes, line, flip, ply)

    def failed(self) -> None:
        """A hint that failed is not asked again by itself."""
        self.keep_scores = False
        self.ctx.view.show_keep_scores(False)

    def show(self) -> None:
        """The hint's labels for the position shown, in the language spoken (the perfect level's in words)."""
        hint = self.hint
        if hint is None or self.analysing():
            self.ctx.view.show_scores(None)
        else:
            working = bool(hint.unknown) and self.tries <= HINT_TRIES  # asked again: still being worked out
            self.ctx.view.show_scores(label_scores(hint), label_words(hint, working))
