"""The rule variants on bitboards (see :mod:`vp_connect4.variant`), and the seed's search under their rules.

Frames. Gravity pulls one of four ways. Seen from the side it pulls to (its *frame*), every
variant position is a Connect Four position with its checkers stacked on the frame's floor,
in the layout of :mod:`.position` on a board of the frame's size: a checker dropped into a
frame column lands with :func:`.position.move_bit`, and four in a row is four in a row in
any frame (a frame is a turn or a mirror image of the rack). Frame ``f`` is
``GRAVITIES[f]``::

    frame 0, down:  frame column = rack column, frame row = rack row          (W x H, moves name columns)
    frame 1, left:  frame column = rack row,    frame row = rack column       (H x W, moves name rows)
    frame 2, up:    frame column = rack column, frame row = H-1 - rack row    (W x H)
    frame 3, right: frame column = rack row,    frame row = W-1 - rack column (H x W)

(rack rows counted from the bottom, from 0; a frame row is the distance from the floor). The rules
in a frame:

* a drop: the frame's ``move_bit``;
* a flip: the rack turns 180 degrees, which turns the frame 180 degrees too: frame column ``c``
  becomes column ``w-1-c`` and its stack is read from the top (:data:`_REVERSED` bits);
* tetris: a full frame row vanishes and every checker above it falls one row (a shift);
* a gravity turn: every checker moves to the next frame's cell and slides down its new column.

A :data:`State` is a plain tuple, from the point of view of the side to move:
``(frame, mine, theirs, moves, flips)``: the frame, the bitboards of the side to move and of
the other side in that frame, the moves made since the empty rack (gravity turns and the
tetris move limit count them), and whether each side's last move was a flip (bit 0: the side
to move, bit 1: the other). :meth:`VariantRules.play` gives the next state, from the other
side's point of view, and the game's result if it ended.

:class:`VariantSearch` is the seed's recursion (``Player.scores_for``: 100 a win, 0 a loss, 50
neither, within ``ply`` moves; -1 a move that cannot be made) under these rules, with
alpha-beta and a transposition table: the scores are exactly the plain recursion's.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache

from ..variant import GRAVITIES, TETRIS_MOVE_LIMIT, Variant
from . import search
from .budget import Budget
from .position import Bitboard, Geometry, Position, centre_first, geometry, has_four, move_bit
from .scores import DRAW, FULL_COLUMN, LOSS, SCORE_SUM, WIN, Evaluation
from .tables import SEARCH_CAPACITY, FifoTable

State = tuple[int, Bitboard, Bitboard, int, int]
"""``(frame, mine, theirs, moves, flips)``: see the module docstring."""

Cell = tuple[int, int]  # (rack column, rack row counted from the bottom)
Path = tuple[Cell, Cell]  # a checker moved from one cell to another

# The end of a game, from the point of view of the side that just moved.
MOVER_WINS, OTHER_WINS, DRAWN = "mover wins", "other wins", "draw"
RESULT_SCORES = {MOVER_WINS: WIN, OTHER_WINS: LOSS, DRAWN: DRAW}
MINE_FLIPPED, THEIRS_FLIPPED = 1, 2  # the bits of ``flips``


@dataclass(frozen=True)
class Frame:
    """One gravity direction on one rack size: its geometry and the mapping of cells."""

    index: int
    geom: Geometry
    to_rack: tuple[Cell, ...]  # by frame bit index: the rack cell (unused indices: the sentinels)
    from_rack: dict[Cell, int]  # rack cell -> frame bit index

    @property
    def gravity(self) -> str:
        return GRAVITIES[self.index]


def _frame(index: int, width: int, height: int) -> Frame:
    geom = geometry(width, height) if index % 2 == 0 else geometry(height, width)
    to_rack: list[Cell] = [(-1, -1)] * (geom.width * geom.stride)
    from_rack: dict[Cell, int] = {}
    for col in range(width):
        for row in range(height):
            frame_col, frame_row = {
                0: (col, row),
                1: (row, col),
                2: (col, height - 1 - row),
                3: (row, width - 1 - col),
            }[index]
            bit_index = frame_col * geom.stride + frame_row
            to_rack[bit_index] = (col, row)
            from_rack[(col, row)] = bit_index
    return Frame(index, geom, tuple(to_rack), from_rack)


@cache
def _reversed(height: int) -> tuple[tuple[int, ...], ...]:
    """``_reversed(h)[k][bits]``: the ``k`` low bits of ``bits`` in the opposite order (k <= h)."""
    return tuple(tuple(int(f"{bits:0{k}b}"[::-1] or "0", 2) for bits in range(1 << k)) for k in range(height + 1))


class VariantRules:
    """The deterministic rules of ``variant`` (chance and swaps are the game's) on a ``width`` x ``height`` rack."""

    def __init__(self, variant: Variant, width: int, height: int) -> None:
        self.variant = variant.rules
        self.width, self.height = width, height
        self.cells = width * height
        self.frames = tuple(_frame(index, width, height) for index in range(len(GRAVITIES)))
        self.start_frame = GRAVITIES.index(self.variant.gravity)
        self.move_limit = TETRIS_MOVE_LIMIT * self.cells if self.variant.tetris else None
        # per frame: the bits of each row (all columns), of the rows below it and of it and the rows above it
        self._rows = tuple(self._row_masks(frame.geom) for frame in self.frames)
        self._turn = tuple(self._turn_table(index) for index in range(len(self.frames)))

    # -- the frame of the moment ------------------------------------------------------------

    def frame_at(self, moves: int) -> int:
        """The frame after ``moves`` moves from the empty rack (gravity turns every ``turn_every`` moves)."""
        every = self.variant.turn_every
        turns = moves // every if every else 0
        return (self.start_frame + turns) % len(self.frames)

    def slots(self, frame: int) -> int:
        """How many drop moves there are in ``frame``: its columns (rack columns or rack rows)."""
        return self.frames[frame].geom.width

    def flip_move(self, frame: int) -> int | None:
        """The index of the flip among the moves (after the drops), or None if flips are not played."""
        return self.slots(frame) if self.variant.flip else None

    def move_count(self, frame: int) -> int:
        """The length of a list of scores: the drops, then the flip if flips are played."""
        return self.slots(frame) + (1 if self.variant.flip else 0)

    # -- questions ----------------------------------------------------------------------------

    def can_drop(self, state: State, slot: int) -> bool:
        frame, mine, theirs = state[0], state[1], state[2]
        geom = self.frames[frame].geom
        return 0 <= slot < geom.width and not (mine | theirs) & geom.top_masks[slot]

    def can_flip(self, state: State) -> bool:
        """Flips are played, the side to move did not flip last time, and a flip changes the rack."""
        if not self.variant.flip or state[4] & MINE_FLIPPED:
            return False
        frame, mine, theirs = state[0], state[1], state[2]
        return self._flipped(frame, mine, theirs) != (mine, theirs)

    def legal_moves(self, state: State) -> list[int]:
        """The moves the side to move can make, centre first, the flip last."""
        frame = state[0]
        moves = [slot for slot in centre_first(self.slots(frame)) if self.can_drop(state, slot)]
        if self.can_flip(state):
            moves.append(self.slots(frame))
        return moves

    def fours(self, state: State) -> tuple[bool, bool]:
        """Whether the side to move, and the other side, have four in a row."""
        geom = self.frames[state[0]].geom
        return has_four(geom, state[1]), has_four(geom, state[2])

    def result(self, state: State) -> str | None:
        """How the game on ``state`` has ended, seen by the side that just moved (the other side), or None.

        Fours first (one side's: it wins; both sides': a draw), then a draw if the side to move has no
        move or the tetris move limit is reached.
        """
        ended = self._fours(state)
        if ended is not None:
            return ended
        if self.move_limit is not None and state[3] >= self.move_limit:
            return DRAWN
        return None if self.legal_moves(state) else DRAWN

    # -- a move ---------------------------------------------------------------------------------

    def play(self, state: State, move: int, paths: list[tuple[str, object]] | None = None) -> tuple[State, str | None]:
        """The state after the side to move makes ``move`` (a slot, or the flip index), and the result.

        Precondition: ``move`` is legal. The new state is seen by the other side. ``paths``, if given,
        receives what happened, for the scene's animations: ``("drop", cell)``, ``("flip", [paths])``,
        ``("cleared", (frame, frame_row, [paths]))``, ``("turn", (frame, [paths]))``, in rack cells.
        """
        frame, mine, theirs, moves, flips = state
        flipping = move == self.slots(frame) and self.variant.flip
        if flipping:
            if paths is not None:
                paths.append(("flip", self._flip_paths(frame, mine | theirs)))
            mine, theirs = self._flipped(frame, mine, theirs)
            landed = 0
        else:
            geom = self.frames[frame].geom
            landed = move_bit(geom, mine | theirs, move)
            mine |= landed
            if paths is not None:
                paths.append(("drop", self.frames[frame].to_rack[landed.bit_length() - 1]))
        moves += 1
        # seen by the other side: its own last move (its old "theirs" flag) and whether this one was a flip
        flips = (MINE_FLIPPED if flips & THEIRS_FLIPPED else 0) | (THEIRS_FLIPPED if flipping else 0)
        after: State = (frame, theirs, mine, moves, flips)
        ended = self._fours(after)
        if ended is None and self.variant.tetris:
            after = self._clear_full_rows(after, landed, paths)
            ended = self._fours(after)
        every = self.variant.turn_every
        if ended is None and every and moves % every == 0:
            after = self._turn_gravity(after, paths)
            ended = self._fours(after)
            if ended is None and self.variant.tetris:
                after = self._clear_full_rows(after, 0, paths)
                ended = self._fours(after)
        if ended is None:
            ended = self.result(after)
        return after, ended

    def _fours(self, after: State) -> str | None:
        """Fours after a move (``after`` is seen by the other side): who won, seen by the mover."""
        other_four, mover_four = self.fours(after)
        if mover_four and other_four:
            return DRAWN
        if mover_four:
            return MOVER_WINS
        return OTHER_WINS if other_four else None

    # -- flips ------------------------------------------------------------------------------------

    def _flipped(self, frame: int, mine: Bitboard, theirs: Bitboard) -> tuple[Bitboard, Bitboard]:
        """Both sides' checkers after the rack turns 180 degrees and they fall to the floor."""
        geom = self.frames[frame].geom
        stride, width = geom.stride, geom.width
        table = _reversed(geom.height)
        mask = mine | theirs
        new_mine = 0
        new_mask = 0
        for col in range(width):
            shift = col * stride
            column = (mask >> shift) & ((1 << stride) - 1)
            if not column:
                continue
            height = column.bit_length()
            target = (width - 1 - col) * stride
            new_mine |= table[height][(mine >> shift) & column] << target
            new_mask |= column << target
        return new_mine, new_mine ^ new_mask

    def _flip_paths(self, frame: int, mask: Bitboard) -> list[Path]:
        info = self.frames[frame]
        geom = info.geom
        result = []
        for col in range(geom.width):
            height = ((mask >> (col * geom.stride)) & ((1 << geom.stride) - 1)).bit_length()
            for row in range(height):
                source = info.to_rack[col * geom.stride + row]
                target = info.to_rack[(geom.width - 1 - col) * geom.stride + (height - 1 - row)]
                result.append((source, target))
        return result

    # -- tetris -------------------------------------------------------------------------------------

    @staticmethod
    def _row_masks(geom: Geometry) -> tuple[tuple[Bitboard, ...], tuple[Bitboard, ...], tuple[Bitboard, ...]]:
        rows = tuple(geom.bottom << row for row in range(geom.height))
        below = tuple(sum(rows[:row]) for row in range(geom.height))
        from_row = tuple(sum(rows[row:]) for row in range(geom.height))
        return rows, below, from_row

    def _clear_full_rows(self, after: State, landed: Bitboard, paths: list[tuple[str, object]] | None) -> State:
        """Full frame rows vanish, top row first; everything above each falls one row.

        After a drop only the row of ``landed`` can be full; ``landed`` 0 means: look at every row.
        """
        frame, a, b, moves, flips = after
        rows, below, from_row = self._rows[frame]
        geom = self.frames[frame].geom
        candidates = [(landed.bit_length() - 1) % geom.stride] if landed else range(geom.height - 1, -1, -1)
        for row in candidates:
            mask = a | b
            if mask & rows[row] != rows[row]:
                continue
            if paths is not None:
                paths.append(("cleared", (frame, row, self._fall_paths(frame, mask, row))))
            a = (a & below[row]) | ((a >> 1) & from_row[row])
            b = (b & below[row]) | ((b >> 1) & from_row[row])
        return frame, a, b, moves, flips

    def _fall_paths(self, frame: int, mask: Bitboard, row: int) -> list[Path]:
        info = self.frames[frame]
        geom = info.geom
        result = []
        for col in range(geom.width):
            for above in range(row + 1, geom.height):
                index = col * geom.stride + above
                if mask >> index & 1:
                    result.append((info.to_rack[index], info.to_rack[index - 1]))
        return result

    # -- gravity turns ---------------------------------------------------------------------------

    def _turn_table(self, index: int) -> tuple[int, ...]:
        """For each bit index of frame ``index``: the bit index of the same rack cell in the next frame."""
        here, there = self.frames[index], self.frames[(index + 1) % len(self.frames)]
        return tuple(there.from_rack.get(cell, -1) for cell in here.to_rack)

    def _turn_gravity(self, after: State, paths: list[tuple[str, object]] | None) -> State:
        """Gravity turns a quarter clockwise: into the next frame, every checker slides to the new floor."""
        frame, a, b, moves, flips = after
        table = self._turn[frame]
        new_frame = (frame + 1) % len(self.frames)
        there = self.frames[new_frame]
        geom = there.geom
        columns: list[list[tuple[int, int]]] = [[] for _ in range(geom.width)]  # per new column: (row, owner)
        for owner, bits in ((0, a), (1, b)):
            while bits:
                low = bits & -bits
                bits ^= low
                index = table[low.bit_length() - 1]
                columns[index // geom.stride].append((index % geom.stride, owner))
        new = [0, 0]
        moved: list[Path] = []
        for col, stack in enumerate(columns):
            stack.sort()  # from the new floor up: the order they keep as they slide
            base = col * geom.stride
            for row, (old_row, owner) in enumerate(stack):
                new[owner] |= 1 << (base + row)
                moved.append((there.to_rack[base + old_row], there.to_rack[base + row]))
        if paths is not None:
            paths.append(("turn", (new_frame, moved)))
        return new_frame, new[0], new[1], moves, flips

    # -- between the rack and the frames ------------------------------------------------------------

    def state_from_cells(
        self, cells: dict[Cell, str], ox: str, moves: int, flipped: set[str], frame: int | None = None
    ) -> State:
        """The state of a rack (``cells``: rack cell -> 'X'/'O') with ``ox`` to move after ``moves`` moves.

        ``flipped``: the sides whose last move was a flip; ``frame``: gravity's frame (default: where the
        moves have turned it; a game won on a turning move kept its gravity).
        """
        frame = self.frame_at(moves) if frame is None else frame
        from_rack = self.frames[frame].from_rack
        mine = theirs = 0
        for cell, owner in cells.items():
            if owner == ox:
                mine |= 1 << from_rack[cell]
            else:
                theirs |= 1 << from_rack[cell]
        other = "O" if ox == "X" else "X"
        flips = (MINE_FLIPPED if ox in flipped else 0) | (THEIRS_FLIPPED if other in flipped else 0)
        return frame, mine, theirs, moves, flips

    def cells_of(self, state: State, ox: str) -> dict[Cell, str]:
        """The rack cells of ``state`` (whose side to move is ``ox``) and their checkers."""
        frame, mine, theirs = state[0], state[1], state[2]
        other = "O" if ox == "X" else "X"
        to_rack = self.frames[frame].to_rack
        cells = {}
        for owner, bits in ((ox, mine), (other, theirs)):
            while bits:
                low = bits & -bits
                bits ^= low
                cells[to_rack[low.bit_length() - 1]] = owner
        return cells


class VariantSearch:
    """The seed's scores under a variant's rules: one searcher, its table and its budget.

    ``evaluate`` (the smart evaluation, or None for the seed's 50 at the horizon) judges a position
    in its frame, for the side owning the first bitboard.
    """

    def __init__(
        self, rules: VariantRules, evaluate: Evaluation | None = None, budget: Budget | None = None
    ) -> None:
        self.rules = rules
        self.evaluate = evaluate
        self.budget = budget if budget is not None else Budget()
        self.table: FifoTable[tuple[float, float]] = FifoTable(SEARCH_CAPACITY)

    def column_scores(self, state: State, ply: int) -> list[float]:
        """One score per move of the side to move (the drops, then the flip): the seed's recursion.

        -1.0 a move that cannot be made; if the game on ``state`` is already over, every move scores
        as its result (100 the side to move has won, 0 lost, 50 drawn); else 50 (or the evaluation)
        at ply 0, and otherwise the move's result, or 100 minus the best the other side scores after
        it with ``ply - 1``.
        """
        rules = self.rules
        scores = [FULL_COLUMN] * rules.move_count(state[0])
        legal = rules.legal_moves(state)
        if not legal:
            return scores
        over = self._over(state)
        for move in legal:
            if over is not None:
                scores[move] = over
            elif ply == 0:
                scores[move] = self._horizon(state)
            else:
                scores[move] = self._move_score(state, move, ply, LOSS - 1, WIN + 1)
        return scores

    def _over(self, state: State) -> float | None:
        """The score of every move if a side already has four (the side to move first, as the seed checks)."""
        mine, theirs = self.rules.fours(state)
        if mine and theirs:
            return DRAW
        if mine:
            return WIN
        return LOSS if theirs else None

    def _horizon(self, state: State) -> float:
        if self.evaluate is None:
            return DRAW
        frame, mine, theirs = state[0], state[1], state[2]
        return self.evaluate(self.rules.frames[frame].geom, mine, mine | theirs)

    def _move_score(self, state: State, move: int, ply: int, alpha: float, beta: float) -> float:
        self.budget.count()
        after, ended = self.rules.play(state, move)
        if ended is not None:
            return RESULT_SCORES[ended]
        if ply == 1:
            return SCORE_SUM - self._horizon(after)
        return SCORE_SUM - self._value(after, ply - 1, SCORE_SUM - beta, SCORE_SUM - alpha)

    def _value(self, state: State, depth: int, alpha: float, beta: float) -> float:
        """The best score of the side to move, looking ``depth`` moves ahead: exact inside (alpha, beta),
        else a bound on the side of the window it falls (fail-soft alpha-beta)."""
        frame, mine, theirs, moves, flips = state
        key = (frame, mine, theirs, self._phase(moves), flips, depth)
        known = self.table.get(key)
        if known is not None:
            low, high = known
            if low >= beta or low == high:
                return low
            if high <= alpha:
                return high
            alpha, beta = max(alpha, low), min(beta, high)
        start_alpha = alpha
        best = LOSS - 1
        for move in self.rules.legal_moves(state):
            score = self._move_score(state, move, depth, alpha, beta)
            if score > best:
                best = score
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        break
        low, high = known if known is not None else (LOSS, WIN)
        if best <= start_alpha:
            high = min(high, best)
        elif best >= beta:
            low = max(low, best)
        else:
            low = high = best
        self.table.put(key, (low, high))
        return best

    def _phase(self, moves: int) -> int:
        """What of the move count the rules still need: all of it for the tetris limit, else the turn's phase."""
        rules = self.rules
        if rules.move_limit is not None:
            return moves
        every = rules.variant.turn_every
        return moves % every if every else 0


def frame_position(rules: VariantRules, state: State) -> Position | None:
    """``state`` as a standard position in its frame, when the rules are the standard game's there (gravity
    fixed; no turns, tetris or flips), so the standard engine and the solver answer for it; else None."""
    if not rules.variant.fixed_gravity_only:
        return None
    frame, mine, theirs = state[0], state[1], state[2]
    return Position(rules.frames[frame].geom, mine, mine | theirs)


def column_scores(
    rules: VariantRules, state: State, ply: int, evaluate: Evaluation | None = None, deadline: float | None = None
) -> list[float]:
    """The seed's scores of every move of the side to move under the variant's rules (see VariantSearch).

    With gravity fixed and nothing else changed, the standard engine's, in the frame. Raises
    :class:`.budget.OutOfTime` once ``time.perf_counter()`` passes ``deadline``.
    """
    position = frame_position(rules, state)
    if position is not None:
        return search.column_scores(position, ply, evaluate=evaluate, deadline=deadline)
    searcher = VariantSearch(rules, evaluate, Budget(deadline))
    try:
        return searcher.column_scores(state, ply)
    finally:
        search.last_stats.nodes = searcher.budget.nodes


def iter_moves(rules: VariantRules, state: State) -> Iterator[tuple[int, State, str | None]]:
    """``(move, state after, result)`` for every legal move of ``state`` (for tests and tools)."""
    for move in rules.legal_moves(state):
        after, ended = rules.play(state, move)
        yield move, after, ended


@cache
def rules_for(variant: Variant, width: int, height: int) -> VariantRules:
    """The rules of ``variant``'s deterministic part on a ``width`` x ``height`` rack (built once per size)."""
    return VariantRules(variant.rules, width, height)

