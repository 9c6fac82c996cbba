"""Think table: seconds to build a ``scores_for`` recursion tree, the reference's and a student's (recorded in its
sandboxed process, the reference's built and compared beside it), on the seed text's example position.

The student's file is ``examples/player.py`` (the textbook recursion); its worker is started once, before the
clock. Ratio: the student's tree against the reference's alone. The scene's own table (Think to the whole tree
drawn) is the scene's (``think_scene_bench``, where it exists).
"""

from __future__ import annotations

import time
from pathlib import Path

from vp_connect4 import Board
from vp_connect4.students import StudentPlayer
from vp_connect4.think import reference_tree

from .table import print_table

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "player.py"
POSITION = "1211244445"
COLUMNS = ("ply", "calls", "reference tree s", "student's tree s (recorded + compared)", "ratio")


def run(quick: bool) -> None:
    """Print the think table (``quick``: plies 2 to 3)."""
    print("Think: seconds to build the tree of scores_for's calls (lower is better)")
    board = Board()
    board.set_board(POSITION)
    rows = []
    for ply in range(2, 4 if quick else 6):
        start = time.perf_counter()
        tree = reference_tree(board, "X", ply, "LEFT", POSITION)
        reference = time.perf_counter() - start
        with StudentPlayer(str(EXAMPLE), "X", "LEFT", ply, time_limit=120) as player:
            start = time.perf_counter()
            player.think(board, POSITION)
            student = time.perf_counter() - start
        calls = len(tree.nodes())
        rows.append((str(ply), str(calls), f"{reference:.3f}", f"{student:.3f}", f"{student / reference:.2f}"))
    print_table(COLUMNS, rows)
