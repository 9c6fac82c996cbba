"""The opening book (vp_connect4.engine.exact.book): the published 12-checker book read right, the shallow table
made right, and the perfect level playing from them (vp_connect4.engine.exact.perfect)."""

from __future__ import annotations

import random

import pytest

from vp_connect4 import Board
from vp_connect4.engine.exact import book, perfect
from vp_connect4.engine.exact.solver import Solver
from vp_connect4.engine.position import Position, geometry, random_position
from vp_connect4.levels import PerfectPlayer

G = geometry(7, 6)
PUBLISHED = book.published()
pytestmark = pytest.mark.skipif(PUBLISHED is None, reason="bitbully-databases is not installed")


def rows_to_position(rows: list[list[int]]) -> Position:
    """A position from the published book's documentation format: rows top first, 1 = X, 2 = O (X to move)."""
    stones = mask = 0
    for index, row in enumerate(rows):
        for col, cell in enumerate(row):
            if cell:
                bit = G.bit(col, len(rows) - 1 - index)
                mask |= bit
                if cell == 1:
                    stones |= bit
    return Position(G, stones, mask)


# Positions and values documented with the published book (bitbully-databases' docstrings): the stored
# value v means X wins in 100 - v moves (v > 0), loses in 100 + v (v < 0)
DOCUMENTED = [
    ([[0] * 7, [0, 0, 0, 1, 0, 0, 0], [0, 1, 0, 2, 0, 0, 0], [0, 2, 0, 1, 0, 2, 0], [0, 1, 0, 2, 0, 1, 0],
      [0, 2, 0, 1, 0, 2, 0]], 29),
    ([[0] * 7, [0] * 7, [0, 0, 1, 1, 0, 0, 0], [0, 0, 2, 2, 0, 0, 0], [0, 1, 2, 1, 0, 0, 0],
      [0, 1, 1, 2, 0, 2, 2]], -12),
    ([[0] * 7, [0] * 7, [0, 1, 0, 0, 0, 0, 0], [0, 2, 2, 0, 1, 0, 0], [0, 2, 1, 0, 2, 0, 0],
      [1, 1, 2, 1, 2, 0, 0]], 27),
    ([[0] * 7, [0] * 7, [0, 0, 1, 1, 0, 0, 0], [0, 0, 2, 2, 0, 0, 0], [0, 0, 2, 1, 2, 0, 0],
      [0, 1, 1, 2, 1, 2, 0]], 0),
]  # fmt: skip


@pytest.mark.parametrize(("rows", "distance"), DOCUMENTED)
def test_the_published_book_reads_as_documented(rows: list[list[int]], distance: int) -> None:
    position = rows_to_position(rows)
    assert PUBLISHED is not None and PUBLISHED.distance(position.stones, position.mask) == distance
    mirrored = Position(G, book.mirror(G, position.stones), book.mirror(G, position.mask))
    assert PUBLISHED.distance(mirrored.stones, mirrored.mask) == distance  # held once, found both ways


def test_the_published_book_agrees_with_the_solver() -> None:
    """Where the solver is quick (a win or loss near at hand), its distance is the book's; the rest of the
    sample is checked by ``make bench ARGS=strength_bench``, which prints how many."""
    rng = random.Random(12)
    checked = 0
    solver = Solver(G)
    while checked < 6:
        position = random_position(G, rng, 12)
        distance = PUBLISHED.distance(position.stones, position.mask)  # type: ignore[union-attr]
        assert distance is not None
        if distance == 0 or abs(distance) > 14:
            continue
        assert solver.outcome(position) == distance
        checked += 1


def test_the_book_leaves_out_just_the_positions_won_at_once() -> None:
    rng = random.Random(3)
    for _ in range(200):
        position = Position(G)
        for _ in range(12):
            position = position.play(rng.choice([c for c in range(7) if position.can_play(c)]))
        if position.is_won() or position.is_lost():
            continue
        found = PUBLISHED.distance(position.stones, position.mask)  # type: ignore[union-attr]
        assert (found is None) == position.can_win_next()


def test_the_empty_board_and_its_columns_are_known_exactly() -> None:
    """X wins with the last checker of the game, by the centre column only (Allis 1988, Tromp 1995)."""
    opening = perfect.opening()
    assert opening is not None
    assert opening.distance(Position(G)) == 41
    assert opening.column_distances(Position(G)) == [-40, -42, 0, 41, 0, -42, -40]


def test_the_shallow_table_is_the_published_book_searched_back() -> None:
    table = book.shallow()
    assert table is not None and len(table) > 100_000
    with_table = perfect.opening()
    without = book.OpeningSearch(PUBLISHED, None)  # type: ignore[arg-type]
    rng = random.Random(8)
    for _ in range(25):
        position = random_position(G, rng, rng.choice([7, 8]))
        assert with_table.distance(position) == without.distance(position)  # type: ignore[union-attr]


@pytest.mark.parametrize("moves", ["", "3", "33", "3332", "3332221", "33322211044", "32345236615"])
def test_the_perfect_level_plays_a_best_column_from_the_book_at_once(moves: str) -> None:
    b = Board()
    b.set_board(moves)
    player = PerfectPlayer(b.to_move(), "LEFT")
    col = player.next_move(b)
    assert player.last_choice is not None and player.last_choice.how == perfect.BOOK
    outcomes = perfect.column_outcomes(b.referee.solver_position(b.to_move()))
    assert outcomes[col] == perfect.best_of(outcomes)[0]


def test_best_of_prefers_the_soonest_win_then_a_draw_then_the_latest_loss() -> None:
    assert perfect.best_of([None, -3, 5, 7, 0]) == (5, [2])
    assert perfect.best_of([-3, 0, -9, None]) == (0, [1])
    assert perfect.best_of([-3, -11, -11, None]) == (-11, [1, 2])


def test_os_last_book_move_prepares_its_first_move_past_the_book() -> None:
    # O's first move past the book comes at 13 checkers. Its last book move (here at 11 checkers, O winning)
    # spends its time left proving a column for the positions after X's answers that may be best (the book's
    # parents tell which); X's best answer here is column 2, and O's move after it is then ready at once.
    before = Position(geometry(7, 6))
    for col in "64444314222":
        before = before.play(int(col))
    book_move = perfect.choose(before, budget=60)
    assert book_move.how == perfect.BOOK and book_move.columns == [2]
    past = before.play(2).play(2)
    ready = perfect.choose(past, budget=0.5)
    assert ready.how == perfect.BOOK, ready  # found ahead, not by a search at the move
    assert Solver(past.geom).keeps(past, ready.columns[0], 1)  # O still wins


def test_a_book_move_thinks_ahead_no_further_than_an_answer_that_wins_at_once() -> None:
    # O to move (7 checkers), lost: X completes a four on the bottom row in column 2 or column 5. X's answers
    # include later wins too; thinking ahead must stop at the win at once, not play on past a four.
    position = Position(G, stones=0x6000_0001, mask=0x400_7020_0081)
    assert position.moves_played == 7 and not position.is_lost()
    choice = perfect.choose(position, budget=60)
    assert choice.how == perfect.BOOK and choice.outcome is not None and choice.outcome < 0
