"""The one diagnosis: which of a student's methods holds the mistake a check found, decided once, from the file's
own answers, and said the same by every report (``check``, Gradescope, JUnit, ``think`` and Think in 3D:
``check_text`` words it). In this package: ``parts`` asks the smaller methods on their own, ``asking`` one position
at one ply, ``findings`` what a check finds, ``here`` the position and ply think shows.

The seed's methods build on each other: ``scores_for`` calls ``opp_ch`` (CS111: ``opponent_checker``) and perhaps
``score_board``; ``next_move`` plays ``tiebreak_move(scores_for(b))`` (CS111: ``max_score_column``). Each is asked
on its own (:mod:`.parts`, :mod:`.check`). When an answer differs, the mistake is put in a method under it that
differs too, asked on its own: for ``scores_for``, a part it called (the worker notes which, :mod:`.worker.uses`)
that is wrong; for ``next_move``, its ``scores_for`` at that very position, else its tiebreak method given the
reference's scores there; else in the method itself. A method is said to agree only where it was asked and agreed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..worker.kinds import BOARD_SCORE, CHECKER_METHODS, TIEBREAK_METHODS

ITSELF = "itself"  # the method that differs holds the mistake
CALLS_WRONG_PART = "calls a wrong part"  # scores_for called opp_ch or score_board, which is wrong on its own
FOLLOWS_SCORES = "follows its scores"  # next_move: its scores_for differs at this position
SCORES_FAILED = "its scores failed"  # next_move: its scores_for failed at this position
TIEBREAK_WRONG = "tiebreak wrong"  # next_move: scores_for agreed here, the tiebreak method with those scores not
IGNORES_TIEBREAK = "ignores its tiebreak"  # next_move: both agreed here, next_move played another column
NO_TIEBREAK = "no tiebreak"  # next_move: scores_for agreed here; the class has no tiebreak method of its own

BLAMED_PARTS = (*CHECKER_METHODS, BOARD_SCORE)  # the parts a scores_for's difference can come from


@dataclass(frozen=True)
class Blame:
    """Where the mistake is: ``culprit``, the method that holds it; ``reason``, how that was decided; ``under``: the
    problem that shows it (the part's own difference, or the scores_for of next_move's position); ``then``: that
    problem's own blame (next_move follows scores_for, which calls a wrong opp_ch); ``agreed``: the parts asked on
    their own and right (where ``reason`` is ITSELF); ``tiebreak``: the tiebreak method's name and column."""

    culprit: str
    reason: str
    under: Any = None
    then: Blame | None = None
    agreed: tuple[str, ...] = ()
    tiebreak: str = ""
    column: int | None = None


def for_scores(method: str, used: tuple[str, ...], parts: Mapping[str, Any]) -> Blame:
    """A ``scores_for`` (or ``scores_for_tourney``) that differs, having called ``used``; ``parts``: each part
    method's first problem, asked on its own (absent: it agreed everywhere it was asked)."""
    for part in used:
        if part in BLAMED_PARTS and part in parts:
            return Blame(part, CALLS_WRONG_PART, parts[part])
    return Blame(method, ITSELF, agreed=tuple(part for part in used if part in BLAMED_PARTS))


def for_move(
    method: str,
    scores: Any,
    scores_blame: Blame | None,
    tiebreak: str | None,
    tiebreak_verdict: Any,
    tiebreak_column: int | None,
) -> Blame:
    """A ``next_move`` that played a column the reference would not. ``scores``: its ``scores_for`` at the same
    position and ply (True: it agreed; else its difference or failure) and ``scores_blame`` that difference's blame;
    ``tiebreak``: the class's tiebreak method (None: it has none), ``tiebreak_verdict``: that method given the
    reference's scores here (True: it returned a column the reference plays, ``tiebreak_column``)."""
    if scores is not True:
        if not hasattr(scores, "column"):
            return Blame(scores.method, SCORES_FAILED, scores)
        culprit = scores_blame.culprit if scores_blame is not None else scores.method
        return Blame(culprit, FOLLOWS_SCORES, scores, then=scores_blame)
    if tiebreak is None:
        return Blame(method, NO_TIEBREAK)
    if tiebreak_verdict is not True:
        return Blame(tiebreak, TIEBREAK_WRONG, tiebreak_verdict, tiebreak=tiebreak)
    return Blame(method, IGNORES_TIEBREAK, tiebreak=tiebreak, column=tiebreak_column)


def tiebreak_of(methods: tuple[str, ...]) -> str | None:
    """The class's tiebreak method, in its course's name (None: it has none)."""
    return next((name for name in TIEBREAK_METHODS if name in methods), None)
