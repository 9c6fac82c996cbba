"""The 3D game's loop logic, without VPython: intents in, ``Game`` changes, ``View`` calls out.

The scene's callbacks (VPython runs them on worker threads) only put *intents* on a queue; the
render loop hands each one to ``Controller.handle`` and calls ``Controller.tick`` once a frame.
The controller asks the ``Game`` (the only owner of game state) whether input can be played,
asks the ``View`` to show the result, and sends AI work through ``AiJobs`` (a worker process in
the scene, a synchronous fake in tests), so the scene never blocks. Sentences come from
``wording``, in the language spoken at the moment they are shown: the language menu
(``SetLanguage``) says every text again, mid-game, and the game goes on. The log is English in
any language: where a refusal is both shown (a cue) and logged, the log says it in English. Every log line
(``move ...``, ``result: ...``, ``moves: ...``, ``setting: ...``, ``hint: ...``, ``ignored: ...``...) is made by
:mod:`..texts.log_lines`, which lists them all.

Input that cannot be played (a full column, not a human's turn, the AI thinking, the game over) is refused with a
cue on the view and an ``ignored: ...`` line in the log. A move asked for while a checker is still falling is kept
(a cue, a ``kept: ...`` line) and asked again the frame it lands: played then, or refused then (see
:mod:`.playing`). Input that comes before the scene is built waits on the scene's queue and is handled in its
first frame.

The controller is made of parts, each owning its state and given one :class:`.context.Context` (the game, the
view, the AI's jobs, the log, the clock): :class:`.playing.Playing` (a column played, the hover and selection,
the flip), :class:`.games.Results` (the result announced, the score) and :class:`.games.Games` (New game, Load,
Undo, Redo, Pause, Reset view, the rules and size menus), :class:`.settings.Settings`, :class:`.hinting.Hints`
(Hint, *keep scores shown*), :class:`.analysing.Analysis` (Analyse game), :class:`.think.part.Think` (Think: a
side's ``scores_for`` as a tree) and :class:`.player_files.PlayerFiles`
(a player file's failure, Try again, the Player file field), and over a link :class:`.linked.Linked` (the other
machine's moves as they come; what a link cannot do yet refused in words; its end said). One table
(``Controller.handlers``) routes each intent to its part's handler; the controller itself runs the AI's work and
says the status line.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable
from typing import Any

from ... import wording
from ...game import Game
from ...students import DEFAULT_TIME_LIMIT, StudentError
from ...terminal_input import write_line
from ..texts import log_lines
from ..texts.status import Moment, status_line
from ..worker.jobs import AiJobs, AiRunner, JobKind
from . import intents
from .analysing import Analysis
from .context import Context, SceneState
from .games import Games, Results
from .hinting import Hints
from .linked import Linked, LinkSide
from .player_files import PlayerFiles
from .playing import Playing
from .settings import Settings
from .think.part import Think
from .view_protocol import View

AI_DUEL_PAUSE = 0.7  # seconds between the moves of an AI duel, so people can follow
SEED_STRIDE = 1000  # per-move seeds seed*SEED_STRIDE + move number: repeatable, different each move

Command = intents.Command


def print_flush(line: str) -> None:
    write_line(line)  # in one piece: the link's threads write lines too


class Controller:
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
        loader: AiRunner | None = None,
        link: LinkSide | None = None,
    ) -> None:
        """``state``: what the scene had before a reload (the result already logged, the score, Pause...);
        ``move_time``: the seconds a player file may take for a move; ``link``: the other side's, over a link."""
        state = state if state is not None else SceneState()
        self.ctx = ctx = Context(game, view, AiJobs(runner, loader), log, clock, move_time, state.paused)
        self.game, self.view = game, view  # the context's: the game changes in place, never for another
        self.seed = seed
        self.duel_pause = duel_pause
        # the order matters: when the position changes, the hint's labels go, then the banner, then the events
        self.hints = Hints(ctx, state.keep_scores, lambda: self.away)
        self.results = Results(ctx, state)
        self.playing = Playing(ctx)
        self.games = Games(ctx, self.playing, self.results)
        self.settings = Settings(ctx, self._said_again)
        self.analysis = Analysis(ctx, self.playing, self.results, self.hints)
        self.think = Think(ctx, self.playing, self.results, self.hints)
        self.files = PlayerFiles(ctx, [seat.source for seat in game.seats.values() if seat.source is not None])
        self.linked = Linked(ctx, self.playing, self.games, link, self.settings.on_swap_sides)
        self.handlers = self._handlers()
        self.status = ""
        self._ghost: tuple[int | None, str] | None = None
        self._thinking_shown: str | None = None
        self._moves_shown: str | None = None

    def _handlers(self) -> dict[Hashable, Callable[[Any], None]]:
        """The dispatch table: each intent (a command itself, any other intent its class) to its part's handler."""
        playing, games, settings = self.playing, self.games, self.settings
        return {
            intents.PlayColumn: playing.on_play,
            intents.Hover: playing.on_hover,
            intents.MoveSelection: playing.on_move_selection,
            Command.DROP_SELECTION: playing.on_drop_selection,
            Command.FLIP: playing.on_flip,
            intents.ChangeRules: games.on_change_rules,
            Command.SWAP_SIDES: self.linked.offered_instead(settings.on_swap_sides),  # over a link: offered
            Command.NEW_GAME: self.linked.offered_instead(games.on_new_game),  # over a link: offered
            Command.UNDO: self.linked.offered_instead(games.on_undo),
            Command.REDO: games.on_redo,
            Command.HINT: self.hints.on_hint,
            Command.ANALYSE_GAME: self.analysis.on_analyse,
            Command.LEAVE_ANALYSIS: self.linked.refused_first(self.analysis.on_leave),  # Esc: no to an offer
            Command.THINK: self.think.on_think,
            Command.THINK_STEP: self.think.on_step,
            Command.THINK_PLAY: self.think.on_play,
            intents.ThinkSpeed: self.think.on_speed,
            intents.PickNode: self.think.on_pick,
            intents.LoadGame: games.on_load_game,
            intents.KeepScores: self.hints.on_keep_scores,
            intents.SetSeat: settings.on_seat_setting,
            intents.SetTiebreak: settings.on_set_tiebreak,
            intents.SetLanguage: settings.on_set_language,
            Command.TOGGLE_PAUSE: games.on_toggle_pause,
            Command.RESET_VIEW: games.on_reset_view,
            Command.RETRY: self.files.on_retry,
            intents.AddPlayerFile: self.files.on_add_player_file,
            Command.ACCEPT_OFFER: self.linked.on_accept,
        }

    # -- public --------------------------------------------------------------------

    @property
    def paused(self) -> bool:
        return self.ctx.paused

    @property
    def thinking(self) -> bool:
        return self.ctx.jobs.thinking

    @property
    def away(self) -> bool:
        """Analyse game or Think's tree is shown instead of the game: the game waits."""
        return self.analysis.analysing or self.think.showing

    @property
    def gravity(self) -> str:
        """Where gravity pulls now: a click names a column, or a row when it pulls sideways."""
        return self.game.board.gravity

    def state(self) -> SceneState:
        """What a reload keeps besides the game: whether the result is in the log, the score, Pause, shown scores."""
        return SceneState(self.results.announced, self.results.tally.counts(), self.paused, self.hints.keep_scores)

    def start(self) -> None:
        """Log the columns' convention once; show the starting position and settings."""
        ctx = self.ctx
        ctx.log(log_lines.columns(self.game.board.width))
        self.playing.log_rows()
        ctx.view.show_player_files(list(self.files.files))
        ctx.view.redraw(self.game)
        ctx.show_settings()
        ctx.view.show_tally(self.results.tally.text())
        ctx.view.show_keep_scores(self.hints.keep_scores)
        self.playing.landed_at = ctx.clock()  # an AI duel waits a moment before its first move too
        self._refresh()

    def handle(self, intent: intents.Intent) -> None:
        """Apply one intent; refused input gives a cue (a move asked for while a checker falls is kept until it
        lands)."""
        handler = self.handlers.get(intents.kind(intent))
        if handler is None:
            raise TypeError(f"not an intent: {intent!r}")
        if self.ctx.reloading:
            return
        refused = self.linked.refusal(intent)
        if refused is not None:  # over a link, what would change the game on this side only
            self.ctx.refuse(refused)
            self.ctx.show_settings()  # the menus show the game's settings again
        elif not self.analysis.takes(intent) and not self.think.takes(intent):
            handler(intent)
        self._refresh()

    def tick(self, now: float | None = None) -> None:
        """Once a frame: notice landings, collect AI answers, start AI work, refresh status and ghost."""
        if self.ctx.reloading:
            return
        now = self.ctx.clock() if now is None else now
        busy = self.view.is_busy()
        kept = self.playing.settle(now, busy)
        if kept is not None:  # a move asked for while the checker fell: asked for again, as any input is
            self.handle(kept)
        if not busy and not self.playing.landing and not self.away:
            self.results.announce()
        self.think.tick(now)
        self.linked.tick(self.away)  # may play the other machine's move: a checker starts falling
        self._collect()  # may play the AI's move: a checker starts falling
        self.files.collect()
        if not busy and not self.playing.landing and not self.ctx.jobs.busy:
            self._start_work(now)
        self._refresh()

    def close(self) -> None:
        """The scene ends: stop the worker and log an unfinished game's moves."""
        self.ctx.jobs.close()
        if not self.linked.logged:
            self.results.log_unfinished()

    # -- AI work ---------------------------------------------------------------------

    def _start_work(self, now: float) -> None:
        ctx, game = self.ctx, self.game
        if game.is_over or self.away:
            return
        if self.hints.wanted:
            self.hints.ask()
            return
        seat = game.seat_to_move()
        if not seat.is_ai or ctx.paused or ctx.error or self.linked.holds():
            return
        duel = all(s.is_ai for s in game.seats.values())
        if duel and now < self.playing.landed_at + self.duel_pause:
            return
        seed = None if self.seed is None else self.seed * SEED_STRIDE + len(game.move_string)
        ctx.jobs.ask(JobKind.MOVE, ctx.request(game.to_move, seat, seed), ctx.generation)

    def _collect(self) -> None:
        ctx = self.ctx
        answer = ctx.jobs.collect(ctx.generation)
        if answer is None:
            return
        if answer.kind is JobKind.THINK:
            if answer.error is not None:
                self.think.failed(answer.error)
            else:
                self.think.arrived(answer.value)
        elif answer.kind is JobKind.ANALYSIS:
            if answer.error is not None:
                self.analysis.failed(answer.error)
            else:
                self.analysis.arrived(answer.value)
        elif answer.kind is JobKind.MOVE and isinstance(answer.error, StudentError):
            self.files.failed(answer.request, answer.error)
        elif answer.error is not None:
            ctx.error = wording.phrase(wording.ai_failed, answer.kind is JobKind.MOVE, answer.error)
            ctx.log(log_lines.Line.ERROR(ctx.error.in_english()))
            ctx.view.cue(ctx.error())
            if answer.kind is JobKind.HINT:
                self.hints.failed()
        elif answer.kind is JobKind.HINT:
            self.hints.arrived(answer)
        elif self.game.why_not(answer.value) is not None:
            ctx.error = wording.phrase(wording.ai_bad_column, answer.value)
            ctx.log(log_lines.Line.ERROR(ctx.error.in_english()))
        else:
            self.playing.play(answer.value)

    # -- what the view shows ---------------------------------------------------------

    def _refresh(self) -> None:
        view = self.view
        status = self._status_text()
        if status != self.status:
            self.status = status
            view.show_status(status)
        ox = self.game.to_move
        hover = None if self.away else self.playing.hover
        ghost = (hover if hover is not None and self.playing.why_not(hover) is None else None, ox)
        if ghost != self._ghost:
            self._ghost = ghost
            view.show_ghost(*ghost)
        if self.game.move_string != self._moves_shown:
            self._moves_shown = self.game.move_string
            view.show_moves(self._moves_shown)
        self.files.show_failure()
        if self.ctx.jobs.thinking_for != self._thinking_shown:
            self._thinking_shown = self.ctx.jobs.thinking_for
            view.show_thinking(self._thinking_shown)

    def _status_text(self) -> str:
        if self.analysis.analysing:
            return self.analysis.status()
        if self.think.showing:
            return self.think.status()
        ctx = self.ctx
        linked = self.linked.status()
        if linked is not None:
            return linked
        falling = self.game.last_move is not None and self.playing.falling
        error = ctx.error() if ctx.error else None
        best_line = self.hints.line()
        best = best_line() if best_line else None  # None when no column can be played
        failed = error if self.files.failed_move() else None  # a player file's: its own short line
        now = Moment(ctx.paused, falling, None if failed else error, self.thinking, best, failed)
        return status_line(self.game, now)

    def _said_again(self) -> None:
        """The language changed: what depends on the game said again (the widgets were, by the view's relabel)."""
        self.view.show_tally(self.results.tally.text())
        self.results.show_again()
        self.linked.show_again()
        self.playing.show_told()
        self.hints.show()  # the perfect level's labels are words
        self.status = ""  # _refresh says the status line again
