"""The 3D game's loop logic, without VPython: intents in, ``Game`` changes, ``View`` calls out.

The scene's callbacks (VPython runs them on worker threads) only put *intents* on a queue; the
render loop hands each one to ``Controller.handle`` and calls ``Controller.tick`` once a frame.
The controller asks the ``Game`` (the only owner of game state) whether input can be played,
asks the ``View`` to show the result, and sends AI work through ``AiJobs`` (a worker process in
the scene, a synchronous fake in tests), so the scene never blocks. Sentences come from
``wording``, in the language spoken at the moment they are shown: the language menu
(``SetLanguage``) says every text again, mid-game, and the game goes on. The log is English in
any language: where a refusal is both shown (a cue) and logged, the log says it in English.

Input that cannot be played (a full column, not a human's turn, a checker still falling, the AI
thinking, the game over) is refused with a cue on the view and an ``ignored: ...`` line in the
log, never kept for later.

Log lines (one per event, to ``log``; the scene prints them, flushed)::

    log: columns 0-<w-1>, counted from the left   printed once, first: the log counts columns from 0
    log: rows 0-<h-1>, counted from the bottom    once, when the rules played can name rows (gravity sideways)
    move <n>: <X|O> column <c>      c counted from 0, as on the page, n counted from the empty board
    move <n>: <X|O> row <r>         a rule variant with gravity sideways: r 0-based, from the bottom
    move <n>: <X|O> flip            a rule variant with flips: the rack turned over (n: moves made)
    event: chance column <c> -> <c2>   after its move: chance sent the checker elsewhere (or ``row``)
    event: row <r> cleared          tetris: a full row vanished (``column <c>`` when gravity pulls sideways)
    event: gravity <down|left|up|right>   gravity turned
    event: swap <c>,<r> <c>,<r>     the X and the O checker on these cells changed colours
    result: X wins | result: O wins | result: draw
    moves: <digits>                  the game so far, as set_board accepts it (at the end of a game;
                                     in a variant also f a flip, s and four digits a swap)
    setting: <X|O> ply <n|perfect>   also: <X|O> player human|ai, <X|O> evaluation ..., tiebreak ...,
                                     language en|nl, variant <rules> (the rules menu: a new game follows)
    hint: <X|O> <score> ...          one score per move: per column (-1 full), or row; the flip's last
    outcomes: <X|O> <d> ...          after ``hint:`` at the perfect level: each column's exact signed distance
                                     (+7 wins with the 7th move from now, both sides' counted, 0 a draw, -12
                                     loses), ``?`` not worked out in time, ``full``; the labels show them in words
    analysis: ...                    Analyse game (see :mod:`.analysis_intents`): ``analysis: result changed at
                                     move <k>`` | ``analysis: no change found`` [`` (<u> unknown)``], then per step
                                     shown ``analysis: move <k> <X|O> column <c> <before> -> <after>``, and
                                     ``analysis: back to the game``
    ignored: <reason>
    error: <text>                    the AI could not move or hint; a player file failed: its error in English, then
                                     its last traceback line (see :mod:`.player_files`)
    player file: <name>              the Player file field's file loaded: the X and O menus list it
    undo: <k> move(s) | redo: <k> move(s) | new game | paused | resumed | error: <text>
    loaded: <digits>                 the page's Load made the game that of this game code (after ``moves:``
                                     of the game it replaced, if unfinished)

A move's events and their lines come from :mod:`..texts.telling`. The intents are handled by mixins: playing a
column, New game, Load, Undo, Redo, Pause and Reset view by :mod:`.game_intents`; the settings by :mod:`.settings`; the
rules menu and the flip by :mod:`.variant_intents`; Hint by :mod:`.hint_intents`, Analyse game by
:mod:`.analysis_intents`; a player file's failure, Try again and the Player file field by :mod:`.player_files`.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, ClassVar

from ... import wording
from ...game import Game, Seat
from ...students import DEFAULT_TIME_LIMIT, StudentError
from ..server.resume import SceneState
from ..texts.status import Moment, result_text, status_line
from ..texts.tally import Tally
from ..texts.telling import log_lines, told_phrase
from ..worker.analysis import GameAnalysis
from ..worker.jobs import ANALYSIS, HINT, MOVE, AiJobs, AiRequest, AiRunner, HintAnswer
from . import intents
from .analysis_intents import AnalysisIntents, Viewing
from .game_intents import GameIntents
from .hint_intents import HintAsked, HintIntents
from .player_files import Failure, PlayerFileIntents
from .settings import SettingIntents
from .variant_intents import VariantIntents
from .view_protocol import View

AI_DUEL_PAUSE = 0.7  # seconds between the moves of an AI duel, so people can follow
SEED_STRIDE = 1000  # per-move seeds seed*SEED_STRIDE + move number: repeatable, different each move


def print_flush(line: str) -> None:
    print(line, flush=True)


class Controller(GameIntents, SettingIntents, VariantIntents, HintIntents, AnalysisIntents, PlayerFileIntents):
    """Applies intents to a ``Game`` and keeps the view and the AI worker in step with it."""

    def __init__(
        self,
        game: Game,
        view: View,
        runner: AiRunner,
        *,
        seed: int | None = None,
        log: Callable[[str], None] = print_flush,
        clock: Callable[[], float] = time.monotonic,
        duel_pause: float = AI_DUEL_PAUSE,
        state: SceneState | None = None,
        move_time: float = DEFAULT_TIME_LIMIT,
    ) -> None:
        """``state``: what the scene had before a reload (the result already logged, the score, Pause...);
        ``move_time``: the seconds a player file may take for a move."""
        state = state if state is not None else SceneState()
        self.game = game
        self.view = view
        self.jobs = AiJobs(runner)
        self.seed = seed
        self.log = log
        self.clock = clock
        self.duel_pause = duel_pause
        self.paused = state.paused
        self.keep_scores = state.keep_scores
        self.generation = 0  # bumped whenever the position changes: older AI answers are dropped
        self.status = ""
        self._hover: int | None = None
        self._ghost: tuple[int | None, str] | None = None
        self._landing = False  # a dropped checker has not been seen landing yet
        self._landed_at = -1e9
        self._announced = False
        self._result_logged = state.result_logged  # the next result shown is not logged again
        self._scores_generation: int | None = None
        self._error: wording.Phrase | None = None
        self._best: wording.Phrase | None = None  # the hint's line, for the status line, until the position changes
        self.tally = Tally(state.tally)
        self._thinking_shown: str | None = None
        self._moves_shown: str | None = None
        self._rows_logged = False
        self._told: wording.Phrase | None = None  # what happened in the last move besides its checker's fall
        self._hint: HintAnswer | None = None  # the hint's answer for the position shown, until it changes
        self._viewing: Viewing | None = None  # Analyse game, while it is shown
        self.reloading = False  # the page loads again (a board of another size): nothing more is shown here
        self._hint_tries = 0  # the perfect hint for the position shown came back unfinished this many times
        self._hint_asked: HintAsked | None = None  # the hint in flight: for whom, when (its status while it takes)
        self._analysed: GameAnalysis | None = None  # the last analysis, kept for its game
        self.move_time = move_time
        sources = [seat.source for seat in game.seats.values() if seat.source is not None]
        self.player_files = list(dict.fromkeys(sources))  # what the X and O menus offer besides human and AI
        self._failure: Failure | None = None  # a player file failed (the box over the rack)
        self._failure_shown: tuple[str, list[str], str, bool] | None = None
        self._checking: tuple[str, Any] | None = None  # the Player file field's file, while the worker loads it

    # -- public --------------------------------------------------------------------

    def state(self) -> SceneState:
        """What a reload keeps besides the game: whether the result is in the log, the score, Pause, shown scores."""
        return SceneState(self._announced, self.tally.counts(), self.paused, self.keep_scores)

    @property
    def thinking(self) -> bool:
        return self.jobs.thinking

    @property
    def gravity(self) -> str:
        """Where gravity pulls now: a click names a column, or a row when it pulls sideways."""
        return self.game.board.gravity

    def start(self) -> None:
        """Log the columns' convention once; show the starting position and settings."""
        self.log(f"log: columns 0-{self.game.board.width - 1}, counted from the left")
        self._log_rows()
        self.view.show_player_files(list(self.player_files))
        self.view.redraw(self.game)
        self.view.show_settings(self.game, self.paused)
        self.view.show_tally(self.tally.text())
        self.view.show_keep_scores(self.keep_scores)
        self._landed_at = self.clock()  # an AI duel waits a moment before its first move too
        self._refresh()

    def handle(self, intent: intents.Intent) -> None:
        """Apply one intent; refused input gives a cue, never a queued move."""
        handler = self._handlers.get(intents.kind(intent))
        if handler is None:
            raise TypeError(f"not an intent: {intent!r}")
        if self.reloading:
            return
        if not self._analysis_takes(intent):
            handler(self, intent)
        self._refresh()

    def tick(self, now: float | None = None) -> None:
        """Once a frame: notice landings, collect AI answers, start AI work, refresh status and ghost."""
        if self.reloading:
            return
        now = self.clock() if now is None else now
        busy = self.view.is_busy()
        if self._landing and not busy:
            self._landing = False
            self._landed_at = now
        if not busy and not self._landing and not self.analysing:
            self._announce_result()
        self._collect()  # may play the AI's move: a checker starts falling
        self._collect_file()
        if not busy and not self._landing and not self.jobs.busy:
            self._start_work(now)
        self._refresh()

    def close(self) -> None:
        """The scene ends: stop the worker and log an unfinished game's moves."""
        self.jobs.close()
        if not self._announced and self.game.history:
            self.log(f"moves: {self.game.move_string}")

    # -- intents: each to its handler (the mixins', see the module docstring) ---------

    _handlers: ClassVar[dict[type, Callable[[Controller, Any], None]]] = {
        intents.PlayColumn: GameIntents._on_play,
        intents.Hover: GameIntents._on_hover,
        intents.MoveSelection: GameIntents._on_move_selection,
        intents.Command.DROP_SELECTION: GameIntents._on_drop_selection,
        intents.Command.FLIP: VariantIntents._on_flip,
        intents.ChangeRules: VariantIntents._on_change_rules,
        intents.Command.SWAP_SIDES: SettingIntents._on_swap_sides,
        intents.Command.NEW_GAME: GameIntents._on_new_game,
        intents.Command.UNDO: GameIntents._on_undo,
        intents.Command.REDO: GameIntents._on_redo,
        intents.Command.HINT: HintIntents._on_hint,
        intents.Command.ANALYSE_GAME: AnalysisIntents._on_analyse,
        intents.Command.LEAVE_ANALYSIS: AnalysisIntents._on_leave_analysis,
        intents.LoadGame: GameIntents._on_load_game,
        intents.KeepScores: HintIntents._on_keep_scores,
        intents.SetSeat: SettingIntents._on_seat_setting,
        intents.SetTiebreak: SettingIntents._on_set_tiebreak,
        intents.SetLanguage: SettingIntents._on_set_language,
        intents.Command.TOGGLE_PAUSE: GameIntents._on_toggle_pause,
        intents.Command.RESET_VIEW: GameIntents._on_reset_view,
        intents.Command.RETRY: PlayerFileIntents._on_retry,
        intents.AddPlayerFile: PlayerFileIntents._on_add_player_file,
    }

    # -- the game's flow -------------------------------------------------------------

    def _play(self, col: int) -> None:
        move = self.game.play(col)
        for line in log_lines(move):
            self.log(line)
        self._position_changed()
        self._told = told_phrase(move)
        self._show_told()
        self._landing = True
        self.view.drop(move, [row[:] for row in self.game.board.data])

    def _position_changed(self) -> None:
        self.generation += 1
        self._error = None  # it was the position's: an undo (or a load...) lets the side to move try again
        self._hint_tries = 0
        self._announced = False
        self._result_logged = False
        self._scores_generation = None
        self._best = None
        self._hint = None
        self.view.show_scores(None)
        self.view.announce(None)
        if self._told is not None:
            self._told = None
            self._show_told()

    def _announce_result(self) -> None:
        outcome = self.game.outcome
        if self._announced or outcome is None:
            return
        self._announced = True
        self.view.highlight_win(outcome.spots)
        self.view.announce(result_text(self.game))
        if self._result_logged:  # logged and counted before the reload
            self._result_logged = False
            return
        self.tally.add(outcome.winner)
        self.view.show_tally(self.tally.text())
        self.log(f"result: {outcome}")
        self.log(f"moves: {self.game.move_string}")

    def _refuse(self, reason: str | wording.Phrase | Exception) -> None:
        """Log why in English, show it as a cue in the language spoken."""
        self.log(f"ignored: {wording.said_in_english(reason)}")
        shown = str(reason) if isinstance(reason, Exception) else wording.said(reason)
        self.view.cue(wording.capitalised(shown))

    # -- AI work ---------------------------------------------------------------------

    def _request(self, ox: str, seat: Seat, seed: int | None = None) -> AiRequest:
        board = self.game.board
        moves, tiebreak = self.game.move_string, self.game.tiebreak
        return AiRequest(board.width, board.height, moves, ox, seat, tiebreak, seed, str(board.variant), self.move_time)

    def _start_work(self, now: float) -> None:
        game = self.game
        if game.is_over or self.analysing:
            return
        if self.keep_scores and self._scores_generation != self.generation:
            self._ask_hint()
            return
        seat = game.seat_to_move()
        if not seat.is_ai or self.paused or self._error:
            return
        duel = all(s.is_ai for s in game.seats.values())
        if duel and now < self._landed_at + self.duel_pause:
            return
        seed = None if self.seed is None else self.seed * SEED_STRIDE + len(game.move_string)
        self.jobs.ask(MOVE, self._request(game.to_move, seat, seed), self.generation)

    def _collect(self) -> None:
        answer = self.jobs.collect(self.generation)
        if answer is None:
            return
        if answer.kind == ANALYSIS:
            if answer.error is not None:
                self._analysis_failed(answer.error)
            else:
                self._analysis_arrived(answer.value)
        elif answer.kind == MOVE and isinstance(answer.error, StudentError):
            self._player_file_failed(answer.request, answer.error)
        elif answer.error is not None:
            self._error = wording.phrase(wording.ai_failed, answer.kind == MOVE, answer.error)
            self.log(f"error: {self._error.in_english()}")
            self.view.cue(self._error())
            if answer.kind == HINT:
                self._hint_failed()
        elif answer.kind == HINT:
            self._hint_arrived(answer)
        elif self.game.why_not(answer.value) is not None:
            self._error = wording.phrase(wording.ai_bad_column, answer.value)
            self.log(f"error: {self._error.in_english()}")
        else:
            self._play(answer.value)

    # -- what the view shows ---------------------------------------------------------

    def _refresh(self) -> None:
        status = self._status_text()
        if status != self.status:
            self.status = status
            self.view.show_status(status)
        ox = self.game.to_move
        hover = None if self.analysing else self._hover
        ghost = (hover if hover is not None and self._why_not(hover) is None else None, ox)
        if ghost != self._ghost:
            self._ghost = ghost
            self.view.show_ghost(*ghost)
        if self.game.move_string != self._moves_shown:
            self._moves_shown = self.game.move_string
            self.view.show_moves(self._moves_shown)
        self._show_failure()
        if self.jobs.thinking_for != self._thinking_shown:
            self._thinking_shown = self.jobs.thinking_for
            self.view.show_thinking(self._thinking_shown)

    def _status_text(self) -> str:
        if self.analysing:
            return self._analysis_status()
        falling = self.game.last_move is not None and (self._landing or self.view.is_busy())
        error = self._error() if self._error else None
        best_line = self._best or self._hint_pending()
        best = best_line() if best_line else None  # None when no column can be played
        failed = error if self._failed_move() else None  # a player file's: its own short line
        now = Moment(self.paused, falling, None if failed else error, self.thinking, best, failed)
        return status_line(self.game, now)
