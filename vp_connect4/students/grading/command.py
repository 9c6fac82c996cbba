"""The grades on the command line: ``check FILE --gradescope results.json --junit junit.xml --grading FILE``,
and ``vp-connect4 autograder --out autograder.zip`` (``commands`` hands both over).

With ``--gradescope`` or ``--junit`` the check goes on after the first difference (``check.check_each``), prints
its normal text on stdout, and writes the files: always, whatever became of the student's file. Exit codes: 0
when every test passed, 1 otherwise, 2 for a grading file that cannot be used (said in one line on stderr).
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import replace
from pathlib import Path

from ... import wording
from ...options import add_language
from ..check import check_each
from ..errors import StudentError
from ..files import PlayerFile
from ..progress import ProgressBar
from . import gradescope, junit
from .bundle import build
from .config import GradingFileError, Settings, read
from .verdicts import Grade, from_verdicts, unanswered

EXIT_BAD_GRADING = 2
DEFAULT_ZIP = "autograder.zip"


def add_options(parser: argparse.ArgumentParser) -> None:
    """``--gradescope FILE``, ``--junit FILE`` and ``--grading FILE`` (check's)."""
    parser.add_argument("--gradescope", type=Path, metavar="FILE", help=wording.grading_help("gradescope"))
    parser.add_argument("--junit", type=Path, metavar="FILE", help=wording.grading_help("junit"))
    parser.add_argument("--grading", type=Path, metavar="FILE", help=wording.grading_help("grading"))


def settings_for(parser: argparse.ArgumentParser, argv: list[str]) -> Settings | str:
    """The ``--grading`` file's settings (its ply and move time become the options' defaults), or why it cannot
    be used (a sentence)."""
    known, _ = parser.parse_known_args(argv)
    if known.grading is None:
        return Settings()
    try:
        settings = read(known.grading)
    except GradingFileError as error:
        return str(error)
    parser.set_defaults(ply=settings.ply, move_time=settings.move_time, memory_limit=settings.memory_limit,
                        unsafe_no_sandbox=settings.unsafe_no_sandbox)  # fmt: skip
    if settings.language and not any(arg.startswith("--lang") for arg in argv):
        wording.use_language(settings.language)
    return settings


def wanted(args: argparse.Namespace) -> bool:
    """Whether the check writes grades (then :func:`check_and_grade` runs it)."""
    return args.gradescope is not None or args.junit is not None


def check_and_grade(source: PlayerFile, args: argparse.Namespace, settings: Settings) -> int:
    """Check every method at every ply, print the check's text, write the grades; 0 when every test passed."""
    start = time.monotonic()
    grade = _grade(source, tuple(range(args.ply + 1)), args.move_time, settings)
    print(grade.check_text)
    seconds = time.monotonic() - start
    written = True
    if args.gradescope is not None:
        data = gradescope.results(grade, settings, seconds)
        written &= _write(args.gradescope, "Gradescope", lambda path: gradescope.write(path, data))
    if args.junit is not None:
        written &= _write(args.junit, "JUnit", lambda path: junit.write(path, grade, seconds))
    return 0 if grade.passed and written else 1


def _grade(source: PlayerFile, plies: tuple[int, ...], move_time: float, settings: Settings) -> Grade:
    if not source.path.is_file():
        return unanswered(source.name, wording.student_no_file(source.shown), plies, settings)
    bar = ProgressBar("positions")
    try:
        return from_verdicts(check_each(source, plies, move_time, progress=bar), settings)
    except StudentError as error:
        return unanswered(source.name, str(error), plies, settings)
    except Exception as error:  # a failure of ours: still a results file, in words
        reason = wording.grading_check_failed(f"{type(error).__name__}: {error}")
        return unanswered(source.name, reason, plies, settings)
    finally:
        bar.finish()


def _write(path: Path, what: str, write: object) -> bool:
    try:
        write(path)  # type: ignore[operator]
    except OSError as error:
        print(wording.tourney_not_written(str(path), error.strerror or str(error)), file=sys.stderr)
        return False
    print(wording.grading_written(what, str(path)), file=sys.stderr)
    return True


# -- vp-connect4 autograder ------------------------------------------------------------------------------------


def autograder_main(parser: argparse.ArgumentParser, argv: list[str]) -> int:
    """``vp-connect4 autograder --out autograder.zip [--grading FILE] [--ply N] [--move-time S] [--memory-limit M]``:
    ``parser`` comes with ``--ply``, ``--move-time`` and ``--memory-limit`` (their defaults None: the grading
    file's)."""
    parser.add_argument("--out", type=Path, default=Path(DEFAULT_ZIP), metavar="FILE", help=wording.grading_help("out"))
    parser.add_argument("--grading", type=Path, metavar="FILE", help=wording.grading_help("grading"))
    add_language(parser)
    args = parser.parse_args(argv)
    try:
        settings = read(args.grading) if args.grading is not None else Settings()
    except GradingFileError as error:
        print(error, file=sys.stderr)
        return EXIT_BAD_GRADING
    language = settings.language or wording.language()
    changes = {"ply": args.ply, "move_time": args.move_time, "memory_limit": args.memory_limit, "language": language,
               "unsafe_no_sandbox": args.unsafe_no_sandbox or None}  # fmt: skip
    settings = replace(settings, **{key: value for key, value in changes.items() if value is not None})
    try:
        tests, points = build(args.out, settings, args.grading)
    except OSError as error:
        print(wording.tourney_not_written(str(args.out), error.strerror or str(error)), file=sys.stderr)
        return 1
    print(wording.autograder_written(str(args.out), tests, points))
    return 0
