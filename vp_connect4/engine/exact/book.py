"""The opening book: exact outcomes of 7x6 positions up to 12 checkers, so the perfect level is perfect from move 1.

Two tables, both giving the signed distance of :mod:`.solver` (``+k``: the side to move wins with its
checker ``k`` plies from now; ``-k``: it loses so; ``0``: a draw), looked up for a position or its
mirror image:

* **the published book** (:func:`published`): every position with exactly 12 checkers (X to move) in
  which X cannot win at once, with its exact distance: Markus Thill's 12-ply database with distances,
  4,200,899 positions (MIT licence), installed from PyPI as the package ``bitbully-databases`` (data
  only: we read its file ourselves). A position is 32 bits: per column from the left, each checker from
  the bottom as ``10`` (X) or ``11`` (O), then ``0``; one more ``0`` at the end; as a signed big-endian
  integer, followed by one signed byte ``v``: the distance is ``100 - v`` for ``v > 0``, ``-(100 + v)``
  for ``v < 0``, a draw for 0. Entries are sorted by the position, so a lookup is a binary search in
  the file's bytes (21 MB, read once).
* **the shallow table** (:func:`shallow`): every position with at most :data:`SHALLOW_DEPTH` checkers
  (nobody has four, the side to move cannot win at once), worked out from the published book by
  ``python -m tools.build_opening`` (minimax from 12 checkers back to the empty board); stored in
  ``vp_connect4/data/opening.bin`` as sorted (key, distance) pairs: the key ``stones + mask`` of the
  position or of its mirror image, whichever is smaller, in 7 bytes, and the distance in one signed byte.

Between the two (9 to 11 checkers) :class:`OpeningSearch` searches down to the published book. Beyond
12 checkers the solver works it out. Without ``bitbully-databases`` installed (e.g. a bare
``pip install --no-deps``) :func:`published` is None and the perfect level falls back on the solver.
"""

from __future__ import annotations

import importlib.resources
from functools import cache
from pathlib import Path

from ..position import Bitboard, Geometry, Position, geometry, non_losing_moves, playable
from .solver import distance_to_score, score_to_distance

WIDTH, HEIGHT = 7, 6
BOOK_DEPTH = 12  # checkers in the positions of the published book
SHALLOW_DEPTH = 8  # the shallow table holds the positions with at most this many checkers
PUBLISHED_PACKAGE = "bitbully_databases"
PUBLISHED_FILE = "assets/book_12ply_distances.dat"
PUBLISHED_ENTRY = 5  # bytes: a 4-byte position, a 1-byte value
SHALLOW_FILE = Path(__file__).resolve().parents[2] / "data" / "opening.bin"  # vp_connect4/data
SHALLOW_ENTRY = 8  # bytes: a 7-byte key, a 1-byte distance
KEY_BYTES = 7


def mirror(geom: Geometry, bits: Bitboard) -> Bitboard:
    """``bits`` seen in a mirror: column ``c`` becomes column ``width - 1 - c``."""
    column = (1 << geom.stride) - 1
    result = 0
    for col in range(geom.width):
        result |= ((bits >> (col * geom.stride)) & column) << ((geom.width - 1 - col) * geom.stride)
    return result


def canonical_key(geom: Geometry, stones: Bitboard, mask: Bitboard) -> int:
    """The smaller of the key ``stones + mask`` of a position and of its mirror image."""
    return min(stones + mask, mirror(geom, stones) + mirror(geom, mask))


class _SortedEntries:
    """Fixed-size entries ``key (big-endian) + value (one signed byte)``, sorted by key: a binary search."""

    def __init__(self, data: bytes, entry: int, key_bytes: int, signed_keys: bool) -> None:
        self.data = data
        self.entry = entry
        self.key_bytes = key_bytes
        self.signed = signed_keys
        self.count = len(data) // entry

    def get(self, key: int) -> int | None:
        data, entry, width, signed = self.data, self.entry, self.key_bytes, self.signed
        low, high = 0, self.count - 1
        while low <= high:
            middle = (low + high) >> 1
            start = middle * entry
            found = int.from_bytes(data[start : start + width], "big", signed=signed)
            if found == key:
                value = data[start + width]
                return value - 256 if value > 127 else value
            if found < key:
                low = middle + 1
            else:
                high = middle - 1
        return None


class PublishedBook:
    """The 12-checker book (see the module docstring)."""

    def __init__(self, data: bytes) -> None:
        self.entries = _SortedEntries(data, PUBLISHED_ENTRY, 4, signed_keys=True)
        self.geom = geometry(WIDTH, HEIGHT)

    def __len__(self) -> int:
        return self.entries.count

    def distance(self, stones: Bitboard, mask: Bitboard) -> int | None:
        """The signed distance of a 12-checker position, X to move (``stones``: X's checkers); None if the
        book does not hold it (X can win at once, or it is not such a position)."""
        value = self.entries.get(_encode(self.geom, stones, mask))
        if value is None:
            value = self.entries.get(_encode(self.geom, mirror(self.geom, stones), mirror(self.geom, mask)))
        if value is None:
            return None
        return 0 if value == 0 else 100 - value if value > 0 else -(100 + value)


def _encode(geom: Geometry, stones: Bitboard, mask: Bitboard) -> int:
    """The published book's 32-bit position (see the module docstring), as a signed integer."""
    bits = 0
    stride = geom.stride
    for col in range(geom.width):
        for row in range(geom.height):
            cell = 1 << (col * stride + row)
            if not mask & cell:
                bits <<= 1
                break
            bits = (bits << 2) | (0b10 if stones & cell else 0b11)
            if row == geom.height - 1:
                bits <<= 1
    bits <<= 1
    return bits - (1 << 32) if bits >= 1 << 31 else bits


class ShallowTable:
    """The positions with at most :data:`SHALLOW_DEPTH` checkers (see the module docstring)."""

    def __init__(self, data: bytes) -> None:
        self.entries = _SortedEntries(data, SHALLOW_ENTRY, KEY_BYTES, signed_keys=False)
        self.geom = geometry(WIDTH, HEIGHT)

    def __len__(self) -> int:
        return self.entries.count

    def distance(self, stones: Bitboard, mask: Bitboard) -> int | None:
        """The signed distance of the position for the side to move (``stones``), or None if not held."""
        return self.entries.get(canonical_key(self.geom, stones, mask))


@cache
def published() -> PublishedBook | None:
    """The published 12-checker book, read once; None if ``bitbully-databases`` is not installed."""
    try:
        data = importlib.resources.files(PUBLISHED_PACKAGE).joinpath(PUBLISHED_FILE).read_bytes()
    except (ModuleNotFoundError, FileNotFoundError):
        return None
    return PublishedBook(data)


@cache
def shallow() -> ShallowTable | None:
    """The shallow table, read once; None if it is missing (then :class:`OpeningSearch` searches further)."""
    try:
        return ShallowTable(SHALLOW_FILE.read_bytes())
    except FileNotFoundError:
        return None


class OpeningSearch:
    """Exact outcomes of 7x6 positions with at most 12 checkers, from the tables, searching between them.

    :meth:`distance` gives a position's signed distance; it searches (negamax with alpha-beta over
    Pons' scores, see :mod:`.solver`) down to the first table that holds the positions, and keeps
    what it learns in a dict, so asking for the children of a position after the position is cheap.
    """

    def __init__(self, book: PublishedBook, table: ShallowTable | None = None) -> None:
        self.book = book
        self.table = table
        self.geom = book.geom
        self.cells = self.geom.cells
        self.known: dict[int, int] = {}  # position key -> its Pons score

    def covers(self, position: Position) -> bool:
        return position.geom == self.geom and position.moves_played <= BOOK_DEPTH

    def distance(self, position: Position) -> int:
        """The signed distance of ``position`` for the side to move. Preconditions: :meth:`covers`, nobody
        has four in a row."""
        return score_to_distance(self.cells, position.moves_played, self._score(position.stones, position.mask))

    def column_distances(self, position: Position) -> list[int | None]:
        """For each column, the signed distance of playing there now (None: full), as the solver's
        ``column_outcomes``."""
        results: list[int | None] = []
        for col in range(self.geom.width):
            if not position.can_play(col):
                results.append(None)
            elif position.is_winning_move(col):
                results.append(1)
            else:
                after = position.play(col)
                reply = self.distance(after)
                results.append(-(reply + 1) if reply > 0 else 1 - reply if reply < 0 else 0)
        return results

    def _score(self, stones: Bitboard, mask: Bitboard) -> int:
        """Pons' score of the position for the side owning ``stones`` (to move)."""
        key = stones + mask
        known = self.known.get(key)
        if known is not None:
            return known
        score = self._search(stones, mask)
        self.known[key] = score
        return score

    def _search(self, stones: Bitboard, mask: Bitboard) -> int:
        geom, cells = self.geom, self.cells
        n = mask.bit_count()
        can_move = playable(geom, mask)
        if geom.winning_cells(stones, mask) & can_move:
            return (cells + 1 - n) // 2
        if n == BOOK_DEPTH:
            distance = self.book.distance(stones, mask)
            if distance is None:  # the book leaves out positions won at once: caught above
                raise LookupError("a 12-checker position is missing from the published book")
            return distance_to_score(cells, n, distance)
        if self.table is not None and n <= SHALLOW_DEPTH:
            distance = self.table.distance(stones, mask)
            if distance is not None:
                return distance_to_score(cells, n, distance)
        moves = non_losing_moves(can_move, geom.winning_cells(stones ^ mask, mask))
        if not moves:
            return -((cells - n) >> 1)  # whatever we do, the opponent wins next
        best = -cells
        opponent = stones ^ mask
        while moves:
            move = moves & -moves
            moves ^= move
            best = max(best, -self._score(opponent, mask | move))
        return best
