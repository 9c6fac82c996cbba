"""``vp-connect4 think --moves CODE --ply N [--player FILE] [--side X|O]``: a ``scores_for`` recursion in words.

Without ``--player``: the reference's (our seed ``Player``'s) tree. With a player file: the calls the student's
own code makes, recorded in its sandboxed process, each marked where it differs from the reference's call on the
same position (exit code 1 when any does, 0 when none). Bad input: one line and exit code 2.
"""

from __future__ import annotations

import argparse

from ... import wording
from ...board import Board
from ...errors import Connect4Error
from ...options import Parser, add_language
from ...player import TIEBREAKS
from ...think import compare_trees, reference_tree
from ...think.text import tree_text
from ..errors import StudentError
from ..files import PlayerFile
from ..player import StudentPlayer

DEFAULT_PLY = 2
EXIT_DIFFERS, EXIT_BAD_INPUT = 1, 2


def think_main(argv: list[str], add_limits: object, ply: object) -> int:
    """Parse ``argv`` and print the tree; ``add_limits``/``ply``: the command lines' ``--move-time`` and
    ``--memory-limit`` options and the ply's type (``commands``)."""
    parser = Parser(prog="vp-connect4 think", description=wording.think_help("think"))
    parser.add_argument("--moves", default="", metavar="DIGITS", help=wording.think_help("moves"))
    ply_help = wording.think_help("ply")
    parser.add_argument("--ply", type=ply, default=DEFAULT_PLY, metavar="N", help=ply_help)  # type: ignore[arg-type]
    parser.add_argument("--player", metavar="FILE", help=wording.think_help("player"))
    parser.add_argument("--side", choices=("X", "O"), help=wording.think_help("side"))
    parser.add_argument("--tiebreak", choices=TIEBREAKS, default="LEFT", help=wording.think_help("tiebreak"))
    parser.add_argument("--smart", action="store_true", help=wording.think_help("smart"))
    add_limits(parser)  # type: ignore[operator]
    add_language(parser)
    args = parser.parse_args(argv)
    board = _position(parser, args.moves)
    side = args.side or board.to_move()
    if board.wins_for("X") or board.wins_for("O") or board.is_full():
        parser.error(wording.think_game_over(args.moves))
    if args.player is None:
        tree = reference_tree(board, side, args.ply, args.tiebreak, args.moves, args.smart)
        print(tree_text(compare_trees(None, tree)))
        return 0
    return _student(parser, args, board, side)


def _position(parser: argparse.ArgumentParser, moves: str) -> Board:
    board = Board()
    try:
        board.set_board(moves)
    except Connect4Error as error:
        parser.error(str(error))
    return board


def _student(parser: argparse.ArgumentParser, args: argparse.Namespace, board: Board, side: str) -> int:
    source = PlayerFile.parse(args.player)
    if not source.path.is_file():
        parser.error(wording.student_no_file(source.shown))
    try:
        with StudentPlayer(source, side, args.tiebreak, args.ply, args.move_time) as player:
            comparison = player.think(board, args.moves, args.smart)
    except StudentError as error:
        print(error)
        return EXIT_DIFFERS
    print(tree_text(comparison, source.name))
    return EXIT_DIFFERS if comparison.marked else 0
