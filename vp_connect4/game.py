"""A game in progress: start position, moves, whose turn, the outcome, and who sits where. No I/O.

``Game`` is the one owner of game state in every front end (the terminal game, the 3D scene,
CS111's ``connect_four``, the benchmarks): they ask it ``why_not(col)`` before they offer a
move, ``play(col)`` it, and read ``outcome``. :func:`play_out` is the one game loop.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field, replace

from . import wording
from .board import CHECKERS, Board, check_checker, other
from .errors import IllegalMoveError, InvalidSettingError, Refusal
from .levels import Level
from .player import EVALUATIONS, Player, check_tiebreak
from .variant import Cell, Dropped, Event, Variant, Veered
from .variant_board import FLIP_CHAR, SWAP_CHAR, Token, read_moves, swap_code

HUMAN, AI = "human", "ai"
FLIP = "flip"
LONGEST_VARIANT_CODE = 20  # characters per cell of the board: longer is not a game (tetris games run long)
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
    """A move made: ``col`` is what was played (a column; on a variant board the move's number: a column,
    a row when gravity pulls sideways, or the flip), ``row`` the landing row's index in ``Board.data`` (-1
    for a flip). ``events``: what happened (variants: a chance that moved the checker, its landing, a flip,
    cleared rows, gravity turning, a swap), in order; ``code``: the move in a move string."""

    number: int  # counted from the empty board: how many checkers are down after it (variants: moves made)
    ox: str
    col: int
    row: int  # index into Board.data (0 = top row)
    line: str = "column"  # what ``col`` names: "column", "row" or "flip"
    events: tuple[Event, ...] = ()
    code: str = ""

    def words(self) -> str:
        """The move as the log says it: ``column 3``, ``row 2`` or ``flip``."""
        return FLIP if self.line == FLIP else f"{self.line} {self.col}"


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
    the side to move is the one with fewer checkers, or ``first`` with as many (on a variant board:
    ``first`` after an even number of moves). On a variant board (``Board(variant=...)``) ``rng`` draws the
    chance and the swaps; a move is then a column, a row (gravity sideways) or the flip (see ``Board``).
    """

    def __init__(
        self,
        board: Board | None = None,
        seats: Mapping[str, Seat] | None = None,
        *,
        start_moves: str = "",
        tiebreak: str = DEFAULT_TIEBREAK,
        first: str = "X",
        rng: random.Random | None = None,
    ) -> None:
        self.board = board if board is not None else Board()
        self.board.set_board(start_moves)
        self.first = check_checker(first)
        self.start_moves = start_moves
        self.rng = rng if rng is not None else random.Random()  # chance and swaps (rule variants)
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
        made = self.board.moves_made
        if made is not None:
            return self.first if made % 2 == 0 else second
        return second if self.board.count(self.first) > self.board.count(second) else self.first

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    @property
    def move_string(self) -> str:
        """The start moves and this game's moves, as ``set_board`` accepts them (columns 0-based)."""
        return self.start_moves + "".join(move.code or str(move.col) for move in self.history)

    @property
    def last_move(self) -> Move | None:
        return self.history[-1] if self.history else None

    def seat_to_move(self) -> Seat:
        return self.seats[self.to_move]

    def why_not(self, col: object) -> Refusal | None:
        """Why the side to move cannot play ``col`` now (None if it can)."""
        if self.outcome is not None:
            return Refusal.GAME_OVER
        return self.board.why_not(col, self.to_move)

    def player(self, ox: str, rng: random.Random | None = None) -> Player:
        """The seed ``Player`` of ``ox``'s seat with this game's tiebreak."""
        return self.seats[ox].player(ox, self.tiebreak, rng)

    # -- changes -----------------------------------------------------------------

    def play(self, col: int) -> Move:
        """The side to move plays ``col``; IllegalMoveError (saying why) if not allowed.

        On a variant board ``col`` may be any move (a row, the flip), and chance and swaps are drawn.
        """
        reason = self.why_not(col)
        if reason is not None:
            raise IllegalMoveError(self._refusal(reason, col))
        if self.board.moves_made is None:
            ox = self.to_move
            row = self.board.drop(col, ox)
            move = Move(self.board.count("X") + self.board.count("O"), ox, col, row, code=str(col))
            return self._record(move)
        return self._play_variant(col, drawn=True)

    def _refusal(self, reason: Refusal, col: object) -> wording.Phrase:
        if reason is Refusal.GAME_OVER:
            return wording.phrase(wording.refusal, reason, col, self.board.width)
        return self.board.refusal(reason, col)

    def _play_variant(self, move: int, drawn: bool, swaps: tuple[tuple[Cell, Cell], ...] = ()) -> Move:
        """A move on a variant board. ``drawn``: chance and swaps are drawn (a game played); else ``swaps``
        are those that followed the move (a game replayed from its move string)."""
        board, variant, ox = self.board, self.board.variant, self.to_move
        line = FLIP if move == board.flip_move() else board.move_line()
        events: list[Event] = []
        played = move
        if drawn and line != FLIP and variant.chance and self.rng.random() < variant.chance:
            others = [m for m in range(board.slot_count()) if m != move and board.why_not(m, ox) is None]
            if others:
                played = self.rng.choice(others)
                events.append(Veered(move, played))
        events += board.apply(played, ox)
        code = FLIP_CHAR if line == FLIP else str(played)
        due = variant.swap_every and board.moves_made % variant.swap_every == 0  # type: ignore[operator]
        if drawn and due and self._judge() is None:
            drawn_swap = self._draw_swap()
            swaps = () if drawn_swap is None else (drawn_swap,)
        for swap in swaps:
            events.append(board.swap(*swap))
            code += swap_code(*swap)
        landed = next((event.cell for event in events if isinstance(event, Dropped)), None)
        row = -1 if landed is None else board.height - 1 - landed[1]
        return self._record(Move(board.moves_made, ox, played, row, line, tuple(events), code))  # type: ignore[arg-type]

    def _draw_swap(self) -> tuple[Cell, Cell] | None:
        """One random X checker and one random O checker (None if a side has none)."""
        height = self.board.height
        cells = {ox: [] for ox in CHECKERS}  # type: dict[str, list[Cell]]
        for index, row in enumerate(self.board.data):
            for col, cell in enumerate(row):
                if cell in cells:
                    cells[cell].append((col, height - 1 - index))
        if not cells["X"] or not cells["O"]:
            return None
        return self.rng.choice(cells["X"]), self.rng.choice(cells["O"])

    def _record(self, move: Move) -> Move:
        self.history.append(move)
        self.outcome = self._judge()
        return move

    def undo(self) -> Move | None:
        """Take back the last move (None if there is none); on a variant board, with all it did."""
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

    def new_game(self, variant: Variant | str | None = None) -> None:
        """Back to the start position; with ``variant`` (e.g. ``'tetris'``), a new game under those rules
        instead, from the empty board of the same size (the start moves belong to the old rules)."""
        if variant is not None:
            board = Board(self.board.width, self.board.height, variant=variant)  # checks it
            self.board = board
            self.start_moves = ""
            self._start = [row[:] for row in board.data]
            self.history.clear()
            self.outcome = self._judge()
            return
        if self.board.moves_made is None:
            self.board.data = [row[:] for row in self._start]
        else:
            self.board.clear()
            self.board.set_board(self.start_moves)
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
        longest = cells if self.board.variant.is_standard else LONGEST_VARIANT_CODE * cells
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

    def replay(self, code: str, whole: str | None = None, offset: int = 0) -> None:
        """Play the moves of ``code`` (a move string) as they were played: chance and swaps as it records them.

        IllegalMoveError names the move of ``whole`` (default: ``code``) at fault, counted from ``offset``.
        The moves before the fault stay played (``load`` replays on a trial game).
        """
        whole = code if whole is None else whole
        if self.board.moves_made is None:
            last = min(self.board.width, 10) - 1
            for index, char in enumerate(code, start=offset + 1):
                if char not in "0123456789":
                    raise IllegalMoveError(wording.phrase(wording.bad_move_digit, index, whole, char, last))
                self._replayed(index, whole, lambda char=char: self.play(int(char)))
            return
        tokens = read_moves(code)
        for position, token in enumerate(tokens):
            number = token.number + offset
            if token.swap is not None:
                if not self.board.variant.swap_every:
                    raise IllegalMoveError(wording.phrase(wording.no_swaps_here, number, whole))
                if position == 0:
                    raise IllegalMoveError(wording.phrase(wording.swap_without_move, number, whole))
                continue  # taken with the move before it
            move = self.board.flip_move() if token.flip else token.move
            swaps = tuple(_following_swaps(tokens, position + 1))
            if move is None:
                error = self.board.refusal(Refusal.OFF_BOARD, FLIP_CHAR)
                raise IllegalMoveError(wording.phrase(wording.move_refused, number, whole, error))
            reason = self.why_not(move)
            if reason is not None:
                raise IllegalMoveError(wording.phrase(wording.move_refused, number, whole, self._refusal(reason, move)))
            self._replayed(number, whole, lambda m=move, s=swaps: self._play_variant(m, drawn=False, swaps=s))

    @staticmethod
    def _replayed(number: int, whole: str, play: Callable[[], object]) -> None:
        try:
            play()
        except IllegalMoveError as error:
            raise IllegalMoveError(wording.phrase(wording.move_refused, number, whole, error)) from None

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
        fours = {ox: self.board.four_cells(ox) for ox in CHECKERS}
        if self.board.moves_made is not None:  # a variant: both sides' fours are a draw; no move is a draw
            cells = tuple(sorted(fours["X"] + fours["O"]))
            if fours["X"] and fours["O"]:
                return Outcome(None, cells)
            if cells:
                return Outcome("X" if fours["X"] else "O", cells)
            return Outcome(None) if self.board.variant_result(self.to_move) is not None else None
        for ox in CHECKERS:
            if fours[ox]:
                return Outcome(ox, tuple(sorted(fours[ox])))
        return Outcome(None) if self.board.is_full() else None


def _following_swaps(tokens: list[Token], start: int) -> Iterator[tuple[Cell, Cell]]:
    """The swaps that follow a move in a move string, from ``tokens[start]`` on."""
    for token in tokens[start:]:
        if token.swap is None:
            return
        yield token.swap


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
