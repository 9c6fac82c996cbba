"""The solver's hot path, one source: compiled to machine code by numba where it is installed, else run as it is.

Every function here takes plain integers and arrays (no objects), so numba compiles it (``njit``, ``cache=True``:
the machine code is kept on disk, compiled once per install) and Python runs the very same function when numba
is missing or ``NUMBA_DISABLE_JIT=1`` is set. Nothing imports this module until a solver is made, so
``import vp_connect4`` never imports the compiler.

Compiled, bitboards are 64-bit integers: a board whose bits (``width * (height + 1)``) fit in
:data:`COMPILED_BITS` is solved by the machine code; a larger one by these functions interpreted, on Python's
unbounded integers and lists (:class:`.solver.Solver` chooses). The algorithm is :mod:`.solver`'s (Pascal
Pons' negamax): see there for what the scores mean.

The transposition table is an array of words (:data:`TABLE_SIZE` compiled), one a slot: a position's key
(``cur + mask``, unique on its board size), its bound (``2 * score + 1`` a lower bound, ``2 * score`` an upper
bound) and its checkers, packed (:func:`word`). One word holds all three, so two solvers in two threads may
share a table: a slot is read and written whole. A position belongs to a bucket of :data:`WAYS` slots
(:func:`bucket`); a full bucket gives up the position with the most checkers, the smallest search (:func:`store`).

``stats`` is ``[positions searched, stopped]``: the search reads the clock once per :data:`.budget.CHECK_EVERY`
positions and, past ``deadline`` (a ``time.perf_counter()`` value), sets ``stopped`` and unwinds without storing
anything.
"""

from __future__ import annotations

import os
import time
import warnings
from collections.abc import Callable
from contextlib import nullcontext
from typing import Any

from .. import position
from ..budget import CHECK_EVERY

BOUND_BITS = 7  # a bound (twice a score, plus one) lies within -64..63
DEPTH_BITS = 7  # a position's checkers: at most 127 (10x10 has 100 cells)
COMPILED_BITS = 48  # compiled: a board's cells' bits (7x6: 48), so a slot's word (key, bound, checkers) fits in 63
WAYS = 4  # slots in a bucket of the transposition table
TABLE_SIZE = WAYS << 19  # slots (a power of two buckets): 16 MB compiled
SMALL_TABLE_SIZE = WAYS << 18  # interpreted (Python's lists hold objects)
MIX = 0x5851F42D4C957F2D  # an odd multiplier that spreads keys over the buckets (below 2**63: a signed 64-bit int)
EMPTY = 0  # a table slot that holds no position (a word never is 0: its bound part is not)


def _compiler() -> tuple[Callable[[Any], Any], Any, bool]:
    """``(decorate, objmode, compiled)``: numba's, or, without it (or with ``NUMBA_DISABLE_JIT=1``), ones that
    change nothing, so the same functions run interpreted."""
    interpreted = (lambda function: function), (lambda **types: nullcontext()), False
    if os.environ.get("NUMBA_DISABLE_JIT", "0") != "0":
        return interpreted
    try:
        import numba
    except ImportError:  # no wheel for this platform: the same code, interpreted
        return interpreted
    # the search lets go of the GIL (two solvers search at once on two cores) but for its look at the clock
    warnings.filterwarnings("ignore", "Code running in object mode won't allow parallel", numba.NumbaWarning)
    return numba.njit(cache=True, nogil=True), numba.objmode, True


jit, objmode, COMPILED = _compiler()


@jit
def popcount(bits: int) -> int:
    """How many bits are set."""
    count = 0
    while bits:
        bits &= bits - 1
        count += 1
    return count


@jit
def winning_cells(stones: int, mask: int, stride: int, full: int) -> int:
    """The empty cells where one more checker would give ``stones`` four in a row (see
    :func:`.position.winning_cells`; the same shifts, on a board of column ``stride``)."""
    result = (stones << 1) & (stones << 2) & (stones << 3)  # vertical: three below
    result |= _line(stones, stride) | _line(stones, stride - 1) | _line(stones, stride + 1)  # across, diagonals
    return result & (full ^ mask)


@jit
def _line(stones: int, shift: int) -> int:
    """The cells that complete four of ``stones`` along the line of bit distance ``shift`` (either way)."""
    up, down = stones << shift, stones >> shift
    two_up, two_down = up & (stones << (2 * shift)), down & (stones >> (2 * shift))
    return (two_up & ((stones << (3 * shift)) | down)) | (two_down & (up | (stones >> (3 * shift))))


# the playable cells that do not lose at once (0: every move loses): the plain search's own rule, on plain integers,
# compiled here
non_losing_moves = jit(position.non_losing_moves)


# the work array: the board's shape, the stats, the columns' masks (centre first), then room for the moves
WIDTH, STRIDE, CELLS, BOTTOM, FULL, KEY_BITS, NODES, STOPPED, COLUMNS = range(9)


def work_array(width: int, stride: int, cells: int, bottom: int, full: int, columns: list[int]) -> list[int]:
    """The ``work`` of :func:`negamax` for a board: its shape, the bits of its keys, the stats (0), its columns'
    masks centre first, and room for the moves of every depth (three values a column)."""
    key_bits = full.bit_length() + 1  # cur + mask < 2 * full
    return [width, stride, cells, bottom, full, key_bits, 0, 0, *columns] + [0] * (3 * width * (cells + 1))


@jit
def negamax(
    cur: int,
    mask: int,
    n: int,
    alpha: int,
    beta: int,
    opp_win: int,
    work: Any,
    table: Any,
    deadline: float,
) -> int:
    """Pons' score of the position, or a bound on it outside ``(alpha, beta)`` (fail-hard).

    ``cur`` are the checkers of the side to move, which cannot win at once, ``mask`` all checkers, ``n`` how
    many are down, ``opp_win`` the opponent's winning cells; ``work``: see :func:`work_array`; ``table``: see
    the module docstring. Returns 0 at once once ``work[STOPPED]`` is set (out of time).
    """
    nodes = work[NODES] + 1
    work[NODES] = nodes
    if nodes % CHECK_EVERY == 0:
        with objmode(now="float64"):
            now = time.perf_counter()
        if now > deadline:
            work[STOPPED] = 1
            return 0
    width, cells, bottom, full = work[WIDTH], work[CELLS], work[BOTTOM], work[FULL]
    key_bits = work[KEY_BITS]
    moves = non_losing_moves((mask + bottom) & full, opp_win)
    if moves == 0:
        return -((cells - n) >> 1)  # the opponent wins next move
    if n >= cells - 2:
        return 0
    key = cur + mask
    alpha, beta = window(alpha, beta, cells - n, find(table, key, key_bits), key_bits)
    if alpha >= beta:
        return alpha
    base = COLUMNS + width + 3 * width * n
    count = order_moves(cur, mask, moves, base, work)
    opp = cur ^ mask
    for at in range(base, base + 3 * count, 3):  # a move the table already shows to be good enough: no search
        known = find(table, opp + (mask | work[at + 1]), key_bits)
        if known != EMPTY:
            bound = bound_of(known, key_bits)
            if not bound & 1 and -(bound >> 1) >= beta:  # the reply scores at most that: we score at least beta
                return -(bound >> 1)
    for at in range(base, base + 3 * count, 3):
        move, threats = work[at + 1], work[at + 2]
        score = -negamax(opp, mask | move, n + 1, -beta, -alpha, threats, work, table, deadline)
        if work[STOPPED]:
            return 0
        if score >= beta:
            store(table, word(key, 2 * score + 1, n, key_bits), key_bits)
            return score
        if score > alpha:
            alpha = score
    store(table, word(key, 2 * alpha, n, key_bits), key_bits)
    return alpha


@jit
def order_moves(cur: int, mask: int, moves: int, base: int, work: Any) -> int:
    """Write ``moves`` into ``work`` from ``base`` as (order, move, winning cells after it), the most winning cells
    first, then centre first; how many there are."""
    width, stride, full = work[WIDTH], work[STRIDE], work[FULL]
    count = 0
    for place in range(width):
        move = moves & work[COLUMNS + place]
        if move:
            threats = winning_cells(cur | move, mask | move, stride, full)
            order = popcount(threats) * (width + 1) + width - place
            at = base + 3 * count
            while at > base and work[at - 3] < order:  # insertion: the list stays sorted
                work[at] = work[at - 3]
                work[at + 1] = work[at - 2]
                work[at + 2] = work[at - 1]
                at -= 3
            work[at] = order
            work[at + 1] = move
            work[at + 2] = threats
            count += 1
    return count


@jit
def window(alpha: int, beta: int, empty: int, found: int, key_bits: int) -> tuple[int, int]:
    """``(alpha, beta)`` narrowed by what is known of a position with ``empty`` cells left (nobody wins at once)
    and by its table entry ``found``; ``(v, v)`` where that settles it: the search returns ``v``."""
    low = -((empty - 2) >> 1)
    if alpha < low:
        alpha = low
        if alpha >= beta:
            return alpha, alpha
    high = (empty - 1) >> 1
    if found != EMPTY:
        bound = bound_of(found, key_bits)
        if bound & 1:
            bound >>= 1
            if alpha < bound:
                alpha = bound
                if alpha >= beta:
                    return alpha, alpha
        elif bound >> 1 < high:
            high = bound >> 1
    if beta > high:
        beta = high
        if alpha >= beta:
            return beta, beta
    return alpha, beta


@jit
def bound_of(found: int, key_bits: int) -> int:
    """The bound a table entry holds (twice the score, plus 1 for a lower bound)."""
    return ((found >> key_bits) & ((1 << BOUND_BITS) - 1)) - (1 << (BOUND_BITS - 1))


@jit
def solve(cur: int, mask: int, n: int, work: Any, table: Any, deadline: float) -> int:
    """Pons' exact score of a position that is not over (``cur``: the checkers of the side to move, ``n`` down), by
    null-window searches that bisect the range of scores: each ``negamax(med, med + 1)`` tells whether the score is
    above ``med``; the range is first split near zero, so draws and long games are recognised quickly. 0 if out of
    time (``work[STOPPED]``)."""
    cells, stride, full = work[CELLS], work[STRIDE], work[FULL]
    if n >= cells:
        return 0
    if winning_cells(cur, mask, stride, full) & ((mask + work[BOTTOM]) & full):
        return (cells + 1 - n) // 2  # a win with the next checker
    opp_win = winning_cells(cur ^ mask, mask, stride, full)
    low, high = -((cells - n) // 2), (cells + 1 - n) // 2
    while low < high:
        med = low + (high - low) // 2
        if med <= 0 and half(low) < med:
            med = half(low)
        elif med >= 0 and half(high) > med:
            med = half(high)
        result = negamax(cur, mask, n, med, med + 1, opp_win, work, table, deadline)
        if work[STOPPED]:
            return 0
        if result <= med:
            high = result
        else:
            low = result
    return low


@jit
def half(x: int) -> int:
    """``x / 2`` rounded towards zero (C's integer division, as in Pons' bisection)."""
    return -(-x // 2) if x < 0 else x // 2


@jit
def word(key: int, bound: int, n: int, key_bits: int) -> int:
    """A table slot's word: ``key`` in the low ``key_bits`` bits, then ``bound`` (offset to be positive), then the
    checkers ``n``."""
    bound_part = bound + (1 << (BOUND_BITS - 1))
    return key | (bound_part << key_bits) | (n << (key_bits + BOUND_BITS))


@jit
def bucket(table: Any, key: int) -> int:
    """The first slot of ``key``'s bucket: bits 40 and up of ``key * MIX`` (the same whether the product wraps at
    64 bits, compiled, or not, interpreted), as many as the table has buckets (at most 2**24)."""
    return WAYS * (((key * MIX) >> 40) & (len(table) // WAYS - 1))


@jit
def find(table: Any, key: int, key_bits: int) -> int:
    """The word of ``key`` in the table, or :data:`EMPTY`."""
    first = bucket(table, key)
    key_mask = (1 << key_bits) - 1
    for slot in range(first, first + WAYS):
        found = table[slot]
        if found != EMPTY and found & key_mask == key:
            return found
    return EMPTY


@jit
def store(table: Any, new: int, key_bits: int) -> None:
    """Put the word ``new`` in its bucket: in the slot that holds its key, else in an empty one, else in place of
    the position with the most checkers (the smallest search; the first of those)."""
    key_mask = (1 << key_bits) - 1
    key = new & key_mask
    first = bucket(table, key)
    chosen = first
    for slot in range(first, first + WAYS):
        old = table[slot]
        if old == EMPTY or old & key_mask == key:
            chosen = slot
            break
        if old >> (key_bits + BOUND_BITS) > table[chosen] >> (key_bits + BOUND_BITS):
            chosen = slot
    table[chosen] = new
