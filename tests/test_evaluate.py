"""The smart evaluation: ``engine.evaluate`` and ``Player.score_board_for_tourney`` / ``scores_for_tourney``."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from reference import reference_scores_tourney, runs_of_four

from vp_connect4 import Board, Player
from vp_connect4.engine.evaluate import evaluate, squash
from vp_connect4.engine.position import Geometry, geometry, winning_cells

SIZES = [(1, 1), (3, 3), (4, 4), (5, 4), (7, 6), (6, 7), (9, 7), (12, 10)]
RECORDED = Path(__file__).resolve().parent / "data" / "evaluations.json"


def random_board(rng: random.Random, width: int, height: int, allow_win: bool = False) -> Board:
    """A board reached by random alternating moves, X first; stops before a win unless ``allow_win``."""
    b = Board(width, height)
    checker = "X"
    for _ in range(rng.randrange(width * height + 1)):
        open_cols = [col for col in range(width) if b.allows_move(col)]
        if not open_cols:
            break
        col = rng.choice(open_cols)
        b.add_move(col, checker)
        if b.wins_for(checker):
            if allow_win:
                break
            b.del_move(col)
            break
        checker = "O" if checker == "X" else "X"
    return b


def random_boards(count: int, allow_win: bool = False, seed: int = 4) -> list[Board]:
    rng = random.Random(seed)
    return [random_board(rng, *rng.choice(SIZES), allow_win=allow_win) for _ in range(count)]


def from_moves(moves: str, width: int = 7, height: int = 6) -> Board:
    b = Board(width, height)
    b.set_board(moves)
    return b


def place(cells: dict[str, list[tuple[int, int]]], width: int = 7, height: int = 6) -> Board:
    """A board with checkers at ``(col, row)`` cells, row 0 at the bottom (need not be reachable)."""
    b = Board(width, height)
    for ox, where in cells.items():
        for col, row in where:
            b.data[height - 1 - row][col] = ox
    return b


def smart(ox: str, ply: int) -> Player:
    return Player(ox, "LEFT", ply, evaluation="smart")


# -- the evaluation ----------------------------------------------------------------


@pytest.mark.parametrize("allow_win", [False, True])
def test_evaluation_is_strictly_between_0_and_100_and_symmetric_when_the_mover_is_plain(allow_win):
    odd = 0
    for b in random_boards(400, allow_win=allow_win):
        position = b.referee.solver_position("X")
        geom, stones, mask = position.geom, position.stones, position.mask
        mine = evaluate(geom, stones, mask)
        theirs = evaluate(geom, stones ^ mask, mask)
        assert 0.0 < mine < 100.0 and 0.0 < theirs < 100.0
        if mask.bit_count() % 2:  # O has one checker fewer: O is to move, whoever asks
            odd += 1
            assert theirs == 100.0 - mine, b
    assert odd > 100


def test_with_as_many_checkers_each_the_owner_is_to_move():
    # X and O have three each; X's three on the bottom row is open at (3, 0), which is playable.
    b = place({"X": [(0, 0), (1, 0), (2, 0)], "O": [(0, 1), (1, 1), (6, 0)]})
    x_to_move = Player("X", "LEFT", 0).score_board_for_tourney(b)
    o_to_move = Player("O", "LEFT", 0).score_board_for_tourney(b)
    assert x_to_move > 90.0  # X to move wins at once
    assert o_to_move > 100.0 - x_to_move  # O to move blocks: far from lost


def test_squash_is_exactly_symmetric_and_bounded():
    for raw in [0, 1, 7, 199, 200, 10**6, 10**30]:
        assert squash(-raw) == 100.0 - squash(raw)
        assert 0.0 < squash(-raw) <= 50.0 <= squash(raw) < 100.0
    assert squash(0) == 50.0
    assert squash(3) < squash(4)


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_empty_boards_are_even_on_every_size(width, height):
    assert evaluate(geometry(width, height), 0, 0) == 50.0


def test_a_central_checker_is_worth_more_than_an_edge_one():
    by_column = [Player("X", "LEFT", 0).score_board_for_tourney(place({"X": [(col, 0)]})) for col in range(7)]
    assert by_column[3] == max(by_column) > 50.0
    assert by_column[0] == min(by_column)
    assert by_column[0] < by_column[1] < by_column[2] < by_column[3]
    assert by_column[:3] == by_column[:3:-1]  # the board is mirror-symmetric


def test_the_smart_player_opens_in_the_centre():
    scores = smart("X", 1).scores_for_tourney(Board(7, 6))
    assert scores.index(max(scores)) == 3
    assert scores.count(max(scores)) == 1
    wide = smart("X", 1).scores_for_tourney(Board(9, 7))
    assert wide.index(max(wide)) == 4


def test_an_open_playable_three_beats_a_blocked_one():
    # X holds the bottom row's columns 0-2 in both; O's third checker blocks column 3 or sits at column 4.
    x_cells = [(0, 0), (1, 0), (2, 0)]
    o_cells = [(0, 1), (1, 1)]
    open_three = place({"X": x_cells, "O": [*o_cells, (4, 0)]})
    blocked = place({"X": x_cells, "O": [*o_cells, (3, 0)]})
    player = Player("X", "LEFT", 0)
    assert player.score_board_for_tourney(open_three) > player.score_board_for_tourney(blocked) + 5.0


def test_an_open_two_beats_a_blocked_two():
    open_two = place({"X": [(2, 0), (3, 0)], "O": [(2, 1), (6, 0)]})
    blocked = place({"X": [(2, 0), (3, 0)], "O": [(2, 1), (4, 0)]})
    player = Player("X", "LEFT", 0)
    # (4, 0) is the more central cell for O, so the blocked board is not better for X only by centre control.
    assert player.score_board_for_tourney(open_two) > player.score_board_for_tourney(blocked)


def mirrored(left_x: list[tuple[int, int]], left_o: list[tuple[int, int]]) -> Board:
    """A 9x6 board: the left block as given, the right block its mirror image in swapped colours, and one
    more X checker in the middle of the bottom row, so X began and O is to move."""
    width = 9
    x_cells = [*left_x, *((width - 1 - col, row) for col, row in left_o), (width // 2, 0)]
    o_cells = [*left_o, *((width - 1 - col, row) for col, row in left_x)]
    return place({"X": x_cells, "O": o_cells}, width=width)


def test_threats_count_more_on_the_rows_their_side_can_get():
    # Each side has one three whose threat cell is not playable yet, on the same row: row 3 (odd) or row 2
    # (even), counted from the bottom. Odd rows are the first player's (X's), even rows the second's.
    on_odd_row = mirrored([(0, 2), (1, 2), (2, 2), (0, 1), (1, 0), (2, 1)], [(0, 0), (1, 1), (2, 0)])
    on_even_row = mirrored([(0, 1), (1, 1), (2, 1), (1, 0)], [(0, 0), (2, 0)])
    player = Player("X", "LEFT", 0)
    assert player.score_board_for_tourney(on_odd_row) > 55.0
    assert player.score_board_for_tourney(on_even_row) < 50.0


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_any_size_full_and_won_boards_do_not_crash(width, height):
    rng = random.Random(width * 100 + height)
    for _ in range(20):
        b = random_board(rng, width, height, allow_win=True)
        for ox in "XO":
            assert 0.0 < Player(ox, "LEFT", 0).score_board_for_tourney(b) < 100.0
    full = Board(width, height)
    for col in range(width):
        for row in range(height):
            full.add_move(col, "XO"[(col // 2 + row) % 2])
    assert 0.0 < Player("X", "LEFT", 0).score_board_for_tourney(full) < 100.0


# -- scores_for_tourney ---------------------------------------------------------------


def smart_horizon(b: Board, ox: str) -> float:
    return Player(ox, "LEFT", 0).score_board_for_tourney(b)


def test_scores_for_tourney_is_the_seed_recursion_with_the_evaluation_at_the_horizon():
    rng = random.Random(11)
    for _ in range(120):
        width, height = rng.choice([(4, 4), (5, 4), (5, 5), (7, 6)])
        b = random_board(rng, width, height, allow_win=rng.random() < 0.1)
        ply = rng.randrange(4 if width * height < 30 else 3)
        ox = rng.choice("XO")
        expected = reference_scores_tourney(
            b, ox, ply, lambda board, side: Player(side, "LEFT", 0).score_board_for_tourney(board)
        )
        assert smart(ox, ply).scores_for_tourney(b) == pytest.approx(expected, abs=1e-9), (repr(b), ox, ply)


def test_full_columns_score_minus_one_and_wins_score_100():
    b = from_moves("333333" + "0101010")  # column 3 full, then X wins in column 0
    assert b.wins_for("X")
    assert smart("X", 2).scores_for_tourney(b) == [-1.0 if col == 3 else 100.0 for col in range(7)]
    assert smart("O", 2).scores_for_tourney(b) == [-1.0 if col == 3 else 0.0 for col in range(7)]
    b = from_moves("333333" + "2141")  # column 3 full; X has columns 2-4 of the bottom row and wins in column 5
    scores = smart("X", 3).scores_for_tourney(b)
    assert scores[3] == -1.0
    assert scores[5] == 100.0


def test_proven_scores_are_the_simple_players_scores():
    # Wins, losses and full columns are facts, not judgements: both evaluations agree on them exactly.
    rng = random.Random(5)
    for _ in range(150):
        b = random_board(rng, *rng.choice([(4, 4), (5, 5), (7, 6)]), allow_win=rng.random() < 0.1)
        ox, ply = rng.choice("XO"), rng.randrange(4)
        simple = Player(ox, "LEFT", ply).scores_for(b)
        for simple_score, smart_score in zip(simple, smart(ox, ply).scores_for_tourney(b), strict=True):
            if simple_score in (-1.0, 0.0, 100.0):
                assert smart_score == simple_score
            else:
                assert 0.0 < smart_score < 100.0


def test_a_move_that_fills_the_board_is_a_draw():
    b = from_moves("010", width=2, height=2)
    assert smart("O", 3).scores_for_tourney(b) == [-1.0, 50.0]


def test_ply_0_judges_the_current_board_in_every_open_column():
    b = from_moves("30")  # X took the centre, O a corner
    player = smart("X", 0)
    judgement = player.score_board_for_tourney(b)
    assert player.scores_for_tourney(b) == [judgement] * 7
    assert judgement > 50.0


def test_the_smart_player_wins_and_blocks():
    for ply in (1, 2, 3, 4):
        assert smart("X", ply).next_move(from_moves("061526")) == 3  # X wins on the bottom row
        assert smart("O", ply).next_move(from_moves("06152")) == 3  # O must block it


def test_the_board_is_not_changed():
    for b in random_boards(30, allow_win=True, seed=8):
        before = [row[:] for row in b.data]
        player = smart("O", 2)
        player.score_board_for_tourney(b)
        player.scores_for_tourney(b)
        if not (b.is_full() or b.wins_for("X") or b.wins_for("O")):
            player.next_move(b)
        assert b.data == before


# -- the values stay what they were ---------------------------------------------------


def test_values_are_the_recorded_ones():
    """tests/data/evaluations.json: values recorded before the threat cells became the engine's winning cells."""
    records = json.loads(RECORDED.read_text())
    assert len(records) == 600
    for width, height, moves, ox, value in records:
        b = Board(width, height)
        checker = "X"
        for col in moves:
            b.add_move(col, checker)
            checker = "O" if checker == "X" else "X"
        assert b.referee.evaluation(ox) == value, (width, height, moves, ox)


def window_threats(geom: Geometry, stones: int, other: int) -> int:
    """The empty cells that complete a window of four holding three of ``stones`` and none of ``other``."""
    result = 0
    for bits in runs_of_four(geom):
        empty = [bit for bit in bits if not (stones | other) & bit]
        if len(empty) == 1 and not any(other & bit for bit in bits):
            result |= empty[0]
    return result


def test_threat_cells_are_the_winning_cells():
    """On boards where checkers stand on each other, the open windows of three give exactly the winning cells."""
    for b in random_boards(300, allow_win=True, seed=12):
        position = b.referee.solver_position("X")
        geom, stones, mask = position.geom, position.stones, position.mask
        assert winning_cells(geom, stones, mask) == window_threats(geom, stones, stones ^ mask), b
        assert winning_cells(geom, stones ^ mask, mask) == window_threats(geom, stones ^ mask, stones), b
