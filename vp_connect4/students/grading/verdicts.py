"""A grade's tests: one per method and ply (``scores_for, ply 2``), passed or failed, its points and its words.

Made from what ``check.check_each`` found (:func:`from_verdicts`), or, when nothing could be asked (the file
does not load, has no Player class, was not found, the check itself ended early), every test failed with that
one reason (:func:`unanswered`). Both Gradescope's results.json and the JUnit XML are written from a
:class:`Grade`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ... import wording
from ..check import ASKED_ONCE, MOVE, SCORES, TOURNEY, Report, Verdicts
from ..check_text import report_text
from ..worker.kinds import TIEBREAK_METHODS
from .config import Settings

REQUIRED = (SCORES, MOVE)  # the methods every player file has: tested even when nothing could be asked; the
# points are theirs (the other methods' tests, where a file has them, are worth 0: every file's total the same)


@dataclass(frozen=True)
class Test:
    """One test: ``name`` is fixed English (``scores_for, ply 2``), ``output`` in the language spoken."""

    method: str
    ply: int
    passed: bool
    score: float
    max_score: float
    output: str
    visibility: str

    @property
    def name(self) -> str:
        return test_name(self.method, self.ply)


@dataclass(frozen=True)
class Grade:
    """Every test, and the summary paragraph (``output``) of the file as a whole."""

    file: str
    tests: tuple[Test, ...]
    output: str
    check_text: str  # what ``vp-connect4 check`` prints (the normal text)

    @property
    def score(self) -> float:
        return sum(test.score for test in self.tests)

    @property
    def max_score(self) -> float:
        return sum(test.max_score for test in self.tests)

    @property
    def passed(self) -> bool:
        return all(test.passed for test in self.tests)


def test_name(method: str, ply: int) -> str:
    """``scores_for, ply 2``; a method asked on its own, whatever the ply, by its name alone (``opp_ch``)."""
    return method if method in ASKED_ONCE else f"{method}, ply {ply}"


def from_verdicts(verdicts: Verdicts, settings: Settings) -> Grade:
    """The tests of a check that ran: each (method, ply) passed, or failed with its first problem in words."""
    report = verdicts.report
    missing = [method for method in REQUIRED if method not in report.methods]  # a required method it lacks
    once = [key for key in verdicts.keys if key[0] in ASKED_ONCE]  # opp_ch, score_board: asked on their own
    each = (*TIEBREAK_METHODS, *REQUIRED, TOURNEY)
    keys = once + [(method, ply) for ply in report.plies for method in each if method in missing or
                   (method, ply) in verdicts.agreed]  # fmt: skip
    tests = []
    for key in keys:
        method, ply = key
        points = settings.points_at(ply) if method in REQUIRED else 0.0  # every file's total the same
        visibility = settings.visibility_at(ply)
        if method in missing:
            output = wording.student_no_method(report.source.name, report.loaded.class_name, method)
            tests.append(Test(method, ply, False, 0.0, points, output, visibility))
            continue
        problem = verdicts.problems.get(key)
        if problem is None and key not in verdicts.carried:
            output = wording.grading_passed(verdicts.agreed[key])
            tests.append(Test(method, ply, True, points, points, output, visibility))
            continue
        if problem is None:  # settled by a time-out below it
            first = verdicts.carried[key]
            said = _problem_text(report, verdicts.problems[first])
            output = "\n".join([wording.grading_not_asked_again(method, ply, first[1]), "", said])
        else:
            output = _problem_text(report, problem)
        tests.append(Test(method, ply, False, 0.0, points, output, visibility))
    return _graded(report.source.name, tuple(tests), report_text(report), _unchecked(report))


def unanswered(file: str, reason: str, plies: tuple[int, ...], settings: Settings) -> Grade:
    """Nothing could be asked (``reason``, in words): the required methods' tests at every ply, failed."""
    tests = tuple(
        Test(method, ply, False, 0.0, settings.points_at(ply), reason, settings.visibility_at(ply))
        for ply in plies
        for method in REQUIRED
    )
    summary = "\n\n".join([reason, wording.grading_not_graded()])
    return Grade(file, tests, summary, reason)


def _graded(file: str, tests: tuple[Test, ...], check_text: str, extra: list[str]) -> Grade:
    grade = Grade(file, tests, "", check_text)
    passed = sum(test.passed for test in tests)
    lines = [wording.grading_summary(file, passed, len(tests), grade.score, grade.max_score), *extra]
    failed = [test for test in tests if not test.passed]
    if failed:
        lines.append(wording.grading_first_failed(failed[0].name))
    return replace(grade, output=" ".join(lines))


def _problem_text(report: Report, problem: object) -> str:
    """The problem as ``vp-connect4 check`` words it: the position, the call, both lists (or what went wrong)."""
    return report_text(replace(report, problem=problem))


def _unchecked(report: Report) -> list[str]:
    if report.unchecked_tourney:
        return [wording.check_tourney_unchecked(report.source.name, report.loaded.class_name)]
    return []


__all__ = ["Grade", "Test", "from_verdicts", "test_name", "unanswered"]
