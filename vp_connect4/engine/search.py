"""Depth-limited search that returns exactly what the seed's n-ply recursion returns.

Scores are the seed's, from the point of view of the side about to move
(``stones``): for each column, -1.0 if it is full, otherwise

* 100.0 if that side has already won, 0.0 if the other side has (checked in that order);
* 50.0 at ply 0;
* after the move: 100.0 if it wins, 50.0 if it fills the board (a draw),
  otherwise 100 minus the best score the opponent gives, looking ply - 1 ahead.
"""

from __future__ import annotations

from .bitboard import Bitboard, Geometry, can_play, is_win, move_bit

WIN, DRAW, LOSS, FULL_COLUMN = 100.0, 50.0, 0.0, -1.0


def column_scores(geom: Geometry, stones: Bitboard, mask: Bitboard, ply: int) -> list[float]:
    """The seed's ``scores_for``: one score per column for the side owning ``stones``, moving next."""
    scores = [FULL_COLUMN] * geom.width
    won, lost = is_win(geom, stones), is_win(geom, stones ^ mask)
    for col in range(geom.width):
        if not can_play(geom, mask, col):
            continue
        if won:
            scores[col] = WIN
        elif lost:
            scores[col] = LOSS
        elif ply == 0:
            scores[col] = DRAW
        else:
            scores[col] = _move_score(geom, stones, mask, col, ply)
    return scores


def _move_score(geom: Geometry, stones: Bitboard, mask: Bitboard, col: int, ply: int) -> float:
    bit = move_bit(geom, mask, col)
    stones |= bit
    mask |= bit
    if is_win(geom, stones):
        return WIN
    if mask == geom.full:
        return DRAW
    if ply == 1:
        return DRAW
    opponent = stones ^ mask
    best = max(
        _move_score(geom, opponent, mask, reply, ply - 1) for reply in range(geom.width) if can_play(geom, mask, reply)
    )
    return 100.0 - best
