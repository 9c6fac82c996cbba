"""The grading file: points per ply, what students see and when, and how the autograder checks.

A small TOML file (read with the standard library's ``tomllib``, Python 3.11 and later; ``tomli`` if it is
installed on 3.10), or the same keys as JSON (``.json``: any Python; the autograder's zip carries one)::

    ply = 4                          # check plies 0 to 4
    move_time = 10                   # seconds a call may take
    memory_limit = "1G"              # memory the student's process may use (the sandbox's; 512M, 2GiB...)
    total_time = 900                 # seconds for the whole check in the autograder
    visibility = "visible"           # the results as a whole: visible, after_due_date, after_published, hidden
    stdout_visibility = "hidden"     # the check's printed text in Gradescope
    language = "nl"                  # of what students read: en or nl
    file = "player.py"               # the file students submit (without it: the one with a Player class)
    unsafe_no_sandbox = false        # true: grade even where there is no sandbox (a container without namespaces)

    [points]                         # each test's points (scores_for, next_move at a ply); others: default
    default = 1
    4 = 2

    [test_visibility]                # each test's visibility by ply; a ply not named: default
    default = "visible"
    4 = "after_due_date"

Anything else is refused in one sentence (:class:`GradingFileError`, a ValueError): which key or value was
wrong, and what is allowed.
"""

from __future__ import annotations

import json
import math
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ... import wording
from .. import sandbox
from ..process import DEFAULT_TIME_LIMIT, MOST_PLY, MOST_TIME_LIMIT

VISIBILITIES = ("visible", "hidden", "after_due_date", "after_published")  # Gradescope's
LANGUAGES = ("en", "nl")
DEFAULT_PLY = 4
DEFAULT_TOTAL_TIME = 900.0  # seconds: Gradescope's own limit is longer by default
KEYS = ("ply", "move_time", "memory_limit", "total_time", "visibility", "stdout_visibility", "language", "file",
        "unsafe_no_sandbox", "points", "test_visibility")  # fmt: skip
DEFAULT = "default"  # the key of a table's other plies


class GradingFileError(ValueError):
    """A grading file that cannot be used; its message says why in one sentence."""


@dataclass(frozen=True)
class Settings:
    """A grading file's settings (every key has its default)."""

    ply: int = DEFAULT_PLY
    move_time: float = DEFAULT_TIME_LIMIT
    memory_limit: int | None = None  # bytes (None: the sandbox's default)
    total_time: float = DEFAULT_TOTAL_TIME
    visibility: str = "visible"
    stdout_visibility: str = "hidden"
    language: str | None = None  # None: the language spoken
    file: str | None = None
    unsafe_no_sandbox: bool = False  # as --unsafe-no-sandbox: a file may run without the sandbox, even as root
    points: dict[str, float] = field(default_factory=lambda: {DEFAULT: 1.0})  # "3" -> points, "default"
    test_visibility: dict[str, str] = field(default_factory=lambda: {DEFAULT: "visible"})

    def points_at(self, ply: int) -> float:
        return self.points.get(str(ply), self.points.get(DEFAULT, 1.0))

    def visibility_at(self, ply: int) -> str:
        return self.test_visibility.get(str(ply), self.test_visibility.get(DEFAULT, "visible"))

    def as_json(self) -> dict[str, Any]:
        """The settings as the keys of a grading file (what the autograder's zip carries)."""
        found = {key: getattr(self, key) for key in KEYS}
        if self.memory_limit is not None:
            found["memory_limit"] = f"{self.memory_limit >> 20}M"  # as typed, in MiB
        return {key: value for key, value in found.items() if value is not None}


def read(path: Path) -> Settings:
    """The settings of the grading file ``path`` (.toml or .json); GradingFileError says what is wrong."""
    shown = str(path)
    if path.suffix.lower() not in (".toml", ".json"):
        raise GradingFileError(wording.grading_bad_suffix(shown, path.name))
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise GradingFileError(wording.grading_unreadable(shown, getattr(error, "strerror", None) or error)) from None
    if path.suffix.lower() == ".json":
        try:
            data = json.loads(text)
        except (ValueError, RecursionError) as error:  # RecursionError: nested deeper than Python's stack
            raise GradingFileError(wording.grading_unreadable(shown, error)) from None
    else:
        data = _toml(text, shown)
    if not isinstance(data, dict):
        raise GradingFileError(wording.grading_unreadable(shown, type(data).__name__))
    return from_data(data, shown)


def _toml(text: str, shown: str) -> dict[str, Any]:
    try:
        import tomllib  # Python 3.11 and later
    except ImportError:
        try:
            import tomli as tomllib  # type: ignore[no-redef]  # only if it is installed: not a dependency
        except ImportError:
            version = ".".join(map(str, sys.version_info[:2]))
            raise GradingFileError(wording.grading_no_toml(shown, version)) from None
    try:
        return tomllib.loads(text)
    except (tomllib.TOMLDecodeError, RecursionError) as error:
        raise GradingFileError(wording.grading_bad_toml(shown, error)) from None


def from_data(data: dict[str, Any], shown: str) -> Settings:
    """Settings from a grading file's keys (``shown``: the file, for messages)."""
    unknown = [key for key in data if key not in KEYS]
    if unknown:
        raise GradingFileError(wording.grading_unknown_key(shown, unknown[0], ", ".join(KEYS)))
    found: dict[str, Any] = {}
    for key, value in data.items():
        found[key] = _value(shown, key, value)
    return Settings(**found)


def _value(shown: str, key: str, value: Any) -> Any:
    def bad(kind: str) -> GradingFileError:
        return GradingFileError(wording.grading_bad_value(shown, key, wording.grading_wanted(kind), value))

    if key == "ply":
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MOST_PLY:
            raise bad("ply")
        return value
    if key in ("move_time", "total_time"):
        if not _number(value) or not 0 < value <= MOST_TIME_LIMIT:
            raise bad("seconds")
        return float(value)
    if key == "memory_limit":
        try:
            return sandbox.parse_memory(value) if isinstance(value, str) else sandbox.parse_memory(str(int(value)))
        except (ValueError, TypeError):
            raise bad("memory") from None
    if key in ("visibility", "stdout_visibility"):
        if value not in VISIBILITIES:
            raise bad("visibility")
        return value
    if key == "language":
        if value not in LANGUAGES:
            raise bad("language")
        return value
    if key == "unsafe_no_sandbox":
        if not isinstance(value, bool):
            raise bad("yes_no")
        return value
    if key == "file":
        if not isinstance(value, str) or not value.endswith(".py") or "/" in value or "\\" in value:
            raise bad("file")
        return value
    return _table(shown, key, value)


def _table(shown: str, key: str, value: Any) -> dict[str, Any]:
    """``[points]`` or ``[test_visibility]``: plies (``0``, ``1``...) and ``default``."""
    if not isinstance(value, dict):
        raise GradingFileError(wording.grading_bad_value(shown, key, wording.grading_wanted("table"), value))
    where = f"{shown} [{key}]"
    table: dict[str, Any] = {}
    for name, item in value.items():
        if not (name == DEFAULT or (name.isascii() and name.isdigit())):
            raise GradingFileError(wording.grading_unknown_key(where, name, "0, 1, 2, ..., default"))
        if key == "points" and (not _number(item) or not 0 <= item < math.inf):
            raise GradingFileError(wording.grading_bad_value(where, name, wording.grading_wanted("points"), item))
        if key == "test_visibility" and item not in VISIBILITIES:
            raise GradingFileError(wording.grading_bad_value(where, name, wording.grading_wanted("visibility"), item))
        table[name if name == DEFAULT else str(int(name))] = float(item) if key == "points" else item
    defaults = Settings().points if key == "points" else Settings().test_visibility
    return {**defaults, **table}


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)
