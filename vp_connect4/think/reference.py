"""The reference's recursion as a tree: the seed's ``scores_for`` (or ``scores_for_tourney``), call by call.

Written as the seed writes it, over the board's own moves (the columns; under other rules, each move the rules
number), so every call's list is exactly our ``Player``'s on that call's position at that call's ply
(``tests/test_think.py`` holds it to that). Scores come up from the children, as the recursion returns.
"""

from __future__ import annotations

from ..board import RulesBoard, other
from ..player import Player
from .tree import CALL, FILLS, FULL, HORIZON, LOST, WINS, WON, Node, Slot, Tree, TreeTooLarge

TIEBREAK = "LEFT"  # the reference's evaluation does not depend on its tiebreak
SCORES = {FULL: -1.0, WON: 100.0, LOST: 0.0, WINS: 100.0, FILLS: 50.0}  # the cases that do not look further


def reference_tree(board: RulesBoard, ox: str, ply: int, tiebreak: str, moves: str = "", smart: bool = False,
                   limit: int | None = None) -> Tree:  # fmt: skip
    """The tree of ``Player(ox, tiebreak, ply).scores_for(board)`` (``smart``: ``scores_for_tourney``); ``board``
    is not changed. ``moves``: the position's move code, as the tree shows it. ``limit``: TreeTooLarge once the
    recursion makes more calls than that."""
    work = board.blank()
    work.take(board)
    budget = [limit if limit is not None else -1]
    try:
        root = _call(work, ox, ply, (), smart, budget)
    except _OverBudget:
        raise TreeTooLarge(limit or 0, ply) from None
    return Tree(root, moves, board.width, board.height, tiebreak, smart)


def case(b: RulesBoard, move: int, ox: str, ply: int) -> str:
    """Which of the seed's cases ``move`` is for ``ox`` looking ``ply`` ahead on ``b`` (``b`` left as it was)."""
    if not b.allows_move(move):
        return FULL
    if b.wins_for(ox):
        return WON
    if b.wins_for(other(ox)):
        return LOST
    if ply == 0:
        return HORIZON
    b.add_move(move, ox)
    try:
        if b.wins_for(ox):
            return WINS
        return FILLS if b.is_full() else CALL
    finally:
        b.del_move(move)


class _OverBudget(Exception):
    pass


def _call(b: RulesBoard, ox: str, ply: int, line: tuple[int, ...], smart: bool, budget: list[int]) -> Node:
    """One call; ``budget``: the calls still allowed (negative: no limit), counted down."""
    if budget[0] == 0:
        raise _OverBudget
    budget[0] -= 1
    node = Node(line, ox, ply, tuple("".join(row) for row in b.data))
    for move in range(b.move_count()):
        kind = case(b, move, ox, ply)
        if kind == HORIZON:
            score = Player(ox, TIEBREAK, 0).score_board_for_tourney(b) if smart else 50.0
            node.slots.append(Slot(HORIZON, score))
        elif kind == CALL:
            b.add_move(move, ox)
            try:
                child = _call(b, other(ox), ply - 1, (*line, move), smart, budget)
            finally:
                b.del_move(move)
            node.slots.append(Slot(CALL, 100.0 - max(child.scores or (0.0,)), child))
        else:
            node.slots.append(Slot(kind, SCORES[kind]))
    node.scores = tuple(slot.score for slot in node.slots)  # type: ignore[misc]
    return node
