"""What a check finds on one position: a :class:`Difference` (an answer that is not the reference's) or a
:class:`Failure` (the code failed), and how answers are compared (:func:`first_difference`, :func:`best_columns`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from ..errors import StudentError
from ..positions import Case
from . import Blame

TOLERANCE = 1e-9  # scores this close are the same (a student's arithmetic may round in another order)


@dataclass(frozen=True)
class Difference:
    """Where the student's answer is not the reference's: ``column`` is the first column whose scores differ (for
    ``next_move``: the column the student chose; ``allowed``: the ones the reference could play)."""

    case: Case
    ply: int
    method: str
    call: str
    theirs: Any  # scores, a column, a board's score, a checker's repr: as the method gives
    reference: Any  # what the reference gives (a tiebreak method's: the scores it was given)
    column: int
    allowed: tuple[int, ...] = ()
    uses: tuple[str, ...] = ()  # the part methods the call used (scores_for: opp_ch, score_board...)
    blame: Blame | None = None  # which method holds the mistake (:mod:`.diagnosis`); None: this one


@dataclass(frozen=True)
class Failure:
    """The student's code failed on a position (it raised, gave no answer in time, answered nonsense)."""

    case: Case
    ply: int
    error: StudentError
    method: str = ""  # the method that failed (the ones before it agreed on this position)
    blame: Blame | None = None  # which method holds the mistake, where another one does (next_move's scores_for)


def first_difference(theirs: list[float], reference: list[float]) -> int | None:
    """The first column whose scores differ (by more than rounding), or None."""
    for col, (mine, ours) in enumerate(zip(theirs, reference, strict=True)):
        same = math.isclose(mine, ours, rel_tol=TOLERANCE, abs_tol=TOLERANCE) or (math.isnan(mine) and math.isnan(ours))
        if not same:
            return col
    return None


def best_columns(scores: list[float], tiebreak: str) -> tuple[int, ...]:
    """The columns a player with these scores may play: the leftmost or rightmost best, or (RANDOM) any best."""
    best = max(scores)
    columns = tuple(col for col, score in enumerate(scores) if score == best)
    if tiebreak == "LEFT":
        return columns[:1]
    if tiebreak == "RIGHT":
        return columns[-1:]
    return columns
