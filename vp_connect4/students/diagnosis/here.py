"""The diagnosis at the one position and ply ``think`` shows (``vp-connect4 think --player``, Think in 3D), so think
says check's sentence there.

The file's parts are asked on their own as the check asks them (:func:`.parts.check_parts` on the check's positions,
and on this one), then this position at this ply is asked as the check asks it (:class:`.asking.PositionCheck`):
first the method the tree shows (``scores_for``; ``--smart``: ``scores_for_tourney``), its difference diagnosed
from the file's own answers; where it agrees, the parts on this position (``opp_ch`` for this side, ``score_board``
on this board), the tiebreak method with the reference's scores here, and ``next_move``. Where the top call agrees
with the reference and the tree marks a call below it, the diagnosis is asked at the first such call instead: its
position, its side and its look-ahead (:attr:`Here.line` says where).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from ...board import RulesBoard
from ...think.compare import Comparison
from ...think.tree import TIME_IS_UP, UNKNOWN_MOVE, Tree
from ..player import StudentPlayer
from ..positions import HEIGHT, WIDTH, Case, cases
from ..worker.kinds import CHECKER_METHODS
from . import tiebreak_of
from .asking import MOVE, SCORES, TOURNEY, PositionCheck
from .findings import Difference, Failure
from .parts import Parts, asker, check_parts, part_problem

SHOWN = "shown"  # the kind of a position that is not one of the check's (``wording.check_kind``)
BELOW = "below"  # the kind of the position of the first call that differs, below a top call that agrees
TOURNEY_NEEDS = "score_board_for_tourney"  # what scores_for_tourney is held to (as the check does)


@dataclass(frozen=True)
class Here:
    """What the diagnosis found at the position shown: the first ``problem`` (its ``blame``: the method that holds
    the mistake), for the words (``check_text.diagnosis_lines``): the file as named and its course (``flavour``);
    ``line``: the moves from the position shown to the call where it was asked (the first call that differs, below a
    top call that agrees; empty: the position shown), ``ox`` and ``ply``: that call's side and look-ahead."""

    problem: Difference | Failure
    file: str
    flavour: str
    line: tuple[int, ...] = ()
    ox: str = ""
    ply: int = 0


def think_diagnosed(player: StudentPlayer, board: RulesBoard, moves: str, smart: bool = False) -> Comparison:
    """``player.think`` (its recursion beside the reference's), the student's tree given what the diagnosis finds at
    this position and ply (``Tree.diagnosis``: a :class:`Here`, None where the file agrees here; where the top call
    agrees and a call below differs, what it finds at the first such call; not asked when the recording ran out of
    time: the file is not waited for twice)."""
    comparison = player.think(board, moves, smart)
    student = comparison.student
    if student is not None and not any(node.error == TIME_IS_UP for node in student.root.walk()):  # not twice
        student.diagnosis = diagnosed(player, board, moves, smart) or _below(player, student, board, smart)
    return comparison


def diagnosed(player: StudentPlayer, board: RulesBoard, moves: str, smart: bool = False, kind: str = SHOWN,
              side: tuple[str, int] | None = None) -> Here | None:  # fmt: skip
    """The first problem of ``player``'s file at ``board`` (the position of ``moves``) for its side, tiebreak and
    ply (or ``side``'s checker and ply: a call below the one shown); None where it agrees (or the board is not the
    check's size). ``kind``: the position's kind where it is not one of the check's. StudentError if its process
    fails outright."""
    if (board.width, board.height) != (WIDTH, HEIGHT) or board.variant.parts:
        return None
    loaded, process = player.loaded, player.process
    ox, ply = (player.ox, player.ply) if side is None else side
    case, positions = _case(moves, ox, player.tbt, kind)
    ask = asker(process)
    asked_on = positions if case in positions else [*positions, case]  # the check's first problems stay first
    everywhere = check_parts(loaded.methods, asked_on, loaded.class_name, ask)
    parts = {name: problem for name in everywhere.methods if (problem := part_problem(everywhere, name)) is not None}
    asked = PositionCheck(process, loaded, case, ply, parts)
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


def _below(player: StudentPlayer, tree: Tree, board: RulesBoard, smart: bool) -> Here | None:
    """Where the top call agrees with the reference and a call below it differs: the diagnosis at the first such call
    (its position, side and look-ahead: the call's own board), None where it finds nothing there or the call's
    position is not the position shown with its line of moves played (a student's board that went astray)."""
    first = tree.first_difference()
    if first is None or tree.root.differs or not first.line or UNKNOWN_MOVE in first.line or first.ox not in ("X", "O"):
        return None
    moves = tree.moves + "".join(str(col) for col in first.line)
    there = RulesBoard(board.width, board.height)
    try:
        there.set_board(moves)
    except ValueError:  # a call past the game's end: no position the check could ask about
        return None
    if tuple("".join(row) for row in there.data) != first.rows:
        return None
    found = diagnosed(player, there, moves, smart, BELOW, side=(first.ox, first.ply))
    return None if found is None else dataclasses.replace(found, line=first.line, ox=first.ox, ply=first.ply)


def _case(moves: str, ox: str, tiebreak: str, kind: str = SHOWN) -> tuple[Case, list[Case]]:
    """The check's case for this position, side and tiebreak (its kind as the check names it; else ``kind``), and
    the check's positions."""
    positions = cases()
    kind = next((case.kind for case in positions if (case.moves, case.ox) == (moves, ox)), kind)
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
