"""The seed's n-ply recursion, written plainly over ``Board``: the yardstick the engine must equal.

Deliberately slow and simple. The one rule the seed leaves implicit is made
explicit: a move that fills the board without winning is a draw (50.0).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from vp_connect4 import Board


def opponent(ox: str) -> str:
    return "O" if ox == "X" else "X"


Horizon = Callable[[Board, str], float]


def simple_horizon(b: Board, ox: str) -> float:
    """The seed's score at ply 0: nobody has won yet, so 50.0."""
    return 50.0


def seed_scores(
    b: Board,
    ox: str,
    ply: int,
    horizon: Horizon = simple_horizon,
    recurse: Callable[[str, int], list[float]] | None = None,
) -> list[float]:
    """One level of the seed's ``scores_for`` for ``ox`` on ``b``.

    ``horizon(b, ox)`` scores the open columns at ply 0 (the current board,
    judged for ``ox``); ``recurse(ox, ply)`` gives the opponent's scores one
    level down (by default this same function).
    """
    if recurse is None:

        def recurse(next_ox: str, next_ply: int) -> list[float]:
            return seed_scores(b, next_ox, next_ply, horizon)

    scores = [50.0] * b.width
    for col in range(b.width):
        if not b.allows_move(col):
            scores[col] = -1.0
        elif b.wins_for(ox):
            scores[col] = 100.0
        elif b.wins_for(opponent(ox)):
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
                scores[col] = 100.0 - max(recurse(opponent(ox), ply - 1))
            b.del_move(col)
    return scores


def reference_scores(b: Board, ox: str, ply: int) -> list[float]:
    """The seed's ``scores_for``."""
    return seed_scores(b, ox, ply)


def reference_scores_tourney(b: Board, ox: str, ply: int, evaluate_board: Horizon) -> list[float]:
    """The seed's ``scores_for_tourney``: at ply 0 every open column gets ``evaluate_board(b, ox)``."""
    return seed_scores(b, ox, ply, horizon=evaluate_board)


def memo_reference_scores(b: Board, ox: str, ply: int) -> list[float]:
    """``reference_scores`` with a memo keyed by (columns, checker, ply): the same recursion, for deep plies."""
    memo: dict[tuple[tuple[str, ...], str, int], list[float]] = {}

    def scores(ox: str, ply: int) -> list[float]:
        key = (tuple(b.columns()), ox, ply)
        if key not in memo:
            memo[key] = seed_scores(b, ox, ply, recurse=scores)
        return memo[key]

    return list(scores(ox, ply))


def runs_of_four(geom: Any) -> list[list[int]]:
    """The bits of every run of four cells on the board (across, up, both diagonals), by plain loops."""
    runs = []
    for col in range(geom.width):
        for row in range(geom.height):
            for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
                run = [(col + k * dc, row + k * dr) for k in range(4)]
                if all(0 <= c < geom.width and 0 <= r < geom.height for c, r in run):
                    runs.append([geom.bit(c, r) for c, r in run])
    return runs
