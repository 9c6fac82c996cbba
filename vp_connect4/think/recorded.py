"""A student's recursion as a tree, from the calls their process recorded (``students.worker.recording``).

Each call becomes a :class:`~.tree.Node` below the call that made it, at the column whose checkers differ between
the two positions (a call whose position is not its caller's with one move more hangs at
:data:`~.tree.UNKNOWN_MOVE`). Each column's case comes from the rules (full, a four already, the horizon, a
win, a full board); where the student's code made a call for the column, that call. The scores are theirs.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..board import RulesBoard, other
from .reference import case
from .tree import CALL, UNKNOWN_MOVE, Node, Slot, Tree

Call = Sequence[Any]  # [parent, rows, ox, ply, scores, error]


def recorded_tree(calls: Sequence[Call], width: int, height: int, tiebreak: str, moves: str = "", smart: bool = False,
                  ) -> Tree | None:  # fmt: skip
    """The tree of the recorded ``calls`` (None when there were none)."""
    if not calls:
        return None
    nodes: list[Node] = []
    for parent, rows, ox, ply, scores, error in calls:
        line: tuple[int, ...] = ()
        if parent >= 0:
            caller = nodes[parent]
            line = (*caller.line, _move(caller.rows, _split(rows, width), width))
            ply = caller.ply - 1 if ply is None else ply
        node = Node(line, ox, 0 if ply is None else ply, _split(rows, width), scores=_scores(scores),
                    error="\n".join(error) if error else None)  # fmt: skip
        nodes.append(node)
        if parent >= 0:
            _attach(nodes[parent], node)
    for node in nodes:
        _fill(node, width, height)
    return Tree(nodes[0], moves, width, height, tiebreak, smart)


def _split(rows: str, width: int) -> tuple[str, ...]:
    return tuple(rows[start : start + width] for start in range(0, len(rows), width))


def _scores(scores: Sequence[float] | None) -> tuple[float, ...] | None:
    return None if scores is None else tuple(scores)


def _move(before: tuple[str, ...], after: tuple[str, ...], width: int) -> int:
    """The one column whose checkers differ (UNKNOWN_MOVE if none, or more than one, does)."""
    if len(before) != len(after):
        return UNKNOWN_MOVE
    changed = {col for row_before, row_after in zip(before, after, strict=True)
               for col in range(width) if row_before[col : col + 1] != row_after[col : col + 1]}  # fmt: skip
    return changed.pop() if len(changed) == 1 else UNKNOWN_MOVE


def _attach(caller: Node, node: Node) -> None:
    """``node`` as the slot of its column (a second call for the same column, or one at no column: kept aside)."""
    col = node.line[-1]
    while len(caller.slots) <= max(col, 0):
        caller.slots.append(Slot(""))
    slot = caller.slots[col] if col >= 0 else None
    if slot is not None and slot.child is None:
        slot.kind, slot.child = CALL, node
    else:
        caller.slots.append(Slot(CALL, None, node))  # past the columns: a call the columns do not explain


def _fill(node: Node, width: int, height: int) -> None:
    """Each column's case from the rules where the student made no call; the student's scores on every column."""
    while len(node.slots) < width:
        node.slots.append(Slot(""))
    board = RulesBoard(width, height)
    board.data = [list(row) for row in node.rows] if len(node.rows) == height else board.data
    side = node.ox if node.ox in ("X", "O") else other("X")
    for col, slot in enumerate(node.slots):
        if not slot.kind:
            slot.kind = case(board, col, side, node.ply) if col < width else CALL
        if node.scores is not None and col < len(node.scores):
            slot.score = node.scores[col]
