"""Sentences of the grades: ``check --gradescope``/``--junit``, the grading file, ``vp-connect4 autograder``.

What a student reads in Gradescope (a test's output, the summary) and what a teacher reads (a grading file that
is wrong, the zip written). The test names (``scores_for, ply 2``), the JSON keys and the XML stay English: scripts
read them.
"""

from __future__ import annotations

from .language import N_, _n, choice, name_sentences, sentence

__all__ = [
    "autograder_written",
    "grading_bad_suffix",
    "grading_bad_toml",
    "grading_bad_value",
    "grading_check_ended",
    "grading_check_failed",
    "grading_check_too_long",
    "grading_could_not_run",
    "grading_first_failed",
    "grading_help",
    "grading_no_submission",
    "grading_no_toml",
    "grading_not_asked_again",
    "grading_not_graded",
    "grading_passed",
    "grading_several_files",
    "grading_summary",
    "grading_unknown_key",
    "grading_unreadable",
    "grading_wanted",
    "grading_written",
]


# The help of the options ``check --gradescope/--junit/--grading`` and of ``vp-connect4 autograder``.
grading_help = choice(
    "name",
    {
        "gradescope": N_("also write Gradescope's results.json to FILE: a test per method and ply, with points"),
        "junit": N_("also write JUnit XML to FILE (GitHub Classroom, CI): a test case per method and ply"),
        "grading": N_("the grading file (.toml, or .json with the same keys): points per ply, visibility, ply"),
        "autograder": N_(
            "Build the zip Gradescope takes as a programming assignment's autograder: it installs vp-connect4 and "
            "checks each submitted player file."
        ),
        "out": N_("the zip to write (default: autograder.zip)"),
        "ply": N_("check plies 0 to N (default: the grading file's ply, else 4)"),
    },
)


# -- what a student reads -------------------------------------------------------------------------------------


def grading_passed(answers: int) -> str:
    return _n(
        "The {n} answer asked agrees with the reference.", "All {n} answers asked agree with the reference.", answers
    ).format(n=answers)


grading_not_asked_again = sentence(
    N_(
        "Not asked: {method} gave no answer in time at ply {first}, so it was not asked again at ply {ply} (each "
        "ply looks further ahead). What happened at ply {first}:"
    ),
    "method, ply, first",
)


def grading_summary(file: str, passed: int, tests: int, score: float, max_score: float) -> str:
    return _n(
        "{file}: {passed} of {n} test passed ({score:g} of {max_score:g} points).",
        "{file}: {passed} of {n} tests passed ({score:g} of {max_score:g} points).",
        tests,
    ).format(file=file, passed=passed, n=tests, score=score, max_score=max_score)


grading_first_failed = sentence(N_("The first test that failed: {test}; its output shows the position."), "test")


grading_not_graded = sentence(
    N_("Nothing could be asked of your file, so every test failed (score 0).")
)


grading_no_submission = sentence(N_("No Python file (.py) was found in your submission: submit your player file."))


grading_several_files = sentence(
    N_(
        "Your submission has several Python files, and not one of them is clearly the player file: {files}. "
        "Submit only the file with your Player (or AIPlayer) class, with the files it imports."
    ),
    "files",
)


grading_check_ended = sentence(N_("The check ended without writing its results (exit code {code})."), "code")


grading_could_not_run = sentence(
    N_("The autograder could not start the check (its output says why).")
)


grading_check_failed = sentence(N_("The check itself failed: {reason}"), "reason")


grading_check_too_long = sentence(N_("The check did not finish within {seconds:g} s, so it was stopped."), "seconds")


# -- what a teacher reads -------------------------------------------------------------------------------------


grading_written = sentence(N_("{what} written to {path}."), "what, path")


autograder_written = sentence(
    N_(
        "Written {path} ({tests} tests, {points:g} points): upload it as the autograder of a Gradescope programming "
        "assignment (see docs/teachers.md)."
    ),
    "path, tests, points",
)


grading_unreadable = sentence(N_("{path}: the grading file cannot be read: {reason}"), "path, reason")


grading_bad_suffix = sentence(N_("{path}: a grading file's name ends in .toml (or .json), got {text!r}"), "path, text")


grading_bad_toml = sentence(N_("{path} is not valid TOML: {reason}"), "path, reason")


grading_no_toml = sentence(
    N_(
        "{path}: this Python ({version}) cannot read TOML: use Python 3.11 or later, or install tomli, or write the "
        "same keys as JSON (a .json file)"
    ),
    "path, version",
)


grading_unknown_key = sentence(N_("{where}: unknown key {key!r}; the keys are {allowed}"), "where, key, allowed")


grading_bad_value = sentence(N_("{where}: {key} must be {wanted}, got {value!r}"), "where, key, wanted, value")


# What a grading file's key takes (``grading_bad_value``'s ``wanted``).
grading_wanted = choice(
    "kind",
    {
        "ply": N_("a whole number 0 or more"),
        "seconds": N_("a number of seconds above 0"),
        "points": N_("a number of points, 0 or more"),
        "visibility": N_("one of visible, hidden, after_due_date, after_published"),
        "language": N_("en or nl"),
        "file": N_("a file name ending in .py"),
        "table": N_("a table of plies (0, 1, ...) and default"),
        "memory": N_("a size of 64 MiB or more, such as \"512M\" or \"2G\""),
        "yes_no": N_("true or false"),
    },
)


name_sentences(globals())
