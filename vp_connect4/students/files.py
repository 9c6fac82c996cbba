"""Which player a command line names: a student's file (``path.py``, or ``path.py:ClassName``) or a built-in level.

Without a class name the file's ``AIPlayer`` is taken if it has one (CS111's ``AIPlayer(checker, tiebreak,
lookahead)``; a CS111 file also holds the human ``Player(checker)``), else its ``Player`` (the Dutch seed's
``Player(ox, tbt, ply)``): :data:`CLASS_NAMES`, in that order.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from .. import wording
from ..levels import Level
from .worker.kinds import CLASS_NAMES as CLASS_NAMES  # looked for in this order when no class is named
from .worker.visible import visible

SUFFIX = ".py"


@dataclass(frozen=True)
class PlayerFile:
    """A student's player: the file (an absolute path; a link is not followed), the class asked for (None:
    :data:`CLASS_NAMES`), and the file as the person named it (``shown``, for messages), made visible: a file's
    name may hold a newline (a forged line of a table) or an escape sequence, shown as ``\\n``, ``\\x1b``
    (:func:`.worker.visible.visible`)."""

    path: Path
    class_name: str | None = None
    shown: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "shown", visible(self.shown))

    @classmethod
    def parse(cls, text: str) -> PlayerFile:
        """``path.py`` or ``path.py:ClassName`` as typed (a colon in the path itself, as in ``C:\\``, is kept)."""
        path, class_name = text, None
        head, colon, tail = text.rpartition(":")
        if colon and tail.isidentifier() and head.endswith(SUFFIX):
            path, class_name = head, tail
        typed = Path(path).expanduser().absolute()
        return cls(typed.parent.resolve() / typed.name, class_name, path)  # the file itself as given: not followed

    @property
    def is_link(self) -> bool:
        """Whether the file is a symbolic link: it is refused (never followed to a file that is not the student's)."""
        return self.path.is_symlink()

    @property
    def name(self) -> str:
        """How tables and messages name it: the file as typed, and the class if one was asked for."""
        return self.shown if self.class_name is None else f"{self.shown}:{visible(self.class_name)}"

    @property
    def source(self) -> dict[str, object]:
        """What the worker process loads (see ``worker.serve``)."""
        return {"path": str(self.path), "class_name": self.class_name}


@dataclass(frozen=True)
class BuiltinPlayer:
    """One of our own levels taking part like a student's file (a tournament's ``--with-builtin``)."""

    level: Level

    @property
    def name(self) -> str:
        """``built-in ply 4``, ``built-in perfect`` (in the language spoken)."""
        return wording.builtin_player(self.level.label)

    @property
    def source(self) -> dict[str, object]:
        return {"builtin": str(self.level)}


Source = PlayerFile | BuiltinPlayer


def names_player_file(text: str) -> bool:
    """Whether a ``--x``/``--o`` value names a player file: it ends with ``.py`` (maybe ``:ClassName`` after it),
    or it is an existing file."""
    return PlayerFile.parse(text).shown.endswith(SUFFIX) or os.path.isfile(text)
