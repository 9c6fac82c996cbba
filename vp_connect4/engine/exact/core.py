"""The solver's hot path, one source: compiled to machine code by numba where it is installed, else run as it is.

Every function here takes plain integers and arrays (no objects), so numba compiles it (``njit``, ``cache=True``:
the machine code is kept on disk, compiled once per install) and Python runs the very same function when numba
is missing or ``NUMBA_DISABLE_JIT=1`` is set. Nothing imports this module until a solver is made, so
``import vp_connect4`` never imports the compiler.

Bitboards are 64-bit integers: the solver takes a board whose bits (``width * (height + 1)``, a sentinel atop
each column) are at most :data:`BOARD_BITS` (64), compiled or interpreted alike (:func:`.solver.takes`).
Compiled, a key with bit 63 set (8x7, 7x8) is a negative ``int64``; interpreted, the same bits as a Python
int: every use of a key (the hash, the check) reads the same 64 bits either way. The algorithm is
:mod:`.solver`'s (Pascal Pons' negamax): see there for what the scores mean.

The transposition table is an array of words (:data:`TABLE_SIZE` compiled), one a slot: a position's check (see
below), its bound (``2 * score + 1`` a lower bound, ``2 * score`` an upper bound) and its checkers, packed
(:func:`word`). One word holds all three, so two solvers in two threads may share a table: a slot is read and
written whole. A position belongs to a bucket of :data:`WAYS` slots (:func:`locate`); a full bucket gives up the
position with the most checkers, the smallest search (:func:`store`).

The check tells the position apart from every other of its bucket, exactly. Where the key (``cur + mask``, unique
on its board size) fits :data:`PLAIN_KEY_BITS` (7x6 and smaller) it is the key itself. A larger key is hashed,
``h = key * MIX`` modulo 2**64 (a bijection: MIX is odd); the bucket is ``b`` bits of ``h`` from bit 40 (the table
has ``2**b`` buckets, ``b`` from :data:`LEAST_SPLIT_BITS`) and the check the other ``64 - b`` bits, so bucket and
check give back ``h``, hence the key: never two positions for one.

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
PLAIN_KEY_BITS = 63 - BOUND_BITS - DEPTH_BITS  # a key of this many bits is its own check (7x6: 49)
HASH_BITS = 40  # a hashed key's bucket comes from its hash's bits from here up
LEAST_SPLIT_BITS = 64 - PLAIN_KEY_BITS  # a hashed key's table has at least 2**15 buckets: its check fits too
WAYS = 4  # slots in a bucket of the transposition table
TABLE_SIZE = WAYS << 19  # slots (a power of two buckets): 16 MB compiled
SMALL_TABLE_SIZE = WAYS << 18  # interpreted (Python's lists hold objects)
MIX = 0x5851F42D4C957F2D  # an odd multiplier that spreads keys over the buckets (below 2**63: a signed 64-bit int)
EMPTY = 0  # a table slot that holds no position (a word never is 0: its bound part is not)

BOARD_BITS = 64  # the bitboard of a board the solver takes: width * (height + 1) bits fit one 64-bit word


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


# the work array: the board's shape, the table's check (see the module docstring), the stats, the columns' masks
# (centre first), then room for the moves
WIDTH, STRIDE, CELLS, BOTTOM, FULL, CHECK_BITS, SPLIT, NODES, STOPPED, COLUMNS = range(10)


def work_array(
    width: int, stride: int, cells: int, bottom: int, full: int, columns: list[int], table_size: int
) -> list[int]:
    """The ``work`` of :func:`negamax` for a board and a table of ``table_size`` slots: its shape, how keys are
    checked (a plain key: its bits, ``SPLIT`` 0; a hashed one: ``64 - b`` and ``b``, the bits of the bucket), the
    stats (0), its columns' masks centre first, and room for the moves of every depth (three values a column).
    ValueError where the board does not fit, or a hashed key's table is not ``2**b`` buckets of :data:`WAYS`,
    ``b`` from :data:`LEAST_SPLIT_BITS` to 24."""
    if width * stride > BOARD_BITS:
        raise ValueError(f"a {width}x{stride - 1} board's bitboard does not fit {BOARD_BITS} bits")
    key_bits = full.bit_length() + 1  # cur + mask < 2 * full
    check_bits, split = key_bits, 0
    if key_bits > PLAIN_KEY_BITS:
        buckets = table_size // WAYS
        split = buckets.bit_length() - 1
        if table_size % WAYS or buckets != 1 << split or not LEAST_SPLIT_BITS <= split <= 64 - HASH_BITS:
            raise ValueError(f"a table for {width}x{stride - 1} needs 2**15 to 2**24 buckets of {WAYS}: {table_size}")
        check_bits = 64 - split
    return [width, stride, cells, bottom, full, check_bits, split, 0, 0, *columns] + [0] * (3 * width * (cells + 1))


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
    moves = non_losing_moves((mask + bottom) & full, opp_win)
    if moves == 0:
        return -((cells - n) >> 1)  # the opponent wins next move
    if n >= cells - 2:
        return 0
    key = cur + mask
    check_bits = work[CHECK_BITS]
    alpha, beta = window(alpha, beta, cells - n, find(table, key, work), check_bits)
    if alpha >= beta:
        return alpha
    base = COLUMNS + width + 3 * width * n
    count = order_moves(cur, mask, moves, base, work)
    opp = cur ^ mask
    for at in range(base, base + 3 * count, 3):  # a move the table already shows to be good enough: no search
        known = find(table, opp + (mask | work[at + 1]), work)
        if known != EMPTY:
            bound = bound_of(known, check_bits)
            if not bound & 1 and -(bound >> 1) >= beta:  # the reply scores at most that: we score at least beta
                return -(bound >> 1)
    for at in range(base, base + 3 * count, 3):
        move, threats = work[at + 1], work[at + 2]
        score = -negamax(opp, mask | move, n + 1, -beta, -alpha, threats, work, table, deadline)
        if work[STOPPED]:
            return 0
        if score >= beta:
            store(table, key, 2 * score + 1, n, work)
            return score
        if score > alpha:
            alpha = score
    store(table, key, 2 * alpha, n, work)
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
def window(alpha: int, beta: int, empty: int, found: int, check_bits: int) -> tuple[int, int]:
    """``(alpha, beta)`` narrowed by what is known of a position with ``empty`` cells left (nobody wins at once)
    and by its table entry ``found``; ``(v, v)`` where that settles it: the search returns ``v``."""
    low = -((empty - 2) >> 1)
    if alpha < low:
        alpha = low
        if alpha >= beta:
            return alpha, alpha
    high = (empty - 1) >> 1
    if found != EMPTY:
        bound = bound_of(found, check_bits)
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
def bound_of(found: int, check_bits: int) -> int:
    """The bound a table entry holds (twice the score, plus 1 for a lower bound)."""
    return ((found >> check_bits) & ((1 << BOUND_BITS) - 1)) - (1 << (BOUND_BITS - 1))


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
def word(check: int, bound: int, n: int, check_bits: int) -> int:
    """A table slot's word: ``check`` in the low ``check_bits`` bits, then ``bound`` (offset to be positive), then
    the checkers ``n``."""
    bound_part = bound + (1 << (BOUND_BITS - 1))
    return check | (bound_part << check_bits) | (n << (check_bits + BOUND_BITS))


@jit
def locate(table: Any, key: int, work: Any) -> tuple[int, int]:
    """``(first slot of the key's bucket, its check)`` (see the module docstring). A plain key: bits 40 and up of
    ``key * MIX`` (the same whether the product wraps at 64 bits, compiled, or not, interpreted), as many as the
    table has buckets (at most 2**24), and the key. A hashed one: the bucket's ``b`` bits and the other bits of
    the same product."""
    split = work[SPLIT]
    hashed = key * MIX
    if split == 0:
        return WAYS * ((hashed >> HASH_BITS) & (len(table) // WAYS - 1)), key
    first = WAYS * ((hashed >> HASH_BITS) & ((1 << split) - 1))
    above = (hashed >> (HASH_BITS + split)) & ((1 << (64 - HASH_BITS - split)) - 1)
    return first, (hashed & ((1 << HASH_BITS) - 1)) | (above << HASH_BITS)


@jit
def find(table: Any, key: int, work: Any) -> int:
    """The word of ``key``'s position in the table, or :data:`EMPTY`."""
    first, check = locate(table, key, work)
    check_mask = (1 << work[CHECK_BITS]) - 1
    for slot in range(first, first + WAYS):
        found = table[slot]
        if found != EMPTY and found & check_mask == check:
            return found
    return EMPTY


@jit
def store(table: Any, key: int, bound: int, n: int, work: Any) -> None:
    """Put ``key``'s position's ``bound`` (``n`` checkers) in its bucket: in the slot that holds its key, else in
    an empty one, else in place of the position with the most checkers (the smallest search; the first of
    those)."""
    check_bits = work[CHECK_BITS]
    check_mask = (1 << check_bits) - 1
    first, check = locate(table, key, work)
    chosen = first
    for slot in range(first, first + WAYS):
        old = table[slot]
        if old == EMPTY or old & check_mask == check:
            chosen = slot
            break
        if old >> (check_bits + BOUND_BITS) > table[chosen] >> (check_bits + BOUND_BITS):
            chosen = slot
    table[chosen] = word(check, bound, n, check_bits)
