"""The seed's recursion, written plainly over the board (a ``RulesBoard``), with any score at its horizon.

``check`` compares a student's ``scores_for_tourney`` with this recursion run with the student's own
``score_board_for_tourney`` at ply 0 (the seed's recipe: ``scores_for`` copied, with the horizon's 50.0
replaced): so the check holds the recursion to the seed, not the student's evaluation to ours. The recursion
runs here, on our side (:func:`with_their_horizon`); only the horizon's boards go to the student's process,
whose answers are numbers: nothing the file does to its process can make its scores agree.
Columns in order, depth first: a student's evaluation that draws random numbers draws them in the same order.
"""

from __future__ import annotations

from collections.abc import Callable

from ..board import RulesBoard, other

LITERAL_BELOW = 50.0  # scores_for's score at ply 0

Horizon = Callable[[RulesBoard, str], float]  # horizon(b, ox): the score of b for ox at ply 0 (nobody has won)


def seed_scores(b: RulesBoard, ox: str, ply: int, horizon: Horizon, below: Horizon | None = None) -> list[float]:
    """One score per column for ``ox`` on ``b``: -1 full, 100/0 if a side has won already, the horizon's score at
    ply 0, else after the move 100 if it wins, 50 if it fills the board, or 100 minus the opponent's best.

    ``below``: the horizon of the opponents' scores (default: ``horizon``); the seed text's recipe for
    ``scores_for_tourney``, taken to the letter, leaves their ``scores_for`` (50.0) there."""
    below = horizon if below is None else below
    scores = [50.0] * b.width
    for col in range(b.width):
        if not b.allows_move(col):
            scores[col] = -1.0
        elif b.wins_for(ox):
            scores[col] = 100.0
        elif b.wins_for(other(ox)):
            scores[col] = 0.0
        elif ply == 0:
            scores[col] = horizon(b, ox)
        else:
            b.add_move(col, ox)
            if b.wins_for(ox):
                scores[col] = 100.0
            elif b.is_full():
                scores[col] = 50.0
            else:
                scores[col] = 100.0 - max(seed_scores(b, other(ox), ply - 1, below))
            b.del_move(col)
    return scores


def with_their_horizon(
    b: RulesBoard, ox: str, ply: int, evaluate: Callable[[list[tuple[str, RulesBoard]]], list[float]], literal: bool
) -> list[float]:
    """:func:`seed_scores` with the scores ``evaluate`` gives at the horizon (the student's, for each ``(ox, board)``
    in the recursion's order, all asked at once); ``literal``: only at the top (the recipe to the letter)."""
    below: Horizon | None = (lambda _b, _ox: LITERAL_BELOW) if literal else None
    needed: list[tuple[str, RulesBoard]] = []

    def note(board: RulesBoard, side: str) -> float:
        needed.append((side, board.blank()))
        needed[-1][1].data = [list(row) for row in board.data]
        return LITERAL_BELOW

    seed_scores(b, ox, ply, note, below)
    values = iter(evaluate(needed) if needed else [])
    return seed_scores(b, ox, ply, lambda _board, _side: next(values), below)
