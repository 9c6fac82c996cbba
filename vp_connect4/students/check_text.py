"""The check's report as a person reads it: agreement in one sentence, or the first difference with its board.

The board is shown as the student's own code would make and print it (the Dutch seed: ``b = Board(7, 6)``,
``b.set_board('...')``, ``print(b)``; CS111: ``b = Board(6, 7)``, ``b.add_checkers('...')``, ``b``), so it can
be pasted into Python as it stands; the call is the student's class's (``AIPlayer('X', 'LEFT', 2)``).
"""

from __future__ import annotations

from .. import cs111, seed, wording
from ..think.text import think_command
from .check import Difference, Failure, Report
from .positions import HEIGHT, WIDTH, Case
from .worker.loading import CS111


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
    position = position_text(problem.case, report.loaded.flavour)
    hint = [wording.check_tiebreak_hint(problem.case.tiebreak)] if problem.method == "next_move" else []
    if isinstance(problem, Failure):
        failed = [wording.check_failed(file, problem.ply, kind), "", position, "", str(problem.error)]
        return "\n".join(failed + hint)
    lines = [wording.check_differs(file, problem.ply, kind), "", position, "", *difference_lines(
        problem, file, report.loaded.flavour
    ), *hint]  # fmt: skip
    if problem.method in ("scores_for", "scores_for_tourney"):
        case = problem.case
        command = think_command(report.source.name, case.moves, problem.ply, case.ox, case.tiebreak)
        lines += ["", wording.think_see(command + (" --smart" if problem.method == "scores_for_tourney" else ""))]
    return "\n".join(lines)


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
    reference_label = wording.check_reference()
    width = max(len(file), len(reference_label)) + 1
    mine, ours = f"{file}:".ljust(width), f"{reference_label}:".ljust(width)
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


def _scores(scores: list[float], flavour: str) -> str:
    return "[" + ", ".join(_score(score, flavour) for score in scores) + "]"


def _score(score: float, flavour: str) -> str:
    """As the student's code gives it: ``50.0`` (the seed's floats), ``50`` (CS111's whole numbers)."""
    if flavour == CS111 and float(score).is_integer():
        return str(int(score))
    return repr(float(score))
