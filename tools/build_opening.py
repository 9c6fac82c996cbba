"""Rebuild ``vp_connect4/data/opening.bin``, the shallow opening table: ``python -m tools.build_opening``.

Every 7x6 position with at most ``SHALLOW_DEPTH`` checkers (nobody has four, the side to move cannot
win at once) and its exact signed distance, worked out from the published 12-checker book
(``bitbully-databases``, see ``vp_connect4.engine.exact.book``) by minimax from 12 checkers back to the empty
board: all positions of 1 to 11 checkers are listed (mirror images once), the 11-checker ones scored
from the book, each layer from the next. Takes about 15 minutes and 2 GB on one core of a 2026 laptop
"""

from __future__ import annotations

import argparse
import sys
import time

from vp_connect4.engine.exact.book import (
    BOOK_DEPTH,
    KEY_BYTES,
    SHALLOW_DEPTH,
    SHALLOW_FILE,
    PublishedBook,
    canonical_key,
    mirror,
    published,
)
from vp_connect4.engine.exact.solver import distance_to_score, score_to_distance
from vp_connect4.engine.position import Geometry, geometry, non_losing_moves, playable

Layer = dict[int, tuple[int, int]]  # canonical key -> (stones of the side to move, mask), the canonical image


def layers(geom: Geometry, deepest: int) -> list[Layer]:
    """The positions after 0 .. ``deepest`` checkers in which nobody has four, each mirror pair once."""
    result: list[Layer] = [{0: (0, 0)}]
    for depth in range(deepest):
        following: Layer = {}
        for stones, mask in result[depth].values():
            can_move = playable(geom, mask)
            if geom.winning_cells(stones, mask) & can_move:
                continue  # the side to move wins at once: the game does not go on from here
            opponent = stones ^ mask
            moves = can_move
            while moves:
                move = moves & -moves
                moves ^= move
                after = mask | move
                key = opponent + after
                mirrored_opponent, mirrored_after = mirror(geom, opponent), mirror(geom, after)
                if mirrored_opponent + mirrored_after < key:
                    following[mirrored_opponent + mirrored_after] = (mirrored_opponent, mirrored_after)
                else:
                    following[key] = (opponent, after)
        result.append(following)
        print(f"  {depth + 1} checkers: {len(following):,} positions", file=sys.stderr, flush=True)
    return result


def score(
    geom: Geometry, stones: int, mask: int, n: int, child_score: dict[int, int] | None, book: PublishedBook
) -> int:
    """Pons' score of a position of ``n`` checkers from its children's (in ``child_score``, or the book)."""
    cells = geom.cells
    can_move = playable(geom, mask)
    if geom.winning_cells(stones, mask) & can_move:
        return (cells + 1 - n) // 2
    moves = non_losing_moves(can_move, geom.winning_cells(stones ^ mask, mask))
    if not moves:
        return -((cells - n) >> 1)
    opponent = stones ^ mask
    best = -cells
    while moves:
        move = moves & -moves
        moves ^= move
        after = mask | move
        if n + 1 == BOOK_DEPTH:
            distance = book.distance(opponent, after)  # None: the book leaves out positions won at once
            reply = (cells - n) // 2 if distance is None else distance_to_score(cells, n + 1, distance)
        else:
            reply = child_score[canonical_key(geom, opponent, after)]  # type: ignore[index]
        best = max(best, -reply)
    return best


def build(book: PublishedBook, deepest_listed: int = BOOK_DEPTH - 1, kept: int = SHALLOW_DEPTH) -> bytes:
    """The table's bytes: sorted (canonical key, distance) of the positions of at most ``kept`` checkers."""
    geom = geometry(7, 6)
    start = time.monotonic()
    positions = layers(geom, deepest_listed)
    scores: dict[int, int] | None = None
    entries: list[tuple[int, int]] = []
    for depth in range(deepest_listed, -1, -1):
        layer_scores: dict[int, int] = {}
        for key, (stones, mask) in positions[depth].items():
            layer_scores[key] = score(geom, stones, mask, depth, scores, book)
            if depth <= kept and not geom.winning_cells(stones, mask) & playable(geom, mask):
                entries.append((key, score_to_distance(geom.cells, depth, layer_scores[key])))
        scores = layer_scores
        positions[depth] = {}  # free it
        print(f"  scored {depth} checkers ({time.monotonic() - start:.0f} s)", file=sys.stderr, flush=True)
    entries.sort()
    return b"".join(key.to_bytes(KEY_BYTES, "big") + d.to_bytes(1, "big", signed=True) for key, d in entries)


def main(argv: list[str] | None = None) -> int:
    argparse.ArgumentParser(prog="python -m tools.build_opening", description=__doc__.splitlines()[0]).parse_args(argv)
    book = published()
    if book is None:
        print("bitbully-databases is not installed (pip install -r requirements.txt)", file=sys.stderr)
        return 1
    start = time.monotonic()
    data = build(book)
    SHALLOW_FILE.write_bytes(data)
    print(f"wrote {SHALLOW_FILE}: {len(data) // 8:,} positions in {time.monotonic() - start:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
