"""The hint's line in words: which columns are best for the side to move, and how good they are.

From the seed's scores (100 wins, 50 neither, 0 loses, -1 full, within the look-ahead) or, for the
perfect level, from the solver's exact outcomes (signed distances in moves; None for a full column).
"""

from __future__ import annotations

from .. import wording


def outcome_rank(distance: int) -> tuple[int, int]:
    """Orders outcomes as a player prefers them: a faster win, then a draw, then a slower loss."""
    if distance > 0:
        return 2, -distance
    return (1, 0) if distance == 0 else (0, -distance)


def best_line(ox: str, scores: list[float], outcomes: list[int | None] | None = None) -> str | None:
    """``Best for X: column 5 (wins in 7 moves)``; None when no column can be played."""
    if outcomes is not None and any(d is not None for d in outcomes):
        known = {col: d for col, d in enumerate(outcomes) if d is not None}
        best = max(known.values(), key=outcome_rank)
        cols = [col for col, d in known.items() if d == best]
        return wording.best_columns(ox, cols, wording.verdict(distance=best))
    playable = [score for score in scores if score >= 0]
    if not playable:
        return None
    top = max(playable)
    cols = [col for col, score in enumerate(scores) if score == top]
    return wording.best_columns(ox, cols, wording.verdict(score=top))
