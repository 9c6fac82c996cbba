"""The diagnosis at the one position and ply ``think`` shows (``vp-connect4 think --player``, Think in 3D), so think
says check's sentence there.

The file's parts are asked on their own as the check asks them (:func:`.parts.check_parts` on the check's positions,
and on this one), then this position at this ply is asked as the check asks it (:class:`.asking.PositionCheck`):
first the method the tree shows (``scores_for``; ``--smart``: ``scores_for_tourney``), its difference diagnosed
from the file's own answers; where it agrees, the parts on this position (``opp_ch`` for this side, ``score_board``
on this board), the tiebreak method with the reference's scores here, and ``next_move``.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...board import RulesBoard
from ...think.compare import Comparison
from ...think.tree import TIME_IS_UP
from ..player import StudentPlayer
from ..positions import HEIGHT, WIDTH, Case, cases
from ..worker.kinds import CHECKER_METHODS
from . import tiebreak_of
from .asking import MOVE, SCORES, TOURNEY, PositionCheck
from .findings import Difference, Failure
from .parts import Parts, asker, check_parts, part_problem

SHOWN = "shown"  # the kind of a position that is not one of the check's (``wording.check_kind``)
TOURNEY_NEEDS = "score_board_for_tourney"  # what scores_for_tourney is held to (as the check does)


@dataclass(frozen=True)
class Here:
    """What the diagnosis found at the position shown: the first ``problem`` (its ``blame``: the method that holds
    the mistake), for the words (``check_text.diagnosis_lines``): the file as named and its course (``flavour``)."""

    problem: Difference | Failure
    file: str
    flavour: str


def think_diagnosed(player: StudentPlayer, board: RulesBoard, moves: str, smart: bool = False) -> Comparison:
    """``player.think`` (its recursion beside the reference's), the student's tree given what the diagnosis finds at
    this position and ply (``Tree.diagnosis``: a :class:`Here`, None where the file agrees here; not asked when the
    recording ran out of time: the file is not waited for twice)."""
    comparison = player.think(board, moves, smart)
    student = comparison.student
    if student is not None and not any(node.error == TIME_IS_UP for node in student.root.walk()):  # not twice
        student.diagnosis = diagnosed(player, board, moves, smart)
    return comparison


def diagnosed(player: StudentPlayer, board: RulesBoard, moves: str, smart: bool = False) -> Here | None:
    """The first problem of ``player``'s file at ``board`` (the position of ``moves``) for its side, tiebreak and
    ply; None where it agrees (or the board is not the check's size). StudentError if its process fails outright."""
    if (board.width, board.height) != (WIDTH, HEIGHT) or board.variant.parts:
        return None
    loaded, process = player.loaded, player.process
    case, positions = _case(moves, player.ox, player.tbt)
    ask = asker(process)
    asked_on = positions if case in positions else [*positions, case]  # the check's first problems stay first
    everywhere = check_parts(loaded.methods, asked_on, loaded.class_name, ask)
    parts = {name: problem for name in everywhere.methods if (problem := part_problem(everywhere, name)) is not None}
    asked = PositionCheck(process, loaded, case, player.ply, parts)
    method = TOURNEY if smart else SCORES
    found = None
    if method in loaded.methods and (method == SCORES or TOURNEY_NEEDS in loaded.methods):
        found = _problem(asked.verdict(method))
    if found is None:
        found = _part_here(parts, case, check_parts(loaded.methods, [case], loaded.class_name, ask))
    tiebreak = tiebreak_of(loaded.methods)
    if found is None and tiebreak is not None:
        found = _problem(asked.verdict(tiebreak))
    if found is None and not smart and MOVE in loaded.methods:
        found = _problem(asked.verdict(MOVE))
    return None if found is None else Here(found, player.source.name, loaded.flavour)


def _case(moves: str, ox: str, tiebreak: str) -> tuple[Case, list[Case]]:
    """The check's case for this position, side and tiebreak (its kind as the check names it; else ``SHOWN``), and
    the check's positions."""
    positions = cases()
    kind = next((case.kind for case in positions if (case.moves, case.ox) == (moves, ox)), SHOWN)
    return Case(kind, moves, ox, tiebreak), positions


def _problem(verdict: object) -> Difference | Failure | None:
    return verdict if isinstance(verdict, Difference | Failure) else None


def _part_here(parts: dict[str, Difference | Failure], case: Case, here: Parts) -> Difference | Failure | None:
    """A part that differs on this position: the check's own problem where it is this one (a checker method: for this
    side), else the part asked on this position alone (``here``: its :class:`.parts.Parts`)."""
    for name in here.methods:
        found = parts.get(name)
        if found is not None and (found.case == case or (name in CHECKER_METHODS and found.case.ox == case.ox)):
            return found
        found = part_problem(here, name)
        if found is not None:
            return found
    return None
