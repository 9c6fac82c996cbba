"""A game in progress: the board, its history, whose turn, the outcome, and who sits where. No I/O."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from .board import CHECKERS, Board, check_checker, other
from .errors import IllegalMoveError, InvalidSettingError
from .player import EVALUATIONS, Player, check_ply, check_tiebreak

HUMAN, AI = "human", "ai"
KINDS = (HUMAN, AI)
DEFAULT_PLY = 4
PERFECT = "perfect"  # the top level: perfect play when the solver can finish in time (see levels.py)
DRAW = "draw"


@dataclass(frozen=True)
class Seat:
    """Who plays one side: a human, or the AI with its settings."""

    kind: str = HUMAN
    ply: int | str = DEFAULT_PLY  # a look-ahead 0, 1, 2, ... or PERFECT
    tiebreak: str = "RANDOM"
    evaluation: str = "simple"

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise InvalidSettingError(f"a seat is 'human' or 'ai', got {self.kind!r}")
        if self.ply != PERFECT:
            check_ply(self.ply)
        check_tiebreak(self.tiebreak)
        if self.evaluation not in EVALUATIONS:
            raise InvalidSettingError(f"evaluation must be one of {', '.join(EVALUATIONS)}, got {self.evaluation!r}")

    @property
    def is_ai(self) -> bool:
        return self.kind == AI

    def player(self, ox: str, rng: random.Random | None = None) -> Player:
        """The seed ``Player`` that plays this seat's moves."""
        if self.ply == PERFECT:
            from .levels import perfect_player

            return perfect_player(ox, self.tiebreak, rng=rng)
        return Player(ox, self.tiebreak, self.ply, rng=rng, evaluation=self.evaluation)

    def describe(self) -> str:
        return "human" if self.kind == HUMAN else f"AI ply {self.ply} ({self.evaluation}, {self.tiebreak})"


@dataclass(frozen=True)
class Move:
    number: int  # 1 for the first move of the game
    ox: str
    col: int
    row: int  # index into Board.data (0 = top row)


class Game:
    """Rules and record of one game; the only owner of game state in every front end."""

    def __init__(self, board: Board | None = None, seats: dict[str, Seat] | None = None) -> None:
        self.board = board if board is not None else Board()
        self.seats: dict[str, Seat] = {"X": Seat(HUMAN), "O": Seat(AI)}
        if seats:
            for ox, seat in seats.items():
                self.set_seat(ox, seat)
        self.history: list[Move] = []
        self._start = [row[:] for row in self.board.data]

    # -- state -------------------------------------------------------------------

    @property
    def to_move(self) -> str:
        return self.board.to_move()

    @property
    def winner(self) -> str | None:
        for ox in CHECKERS:
            if self.board.wins_for(ox):
                return ox
        return None

    @property
    def outcome(self) -> str | None:
        """'X' or 'O' when someone has four in a row, 'draw' when the board is full, else None."""
        winner = self.winner
        if winner:
            return winner
        return DRAW if self.board.is_full() else None

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    @property
    def move_string(self) -> str:
        """The moves of this game as ``set_board`` accepts them (columns 0-based)."""
        return "".join(str(move.col) for move in self.history)

    @property
    def last_move(self) -> Move | None:
        return self.history[-1] if self.history else None

    def legal_columns(self) -> list[int]:
        if self.is_over:
            return []
        return [col for col in range(self.board.width) if self.board.allows_move(col)]

    def winning_cells(self) -> list[tuple[int, int]]:
        winner = self.winner
        return self.board.winning_cells(winner) if winner else []

    def seat_to_move(self) -> Seat:
        return self.seats[self.to_move]

    # -- changes -----------------------------------------------------------------

    def play(self, col: int) -> Move:
        """Drop the checker of the side to move into ``col``; IllegalMoveError if not allowed."""
        if self.is_over:
            raise IllegalMoveError(f"the game is over ({self.describe_outcome()}): start a new game")
        self.board.check_move(col)
        ox = self.to_move
        row = self.board.free_row(col)
        self.board.add_move(col, ox)
        move = Move(len(self.history) + 1, ox, col, row)
        self.history.append(move)
        return move

    def undo(self) -> Move | None:
        """Take back the last move (None if there is none)."""
        if not self.history:
            return None
        move = self.history.pop()
        self.board.del_move(move.col)
        return move

    def undo_turn(self) -> list[Move]:
        """Take back moves until a human is to move again (at least one move); returns them."""
        undone = []
        while self.history:
            undone.append(self.undo())
            if not self.seat_to_move().is_ai:
                break
        return undone  # type: ignore[return-value]

    def new_game(self) -> None:
        self.board.data = [row[:] for row in self._start]
        self.history.clear()

    def set_seat(self, ox: str, seat: Seat) -> None:
        check_checker(ox)
        if not isinstance(seat, Seat):
            raise InvalidSettingError(f"seat must be a Seat, got {seat!r}")
        self.seats[ox] = seat

    def update_seat(self, ox: str, **changes: object) -> Seat:
        """Change some settings of one seat (e.g. ``ply=5``); takes effect from the next move."""
        seat = replace(self.seats[check_checker(ox)], **changes)  # type: ignore[arg-type]
        self.seats[ox] = seat
        return seat

    def describe_outcome(self) -> str:
        outcome = self.outcome
        if outcome is None:
            return f"{self.to_move} to move"
        if outcome == DRAW:
            return "a draw"
        return f"{outcome} wins"


def ai_column(width: int, height: int, moves: str, ox: str, seat: Seat, seed: int | None = None) -> int:
    """The column ``seat`` plays as ``ox`` after ``moves`` on an empty board: picklable, for a worker process."""
    board = Board(width, height)
    board.set_board(moves)
    return seat.player(ox, random.Random(seed)).next_move(board)


__all__ = ["AI", "DRAW", "HUMAN", "Game", "Move", "Seat", "ai_column", "other"]
