"""Tetris, ``tetris``: a full line across gravity (a row; a column when gravity pulls sideways) vanishes and the
checkers beyond it fall one line (under diagonal gravity: a full row vanishes and the checkers slide down their
diagonals). A four made by the move counts first. Checkers vanish, so a game may run long: it is a draw after
:data:`MOVE_LIMIT` times the cells moves."""

from __future__ import annotations

from dataclasses import dataclass

from .. import wording
from .part import Switch

MOVE_LIMIT = 2  # a tetris game is a draw after this many times the cells moves


@dataclass(frozen=True)
class Tetris(Switch):
    key = "tetris"

    def mechanics(self, width: int, height: int) -> dict[str, object]:
        return {"tetris": True, "move_limit": MOVE_LIMIT * width * height}

    def name(self) -> str:
        return wording.tetris_part_name()

    def rule(self) -> str:
        return wording.tetris_help()
