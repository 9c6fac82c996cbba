"""Each game's check of its player files' moves against their own scores (a tournament's :class:`MoveCheck`): which
move, what the file is asked, and what is kept of a move its own scores do not choose (:class:`Stray`)."""

from __future__ import annotations

import random
from dataclasses import dataclass

from ...board import RulesBoard
from ..check import best_columns
from ..errors import StudentError
from ..files import PlayerFile
from ..player import StudentPlayer

CHECKED_MOVE = range(1, 21)  # which of a side's moves (0: its first) a game checks: one drawn per game and side
OWN_SCORES = ("scores_for", "scores_for_tourney")  # a checked move must follow one of them, asked in this order


@dataclass(frozen=True)
class Asked:
    """One of a file's own score methods on the position of a checked move: its ``scores`` and ``best``, the columns
    the tournament's tiebreak plays by them (both empty when the call failed: ``error`` says how)."""

    method: str
    scores: tuple[float, ...]
    best: tuple[int, ...]
    error: str = ""


@dataclass(frozen=True)
class Stray:
    """A checked move that its player's own scores do not choose: ``side`` played column ``played`` after the moves
    ``before`` (a ``set_board`` string); ``asked``: what each of its score methods said there."""

    side: str
    before: str
    played: int
    asked: tuple[Asked, ...]


class MoveCheck:
    """One game's check of its player files' moves against their own scores: for each side, one of its moves
    (the :data:`CHECKED_MOVE`-th, drawn from the game's ``seed``; its last, when the game ends before that one).

    The file is asked on a new board holding the position before the move, with the move's own ``random.seed`` (a
    ``scores_for_tourney`` that draws random numbers draws the same ones its ``next_move`` did), after the move is
    played (it cannot change the move). Each call has the file's own time limit, as every call has; what it costs is
    never added to a move's time. A move that follows neither score method, or one where they failed, is a
    :class:`Stray`. Our levels are not checked.
    """

    def __init__(self, seed: int, tiebreak: str) -> None:
        self.tiebreak = tiebreak
        draw = random.Random(f"{seed}/checked move")  # apart from the game's own: the games stay as they were
        self._due = {ox: draw.choice(CHECKED_MOVE) for ox in ("X", "O")}  # the index of each side's move to check
        self._made = dict.fromkeys(("X", "O"), 0)
        self._last: dict[str, tuple[str, int, int]] = {}  # each side's last move not checked: before, column, seed
        self.strays: list[Stray] = []

    def played(self, player: StudentPlayer, board: RulesBoard, before: str, col: int, seed: int) -> None:
        """``player`` played ``col`` after the moves ``before`` (``board``: the game's, never changed here)."""
        ox = player.ox
        if ox not in self._due or not self.methods(player):
            return
        index, self._made[ox] = self._made[ox], self._made[ox] + 1
        if index < self._due[ox]:
            self._last[ox] = (before, col, seed)
            return
        del self._due[ox]
        self._last.pop(ox, None)
        self._check(player, board, before, col, seed)

    def finish(self, players: dict[str, StudentPlayer], board: RulesBoard) -> None:
        """The game is over: a side whose move to check never came has its last move checked."""
        for ox, (before, col, seed) in sorted(self._last.items()):
            if ox in self._due:
                del self._due[ox]
                self._check(players[ox], board, before, col, seed)
        self._last.clear()

    @staticmethod
    def methods(player: StudentPlayer) -> tuple[str, ...]:
        """The score methods of ``player`` that its moves are held to (none: one of our levels)."""
        if not isinstance(player.source, PlayerFile):
            return ()
        return tuple(method for method in OWN_SCORES if method in player.loaded.methods)

    def _check(self, player: StudentPlayer, board: RulesBoard, before: str, col: int, seed: int) -> None:
        position = board.blank()
        position.set_board(before)
        asked = []
        for method in self.methods(player):
            try:
                scores = getattr(player, method)(position, seed)
            except StudentError as error:
                asked.append(Asked(method, (), (), error.summary))
                continue
            best = best_columns(scores, self.tiebreak)
            if col in best:
                return
            asked.append(Asked(method, tuple(scores), best))
        self.strays.append(Stray(player.ox, before, col, tuple(asked)))
