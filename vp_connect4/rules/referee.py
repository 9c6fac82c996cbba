"""The rules applied to one board: the one interface ``Board``, ``Game``, the players and the scene go through.

A :class:`Referee` keeps a board's rules (a :class:`.variant.Variant` on its size) and what the board's
``data`` does not show: the moves made, which sides flipped with their last move, where gravity pulls, and
the positions before each move, so a move that did more than drop a checker can be taken back. Where the
rules only ever drop checkers (no turns, tetris or flips) all of that is read off ``data``, as the seed's
``Board`` does: a side's turn by the checkers counted, and a move is taken back by lifting the top checker of
its line, whichever move it was (unless swaps changed colours on the way).

Moves are numbered: the drops ``0 .. slot_count() - 1`` (columns, or rows counted from the bottom when
gravity pulls sideways), then the flip where the rules play flips. The questions: :meth:`why_not` (a
:class:`.errors.Refusal`), :meth:`outcome` (an :class:`.outcome.Outcome`), :meth:`to_move`, :attr:`solver_takes`
(else :attr:`solver_refusal`) and :meth:`solver_position`, :meth:`scores`; the changes: :meth:`apply` (unchecked,
the deterministic rules), :meth:`play` (a game's move: chance and swaps drawn), :meth:`replay` (a move as a game
code recorded it), :meth:`undo`; game codes: :meth:`replay_code` (the one loop), :meth:`set_moves` (all or nothing).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from .. import wording
from ..engine import rule_search
from ..engine.evaluate import evaluate as smart_evaluation
from ..engine.frames import Frame
from ..engine.position import Position, four_cells, geometry, has_four
from ..engine.state import MINE_FLIPPED, State
from ..errors import IllegalMoveError, InvalidSettingError, Refusal
from . import cells, movecode
from .cells import CHECKERS, EMPTY, Cell, Spot, check_checker, checkers_by_side, other, rack_cells, spot_of
from .events import Dropped, Event, Played, Replayed, Swapped, Veered, from_mechanics
from .exactness import SolverRefusal, solver_refusal
from .movecode import MOST_SLOTS, CodedMove
from .outcome import Outcome
from .swap import Swap
from .variant import Variant

LONGEST_CODE_PER_CELL = 20  # characters of a game code per cell where games may outlast the cells


@dataclass(frozen=True)
class Snapshot:
    """A board as it stood, with all its referee keeps beside it (for undo, all-or-nothing changes, New game)."""

    data: tuple[tuple[str, ...], ...]
    moves: int
    flipped: frozenset[str]
    frame: int
    saved: tuple[tuple[Snapshot, int], ...]


class Referee:
    """The rules ``variant`` on ``board`` (see the module docstring)."""

    def __init__(self, board: cells.Rack, variant: Variant) -> None:
        if variant.parts and max(board.width, board.height) > MOST_SLOTS:
            raise InvalidSettingError(
                wording.phrase(wording.variant_board_too_big, MOST_SLOTS, board.width, board.height)
            )
        self.board = board
        self.variant = variant
        self.mechanics = variant.deterministic.mechanics(board.width, board.height)
        m = self.mechanics
        self._read_off_data = not (m.turn_every or m.tetris or m.flip)  # moves, gravity and flips as data shows
        self._lifted = self._read_off_data and variant.part(Swap) is None  # undo: lift the line's top checker
        self.moves = 0
        self.flipped: set[str] = set()
        self.frame = m.start_frame  # turned by the moves that turn it (not by a move that won)
        self._saved: list[tuple[Snapshot, int]] = []  # before each move, and the move

    # -- the board as the rules see it ----------------------------------------------------------

    @property
    def current(self) -> Frame:
        """Gravity's frame now."""
        return self.mechanics.frames[self.frame]

    @property
    def gravity(self) -> str:
        """Where checkers fall now."""
        return self.current.gravity

    def moves_made(self) -> int:
        """The moves made since the empty board."""
        if self._read_off_data:
            return sum(len(row) - row.count(EMPTY) for row in self.board.data)
        return self.moves

    def to_move(self, first: str = "X") -> str:
        """Whose turn it is if ``first`` began and the sides alternated (as data shows: ``first`` unless it has
        more checkers than the other side)."""
        second = other(first)
        if self._read_off_data:
            data = self.board.data
            return second if sum(row.count(first) for row in data) > sum(row.count(second) for row in data) else first
        return first if self.moves % 2 == 0 else second

    def state(self, ox: str) -> State:
        """The engine's state of the board with ``ox`` to move."""
        return self.mechanics.state_from_cells(
            rack_cells(self.board.data), ox, self.moves_made(), self.flipped, self.frame
        )

    def slot_count(self) -> int:
        return self.current.slots

    def flip_move(self) -> int | None:
        return self.mechanics.flip_move(self.frame)

    def move_count(self) -> int:
        return self.mechanics.move_count(self.frame)

    def move_line(self) -> str:
        """What a drop names now: ``column``, or ``row`` when gravity pulls sideways."""
        return self.current.move_line

    def line_of(self, move: int) -> str:
        """What ``move`` names now: ``column``, ``row`` or ``flip``."""
        return movecode.FLIP if move == self.flip_move() else self.move_line()

    def other_gravity(self) -> bool:
        """Whether gravity pulls other than down in a game under these rules, now or later."""
        m = self.mechanics
        return bool(m.turn_every) or m.start_frame != 0

    def names_rows(self) -> bool:
        """Whether a move may name a row in a game under these rules: gravity pulls sideways, now or later."""
        m = self.mechanics
        return bool(m.turn_every) or m.frames[m.start_frame].move_line == "row"

    def longest_code(self) -> int:
        """The longest game code a game on this board can have: one move a cell where moves only drop checkers,
        else :data:`LONGEST_CODE_PER_CELL` characters a cell (checkers vanish, flips pass, swaps are written)."""
        count = self.board.width * self.board.height
        return count if self._lifted else LONGEST_CODE_PER_CELL * count

    # -- questions ---------------------------------------------------------------------------

    def why_not(self, move: object, ox: str | None = None) -> Refusal | None:
        """Why ``ox`` (default: the side to move) cannot make ``move`` now (None if it can)."""
        if isinstance(move, bool) or not isinstance(move, int):
            return Refusal.NOT_A_COLUMN
        if not 0 <= move < self.move_count():
            return Refusal.OFF_BOARD
        if move == self.flip_move():
            state = self.state(ox or self.to_move())
            if state.flips & MINE_FLIPPED:
                return Refusal.FLIPPED_LAST
            return None if self.mechanics.can_flip(state) else Refusal.FLIP_CHANGES_NOTHING
        row, col = self._spot(self.current.slot_cells(move)[-1])  # where it comes in
        return Refusal.FULL if self.board.data[row][col] != EMPTY else None

    def refusal(self, reason: Refusal, move: object) -> wording.Phrase:
        """Why ``move`` is refused, in words (for an error message)."""
        return wording.phrase(wording.refusal, reason, move, self.slot_count(), self.move_line())

    def is_full(self) -> bool:
        """True if no checker fits: no drop has room."""
        return all(self.why_not(slot) is Refusal.FULL for slot in range(self.slot_count()))

    def four_spots(self, ox: str) -> list[Spot]:
        """The ``data`` cells ``(row, col)`` of every finished four of ``ox``, in the order of the rack's columns."""
        geom = self.mechanics.frames[0].geom
        stones = 0
        for (col, row), owner in rack_cells(self.board.data).items():
            if owner == ox:
                stones |= geom.bit(col, row)
        bits = four_cells(geom, stones)
        return [
            self._spot((col, row))
            for col in range(geom.width)
            for row in range(geom.height)
            if bits & geom.bit(col, row)
        ]

    def outcome(self, ox: str | None = None) -> Outcome | None:
        """How the game has ended (None: it goes on), ``ox`` (default: the side to move) to move: the rules'
        judgement (:meth:`.engine.mechanics.Mechanics.result`), with the cells of the fours."""
        ox = ox or self.to_move()
        ended = self.mechanics.result(self.state(ox))
        if ended is None:
            return None
        if ended.mover_wins is not None:  # the side that just moved is the other side
            winner = other(ox) if ended.mover_wins else ox
            return Outcome(winner, tuple(sorted(self.four_spots(winner))), ended.termination)
        fours = self.four_spots("X") + self.four_spots("O")  # both sides' at once, or none
        return Outcome(None, tuple(sorted(fours)), ended.termination)

    @property
    def solver_takes(self) -> bool:
        """Whether the exact solver takes this board's positions (then :meth:`solver_position` gives them)."""
        return self.solver_refusal is None

    @property
    def solver_refusal(self) -> SolverRefusal | None:
        """Why the exact solver does not take this board's positions (the rules or the size), or None."""
        return solver_refusal(self.mechanics)

    def solver_position(self, ox: str) -> Position:
        """The board with ``ox`` to move as a position the exact solver can take (the standard game seen from
        gravity's side). Ask :attr:`solver_takes` first: where the rules are others, a ValueError."""
        position = self.mechanics.frame_position(self.state(ox))
        if position is None:
            raise ValueError(f"the exact solver does not take positions under these rules ({self.variant})")
        return position

    def scores(self, ox: str, ply: int, smart: bool = False, deadline: float | None = None) -> list[float]:
        """The seed's scores for ``ox`` to move, looking ``ply`` moves ahead under these rules (one per move);
        ``smart``: the smart evaluation at the horizon instead of 50 (``scores_for_tourney``)."""
        evaluate = smart_evaluation if smart else None
        return rule_search.column_scores(self.mechanics, self.state(ox), ply, evaluate, deadline)

    def evaluation(self, ox: str) -> float:
        """The smart static judgement of the board for ``ox``, in gravity's frame: strictly between 0 and 100."""
        frame, mine, theirs = self.state(ox)[:3]  # judged in gravity's frame
        return smart_evaluation(self.mechanics.frames[frame].geom, mine, mine | theirs)

    def has_four(self, ox: str) -> bool:
        """Whether ``ox`` has four in a row: across, up, or along either diagonal."""
        stones, _ = cells.bitboard(self.board.data, self.board.width, ox)
        return has_four(geometry(self.board.width, self.board.height), stones)

    def deepest_scores(self, ox: str, deadline: float, smart: bool) -> list[float]:
        """The scores of the deepest search finished before ``deadline`` (see
        :func:`.engine.rule_search.deepest_scores`)."""
        return rule_search.deepest_scores(self.mechanics, self.state(ox), deadline, smart)

    # -- changes -----------------------------------------------------------------------------------

    def apply(self, move: int, ox: str) -> list[Event]:
        """``ox`` makes ``move`` under the deterministic rules, without checks; what happened, in order.

        The caller's duty: ``ox`` is 'X' or 'O' and ``why_not(move, ox)`` is None (``Board.add_move`` checks both).
        """
        if not self._lifted:
            self._saved.append((self.snapshot(), move))
        if self._read_off_data:  # a drop is all a move does
            data = self.board.data
            for cell in self.current.slot_cells(move):
                row, col = self._spot(cell)
                if data[row][col] == EMPTY:
                    data[row][col] = ox
                    return [Dropped(cell)]
        happened: list[tuple] = []
        flipping = move == self.flip_move()
        after, _ = self.mechanics.play(self.state(ox), move, happened)
        self.moves += 1
        self.frame = after[0]
        if flipping:
            self.flipped.add(ox)
        else:
            self.flipped.discard(ox)
        self._write(after, other(ox))
        return [from_mechanics(what) for what in happened]

    def play(self, move: int, ox: str, rng: random.Random) -> Played:
        """``ox`` makes ``move`` in a game (checked by the caller): chance may send a drop elsewhere first, and a
        swap may follow (the parts drawn by chance; ``rng`` draws them)."""
        events: list[Event] = []
        played = move
        flip = move == self.flip_move()
        if not flip:
            others = [slot for slot in range(self.slot_count()) if slot != move and self.why_not(slot, ox) is None]
            for part in self.variant.parts:
                diverted = part.divert(move, others, rng)
                if diverted is not None:
                    events.append(Veered(move, diverted))
                    played = diverted
        events += self.apply(played, ox)
        swaps: list[tuple[Cell, Cell]] = []
        if self.variant.is_random and self.outcome(other(ox)) is None:
            checkers = checkers_by_side(self.board.data)
            for part in self.variant.parts:
                pair = part.after(self.moves_made(), checkers, rng)
                if pair is not None:
                    events.append(self.swap(*pair))
                    swaps.append(pair)
        return Played(played, tuple(events), movecode.write(played, flip, tuple(swaps)))

    def replay(self, move: int, ox: str, swaps: tuple[tuple[Cell, Cell], ...] = ()) -> Played:
        """``ox`` makes ``move`` as a game code recorded it (checked by the caller): the swaps that followed it."""
        flip = move == self.flip_move()
        events = self.apply(move, ox) + [self.swap(*pair) for pair in swaps]
        return Played(move, tuple(events), movecode.write(move, flip, swaps))

    def swap(self, first: Cell, second: Cell) -> Swapped:
        """The checkers on two cells (one X, one O) change colours: an event of a move, taken back with it."""
        data = self.board.data
        (r1, c1), (r2, c2) = self._spot(first), self._spot(second)
        in_range = all(0 <= r < self.board.height and 0 <= c < self.board.width for r, c in ((r1, c1), (r2, c2)))
        if not in_range or {data[r1][c1], data[r2][c2]} != set(CHECKERS):
            raise IllegalMoveError(wording.phrase(wording.bad_swap, first, second))
        data[r1][c1], data[r2][c2] = data[r2][c2], data[r1][c1]
        return Swapped(first, second)

    def undo(self, move: object) -> None:
        """Take back ``move``: where moves only drop checkers, lift the top checker of its line (nothing if the line
        is empty, as the seed's ``del_move``); otherwise the last move, with all it did (IllegalMoveError if
        ``move`` is not the last move)."""
        if self._lifted:
            reason = self.why_not(move)
            if reason in (Refusal.NOT_A_COLUMN, Refusal.OFF_BOARD):
                raise IllegalMoveError(self.refusal(reason, move))
            for cell in reversed(self.current.slot_cells(move)):  # type: ignore[arg-type]
                row, col = self._spot(cell)
                if self.board.data[row][col] != EMPTY:
                    self.board.data[row][col] = EMPTY
                    return
            return
        if not self._saved:
            raise IllegalMoveError(wording.phrase(wording.nothing_to_take_back))
        snapshot, last = self._saved[-1]
        if move != last:
            raise IllegalMoveError(wording.phrase(wording.not_the_last_move, move, last))
        self.restore(snapshot)

    def clear(self) -> None:
        """An empty board, as at the start."""
        self.board.data = [[EMPTY] * self.board.width for _ in range(self.board.height)]
        self.moves, self.frame = 0, self.mechanics.start_frame
        self.flipped.clear()
        self._saved.clear()

    def snapshot(self) -> Snapshot:
        data = tuple(tuple(row) for row in self.board.data)
        return Snapshot(data, self.moves, frozenset(self.flipped), self.frame, tuple(self._saved))

    def restore(self, snapshot: Snapshot) -> None:
        self.board.data = [list(row) for row in snapshot.data]
        self.moves, self.flipped, self.frame = snapshot.moves, set(snapshot.flipped), snapshot.frame
        self._saved = list(snapshot.saved)

    # -- game codes -----------------------------------------------------------------------------------

    def read_code(self, code: str, offset: int = 0, whole: str | None = None) -> list[CodedMove]:
        """The moves of a game code (see :func:`.movecode.moves_of`), read under these rules."""
        tokens = movecode.read(code, self.mechanics.flip, self.variant.part(Swap) is not None, self.slot_count())
        return movecode.moves_of(tokens, offset, code if whole is None else whole)

    def replay_code(
        self, code: str, first: str, offset: int = 0, whole: str | None = None, over: Callable[[], bool] | None = None
    ) -> Iterator[Replayed]:
        """Make the moves of ``code`` as it records them (chance and swaps as they fell), ``first`` moving first,
        and tell each once made. IllegalMoveError names the move of ``whole`` (default: ``code``) at fault, counted
        from ``offset``, with the moves before it made; a move is refused while ``over()`` says the game is over."""
        whole = code if whole is None else whole
        ox = check_checker(first)
        for coded in self.read_code(code, offset, whole):
            move = self.flip_move() if coded.flip else coded.slot
            reason = Refusal.GAME_OVER if over is not None and over() else self.why_not(move, ox)
            if reason is not None:
                refused = self.refusal(reason, move)  # type: ignore[arg-type]
                raise IllegalMoveError(wording.phrase(wording.move_refused, coded.number, whole, refused))
            line = self.line_of(move)  # type: ignore[arg-type]
            try:
                played = self.replay(move, ox, coded.swaps)  # type: ignore[arg-type]
            except IllegalMoveError as error:  # a swap of cells that are not an X and an O
                raise IllegalMoveError(wording.phrase(wording.move_refused, coded.number, whole, error)) from None
            yield Replayed(ox, line, played)
            ox = other(ox)

    def set_moves(self, code: str, first: str = "X") -> None:
        """Play the game code ``code`` from the board as it is, ``first`` moving first. All or nothing:
        IllegalMoveError says what is wrong, and the board is left as it was."""
        saved = self.snapshot()
        try:
            for _ in self.replay_code(code, first):
                pass
        except IllegalMoveError:
            self.restore(saved)
            raise

    # -- between data and the engine ---------------------------------------------------------------

    def _spot(self, cell: Cell) -> Spot:
        return spot_of(cell, self.board.height)

    def _write(self, state: State, ox: str) -> None:
        """Set ``data`` from ``state``, whose side to move is ``ox``."""
        board = self.board
        data = [[EMPTY] * board.width for _ in range(board.height)]
        for cell, owner in self.mechanics.cells_of(state, ox).items():
            row, col = self._spot(cell)
            data[row][col] = owner
        board.data = data
