"""A position under the rules as the engine keeps it, and how a game ends: the one vocabulary of results from the
engine up to ``rules.Outcome`` and the front ends."""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from functools import partial
from typing import NamedTuple

from .position import Bitboard

MINE_FLIPPED, THEIRS_FLIPPED = 1, 2  # the bits of ``State.flips``


class State(NamedTuple):
    """A position under the rules, seen by the side to move (see :mod:`.mechanics`)."""

    frame: int  # where gravity pulls: the index of its frame
    mine: Bitboard  # the side to move's checkers, in that frame
    theirs: Bitboard  # the other side's
    moves: int  # made since the empty rack
    flips: int  # whose last move was a flip: MINE_FLIPPED, THEIRS_FLIPPED


class Termination(str, Enum):
    """Why a game is over: the one word for it from the engine up to ``rules.Outcome`` and the front ends."""

    FOUR = "four"  # one side has four in a row: it wins
    BOTH_FOURS = "both fours"  # both sides have four in a row at once (a flip, a swap, gravity turning): a draw
    FULL = "full"  # every cell holds a checker: a draw
    NO_MOVE = "no move"  # the side to move has no move, though cells are empty (no diagonal reaches them): a draw
    MOVE_LIMIT = "move limit"  # the rules' move limit was reached (tetris games may run long): a draw


class Ended(NamedTuple):
    """How a game ended, seen by the side that just moved: why, and whether that side won (None: a draw)."""

    termination: Termination
    mover_wins: bool | None


MOVER_WINS, OTHER_WINS = Ended(Termination.FOUR, True), Ended(Termination.FOUR, False)
BOTH_FOURS, FULL, NO_MOVE, MOVE_LIMIT = (
    Ended(Termination.BOTH_FOURS, None),
    Ended(Termination.FULL, None),
    Ended(Termination.NO_MOVE, None),
    Ended(Termination.MOVE_LIMIT, None),
)


new_state: Callable[[tuple[int, Bitboard, Bitboard, int, int]], State] = partial(tuple.__new__, State)
"""``new_state((frame, mine, theirs, moves, flips))``: a State made as quickly as a plain tuple (the search makes one
a move; ``State(...)`` goes through a Python-level constructor)."""
