"""The seed's scores, and the top of the seed's recursion that both searches share.

Scores are the seed's, from the point of view of the side to move of the
position asked about (whose turn it "really" is does not matter: a question
about a side is asked with that side to move). For each column: -1.0 if it is
full, otherwise

* 100.0 if that side has already won, 0.0 if the other side has (checked in that order);
* 50.0 at ply 0 (or, with an evaluation, the static score of the current board);
* after the move: 100.0 if it wins, 50.0 if it fills the board (a draw),
  otherwise 100 minus the best score the opponent gets, looking ply - 1 ahead.

Two searches compute them: :class:`.forced.ForcedSearch` for the plain
0/50/100 scores (``scores_for``) and :class:`.evaluated.EvaluatedSearch` for an
evaluation at the horizon (``scores_for_tourney``). :class:`SeedSearch` is
what they share: the first move of the recursion, the node count and the deadline.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from .budget import Budget, deepen
from .position import Bitboard, Geometry, Position, move_bit

WIN, DRAW, LOSS, FULL_COLUMN = 100.0, 50.0, 0.0, -1.0
SCORE_SUM = WIN + LOSS  # negamax: my score = SCORE_SUM - the opponent's best score

Evaluation = Callable[[Geometry, Bitboard, Bitboard], float]
"""``evaluate(geom, stones, mask)``: a static score of the position for the owner of ``stones``, to move."""


class SeedSearch:
    """A search of the seed's recursion for one board size; it owns its tables and its :class:`.budget.Budget`.

    A subclass gives :meth:`best_score` (and :meth:`horizon` if the score at
    ply 0 is not 50.0). Tables may be kept across calls on the same searcher:
    entries are facts about positions, true at any later call.
    """

    def __init__(self, geom: Geometry, budget: Budget | None = None) -> None:
        self.geom = geom
        self.budget = budget if budget is not None else Budget()
        self.count = self.budget.count  # one more position searched (raises OutOfTime past the deadline)

    def column_scores(self, position: Position, ply: int) -> list[float]:
        """The seed's scores of every column for the side to move (see the module docstring).

        Raises :class:`.budget.OutOfTime` once the budget's deadline has passed.
        """
        geom, stones, mask = self.geom, position.stones, position.mask
        scores = [FULL_COLUMN] * geom.width
        won, lost = position.is_won(), position.is_lost()
        horizon = DRAW
        if not (won or lost) and ply == 0 and not position.is_full():
            horizon = self.horizon(stones, mask)
        winning = 0 if won or lost or ply == 0 else position.winning_cells()
        for col in range(geom.width):
            if not position.can_play(col):
                continue
            if won:
                scores[col] = WIN
            elif lost:
                scores[col] = LOSS
            elif ply == 0:
                scores[col] = horizon
            else:
                scores[col] = self._move_score(stones, mask, move_bit(geom, mask, col), winning, ply)
        return scores

    def deepen(self, position: Position, max_ply: int) -> Iterator[tuple[int, list[float]]]:
        """Iterative deepening (:func:`.budget.deepen`): ``(ply, column scores)`` for ply 0, 1, ... ``max_ply``,
        tables shared, until the deadline passes."""
        return deepen(lambda ply: self.column_scores(position, ply), max_ply)

    def _move_score(self, stones: Bitboard, mask: Bitboard, move: Bitboard, winning: Bitboard, ply: int) -> float:
        """The score of playing ``move`` (a move bit); ``winning`` are the mover's winning cells."""
        self.count()
        if move & winning:
            return WIN
        after = mask | move
        if after == self.geom.full:
            return DRAW
        return SCORE_SUM - self.best_score(stones ^ mask, after, ply - 1)

    def horizon(self, stones: Bitboard, mask: Bitboard) -> float:
        """The score of every open column at ply 0 when nobody has won: 50.0 unless a subclass evaluates."""
        return DRAW

    def best_score(self, stones: Bitboard, mask: Bitboard, depth: int) -> float:
        """The best score of the side owning ``stones``, to move, looking ``depth`` plies ahead.

        Precondition: nobody has won and the board is not full.
        """
        raise NotImplementedError


Deepening = Iterable[tuple[int, list[float]]]
"""``(ply, scores)`` pairs, the plies rising (what :func:`.budget.deepen` yields)."""


def deepest(deepening: Deepening, best: list[float]) -> list[float]:
    """The smart reading of a deepening search: the scores of its deepest ply, stopping at the first ply that
    finds a win (the fastest one); a ply where every move loses is ignored in favour of the ply before (the
    slowest loss). ``best``: the answer if no ply finishes."""
    for _, scores in deepening:
        playable = [s for s in scores if s != FULL_COLUMN]
        if max(playable) <= LOSS:
            break
        best = scores
        if max(playable) >= WIN:
            break
    return best


def last(deepening: Deepening, best: list[float]) -> list[float]:
    """The plain reading of a deepening search: the scores of its deepest finished ply (``best`` if none)."""
    for _, scores in deepening:
        best = scores
    return best
