"""Which file of a submission is the student's player: the autograder's first question.

One Python file: that one. Several: the grading file's ``file`` if it names one of them; else the ones with a
player class (``files.CLASS_NAMES``) at their top level, less those another of them imports (a helper such as
``player.py`` that ``from player import Player`` takes); if exactly one is left, that one. Otherwise a
sentence says why none was taken. Only the files' text is read (never imported: that is the check's work).
"""

from __future__ import annotations

import ast
from pathlib import Path

from ... import wording
from ..files import CLASS_NAMES
from ..worker.visible import visible

SKIPPED = ("__pycache__", "__MACOSX")  # folders that hold no submitted code
MOST_FILES = 200  # a submission with more Python files than this is not looked through
MOST_BYTES = 1 << 20  # a file longer than this is read no further: its first MiB decides whether it is the player


def find_player(folder: Path, named: str | None = None) -> Path | str:
    """The player file in ``folder`` (at any depth), or why there is none (a sentence)."""
    found = sorted(_python_files(folder))
    if not found:
        return wording.grading_no_submission()
    if len(found) == 1:
        return found[0]
    if named is not None:
        exact = [path for path in found if path.name == named]
        if len(exact) == 1:
            return exact[0]
    players = [path for path in found if _has_player(path)]
    imported = {name for path in players for name in _imports(path)}
    left = [path for path in players if path.stem not in imported] if len(players) > 1 else players
    if len(left) == 1:
        return left[0]
    shown = [visible(str(path.relative_to(folder))) for path in (left or found)]  # names the student chose
    return wording.grading_several_files(", ".join(shown))


def _python_files(folder: Path) -> list[Path]:
    found = []
    for path in folder.rglob("*.py"):
        parts = path.relative_to(folder).parts
        if any(part.startswith(".") or part in SKIPPED for part in parts) or path.is_symlink() or not path.is_file():
            continue
        found.append(path)
        if len(found) > MOST_FILES:
            break
    return found


def _text(path: Path) -> str:
    """The file's text, at most :data:`MOST_BYTES` of it (a file of gigabytes is not read whole)."""
    try:
        with path.open("rb") as file:
            return file.read(MOST_BYTES).decode("utf-8", errors="replace")
    except OSError:
        return ""


def _tree(path: Path) -> ast.Module | None:
    try:
        return ast.parse(_text(path))
    except (SyntaxError, ValueError, RecursionError, MemoryError):  # cut off, or nested too deep to read
        return None


def _has_player(path: Path) -> bool:
    tree = _tree(path)
    if tree is None:  # a syntax error: it may well be the player (the check will say so)
        return "class " in _text(path)
    return any(isinstance(node, ast.ClassDef) and node.name in CLASS_NAMES for node in tree.body)


def _imports(path: Path) -> set[str]:
    tree = _tree(path)
    names: set[str] = set()
    for node in ast.walk(tree) if tree is not None else ():
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module.split(".")[0])
    return names
