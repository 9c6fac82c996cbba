"""The seed's search under any deterministic rules (:mod:`.mechanics`): its scores, and ever deeper in time.

:func:`column_scores` is ``Player.scores_for`` (and, with an evaluation, ``scores_for_tourney``) on any
rules: when they are the standard game seen from gravity's side (:attr:`.mechanics.Mechanics.straight_only`)
the standard searches of :mod:`.search` answer in that frame; otherwise :class:`RuleSearch`, the seed's
recursion (100 a win, 0 a loss, 50 neither, within ``ply`` moves; -1 a move that cannot be made) with
alpha-beta and a transposition table: the scores are exactly the plain recursion's.
:func:`deepest_scores` searches ever deeper until a deadline (one :func:`.budget.deepen`, either search); a
:func:`scorer` is the searcher both use, for a caller that asks at several plies or counts the positions searched.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from . import search
from .budget import Budget, deepen
from .evaluate import evaluate as smart_evaluation
from .mechanics import Mechanics
from .scores import DRAW, FULL_COLUMN, LOSS, SCORE_SUM, WIN, Evaluation, deepest, last
from .state import BOTH_FOURS, FULL, MOVE_LIMIT, MOVER_WINS, NO_MOVE, OTHER_WINS, State
from .tables import SEARCH_CAPACITY, FifoTable

RESULT_SCORES = {MOVER_WINS: WIN, OTHER_WINS: LOSS, BOTH_FOURS: DRAW, FULL: DRAW, NO_MOVE: DRAW, MOVE_LIMIT: DRAW}
DEEPEST_RULE_PLY = 42  # the deepest look-ahead tried ever deeper where the rules let a game outlast its cells


class RuleSearch:
    """The seed's scores under ``mechanics``: one searcher, its table and its budget.

    ``evaluate`` (the smart evaluation, or None for the seed's 50 at the horizon) judges a position
    in its frame, for the side owning the first bitboard.
    """

    def __init__(self, mechanics: Mechanics, evaluate: Evaluation | None = None, budget: Budget | None = None) -> None:
        self.mechanics = mechanics
        self.evaluate = evaluate
        self.budget = budget if budget is not None else Budget()
        self.table: FifoTable[tuple[float, float]] = FifoTable(SEARCH_CAPACITY)

    def column_scores(self, state: State, ply: int) -> list[float]:
        """One score per move of the side to move (the drops, then the flip): the seed's recursion.

        -1.0 a move that cannot be made; if the game on ``state`` is already over, every move scores
        as its result (100 the side to move has won, 0 lost, 50 drawn); else 50 (or the evaluation)
        at ply 0, and otherwise the move's result, or 100 minus the best the other side scores after
        it with ``ply - 1``.
        """
        mechanics = self.mechanics
        scores = [FULL_COLUMN] * mechanics.move_count(state[0])
        legal = mechanics.legal_moves(state)
        if not legal:
            return scores
        over = self._over(state)
        for move in legal:
            if over is not None:
                scores[move] = over
            elif ply == 0:
                scores[move] = self._horizon(state)
            else:
                scores[move] = self._move_score(state, move, ply, LOSS - 1, WIN + 1)
        return scores

    def _over(self, state: State) -> float | None:
        """The score of every move if a side already has four (the side to move first, as the seed checks)."""
        mine, theirs = self.mechanics.fours(state)
        if mine and theirs:
            return DRAW
        if mine:
            return WIN
        return LOSS if theirs else None

    def _horizon(self, state: State) -> float:
        if self.evaluate is None:
            return DRAW
        frame, mine, theirs = state[0], state[1], state[2]
        return self.evaluate(self.mechanics.frames[frame].geom, mine, mine | theirs)

    def _move_score(self, state: State, move: int, ply: int, alpha: float, beta: float) -> float:
        self.budget.count()
        after, ended = self.mechanics.play(state, move)
        if ended is not None:
            return RESULT_SCORES[ended]
        if ply == 1:
            return SCORE_SUM - self._horizon(after)
        return SCORE_SUM - self._value(after, ply - 1, SCORE_SUM - beta, SCORE_SUM - alpha)

    def _value(self, state: State, depth: int, alpha: float, beta: float) -> float:
        """The best score of the side to move, looking ``depth`` moves ahead: exact inside (alpha, beta),
        else a bound on the side of the window it falls (fail-soft alpha-beta)."""
        frame, mine, theirs, moves, flips = state
        key = (frame, mine, theirs, self._phase(moves), flips, depth)
        known = self.table.get(key)
        if known is not None:
            low, high = known
            if low >= beta or low == high:
                return low
            if high <= alpha:
                return high
            alpha, beta = max(alpha, low), min(beta, high)
        start_alpha = alpha
        best = LOSS - 1
        for move in self.mechanics.legal_moves(state):
            score = self._move_score(state, move, depth, alpha, beta)
            if score > best:
                best = score
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        break
        low, high = known if known is not None else (LOSS, WIN)
        if best <= start_alpha:
            high = min(high, best)
        elif best >= beta:
            low = max(low, best)
        else:
            low = high = best
        self.table.put(key, (low, high))
        return best

    def _phase(self, moves: int) -> int:
        """What of the move count the rules still need: all of it for a move limit, else the turn's phase."""
        mechanics = self.mechanics
        if mechanics.move_limit is not None:
            return moves
        every = mechanics.turn_every
        return moves % every if every else 0


@dataclass(frozen=True)
class Scorer:
    """The seed's scores of one position at any ply, its tables kept from call to call: ``scores_at(ply)``;
    ``budget``: its deadline and the positions it has searched (``budget.nodes``); ``deepest_ply``: the deepest
    ply worth searching."""

    scores_at: Callable[[int], list[float]]
    budget: Budget
    deepest_ply: int


def scorer(
    mechanics: Mechanics, state: State, evaluate: Evaluation | None = None, deadline: float | None = None
) -> Scorer:
    """The :class:`Scorer` of ``state`` under ``mechanics``: the standard searches in gravity's frame where the
    rules are the standard game's there, else a :class:`RuleSearch`."""
    position = mechanics.frame_position(state)
    if position is not None:
        searcher = search.new_searcher(position.geom, evaluate, deadline)
        deepest_ply = position.geom.cells - position.moves_played
        return Scorer(lambda ply: searcher.column_scores(position, min(ply, deepest_ply)), searcher.budget, deepest_ply)
    rules_searcher = RuleSearch(mechanics, evaluate, Budget(deadline))
    return Scorer(lambda ply: rules_searcher.column_scores(state, ply), rules_searcher.budget, DEEPEST_RULE_PLY)


def column_scores(
    mechanics: Mechanics, state: State, ply: int, evaluate: Evaluation | None = None, deadline: float | None = None
) -> list[float]:
    """The seed's scores of every move of the side to move under ``mechanics`` (see the module docstring).

    Raises :class:`.budget.OutOfTime` once ``time.perf_counter()`` passes ``deadline``. A :func:`scorer` counts
    the positions it searched.
    """
    return scorer(mechanics, state, evaluate, deadline).scores_at(ply)


def deepest_scores(mechanics: Mechanics, state: State, deadline: float, smart: bool) -> list[float]:
    """The scores of the deepest search finished before ``deadline`` (all 50 if none), ever deeper from ply 0.

    ``smart``: with the smart evaluation at the horizon, read as :func:`.scores.deepest` does (the fastest win,
    the slowest loss); else the seed's plain scores of the deepest ply finished (:func:`.scores.last`).
    """
    found = scorer(mechanics, state, smart_evaluation if smart else None, deadline)
    legal = mechanics.legal_moves(state)
    best = [DRAW if move in legal else FULL_COLUMN for move in range(mechanics.move_count(state[0]))]
    return (deepest if smart else last)(deepen(found.scores_at, found.deepest_ply), best)
