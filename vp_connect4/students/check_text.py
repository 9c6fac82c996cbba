"""The check's report as a person reads it: agreement in one sentence, or the first difference with its board.

The board is shown as the student's own code would make and print it (the Dutch seed: ``b = Board(7, 6)``,
``b.set_board('...')``, ``print(b)``; CS111: ``b = Board(6, 7)``, ``b.add_checkers('...')``, ``b``), so it can
be pasted into Python as it stands; the call is the student's class's (``AIPlayer('X', 'LEFT', 2)``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import cs111, seed, wording
from ..think.text import think_command
from . import diagnosis
from .check import Difference, Failure, Report
from .diagnosis.asking import SCORES
from .positions import HEIGHT, WIDTH, Case
from .worker.kinds import BOARD_SCORE, CHECKER_METHODS, PART_METHODS, SCORE_METHODS, TIEBREAK_METHODS
from .worker.loading import CS111

if TYPE_CHECKING:
    from .diagnosis.here import Here


def report_text(report: Report) -> str:
    """What ``vp-connect4 check`` prints."""
    file, plies = report.source.name, wording.check_plies(report.plies)
    problem = report.problem
    if problem is None:
        methods = ", ".join(report.methods)
        checks = report.positions * len(report.plies)
        lines = [wording.check_agrees(file, report.positions, plies, methods, report.calls, checks)]
        if report.unchecked_tourney:
            lines.append(wording.check_tourney_unchecked(file, report.loaded.class_name))
        return "\n".join(lines)
    kind = wording.check_kind(problem.case.kind)
    flavour = report.loaded.flavour
    position = position_text(problem.case, flavour)
    if problem.method in PART_METHODS:
        lines = part_lines(problem, file, flavour, kind, position)
        if problem.method == BOARD_SCORE and isinstance(problem, Difference):  # think says it on this position too
            case = problem.case
            lines += ["", wording.think_see(think_command(file, case.moves, problem.ply, case.ox, case.tiebreak))]
        return "\n".join(lines)
    if isinstance(problem, Failure):
        lines = [wording.check_failed(file, problem.ply, kind), "", position, "", str(problem.error)]
    else:
        lines = [wording.check_differs(file, problem.ply, kind), "", position, ""]
        lines += [*difference_lines(problem, file, flavour), *blame_lines(problem, flavour)]
    scores_differ = problem.blame is not None and problem.blame.reason == diagnosis.FOLLOWS_SCORES
    # the recursion was stopped at its first call that does not count down: think stops it there too
    never_ends = isinstance(problem, Failure) and problem.error.never_counts_down
    if (problem.method in SCORE_METHODS and not isinstance(problem, Failure)) or scores_differ or never_ends:
        case = problem.case
        command = think_command(report.source.name, case.moves, problem.ply, case.ox, case.tiebreak)
        lines += ["", wording.think_see(command + (" --smart" if problem.method == "scores_for_tourney" else ""))]
    return "\n".join(lines)


def diagnosis_lines(problem: Difference | Failure, file: str, flavour: str, board: bool = True) -> list[str]:
    """What the one diagnosis found at the position ``think`` shows (``diagnosis.here``), as check says it there: a
    part that differs (with the position as code, ``board`` True), ``next_move``'s or the tiebreak's difference,
    which method holds ``scores_for``'s, or how it failed (``board`` False, for Think's status line: its sentence and
    the file's line that raised, not the whole traceback)."""
    case = problem.case
    kind, method = wording.check_kind(case.kind), problem.method
    if method in PART_METHODS:
        return part_lines(problem, file, flavour, kind, position_text(case, flavour) if board else "")
    if isinstance(problem, Failure):  # the tree shows where scores_for failed: check's words say why
        error = [str(problem.error)] if board else problem.error.short_lines()
        return error if method in SCORE_METHODS else [wording.check_failed(file, problem.ply, kind), *error]
    if method in SCORE_METHODS:
        return blame_lines(problem, flavour)
    return [*difference_lines(problem, file, flavour), *blame_lines(problem, flavour)]


def here_lines(here: Here, board: bool = True) -> list[str]:
    """What think says under its tree (``diagnosis.here``): :func:`diagnosis_lines` for what the diagnosis found and,
    where it was asked at the first call that differs below a top call that agrees, a line that says so first."""
    said = diagnosis_lines(here.problem, here.file, here.flavour, board)
    return [wording.think_diagnosis_below(here.ox, here.ply), *said] if here.line and said else said


def part_lines(problem: Difference | Failure, file: str, flavour: str, kind: str, position: str) -> list[str]:
    """A part method asked on its own (``opp_ch()``, ``score_board(b)``, ``tiebreak_move(scores)``) that is wrong."""
    method = problem.method
    if method in CHECKER_METHODS:
        lines = [wording.diagnosis_part_differs(file, method), ""]
    else:
        lines = [wording.diagnosis_part_differs_here(file, method, kind), "", position, ""]
    if isinstance(problem, Failure):
        return [*lines, str(problem.error)]
    mine, ours = _labels(file)
    if method in TIEBREAK_METHODS:
        given = _scores(problem.reference, flavour)
        return [*lines, f"scores = {given}", problem.call, f"  {mine} {problem.theirs}",
                f"  {ours} {wording.check_columns(list(problem.allowed))}",
                wording.diagnosis_tiebreak_rule(method, problem.case.tiebreak)]  # fmt: skip
    theirs, reference = problem.theirs, problem.reference
    if method not in CHECKER_METHODS:
        theirs, reference = _score(theirs, flavour), _score(reference, flavour)
    rule = wording.diagnosis_checker_rule(method) if method in CHECKER_METHODS else wording.diagnosis_board_rule(method)
    return [*lines, problem.call, f"  {mine} {theirs}", f"  {ours} {reference}", rule, *blame_lines(problem, flavour)]


def blame_lines(problem: Difference, flavour: str) -> list[str]:
    """Which method holds the mistake the difference shows, in words (:mod:`.diagnosis`); none when nothing is
    known below it."""
    blame = problem.blame
    if blame is None:
        return []
    if blame.reason == diagnosis.CALLS_WRONG_PART:
        part = blame.under
        if isinstance(part, Failure):
            return [wording.diagnosis_look_at(blame.culprit)]
        theirs, ours = part.theirs, part.reference
        if part.method not in CHECKER_METHODS:
            theirs, ours = _score(theirs, flavour), _score(ours, flavour)
        return [wording.diagnosis_calls_wrong_part(problem.method, blame.culprit, part.call, theirs, ours)]
    if blame.reason == diagnosis.ITSELF:
        return [wording.diagnosis_parts_agree(list(blame.agreed), problem.method)] if blame.agreed else []
    scores, name = SCORES, problem.case.tiebreak
    if blame.reason == diagnosis.SCORES_FAILED:
        return [wording.diagnosis_scores_failed(scores, problem.method)]
    if blame.reason == diagnosis.FOLLOWS_SCORES:
        said = [wording.diagnosis_follows_scores(scores, _scores(blame.under.theirs, flavour), problem.method)]
        below = blame_lines(blame.under, flavour) if blame.then is not None else []
        if blame.then is None or blame.then.reason == diagnosis.ITSELF:
            below = [wording.diagnosis_look_at(scores)]
        return said + below
    if blame.reason == diagnosis.TIEBREAK_WRONG:
        if isinstance(blame.under, Failure):
            return [wording.diagnosis_look_at(blame.culprit)]
        columns = wording.check_columns(list(blame.under.allowed))
        return [wording.diagnosis_tiebreak_wrong(scores, blame.tiebreak, blame.under.theirs, name, columns)]
    if blame.reason == diagnosis.IGNORES_TIEBREAK:
        return [wording.diagnosis_ignores_tiebreak(scores, blame.tiebreak, blame.column, problem.method,
                                                   problem.theirs)]  # fmt: skip
    return [wording.diagnosis_no_tiebreak(scores, problem.method, name)]


def position_text(case: Case, flavour: str) -> str:
    """The position as code and as the seed prints it."""
    if flavour == CS111:
        board: seed.Board | cs111.Board = cs111.Board(HEIGHT, WIDTH)
        lines = [f"b = Board({HEIGHT}, {WIDTH})", f"b.add_checkers({case.moves!r})", "b"]
    else:
        board = seed.Board(WIDTH, HEIGHT)
        lines = [f"b = Board({WIDTH}, {HEIGHT})", f"b.set_board({case.moves!r})", "print(b)"]
    board.set_board(case.moves)
    return "\n".join([*lines, repr(board).rstrip("\n")])


def difference_lines(difference: Difference, file: str, flavour: str) -> list[str]:
    """The call, both answers, and where they part."""
    mine, ours = _labels(file)
    reference = _scores(difference.reference, flavour)
    if difference.method == "next_move":
        return [
            f"{difference.call}",
            f"  {mine} {difference.theirs}",
            f"  {ours} {wording.check_columns(list(difference.allowed))}",
            wording.check_move_differs(reference, difference.case.tiebreak),
        ]
    theirs = difference.theirs
    col = difference.column
    return [
        f"{difference.call}",
        f"  {mine} {_scores(theirs, flavour)}",  # type: ignore[arg-type]
        f"  {ours} {reference}",
        wording.check_column_differs(col, _score(theirs[col], flavour), _score(difference.reference[col], flavour)),  # type: ignore[index]
    ]


def _labels(file: str) -> tuple[str, str]:
    """``file:`` and ``reference:``, as wide as each other."""
    reference_label = wording.check_reference()
    width = max(len(file), len(reference_label)) + 1
    return f"{file}:".ljust(width), f"{reference_label}:".ljust(width)


def _scores(scores: list[float], flavour: str) -> str:
    return "[" + ", ".join(_score(score, flavour) for score in scores) + "]"


def _score(score: float, flavour: str) -> str:
    """As the student's code gives it: ``50.0`` (the seed's floats), ``50`` (CS111's whole numbers)."""
    if flavour == CS111 and float(score).is_integer():
        return str(int(score))
    return repr(float(score))
