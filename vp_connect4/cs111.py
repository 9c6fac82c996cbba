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
from .errors import IllegalMoveError
from .game import Game, Move, play_out
from .wording import CS111, no_move_board_full


class Board(core_board.RulesBoard):
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
        from .terminal_input import ask_line  # answers from a pipe in bounded memory (``< /dev/zero``)

        while True:
            answer = ask_line(CS111["ask"])
            try:
                col = int(answer)
            except ValueError:
                col = -1
            if board.can_add_to(col):
                self.num_moves += 1
                return col
            print(CS111["again"])


class RandomPlayer(Player):
    """A computer player that picks any column with room, at random."""

    rng: random.Random = core_player.MODULE_RANDOM  # random.seed(n) makes it repeatable, as the course's random.choice

    def next_move(self, board: Board) -> int:
        columns = [col for col in range(board.width) if board.can_add_to(col)]
        if not columns:
            raise IllegalMoveError(no_move_board_full())
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
    print(CS111["turn"].format(player=player))
    board.add_checker(player.checker, player.next_move(board))
    print()
    print(board)
    return _reports_end(player, board)


def _reports_end(player: Player, board: Board) -> bool:
    """After ``player``'s move: print and return True if it won or filled the board."""
    if board.is_win_for(player.checker):
        print(CS111["wins"].format(player=player, moves=player.num_moves))
        print(CS111["congratulations"])
        return True
    if board.is_full():
        print(CS111["tie"])
        return True
    return False


def connect_four(p1: Player, p2: Player) -> Board | None:
    """Play a game on a new 6x7 board, ``p1`` first; returns the final board."""
    if p1.checker not in "XO" or p2.checker not in "XO" or p1.checker == p2.checker:
        print(CS111["need_both"])
        return None
    print(CS111["welcome"])
    print()
    board = Board(6, 7)
    print(board)
    players = {p1.checker: p1, p2.checker: p2}

    def choose(game: Game) -> int:
        player = players[game.to_move]
        print(CS111["turn"].format(player=player))
        return player.next_move(board)

    def show(game: Game, move: Move) -> None:
        print()
        print(board)
        _reports_end(players[move.ox], board)

    try:
        play_out(Game(board, first=p1.checker), dict.fromkeys(players, choose), show)
    except (EOFError, KeyboardInterrupt):
        print()
        print(CS111["stopped"])
    return board
