"""What a move does under the deterministic rules, on bitboards: drops, flips, tetris, turning gravity; the
one routine that says whether a game is over.

The frames (where gravity pulls, and how rack cells map to bits) are :mod:`.frames`. In a straight frame:

* a drop: the frame's ``move_bit``;
* a flip: the rack turns 180 degrees, which turns the frame 180 degrees too: frame column ``c``
  becomes column ``w-1-c`` and its stack is read from the top (:data:`_REVERSED` bits);
* tetris: a full frame row vanishes and every checker above it falls one row (a shift);
* a gravity turn: every checker moves to the next frame's cell and slides down its new column.

In a diagonal frame (the rack's own layout) a drop slides along the diagonal through its column's top
cell; a flip sends each diagonal's checkers, in the opposite order, to the low end of the diagonal it
turns into; tetris clears full rack rows and every checker slides down its diagonal as far as it can.

A :class:`.state.State` is a named tuple, from the point of view of the side to move: ``(frame, mine, theirs,
moves, flips)``: the frame, the bitboards of the side to move and of the other side in that frame, the moves made
since the empty rack (gravity turns and the tetris move limit count them), and whether each side's last move was
a flip (bit 0: the side to move, bit 1: the other). :meth:`Mechanics.play` gives the next state, seen by the other
side, and the result if the game ended (an :class:`.state.Ended`: :meth:`Mechanics.result` is the one judge).
"""

from __future__ import annotations

from functools import cache

from .frames import GRAVITIES, Cell, Frame, Path, frame, line_mask
from .position import Bitboard, Geometry, Position, has_four, move_bit
from .state import (
    BOTH_FOURS,
    FULL,
    MINE_FLIPPED,
    MOVE_LIMIT,
    MOVER_WINS,
    NO_MOVE,
    OTHER_WINS,
    THEIRS_FLIPPED,
    Ended,
    State,
    new_state,
)

Happened = list[tuple]
"""What a move did, in rack cells, for the front ends: ``("drop", cell)``, ``("flip", paths)``,
``("cleared", "row" | "column", index, cells, falls)``, ``("turn", gravity, paths)``."""


@cache
def _reversed(height: int) -> tuple[tuple[int, ...], ...]:
    """``_reversed(h)[k][bits]``: the ``k`` low bits of ``bits`` in the opposite order (k <= h)."""
    return tuple(tuple(int(f"{bits:0{k}b}"[::-1] or "0", 2) for bits in range(1 << k)) for k in range(height + 1))


class Mechanics:
    """The deterministic rules on a ``width`` x ``height`` rack (chance and swaps are the game's, not these).

    ``gravity``: where checkers fall at the start (:data:`.frames.GRAVITIES`); ``turn_every``: gravity turns a
    quarter clockwise after every that many moves (0: never; it starts down); ``tetris``: full lines across
    gravity vanish; ``flip``: a move may turn the rack 180 degrees; ``move_limit``: a draw after that many
    moves (None: none).
    """

    def __init__(
        self,
        width: int,
        height: int,
        gravity: str = "down",
        turn_every: int = 0,
        tetris: bool = False,
        flip: bool = False,
        move_limit: int | None = None,
    ) -> None:
        self.width, self.height = width, height
        self.cells = width * height
        self.turn_every, self.tetris, self.flip, self.move_limit = turn_every, tetris, flip, move_limit
        self.start_frame = GRAVITIES.index(gravity)
        self.frames: tuple[Frame, ...] = tuple(frame(index, width, height) for index in range(len(GRAVITIES)))
        # per frame: the bits of each row (all columns), of the rows below it and of it and the rows above it
        self._rows = tuple(self._row_masks(info.geom) for info in self.frames)
        self._turn = tuple(self._turn_table(index) for index in range(4))
        self._lines = tuple(tuple(line_mask(line) for line in info.lines) for info in self.frames)

    @property
    def straight_only(self) -> bool:
        """The rules are the standard game seen from gravity's side: no turns, tetris or flips, gravity straight."""
        return not (self.turn_every or self.tetris or self.flip or self.frames[self.start_frame].diagonal)

    # -- the frame of the moment ------------------------------------------------------------

    def frame_at(self, moves: int) -> int:
        """The frame after ``moves`` moves from the empty rack (gravity turns every ``turn_every`` moves)."""
        every = self.turn_every
        turns = moves // every if every else 0
        return (self.start_frame + turns) % 4 if every else self.start_frame

    def slots(self, frame: int) -> int:
        """How many drop moves there are in ``frame``: its columns (rack columns or rack rows)."""
        return self.frames[frame].slots

    def flip_move(self, frame: int) -> int | None:
        """The index of the flip among the moves (after the drops), or None if flips are not played."""
        return self.slots(frame) if self.flip else None

    def move_count(self, frame: int) -> int:
        """The length of a list of scores: the drops, then the flip if flips are played."""
        return self.slots(frame) + (1 if self.flip else 0)

    # -- questions ----------------------------------------------------------------------------

    def can_drop(self, state: State, slot: int) -> bool:
        info = self.frames[state[0]]
        return 0 <= slot < info.slots and not (state[1] | state[2]) & info.entry_masks[slot]

    def can_flip(self, state: State) -> bool:
        """Flips are played, the side to move did not flip last time, and a flip changes the rack."""
        if not self.flip or state.flips & MINE_FLIPPED:
            return False
        frame, mine, theirs = state[0], state[1], state[2]
        return self._flipped(frame, mine, theirs) != (mine, theirs)

    def legal_moves(self, state: State) -> list[int]:
        """The moves the side to move can make, centre first, the flip last."""
        info = self.frames[state[0]]
        mask, entries = state[1] | state[2], info.entry_masks
        moves = [slot for slot in info.order if not mask & entries[slot]]
        if self.can_flip(state):
            moves.append(info.slots)
        return moves

    def fours(self, state: State) -> tuple[bool, bool]:
        """Whether the side to move, and the other side, have four in a row."""
        geom = self.frames[state[0]].geom
        return has_four(geom, state[1]), has_four(geom, state[2])

    def result(self, state: State) -> Ended | None:
        """How the game on ``state`` has ended, seen by the side that just moved (the other side), or None.

        Fours first (one side's: it wins; both sides': a draw), then a draw if the move limit is reached or the
        side to move has no move. This is the one place that decides that a game is over.
        """
        ended = self._fours(state)
        if ended is not None:
            return ended
        if self.move_limit is not None and state.moves >= self.move_limit:
            return MOVE_LIMIT
        if self.legal_moves(state):
            return None
        return FULL if state.mine | state.theirs == self.frames[state.frame].geom.full else NO_MOVE

    # -- a move ---------------------------------------------------------------------------------

    def play(self, state: State, move: int, happened: Happened | None = None) -> tuple[State, Ended | None]:
        """The state after the side to move makes ``move`` (a slot, or the flip index), and the result.

        Precondition: ``move`` is legal. The new state is seen by the other side. ``happened``, if given,
        receives what happened (see :data:`Happened`).
        """
        frame, mine, theirs, moves, flips = state
        info = self.frames[frame]
        flipping = move == info.slots and self.flip
        if flipping:
            if happened is not None:
                happened.append(("flip", self._flip_paths(frame, mine | theirs)))
            mine, theirs = self._flipped(frame, mine, theirs)
            landed = 0
        else:
            mask = mine | theirs
            landed = self._diagonal_landing(info, mask, move) if info.diagonal else move_bit(info.geom, mask, move)
            mine |= landed
            if happened is not None:
                happened.append(("drop", info.to_rack[landed.bit_length() - 1]))
        moves += 1
        # seen by the other side: its own last move (its old "theirs" flag) and whether this one was a flip
        flips = (MINE_FLIPPED if flips & THEIRS_FLIPPED else 0) | (THEIRS_FLIPPED if flipping else 0)
        after = new_state((frame, theirs, mine, moves, flips))
        ended = self._fours(after)
        if ended is None and self.tetris:
            after = self._clear_full_rows(after, landed, happened)
            ended = self._fours(after)
        every = self.turn_every
        if ended is None and every and moves % every == 0:
            after = self._turn_gravity(after, happened)
            ended = self._fours(after)
            if ended is None and self.tetris:
                after = self._clear_full_rows(after, 0, happened)
                ended = self._fours(after)
        if ended is None:
            ended = self.result(after)
        return after, ended

    def _diagonal_landing(self, info: Frame, mask: Bitboard, slot: int) -> Bitboard:
        """The cell a checker dropped into ``slot`` comes to rest on under diagonal gravity: the lowest free cell of
        its diagonal (as the seed's ``add_move`` fills a column from the bottom). Precondition: ``can_drop``."""
        free = ~mask & self._lines[info.index][info.entries[slot]]
        if info.gravity == "down-left":  # the bits rise along its diagonal
            return free & -free
        return 1 << (free.bit_length() - 1)  # down-right: they fall

    def _fours(self, after: State) -> Ended | None:
        """Fours after a move (``after`` is seen by the other side): who won, seen by the mover."""
        geom = self.frames[after[0]].geom  # seen by the other side: its "theirs" are the mover's
        if has_four(geom, after[2]):
            return BOTH_FOURS if has_four(geom, after[1]) else MOVER_WINS
        return OTHER_WINS if has_four(geom, after[1]) else None

    # -- flips ------------------------------------------------------------------------------------

    def _flipped(self, frame: int, mine: Bitboard, theirs: Bitboard) -> tuple[Bitboard, Bitboard]:
        """Both sides' checkers after the rack turns 180 degrees and they fall to the floor."""
        info = self.frames[frame]
        if info.diagonal:
            return self._flipped_lines(info, mine, theirs)
        geom = info.geom
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

    @staticmethod
    def _flipped_lines(info: Frame, mine: Bitboard, theirs: Bitboard) -> tuple[Bitboard, Bitboard]:
        """A flip along lines: each line's checkers, the other way round, at the low end of the line it turns into."""
        new = [0, 0]
        for number, line in enumerate(info.lines):
            owners = [0 if mine >> bit & 1 else 1 for bit in line if (mine | theirs) >> bit & 1]
            target = info.lines[info.pairs[number]]
            for place, owner in enumerate(reversed(owners)):
                new[owner] |= 1 << target[place]
        return new[0], new[1]

    def _flip_paths(self, frame: int, mask: Bitboard) -> list[Path]:
        info = self.frames[frame]
        result = []
        for number, line in enumerate(info.lines):
            taken = [bit for bit in line if mask >> bit & 1]
            target = info.lines[info.pairs[number]]
            for place, bit in enumerate(taken):  # the lowest checker ends on top
                result.append((info.to_rack[bit], info.to_rack[target[len(taken) - 1 - place]]))
        return result

    # -- tetris -------------------------------------------------------------------------------------

    @staticmethod
    def _row_masks(geom: Geometry) -> tuple[tuple[Bitboard, ...], tuple[Bitboard, ...], tuple[Bitboard, ...]]:
        rows = tuple(geom.bottom << row for row in range(geom.height))
        below = tuple(sum(rows[:row]) for row in range(geom.height))
        from_row = tuple(sum(rows[row:]) for row in range(geom.height))
        return rows, below, from_row

    def _clear_full_rows(self, after: State, landed: Bitboard, happened: Happened | None) -> State:
        """Full frame rows vanish, top row first; everything above each falls one row.

        After a drop only the row of ``landed`` can be full; ``landed`` 0 means: look at every row. Under
        diagonal gravity the full rack rows vanish, then every checker slides down its diagonal.
        """
        frame, a, b = after[0], after[1], after[2]
        info = self.frames[frame]
        rows, below, from_row = self._rows[frame]
        geom = info.geom
        candidates = [(landed.bit_length() - 1) % geom.stride] if landed else range(geom.height - 1, -1, -1)
        cleared = changed = False
        for row in candidates:
            mask = a | b
            if mask & rows[row] != rows[row]:
                continue
            changed = True
            cells = tuple(sorted(info.to_rack[col * geom.stride + row] for col in range(geom.width)))
            if info.diagonal:
                a, b, cleared = a & ~rows[row], b & ~rows[row], True
                if happened is not None:
                    happened.append(("cleared", "row", row, cells, ()))
                continue
            if happened is not None:
                line, index = ("row", cells[0][1]) if cells[0][1] == cells[-1][1] else ("column", cells[0][0])
                happened.append(("cleared", line, index, cells, tuple(self._fall_paths(frame, mask, row))))
            a = (a & below[row]) | ((a >> 1) & from_row[row])
            b = (b & below[row]) | ((b >> 1) & from_row[row])
        if cleared:
            (a, b), falls = self._settled(info, a, b)
            if happened is not None and falls:
                kind, line, index, cells, _ = happened[-1]
                happened[-1] = (kind, line, index, cells, tuple(falls))
        return new_state((frame, a, b, after[3], after[4])) if changed else after  # most moves clear nothing

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

    @staticmethod
    def _settled(info: Frame, mine: Bitboard, theirs: Bitboard) -> tuple[tuple[Bitboard, Bitboard], list[Path]]:
        """Every checker slides down its line as far as it can, in the order they lie; and the paths of those that
        moved."""
        new = [0, 0]
        falls: list[Path] = []
        for line in info.lines:
            place = 0
            for bit in line:
                if (mine | theirs) >> bit & 1:
                    new[0 if mine >> bit & 1 else 1] |= 1 << line[place]
                    if line[place] != bit:
                        falls.append((info.to_rack[bit], info.to_rack[line[place]]))
                    place += 1
        return (new[0], new[1]), falls

    # -- gravity turns ---------------------------------------------------------------------------

    def _turn_table(self, index: int) -> tuple[int, ...]:
        """For each bit index of straight frame ``index``: the bit index of the same rack cell in the next frame."""
        here, there = self.frames[index], self.frames[(index + 1) % 4]
        return tuple(there.from_rack.get(cell, -1) for cell in here.to_rack)

    def _turn_gravity(self, after: State, happened: Happened | None) -> State:
        """Gravity turns a quarter clockwise: into the next frame, every checker slides to the new floor."""
        frame, a, b, moves, flips = after
        table = self._turn[frame]
        new_frame = (frame + 1) % 4
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
        if happened is not None:
            happened.append(("turn", there.gravity, moved))
        return new_state((new_frame, new[0], new[1], moves, flips))

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
        return new_state((frame, mine, theirs, moves, flips))

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

    def frame_position(self, state: State) -> Position | None:
        """``state`` as a standard position in its frame when the rules are the standard game's there (see
        :attr:`straight_only`), so the standard searches and the solver answer for it; else None."""
        if not self.straight_only:
            return None
        frame, mine, theirs = state[0], state[1], state[2]
        return Position(self.frames[frame].geom, mine, mine | theirs)


mechanics = cache(Mechanics)
"""``mechanics(width, height, ...)``: the :class:`Mechanics` of those rules, built once per size and rules."""
