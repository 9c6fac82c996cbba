"""What ``run_autograder`` runs for each submission: find the player file, check it, leave a results.json.

``python -m vp_connect4.students.grading.submission``, in the tree Gradescope makes (``$ROOT/source``: the zip's
files; ``$ROOT/submission``: the student's; ``$ROOT/results``), ``$ROOT`` being ``/autograder`` or the
environment's :data:`ROOT_VARIABLE`. The check runs as ``$VP_CONNECT4_COMMAND check FILE ...`` (default: this
Python's ``-I -m vp_connect4``) in the player file's folder, in a session of its own, for at most the grading file's
``total_time``. Whatever becomes of it, a valid results.json is left: when the check wrote none (it crashed, was
killed, took too long), one that says so, score 0.
"""

from __future__ import annotations

import contextlib
import json
import os
import shlex
import signal
import subprocess
import sys
from pathlib import Path

from ... import wording
from . import gradescope
from .bundle import SETTINGS
from .config import GradingFileError, Settings, read
from .finding import find_player
from .verdicts import unanswered

ROOT_VARIABLE = "VP_CONNECT4_AUTOGRADER_ROOT"
COMMAND_VARIABLE = "VP_CONNECT4_COMMAND"  # how to start vp-connect4 (split like a shell's words)
DEFAULT_ROOT = "/autograder"


def main() -> int:
    root = Path(os.environ.get(ROOT_VARIABLE) or DEFAULT_ROOT)
    results = root / "results" / "results.json"
    results.parent.mkdir(parents=True, exist_ok=True)
    settings_file = root / "source" / SETTINGS
    try:
        settings = read(settings_file) if settings_file.is_file() else Settings()
    except GradingFileError as error:
        return _unanswered(results, "", str(error), Settings())
    if settings.language:
        wording.use_language(settings.language)
    found = find_player(root / "submission", settings.file)
    if isinstance(found, str):
        return _unanswered(results, "", found, settings)
    results.unlink(missing_ok=True)
    command = [*_command(), "check", found.name, "--gradescope", str(results.resolve())]
    if settings_file.is_file():
        command += ["--grading", str(settings_file.resolve())]
    if settings.language:
        command += ["--lang", settings.language]
    code = _run(command, found.parent, settings.total_time)
    if _valid(results):
        return 0
    reason = wording.grading_check_too_long(settings.total_time) if code is None else wording.grading_check_ended(code)
    return _unanswered(results, found.name, reason, settings)


def _command() -> list[str]:
    given = os.environ.get(COMMAND_VARIABLE)
    # isolated (-I): the check runs in the student's folder, whose random.py or vp_connect4/ must not stand in for ours
    return shlex.split(given) if given else [sys.executable, "-I", "-m", "vp_connect4"]


def _run(command: list[str], folder: Path, seconds: float) -> int | None:
    """Run the check; its exit code, or None when it took longer than ``seconds`` (then it is killed, whole)."""
    sys.stdout.flush()
    try:
        process = subprocess.Popen(command, cwd=folder, stdin=subprocess.DEVNULL, start_new_session=True)
    except OSError as error:
        print(error, file=sys.stderr)
        return 127
    try:
        return process.wait(timeout=seconds)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(OSError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait()
        return None


def _valid(results: Path) -> bool:
    try:
        data = json.loads(results.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return isinstance(data, dict) and isinstance(data.get("tests"), list) and "score" in data


def _unanswered(results: Path, file: str, reason: str, settings: Settings) -> int:
    print(reason)
    grade = unanswered(file, reason, tuple(range(settings.ply + 1)), settings)
    gradescope.write(results, gradescope.results(grade, settings))
    return 0


if __name__ == "__main__":
    sys.exit(main())
