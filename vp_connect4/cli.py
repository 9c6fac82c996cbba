"""Start Connect Four: ``vp-connect4``, ``python -m vp_connect4`` or ``python main.py`` (see ``--help``)."""

from __future__ import annotations

import argparse
import random
import sys

from . import wording
from .board import Board
from .errors import Connect4Error
from .game import AI, DEFAULT_TIEBREAK, HUMAN, Game, Seat
from .levels import DEFAULT_PLY, PERFECT, Level
from .options import Parser, add_language, choose_language
from .player import EVALUATIONS, TIEBREAKS
from .text_ui import play_in_terminal


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="vp-connect4", description=wording.help_description())
    parser.add_argument("--text", action="store_true", help=wording.help_text())
    parser.add_argument("--x", choices=[HUMAN, AI], default=HUMAN, help=wording.help_seat("X", HUMAN))
    parser.add_argument("--o", choices=[HUMAN, AI], default=AI, help=wording.help_seat("O", AI))
    parser.add_argument(
        "--x-ply",
        type=level,
        default=DEFAULT_PLY,
        metavar="N",
        help=wording.help_ply("X", PERFECT, DEFAULT_PLY),
    )
    parser.add_argument(
        "--o-ply",
        type=level,
        default=DEFAULT_PLY,
        metavar="N",
        help=wording.help_ply("O", PERFECT, DEFAULT_PLY),
    )
    parser.add_argument(
        "--x-eval",
        choices=EVALUATIONS,
        default="simple",
        help=wording.help_eval("X"),
    )
    parser.add_argument(
        "--o-eval", choices=EVALUATIONS, default="simple", help=wording.help_eval("O")
    )
    parser.add_argument(
        "--tiebreak",
        choices=TIEBREAKS,
        default=DEFAULT_TIEBREAK,
        help=wording.help_tiebreak(DEFAULT_TIEBREAK),
    )
    parser.add_argument("--seed", type=int, default=None, help=wording.help_seed())
    parser.add_argument(
        "--no-browser", action="store_true", help=wording.help_no_browser()
    )
    parser.add_argument("--port", type=int, default=0, help=wording.help_port())
    add_language(parser)
    return parser


def level(text: str) -> Level:
    """A level as typed on the command line: a whole number 0 or more, or 'perfect'."""
    try:
        return Level.parse(text)
    except Connect4Error:
        raise argparse.ArgumentTypeError(wording.bad_level_option(PERFECT, text)) from None


def seats_from(args: argparse.Namespace) -> dict[str, Seat]:
    return {
        "X": Seat(args.x, args.x_ply, evaluation=args.x_eval),
        "O": Seat(args.o, args.o_ply, evaluation=args.o_eval),
    }


def main(argv: list[str] | None = None) -> int:
    choose_language(argv)
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        seats = seats_from(args)
    except Connect4Error as error:
        parser.error(str(error))
    if not args.text:
        from .vp3d.app import run_scene  # imports vpython: only here

        return run_scene(
            Game(seats=seats, tiebreak=args.tiebreak), open_browser=not args.no_browser, port=args.port, seed=args.seed
        )
    rng = random.Random(args.seed)
    players = {ox: (seat.player(ox, args.tiebreak, rng) if seat.is_ai else HUMAN) for ox, seat in seats.items()}
    outcome = play_in_terminal(Board(), players["X"], players["O"])  # our game, not the seed's transcript
    return 0 if outcome is not None else 1


if __name__ == "__main__":
    sys.exit(main())
