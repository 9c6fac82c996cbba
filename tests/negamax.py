"""A plain memoised negamax over the seed's Board: the exact outcome of small boards, to hold the solver to.

Outcomes are signed distances, as the solver gives them: ``+n`` the side to move wins with the ``n``-th move from
now (moves of both sides counted), ``-n`` it loses on the ``n``-th, ``0`` a draw; a full column is None.
"""

from __future__ import annotations

import random

from vp_connect4 import Board


def best_of(results: list[int | None]) -> tuple[int, list[int]]:
    """The best signed distance among ``results`` and the columns that have it."""
    best = max((r for r in results if r is not None), key=reference_key)
    return best, [col for col, r in enumerate(results) if r == best]


def reference_key(result: int) -> tuple[int, int]:
    """Fastest win first, slowest loss last."""
    return (1, -result) if result > 0 else (-1, -result) if result < 0 else (0, 0)


def brute_force(width: int, height: int, moves: str) -> int:
    """Plain minimax over Board: the signed distance for the side to move after ``moves`` (0-based)."""
    board = Board(width, height)
    board.set_board(moves)
    return _best(board)


def brute_force_columns(width: int, height: int, moves: str) -> list[int | None]:
    """Plain minimax over Board: the signed distance of each column (None if full) after ``moves``."""
    board = Board(width, height)
    board.set_board(moves)
    return _columns(board)


_memo: dict[tuple[int, tuple[str, ...]], int] = {}


def _best(board: Board) -> int:
    key = (board.height, tuple(board.columns()))
    if key not in _memo:
        _memo[key] = max((r for r in _columns(board) if r is not None), key=reference_key)
    return _memo[key]


def _columns(board: Board) -> list[int | None]:
    ox = board.to_move()
    results: list[int | None] = []
    for col in range(board.width):
        if not board.allows_move(col):
            results.append(None)
            continue
        board.add_move(col, ox)
        if board.wins_for(ox):
            results.append(1)
        elif board.is_full():
            results.append(0)
        else:
            reply = _best(board)
            results.append(-(reply + 1) if reply > 0 else 1 - reply if reply < 0 else 0)
        board.del_move(col)
    return results


def random_open_position(rng: random.Random, width: int, height: int, stones: int) -> str | None:
    """Moves of a random game of ``stones`` moves that nobody has won yet (None if it ended early)."""
    board = Board(width, height)
    moves = ""
    for _ in range(stones):
        ox = board.to_move()
        col = rng.choice([c for c in range(width) if board.allows_move(c)])
        board.add_move(col, ox)
        moves += str(col)
        if board.wins_for(ox) or board.is_full():
            return None
    return moves
