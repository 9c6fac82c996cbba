"""The seed's smaller methods, each asked on its own before the recursion is: ``opp_ch()`` (CS111:
``opponent_checker()``) for each side, and ``score_board(b)`` on every position of the check (CS111's
``scores_for`` scores its boards inline: it has none). A class without one of them is not asked about it (a student
may write it inline); the tiebreak method is asked at every position and ply (:mod:`.check`), with the reference's
scores there.

What each must give, from the seed texts: the opponent's checker (``'O'`` for ``'X'``, ``'X'`` for ``'O'``); 100.0
for a board won by the player itself, 0.0 for one won by its opponent, else 50.0.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from ...board import other
from .. import diagnosis
from ..errors import StudentError, call_text
from ..player import call_message
from ..positions import Case
from ..process import StudentProcess
from ..worker.kinds import BOARD_SCORE, CHECKER_METHODS
from .findings import Difference, Failure

PART_PLY = 0  # the look-ahead of the players asked (their smaller methods do not look ahead)
WON, LOST, NEITHER = 100.0, 0.0, 50.0  # score_board's three scores


@dataclass(frozen=True)
class PartAnswer:
    """A part method's answer that differs: ``theirs`` and the ``reference``'s, as the student's code would show
    them (a checker's ``repr``, a board's score)."""

    case: Case
    method: str
    call: str
    theirs: Any
    reference: Any
    uses: tuple[str, ...] = ()  # the other part methods it called (score_board: opp_ch)


@dataclass(frozen=True)
class Parts:
    """What the parts asked on their own gave: for each method, its first wrong answer (a :class:`PartAnswer`, or
    the :class:`StudentError` it failed with, and its case), and how many answers agreed."""

    methods: tuple[str, ...]  # asked, in this order
    problems: dict[str, tuple[Case, PartAnswer | StudentError]]
    agreed: dict[str, int]  # answers that agreed, by method


Ask = Any  # ask(method, case, call) -> (the answer, the part methods used); StudentError if it fails


def check_parts(methods: tuple[str, ...], positions: list[Case], class_name: str, ask: Ask) -> Parts:
    """Ask each checker method for each side and ``score_board`` on each position; keep the first wrong answer."""
    asked = tuple(name for name in (*CHECKER_METHODS, BOARD_SCORE) if name in methods)
    problems: dict[str, tuple[Case, PartAnswer | StudentError]] = {}
    agreed = dict.fromkeys(asked, 0)
    for method in asked:
        chosen = _one_of_each_side(positions) if method in CHECKER_METHODS else positions
        for case in chosen:
            arguments = "" if method in CHECKER_METHODS else "b"
            call = call_text(class_name, case.ox, case.tiebreak, PART_PLY, method, arguments)
            expected = repr(other(case.ox)) if method in CHECKER_METHODS else board_score(case)
            try:
                theirs, used = ask(method, case, call)
            except StudentError as error:
                problems[method] = (case, error)
                break
            if theirs != expected:
                others = tuple(name for name in used if name != method)
                problems[method] = (case, PartAnswer(case, method, call, theirs, expected, others))
                break
            agreed[method] += 1
    return Parts(asked, problems, agreed)


def asker(process: StudentProcess) -> Ask:
    """How the parts are asked of the student's ``process``: each on its own, the part methods it used noted."""

    def ask(method: str, case: Case, call: str) -> object:
        message = call_message("part", method, case.board(), case.ox, case.tiebreak, PART_PLY, None)
        return process.request(message | {"trace": True}, call)

    return ask


def part_problem(parts: Parts, method: str) -> Difference | Failure | None:
    """A part method's first problem, asked on its own (:mod:`.parts`), as the check reports one (None: none)."""
    found = parts.problems.get(method)
    if found is None:
        return None
    case, answer = found
    if isinstance(answer, StudentError):
        return Failure(case, PART_PLY, answer, method)
    found = Difference(case, PART_PLY, method, answer.call, answer.theirs, answer.reference, 0, uses=answer.uses)
    wrong = {name: part_problem(parts, name) for name in answer.uses if name in CHECKER_METHODS}
    blame = diagnosis.for_scores(method, answer.uses, {name: problem for name, problem in wrong.items() if problem})
    return dataclasses.replace(found, blame=blame) if blame.reason == diagnosis.CALLS_WRONG_PART else found


def board_score(case: Case) -> float:
    """What ``score_board(b)`` gives on the case's board for the side asked."""
    board = case.board()
    if board.wins_for(case.ox):
        return WON
    return LOST if board.wins_for(other(case.ox)) else NEITHER


def _one_of_each_side(positions: list[Case]) -> list[Case]:
    """The first position asked of X and the first asked of O."""
    firsts: dict[str, Case] = {}
    for case in positions:
        firsts.setdefault(case.ox, case)
    return list(firsts.values())
