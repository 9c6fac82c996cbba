"""A game in progress: start position, moves, whose turn, the outcome, and who sits where. No I/O.

``Game`` is the one owner of game state in every front end (the terminal game, the 3D scene,
CS111's ``connect_four``, the benchmarks): they ask it ``why_not(move)`` before they offer a
move, ``play(move)`` it, and read ``outcome``; ``undo``/``undo_turn`` take moves back and ``redo``
plays them again. :func:`play_out` is the one game loop.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace

from . import wording
from .board import RulesBoard
from .errors import IllegalMoveError, InvalidSettingError, Refusal
from .levels import Level
from .player import EVALUATIONS, Player, check_tiebreak
from .rules import Dropped, Event, Outcome, Played, Swapped, Variant, check_checker, data_row
from .rules.movecode import SWAP_CHAR, words

HUMAN, AI = "human", "ai"
KINDS = (HUMAN, AI)
DEFAULT_TIEBREAK = "RANDOM"


@dataclass(frozen=True)
class Seat:
    """Who plays one side: a human, or the AI with its level and evaluation.

    ``level`` may be given as a ``Level``, a whole number or ``'perfect'``. The tiebreak is
    not a seat's: it belongs to the game (:attr:`Game.tiebreak`), one setting for both AIs.
    ``source``: a student's player file (``player.py`` or ``player.py:ClassName``, as typed) plays this AI seat's
    moves at the seat's level, a whole number of moves (the front end runs it: see ``students``); :meth:`player`
    stays ours (the hints).
    """

    kind: str = HUMAN
    level: Level = field(default_factory=Level)
    evaluation: str = "simple"
    source: str | None = None

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise InvalidSettingError(wording.phrase(wording.bad_seat_kind, self.kind))
        object.__setattr__(self, "level", Level.parse(self.level))
        if self.evaluation not in EVALUATIONS:
            raise InvalidSettingError(wording.phrase(wording.bad_choice, "evaluation", EVALUATIONS, self.evaluation))
        if self.source is not None:
            if self.kind != AI or not isinstance(self.source, str) or not self.source:
                raise InvalidSettingError(wording.phrase(wording.bad_seat_source, self.kind, self.source))
            if self.level.is_perfect:
                raise InvalidSettingError(wording.phrase(wording.player_file_not_perfect))

    @property
    def is_ai(self) -> bool:
        return self.kind == AI

    def player(self, ox: str, tiebreak: str, rng: random.Random | None = None) -> Player:
        """The ``Player`` that plays this seat's moves as ``ox``: the seed's, but a lost AI defends longest."""
        return self.level.player(ox, tiebreak, rng, self.evaluation, defend=True)


@dataclass(frozen=True)
class Move:
    """A move made: ``move`` is what was played (its number: a column; under other rules a column, a row when
    gravity pulls sideways, or the flip), ``row`` the landing row's index in ``RulesBoard.data`` (-1
    for a flip). ``events``: what happened (a chance that moved the checker, its landing, a flip, cleared
    rows, gravity turning, a swap), in order; ``code``: the move in a game code."""

    number: int  # counted from the empty board: the moves made after it
    ox: str
    move: int  # the move's number (see ``line``)
    row: int  # index into RulesBoard.data (0 = top row)
    line: str = "column"  # what ``move`` names: "column", "row" or "flip"
    events: tuple[Event, ...] = ()
    code: str = ""

    def words(self) -> str:
        """The move as the log says it: ``column 3``, ``row 2`` or ``flip``."""
        return words(self.line, self.move)


class Game:
    """Rules and record of one game on ``board``, from its position at the start.

    ``start_moves`` (a ``set_board`` string) are played on the board first, so a puzzle or a
    shared game can start mid-way; ``new_game`` goes back to that start position. ``first`` is
    the side that began (X in every seed game but CS111's ``connect_four``, which lets either begin).
    The board's rules (``RulesBoard(variant=...)``) say whose turn it is and what a move does; ``rng``
    draws what they leave to chance (chance, swaps). A move is a column, a row (gravity sideways) or
    the flip (see ``RulesBoard``).
    """

    def __init__(
        self,
        board: RulesBoard | None = None,
        seats: Mapping[str, Seat] | None = None,
        *,
        start_moves: str = "",
        tiebreak: str = DEFAULT_TIEBREAK,
        first: str = "X",
        rng: random.Random | None = None,
    ) -> None:
        self.board = board if board is not None else RulesBoard()
        self.board.set_board(start_moves)
        self.first = check_checker(first)
        self.start_moves = start_moves
        self.rng = rng if rng is not None else random.Random()  # what the rules leave to chance
        self._start = self.board.referee.snapshot()
        self.seats: dict[str, Seat] = {"X": Seat(HUMAN), "O": Seat(AI)}
        for ox, seat in (seats or {}).items():
            self.set_seat(ox, seat)
        self.tiebreak = check_tiebreak(tiebreak)
        self.history: list[Move] = []
        self._redo: list[list[Move]] = []  # what each undo took back (in play order), the last undo's last
        self.outcome: Outcome | None = self._judge()

    # -- state -------------------------------------------------------------------

    @property
    def to_move(self) -> str:
        return self.board.referee.to_move(self.first)

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    @property
    def move_string(self) -> str:
        """The start moves and this game's moves, as ``set_board`` accepts them (columns 0-based)."""
        return self.start_moves + "".join(move.code for move in self.history)

    @property
    def last_move(self) -> Move | None:
        return self.history[-1] if self.history else None

    @property
    def can_redo(self) -> bool:
        """Whether :meth:`redo` has moves to play again: an undo came last (no move made since, no new game)."""
        return bool(self._redo)

    def seat_to_move(self) -> Seat:
        return self.seats[self.to_move]

    def why_not(self, move: object) -> Refusal | None:
        """Why the side to move cannot play ``move`` now (None if it can)."""
        if self.outcome is not None:
            return Refusal.GAME_OVER
        return self.board.why_not(move, self.to_move)

    def player(self, ox: str, rng: random.Random | None = None) -> Player:
        """The seed ``Player`` of ``ox``'s seat with this game's tiebreak."""
        return self.seats[ox].player(ox, self.tiebreak, rng)

    # -- changes -----------------------------------------------------------------

    def play(self, move: int) -> Move:
        """The side to move plays ``move``; IllegalMoveError (saying why) if not allowed.

        ``move`` may be any move the rules number (a column, a row, the flip); what they leave to chance is drawn.
        """
        reason = self.why_not(move)
        if reason is not None:
            raise IllegalMoveError(self.board.refusal(reason, move))
        ox, line = self.to_move, self.board.referee.line_of(move)
        return self._record(ox, line, self.board.referee.play(move, ox, self.rng))

    def _record(self, ox: str, line: str, played: Played) -> Move:
        landed = next((event.cell for event in played.events if isinstance(event, Dropped)), None)
        row = -1 if landed is None else data_row(self.board.height, landed[1])
        number = self.board.referee.moves_made()
        move = Move(number, ox, played.move, row, line, played.events, played.code)
        self.history.append(move)
        self._redo.clear()  # a new move: what was taken back is not played again
        self.outcome = self._judge()
        return move

    def undo(self) -> Move | None:
        """Take back the last move (None if there is none), with all it did; :meth:`redo` plays it again."""
        move = self._take_back()
        if move is not None:
            self._redo.append([move])
        return move

    def undo_turn(self) -> list[Move]:
        """Take back moves until a human is to move again (at least one move); returns them, the last first.

        One step for :meth:`redo`: against the AI it takes back your move and the AI's reply, and redo plays both.
        """
        undone: list[Move] = []
        while self.history:
            undone.append(self._take_back())  # type: ignore[arg-type]
            if not self.seat_to_move().is_ai:
                break
        if undone:
            self._redo.append(undone[::-1])
        return undone

    def _take_back(self) -> Move | None:
        if not self.history:
            return None
        move = self.history.pop()
        self.board.del_move(move.move)
        self.outcome = self._judge()
        return move

    def redo(self) -> list[Move]:
        """Play again what the last undo took back (one ``undo`` or ``undo_turn`` each time), in order; ``[]`` if
        there is nothing to play again (a move was made since, a new game, a load).

        The moves are made as they were: a checker that chance sent elsewhere goes there again and the swaps that
        followed a move follow it again; nothing is drawn (``rng`` is not used).
        """
        if not self._redo:
            return []
        moves = self._redo.pop()
        referee = self.board.referee
        for move in moves:
            swaps = tuple((event.first, event.second) for event in move.events if isinstance(event, Swapped))
            referee.replay(move.move, move.ox, swaps)
            self.history.append(move)
        self.outcome = self._judge()
        return moves

    def new_game(self, variant: Variant | str | None = None, size: tuple[int, int] | None = None) -> None:
        """Back to the start position; with ``variant`` (e.g. ``'tetris'``) or ``size`` (``(width, height)``), a new
        game under those rules or on that board instead, from the empty board (the start moves belong to the old)."""
        if variant is not None or size is not None:
            width, height = size if size is not None else (self.board.width, self.board.height)
            rules = self.board.variant if variant is None else variant
            self.board = RulesBoard(width, height, variant=rules)  # checked: a bad size or rules raise here
            self.start_moves = ""
            self._start = self.board.referee.snapshot()
        self.board.referee.restore(self._start)
        self.history.clear()
        self._redo.clear()
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
        longest = self.board.referee.longest_code()
        if len(moves) > longest:
            raise IllegalMoveError(wording.phrase(wording.too_many_moves, longest, len(moves)))
        rest = moves[len(self.start_moves) :]
        start = self.start_moves if moves.startswith(self.start_moves) and not rest.startswith(SWAP_CHAR) else ""
        board = self.board.blank()
        trial = Game(board, self.seats, start_moves=start, tiebreak=self.tiebreak, first=self.first, rng=self.rng)
        trial.replay(moves[len(start) :], moves, len(start))
        self.board.take(board)
        self.start_moves, self._start = trial.start_moves, trial._start
        self.history, self.outcome = trial.history, trial.outcome
        self._redo.clear()

    def replay(self, code: str, whole: str | None = None, offset: int = 0) -> None:
        """Play the moves of ``code`` (a game code) as they were played: chance and swaps as it records them.

        IllegalMoveError names the move of ``whole`` (default: ``code``) at fault, counted from ``offset``.
        The moves before the fault stay played (``load`` replays on a trial game).
        """
        replayed = self.board.referee.replay_code(code, self.to_move, offset, whole, over=lambda: self.is_over)
        for ox, line, played in replayed:
            self._record(ox, line, played)

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
        return self.board.referee.outcome(self.to_move)


Chooser = Callable[[Game], int | None]
"""Picks the column for the side to move (an AI's ``next_move``, a person at the keyboard); None: no move, but the
position changed (a person took moves back or played them again), so the loop asks the side to move then."""


def ai_chooser(player: Player) -> Chooser:
    return lambda game: player.next_move(game.board)


def play_out(
    game: Game, choosers: Mapping[str, Chooser], after_move: Callable[[Game, Move], None] | None = None
) -> Outcome:
    """The game loop: ask the side to move's chooser, play its move, until the game is over.

    A chooser may raise to stop the game (a person leaving); the moves so far stay played. A chooser that returns
    None made no move but changed the position (an undo, a redo): the loop goes on from there.
    """
    while game.outcome is None:
        chosen = choosers[game.to_move](game)
        if chosen is None:
            continue
        move = game.play(chosen)
        if after_move is not None:
            after_move(game, move)
    return game.outcome


__all__ = ["AI", "HUMAN", "Game", "Move", "Outcome", "Seat", "ai_chooser", "play_out"]
