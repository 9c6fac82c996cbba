"""A student's traceback: only the frames of the student's own files, as Python prints them.

Frames of this package, of the standard library and of installed packages are left out, so what a student
reads starts at their call and ends at their error. A recursion that never ends shows its repeated line
once, with Python's own ``[Previous line repeated 996 more times]``. The lines are those of Python's report,
split at its newlines only (our process makes each visible: ``answers``).
"""

from __future__ import annotations

import os
import sysconfig
import traceback
from pathlib import Path

from .visible import visible

_HERE = Path(__file__).resolve().parent
OURS = tuple(  # this worker's folder, and the vp_connect4 package where it is there (our side, not the sandbox)
    str(folder) for folder in (_HERE, _HERE.parent.parent) if folder == _HERE or folder.name == "vp_connect4"
)
LIBRARIES = tuple({path for key in ("stdlib", "platstdlib", "purelib", "platlib") if (path := sysconfig.get_path(key))})
MOST_LINES = 60  # a traceback longer than this is cut in the middle (a recursion through several functions)


def is_students(filename: str) -> bool:
    """Whether a frame's file is the student's: not ours, not a library's, not Python's own (``<frozen ...>``)."""
    if filename.startswith("<"):
        return False
    path = os.path.realpath(filename)
    return not path.startswith((*(folder + os.sep for folder in OURS), *(library + os.sep for library in LIBRARIES)))


def student_lines(error: BaseException, cwd: str) -> list[str]:
    """The lines Python would print for ``error``, with only the student's frames; file names relative to ``cwd``
    (the directory the command was given in) where the file lies below it."""
    report = traceback.TracebackException.from_exception(error)
    frames = [frame for frame in report.stack if is_students(frame.filename)]
    for frame in frames:  # a file's name made visible: a newline in it would start a line of the traceback
        frame.filename = visible(shown_path(frame.filename, cwd))
    report.stack = traceback.StackSummary.from_list(frames)
    if isinstance(error, SyntaxError) and report.filename:
        report.filename = visible(shown_path(report.filename, cwd))
    lines = "".join(report.format(chain=False)).rstrip("\n").split("\n")  # not splitlines: a \f is no line break
    if len(lines) > MOST_LINES:
        half = MOST_LINES // 2
        lines = [*lines[:half], "  ...", *lines[-half:]]
    return lines


def shown_path(filename: str, cwd: str) -> str:
    try:
        relative = os.path.relpath(filename, cwd)
    except ValueError:  # another drive (Windows)
        return filename
    return filename if relative.startswith(os.pardir) else relative
