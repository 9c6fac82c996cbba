"""Analyse game: the game's history stepped through with perfect play.

A part of :class:`.controller.Controller`. Analyse game (the button or
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

Log lines (fixed English; see :mod:`..texts.log_lines`)::

    analysis: result changed at move <k>   when the analysis arrives: the first move that certainly changed
    analysis: no change found              the result for its mover; `` (<u> unknown)`` follows if u positions
                                           were not worked out in time
    analysis: move <k> <X|O> column <c> <before> -> <after>   each step shown (c 0-based; the mover's signed
                                           distances: +35, 0, -12, ? unknown, ``won`` after a move that made four)
    analysis: back to the game
"""

from __future__ import annotations

from dataclasses import dataclass

from ... import wording
from ...game import AI, Seat
from ..texts import log_lines
from ..worker.analysis import GameAnalysis, Step, board_after, chart_points, first_change, steps
from ..worker.jobs import JobKind
from . import intents
from .aside import back_to_the_game
from .context import Context
from .games import Results
from .hinting import Hints
from .playing import Playing

Command = intents.Command
LEAVE_ONLY = {intents.PlayColumn, Command.DROP_SELECTION, Command.FLIP}  # back to the game; nothing is played
LEAVE_FIRST = {
    Command.NEW_GAME, Command.UNDO, Command.REDO, Command.HINT, Command.THINK, intents.LoadGame, intents.ChangeRules,
}  # fmt: skip


@dataclass
class Viewing:
    """The analysis shown: of the game ``moves``, asked for ``at`` (the controller's clock); ``found`` None while
    the worker is at it; ``index`` the step."""

    moves: str
    at: float = 0.0
    analysis: GameAnalysis | None = None
    found: list[Step] | None = None
    index: int = 0


class Analysis:
    """Owns the analysis shown (``viewing``) and the last one (``analysed``, kept for its game)."""

    def __init__(self, ctx: Context, playing: Playing, results: Results, hints: Hints) -> None:
        self.ctx, self.playing, self.results, self.hints = ctx, playing, results, hints
        self.viewing: Viewing | None = None  # Analyse game, while it is shown
        self.analysed: GameAnalysis | None = None  # the last analysis, kept for its game

    @property
    def analysing(self) -> bool:
        """The analysis is shown (or being worked out) instead of the game."""
        return self.viewing is not None

    def takes(self, intent: intents.Intent) -> bool:
        """While the analysis is shown: ← → step and input that plays goes back to the game (True: the intent is
        done with); New game, Undo... go back first and are then handled as usual (False)."""
        if self.viewing is None:
            return False
        if isinstance(intent, intents.MoveSelection):
            if not intent.vertical:
                self._step(intent.step)
            return True
        if intents.kind(intent) in LEAVE_ONLY:
            self.leave()
            return True
        if intents.kind(intent) in LEAVE_FIRST:
            self.leave()
        return False

    def on_analyse(self, intent: intents.Command) -> None:
        ctx = self.ctx
        if self.viewing is not None:
            self.leave()
            return
        reason = self._why_not()
        if reason is not None:
            ctx.refuse(reason)
            return
        ctx.jobs.drop()  # an AI move or a hint under way: asked again back in the game
        moves = ctx.game.move_string
        self.viewing = Viewing(moves, ctx.clock())
        ctx.view.show_scores(None)
        ctx.view.show_analysing(True)
        if self.analysed is not None and self.analysed.moves == moves:
            self.arrived(self.analysed)
            return
        ctx.jobs.ask(JobKind.ANALYSIS, ctx.request(ctx.game.to_move, Seat(AI)), ctx.generation)

    def on_leave(self, intent: intents.Command) -> None:
        self.leave()

    def _why_not(self) -> wording.Phrase | None:
        game = self.ctx.game
        refusal = game.board.referee.solver_refusal
        if refusal is not None:
            return wording.phrase(wording.analysis_refusal, refusal.value)
        if not game.move_string:
            return wording.phrase(wording.analysis_refusal, "no_moves")
        if self.playing.falling:
            return wording.phrase(wording.refusal_in_scene, "falling")
        return None

    def arrived(self, analysis: GameAnalysis) -> None:
        """The worker's answer: show the first move that changed the result (else the last move)."""
        viewing = self.viewing
        if viewing is None or viewing.moves != analysis.moves:
            return
        self.analysed = analysis
        found = steps(analysis)
        viewing.analysis, viewing.found = analysis, found
        self.ctx.log(log_lines.analysis_summary(analysis, found))
        first = first_change(found)
        self._show_step(len(found) - 1 if first is None else first)

    def failed(self, error: BaseException) -> None:
        failure = wording.phrase(wording.analysis_failed, error)
        self.ctx.log(log_lines.Line.ERROR(failure.in_english()))
        self.ctx.view.cue(wording.capitalised(failure()))
        self.leave()

    def _step(self, step: int) -> None:
        viewing = self.viewing
        if viewing is None or viewing.found is None:
            return
        index = min(max(viewing.index + step, 0), len(viewing.found) - 1)
        if index != viewing.index:
            self._show_step(index)

    def _show_step(self, index: int) -> None:
        """The rack after that move (its checker ringed; a four that won glowing), and its log line."""
        viewing, view = self.viewing, self.ctx.view
        assert viewing is not None and viewing.found is not None
        viewing.index = index
        step = viewing.found[index]
        empty = self.ctx.game.board.blank()
        board, landed = board_after(empty, viewing.moves, step.number)
        view.show_position([cells[:] for cells in board.data], landed)
        if step.won:
            view.highlight_win(tuple(board.four_spots(step.ox)))
        assert viewing.analysis is not None
        view.show_chart(chart_points(viewing.analysis, board.width * board.height), len(viewing.found), step.number)
        self.ctx.log(log_lines.analysis_step(step))

    def leave(self) -> None:
        """Back to the game as it was (:func:`.aside.back_to_the_game`)."""
        viewing, view = self.viewing, self.ctx.view
        if viewing is None:
            return
        self.viewing = None
        view.show_analysing(False)
        view.show_chart(None)
        back_to_the_game(self.ctx, self.results, self.hints, viewing.found is None, log_lines.Line.ANALYSIS_LEFT())

    def status(self) -> str:
        """The status line while the analysis is shown (see ``wording.analysis_step``)."""
        viewing = self.viewing
        assert viewing is not None
        if viewing.found is None or viewing.analysis is None:
            return wording.analysing(self.ctx.clock() - viewing.at)
        found = viewing.found
        step = found[viewing.index]
        before = wording.side_outcome(step.ox, step.before)
        after = wording.side_outcome(step.ox, step.after, step.won)
        kept = list(viewing.analysis.kept_by(step.number)) if step.changed else []
        line = wording.analysis_step(step.number, len(found), step.ox, step.col, before, after, step.changed, kept)
        first = first_change(found)
        changed_at = None if first is None else found[first].number
        return line + " " + wording.analysis_summary(changed_at, viewing.analysis.unknown, step.number)
