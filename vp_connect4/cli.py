"""Start Connect Four: ``vp-connect4``, ``python -m vp_connect4`` or ``python main.py`` (see ``--help``)."""

from __future__ import annotations

import argparse
import os
import random
import signal
import sys
import threading

from . import wording
from .board import Board
from .errors import Connect4Error
from .game import AI, DEFAULT_TIEBREAK, HUMAN, Game, Seat
from .levels import DEFAULT_PLY, PERFECT, Level, check_size
from .options import Parser, add_language, choose_language, port
from .player import EVALUATIONS, TIEBREAKS
from .rules import Variant
from .text_ui import analysis_text, play_in_terminal

SIZE = (7, 6)  # the board of both front ends, unless --size says otherwise


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="vp-connect4", description=wording.help_line("description"))
    parser.add_argument("--text", action="store_true", help=wording.help_line("text"))
    parser.add_argument("--x", choices=[HUMAN, AI], default=HUMAN, help=wording.help_seat("X", HUMAN))
    parser.add_argument("--o", choices=[HUMAN, AI], default=AI, help=wording.help_seat("O", AI))
    for ox in ("X", "O"):
        ply_help = wording.help_ply(ox, PERFECT, DEFAULT_PLY)
        parser.add_argument(f"--{ox.lower()}-ply", type=level, default=Level(DEFAULT_PLY), metavar="N", help=ply_help)
    for ox in ("X", "O"):
        parser.add_argument(f"--{ox.lower()}-eval", choices=EVALUATIONS, default="simple", help=wording.help_eval(ox))
    parser.add_argument(
        "--tiebreak",
        choices=TIEBREAKS,
        default=DEFAULT_TIEBREAK,
        help=wording.help_tiebreak(DEFAULT_TIEBREAK),
    )
    parser.add_argument("--seed", type=int, default=None, help=wording.help_line("seed"))
    parser.add_argument(
        "--moves",
        default="",
        metavar="DIGITS",
        help=wording.help_line("moves"),
    )
    parser.add_argument("--analyse", action="store_true", help=wording.help_line("analyse"))
    rules_help = wording.help_line("variant")
    parser.add_argument("--variant", type=variant, default=Variant(), metavar="RULES", help=rules_help)
    parser.add_argument("--size", type=size, default=SIZE, metavar="WxH", help=wording.help_size(*SIZE))
    parser.add_argument("--no-browser", action="store_true", help=wording.help_line("no_browser"))
    parser.add_argument("--port", type=port, default=0, help=wording.help_line("port"))
    add_language(parser)
    return parser


def level(text: str) -> Level:
    """A level as typed: a whole number or 'perfect' (how deep it may be depends on the board: see ``_main``)."""
    try:
        return Level.parse(text)
    except Connect4Error:
        raise argparse.ArgumentTypeError(wording.bad_level_option(PERFECT, text)) from None


def size(text: str) -> tuple[int, int]:
    """A board size as typed: ``WxH``, each from 4 to 10."""
    try:
        return check_size(text)
    except Connect4Error as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def variant(text: str) -> Variant:
    """A rule variant as typed (``tetris``, ``chance:0.2``, ``gravity:left``, ``flip+swap``...)."""
    try:
        return Variant.parse(text)
    except Connect4Error as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def seats_from(args: argparse.Namespace) -> dict[str, Seat]:
    return {
        "X": Seat(args.x, args.x_ply, evaluation=args.x_eval),
        "O": Seat(args.o, args.o_ply, evaluation=args.o_eval),
    }


EXIT_INTERRUPTED = 128 + signal.SIGINT  # the shell's convention for a program ended by Ctrl-C


def main(argv: list[str] | None = None) -> int:
    """Run the game; a closed output pipe (``| head -1``) ends it quietly, with exit code 1.

    Ctrl-C at a prompt or while the AI thinks ends the game, which says so (exit code 1); a Ctrl-C
    anywhere else (while it says so, while the program starts) ends it quietly with exit code 130.
    Only the first Ctrl-C counts: the program is leaving, and later ones are ignored, so none can
    interrupt its goodbye (this is an entry point: it sets the SIGINT handler; the scene sets its own).
    """
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, _interrupt_once)
    try:
        return _main(argv)
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # so the exit's flush stays quiet too
        return 1
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED


def _interrupt_once(signum: int, frame: object) -> None:
    """SIGINT: a KeyboardInterrupt, the first time; from then on Ctrl-C is ignored."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    raise KeyboardInterrupt


def _main(argv: list[str] | None) -> int:
    choose_language(argv)
    parser = build_parser()
    args = parser.parse_args(argv)
    width, height = args.size

    def new_board() -> Board:
        return Board(width, height, variant=args.variant)

    for option in ("--x-ply", "--o-ply"):
        try:
            getattr(args, option[2:].replace("-", "_")).within(new_board())
        except Connect4Error as error:
            parser.error(str(argparse.ArgumentError(parser.option(option), str(error))))
    try:
        seats = seats_from(args)
    except Connect4Error as error:
        parser.error(str(error))
    try:  # the start position, on the rules' board
        new_board().set_board(args.moves)
    except Connect4Error as error:
        parser.error(str(argparse.ArgumentError(parser.option("--moves"), str(error))))
    if args.analyse:  # the start position's analysis, and no game
        board = new_board()
        game = Game(board, start_moves=args.moves)
        print(board)
        if game.outcome is not None:  # nothing to analyse
            winner = game.outcome.winner
            print(wording.no_move_game_over(winner) if winner else wording.no_move_board_full())
            return 1
        print(analysis_text(board, game.to_move, progress=lambda text: print(text, file=sys.stderr, flush=True)))
        return 0
    if not args.text:
        from .vp3d.app import PortUnavailable, run_scene  # imports vpython: only here

        board = new_board()
        rng = random.Random(args.seed)
        game = Game(board, seats=seats, tiebreak=args.tiebreak, start_moves=args.moves, rng=rng)
        try:
            return run_scene(game, open_browser=not args.no_browser, port=args.port, seed=args.seed)
        except PortUnavailable as error:
            parser.error(str(error))
    if sys.stdin is not None and hasattr(sys.stdin, "reconfigure"):
        sys.stdin.reconfigure(errors="replace")  # bytes that are not UTF-8 are an answer to ask again, not a crash
    rng = random.Random(args.seed)
    players = {ox: (seat.player(ox, args.tiebreak, rng) if seat.is_ai else HUMAN) for ox, seat in seats.items()}
    board = new_board()
    outcome = play_in_terminal(board, players["X"], players["O"], start_moves=args.moves, rng=rng)  # not the seed's
    return 0 if outcome is not None else 1


if __name__ == "__main__":
    sys.exit(main())
