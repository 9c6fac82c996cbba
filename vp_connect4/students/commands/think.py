"""``vp-connect4 think --moves CODE --ply N [--player FILE] [--side X|O]``: a ``scores_for`` recursion in words.

Without ``--player``: the reference's (our seed ``Player``'s) tree. ``--3d``: the 3D scene on that position
instead, Think open (``python -m vp_connect4 --moves ... --think``). With a player file: the calls the student's
own code makes, recorded in its sandboxed process, each marked where it differs from the reference's call on the
same position, and under the tree what the one diagnosis finds at that position and ply (``diagnosis.here``: the
method that holds the mistake, in check's words; where the top call agrees, at the first call that differs); exit
code 1 when a call differs or the diagnosis finds a problem, 0 when neither. Bad input: one line and exit code 2.
"""

from __future__ import annotations

import argparse
import os
import sys

from ... import wording
from ...board import RulesBoard, other
from ...errors import Connect4Error
from ...game import Game
from ...options import Parser, add_language, port
from ...player import TIEBREAKS
from ...think import compare_trees, reference_tree
from ...think.text import tree_text
from ..check_text import here_lines
from ..diagnosis.here import think_diagnosed
from ..errors import StudentError
from ..files import PlayerFile
from ..player import StudentPlayer
from ..worker.kinds import HANZE, LOOK_AHEAD

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
    parser.add_argument("--3d", dest="scene", action="store_true", help=wording.think_help("3d"))
    parser.add_argument("--no-browser", action="store_true", help=wording.help_line("no_browser"))
    parser.add_argument("--port", type=port, default=0, help=wording.help_line("port"))
    add_limits(parser)  # type: ignore[operator]
    add_language(parser)
    args = parser.parse_args(argv)
    board = _position(parser, args.moves)
    side = args.side or board.to_move()
    if args.scene and (board.wins_for("X") or board.wins_for("O") or board.is_full()):
        parser.error(wording.think_game_over(args.moves))  # the scene plays on: a game over it cannot open
    if args.scene:
        return _open_scene(args, side, argv)
    if args.player is None:
        tree = reference_tree(board, side, args.ply, args.tiebreak, args.moves, args.smart)
        print(tree_text(compare_trees(None, tree)))
        return 0
    return _student(parser, args, board, side)


def _open_scene(args: argparse.Namespace, side: str, argv: list[str]) -> int:
    """``--3d``: this program again, as the 3D scene on the position, Think open on ``side``'s tree: the side to
    move (the other a person's), played by the player file or by our AI at the ply."""
    seat = side.lower()
    command = [sys.executable, "-I", "-m", "vp_connect4", "--moves", args.moves, f"--{seat}", args.player or "ai",
               f"--{seat}-ply", str(args.ply), "--tiebreak", args.tiebreak, "--think",
               f"--{other(side).lower()}", "human", f"--{seat}-eval", "smart" if args.smart else "simple",
               "--move-time", str(args.move_time), "--port", str(args.port), *(["--no-browser"] * args.no_browser),
               *_passed(argv, ("--lang", "--memory-limit"))]  # fmt: skip
    sys.stdout.flush()
    os.execv(sys.executable, command)
    return 0  # not reached: the scene replaces this process


def _passed(argv: list[str], options: tuple[str, ...]) -> list[str]:
    """The given ``options`` of ``argv``, with their values, as typed (``--lang nl`` or ``--lang=nl``)."""
    kept = []
    for index, arg in enumerate(argv):
        name = arg.split("=", 1)[0]
        if name in options:
            kept += [arg] if "=" in arg else argv[index : index + 2]
    return kept


def _position(parser: argparse.ArgumentParser, moves: str) -> RulesBoard:
    """The position of ``moves``, as the page loads a game code: no move after the game was over (the position
    where it ended may be shown: check asks about such positions too)."""
    board = RulesBoard()
    try:
        Game(board).load(moves)
    except Connect4Error as error:
        parser.error(str(error))
    return board


def _student(parser: argparse.ArgumentParser, args: argparse.Namespace, board: RulesBoard, side: str) -> int:
    source = PlayerFile.parse(args.player)
    if not source.path.is_file():
        parser.error(wording.student_no_file(source.shown))
    try:
        with StudentPlayer(source, side, args.tiebreak, args.ply, args.move_time) as player:
            comparison = think_diagnosed(player, board, args.moves, args.smart)
    except StudentError as error:
        print(error)
        return EXIT_DIFFERS
    print(tree_text(comparison, source.name, LOOK_AHEAD.get(player.loaded.flavour, LOOK_AHEAD[HANZE])))
    found = comparison.shown.diagnosis if comparison.student is not None else None
    said = here_lines(found) if found is not None else []
    if said:
        print("\n".join(["", *said]))
    return EXIT_DIFFERS if comparison.marked or found is not None else 0
