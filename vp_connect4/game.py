"""A game in progress: start position, moves, whose turn, the outcome, and who sits where. No I/O.

``Game`` is the one owner of game state in every front end (the terminal game, the 3D scene,
CS111's ``connect_four``, the benchmarks): they ask it ``why_not(col)`` before they offer a
move, ``play(col)`` it, and read ``outcome``. :func:`play_out` is the one game loop.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace

from . import wording
from .board import CHECKERS, Board, check_checker, other
from .errors import IllegalMoveError, InvalidSettingError, Refusal
from .levels import Level
from .player import EVALUATIONS, Player, check_tiebreak

HUMAN, AI = "human", "ai"
KINDS = (HUMAN, AI)
DEFAULT_TIEBREAK = "RANDOM"


@dataclass(frozen=True)
class Seat:
    """Who plays one side: a human, or the AI with its level and evaluation.

    ``level`` may be given as a ``Level``, a whole number or ``'perfect'``. The tiebreak is
    not a seat's: it belongs to the game (:attr:`Game.tiebreak`), one setting for both AIs.
    """

    kind: str = HUMAN
    level: Level = field(default_factory=Level)
    evaluation: str = "simple"

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise InvalidSettingError(wording.phrase(wording.bad_seat_kind, self.kind))
        object.__setattr__(self, "level", Level.parse(self.level))
        if self.evaluation not in EVALUATIONS:
            raise InvalidSettingError(wording.phrase(wording.bad_choice, "evaluation", EVALUATIONS, self.evaluation))

    @property
    def is_ai(self) -> bool:
        return self.kind == AI

    def player(self, ox: str, tiebreak: str, rng: random.Random | None = None) -> Player:
        """The ``Player`` that plays this seat's moves as ``ox``: the seed's, but a lost AI defends longest."""
        return self.level.player(ox, tiebreak, rng, self.evaluation, defend=True)


@dataclass(frozen=True)
class Move:
    number: int  # counted from the empty board: how many checkers are down after it
    ox: str
    col: int
    row: int  # index into Board.data (0 = top row)


@dataclass(frozen=True)
class Outcome:
    """How a game ended: ``winner`` 'X' or 'O' with the cells of its fours, or a draw (``winner`` None)."""

    winner: str | None
    cells: tuple[tuple[int, int], ...] = ()  # (row, col) in Board.data

    @property
    def is_draw(self) -> bool:
        return self.winner is None

    def __str__(self) -> str:
        """The fixed words of the log's ``result:`` line: ``X wins`` or ``draw``."""
        return "draw" if self.winner is None else f"{self.winner} wins"


class Game:
    """Rules and record of one game on ``board``, from its position at the start.

    ``start_moves`` (a ``set_board`` string) are played on the board first, so a puzzle or a
    shared game can start mid-way; ``new_game`` goes back to that start position. ``first`` is
    the side that began (X in every seed game but CS111's ``connect_four``, which lets either begin):
    the side to move is the one with fewer checkers, or ``first`` with as many.
    """

    def __init__(
        self,
        board: Board | None = None,
        seats: Mapping[str, Seat] | None = None,
        *,
        start_moves: str = "",
        tiebreak: str = DEFAULT_TIEBREAK,
        first: str = "X",
    ) -> None:
        self.board = board if board is not None else Board()
        self.board.set_board(start_moves)
        self.first = check_checker(first)
        self.start_moves = start_moves
        self._start = [row[:] for row in self.board.data]
        self.seats: dict[str, Seat] = {"X": Seat(HUMAN), "O": Seat(AI)}
        for ox, seat in (seats or {}).items():
            self.set_seat(ox, seat)
        self.tiebreak = check_tiebreak(tiebreak)
        self.history: list[Move] = []
        self.outcome: Outcome | None = self._judge()

    # -- state -------------------------------------------------------------------

    @property
    def to_move(self) -> str:
        second = other(self.first)
        return second if self.board.count(self.first) > self.board.count(second) else self.first

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    @property
    def move_string(self) -> str:
        """The start moves and this game's moves, as ``set_board`` accepts them (columns 0-based)."""
        return self.start_moves + "".join(str(move.col) for move in self.history)

    @property
    def last_move(self) -> Move | None:
        return self.history[-1] if self.history else None

    def seat_to_move(self) -> Seat:
        return self.seats[self.to_move]

    def why_not(self, col: object) -> Refusal | None:
        """Why the side to move cannot play ``col`` now (None if it can)."""
        if self.outcome is not None:
            return Refusal.GAME_OVER
        return self.board.why_not(col)

    def player(self, ox: str, rng: random.Random | None = None) -> Player:
        """The seed ``Player`` of ``ox``'s seat with this game's tiebreak."""
        return self.seats[ox].player(ox, self.tiebreak, rng)

    # -- changes -----------------------------------------------------------------

    def play(self, col: int) -> Move:
        """Drop the checker of the side to move into ``col``; IllegalMoveError (saying why) if not allowed."""
        reason = self.why_not(col)
        if reason is not None:
            raise IllegalMoveError(wording.phrase(wording.refusal, reason, col, self.board.width))
        ox = self.to_move
        row = self.board.drop(col, ox)
        move = Move(self.board.count("X") + self.board.count("O"), ox, col, row)
        self.history.append(move)
        self.outcome = self._judge()
        return move

    def undo(self) -> Move | None:
        """Take back the last move (None if there is none)."""
        if not self.history:
            return None
        move = self.history.pop()
        self.board.del_move(move.col)
        self.outcome = self._judge()
        return move

    def undo_turn(self) -> list[Move]:
        """Take back moves until a human is to move again (at least one move); returns them."""
        undone: list[Move] = []
        while self.history:
            undone.append(self.history[-1])
            self.undo()
            if not self.seat_to_move().is_ai:
                break
        return undone

    def new_game(self) -> None:
        """Back to the start position."""
        self.board.data = [row[:] for row in self._start]
        self.history.clear()
        self.outcome = self._judge()

    def load(self, move_string: object) -> None:
        """Make this game the one of ``move_string`` (a ``set_board`` string from the empty board): all or nothing.

        Its moves become this game's history (Undo takes them back). If it begins with the start
        moves, the start position stays (New game goes back to it); otherwise the game starts from the
        empty board. Spaces around it are ignored. IllegalMoveError says what is wrong (a character that
        is not a column, a full column, a move after the game was over, more moves than the board has
        cells); the game is then left exactly as it was.
        """
        if not isinstance(move_string, str):
            raise IllegalMoveError(wording.phrase(wording.bad_move_string, move_string))
        moves = move_string.strip()
        cells = self.board.width * self.board.height
        if len(moves) > cells:
            raise IllegalMoveError(wording.phrase(wording.too_many_moves, cells, len(moves)))
        start = self.start_moves if moves.startswith(self.start_moves) else ""
        board = type(self.board)(self.board.width, self.board.height)
        trial = Game(board, self.seats, start_moves=start, tiebreak=self.tiebreak, first=self.first)
        last = min(self.board.width, 10) - 1
        for index in range(len(start), len(moves)):
            char = moves[index]
            if char not in "0123456789":
                raise IllegalMoveError(wording.phrase(wording.bad_move_digit, index + 1, moves, char, last))
            try:
                trial.play(int(char))
            except IllegalMoveError as error:
                raise IllegalMoveError(wording.phrase(wording.move_refused, index + 1, moves, error)) from None
        self.board.data = board.data
        self.start_moves, self._start = trial.start_moves, trial._start
        self.history, self.outcome = trial.history, trial.outcome

    def set_seat(self, ox: str, seat: Seat) -> None:
        check_checker(ox)
        if not isinstance(seat, Seat):
            raise InvalidSettingError(wording.phrase(wording.not_a_seat, seat))
        self.seats[ox] = seat

    def update_seat(self, ox: str, **changes: object) -> Seat:
        """Change some settings of one seat (e.g. ``level=5``); takes effect from the next move."""
        seat = replace(self.seats[check_checker(ox)], **changes)  # type: ignore[arg-type]
        self.seats[ox] = seat
        return seat

    def set_tiebreak(self, tiebreak: str) -> None:
        self.tiebreak = check_tiebreak(tiebreak)

    def _judge(self) -> Outcome | None:
        for ox in CHECKERS:
            cells = self.board.four_cells(ox)
            if cells:
                return Outcome(ox, tuple(sorted(cells)))
        return Outcome(None) if self.board.is_full() else None


Chooser = Callable[[Game], int]
"""Picks the column for the side to move (an AI's ``next_move``, a person at the keyboard)."""


def ai_chooser(player: Player) -> Chooser:
    return lambda game: player.next_move(game.board)


def play_out(
    game: Game, choosers: Mapping[str, Chooser], after_move: Callable[[Game, Move], None] | None = None
) -> Outcome:
    """The game loop: ask the side to move's chooser, play its column, until the game is over.

    A chooser may raise to stop the game (a person leaving); the moves so far stay played.
    """
    while game.outcome is None:
        move = game.play(choosers[game.to_move](game))
        if after_move is not None:
            after_move(game, move)
    return game.outcome


__all__ = ["AI", "HUMAN", "Game", "Move", "Outcome", "Seat", "ai_chooser", "play_out"]
