"""Strength table: does the perfect level keep the game-theoretic outcome, from the empty board on, in time?

Three parts, each against an oracle that plays exactly without a time limit: the opening book (its 12-checker
positions, the shallow table and the search between them) up to 12 checkers, our solver beyond.

1. The book against the solver: random 12-checker positions, the book's distance and the solver's.
2. For every count from 0 to 30 checkers, random positions (seeded random moves; nobody has four, the side to move
   cannot win at once): the share where the perfect level's move keeps the outcome (a win stays a win, a
   draw at least a draw), its median and slowest move time, and how it found its moves (book, exact
   solve, weak solve, or the fallback search). Each position starts the player cold (an empty solver
   table), as a fresh game would.
3. Games from all 49 two-move openings against a perfect opponent (the oracle's best move: the fastest win,
   the slowest loss), the perfect level on the side the opening leaves winning or drawing: games whose
   result keeps the opening's outcome, out of 49; the slowest move. The player's solver table is kept from
   move to move within a game (as the scene's AI worker keeps it), emptied between games.
"""

from __future__ import annotations

import random
import statistics
import time
from collections import Counter

from vp_connect4 import Board
from vp_connect4.engine.exact import perfect, solver
from vp_connect4.engine.exact.book import BOOK_DEPTH, published
from vp_connect4.engine.exact.solver import Solver
from vp_connect4.engine.position import Position, geometry, random_position
from vp_connect4.levels import PerfectPlayer

from .table import print_table

SEED = 20_261_123
STONES = tuple(range(0, 31))  # every checker count up to 30 (beyond, positions are few and quickly solved)
PER_COUNT = {False: 40, True: 3}
BOOK_SAMPLE = {False: 12, True: 3}
GEOM = geometry(7, 6)
POSITION_COLUMNS = ("checkers", "positions", "kept", "median move", "slowest move", "found by")


class Oracle:
    """Exact play without a time limit: the book's search up to 12 checkers, a solver of its own beyond."""

    def __init__(self) -> None:
        self.opening = perfect.opening()
        self.solver = Solver(GEOM)

    def distance(self, position: Position) -> int:
        """The signed distance for the side to move (nobody has four)."""
        if position.can_win_next():
            return 1
        if self.opening is not None and position.moves_played <= BOOK_DEPTH:
            return self.opening.distance(position)
        return self.solver.outcome(position)

    def outcome(self, position: Position) -> int:
        distance = self.distance(position)
        return (distance > 0) - (distance < 0)

    def after(self, position: Position, col: int) -> int:
        """The outcome for the side that plays ``col`` (+1 win, 0 draw, -1 loss)."""
        if position.is_winning_move(col):
            return 1
        following = position.play(col)
        return 0 if following.is_full() else -self.outcome(following)

    def best_column(self, position: Position) -> int:
        """An exact best move (the fastest win, the slowest loss), the leftmost of equals."""
        if self.opening is not None and position.moves_played < BOOK_DEPTH:
            return perfect.best_of(self.opening.column_distances(position))[1][0]
        return self.solver.best_columns(position)[1][0]


def board_of(position: Position) -> Board:
    """The Board of ``position``."""
    board = Board(GEOM.width, GEOM.height)
    ox = "X" if position.moves_played % 2 == 0 else "O"
    other = "O" if ox == "X" else "X"
    for col in range(GEOM.width):
        for row in range(GEOM.height):
            bit = GEOM.bit(col, row)
            if position.mask & bit:
                board.data[GEOM.height - 1 - row][col] = ox if position.stones & bit else other
    return board


def timed_move(player: PerfectPlayer, position: Position) -> tuple[int, float, str]:
    board = board_of(position)
    start = time.perf_counter()
    col = player.next_move(board)
    seconds = time.perf_counter() - start
    return col, seconds, player.last_choice.how if player.last_choice else "?"


def cold() -> None:
    """Forget what the player's solver learnt (its table). The columns proved ahead of time stay (a program
    keeps them as long as it runs), so later games may find a position already worked out."""
    solver._solvers.clear()


def book_rows(oracle: Oracle, count: int, rng: random.Random) -> tuple[str, ...]:
    book = published()
    assert book is not None
    checked = mismatches = 0
    start = time.perf_counter()
    while checked < count:
        position = random_position(GEOM, rng, BOOK_DEPTH)
        if book.distance(position.stones, position.mask) != oracle.solver.outcome(position):
            mismatches += 1
        checked += 1
    return (f"{checked} random 12-checker positions", str(mismatches), f"{time.perf_counter() - start:.0f} s")


def position_row(oracle: Oracle, checkers: int, count: int, rng: random.Random) -> tuple[str, ...]:
    kept, times, how = 0, [], Counter()
    for _ in range(count):
        position = random_position(GEOM, rng, checkers)
        cold()
        player = PerfectPlayer("X" if checkers % 2 == 0 else "O", "LEFT")
        col, seconds, found_by = timed_move(player, position)
        kept += oracle.after(position, col) == oracle.outcome(position)
        times.append(seconds)
        how[found_by] += 1
    found = ", ".join(f"{name} {n}" for name, n in sorted(how.items()))
    return (
        str(checkers),
        str(count),
        f"{100 * kept / count:.0f}%",
        f"{statistics.median(times):.3f} s",
        f"{max(times):.2f} s",
        found,
    )


def play_opening(oracle: Oracle, opening: tuple[int, int]) -> tuple[bool, list[float], Counter[str]]:
    """The perfect level against the oracle from ``opening``, on the side it leaves winning or drawing."""
    position = Position(GEOM).play(opening[0]).play(opening[1])
    expected = oracle.outcome(position)  # for X, to move
    mine = 0 if expected >= 0 else 1  # X moves at even counts, O at odd ones
    target = abs(expected)  # a win stays a win; a draw at least a draw
    cold()
    player = PerfectPlayer("XO"[mine], "LEFT")
    times: list[float] = []
    how: Counter[str] = Counter()
    while True:
        if position.moves_played % 2 == mine:
            col, seconds, found_by = timed_move(player, position)
            times.append(seconds)
            how[found_by] += 1
            result = 1 if position.is_winning_move(col) else None
        else:
            col = oracle.best_column(position)
            result = -1 if position.is_winning_move(col) else None
        position = position.play(col)
        if result is None and position.is_full():
            result = 0
        if result is not None:
            return result >= target if target == 0 else result == 1, times, how


def run(quick: bool) -> None:
    """Print the strength tables (``quick``: a few positions per count, 7 of the 49 openings)."""
    if published() is None:
        print("Strength: skipped (bitbully-databases is not installed)")
        return
    started = time.perf_counter()
    rng = random.Random(SEED)
    oracle = Oracle()
    print("The opening book against our solver (exact distances)")
    print_table(("sample", "mismatches", "time"), [book_rows(oracle, BOOK_SAMPLE[quick], rng)])
    print()
    print("Perfect level on random positions: the move keeps the game-theoretic outcome (within 1 s a move)")
    rows = [position_row(oracle, checkers, PER_COUNT[quick], rng) for checkers in STONES]
    print_table(POSITION_COLUMNS, rows)
    print()
    openings = [(a, b) for a in range(7) for b in range(7)]
    if quick:
        openings = openings[::7]
    kept, times, how = 0, [], Counter()
    for opening in openings:
        won, game_times, game_how = play_opening(oracle, opening)
        kept += won
        times += game_times
        how += game_how
        verdict = "kept" if won else "LOST"
        print(f"  opening {opening[0]}{opening[1]}: {verdict}, slowest move {max(game_times):.2f} s", flush=True)
    found = ", ".join(f"{name} {n}" for name, n in sorted(how.items()))
    print(
        f"Games from {len(openings)} two-move openings against a perfect opponent: {kept}/{len(openings)} kept; "
        f"moves: median {statistics.median(times):.3f} s, slowest {max(times):.2f} s; found by {found}"
    )
    print(f"(the tables took {time.perf_counter() - started:.0f} s)")
