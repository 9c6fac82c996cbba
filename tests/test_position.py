"""The engine's position type and primitives (engine/position.py) against plain cell-by-cell references."""

from __future__ import annotations

import random

import pytest
from conftest import exact
from hypothesis import given
from hypothesis import strategies as st
from reference import runs_of_four

from vp_connect4 import Board
from vp_connect4.engine.position import (
    Geometry,
    Position,
    can_play,
    centre_first,
    four_cells,
    geometry,
    has_four,
    move_bit,
    non_losing_moves,
    playable,
    winning_cells,
)

SIZES = st.tuples(st.integers(1, 9), st.integers(1, 8))


def random_stacks(geom: Geometry, rng: random.Random) -> tuple[int, int]:
    """``(stones, mask)``: columns filled from the bottom to random heights, each checker X or O at random.

    Fours may already stand: the primitives must not care how a board came about.
    """
    heights = [rng.randint(0, geom.height) for _ in range(geom.width)]
    mask = sum(geom.bit(col, row) for col in range(geom.width) for row in range(heights[col]))
    return rng.getrandbits(geom.full.bit_length()) & mask, mask


def cells_of(bits: int) -> list[int]:
    return [1 << i for i in range(bits.bit_length()) if bits >> i & 1]


def slow_four_cells(geom: Geometry, stones: int) -> int:
    """Every cell of a four in a row of ``stones``, by looking at each run of four cells on the board."""
    result = 0
    for bits in runs_of_four(geom):
        if all(stones & bit for bit in bits):
            result |= sum(bits)
    return result


@exact(300)
@given(SIZES, st.randoms(use_true_random=False))
def test_fours_match_a_cell_by_cell_look(size: tuple[int, int], rng: random.Random) -> None:
    geom = geometry(*size)
    stones, _ = random_stacks(geom, rng)
    assert four_cells(geom, stones) == slow_four_cells(geom, stones)
    assert has_four(geom, stones) == bool(slow_four_cells(geom, stones))


@exact(300)
@given(SIZES, st.randoms(use_true_random=False))
def test_winning_cells_are_the_empty_cells_that_make_a_four(size: tuple[int, int], rng: random.Random) -> None:
    geom = geometry(*size)
    stones, mask = random_stacks(geom, rng)
    empty = cells_of(geom.full ^ mask)
    expected = sum(cell for cell in empty if four_cells(geom, stones | cell) & cell)
    assert winning_cells(geom, stones, mask) == expected


@exact(300)
@given(SIZES, st.randoms(use_true_random=False))
def test_moves_and_playable_cells(size: tuple[int, int], rng: random.Random) -> None:
    geom = geometry(*size)
    _, mask = random_stacks(geom, rng)
    moves = 0
    for col in range(geom.width):
        height = (mask & geom.column_masks[col]).bit_count()
        assert can_play(geom, mask, col) == (height < geom.height)
        if height < geom.height:
            assert move_bit(geom, mask, col) == geom.bit(col, height)
            moves |= move_bit(geom, mask, col)
    assert playable(geom, mask) == moves


@exact(300)
@given(SIZES, st.randoms(use_true_random=False))
def test_non_losing_moves_leave_the_opponent_no_four_next(size: tuple[int, int], rng: random.Random) -> None:
    geom = geometry(*size)
    stones, mask = random_stacks(geom, rng)
    theirs = winning_cells(geom, stones ^ mask, mask)
    can_move = playable(geom, mask)
    expected = 0
    for move in cells_of(can_move):
        after = mask | move
        if not winning_cells(geom, stones ^ mask, after) & playable(geom, after):
            expected |= move
    assert non_losing_moves(can_move, theirs) == expected


def test_one_cell_to_block_is_the_only_move_and_two_leave_none() -> None:
    geom = geometry(7, 6)
    assert Position.from_moves(geom, "06162").non_losing_moves() == geom.bit(3, 0)  # X wins in column 3
    assert Position.from_moves(geom, "16263").non_losing_moves() == 0  # X wins in column 0 or in column 4


def test_centre_first() -> None:
    assert centre_first(7) == (3, 2, 4, 1, 5, 0, 6)
    assert centre_first(4) == (1, 2, 0, 3)
    assert centre_first(1) == (0,)
    assert geometry(4, 4).centre_first_masks == tuple(geometry(4, 4).column_masks[col] for col in (1, 2, 0, 3))


# -- Position ----------------------------------------------------------------------


@exact(100)
@given(SIZES, st.randoms(use_true_random=False))
def test_positions_follow_the_board(size: tuple[int, int], rng: random.Random) -> None:
    width, height = size
    board, moves = Board(width, height), []
    position = Position(geometry(width, height))
    for _ in range(rng.randint(0, width * height)):
        columns = [col for col in range(width) if board.allows_move(col)]
        assert [col for col in range(width) if position.can_play(col)] == columns
        if not columns:
            break
        col = rng.choice(columns)
        ox = board.to_move()
        move = move_bit(position.geom, position.mask, col)
        assert position.is_winning_move(col) == has_four(position.geom, position.stones | move)
        board.add_move(col, ox)
        moves.append(col)
        position = position.play(col)
        assert position == board.referee.solver_position(board.to_move())
        assert position.moves_played == len(moves)
        assert position.is_lost() == board.wins_for(ox)
        assert not position.is_won()
        assert position.is_full() == board.is_full()
        if position.is_lost():
            break
    assert Position.from_moves(position.geom, moves) == position
    assert Position.from_moves(position.geom, iter(moves)) == position


def test_from_moves_takes_digits_and_checks_them() -> None:
    geom = geometry(7, 6)
    assert Position.from_moves(geom, "3323") == Position.from_moves(geom, [3, 3, 2, 3])
    assert Position.from_moves(geom, "") == Position(geom)
    with pytest.raises(ValueError, match="move 7"):
        Position.from_moves(geom, "0000000")  # column 0 is full after six
    with pytest.raises(ValueError, match="move 2"):
        Position.from_moves(geom, [0, 7])
    with pytest.raises(ValueError):
        Position.from_moves(geom, "3x")


def test_keys_tell_positions_apart() -> None:
    geom = geometry(4, 4)
    seen: dict[int, Position] = {}
    frontier = [Position(geom)]
    while frontier:  # every position reachable within 6 moves, fours or not
        position = frontier.pop()
        if seen.setdefault(position.key(), position) != position:
            pytest.fail(f"{position} and {seen[position.key()]} share a key")
        if position.moves_played < 6:
            frontier.extend(position.play(col) for col in range(4) if position.can_play(col))
    assert len(seen) > 1000


def test_winning_cells_and_threats_of_a_position() -> None:
    geom = geometry(7, 6)
    position = Position.from_moves(geom, "061526")  # X to move, three on the bottom row
    assert position.winning_cells() == geom.bit(3, 0)
    assert position.opponent_winning_cells() == 0
    assert position.can_win_next()
    assert position.is_winning_move(3) and not position.is_winning_move(4)
    blocked = position.play(4).play(3)  # X plays elsewhere, O blocks
    assert blocked.winning_cells() == 0 and not blocked.can_win_next()
    assert blocked.opponent_winning_cells() == 0
