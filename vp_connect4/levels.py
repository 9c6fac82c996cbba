"""AI levels: a look-ahead of 0, 1, 2, ... plies, or "perfect". ``Level`` parses, names and makes players.

The perfect level (:class:`PerfectPlayer`) plays by :func:`.engine.exact.perfect.choose`: on a 7x6 board
the opening book's exact outcomes up to 12 checkers, then the solver's (fastest win, slowest loss),
or, when an exact solve takes too long, a weak solve (win, draw or loss) and a column proved to keep
it; only when even that takes too long (or on a variant the solver cannot play) it searches ever
deeper with the smart evaluation. Either way it answers within about a second.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from . import wording
from .board import RulesBoard
from .engine import search
from .engine.budget import OutOfTime
from .engine.exact import perfect
from .errors import InvalidSettingError
from .player import Player, check_board, check_ply

PERFECT = "perfect"  # the top level's name, as typed and as logged
DEFAULT_PLY = 4
SIZES = range(4, 11)  # the board sizes the front ends play: 4 to 10 columns and rows
MOVE_BUDGET = perfect.MOVE_BUDGET  # seconds for the whole move (the promise is 1 s)
# seconds the solver may take before we fall back on a depth-limited search: inside the move, with the fallback's
# reserve left over (were it the whole move or more, the fallback would start past its deadline and search nothing)
SOLVER_BUDGET = MOVE_BUDGET - perfect.FALLBACK_RESERVE
BEST, OTHER = 1.0, 0.0  # tiebreak scores: the best columns, the rest (full columns stay -1.0)


@dataclass(frozen=True)
class Level:
    """How far an AI looks ahead: ``ply`` moves, or the whole game (``ply`` None: perfect)."""

    ply: int | None = DEFAULT_PLY

    def __post_init__(self) -> None:
        if self.ply is not None:
            check_ply(self.ply)

    @classmethod
    def parse(cls, value: object) -> Level:
        """A level from a ``Level``, a whole number 0 or more, or a string: ``'4'`` or ``'perfect'``."""
        if isinstance(value, Level):
            return value
        if isinstance(value, str):
            text = value.strip()
            if text == PERFECT:
                return cls(None)
            if text.isascii() and text.isdigit():
                return cls(int(text))
        elif isinstance(value, int) and not isinstance(value, bool) and value >= 0:
            return cls(value)
        raise InvalidSettingError(wording.phrase(wording.bad_level, PERFECT, value))

    @property
    def is_perfect(self) -> bool:
        return self.ply is None

    def __str__(self) -> str:
        """``'4'`` or ``'perfect'``: as typed on the command line and written in log lines."""
        return PERFECT if self.ply is None else str(self.ply)

    @property
    def label(self) -> str:
        """As people read it: ``ply 4`` or ``perfect``."""
        return wording.level(self.ply)

    def label_on(self, board: RulesBoard) -> str:
        """As people read it for a game on ``board``: ``perfect`` only where perfect play is within reach (see
        :func:`exact_on`); elsewhere the top level says that it searches."""
        return self.label if self.ply is not None or exact_on(board) else wording.level_searching()

    def within(self, board: RulesBoard) -> Level:
        """This level, if a game on ``board`` can use it: no deeper than the cells of the board (no game looks
        further, whatever the rules); InvalidSettingError names what is allowed."""
        cells = board.width * board.height
        if self.ply is not None and self.ply > cells:
            raise InvalidSettingError(wording.phrase(wording.level_too_deep, cells, PERFECT, self.ply))
        return self

    def player(
        self, ox: str, tbt: str, rng: random.Random | None = None, evaluation: str = "simple", defend: bool = False
    ) -> Player:
        """The seed ``Player`` that plays ``ox`` at this level (``evaluation`` is for numbered levels).

        ``defend``: when every move loses within its look-ahead, play the longest defence
        (:class:`DefendingPlayer`; the perfect player always does) instead of the seed's tiebreak.
        """
        if self.ply is None:
            return PerfectPlayer(ox, tbt, rng=rng)
        kind = DefendingPlayer if defend else Player
        return kind(ox, tbt, self.ply, rng=rng, evaluation=evaluation)


class DefendingPlayer(Player):
    """The seed's Player, except in a lost position: the AI of the game's seats.

    When every move loses within ``ply`` moves (all scores 0), the seed's ``next_move`` breaks the
    tie as among equals, and may not even block a four in one. This player plays, among the lost
    moves, one that holds out longest: it looks again at ply - 1, ply - 2, ... and keeps the
    columns of the deepest ply at which some moves do not lose yet. ``scores_for`` and
    ``scores_for_tourney`` stay the seed's.
    """

    def next_move(self, b: RulesBoard) -> int:
        self.check_can_move(b)
        scores = self.scores_for_tourney(b) if self.evaluation == "smart" else self.scores_for(b)
        if max(scores) == search.LOSS:
            for ply in range(self.ply - 1, 0, -1):
                shallower = self.scores_at(b, ply)
                if max(shallower) > search.LOSS:
                    return self.tiebreak_move(shallower)
        return self.tiebreak_move(scores)


class PerfectPlayer(Player):
    """A Player that plays perfectly whenever the solver finishes in time (fastest win, slowest loss).

    Every ``Player`` method keeps its meaning, with the whole game as the look-ahead: ``scores_for``
    and ``scores_for_tourney`` are the seed's recursion at full depth (they are equal there: no
    search reaches a horizon), ``next_move`` picks among the best columns by the tiebreak.
    ``ply`` is the string ``'perfect'``. ``solver_budget`` and ``move_budget`` are in seconds
    (see the module docstring).
    """

    def __init__(
        self,
        ox: str,
        tbt: str,
        rng: random.Random | None = None,
        solver_budget: float = SOLVER_BUDGET,
        move_budget: float = MOVE_BUDGET,
    ) -> None:
        super().__init__(ox, tbt, 0, rng=rng, evaluation="smart")
        self.ply = PERFECT  # type: ignore[assignment]
        self.solver_budget = solver_budget
        self.move_budget = move_budget
        self.last_choice: perfect.Choice | None = None  # how the last move was found (benchmarks read it)

    def next_move(self, b: RulesBoard) -> int:
        """The column to play on ``b``: the best exact outcome, or the deepest search's best score.

        IllegalMoveError if the game on ``b`` is over. On a variant board the solver answers when gravity
        is all that changes (the standard game in gravity's frame); otherwise the deepest smart search.
        """
        start = time.perf_counter()
        self.check_can_move(b)
        if not b.referee.solver_takes:
            return self.tiebreak_move(b.referee.deepest_scores(self.ox, start + self.move_budget, smart=True))
        choice = perfect.choose(b.referee.solver_position(self.ox), start, self.move_budget)
        self.last_choice = choice
        return self.tiebreak_move([self._tie_score(b, move, choice.columns) for move in range(b.move_count())])

    def scores_for(self, b: RulesBoard) -> list[float]:
        """The seed's scores at full depth: 100 for a move that wins, 50 draws, 0 loses with best play.

        They are what ``Player(ox, tbt, ply).scores_for(b)`` returns once ``ply`` reaches the moves left.
        When the solver cannot finish within ``solver_budget`` seconds (or cannot solve ``b``'s variant), the
        scores of the deepest plain (0-50-100) search finished before ``move_budget`` seconds: exact within
        that many moves.
        """
        return self._full_depth_scores(b, smart=False)

    def scores_for_tourney(self, b: RulesBoard) -> list[float]:
        """At full depth the same as :meth:`scores_for` when the solver finishes in time; otherwise the
        smart scores of the deepest search finished within ``move_budget`` seconds (what ``next_move`` plays by).
        """
        return self._full_depth_scores(b, smart=True)

    def _full_depth_scores(self, b: RulesBoard, smart: bool) -> list[float]:
        """The solver's outcomes as scores, else the deepest search's (smart or plain) within ``move_budget``."""
        start = time.perf_counter()
        check_board(b)
        if b.referee.solver_takes:
            position = b.referee.solver_position(self.ox)
            if b.referee.outcome(self.ox) is not None:
                return search.column_scores(position, position.geom.cells - position.moves_played)  # no search
            try:
                outcomes = perfect.column_outcomes(position, deadline=start + self.solver_budget)
                return [_outcome_score(outcome) for outcome in outcomes]
            except OutOfTime:
                pass
        return b.referee.deepest_scores(self.ox, start + self.move_budget, smart)

    @staticmethod
    def _tie_score(b: RulesBoard, move: int, best: list[int]) -> float:
        """BEST for the moves of the best outcome (columns, or rows in gravity's frame), OTHER for the rest,
        FULL_COLUMN if ``move`` cannot be made."""
        if not b.allows_move(move):
            return search.FULL_COLUMN
        return BEST if move in best else OTHER


def exact_on(board: RulesBoard, ox: str = "X") -> bool:
    """Whether the perfect level plays perfectly on ``board`` from its first move: its rules are the standard
    game seen from gravity's side (the solver takes them) on a size within the solver's reach
    (:func:`.engine.exact.perfect.reaches`). Elsewhere it is exact only where the solver finishes in time."""
    return board.referee.solver_takes and perfect.reaches(board.referee.solver_position(ox).geom)


def check_size(text: object) -> tuple[int, int]:
    """A board size as typed, ``WxH`` (e.g. ``9x7``), each from 4 to 10; InvalidSettingError names what is allowed."""
    width, _, height = str(text).strip().lower().partition("x")
    if not (width.isascii() and width.isdigit() and height.isascii() and height.isdigit()):
        raise InvalidSettingError(wording.phrase(wording.bad_board_size, SIZES[0], SIZES[-1], text))
    if int(width) not in SIZES or int(height) not in SIZES:
        raise InvalidSettingError(wording.phrase(wording.bad_board_size, SIZES[0], SIZES[-1], text))
    return int(width), int(height)


def _outcome_score(distance: int | None) -> float:
    """A solver's signed distance as the seed's score: win 100, draw 50, loss 0; a full column -1."""
    if distance is None:
        return search.FULL_COLUMN
    return search.WIN if distance > 0 else search.LOSS if distance < 0 else search.DRAW
