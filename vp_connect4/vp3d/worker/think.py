"""Think: a side's ``scores_for`` recursion as a tree (:mod:`...think`), worked out in the AI worker.

No VPython. :func:`think_tree` is the worker's job (through ``jobs.AiRequest.think``): the tree of the side to
move's ``scores_for`` at its seat's ply, with its evaluation (``smart``: ``scores_for_tourney``) and the game's
tiebreak. :func:`seat_tree` is the one place a seat's own tree comes from: the reference Player's recursion; for
a seat with a player file, the student's recorded calls (``StudentPlayer.think``), the calls that differ from
the reference's marked (``Node.differs``). :func:`why_no_tree` says why a seat has no tree to show: a perfect
level's moves do not come from ``scores_for``, and the tree is drawn for the standard rules only (a rule
variant's chance or rules are not the seed's recursion as the tree shows it).
"""

from __future__ import annotations

from ...board import RulesBoard
from ...game import Seat
from ...students.process import DEFAULT_TIME_LIMIT
from ...think.reference import reference_tree
from ...think.tree import MAX_DRAWN_CALLS, Tree
from .student_moves import student_think

PERFECT, RULES = "perfect", "rules"  # why_no_tree's reasons (``wording.think_refusal``'s names)


def why_no_tree(seat: Seat, board: RulesBoard) -> str | None:
    """Why ``seat`` has no ``scores_for`` tree on ``board`` (``PERFECT``, ``RULES``), or None: it has one."""
    if seat.level.is_perfect:
        return PERFECT
    if board.variant.parts:
        return RULES
    return None


def seat_tree(seat: Seat, board: RulesBoard, ox: str, tiebreak: str, moves: str, time_limit: float = DEFAULT_TIME_LIMIT,
              ) -> Tree:  # fmt: skip
    """The tree of ``ox``'s ``scores_for`` on ``board`` as ``seat`` plays it: a player file's own calls (marked where
    they differ from the reference's; StudentError if its process fails outright), else the reference Player's
    (TreeTooLarge past ``MAX_DRAWN_CALLS`` calls: too large to draw)."""
    ply = seat.level.ply
    assert ply is not None, "a perfect level has no scores_for tree (why_no_tree)"
    smart = seat.evaluation == "smart"
    if seat.source is not None:
        return student_think(seat.source, board, ox, tiebreak, ply, moves, smart, time_limit).shown
    return reference_tree(board, ox, ply, tiebreak, moves, smart=smart, limit=MAX_DRAWN_CALLS)


def think_tree(width: int, height: int, moves: str, ox: str, seat: Seat, tiebreak: str,
               time_limit: float = DEFAULT_TIME_LIMIT) -> Tree:  # fmt: skip
    """The worker's job: the tree of ``ox`` to move after ``moves`` on an empty ``width`` x ``height`` board."""
    board = RulesBoard(width, height)
    board.set_board(moves)
    return seat_tree(seat, board, ox, tiebreak, moves, time_limit)
