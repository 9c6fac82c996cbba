"""Start Connect Four: ``vp-connect4``, ``python -m vp_connect4`` or ``python main.py`` (see ``--help``)."""

from __future__ import annotations

import argparse
import random
import sys

from .board import Board
from .errors import Connect4Error
from .game import AI, DEFAULT_TIEBREAK, HUMAN, Game, Seat
from .levels import DEFAULT_PLY, PERFECT, Level
from .player import EVALUATIONS, TIEBREAKS
from .text_ui import play_in_terminal


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="vp-connect4",
        description="Connect Four against a look-ahead AI. By default you play X against the AI as O.",
    )
    parser.add_argument("--text", action="store_true", help="play in the terminal (ASCII board)")
    parser.add_argument("--x", choices=[HUMAN, AI], default=HUMAN, help="who plays X, who moves first (default: human)")
    parser.add_argument("--o", choices=[HUMAN, AI], default=AI, help="who plays O (default: ai)")
    parser.add_argument(
        "--x-ply",
        type=level,
        default=DEFAULT_PLY,
        metavar="N",
        help=f"look-ahead of an AI playing X: 0, 1, 2, ... or {PERFECT} (default: {DEFAULT_PLY})",
    )
    parser.add_argument(
        "--o-ply",
        type=level,
        default=DEFAULT_PLY,
        metavar="N",
        help=f"look-ahead of an AI playing O: 0, 1, 2, ... or {PERFECT} (default: {DEFAULT_PLY})",
    )
    parser.add_argument(
        "--x-eval",
        choices=EVALUATIONS,
        default="simple",
        help="how an AI playing X judges its horizon: simple 0-50-100 or smart",
    )
    parser.add_argument(
        "--o-eval", choices=EVALUATIONS, default="simple", help="how an AI playing O judges its horizon"
    )
    parser.add_argument(
        "--tiebreak",
        choices=TIEBREAKS,
        default=DEFAULT_TIEBREAK,
        help=f"how the AIs choose among equal moves, one setting for the game (default: {DEFAULT_TIEBREAK})",
    )
    parser.add_argument("--seed", type=int, default=None, help="seed for the RANDOM tiebreak (repeatable games)")
    parser.add_argument(
        "--no-browser", action="store_true", help="3D scene: start the server, print its URL, open no browser"
    )
    parser.add_argument("--port", type=int, default=0, help="3D scene: the port to serve on (default: a free one)")
    return parser


def level(text: str) -> Level:
    """A level as typed on the command line: a whole number 0 or more, or 'perfect'."""
    try:
        return Level.parse(text)
    except Connect4Error:
        raise argparse.ArgumentTypeError(f"must be a whole number 0 or more, or {PERFECT}, got {text!r}") from None


def seats_from(args: argparse.Namespace) -> dict[str, Seat]:
    return {
        "X": Seat(args.x, args.x_ply, evaluation=args.x_eval),
        "O": Seat(args.o, args.o_ply, evaluation=args.o_eval),
    }


def main(argv: list[str] | None = None) -> int:
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
    outcome = play_in_terminal(Board(), players["X"], players["O"])
    return 0 if outcome is not None else 1


if __name__ == "__main__":
    sys.exit(main())
