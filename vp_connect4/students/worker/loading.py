"""Importing a student's file, finding its player class, and the board its flavour expects.

Two flavours, as the two seed texts define them:

- ``hanze``: ``Player(ox, tbt, ply)``, given the seed's ``Board(width, height)`` (``from vp_connect4 import
  Board``: ``data``, ``add_move``, ``del_move``, ``allows_move``, ``wins_for``, ``is_full``...);
- ``cs111``: ``AIPlayer(checker, tiebreak, lookahead)``, given CS111's ``Board(height, width)``
  (``vp_connect4.cs111``: ``slots``, ``add_checker``, ``remove_checker``, ``can_add_to``, ``is_win_for``...).

How the flavour is told (:func:`flavour_of`): by the names of the constructor's parameters (``checker,
tiebreak, lookahead`` or ``ox, tbt, ply``); else by a method only one seed has (``max_score_column``: CS111;
``tiebreak_move`` or ``opp_ch``: the Dutch seed); else by the class's name (``AIPlayer``: CS111).
Both constructors take the same three values in the same order.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import inspect
import sys
from pathlib import Path
from types import ModuleType

from . import boards
from .kinds import CLASS_NAMES, CS111, HANZE

MOST_CLASSES_SAID = 20  # of the classes a file has instead of a player class: the first ones are enough to say

HANZE_PARAMETERS = ("ox", "tbt", "ply")
CS111_PARAMETERS = ("checker", "tiebreak", "lookahead")


class NoClass(Exception):
    """The file has no class by the name asked for: ``looked_for`` and the classes it does have (``found``)."""

    def __init__(self, looked_for: tuple[str, ...], found: list[str]) -> None:
        super().__init__(looked_for, found)
        self.looked_for, self.found = looked_for, found


def import_file(path: Path) -> ModuleType:
    """Import the student's file as a module named after it (another name if that one is taken: ``random.py``
    must not replace ``random``). Its folder is searched first for the modules it imports itself."""
    name = path.stem if path.stem.isidentifier() else "student_player"
    if name in sys.modules:
        name = f"student_{name}"
    sys.path.insert(0, str(path.parent))
    loader = importlib.machinery.SourceFileLoader(name, str(path))  # whatever the file's name ends with
    spec = importlib.util.spec_from_file_location(name, path, loader=loader)
    if spec is None or spec.loader is None:
        raise ImportError(f"{path} cannot be imported")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def find_class(module: ModuleType, class_name: str | None) -> type:
    """The class named ``class_name``, or the first of :data:`CLASS_NAMES` the module has; NoClass if none."""
    looked_for = (class_name,) if class_name else CLASS_NAMES
    for name in looked_for:
        found = getattr(module, name, None)
        if isinstance(found, type):
            return found
    classes = [name for name, value in vars(module).items() if isinstance(value, type) and not name.startswith("_")]
    raise NoClass(looked_for, classes[:MOST_CLASSES_SAID])


def flavour_of(cls: type) -> str:
    """``hanze`` or ``cs111`` (see the module docstring)."""
    try:
        parameters = tuple(inspect.signature(cls).parameters)[:3]
    except (TypeError, ValueError):  # no signature to read
        parameters = ()
    if parameters == CS111_PARAMETERS:
        return CS111
    if parameters == HANZE_PARAMETERS:
        return HANZE
    if hasattr(cls, "max_score_column"):
        return CS111
    if hasattr(cls, "tiebreak_move") or hasattr(cls, "opp_ch"):
        return HANZE
    return CS111 if cls.__name__ == "AIPlayer" else HANZE


def make_board(flavour: str, width: int, height: int, rows: list[str]) -> boards.SeedBoard:
    """A new board of the flavour's class (:mod:`.boards`) holding ``rows`` (top row first, one character a cell):
    the student gets a board of its own at every call, so nothing it does to it reaches the game."""
    board = boards.CS111Board(height, width) if flavour == CS111 else boards.SeedBoard(width, height)
    board.data = [list(row) for row in rows]
    return board
