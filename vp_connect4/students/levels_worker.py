"""The worker process of one of our own levels taking part like a student's file (a tournament's
``--with-builtin``): the same requests and answers as a student's worker (:mod:`.worker.serve`), answered by
a :class:`~vp_connect4.levels.Level`'s player on the seed's own ``Board``. It runs outside the sandbox (it is
our code), so it may import the whole package, which a student's worker may not.
"""

from __future__ import annotations

import random
from typing import Any

from ..levels import Level
from ..seed import Board
from .worker import serve
from .worker.kinds import CLASS_NAMES, EVALUATION, HANZE, MOVE_METHODS, OK, SCORE_METHODS


class LevelSession(serve.Session):
    """A level instead of a file: ``load`` names the level, ``player`` is the level's for the side and tiebreak."""

    level: Level | None = None

    def load(self, source: dict[str, Any]) -> list[Any]:
        self.level = Level.parse(source["builtin"])
        self.flavour = HANZE
        methods = [*MOVE_METHODS, *SCORE_METHODS, EVALUATION]
        return [OK, {"class_name": CLASS_NAMES[-1], "flavour": HANZE, "methods": methods}]

    def board(self, width: int, height: int, rows: list[str]) -> Any:
        board = Board(width, height)
        board.data = [list(row) for row in rows]
        return board

    def player(self, ox: str, tiebreak: str, ply: int, seed: int | None) -> Any:
        assert self.level is not None  # loaded first: our process asks so
        return self.level.player(ox, tiebreak, random.Random(seed))


def start(config: str) -> None:
    """The level's worker (``students.process``'s command line for a built-in player)."""
    serve.start(config, LevelSession)
