"""Gradescope's ``results.json`` from a :class:`~.verdicts.Grade`, as its autograder specification documents it.

Top level: ``score`` (the tests' points), ``output`` (the summary paragraph), ``visibility``,
``stdout_visibility``, ``execution_time`` (seconds) and ``tests``; each test: ``name``, ``score``,
``max_score``, ``status`` (``passed``/``failed``), ``output`` and ``visibility``. The keys and test names are
fixed English; the outputs are in the language spoken, made visible (:func:`..worker.visible.visible`, their
lines kept):
no control character reaches the page, and no lone surrogate stops the file being written. Written whole or not at
all (a temporary file renamed).
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

from ..worker.visible import visible
from .config import Settings
from .verdicts import Grade

OUTPUT_FORMAT = "text"  # shown as it is (a board's "|" and spaces kept)


def results(grade: Grade, settings: Settings, seconds: float = 0.0) -> dict[str, Any]:
    """The results as Gradescope reads them."""
    return {
        "score": _points(grade.score),
        "execution_time": round(seconds),
        "output": visible(grade.output, lines=True),
        "output_format": OUTPUT_FORMAT,
        "visibility": settings.visibility,
        "stdout_visibility": settings.stdout_visibility,
        "tests": [
            {
                "name": visible(test.name),
                "score": _points(test.score),
                "max_score": _points(test.max_score),
                "status": "passed" if test.passed else "failed",
                "output": visible(test.output, lines=True),
                "output_format": OUTPUT_FORMAT,
                "visibility": test.visibility,
            }
            for test in grade.tests
        ],
    }


def write(path: Path, data: dict[str, Any]) -> None:
    """Write ``data`` as JSON to ``path`` in one step (OSError if it cannot be written)."""
    write_text(path, json.dumps(data, indent=2, ensure_ascii=False) + "\n")


def write_text(path: Path, text: str) -> None:
    """``text`` into ``path`` whole: a reader never finds it half written."""
    path = Path(path)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent or Path("."))
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(text)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def _points(value: float) -> float | int:
    return int(value) if float(value).is_integer() else round(value, 6)
