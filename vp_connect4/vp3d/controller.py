"""The 3D game's loop logic, without VPython: intents in, ``Game`` changes, ``View`` calls out.

The scene's callbacks (VPython runs them on worker threads) only put *intents*
on a queue; the render loop hands each one to ``Controller.handle`` and calls
``Controller.tick`` once a frame. The controller validates input against the
``Game`` (the only owner of game state), asks the ``View`` to show the result,
and sends AI work to an ``AiRunner`` (a worker process in the scene, a
synchronous fake in tests), polling its futures so the scene never blocks.

Input that cannot be played (a full column, not a human's turn, a checker
still falling, the AI thinking, the game over) is refused with a cue on the
view and an ``ignored: ...`` line in the log, never kept for later.

Log lines (one per event, to ``log``; the scene prints them, flushed)::

    move <n>: <X|O> column <c>      c 0-based, n counted from the empty board
    result: X wins | result: O wins | result: draw
    moves: <digits>                  the game so far, as set_board accepts it (at the end of a game)
    setting: <X|O> ply <n>           also: <X|O> player human|ai, <X|O> evaluation ..., tiebreak ...
    hint: <X|O> <score> ...          one score per column (-1 full)
    ignored: <reason>
    undo: <k> move(s) | new game | paused | resumed | error: <text>
"""

from __future__ import annotations

import time
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol

from ..board import CHECKERS, other
from ..errors import Connect4Error
from ..game import AI, DEFAULT_PLY, DRAW, HUMAN, Game, Move, Seat, ai_column
from .ai import AiRunner, hint_scores

COLOUR_NAMES = {"X": "red", "O": "yellow"}
AI_DUEL_PAUSE = 0.7  # seconds between the moves of an AI duel, so people can follow
SEED_STRIDE = 1000  # per-move seeds seed*SEED_STRIDE + move number: repeatable, different each move

# -- intents ---------------------------------------------------------------------


@dataclass(frozen=True)
class PlayColumn:
    """A human chose a column (0-based), by key or click; ``None``: a click beside the rack."""

    col: int | None
    source: str = "key"


@dataclass(frozen=True)
class Hover:
    """The mouse is over column ``col`` (``None``: over no column)."""

    col: int | None


@dataclass(frozen=True)
class NewGame:
    pass


@dataclass(frozen=True)
class Undo:
    pass


@dataclass(frozen=True)
class Hint:
    pass


@dataclass(frozen=True)
class KeepScores:
    on: bool


@dataclass(frozen=True)
class SetKind:
    ox: str
    kind: str  # HUMAN or AI


@dataclass(frozen=True)
class SetPly:
    ox: str
    ply: int | str  # 0, 1, 2, ... or PERFECT


@dataclass(frozen=True)
class SetTiebreak:
    tiebreak: str


@dataclass(frozen=True)
class SetEvaluation:
    ox: str
    evaluation: str


@dataclass(frozen=True)
class TogglePause:
    pass


@dataclass(frozen=True)
class ResetView:
    pass


Intent = (
    PlayColumn
    | Hover
    | NewGame
    | Undo
    | Hint
    | KeepScores
    | SetKind
    | SetPly
    | SetTiebreak
    | SetEvaluation
    | TogglePause
    | ResetView
)


# -- the view, as the controller sees it ---------------------------------------------


class View(Protocol):
    """What the scene shows; every method returns at once (animations run in ``animate``)."""

    def is_busy(self) -> bool:
        """True while a checker is still falling."""

    def drop(self, move: Move) -> None:
        """Animate ``move``'s checker falling into its cell; mark it as the last move when it lands."""

    def redraw(self, game: Game) -> None:
        """Show ``game``'s board at once (after an undo or a new game): checkers, last move, no highlight."""

    def highlight_win(self, cells: list[tuple[int, int]]) -> None:
        """Make the winning checkers glow; ``cells`` are ``(row, col)`` in ``Board.data``."""

    def announce(self, text: str | None) -> None:
        """The result, large over the rack; ``None`` hides it."""

    def show_status(self, text: str) -> None: ...

    def cue(self, text: str) -> None:
        """Flash a short warning: input was refused."""

    def show_scores(self, scores: list[float] | None) -> None:
        """Large per-column scores above the rack; ``None`` hides them."""

    def show_ghost(self, col: int | None, ox: str) -> None:
        """A translucent ``ox`` checker over ``col``; ``None`` hides it."""

    def show_settings(self, seats: dict[str, Seat], paused: bool) -> None:
        """Make the widgets agree with the seats (and the Pause/Resume button with ``paused``)."""

    def reset_view(self) -> None: ...


def print_flush(line: str) -> None:
    print(line, flush=True)


@dataclass
class _Job:
    kind: str  # "move" or "hint"
    generation: int
    moves: str
    ox: str
    future: Future[Any]


class Controller:
    """Applies intents to a ``Game`` and keeps the view and the AI worker in step with it."""

    def __init__(
        self,
        game: Game,
        view: View,
        runner: AiRunner,
        *,
        start_moves: str = "",
        seed: int | None = None,
        log: Callable[[str], None] = print_flush,
        clock: Callable[[], float] = time.monotonic,
        duel_pause: float = AI_DUEL_PAUSE,
    ) -> None:
        """``start_moves``: the moves that made ``game``'s starting position (a puzzle), for the AI and the log."""
        self.game = game
        self.view = view
        self.runner = runner
        self.start_moves = start_moves
        self.seed = seed
        self.log = log
        self.clock = clock
        self.duel_pause = duel_pause
        self.paused = False
        self.keep_scores = False
        self.generation = 0  # bumped whenever the position or the wish for an AI answer changes
        self.status = ""
        self._job: _Job | None = None
        self._hover: int | None = None
        self._ghost: tuple[int | None, str] | None = None
        self._landing = False  # a dropped checker has not been seen landing yet
        self._landed_at = -1e9
        self._announced = False
        self._scores_generation: int | None = None
        self._error: str | None = None

    # -- public --------------------------------------------------------------------

    @property
    def moves(self) -> str:
        """Every move from the empty board: the start position's and this game's."""
        return self.start_moves + self.game.move_string

    @property
    def thinking(self) -> bool:
        return self._job is not None and self._job.kind == "move"

    def start(self) -> None:
        """Show the starting position and settings."""
        self.view.redraw(self.game)
        self.view.show_settings(self.game.seats, self.paused)
        self._landed_at = self.clock()  # an AI duel waits a moment before its first move too
        self._refresh()

    def handle(self, intent: Intent) -> None:
        """Apply one intent; refused input gives a cue, never a queued move."""
        handler = self._handlers.get(type(intent))
        if handler is None:
            raise TypeError(f"not an intent: {intent!r}")
        handler(self, intent)
        self._refresh()

    def tick(self, now: float | None = None) -> None:
        """Once a frame: notice landings, collect AI answers, start AI work, refresh status and ghost."""
        now = self.clock() if now is None else now
        busy = self.view.is_busy()
        if self._landing and not busy:
            self._landing = False
            self._landed_at = now
        if not busy and not self._landing:
            self._announce_result()
        self._collect()
        if not busy and not self._landing and self._job is None:
            self._start_work(now)
        self._refresh()

    def close(self) -> None:
        """The scene ends: stop the worker and log an unfinished game's moves."""
        self._drop_job()
        self.runner.close()
        if not self._announced and self.game.history:
            self.log(f"moves: {self.moves}")

    # -- intents ---------------------------------------------------------------------

    def _on_play(self, intent: PlayColumn) -> None:
        reason = self._why_not_playable(intent.col)
        if reason:
            self._refuse(reason)
            return
        self._play(intent.col)  # type: ignore[arg-type]

    def _why_not_playable(self, col: int | None) -> str | None:
        game = self.game
        if game.is_over:
            return "the game is over: press New game"
        if self._landing or self.view.is_busy():
            return "wait for the checker to land"
        if self.thinking:
            return f"wait: {game.to_move} is thinking"
        if game.seat_to_move().is_ai:
            return f"it is the AI's turn ({game.to_move})"
        if col is None:
            return "click on a column of the rack"
        if not 0 <= col < game.board.width:
            return f"there is no column {col + 1}"
        if not game.board.allows_move(col):
            return f"column {col + 1} is full"
        return None

    def _on_hover(self, intent: Hover) -> None:
        self._hover = intent.col

    def _on_new_game(self, intent: NewGame) -> None:
        if self.game.history and not self._announced:
            self.log(f"moves: {self.moves}")
        self._drop_job()
        self.game.new_game()
        self._position_changed()
        self.paused = False
        self._error = None
        self.log("new game")
        self.view.redraw(self.game)
        self.view.show_settings(self.game.seats, self.paused)

    def _on_undo(self, intent: Undo) -> None:
        if not self.game.history:
            self._refuse("nothing to undo")
            return
        self._drop_job()
        if any(not seat.is_ai for seat in self.game.seats.values()):
            undone = self.game.undo_turn()
        else:  # an AI duel: one move back, and stop there so people can look
            undone = [self.game.undo()]
            self.paused = True
            self.view.show_settings(self.game.seats, self.paused)
        self._position_changed()
        self.log(f"undo: {len(undone)} move{'s' if len(undone) != 1 else ''}")
        self.view.redraw(self.game)

    def _on_hint(self, intent: Hint) -> None:
        if self.game.is_over:
            self._refuse("the game is over: press New game")
        elif self.thinking:
            self._refuse(f"wait: {self.game.to_move} is thinking")
        elif self._job is None:
            self._submit_hint()

    def _on_keep_scores(self, intent: KeepScores) -> None:
        self.keep_scores = bool(intent.on)

    def _on_set_kind(self, intent: SetKind) -> None:
        if self.game.seats[intent.ox].kind == intent.kind:
            return
        self._change_seat(intent.ox, kind=intent.kind)
        self.log(f"setting: {intent.ox} player {intent.kind}")
        if self.thinking and self._job.ox == intent.ox and intent.kind == HUMAN:  # type: ignore[union-attr]
            self._drop_job()  # the seat's person moves now

    def _on_set_ply(self, intent: SetPly) -> None:
        if self.game.seats[intent.ox].ply == intent.ply:
            return
        if self._change_seat(intent.ox, ply=intent.ply):
            self.log(f"setting: {intent.ox} ply {intent.ply}")

    def _on_set_tiebreak(self, intent: SetTiebreak) -> None:
        if all(seat.tiebreak == intent.tiebreak for seat in self.game.seats.values()):
            return
        if all(self._change_seat(ox, tiebreak=intent.tiebreak) for ox in CHECKERS):
            self.log(f"setting: tiebreak {intent.tiebreak}")

    def _on_set_evaluation(self, intent: SetEvaluation) -> None:
        if self.game.seats[intent.ox].evaluation == intent.evaluation:
            return
        if self._change_seat(intent.ox, evaluation=intent.evaluation):
            self.log(f"setting: {intent.ox} evaluation {intent.evaluation}")

    def _on_toggle_pause(self, intent: TogglePause) -> None:
        self.paused = not self.paused
        self._error = None
        if self.paused and self.thinking:
            self._drop_job()  # resumed, the AI thinks again with the settings of that moment
        self.log("paused" if self.paused else "resumed")
        self.view.show_settings(self.game.seats, self.paused)

    def _on_reset_view(self, intent: ResetView) -> None:
        self.view.reset_view()

    _handlers: ClassVar[dict[type, Callable[[Controller, Any], None]]] = {
        PlayColumn: _on_play,
        Hover: _on_hover,
        NewGame: _on_new_game,
        Undo: _on_undo,
        Hint: _on_hint,
        KeepScores: _on_keep_scores,
        SetKind: _on_set_kind,
        SetPly: _on_set_ply,
        SetTiebreak: _on_set_tiebreak,
        SetEvaluation: _on_set_evaluation,
        TogglePause: _on_toggle_pause,
        ResetView: _on_reset_view,
    }

    # -- moves -----------------------------------------------------------------------

    def _play(self, col: int) -> None:
        move = self.game.play(col)
        self.log(f"move {len(self.start_moves) + move.number}: {move.ox} column {move.col}")
        self._position_changed()
        self._landing = True
        self.view.drop(move)

    def _position_changed(self) -> None:
        self.generation += 1
        self._announced = False
        self._scores_generation = None
        self.view.show_scores(None)
        self.view.announce(None)

    def _announce_result(self) -> None:
        if self._announced or not self.game.is_over:
            return
        self._announced = True
        outcome = self.game.outcome
        self.view.highlight_win(self.game.winning_cells())
        humans = [ox for ox in CHECKERS if not self.game.seats[ox].is_ai]
        self.view.announce(self._result_text(humans))
        self.log("result: draw" if outcome == DRAW else f"result: {outcome} wins")
        self.log(f"moves: {self.moves}")

    def _change_seat(self, ox: str, **changes: Any) -> bool:
        """Apply a setting from the next move on; a refused value gives a cue and restores the widgets."""
        try:
            self.game.update_seat(ox, **changes)
        except (Connect4Error, TypeError) as error:
            self._refuse(str(error))
            return False
        finally:
            self.view.show_settings(self.game.seats, self.paused)
        self._error = None
        return True

    def _refuse(self, reason: str) -> None:
        self.log(f"ignored: {reason}")
        self.view.cue(reason[0].upper() + reason[1:])

    # -- AI work ---------------------------------------------------------------------

    def _start_work(self, now: float) -> None:
        game = self.game
        if game.is_over:
            return
        if self.keep_scores and self._scores_generation != self.generation:
            self._submit_hint()
            return
        seat = game.seat_to_move()
        if not seat.is_ai or self.paused or self._error:
            return
        duel = all(s.is_ai for s in game.seats.values())
        if duel and now < self._landed_at + self.duel_pause:
            return
        seed = None if self.seed is None else self.seed * SEED_STRIDE + len(self.moves)
        board = game.board
        future = self.runner.submit(ai_column, board.width, board.height, self.moves, game.to_move, seat, seed)
        self._job = _Job("move", self.generation, self.moves, game.to_move, future)

    def _submit_hint(self) -> None:
        board = self.game.board
        ox = self.game.to_move
        future = self.runner.submit(hint_scores, board.width, board.height, self.moves, ox, self._hint_seat(ox))
        self._job = _Job("hint", self.generation, self.moves, ox, future)

    def _hint_seat(self, ox: str) -> Seat:
        """Whose eyes a hint uses: the side to move's AI, else its opponent's AI, else a default AI."""
        for seat in (self.game.seats[ox], self.game.seats[other(ox)]):
            if seat.is_ai:
                return seat
        return Seat(AI, ply=DEFAULT_PLY)

    def _collect(self) -> None:
        job = self._job
        if job is None or not job.future.done():
            return
        self._job = None
        if job.generation != self.generation or job.moves != self.moves or job.future.cancelled():
            return  # stale: the position changed while the worker thought
        error = job.future.exception()
        if error is not None:
            self._error = f"the AI could not {'move' if job.kind == 'move' else 'give a hint'}: {error}"
            self.log(f"error: {self._error}")
            self.view.cue(self._error)
            if job.kind == "hint":
                self.keep_scores = False
            return
        if job.kind == "hint":
            scores = [float(score) for score in job.future.result()]
            self._scores_generation = self.generation
            self.log(f"hint: {job.ox} " + " ".join(f"{score:g}" for score in scores))
            self.view.show_scores(scores)
            return
        col = job.future.result()
        if not self.game.board.allows_move(col):
            self._error = f"the AI chose column {col}, which cannot be played"
            self.log(f"error: {self._error}")
            return
        self._play(col)

    def _drop_job(self) -> None:
        if self._job is not None:
            self.runner.discard(self._job.future)
            self._job = None

    # -- what the view shows ---------------------------------------------------------

    def _refresh(self) -> None:
        status = self._status_text()
        if status != self.status:
            self.status = status
            self.view.show_status(status)
        ghost = self._ghost_wanted()
        if ghost != self._ghost:
            self._ghost = ghost
            self.view.show_ghost(*ghost)

    def _ghost_wanted(self) -> tuple[int | None, str]:
        game = self.game
        ox = game.to_move
        if self._hover is None or self._why_not_playable(self._hover) is not None:
            return (None, ox)
        return (self._hover, ox)

    def name(self, ox: str) -> str:
        """``'X (red)'``: a side as the scene names it."""
        return f"{ox} ({COLOUR_NAMES[ox]})"

    def _status_text(self) -> str:
        game = self.game
        humans = [ox for ox in CHECKERS if not game.seats[ox].is_ai]
        last = game.last_move
        if last is not None and (self._landing or self.view.is_busy()):
            return f"{self.name(last.ox)} plays column {last.col + 1}…"
        if game.is_over:
            return self._result_text(humans)
        ox = game.to_move
        seat = game.seats[ox]
        if self._error:
            return f"{self.name(ox)}: {self._error}. Change a setting or press New game."
        if seat.is_ai:
            if self.paused:
                return f"Paused: {self.name(ox)} to move (AI). Press Resume."
            if self.thinking:
                return f"{self.name(ox)} is thinking…"
            return f"{self.name(ox)} to move (AI)"
        width = game.board.width
        who = "Your turn" if len(humans) == 1 else "To move"
        return f"{who}: {self.name(ox)}. Click a column or press 1-{width}."

    def _result_text(self, humans: list[str]) -> str:
        outcome = self.game.outcome
        if outcome == DRAW:
            return "Draw: the board is full. Press New game to play again."
        if len(humans) == 1:
            if outcome in humans:
                return f"You win! {self.name(outcome)} has four in a row."  # type: ignore[arg-type]
            return f"You lose: {self.name(outcome)} has four in a row."  # type: ignore[arg-type]
        return f"{self.name(outcome)} wins with four in a row!"  # type: ignore[arg-type]


__all__ = [
    "AI",
    "HUMAN",
    "Controller",
    "Hint",
    "Hover",
    "Intent",
    "KeepScores",
    "NewGame",
    "PlayColumn",
    "ResetView",
    "SetEvaluation",
    "SetKind",
    "SetPly",
    "SetTiebreak",
    "TogglePause",
    "Undo",
    "View",
]
