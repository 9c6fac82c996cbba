"""The seed's n-ply recursion, written plainly over ``Board``: the yardstick the engine must equal.

Deliberately slow and simple. The one rule the seed leaves implicit is made
explicit: a move that fills the board without winning is a draw (50.0).
"""

from __future__ import annotations

from collections.abc import Callable

from vp_connect4 import Board


def opponent(ox: str) -> str:
    return "O" if ox == "X" else "X"


def reference_scores(b: Board, ox: str, ply: int) -> list[float]:
    scores = [50.0] * b.width
    for col in range(b.width):
        if not b.allows_move(col):
            scores[col] = -1.0
        elif b.wins_for(ox):
            scores[col] = 100.0
        elif b.wins_for(opponent(ox)):
            scores[col] = 0.0
        elif ply == 0:
            scores[col] = 50.0
        else:
            b.add_move(col, ox)
            if b.wins_for(ox):
                scores[col] = 100.0
            elif b.is_full():
                scores[col] = 50.0
            else:
                scores[col] = 100.0 - max(reference_scores(b, opponent(ox), ply - 1))
            b.del_move(col)
    return scores


def reference_scores_tourney(b: Board, ox: str, ply: int, evaluate_board: Callable[[Board, str], float]) -> list[float]:
    """The seed's ``scores_for_tourney``: ``reference_scores`` with ``evaluate_board(b, ox)`` at ply 0.

    At ply 0 every open column gets the score of the current board ``b`` for ``ox``.
    """
    scores = [50.0] * b.width
    for col in range(b.width):
        if not b.allows_move(col):
            scores[col] = -1.0
        elif b.wins_for(ox):
            scores[col] = 100.0
        elif b.wins_for(opponent(ox)):
            scores[col] = 0.0
        elif ply == 0:
            scores[col] = evaluate_board(b, ox)
        else:
            b.add_move(col, ox)
            if b.wins_for(ox):
                scores[col] = 100.0
            elif b.is_full():
                scores[col] = 50.0
            else:
                scores[col] = 100.0 - max(reference_scores_tourney(b, opponent(ox), ply - 1, evaluate_board))
            b.del_move(col)
    return scores


def memo_reference_scores(b: Board, ox: str, ply: int) -> list[float]:
    """``reference_scores`` with a memo keyed by (columns, checker, ply): the same recursion, for deep plies."""
    memo: dict[tuple[tuple[str, ...], str, int], list[float]] = {}

    def scores(ox: str, ply: int) -> list[float]:
        key = (tuple(b.columns()), ox, ply)
        if key not in memo:
            memo[key] = _one_level(ox, ply)
        return memo[key]

    def _one_level(ox: str, ply: int) -> list[float]:
        result = [50.0] * b.width
        for col in range(b.width):
            if not b.allows_move(col):
                result[col] = -1.0
            elif b.wins_for(ox):
                result[col] = 100.0
            elif b.wins_for(opponent(ox)):
                result[col] = 0.0
            elif ply == 0:
                result[col] = 50.0
            else:
                b.add_move(col, ox)
                if b.wins_for(ox):
                    result[col] = 100.0
                elif b.is_full():
                    result[col] = 50.0
                else:
                    result[col] = 100.0 - max(scores(opponent(ox), ply - 1))
                b.del_move(col)
        return result

    return list(scores(ox, ply))
