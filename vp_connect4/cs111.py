"""The CS111 (Boston University, problem set 9) flavour of the API, as thin adapters over the same core.

``Board(height, width)`` with ``slots``; ``Player(checker)`` for a human at the
keyboard; ``RandomPlayer``; ``AIPlayer(checker, tiebreak, lookahead)``; and
the functions ``connect_four`` and ``process_move``.
"""

from __future__ import annotations

import random

from . import board as core_board
from . import player as core_player
from .board import check_checker, other


class Board(core_board.Board):
    """The core board, constructed ``Board(height, width)`` and spoken to in CS111's words."""

    def __init__(self, height: int = 6, width: int = 7) -> None:
        super().__init__(width, height)

    @property
    def slots(self) -> list[list[str]]:
        return self.data

    @slots.setter
    def slots(self, value: list[list[str]]) -> None:
        self.data = value

    def __repr__(self) -> str:
        return super().__repr__() + "\n"

    def add_checker(self, checker: str, col: int) -> None:
        self.add_move(col, checker)

    def add_checkers(self, colnums: str) -> None:
        """Alternating checkers, X first, into the columns named by the digits of ``colnums``."""
        self.set_board(colnums)

    def reset(self) -> None:
        self.clear()

    def can_add_to(self, col: int) -> bool:
        return self.allows_move(col)

    def remove_checker(self, col: int) -> None:
        self.del_move(col)

    def is_win_for(self, checker: str) -> bool:
        return self.wins_for(checker)


class Player:
    """A human player: ``next_move`` asks at the keyboard until the column can be played."""

    def __init__(self, checker: str) -> None:
        self.checker = check_checker(checker)
        self.num_moves = 0

    def __repr__(self) -> str:
        return f"Player {self.checker}"

    def opponent_checker(self) -> str:
        return other(self.checker)

    def next_move(self, board: Board) -> int:
        while True:
            answer = input("Enter a column: ")
            try:
                col = int(answer)
            except ValueError:
                col = -1
            if board.can_add_to(col):
                self.num_moves += 1
                return col
            print("Try again!")


class RandomPlayer(Player):
    """A computer player that picks any column with room, at random."""

    rng: random.Random = random.Random()

    def next_move(self, board: Board) -> int:
        columns = [col for col in range(board.width) if board.can_add_to(col)]
        self.num_moves += 1
        return self.rng.choice(columns)


class AIPlayer(Player):
    """A look-ahead player: the core ``Player``'s search, with CS111's names and integer scores."""

    def __init__(self, checker: str, tiebreak: str, lookahead: int, rng: random.Random | None = None) -> None:
        self._core = core_player.Player(checker, tiebreak, lookahead, rng=rng)
        super().__init__(checker)
        self.tiebreak = tiebreak
        self.lookahead = lookahead

    def __repr__(self) -> str:
        return f"Player {self.checker} ({self.tiebreak}, {self.lookahead})"

    def max_score_column(self, scores: list[float]) -> int:
        return self._core.tiebreak_move(scores)

    def scores_for(self, board: Board) -> list[int]:
        return [int(score) for score in self._core.scores_for(board)]

    def next_move(self, board: Board) -> int:
        self.num_moves += 1
        return self.max_score_column(self.scores_for(board))


def process_move(player: Player, board: Board) -> bool:
    """Play one move of ``player``; print the board; True if the game is over (a win or a tie)."""
    print(f"{player}'s turn")
    col = player.next_move(board)
    board.add_checker(player.checker, col)
    print()
    print(board)
    if board.is_win_for(player.checker):
        print(f"{player} wins in {player.num_moves} moves.")
        print("Congratulations!")
        return True
    if board.is_full():
        print("It's a tie!")
        return True
    return False


def connect_four(p1: Player, p2: Player) -> Board | None:
    """Play a game on a new 6x7 board, ``p1`` first; returns the final board."""
    if p1.checker not in "XO" or p2.checker not in "XO" or p1.checker == p2.checker:
        print("need one X player and one O player.")
        return None
    print("Welcome to Connect Four!")
    print()
    board = Board(6, 7)
    print(board)
    try:
        while True:
            if process_move(p1, board):
                return board
            if process_move(p2, board):
                return board
    except (EOFError, KeyboardInterrupt):
        print()
        print("Game stopped.")
        return board
