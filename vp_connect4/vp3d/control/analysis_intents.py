"""The controller's Analyse game: the game's history stepped through with perfect play.

A mixin of :class:`.controller.Controller`, kept apart so each module stays small. Analyse game (the button or
the key a, at any moment of a standard game with a move in it) asks the AI worker for every position of the
game (:mod:`..worker.analysis`; the book to 12 checkers at once, the solver beyond, a limit per position); meanwhile the
status line says so (from a second on, how long it has been at it) and the game waits (no AI move, no hint).
Then the rack shows the position after one move, the status line who played what and its outcome before and
after (in words, also when not worked out in time), and the first move where the result certainly changed hands
is shown first (else the last move); ← → step. A chart beside the rack draws the outcome after every move
(:func:`..worker.analysis.chart_points`), the move shown marked. The analysis is a view of the game's
history: the game itself does not change. The button again, Esc, or input that plays (a click, a key, Enter,
the flip) go back to the game as it was; New game, Undo, Hint, Load and the rules menu go back and then do what
they do. Settings, Pause, the language and the camera work as ever. An analysis is kept for its game: asked
again, it is shown at once.

Log lines (fixed English; see :mod:`..worker.analysis`)::

    analysis: result changed at move <k>   when the analysis arrives: the first move that certainly changed
    analysis: no change found              the result for its mover; `` (<u> unknown)`` follows if u positions
                                           were not worked out in time
    analysis: move <k> <X|O> column <c> <before> -> <after>   each step shown (c 0-based; the mover's signed
                                           distances: +35, 0, -12, ? unknown, ``won`` after a move that made four)
    analysis: back to the game
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ... import wording
from ...game import AI, Seat
from ..texts.status import result_text
from ..worker.analysis import (
    GameAnalysis,
    Step,
    board_after,
    chart_points,
    first_change,
    step_line,
    steps,
    summary_line,
)
from ..worker.jobs import ANALYSIS, AiRequest
from . import intents
from .handlers import ControllerParts

Command = intents.Command
LEAVE_ONLY = {intents.PlayColumn, Command.DROP_SELECTION, Command.FLIP}  # back to the game; nothing is played
LEAVE_FIRST = {Command.NEW_GAME, Command.UNDO, Command.REDO, Command.HINT, intents.LoadGame, intents.ChangeRules}


@dataclass
class Viewing:
    """The analysis shown: of the game ``moves``, asked for ``at`` (the controller's clock); ``found`` None while
    the worker is at it; ``index`` the step."""

    moves: str
    at: float = 0.0
    analysis: GameAnalysis | None = None
    found: list[Step] | None = None
    index: int = 0


class AnalysisIntents(ControllerParts):
    """Analyse game's handlers; the controller provides the state, ``_refuse`` and ``_show_hint``."""

    generation: int
    clock: Callable[[], float]
    _show_hint: Callable[[], None]
    _request: Callable[..., AiRequest]
    _announced: bool
    _landing: bool
    _viewing: Viewing | None
    _analysed: GameAnalysis | None

    @property
    def analysing(self) -> bool:
        """The analysis is shown (or being worked out) instead of the game."""
        return self._viewing is not None

    def _analysis_takes(self, intent: intents.Intent) -> bool:
        """While the analysis is shown: ← → step and input that plays goes back to the game (True: the intent is
        done with); New game, Undo... go back first and are then handled as usual (False)."""
        if self._viewing is None:
            return False
        if isinstance(intent, intents.MoveSelection):
            if not intent.vertical:
                self._step_analysis(intent.step)
            return True
        if intents.kind(intent) in LEAVE_ONLY:
            self._leave_analysis()
            return True
        if intents.kind(intent) in LEAVE_FIRST:
            self._leave_analysis()
        return False

    def _on_analyse(self, intent: intents.Command) -> None:
        if self._viewing is not None:
            self._leave_analysis()
            return
        reason = self._why_no_analysis()
        if reason is not None:
            self._refuse(reason)
            return
        self.jobs.drop()  # an AI move or a hint under way: asked again back in the game
        moves = self.game.move_string
        self._viewing = Viewing(moves, self.clock())
        self.view.show_scores(None)
        self.view.show_analysing(True)
        if self._analysed is not None and self._analysed.moves == moves:
            self._analysis_arrived(self._analysed)
            return
        self.jobs.ask(ANALYSIS, self._request(self.game.to_move, Seat(AI)), self.generation)

    def _on_leave_analysis(self, intent: intents.Command) -> None:
        self._leave_analysis()

    def _why_no_analysis(self) -> wording.Phrase | None:
        if not self.game.board.referee.solver_takes:  # the solver does not take them
            return wording.phrase(wording.analysis_refusal, "rules")
        if not self.game.move_string:
            return wording.phrase(wording.analysis_refusal, "no_moves")
        if self._landing or self.view.is_busy():
            return wording.phrase(wording.refusal_in_scene, "falling")
        return None

    def _analysis_arrived(self, analysis: GameAnalysis) -> None:
        """The worker's answer: show the first move that changed the result (else the last move)."""
        viewing = self._viewing
        if viewing is None or viewing.moves != analysis.moves:
            return
        self._analysed = analysis
        found = steps(analysis)
        viewing.analysis, viewing.found = analysis, found
        self.log(summary_line(analysis, found))
        first = first_change(found)
        self._show_step(len(found) - 1 if first is None else first)

    def _analysis_failed(self, error: BaseException) -> None:
        failure = wording.phrase(wording.analysis_failed, error)
        self.log(f"error: {failure.in_english()}")
        self.view.cue(wording.capitalised(failure()))
        self._leave_analysis()

    def _step_analysis(self, step: int) -> None:
        viewing = self._viewing
        if viewing is None or viewing.found is None:
            return
        index = min(max(viewing.index + step, 0), len(viewing.found) - 1)
        if index != viewing.index:
            self._show_step(index)

    def _show_step(self, index: int) -> None:
        """The rack after that move (its checker ringed; a four that won glowing), and its log line."""
        viewing = self._viewing
        assert viewing is not None and viewing.found is not None
        viewing.index = index
        step = viewing.found[index]
        empty = self.game.board.blank()
        board, landed = board_after(empty, viewing.moves, step.number)
        self.view.show_position([cells[:] for cells in board.data], landed)
        if step.won:
            self.view.highlight_win(tuple(board.four_spots(step.ox)))
        assert viewing.analysis is not None
        self.view.show_chart(
            chart_points(viewing.analysis, board.width * board.height), len(viewing.found), step.number
        )
        self.log(step_line(step))

    def _leave_analysis(self) -> None:
        """Back to the game as it was: its rack, its result, the hint's labels if they are still for it."""
        viewing = self._viewing
        if viewing is None:
            return
        if viewing.found is None:
            self.jobs.drop()
        self._viewing = None
        self.log("analysis: back to the game")
        self.view.show_analysing(False)
        self.view.show_chart(None)
        self.view.redraw(self.game)
        outcome = self.game.outcome
        if self._announced and outcome is not None:
            self.view.highlight_win(outcome.spots)
            self.view.announce(result_text(self.game))
        self._show_hint()

    def _analysis_status(self) -> str:
        """The status line while the analysis is shown (see ``wording.analysis_step``)."""
        viewing = self._viewing
        assert viewing is not None
        if viewing.found is None or viewing.analysis is None:
            return wording.analysing(self.clock() - viewing.at)
        found = viewing.found
        step = found[viewing.index]
        before = wording.side_outcome(step.ox, step.before)
        after = wording.side_outcome(step.ox, step.after, step.won)
        kept = list(viewing.analysis.kept_by(step.number)) if step.changed else []
        line = wording.analysis_step(step.number, len(found), step.ox, step.col, before, after, step.changed, kept)
        first = first_change(found)
        changed_at = None if first is None else found[first].number
        return line + " " + wording.analysis_summary(changed_at, viewing.analysis.unknown, step.number)
