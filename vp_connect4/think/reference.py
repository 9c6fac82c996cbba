"""The reference's recursion as a tree: the seed's ``scores_for`` (or ``scores_for_tourney``), call by call.

Written as the seed writes it, over the board's own moves (the columns; under other rules, each move the rules
number), so every call's list is exactly our ``Player``'s on that call's position at that call's ply
(``tests/test_think.py`` holds it to that). Scores come up from the children, as the recursion returns.
"""

from __future__ import annotations

from ..board import Board, other
from ..player import Player
from .tree import CALL, FILLS, FULL, HORIZON, LOST, WINS, WON, Node, Slot, Tree

TIEBREAK = "LEFT"  # the reference's evaluation does not depend on its tiebreak


def reference_tree(board: Board, ox: str, ply: int, tiebreak: str, moves: str = "", smart: bool = False) -> Tree:
    """The tree of ``Player(ox, tiebreak, ply).scores_for(board)`` (``smart``: ``scores_for_tourney``); ``board``
    is not changed. ``moves``: the position's move code, as the tree shows it."""
    work = board.blank()
    work.take(board)
    root = _call(work, ox, ply, (), smart)
    return Tree(root, moves, board.width, board.height, tiebreak, smart)


def _call(b: Board, ox: str, ply: int, line: tuple[int, ...], smart: bool) -> Node:
    node = Node(line, ox, ply, tuple("".join(row) for row in b.data))
    horizon: float | None = None
    for move in range(b.move_count()):
        if not b.allows_move(move):
            node.slots.append(Slot(FULL, -1.0))
        elif b.wins_for(ox):
            node.slots.append(Slot(WON, 100.0))
        elif b.wins_for(other(ox)):
            node.slots.append(Slot(LOST, 0.0))
        elif ply == 0:
            if horizon is None:
                horizon = Player(ox, TIEBREAK, 0).score_board_for_tourney(b) if smart else 50.0
            node.slots.append(Slot(HORIZON, horizon))
        else:
            node.slots.append(_after(b, move, ox, ply, line, smart))
    node.scores = tuple(slot.score for slot in node.slots)  # type: ignore[misc]
    return node


def _after(b: Board, move: int, ox: str, ply: int, line: tuple[int, ...], smart: bool) -> Slot:
    """The score of ``move``: a win, a full board, or 100 minus the opponent's best one ply down."""
    b.add_move(move, ox)
    try:
        if b.wins_for(ox):
            return Slot(WINS, 100.0)
        if b.is_full():
            return Slot(FILLS, 50.0)
        child = _call(b, other(ox), ply - 1, (*line, move), smart)
        return Slot(CALL, 100.0 - max(child.scores or (0.0,)), child)
    finally:
        b.del_move(move)
