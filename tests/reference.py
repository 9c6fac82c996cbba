"""The seed's n-ply recursion, written plainly over ``Board``: the yardstick the engine must equal.

Deliberately slow and simple. The one rule the seed leaves implicit is made
explicit: a move that fills the board without winning is a draw (50.0).
"""

from __future__ import annotations

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
