"""The seed's AI player: ``Player(ox, tbt, ply)``; the engine does the searching."""

from __future__ import annotations

import math
import random

from . import wording
from .board import RulesBoard, check_checker, other
from .errors import IllegalMoveError, InvalidSettingError

TIEBREAKS = ("LEFT", "RIGHT", "RANDOM")
EVALUATIONS = ("simple", "smart")


def check_tiebreak(tbt: object) -> str:
    if tbt not in TIEBREAKS:
        raise InvalidSettingError(wording.phrase(wording.bad_choice, "tiebreak", TIEBREAKS, tbt))
    return tbt  # type: ignore[return-value]


def check_board(b: object) -> RulesBoard:
    """Return ``b`` if it is a board (a ``RulesBoard``, as the seed's ``Board`` is); else a TypeError saying what it
    was."""
    if not isinstance(b, RulesBoard):
        raise TypeError(wording.not_a_board(b))
    return b


def check_ply(ply: object) -> int:
    if isinstance(ply, bool) or not isinstance(ply, int) or ply < 0:
        raise InvalidSettingError(wording.phrase(wording.bad_ply, ply))
    return ply


MODULE_RANDOM: random.Random = random._inst  # type: ignore[attr-defined]  # what random.choice() draws from


class Player:
    """An AI player that looks ``ply`` moves ahead and breaks ties by ``tbt``.

    ``rng`` is the ``random.Random`` used by the RANDOM tiebreak; pass a seeded
    one for repeatable games. Without one it draws from the ``random`` module itself, as the seed's
    ``random.choice`` does, so ``random.seed(n)`` makes the games repeatable (a student's subclass, too).
    ``evaluation`` is how ``next_move`` judges the positions at its horizon: ``'simple'`` (the seed's
    0-50-100, ``scores_for``) or ``'smart'`` (``scores_for_tourney``).
    """

    def __init__(
        self, ox: str, tbt: str, ply: int, rng: random.Random | None = None, evaluation: str = "simple"
    ) -> None:
        self.ox = check_checker(ox)
        self.tbt = check_tiebreak(tbt)
        self.ply = check_ply(ply)
        if rng is not None and not isinstance(rng, random.Random):
            raise InvalidSettingError(wording.phrase(wording.bad_rng, rng))
        self.rng = rng if rng is not None else MODULE_RANDOM
        if evaluation not in EVALUATIONS:
            raise InvalidSettingError(wording.phrase(wording.bad_choice, "evaluation", EVALUATIONS, evaluation))
        self.evaluation = evaluation

    def __repr__(self) -> str:
        return f"Player: ox = {self.ox}, tbt = {self.tbt}, ply = {self.ply}"

    def opp_ch(self) -> str:
        """The opponent's checker."""
        return other(self.ox)

    def score_board(self, b: RulesBoard) -> float:
        """100.0 if ``b`` is won by this player, 0.0 if by the opponent, else 50.0."""
        check_board(b)
        if b.wins_for(self.ox):
            return 100.0
        if b.wins_for(self.opp_ch()):
            return 0.0
        return 50.0

    def tiebreak_move(self, scores: list[float]) -> int:
        """The column of the highest score; ties are broken LEFT, RIGHT or at RANDOM.

        A score that is not a number (NaN) is never the highest.
        """
        numbers = [score for score in scores if not math.isnan(score)]
        if not numbers:
            raise ValueError(wording.no_scores(scores))
        best = max(numbers)
        columns = [col for col, score in enumerate(scores) if score == best]
        if self.tbt == "LEFT":
            return columns[0]
        if self.tbt == "RIGHT":
            return columns[-1]
        return self.rng.choice(columns)

    def scores_for(self, b: RulesBoard) -> list[float]:
        """One score per column of ``b`` for moving there now, looking ``ply`` moves ahead.

        -1.0 full column, 0.0 a loss, 50.0 neither, 100.0 a win (within ``ply``
        moves, with best play by both); a move that fills the board is a draw
        (50.0). Exactly the seed's recursion; ``b`` is not changed.
        """
        return self.scores_at(check_board(b), self.ply)

    def scores_at(self, b: RulesBoard, ply: int, smart: bool = False) -> list[float]:
        """The seed's scores for this player on ``b`` at look-ahead ``ply`` (``smart``: the smart evaluation at
        the horizon), under ``b``'s rules: one per move, the flip last where the rules play flips."""
        return b.referee.scores(self.ox, ply, smart)

    def next_move(self, b: RulesBoard) -> int:
        """The column this player plays on ``b``; IllegalMoveError if the game on ``b`` is over."""
        self.check_can_move(b)
        if self.evaluation == "smart":
            return self.tiebreak_move(self.scores_for_tourney(b))
        return self.tiebreak_move(self.scores_for(b))

    def score_board_for_tourney(self, b: RulesBoard) -> float:
        """A static judgement of ``b`` for this player, higher is better (see ``engine.evaluate``).

        Strictly between 0.0 and 100.0 (50.0 is even); it does not look ahead.
        With as many X as O checkers this player is taken to be the one to move
        (the search asks only the side to move); otherwise the opponent's
        judgement is exactly 100 minus this. ``b`` is not changed.
        """
        return check_board(b).referee.evaluation(self.ox)

    def scores_for_tourney(self, b: RulesBoard) -> list[float]:
        """``scores_for`` with ``score_board_for_tourney`` instead of 50.0 at the horizon.

        -1.0 full column, 100.0 a win and 0.0 a loss (within ``ply`` moves, with
        best play by both), 50.0 a move that fills the board; any other score is
        the static evaluation of the horizon position, passed back negamax-style
        (100 minus the opponent's best). At ply 0 every open column gets the
        evaluation of ``b`` itself. ``b`` is not changed.
        """
        return self.scores_at(check_board(b), self.ply, smart=True)

    def check_can_move(self, b: RulesBoard) -> None:
        """Raise IllegalMoveError if there is no move to make on ``b``: someone has won, or it is full."""
        outcome = check_board(b).referee.outcome(self.ox)
        if outcome is None:
            return
        if outcome.spots:  # someone has four in a row (both sides at once: this player named)
            raise IllegalMoveError(wording.phrase(wording.no_move_game_over, outcome.winner or self.ox))
        raise IllegalMoveError(wording.phrase(wording.no_move_board_full))
