"""The hint's line in words: which columns are best for the side to move, and how good they are.

From the seed's scores (100 wins, 50 neither, 0 loses, -1 full, within the look-ahead) or, for the
perfect level, from the exact outcomes (signed distances in moves; None for a full column: the opening book's,
then the solver's).
In a rule variant the scores are one per move: the columns (or rows, when gravity pulls sideways),
then the flip's if flips are played (``flip``: its index).

At the perfect level the labels above the columns say each column's exact outcome (:func:`label_words`:
``wins in 7``, ``draw``, ``loses in 12``; ``…`` while it is being worked out, ``?`` not worked out in time) and the
log has its ``outcomes:`` line (:func:`.log_lines.outcomes`). A column not worked out is never coloured as a
result (:func:`label_scores`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ... import wording
from ...engine.exact.perfect import best_of

if TYPE_CHECKING:
    from ..worker.jobs import HintAnswer

UNKNOWN_SCORE = 50.0  # the labels' grey: neither a win (green) nor a loss (red)


def best_line(
    ox: str,
    scores: list[float],
    outcomes: list[int | None] | None = None,
    line: str = "column",
    flip: int | None = None,
    ply: int | None = None,
) -> str | None:
    """``Best for X: column 5 (wins in 7 moves)``; None when no column can be played.

    ``line``: what the moves name (``column`` or ``row``); ``flip``: the flip's move number, if flips are played
    (``Best for X: flip the rack (wins)``); ``ply``: the look-ahead of the scores, if known (``no win or loss
    within 4 moves``: what it proved).
    """
    if outcomes is not None and any(d is not None for d in outcomes):
        best, cols = best_of(outcomes)
        return _said(ox, cols, wording.verdict(distance=best), line, flip)
    playable = [score for score in scores if score >= 0]
    if not playable:
        return None
    top = max(playable)
    cols = [col for col, score in enumerate(scores) if score == top]
    return _said(ox, cols, wording.verdict(score=top, ply=ply), line, flip)


def _said(ox: str, moves: list[int], verdict: str, line: str, flip: int | None) -> str:
    if line == "column" and flip is None:
        return wording.best_columns(ox, moves, verdict)
    drops = [move for move in moves if move != flip]
    return wording.best_moves(ox, line, drops, flip in moves, verdict)


def label_words(hint: HintAnswer, working: bool = False) -> list[str] | None:
    """The labels' words at the perfect level, one per score (``''`` for a full column: its label is hidden);
    None for a numbered level (the labels show the scores). ``working``: the columns not worked out yet are
    still being worked out (``…``), else they were not worked out in time (``?``)."""
    if hint.outcomes is None:
        return None
    return [
        "" if score < 0 else wording.outcome_label(hint.outcome(col), working) for col, score in enumerate(hint.scores)
    ]


def label_scores(hint: HintAnswer) -> list[float]:
    """The scores that colour the labels: a column not worked out in time is grey (UNKNOWN_SCORE), whatever the
    search's score for it (the log's ``hint:`` line keeps that): its label says ``?`` or ``…``, not a result."""
    return [UNKNOWN_SCORE if col in hint.unknown else score for col, score in enumerate(hint.scores)]
