"""The AI's work for the scene: one picklable request, and the one job in flight at a time.

An :class:`AiRequest` carries everything a worker process needs (board size, the rule variant, the
moves from the empty board, the side, its seat and the game's tiebreak; a player file's time limit) and answers
``best_column()`` (a seat's player file: the student's move, see :mod:`.student_moves`),
``scores()``, ``hint()`` (the scores, and the solver's exact outcomes for the perfect level), ``analysis()``
(every position of the game with perfect play: Analyse game) or ``think()`` (the side's ``scores_for`` as a
tree: Think); none of it imports VPython.
:class:`AiJobs` sends requests to an ``AiRunner`` (a worker process in the scene, a fake in tests) and hands
back answers that still fit the game: an answer for a position that has changed since is dropped.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass
from enum import Enum
from typing import Any, Protocol

from ... import wording
from ...board import RulesBoard
from ...errors import InvalidSettingError
from ...game import Seat
from ...rules import STANDARD
from ...students.process import DEFAULT_TIME_LIMIT
from ...think.tree import Tree
from .analysis import GameAnalysis, analyse
from .think import think_tree

HINT_SOLVER_BUDGET = 1.0  # seconds the solver may take for a hint's exact outcomes (else the rest are unknown)


class JobKind(Enum):
    """What a job works out: the seat's move, a hint, the game's analysis (Analyse game) or the Think tree."""

    MOVE = "move"
    HINT = "hint"
    ANALYSIS = "analysis"
    THINK = "think"


class AiRunner(Protocol):
    """Where AI work goes: ``submit`` returns at once, the future completes later."""

    def submit(self, fn: Callable[..., Any], *args: Any) -> Future[Any]: ...

    def discard(self, future: Future[Any]) -> None:
        """The answer of ``future`` is no longer wanted (a new game, an undo, a pause)."""

    def close(self) -> None:
        """Stop every worker; nothing is left running."""


@dataclass(frozen=True)
class AiRequest:
    """A question for the AI of ``seat``, playing ``ox`` after ``moves`` on an empty ``width`` x ``height`` board.

    ``variant``: the rules (``str(Variant)``, e.g. ``tetris``); ``moves`` is then a variant move string (``f`` a
    flip, ``s`` and four digits a swap, chance as it fell) and a move is a move number: a column, a row when
    gravity pulls sideways, or the flip (``RulesBoard.move_count``).
    """

    width: int
    height: int
    moves: str
    ox: str
    seat: Seat
    tiebreak: str
    seed: int | None = None  # for the RANDOM tiebreak: the same request, the same answer
    variant: str = STANDARD
    time_limit: float = DEFAULT_TIME_LIMIT  # seconds a seat's player file may take for its move

    def board(self) -> RulesBoard:
        board = RulesBoard(self.width, self.height, variant=self.variant)
        board.set_board(self.moves)
        return board

    def best_column(self) -> int:
        """The move the seat's player makes (a column; on a variant board a move number, maybe the flip).

        A seat with a player file (``Seat.source``): the student's ``next_move`` at the seat's ply, in its own
        process within ``time_limit`` seconds (:mod:`.student_moves`); StudentError if it fails, in words.
        """
        if self.seat.source is not None:
            board = self.board()
            if board.variant.parts:
                raise InvalidSettingError(wording.phrase(wording.player_file_standard_rules))
            from .student_moves import student_move  # the students' machinery: only in a worker that needs it

            level, seed = self.seat.level.ply, self.seed
            return student_move(self.seat.source, board, self.ox, self.tiebreak, level, seed, self.time_limit)
        return self.seat.player(self.ox, self.tiebreak, random.Random(self.seed)).next_move(self.board())

    def scores(self) -> list[float]:
        """The seat's ``scores_for``: -1 full, 0 loses, 50 neither, 100 wins (within its look-ahead); one per
        move (``RulesBoard.move_count``: on a variant board the flip's last)."""
        return [float(score) for score in self.seat.player(self.ox, self.tiebreak).scores_for(self.board())]

    def hint(self) -> HintAnswer:
        """What Hint shows: the seat's scores, and the exact outcomes when the seat is perfect (then the scores
        are the outcomes' 100 win, 50 draw, 0 loss: ``scores()`` without a second solve).

        Columns the solver could not work out within ``HINT_SOLVER_BUDGET`` are ``unknown``: their scores are
        ``scores()``'s (the perfect player's own solve, or its deepest search).
        """
        found = solver_outcomes(self.board(), self.ox, HINT_SOLVER_BUDGET) if self.seat.level.is_perfect else None
        if found is None:
            return HintAnswer(self.scores())
        outcomes, finished = found
        exact = [_outcome_score(distance) for distance in outcomes]
        if finished:
            return HintAnswer(exact, outcomes)
        scores = self.scores()
        unknown = tuple(move for move, score in enumerate(scores) if score >= 0 and _outcome(outcomes, move) is None)
        merged = [score if move in unknown else exact[move] for move, score in enumerate(scores)]
        return HintAnswer(merged, outcomes, unknown)

    def analysis(self) -> GameAnalysis:
        """Every position of this game (standard rules) with perfect play: Analyse game (see :mod:`.analysis`)."""
        return analyse(self.width, self.height, self.moves, variant=self.variant)

    def think(self) -> Tree:
        """The side's ``scores_for`` recursion as a tree (Think: see :mod:`.think`; standard rules)."""
        return think_tree(self.width, self.height, self.moves, self.ox, self.seat, self.tiebreak, self.time_limit)


@dataclass(frozen=True)
class HintAnswer:
    """``scores``: one per move (-1 full); ``outcomes``: the exact signed distances (perfect level), None for a
    full column or one in ``unknown`` (not worked out in time)."""

    scores: list[float]
    outcomes: list[int | None] | None = None
    unknown: tuple[int, ...] = ()

    @property
    def complete_outcomes(self) -> list[int | None] | None:
        """``outcomes`` if every open column's is known, else None."""
        return None if self.unknown else self.outcomes

    def outcome(self, move: int) -> int | None:
        """The exact outcome of ``move`` (a column, or a row in gravity's frame); None if it cannot be made, was not
        worked out in time, or was not asked for."""
        outcomes = self.outcomes or []
        return None if move in self.unknown else _outcome(outcomes, move)


def _outcome(outcomes: list[int | None], move: int) -> int | None:
    return outcomes[move] if move < len(outcomes) else None


def _outcome_score(distance: int | None) -> float:
    if distance is None:
        return -1.0
    return 100.0 if distance > 0 else 0.0 if distance < 0 else 50.0


def solver_outcomes(board: RulesBoard, ox: str, budget: float) -> tuple[list[int | None], bool] | None:
    """The exact signed distance of each column for ``ox`` (``engine.exact.perfect.outcomes_in_time``: the opening
    book's up to 12 checkers on a 7x6 board, else the solver's within ``budget`` seconds), and whether every
    column was worked out in time (the others are None, as full ones are).

    None if the game is over, or where the solver does not take the rules (it answers where they are the standard
    game seen from gravity's side: its moves are then the frame's columns, the move numbers).
    """
    from ...engine.exact import perfect

    if not board.referee.solver_takes or board.referee.outcome(ox) is not None:
        return None
    return perfect.outcomes_in_time(board.referee.solver_position(ox), budget)


@dataclass(frozen=True)
class Answer:
    kind: JobKind
    request: AiRequest
    value: Any = None  # a column (MOVE), a HintAnswer (HINT), a GameAnalysis (ANALYSIS) or a Tree (THINK)
    error: BaseException | None = None


@dataclass
class _Job:
    kind: JobKind
    request: AiRequest
    generation: int
    future: Future[Any]


class AiJobs:
    """At most one AI job at a time, and only answers that still fit the game. ``loader``: the runner of the checks
    that a player file loads (the page's Player file field), a worker of its own, so that a file that hangs while it
    loads never holds up the AI's moves (default: ``runner``)."""

    def __init__(self, runner: AiRunner, loader: AiRunner | None = None) -> None:
        self.runner = runner
        self.loader = loader if loader is not None else runner
        self._job: _Job | None = None

    @property
    def busy(self) -> bool:
        return self._job is not None

    @property
    def kind(self) -> JobKind | None:
        """What the job in flight works out (a JobKind); None when there is none."""
        return self._job.kind if self._job is not None else None

    @property
    def thinking(self) -> bool:
        """An AI move is being computed (not a hint)."""
        return self._job is not None and self._job.kind is JobKind.MOVE

    @property
    def thinking_for(self) -> str | None:
        """The side whose move is being computed, if any."""
        return self._job.request.ox if self.thinking else None  # type: ignore[union-attr]

    def ask(self, kind: JobKind, request: AiRequest, generation: int) -> None:
        """Start a job; ``generation`` names the game's state it is for."""
        self.drop()
        work = {
            JobKind.MOVE: request.best_column,
            JobKind.HINT: request.hint,
            JobKind.ANALYSIS: request.analysis,
            JobKind.THINK: request.think,
        }[kind]
        self._job = _Job(kind, request, generation, self.runner.submit(work))

    def collect(self, generation: int) -> Answer | None:
        """The finished job's answer, if it is for ``generation``; None if unfinished, stale or cancelled."""
        job = self._job
        if job is None or not job.future.done():
            return None
        self._job = None
        if job.generation != generation or job.future.cancelled():
            return None
        error = job.future.exception()
        if error is not None:
            return Answer(job.kind, job.request, error=error)
        return Answer(job.kind, job.request, job.future.result())

    def drop(self) -> None:
        """The job's answer is not wanted any more (its worker may be replaced)."""
        if self._job is not None:
            self.runner.discard(self._job.future)
            self._job = None

    def close(self) -> None:
        self.drop()
        self.runner.close()
        if self.loader is not self.runner:
            self.loader.close()
