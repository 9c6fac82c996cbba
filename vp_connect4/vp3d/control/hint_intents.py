"""The controller's hints: Hint, *keep scores shown*, and the hint's answer on the labels and the status line.

A mixin of :class:`.controller.Controller`, kept apart so each module stays small. A hint uses the eyes of
:func:`.seats.hint_seat`; its scores stand on the labels above the rack (at the perfect level the exact outcome
in words: ``wins in 7``, ``draws``, ``loses in 12``; ``…`` being worked out, ``?`` not worked out in time, grey
either way), its best move in the status line, until the position changes. A hint that takes a while says so
in the status line (after :data:`HINT_QUIET` seconds); a perfect hint that comes back unfinished is asked again
(the worker's solver goes on from what it learnt), and meanwhile the status line says how far it has got, never
a guess.
Log lines: ``hint: <X|O> <score> ...``, and at the perfect level
``outcomes: <X|O> <d> ...`` (see :mod:`.controller`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ... import wording
from ...errors import Refusal
from ...game import Seat
from ..texts.hints import best_line, label_scores, label_words, outcomes_line
from ..worker.jobs import HINT, AiRequest, Answer, HintAnswer
from . import intents
from .handlers import ControllerParts
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


class HintIntents(ControllerParts):
    """Hint handlers; the controller provides the state, ``_request`` and ``_refuse``."""

    generation: int
    keep_scores: bool
    thinking: bool
    analysing: bool
    clock: Callable[[], float]
    _request: Callable[..., AiRequest]
    _scores_generation: int | None
    _best: wording.Phrase | None
    _hint: HintAnswer | None
    _hint_tries: int  # how many times the hint for the position shown came back unfinished
    _hint_asked: HintAsked | None = None

    def _on_hint(self, intent: intents.Command) -> None:
        if self.game.is_over:
            self._refuse(wording.phrase(wording.refusal_in_scene, Refusal.GAME_OVER))
        elif self.thinking:
            self._refuse(wording.phrase(wording.thinking_refusal, self.game.to_move))
        elif not self.jobs.busy:
            self._ask_hint()

    def _on_keep_scores(self, intent: intents.KeepScores) -> None:
        self.keep_scores = bool(intent.on)

    def _ask_hint(self) -> None:
        ox = self.game.to_move
        seat: Seat = hint_seat(self.game.seats, ox)
        board = self.game.board
        exact = seat.level.is_perfect and board.referee.solver_takes
        columns = sum(board.allows_move(move) for move in range(board.slot_count())) if exact else None
        self._hint_asked = HintAsked(ox, columns, self.generation, self.clock())
        self.jobs.ask(HINT, self._request(ox, seat), self.generation)

    def _hint_pending(self) -> wording.Phrase | None:
        """The hint's line while its answer is being worked out (for more than HINT_QUIET s), else None."""
        asked = self._hint_asked
        if asked is None or self.jobs.kind != HINT or asked.generation != self.generation:
            return None
        if self.clock() - asked.at < HINT_QUIET:
            return None
        if asked.columns is not None:  # none worked out so far
            return wording.phrase(wording.hint_unfinished, asked.ox, 0, asked.columns, False)
        return wording.phrase(wording.hint_working, asked.ox)

    def _hint_arrived(self, answer: Answer) -> None:
        """The scores on the labels, the log's lines, the best move for the status line."""
        self._scores_generation = self.generation
        hint: HintAnswer = answer.value
        ox, scores = answer.request.ox, hint.scores
        self.log(f"hint: {ox} " + " ".join(f"{score:g}" for score in scores))
        if hint.outcomes is not None:
            self.log(outcomes_line(ox, hint))
        self._hint = hint
        if hint.unknown:  # not all worked out in time: say so, and the worker goes on (its table keeps its work)
            known = sum(1 for score in scores if score >= 0) - len(hint.unknown)
            retries = self._hint_tries = self._hint_tries + 1
            finished = retries > HINT_TRIES
            self._best = wording.phrase(wording.hint_unfinished, ox, known, known + len(hint.unknown), finished)
            self._show_hint()
            if not finished:
                self._ask_hint()
            return
        self._show_hint()
        board, ply = self.game.board, answer.request.seat.level.ply
        outcomes, line, flip = hint.complete_outcomes, board.move_line(), board.flip_move()
        self._best = wording.phrase(best_line, ox, scores, outcomes, line, flip, ply)

    def _hint_failed(self) -> None:
        """A hint that failed is not asked again by itself."""
        self.keep_scores = False
        self.view.show_keep_scores(False)

    def _show_hint(self) -> None:
        """The hint's labels for the position shown, in the language spoken (the perfect level's in words)."""
        hint = self._hint
        if hint is None or self.analysing:
            self.view.show_scores(None)
        else:
            working = bool(hint.unknown) and self._hint_tries <= HINT_TRIES  # asked again: still being worked out
            self.view.show_scores(label_scores(hint), label_words(hint, working))
