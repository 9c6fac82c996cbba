"""The top AI level, "perfect": the solver when it can finish in time, else iterative deepening.

``perfect_player(ox, tbt)`` is what ``Seat(ply="perfect")`` plays with. Each
move it first asks the solver (:mod:`.engine.solver`) for the columns with the
best exact outcome (fastest win, slowest loss), within ``SOLVER_BUDGET`` seconds; when that is not enough (early
in a game on a big board) it searches ever deeper with the smart evaluation
(:mod:`.engine.search`, :mod:`.engine.evaluate`) until ``MOVE_BUDGET`` seconds
have passed since the move began, and plays the best move of the deepest
finished search. Either way it answers within about two seconds.
"""

from __future__ import annotations

import random
import time

from .board import Board
from .engine import search, solver
from .engine.budget import OutOfTime
from .engine.evaluate import evaluate as smart_evaluation
from .engine.position import Position
from .player import Player

SOLVER_BUDGET = 1.0  # seconds the solver may take before we fall back on a depth-limited search
MOVE_BUDGET = 1.8  # seconds for the whole move, solver included (the promise is 2 s)
BEST, OTHER = 1.0, 0.0  # tiebreak scores: the best columns, the rest (full columns stay -1.0)


class PerfectPlayer(Player):
    """A Player that plays perfectly whenever the solver finishes in time (fastest win, slowest loss).

    ``solver_budget`` and ``move_budget`` are in seconds (see the module docstring).
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
        self.solver_budget = solver_budget
        self.move_budget = move_budget

    def __repr__(self) -> str:
        return f"Player: ox = {self.ox}, tbt = {self.tbt}, ply = perfect"

    def next_move(self, b: Board) -> int:
        """The column to play on ``b``: the best exact outcome, or the deepest search's best score."""
        start = time.perf_counter()
        position = b.position(self.ox)
        if position.is_won() or position.is_lost() or position.is_full():
            return self.tiebreak_move(search.column_scores(position, 0))  # the game is over
        try:
            _, columns = solver.best_columns(position, deadline=start + self.solver_budget)
        except OutOfTime:
            return self.tiebreak_move(self._deepest_scores(position, start + self.move_budget))
        return self.tiebreak_move([self._tie_score(b, col, columns) for col in range(b.width)])

    def scores_for(self, b: Board) -> list[float]:
        """The seed's scores at full depth: 100 for a move that wins, 50 draws, 0 loses with best play.

        They are what ``Player(ox, tbt, ply).scores_for(b)`` returns once ``ply`` reaches the moves left.
        When the solver cannot finish within ``solver_budget`` seconds, the scores of the deepest plain
        (0-50-100) search finished before ``move_budget`` seconds: exact within that many moves.
        """
        start = time.perf_counter()
        position = b.position(self.ox)
        empty = position.geom.cells - position.moves_played
        if position.is_won() or position.is_lost() or position.is_full():
            return search.column_scores(position, empty)  # nothing to search
        try:
            outcomes = solver.column_outcomes(position, deadline=start + self.solver_budget)
        except OutOfTime:
            searcher = search.new_searcher(position.geom, deadline=start + self.move_budget)
            scores = search.column_scores(position, 0)
            for _, deeper in searcher.deepen(position, empty):
                scores = deeper
            return scores
        return [_outcome_score(outcome) for outcome in outcomes]

    @staticmethod
    def _tie_score(b: Board, col: int, best: list[int]) -> float:
        """BEST for the columns of the best outcome, OTHER for the rest, FULL_COLUMN if full."""
        if not b.allows_move(col):
            return search.FULL_COLUMN
        return BEST if col in best else OTHER

    def _deepest_scores(self, position: Position, deadline: float) -> list[float]:
        """Column scores of the deepest search finished before ``deadline`` (ply 0 if none finished).

        Stops at the first ply that finds a win (the fastest one); a ply where
        every column loses is ignored in favour of the ply before (the slowest loss).
        """
        geom = position.geom
        searcher = search.new_searcher(geom, evaluate=smart_evaluation, deadline=deadline)
        best = [search.DRAW if position.can_play(col) else search.FULL_COLUMN for col in range(geom.width)]
        empty = geom.cells - position.moves_played
        for _, scores in searcher.deepen(position, empty):
            playable = [s for s in scores if s != search.FULL_COLUMN]
            if max(playable) <= search.LOSS:
                break
            best = scores
            if max(playable) >= search.WIN:
                break
        return best


def _outcome_score(distance: int | None) -> float:
    """A solver's signed distance as the seed's score: win 100, draw 50, loss 0; a full column -1."""
    if distance is None:
        return search.FULL_COLUMN
    return search.WIN if distance > 0 else search.LOSS if distance < 0 else search.DRAW


def perfect_player(ox: str, tbt: str, rng: random.Random | None = None) -> Player:
    """The "perfect" level: a :class:`PerfectPlayer` playing ``ox`` with tiebreak ``tbt``."""
    return PerfectPlayer(ox, tbt, rng=rng)
