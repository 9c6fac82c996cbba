"""The game in the terminal: boards drawn in ASCII, columns typed by people, moves chosen by Players."""

from __future__ import annotations

import builtins
from collections.abc import Callable

from .board import Board
from .errors import IllegalMoveError
from .game import DRAW, Game
from .player import Player

PlayerOrHuman = Player | str  # a Player, or the string 'human'
InputFn = Callable[[str], str]
OutputFn = Callable[..., None]


class GameStopped(Exception):
    """The person at the keyboard ended the game (end of input or Ctrl-C)."""


def ask_column(board: Board, ox: str, input_fn: InputFn | None = None, out: OutputFn = print) -> int:
    """Ask until the person types a column that can be played; raises GameStopped on Ctrl-D / Ctrl-C."""
    input_fn = input_fn or builtins.input  # looked up now, so a replaced input() is honoured
    while True:
        try:
            answer = input_fn(f"{ox}'s choice (0-{board.width - 1}): ")
        except (EOFError, KeyboardInterrupt):
            raise GameStopped from None
        text = answer.strip()
        if not text.lstrip("-").isdigit():
            out(f"Please type a column number from 0 to {board.width - 1}.")
            continue
        try:
            return board.check_move(int(text))
        except IllegalMoveError as error:
            out(f"Not possible: {error}. Choose another column.")


def announce(game: Game, humans: list[str]) -> str:
    """The closing line of a game, worded for the people who played it."""
    outcome = game.outcome
    if outcome == DRAW:
        return "It's a draw: the board is full."
    if len(humans) == 1:
        return (
            f"{outcome} wins -- you win, congratulations!"
            if outcome in humans
            else f"{outcome} wins -- the computer beats you this time."
        )
    return f"{outcome} wins!"


def play_in_terminal(
    board: Board,
    px: PlayerOrHuman,
    po: PlayerOrHuman,
    *,
    input_fn: InputFn | None = None,
    out: OutputFn = print,
) -> str | None:
    """Play on ``board`` (as it stands) until someone wins or it is full.

    Returns 'X', 'O' or 'draw', or None if a person stopped the game.
    """
    players = {"X": px, "O": po}
    for ox, seat in players.items():
        if not (seat == "human" or isinstance(seat, Player)):
            raise ValueError(f"{ox} must be a Player or the string 'human', got {seat!r}")
        if isinstance(seat, Player) and seat.ox != ox:
            raise ValueError(f"the Player for {ox} plays {seat.ox!r}: give it checker {ox!r}")
    humans = [ox for ox, seat in players.items() if seat == "human"]
    game = Game(board)
    out()
    out("Welcome to Connect Four!")
    out()
    out(board)
    out()
    while not game.is_over:
        ox = game.to_move
        seat = players[ox]
        if isinstance(seat, Player):
            col = seat.next_move(board)
            game.play(col)
            out(f"{ox} ({seat.ply}-ply) plays column {col}.")
        else:
            try:
                col = ask_column(board, ox, input_fn, out)
            except GameStopped:
                out()
                out(f"Game stopped. Moves so far: {game.move_string or '(none)'}")
                return None
            game.play(col)
        out()
        out(board)
        out()
    out(announce(game, humans))
    out(f"Moves: {game.move_string}")
    return game.outcome
