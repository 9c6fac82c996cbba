"""A ``scores_for`` recursion as a tree: one :class:`Node` per call, one :class:`Slot` per column of it.

A call is a player (``ox``) asked for its scores on a position at a look-ahead (``ply``). Each column of the call's
list comes from one of the seed's cases (:data:`KINDS`): the column is full, a side has four in a row already,
the look-ahead is spent (the horizon), the move wins, the move fills the board, or the opponent's call one ply
down (a child :class:`Node`: the only case that recurses). ``line`` is the moves from the root's position to the
node's, so a node names its position; the depth-first order of the calls is the order the code makes them.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

FULL, WON, LOST, HORIZON, WINS, FILLS, CALL = "full", "won", "lost", "horizon", "wins", "fills", "call"
KINDS = (FULL, WON, LOST, HORIZON, WINS, FILLS, CALL)
UNKNOWN_MOVE = -1  # a call's position is not its parent's with one checker more (a student's board went astray)
TOLERANCE = 1e-9
TIME_IS_UP, TOO_MANY_CALLS = "time is up", "too many calls"  # where the recording stopped it (worker.kinds' words)
NOT_COUNTED_DOWN = "not counted down"  # a call with its caller's look-ahead or more: it would never end
STOPS = (TIME_IS_UP, TOO_MANY_CALLS, NOT_COUNTED_DOWN)
MAX_DRAWN_CALLS = 20_000  # the largest tree the scene draws: ply 5 on 7 columns makes at most 19,608 calls


class TreeTooLarge(Exception):
    """A recursion of more than ``limit`` calls (``ply``: its look-ahead), stopped there: too large to draw."""

    def __init__(self, limit: int, ply: int) -> None:
        super().__init__(limit, ply)
        self.limit, self.ply = limit, ply


@dataclass
class Slot:
    """One column of a call: its case (:data:`KINDS`), its score (None: the call never returned), and the
    opponent's call after that move (``child``) where the case is :data:`CALL`."""

    kind: str
    score: float | None = None
    child: Node | None = None


@dataclass
class Node:
    """One ``scores_for`` call. ``rows``: its position (top row first, ``data``'s rows as strings); ``scores``:
    what it returned (None: it raised, or time ran out first: ``error`` says which); ``differs``: marked where
    a student's call is not the reference's (see :mod:`.compare`)."""

    line: tuple[int, ...]
    ox: str
    ply: int
    rows: tuple[str, ...]
    slots: list[Slot] = field(default_factory=list)
    scores: tuple[float, ...] | None = None
    error: str | None = None
    differs: bool = False

    @property
    def col(self) -> int | None:
        """The move that led here (None at the root)."""
        return self.line[-1] if self.line else None

    @property
    def children(self) -> list[Node]:
        return [slot.child for slot in self.slots if slot.child is not None]

    def walk(self) -> Iterator[Node]:
        """This call and every call below it, depth first: the order the code makes them."""
        yield self
        for child in self.children:
            yield from child.walk()

    def best(self, tiebreak: str) -> int | None:
        """The column ``next_move`` plays with these scores: the leftmost best (``LEFT``; ``RANDOM``: any best, the
        leftmost shown), the rightmost (``RIGHT``); None without scores."""
        if not self.scores:
            return None
        top = max(self.scores)
        best = [col for col, score in enumerate(self.scores) if same(score, top)]
        return best[-1] if tiebreak == "RIGHT" else best[0]


@dataclass
class Tree:
    """A whole recursion: the root call on the position ``moves`` (``set_board``'s digits) of a ``width`` x
    ``height`` board, the tiebreak, and the evaluation at the horizon (``smart``: ``score_board_for_tourney``)."""

    root: Node
    moves: str
    width: int
    height: int
    tiebreak: str
    smart: bool = False
    diagnosis: Any = None  # a player file's tree: what students.diagnosis found at this position and ply, or None

    def nodes(self) -> list[Node]:
        return list(self.root.walk())

    def at(self, line: tuple[int, ...]) -> Node | None:
        """The call on the root's position after ``line`` (None if the recursion made none there)."""
        node = self.root
        for col in line:
            slot = node.slots[col] if 0 <= col < len(node.slots) else None
            if slot is None or slot.child is None:
                return None
            node = slot.child
        return node

    def principal(self) -> list[int]:
        """The column ``next_move`` picks and, below it, the line of play each call's best column makes."""
        line: list[int] = []
        node: Node | None = self.root
        while node is not None:
            col = node.best(self.tiebreak)
            if col is None:
                break
            line.append(col)
            slot = node.slots[col] if col < len(node.slots) else None
            node = slot.child if slot is not None else None
        return line

    def first_difference(self) -> Node | None:
        """The first marked call in depth-first order, or None."""
        return next((node for node in self.root.walk() if node.differs), None)

    def failed_call(self) -> Node | None:
        """The first call that did not return (it raised, ran out of time or the recording stopped it), or None:
        where the view opens and what terminal think names, rather than the first difference above it."""
        return next((node for node in self.root.walk() if node.error is not None), None)


def same(mine: float | None, ours: float | None) -> bool:
    """Two scores that are the same (by more than rounding; NaN is NaN)."""
    if mine is None or ours is None:
        return mine is ours
    return math.isclose(mine, ours, rel_tol=TOLERANCE, abs_tol=TOLERANCE) or (math.isnan(mine) and math.isnan(ours))


def count(ply: int, width: int = 7) -> int:
    """The most calls a recursion of ``ply`` can make on a board ``width`` wide: 400 at ply 3 on 7 columns."""
    return sum(width**depth for depth in range(ply + 1))
