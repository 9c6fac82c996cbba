"""Start Connect Four: ``vp-connect4``, ``python -m vp_connect4`` or ``python main.py`` (see ``--help``)."""

from __future__ import annotations

import argparse
import os
import random
import socket
import sys

from . import wording
from .board import Board
from .errors import Connect4Error
from .game import AI, DEFAULT_TIEBREAK, HUMAN, Game, Seat
from .levels import DEFAULT_PLY, PERFECT, Level
from .player import EVALUATIONS, TIEBREAKS
from .text_ui import play_in_terminal

WIDTH, HEIGHT = 7, 6  # the board of both front ends
MAX_PLY = WIDTH * HEIGHT  # a deeper look-ahead sees nothing more: no game lasts longer
MAX_PORT = 65535


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
        help=f"look-ahead of an AI playing X: 0-{MAX_PLY} or {PERFECT} (default: {DEFAULT_PLY})",
    )
    parser.add_argument(
        "--o-ply",
        type=level,
        default=DEFAULT_PLY,
        metavar="N",
        help=f"look-ahead of an AI playing O: 0-{MAX_PLY} or {PERFECT} (default: {DEFAULT_PLY})",
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
        "--moves",
        type=moves,
        default="",
        metavar="DIGITS",
        help="start from the position after these moves (columns 0-6, X first, as the log's moves: line)",
    )
    parser.add_argument(
        "--no-browser", action="store_true", help="3D scene: start the server, print its URL, open no browser"
    )
    parser.add_argument(
        "--port", type=port, default=0, help="3D scene: the port to serve on, 1-65535 (default: a free one)"
    )
    return parser


def level(text: str) -> Level:
    """A level as typed: 0 to MAX_PLY (the cells of the board: no game looks further), or 'perfect'."""
    try:
        chosen = Level.parse(text)
    except Connect4Error:
        chosen = None
    if chosen is None or (chosen.ply is not None and chosen.ply > MAX_PLY):
        raise argparse.ArgumentTypeError(wording.bad_level_option(MAX_PLY, PERFECT, text))
    return chosen


def moves(text: str) -> str:
    """A start position as typed: the moves of ``Board.set_board``, checked on the board the game uses."""
    try:
        Board(WIDTH, HEIGHT).set_board(text)
    except Connect4Error as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return text


def port(text: str) -> int:
    """A port as typed: 0 (any free port) to 65535."""
    if not (text.isascii() and text.isdigit() and int(text) <= MAX_PORT):
        raise argparse.ArgumentTypeError(wording.bad_port_option(MAX_PORT, text))
    return int(text)


def port_in_use(number: int) -> str | None:
    """Why the scene cannot listen on ``number`` (None if it can, or if ``number`` is 0: any free port)."""
    if number == 0:
        return None
    with socket.socket() as probe:
        try:
            probe.bind(("127.0.0.1", number))
        except OSError as error:
            return wording.port_unavailable(number, error.strerror or str(error))
    return None


def seats_from(args: argparse.Namespace) -> dict[str, Seat]:
    return {
        "X": Seat(args.x, args.x_ply, evaluation=args.x_eval),
        "O": Seat(args.o, args.o_ply, evaluation=args.o_eval),
    }


def main(argv: list[str] | None = None) -> int:
    """Run the game; a closed output pipe (``| head -1``) ends it quietly, with exit code 1."""
    try:
        return _main(argv)
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # so the exit's flush stays quiet too
        return 1


def _main(argv: list[str] | None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        seats = seats_from(args)
    except Connect4Error as error:
        parser.error(str(error))
    if not args.text:
        busy = port_in_use(args.port)
        if busy:
            parser.error(busy)
        from .vp3d.app import run_scene  # imports vpython: only here

        game = Game(seats=seats, tiebreak=args.tiebreak, start_moves=args.moves)
        return run_scene(game, open_browser=not args.no_browser, port=args.port, seed=args.seed)
    if sys.stdin is not None and hasattr(sys.stdin, "reconfigure"):
        sys.stdin.reconfigure(errors="replace")  # bytes that are not UTF-8 are an answer to ask again, not a crash
    rng = random.Random(args.seed)
    players = {ox: (seat.player(ox, args.tiebreak, rng) if seat.is_ai else HUMAN) for ox, seat in seats.items()}
    outcome = play_in_terminal(Board(WIDTH, HEIGHT), players["X"], players["O"], start_moves=args.moves)
    return 0 if outcome is not None else 1


if __name__ == "__main__":
    sys.exit(main())
