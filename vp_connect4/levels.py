"""AI levels: a look-ahead of 0, 1, 2, ... plies, or "perfect". ``Level`` parses, names and makes players.

The perfect level (:class:`PerfectPlayer`) plays by :func:`.engine.perfect.choose`: on a 7x6 board
the opening book's exact outcomes up to 12 checkers, then the solver's (fastest win, slowest loss),
or, when an exact solve takes too long, a weak solve (win, draw or loss) and a column proved to keep
it; only when even that takes too long (or on a variant the solver cannot play) it searches ever
deeper with the smart evaluation. Either way it answers within about two seconds.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from . import wording
from .board import Board
from .engine import perfect, search
from .engine import variant as variant_engine
from .engine.budget import OutOfTime
from .engine.evaluate import evaluate as smart_evaluation
from .engine.position import Position
from .errors import InvalidSettingError
from .player import Player, check_board, check_ply

PERFECT = "perfect"  # the top level's name, as typed and as logged
VARIANT_DEPTH = 42  # the deepest look-ahead the perfect level tries on a variant board the solver cannot answer
DEFAULT_PLY = 4
SOLVER_BUDGET = 1.0  # seconds the solver may take before we fall back on a depth-limited search
MOVE_BUDGET = perfect.MOVE_BUDGET  # seconds for the whole move (the promise is 2 s)
BEST, OTHER = 1.0, 0.0  # tiebreak scores: the best columns, the rest (full columns stay -1.0)


@dataclass(frozen=True)
class Level:
    """How far an AI looks ahead: ``ply`` moves, or the whole game (``ply`` None: perfect)."""

    ply: int | None = DEFAULT_PLY

    def __post_init__(self) -> None:
        if self.ply is not None:
            check_ply(self.ply)

    @classmethod
    def parse(cls, value: object) -> Level:
        """A level from a ``Level``, a whole number 0 or more, or a string: ``'4'`` or ``'perfect'``."""
        if isinstance(value, Level):
            return value
        if isinstance(value, str):
            text = value.strip()
            if text == PERFECT:
                return cls(None)
            if text.isascii() and text.isdigit():
                return cls(int(text))
        elif isinstance(value, int) and not isinstance(value, bool) and value >= 0:
            return cls(value)
        raise InvalidSettingError(wording.phrase(wording.bad_level, PERFECT, value))

    @property
    def is_perfect(self) -> bool:
        return self.ply is None

    def __str__(self) -> str:
        """``'4'`` or ``'perfect'``: as typed on the command line and written in log lines."""
        return PERFECT if self.ply is None else str(self.ply)

    @property
    def label(self) -> str:
        """As people read it: ``ply 4`` or ``perfect``."""
        return wording.level(self.ply)

    def player(
        self, ox: str, tbt: str, rng: random.Random | None = None, evaluation: str = "simple", defend: bool = False
    ) -> Player:
        """The seed ``Player`` that plays ``ox`` at this level (``evaluation`` is for numbered levels).

        ``defend``: when every move loses within its look-ahead, play the longest defence
        (:class:`DefendingPlayer`; the perfect player always does) instead of the seed's tiebreak.
        """
        if self.ply is None:
            return PerfectPlayer(ox, tbt, rng=rng)
        kind = DefendingPlayer if defend else Player
        return kind(ox, tbt, self.ply, rng=rng, evaluation=evaluation)


class DefendingPlayer(Player):
    """The seed's Player, except in a lost position: the AI of the game's seats.

    When every move loses within ``ply`` moves (all scores 0), the seed's ``next_move`` breaks the
    tie as among equals, and may not even block a four in one. This player plays, among the lost
    moves, one that holds out longest: it looks again at ply - 1, ply - 2, ... and keeps the
    columns of the deepest ply at which some moves do not lose yet. ``scores_for`` and
    ``scores_for_tourney`` stay the seed's.
    """

    def next_move(self, b: Board) -> int:
        self.check_can_move(b)
        scores = self.scores_for_tourney(b) if self.evaluation == "smart" else self.scores_for(b)
        if max(scores) == search.LOSS:
            for ply in range(self.ply - 1, 0, -1):
                shallower = self.scores_at(b, ply)
                if max(shallower) > search.LOSS:
                    return self.tiebreak_move(shallower)
        return self.tiebreak_move(scores)


class PerfectPlayer(Player):
    """A Player that plays perfectly whenever the solver finishes in time (fastest win, slowest loss).

    Every ``Player`` method keeps its meaning, with the whole game as the look-ahead: ``scores_for``
    and ``scores_for_tourney`` are the seed's recursion at full depth (they are equal there: no
    search reaches a horizon), ``next_move`` picks among the best columns by the tiebreak.
    ``ply`` is the string ``'perfect'``. ``solver_budget`` and ``move_budget`` are in seconds
    (see the module docstring).
    """

    def __init__(
        self,
        ox: str,
        tbt: str,
        rng: random.Random | None = None,
        solver_budget: float = SOLVER_BUDGET,
        move_budget: float = MOVE_BUDGET,
    ) -> None:
        super().__init__(ox, tbt, 0, rng=rng, evaluation="smart")
        self.ply = PERFECT  # type: ignore[assignment]
        self.solver_budget = solver_budget
        self.move_budget = move_budget
        self.last_choice: perfect.Choice | None = None  # how the last move was found (benchmarks read it)

    def next_move(self, b: Board) -> int:
        """The column to play on ``b``: the best exact outcome, or the deepest search's best score.

        IllegalMoveError if the game on ``b`` is over. On a variant board the solver answers when gravity
        is all that changes (the standard game in gravity's frame); otherwise the deepest smart search.
        """
        start = time.perf_counter()
        self.check_can_move(b)
        position = solvable(b, self.ox)
        if position is None:
            return self.tiebreak_move(self._deepest_variant_scores(b, start + self.move_budget, smart=True))
        choice = perfect.choose(position, start, self.move_budget)
        self.last_choice = choice
        return self.tiebreak_move([self._tie_score(b, col, choice.columns) for col in range(b.move_count())])

    def scores_for(self, b: Board) -> list[float]:
        """The seed's scores at full depth: 100 for a move that wins, 50 draws, 0 loses with best play.

        They are what ``Player(ox, tbt, ply).scores_for(b)`` returns once ``ply`` reaches the moves left.
        When the solver cannot finish within ``solver_budget`` seconds (or cannot solve ``b``'s variant), the
        scores of the deepest plain (0-50-100) search finished before ``move_budget`` seconds: exact within
        that many moves.
        """
        start = time.perf_counter()
        check_board(b)
        position = solvable(b, self.ox)
        if position is None:
            return self._deepest_variant_scores(b, start + self.move_budget, smart=False)
        empty = position.geom.cells - position.moves_played
        if _is_over(position):
            return search.column_scores(position, empty)  # nothing to search
        try:
            outcomes = perfect.column_outcomes(position, deadline=start + self.solver_budget)
        except OutOfTime:
            searcher = search.new_searcher(position.geom, deadline=start + self.move_budget)
            scores = search.column_scores(position, 0)
            for _, deeper in searcher.deepen(position, empty):
                scores = deeper
            return scores
        return [_outcome_score(outcome) for outcome in outcomes]

    def scores_for_tourney(self, b: Board) -> list[float]:
        """At full depth the same as :meth:`scores_for` when the solver finishes in time; otherwise the
        smart scores of the deepest search finished within ``move_budget`` seconds (what ``next_move`` plays by).
        """
        start = time.perf_counter()
        check_board(b)
        position = solvable(b, self.ox)
        if position is None:
            return self._deepest_variant_scores(b, start + self.move_budget, smart=True)
        if _is_over(position):
            return self.scores_for(b)
        try:
            outcomes = perfect.column_outcomes(position, deadline=start + self.solver_budget)
        except OutOfTime:
            return self._deepest_smart_scores(position, start + self.move_budget)
        return [_outcome_score(outcome) for outcome in outcomes]

    @staticmethod
    def _tie_score(b: Board, col: int, best: list[int]) -> float:
        """BEST for the columns of the best outcome, OTHER for the rest, FULL_COLUMN if full."""
        if not b.allows_move(col):
            return search.FULL_COLUMN
        return BEST if col in best else OTHER

    def _deepest_smart_scores(self, position: Position, deadline: float) -> list[float]:
        return perfect.deepest_smart_scores(position, deadline)

    def _deepest_variant_scores(self, b: Board, deadline: float, smart: bool) -> list[float]:
        """On a variant board the solver cannot answer: the scores of the deepest search finished in time,
        with the smart evaluation at the horizon (``smart``) or the seed's plain 50, as ``_deepest_smart_scores``.
        """
        evaluate = smart_evaluation if smart else None
        best = [search.DRAW if b.allows_move(move) else search.FULL_COLUMN for move in range(b.move_count())]

        def deepen() -> Iterator[tuple[int, list[float]]]:
            for ply in range(1, VARIANT_DEPTH + 1):
                try:
                    scores = self._variant_scores(b, ply, evaluate, deadline)
                except OutOfTime:
                    return
                yield ply, scores

        return perfect.deepest(deepen(), best) if smart else _last(deepen(), best)

    def _variant_scores(self, b: Board, ply: int, evaluate: Any, deadline: float) -> list[float]:
        rules = b.variant_rules
        assert rules is not None
        return variant_engine.column_scores(rules, b.variant_state(self.ox), ply, evaluate, deadline)


def _last(deepening: Iterable[tuple[int, list[float]]], scores: list[float]) -> list[float]:
    """The scores of the deepest ply (``scores`` if none finished)."""
    for _, deeper in deepening:
        scores = deeper
    return scores


def solvable(b: Board, ox: str) -> Position | None:
    """``b`` with ``ox`` to move as a position the solver can answer for (None: a variant it cannot)."""
    rules = b.variant_rules
    if rules is None:
        return b.position(ox)
    return variant_engine.frame_position(rules, b.variant_state(ox))


def _is_over(position: Position) -> bool:
    return position.is_won() or position.is_lost() or position.is_full()


def _outcome_score(distance: int | None) -> float:
    """A solver's signed distance as the seed's score: win 100, draw 50, loss 0; a full column -1."""
    if distance is None:
        return search.FULL_COLUMN
    return search.WIN if distance > 0 else search.LOSS if distance < 0 else search.DRAW
