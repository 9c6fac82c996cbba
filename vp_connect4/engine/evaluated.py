"""The seed's ``scores_for_tourney``: the scores of :mod:`.scores` with an evaluation at the horizon.

:class:`EvaluatedSearch` runs a negamax alpha-beta (``v -> 100 - v``) whose
windows are widened by one float step so that rounding can never change a
result, with a transposition table keyed by the position and the exact
remaining depth, a table of the best move found per position (tried first
next time) and a cache of evaluations.
"""

from __future__ import annotations

import math

from .budget import Budget
from .position import Bitboard, Geometry, centre_first_moves, has_four, non_losing_moves, playable
from .scores import DRAW, FULL_COLUMN, LOSS, SCORE_SUM, WIN, Evaluation, SeedSearch
from .tables import SEARCH_CAPACITY, FifoTable


class EvaluatedSearch(SeedSearch):
    """The exact evaluated search for one board size.

    ``evaluate`` is the static score used at the horizon instead of 50.0,
    within [0, 100] unless ``bounded`` is False (``bounded`` allows faster
    search; an evaluation outside [0, 100] then raises ValueError).
    ``capacity`` is the number of entries each table holds (see :class:`.tables.FifoTable`).
    """

    def __init__(
        self,
        geom: Geometry,
        evaluate: Evaluation,
        budget: Budget | None = None,
        bounded: bool = True,
        capacity: int = SEARCH_CAPACITY,
    ) -> None:
        super().__init__(geom, budget)
        self.evaluate = evaluate
        self.tactics = bounded  # every evaluation lies in [0, 100]: see value()
        self.bounds: FifoTable[tuple[float, float]] = FifoTable(capacity)  # (key, depth) -> (lower, upper)
        self.best_moves: FifoTable[Bitboard] = FifoTable(capacity)  # key -> the best move found
        self.evaluations: FifoTable[float] = FifoTable(capacity)  # key -> the evaluation
        self.winning_cells = geom.winning_cells

    def horizon(self, stones: Bitboard, mask: Bitboard) -> float:
        return self._static(stones, mask)

    def best_score(self, stones: Bitboard, mask: Bitboard, depth: int) -> float:
        return self.value(stones, mask, depth, -math.inf, math.inf)

    def value(self, stones: Bitboard, mask: Bitboard, depth: int, alpha: float, beta: float) -> float:
        """The best ``scores_for_tourney`` score for the side owning ``stones``, to move, ``depth`` plies ahead.

        Fail-soft alpha-beta: exact when strictly inside ``(alpha, beta)``; a
        value <= ``alpha`` is an upper bound and one >= ``beta`` a lower bound.
        Precondition: nobody has won and the board is not full.

        When every evaluation lies in [0, 100] (``bounded``, the default), so does
        every score; then an immediate win is worth exactly 100, a move under an
        enemy winning cell exactly 0, and only a forced block can beat 0.
        """
        self.count()
        geom = self.geom
        full = geom.full
        if depth == 0:
            score = self._static(stones, mask)
            return max(score, FULL_COLUMN) if mask & geom.top_row else score  # the seed's max sees a full column
        key = stones + mask
        known = self.bounds.get((key, depth))
        if known is not None:
            lower, upper = known
            if lower == upper or lower >= beta:
                return lower
            if upper <= alpha:
                return upper
        can_move = playable(geom, mask)
        best = FULL_COLUMN if mask & geom.top_row else -math.inf
        opponent = stones ^ mask
        moves, wins_checked = can_move, False
        if self.tactics:
            if self.winning_cells(stones, mask) & can_move:
                return WIN
            wins_checked = True
            if depth >= 2:
                moves = non_losing_moves(can_move, self.winning_cells(opponent, mask))
                if not moves:
                    return LOSS
                if moves != can_move:
                    best = LOSS  # the moves left out lose at once: exactly 0.0
        best_move = 0
        for bit in self._hash_move_first(key, moves):
            after = mask | bit
            if not wins_checked and has_four(geom, stones | bit):
                score = WIN
            elif after == full:
                score = DRAW
            else:
                floor = max(alpha, best)
                child_alpha = math.nextafter(SCORE_SUM - beta, -math.inf)
                child_beta = math.nextafter(SCORE_SUM - floor, math.inf)
                score = SCORE_SUM - self.value(opponent, after, depth - 1, child_alpha, child_beta)
            if score > best:
                best, best_move = score, bit
                if best >= beta:
                    break
        self._remember(key, depth, best, best_move, alpha, beta)
        return best

    def _remember(self, key: int, depth: int, best: float, best_move: Bitboard, alpha: float, beta: float) -> None:
        """Keep what a search of the position ``key`` found: its best move, and its value as bounds."""
        if best_move:
            self.best_moves.put(key, best_move)
        if best <= alpha:
            entry = (-math.inf, best)
        elif best >= beta:
            entry = (best, math.inf)
        else:
            entry = (best, best)
        self.bounds.put((key, depth), entry)

    def _hash_move_first(self, key: int, moves: Bitboard) -> list[Bitboard]:
        """The single-bit moves in ``moves``, centre first, but the best move found here before leading."""
        bits = centre_first_moves(self.geom, moves)
        hashed = self.best_moves.get(key, 0)
        if hashed & moves and bits[0] != hashed:
            bits.remove(hashed)
            bits.insert(0, hashed)
        return bits

    def _static(self, stones: Bitboard, mask: Bitboard) -> float:
        key = stones + mask
        score = self.evaluations.get(key)
        if score is None:
            score = self.evaluate(self.geom, stones, mask)
            if self.tactics and not LOSS <= score <= WIN:
                raise ValueError(f"evaluate returned {score!r}, outside [0, 100]: pass bounded=False")
            self.evaluations.put(key, score)
        return score
