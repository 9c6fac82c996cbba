"""Rule variants (issue 11): every rule on hand-worked positions, through the public API.

Pictures are ``Board.data`` rows, top row first, ``.`` for an empty cell; cells in events are
``(column, row)`` with rows counted from the bottom.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from pathlib import Path

import pytest

from vp_connect4 import Board, IllegalMoveError, InvalidSettingError, Player
from vp_connect4.engine.exact import solver
from vp_connect4.engine.position import Position, geometry
from vp_connect4.errors import Refusal
from vp_connect4.game import Game, Outcome
from vp_connect4.levels import PerfectPlayer
from vp_connect4.rules import Cleared, Dropped, Flipped, GravityTurned, Swapped, Termination, Variant, Veered
from vp_connect4.rules.chance import Chance
from vp_connect4.rules.flip import Flip
from vp_connect4.rules.gravity import Gravity
from vp_connect4.rules.swap import Swap
from vp_connect4.rules.tetris import Tetris
from vp_connect4.rules.turn import Turn

SOLVER_POSITIONS = Path(__file__).resolve().parent / "data" / "solver-positions"


def picture(b: Board) -> list[str]:
    """The rows of ``b``, top first, ``.`` for an empty cell."""
    return ["".join(cell if cell != " " else "." for cell in row) for row in b.data]


def board_after(variant: str, moves: str, width: int = 7, height: int = 6) -> Board:
    b = Board(width, height, variant=variant)
    b.set_board(moves)
    return b


def snapshot(b: Board) -> tuple[list[str], int | None, str]:
    """What a refused move must leave as it was: the checkers, the moves made, the gravity."""
    return picture(b), b.moves_made, b.gravity


# -- Variant: parsing and its text ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("standard", Variant()),
        ("", Variant()),
        ("gravity:down", Variant()),
        ("gravity:up", Variant((Gravity("up"),))),
        ("gravity:left", Variant((Gravity("left"),))),
        ("gravity:right", Variant((Gravity("right"),))),
        ("gravity:turn", Variant((Turn(4),))),
        ("gravity:turn:6", Variant((Turn(6),))),
        ("tetris", Variant((Tetris(),))),
        ("flip", Variant((Flip(),))),
        ("chance", Variant((Chance(0.1),))),
        ("chance:0.5", Variant((Chance(0.5),))),
        ("swap", Variant((Swap(6),))),
        ("swap:4", Variant((Swap(4),))),
        ("flip+swap:4", Variant((Swap(4), Flip()))),
        (" Tetris + FLIP ", Variant((Flip(), Tetris()))),
        ("gravity:turn:2+tetris+flip+chance:0.2+swap:3", Variant((Turn(2), Tetris(), Flip(), Chance(0.2), Swap(3)))),
    ],
)
def test_variant_parse_reads_every_part(text: str, expected: Variant) -> None:
    assert Variant.parse(text) == expected


def test_variant_parse_passes_variants_and_none_through() -> None:
    tetris = Variant((Tetris(),))
    assert Variant.parse(tetris) is tetris
    assert Variant.parse(None) == Variant() and Variant.parse(None).parts == ()


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("bogus", ["unknown variant", "'bogus'"]),
        ("standard+tetris", ["unknown variant"]),
        ("tetris+", ["unknown variant"]),
        ("tetris:2", ["unknown variant", "'tetris:2'"]),
        ("flip:yes", ["unknown variant"]),
        ("gravity:sideways", ["gravity must be one of", "'sideways'"]),
        ("gravity:up:3", ["gravity must be one of", "'up:3'"]),
        ("gravity:turn:0", ["turn_every", "'0'"]),
        ("gravity:turn:100", ["turn_every", "99", "'100'"]),
        ("gravity:turn:x", ["turn_every", "'x'"]),
        ("swap:0", ["swap_every", "'0'"]),
        ("swap:1.5", ["swap_every", "'1.5'"]),
        ("chance:0.6", ["chance must be a probability", "0.5", "'0.6'"]),
        ("chance:-0.1", ["chance must be a probability", "'-0.1'"]),
        ("chance:abc", ["chance must be a probability", "'abc'"]),
        ("chance:nan", ["chance must be a probability", "'nan'"]),
        ("tetris+tetris", ["tetris is given twice"]),
        ("gravity:up+gravity:turn", ["gravity is given twice"]),
    ],
)
def test_variant_parse_refuses_naming_what_is_wrong(text: str, names: list[str]) -> None:
    with pytest.raises(InvalidSettingError) as refused:
        Variant.parse(text)
    for name in names:
        assert name in str(refused.value), (text, str(refused.value))


def test_variant_parse_refuses_what_is_not_text() -> None:
    with pytest.raises(InvalidSettingError, match="unknown variant 42"):
        Variant.parse(42)


@pytest.mark.parametrize(
    ("make", "names"),
    [
        (lambda: Gravity("sideways"), ["gravity must be one of", "'sideways'"]),
        (lambda: Variant((Gravity("up"), Turn(2))), ["gravity is given twice"]),
        (lambda: Turn(True), ["turn_every", "True"]),
        (lambda: Swap(100), ["swap_every", "100"]),
        (lambda: Chance(0.75), ["chance must be a probability", "0.75"]),
        (lambda: Chance("0.2"), ["chance must be a probability", "'0.2'"]),
    ],
)
def test_the_parts_are_checked(make, names: list[str]) -> None:
    with pytest.raises(InvalidSettingError) as refused:
        make()
    for name in names:
        assert name in str(refused.value)


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("standard", "standard"),
        ("gravity:down", "standard"),
        ("chance:0", "standard"),
        ("gravity:left", "gravity:left"),
        ("gravity:turn", "gravity:turn:4"),
        ("chance", "chance:0.1"),
        ("swap", "swap:6"),
        ("flip+tetris", "tetris+flip"),
        ("swap:4+flip+gravity:turn:3", "gravity:turn:3+flip+swap:4"),
        ("gravity:up+chance:0.50", "gravity:up+chance:0.5"),
        ("chance:0.05+tetris", "tetris+chance:0.05"),
    ],
)
def test_variant_text_round_trips(text: str, canonical: str) -> None:
    variant = Variant.parse(text)
    assert str(variant) == canonical
    assert Variant.parse(str(variant)) == variant


def test_a_precise_chance_round_trips() -> None:
    variant = Variant.parse("chance:0.1234567")
    assert Variant.parse(str(variant)) == variant


def test_what_a_variant_means() -> None:
    mixed = Variant.parse("gravity:left+tetris+chance:0.2+swap:3")
    assert mixed.deterministic == Variant.parse("gravity:left+tetris")
    assert mixed.is_random and len(mixed.parts) == 4
    assert not Variant.parse("gravity:turn+flip").is_random
    assert Variant.parse("gravity:right+chance").deterministic.mechanics(7, 6).straight_only
    assert not Variant.parse("gravity:right+flip").mechanics(7, 6).straight_only
    assert not Variant.parse("gravity:down-left").mechanics(7, 6).straight_only


# -- boards -------------------------------------------------------------------------------------------


def test_gravity_down_is_the_standard_board() -> None:
    b = Board(7, 6, variant="gravity:down")
    b.set_board("33425")
    assert b.variant == Variant() and b.referee.solver_position("O") == Position.from_moves(geometry(7, 6), "33425")
    assert Board(11, 6, variant="gravity:down").width == 11  # the standard board is not limited to 10


@pytest.mark.parametrize(("width", "height"), [(11, 6), (6, 11), (11, 11)])
@pytest.mark.parametrize("variant", ["tetris", "gravity:left", "chance", "flip"])
def test_variant_boards_larger_than_10_are_refused(width: int, height: int, variant: str) -> None:
    with pytest.raises(InvalidSettingError, match=f"at most 10 columns and 10 rows.*{width}x{height}"):
        Board(width, height, variant=variant)


def test_a_10_by_10_variant_board_is_allowed() -> None:
    b = Board(10, 10, variant="gravity:left+flip")
    assert (b.slot_count(), b.flip_move(), b.moves_made) == (10, 10, 0)


# -- gravity -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("gravity", "first", "second", "rows", "line", "slots"),
    [
        ("up", (1, 3), (1, 2), [".X...", ".O...", ".....", "....."], "column", 5),
        ("left", (0, 1), (1, 1), [".....", ".....", "XO...", "....."], "row", 4),
        ("right", (4, 1), (3, 1), [".....", ".....", "...OX", "....."], "row", 4),
    ],
)
def test_a_checker_lands_nearest_the_floor(
    gravity: str, first: tuple[int, int], second: tuple[int, int], rows: list[str], line: str, slots: int
) -> None:
    """Move 1 twice on a 5x4 rack: column 1 when gravity pulls up, row 1 when it pulls sideways."""
    b = Board(5, 4, variant=f"gravity:{gravity}")
    assert (b.gravity, b.move_line(), b.slot_count(), b.flip_move()) == (gravity, line, slots, None)
    assert b.move_count() == slots
    assert b.apply(1, "X") == [Dropped(first)]
    b.add_move(1, "O")
    assert picture(b) == rows
    assert b.moves_made == 2 and b.to_move() == "X"


def test_sideways_moves_are_rows() -> None:
    b = Board(5, 4, variant="gravity:left")
    assert b.why_not(3) is None and b.why_not(4) is Refusal.OFF_BOARD
    b.set_board("00000")  # row 0 filled from the left: X O X O X, no four
    assert picture(b)[-1] == "XOXOX"
    assert b.why_not(0) is Refusal.FULL and b.why_not(1) is None
    with pytest.raises(IllegalMoveError, match="row 0 is full"):
        b.add_move(0, "O")
    with pytest.raises(IllegalMoveError, match="row 4 is off the board: rows are 0-3"):
        b.add_move(4, "O")
    game = Game(Board(5, 4, variant="gravity:right"))
    assert game.play(2).words() == "row 2"
    assert picture(game.board)[1] == "....X"


def test_four_in_a_row_wins_with_gravity_up() -> None:
    game = Game(Board(5, 4, variant="gravity:up"), start_moves="0011223")  # X along the top row
    assert game.outcome == Outcome("X", ((0, 0), (0, 1), (0, 2), (0, 3)), Termination.FOUR)


# -- flips ----------------------------------------------------------------------------------------------


def test_a_flip_turns_the_rack_and_every_checker_falls() -> None:
    b = board_after("flip", "001", width=4, height=4)  # column 0: X under O; column 1: X
    assert picture(b)[-2:] == ["O...", "XX.."]
    assert (b.flip_move(), b.move_count()) == (4, 5)
    events = b.apply(4, "O")
    # column 0 turns into column 3 upside down (O now under X), column 1 into column 2
    assert picture(b)[-2:] == ["...X", "..XO"]
    assert events == [Flipped((((0, 0), (3, 1)), ((0, 1), (3, 0)), ((1, 0), (2, 0))))]
    assert b.moves_made == 4 and b.to_move() == "X"


def test_a_flip_is_refused_twice_in_a_row_by_one_side() -> None:
    b = board_after("flip", "2f0")  # O flipped, X dropped: O is to move
    assert b.why_not(7) is Refusal.FLIPPED_LAST
    assert b.why_not(7, "X") is None  # X did not flip last
    with pytest.raises(IllegalMoveError, match="flipped the rack last time"):
        b.add_move(7, "O")
    b.add_move(1, "O")
    b.add_move(5, "X")
    assert b.why_not(7) is None  # O dropped since its flip: it may flip again
    game = Game(Board(7, 6, variant="flip"), start_moves="2f0")
    with pytest.raises(IllegalMoveError, match="flipped the rack last time"):
        game.play(7)


def test_a_flip_that_changes_nothing_is_refused() -> None:
    assert Board(7, 6, variant="flip").why_not(7) is Refusal.FLIP_CHANGES_NOTHING  # an empty rack
    b = board_after("flip", "1221", width=4, height=4)  # column 1 (X, O) is column 2 (O, X) upside down
    assert picture(b)[-2:] == [".OX.", ".XO."]
    assert b.why_not(4) is Refusal.FLIP_CHANGES_NOTHING
    with pytest.raises(IllegalMoveError, match="would change nothing"):
        b.add_move(4, "X")


def test_a_flip_that_makes_four_wins_for_the_flipper() -> None:
    # the top checkers of columns 0-3 are X's: turned over, they are the new bottom row
    game = Game(Board(5, 4, variant="flip"), start_moves="10022434")
    assert picture(game.board)[-2:] == ["X.X.O", "OXOXO"] and game.outcome is None
    move = game.play(5)
    assert (move.line, move.words(), move.code, move.row) == ("flip", "flip", "f", -1)
    assert picture(game.board)[-2:] == ["O.O.O", "OXXXX"]
    assert game.outcome == Outcome("X", ((3, 1), (3, 2), (3, 3), (3, 4)), Termination.FOUR)
    assert game.move_string == "10022434f"


def test_a_flip_that_makes_four_for_the_other_side_loses() -> None:
    game = Game(Board(5, 4, variant="flip"), start_moves="00214243")  # the top checkers of columns 0-3 are O's
    game.play(5)
    assert picture(game.board)[-1] == "XOOOO"
    assert game.outcome is not None and game.outcome.winner == "O"


def test_a_flip_that_makes_fours_for_both_is_a_draw() -> None:
    b = board_after("flip", "100112243334", width=5, height=4)
    assert b.referee.outcome("X") is None
    b.add_move(5, "X")
    assert picture(b)[-2:] == ["OOOOO", "OXXXX"]
    assert b.referee.outcome("O") == Outcome(None, b.referee.outcome("O").spots, Termination.BOTH_FOURS)
    game = Game(Board(5, 4, variant="flip"), start_moves="100112243334")
    game.play(5)
    assert game.outcome is not None and game.outcome.winner is None and len(game.outcome.spots) == 9


FULL_4X4 = "0101232310103232"  # columns XXOO, OOXX, XXOO, OOXX (bottom first): no four; turned over it is the same


def test_a_side_without_a_move_draws() -> None:
    game = Game(Board(4, 4, variant="flip"), start_moves=FULL_4X4)
    assert game.board.why_not(4) is Refusal.FLIP_CHANGES_NOTHING
    assert game.outcome == Outcome(None, (), Termination.FULL) and game.board.referee.outcome("X") == game.outcome
    with pytest.raises(IllegalMoveError):
        Player("X", "LEFT", 2).check_can_move(game.board)


def test_a_full_rack_that_can_be_turned_is_not_over() -> None:
    game = Game(Board(4, 4, variant="flip"), start_moves=FULL_4X4[:-2] + "23")  # the last two swapped
    assert [game.why_not(move) for move in range(5)] == [Refusal.FULL] * 4 + [None]
    assert game.outcome is None
    assert Player("X", "LEFT", 3).next_move(game.board) == 4


# -- tetris -------------------------------------------------------------------------------------------


def test_a_full_row_vanishes_and_the_rows_above_fall() -> None:
    b = board_after("tetris", "00112", width=4, height=4)
    assert picture(b)[-2:] == ["OO..", "XXX."]
    events = b.apply(3, "O")  # fills the bottom row
    assert events == [
        Dropped((3, 0)),
        Cleared("row", 0, ((0, 0), (1, 0), (2, 0), (3, 0)), (((0, 1), (0, 0)), ((1, 1), (1, 0)))),
    ]
    assert picture(b) == ["....", "....", "....", "OO.."]
    assert b.moves_made == 6 and b.referee.outcome("X") is None


def test_with_gravity_left_a_full_column_vanishes() -> None:
    b = board_after("gravity:left+tetris", "0012", width=4, height=4)
    assert picture(b) == ["....", "O...", "X...", "XO.."]
    events = b.apply(3, "X")  # fills column 0, the line across gravity
    assert events == [
        Dropped((0, 3)),
        Cleared("column", 0, ((0, 0), (0, 1), (0, 2), (0, 3)), (((1, 0), (0, 0)),)),
    ]
    assert picture(b) == ["....", "....", "....", "O..."]


def test_a_four_made_by_the_move_counts_before_the_clear() -> None:
    """X's fourth checker fills the bottom row: cleared first, the four would be gone and O's three would fall."""
    game = Game(Board(4, 4, variant="tetris"), start_moves="001122")
    game.play(3)
    assert picture(game.board)[-2:] == ["OOO.", "XXXX"]
    assert game.outcome == Outcome("X", ((3, 0), (3, 1), (3, 2), (3, 3)), Termination.FOUR)
    assert game.board.referee.outcome("O").winner == "X"


def test_tetris_is_a_draw_at_the_move_limit() -> None:
    """On 2x2 every second move clears the row: the game ends by the limit, twice the cells in moves."""
    game = Game(Board(2, 2, variant="tetris"))
    for number in range(7):
        game.play(number % 2)
        assert game.outcome is None, number
    assert game.board.referee.outcome(game.to_move) is None
    game.play(1)
    assert game.outcome == Outcome(None, (), Termination.MOVE_LIMIT)
    assert game.why_not(0) is Refusal.GAME_OVER


# -- gravity turning ----------------------------------------------------------------------------------


def test_gravity_turns_every_k_moves_and_every_checker_slides() -> None:
    b = Board(5, 4, variant="gravity:turn:2")
    b.add_move(3, "X")
    events = b.apply(1, "O")
    assert events == [Dropped((1, 0)), GravityTurned("left", (((1, 0), (0, 0)), ((3, 0), (1, 0))))]
    assert picture(b)[-1] == "OX..."
    assert (b.gravity, b.move_line(), b.slot_count()) == ("left", "row", 4)  # moves name rows now
    assert b.apply(2, "X") == [Dropped((0, 2))]
    b.add_move(2, "O")  # the fourth move: gravity turns up
    assert b.gravity == "up" and b.move_line() == "column" and b.slot_count() == 5
    assert picture(b) == ["XO...", "OX...", ".....", "....."]
    b.add_move(4, "X")
    b.add_move(4, "O")  # gravity pulls right: every row slides to the right side
    assert b.gravity == "right"
    assert picture(b) == ["..XOX", "..OXO", ".....", "....."]
    b.add_move(3, "X")  # row 3, from the right
    b.add_move(3, "O")  # the eighth move: gravity pulls down again
    assert b.gravity == "down" and b.moves_made == 8
    assert picture(b) == [".....", ".....", "..XOX", "OXOXO"]


def test_gravity_turns_after_four_moves_by_default() -> None:
    b = board_after("gravity:turn", "333")
    assert b.gravity == "down"
    b.add_move(3, "O")
    assert b.gravity == "left"
    assert picture(b)[-4:] == ["O......", "X......", "O......", "X......"]
    game = Game(Board(7, 6, variant="gravity:turn"), start_moves="3333")
    assert game.play(0).words() == "row 0"


def test_a_game_won_on_a_turning_move_keeps_its_gravity() -> None:
    game = Game(Board(7, 6, variant="gravity:turn:7"), start_moves="343434")
    last = game.play(3)  # X's fourth in column 3, on the seventh move: the game ends before gravity turns
    assert last.events == (Dropped((3, 3)),)
    assert game.outcome is not None and game.outcome.winner == "X"
    assert picture(game.board)[-4:] == ["...X...", "...XO..", "...XO..", "...XO.."]
    assert game.board.gravity == "down" and game.board.move_line() == "column"


def test_a_flip_on_a_turning_move_is_remembered() -> None:
    b = board_after("gravity:turn:2+flip", "2f0")  # O flips on the second move, when gravity turns left
    assert b.gravity == "left" and b.flip_move() == 6
    assert b.why_not(6) is Refusal.FLIPPED_LAST
    game = Game(Board(7, 6, variant="gravity:turn:2+flip"), start_moves="2f0")
    with pytest.raises(IllegalMoveError):
        game.play(6)


def test_a_flip_on_a_turning_move_of_a_square_rack_is_remembered() -> None:
    b = board_after("gravity:turn:2+flip", "1f0", width=4, height=4)
    assert b.gravity == "left" and b.why_not(4) is Refusal.FLIPPED_LAST


# -- chance -------------------------------------------------------------------------------------------


def test_a_veered_checker_is_recorded_where_it_went() -> None:
    game = Game(Board(7, 6, variant="chance:0.5"), rng=random.Random(3))
    veered = 0
    for _ in range(12):
        chosen = 3 if game.why_not(3) is None else 2
        move = game.play(chosen)
        if move.events[0] == Veered(chosen, move.move):
            veered += 1
            assert move.move != chosen
            assert move.events[1] == Dropped((move.move, game.board.height - 1 - move.row))
        else:
            assert move.move == chosen and not any(isinstance(event, Veered) for event in move.events)
        assert move.code == str(move.move)
    assert 0 < veered < 12
    again = Game(Board(7, 6, variant="chance:0.5"), rng=random.Random(99))
    again.load(game.move_string)  # the code holds the columns actually played
    assert picture(again.board) == picture(game.board)


def test_chance_veers_about_half_the_time_into_every_other_column() -> None:
    game = Game(Board(7, 6, variant="chance:0.5"), rng=random.Random(11))
    went: Counter[int] = Counter()
    for _ in range(400):
        went[game.play(3).move] += 1
        game.undo()
    assert 160 <= 400 - went[3] <= 240
    assert set(went) == set(range(7))


def test_chance_never_veers_into_a_full_column() -> None:
    game = Game(Board(4, 4, variant="chance:0.5"), rng=random.Random(5), start_moves="00001111")
    went: Counter[int] = Counter()
    for _ in range(100):
        went[game.play(2).move] += 1
        game.undo()
    assert set(went) == {2, 3} and went[3] > 20
    game.load("000011112222")  # column 3 is the only one open: nowhere to veer to
    for _ in range(30):
        move = game.play(3)
        assert move.move == 3 and not any(isinstance(event, Veered) for event in move.events)
        game.undo()


def test_chance_never_replaces_a_flip() -> None:
    game = Game(Board(7, 6, variant="flip+chance:0.5"), rng=random.Random(2), start_moves="2")
    for _ in range(100):
        move = game.play(7)
        assert (move.line, move.code) == ("flip", "f")
        assert not any(isinstance(event, Veered) for event in move.events)
        game.undo()


def test_chance_with_sideways_gravity_veers_into_rows() -> None:
    game = Game(Board(7, 6, variant="gravity:left+chance:0.5"), rng=random.Random(4))
    went = set()
    for _ in range(200):
        move = game.play(0)
        went.add(move.move)
        assert move.words() == f"row {move.move}"
        game.undo()
    assert went == set(range(6))


# -- swaps --------------------------------------------------------------------------------------------


def test_an_x_and_an_o_change_colours_every_k_moves() -> None:
    game = Game(Board(7, 6, variant="swap:2"), rng=random.Random(3))
    first = game.play(3)
    assert first.events == (Dropped((3, 0)),) and first.code == "3"  # no swap after an odd move
    second = game.play(4)  # one X and one O on the rack: the swap can only be these two
    assert second.events == (Dropped((4, 0)), Swapped((3, 0), (4, 0)))
    assert second.code == "4s3040" and game.move_string == "34s3040"
    assert picture(game.board)[-1] == "...OX.."
    game.play(0)
    fourth = game.play(6)
    swap = fourth.events[-1]
    assert isinstance(swap, Swapped) and re.fullmatch(r"6s\d{4}", fourth.code)
    assert fourth.code[2:] == f"{swap.first[0]}{swap.first[1]}{swap.second[0]}{swap.second[1]}"
    assert Counter("".join(picture(game.board))) == Counter({".": 38, "X": 2, "O": 2})


def test_a_swap_with_only_one_colour_on_the_rack_is_skipped() -> None:
    game = Game(Board(7, 6, variant="swap:1"), rng=random.Random(1))
    assert game.play(3).events == (Dropped((3, 0)),)
    assert isinstance(game.play(3).events[-1], Swapped)


def test_a_swapped_game_loads_and_replays_to_the_same_board() -> None:
    rng = random.Random(8)
    game = Game(Board(6, 5, variant="swap:3+gravity:turn:5"), rng=random.Random(21))
    while game.outcome is None and len(game.history) < 16:
        game.play(rng.choice([m for m in range(game.board.move_count()) if game.why_not(m) is None]))
    code = game.move_string
    assert code.count("s") >= 3
    loaded = Game(Board(6, 5, variant="swap:3+gravity:turn:5"), rng=random.Random(0))
    loaded.load(code)
    replayed = Game(Board(6, 5, variant="swap:3+gravity:turn:5"), rng=random.Random(0))
    replayed.replay(code)
    board = board_after("swap:3+gravity:turn:5", code, width=6, height=5)
    for other in (loaded, replayed):
        assert picture(other.board) == picture(game.board)
        assert [move.code for move in other.history] == [move.code for move in game.history]
        assert [move.events for move in other.history] == [move.events for move in game.history]
        assert (other.outcome, other.board.gravity, other.move_string) == (game.outcome, game.board.gravity, code)
    assert picture(board) == picture(game.board)


def test_set_board_reads_a_swap() -> None:
    b = board_after("swap:2", "34s3040")
    assert picture(b)[-1] == "...OX.."
    assert b.moves_made == 2


# -- undo and new game -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("variant", "size", "start", "move"),
    [
        ("tetris", (4, 4), "00112", 3),  # clears the bottom row
        ("gravity:turn:2", (5, 4), "3", 1),  # turns gravity
        ("flip", (7, 6), "30", 7),  # a flip
        ("gravity:left+tetris", (4, 4), "0012", 3),  # clears column 0
        ("flip+tetris", (4, 4), "00112", 4),
    ],
)
def test_undo_takes_back_all_a_move_did(variant: str, size: tuple[int, int], start: str, move: int) -> None:
    game = Game(Board(*size, variant=variant), start_moves=start)
    before = snapshot(game.board)
    flip_before = game.why_not(game.board.flip_move()) if game.board.flip_move() is not None else None
    played = game.play(move)
    assert snapshot(game.board) != before
    assert game.undo() == played
    assert snapshot(game.board) == before and game.history == [] and game.outcome is None
    if flip_before is not None:
        assert game.why_not(game.board.flip_move()) is flip_before
    assert game.undo() is None  # the start moves are not the game's to take back


def test_undo_takes_back_a_swap_with_its_move() -> None:
    game = Game(Board(7, 6, variant="swap:2"), rng=random.Random(3), start_moves="3")
    game.play(4)
    assert picture(game.board)[-1] == "...OX.."
    game.undo()
    assert picture(game.board)[-1] == "...X..." and game.move_string == "3"


def test_undo_after_a_flip_lets_that_side_flip_again() -> None:
    game = Game(Board(7, 6, variant="flip"), start_moves="2f")
    game.play(0)
    assert game.why_not(7) is Refusal.FLIPPED_LAST
    game.undo()
    game.undo()  # nothing: "2f" are the start moves
    assert game.board.moves_made == 2 and game.why_not(0) is None


def test_new_game_goes_back_to_the_variant_start_position() -> None:
    game = Game(Board(5, 4, variant="gravity:turn:2"), start_moves="31")
    start = snapshot(game.board)
    assert start[2] == "left"
    for move in (2, 2, 4):
        game.play(move)
    assert game.board.gravity == "up"
    game.new_game()
    assert snapshot(game.board) == start and game.history == [] and game.move_string == "31"
    assert game.play(2).words() == "row 2"


def test_del_move_takes_back_only_the_last_move_where_a_move_does_more_than_drop() -> None:
    b = Board(4, 4, variant="gravity:turn:3")
    with pytest.raises(IllegalMoveError, match="no move to take back"):
        b.del_move(0)
    b.add_move(1, "X")
    b.add_move(3, "O")
    with pytest.raises(IllegalMoveError, match="which was 3, not 1"):
        b.del_move(1)
    b.del_move(3)
    assert picture(b) == ["....", "....", "....", ".X.."] and b.moves_made == 1


def test_where_moves_only_drop_del_move_lifts_the_top_checker_of_its_line_as_the_seed_does() -> None:
    b = board_after("gravity:left", "1101", width=4, height=4)  # row 1: X O O from the left wall
    assert picture(b) == ["....", "....", "XOO.", "X..."]
    b.del_move(1)  # the checker nearest where row 1's checkers come in (the right), whichever move it was
    assert picture(b) == ["....", "....", "XO..", "X..."] and b.moves_made == 3
    b.del_move(2)  # an empty row: nothing happens
    assert picture(b) == ["....", "....", "XO..", "X..."]


# -- refused move strings: all or nothing ---------------------------------------------------------------

BAD_MOVE_STRINGS = [
    # variant, start, bad string, words of the error
    ("tetris", "3", "3x", ["move 2 of '3x'", "'x'"]),
    ("tetris", "3", "33-", ["move 3 of '33-'", "'-'"]),
    ("tetris", "3", "3f", ["move 2 of '3f'"]),  # flips are not played
    ("flip", "", "f", ["move 1 of 'f'"]),  # a flip that changes nothing
    ("flip", "2", "2f0f", ["move 4 of '2f0f'"]),  # O flipped last time
    ("gravity:left", "", "06", ["move 2 of '06'"]),  # rows are 0-5
    ("swap:2", "34", "34s30", ["move 3 of '34s30'", "four digits"]),
    ("swap:2", "34", "34s30a0", ["move 3 of '34s30a0'", "four digits"]),
    ("swap:2", "3", "3s3040", ["X and an O"]),  # (4, 0) is empty
]


@pytest.mark.parametrize(("variant", "start", "bad", "words"), BAD_MOVE_STRINGS)
def test_set_board_refuses_and_leaves_the_board_unchanged(variant: str, start: str, bad: str, words: list[str]) -> None:
    b = board_after(variant, start)
    before = snapshot(b)
    b2 = board_after(variant, start)  # a twin the board must still equal, move for move
    with pytest.raises(IllegalMoveError) as refused:
        b.set_board(bad)
    for word in words:
        assert word in str(refused.value)
    assert snapshot(b) == before
    for board in (b, b2):
        board.add_move(2, board.to_move())
    assert snapshot(b) == snapshot(b2)
    b.del_move(2)
    assert snapshot(b) == before


@pytest.mark.parametrize(("variant", "start", "bad", "words"), BAD_MOVE_STRINGS)
def test_game_load_refuses_and_leaves_the_game_unchanged(variant: str, start: str, bad: str, words: list[str]) -> None:
    game = Game(Board(7, 6, variant=variant), rng=random.Random(1))
    game.load(start)
    before = (snapshot(game.board), game.move_string, list(game.history))
    with pytest.raises(IllegalMoveError) as refused:
        game.load(bad)
    for word in words:
        assert word in str(refused.value)
    assert (snapshot(game.board), game.move_string, game.history) == before


@pytest.mark.parametrize(
    ("variant", "bad", "reason"),
    [
        ("flip", "f", "flipping the rack now would change nothing"),
        ("flip", "2f0f", "you flipped the rack last time"),
        ("gravity:left", "06", "row 6 is off the board"),
    ],
)
def test_a_refused_move_string_says_why_in_words(variant: str, bad: str, reason: str) -> None:
    with pytest.raises(IllegalMoveError) as by_board:
        Board(7, 6, variant=variant).set_board(bad)
    with pytest.raises(IllegalMoveError) as by_game:
        Game(Board(7, 6, variant=variant)).load(bad)
    for refused in (by_board, by_game):
        assert reason in str(refused.value) and "Phrase" not in str(refused.value)


def test_game_load_plays_a_move_string_as_set_board_does() -> None:
    for code in ("34s3040s3040", "s3040"):
        board = Board(7, 6, variant="swap:2")
        game = Game(Board(7, 6, variant="swap:2"))
        try:
            board.set_board(code)
        except IllegalMoveError:
            with pytest.raises(IllegalMoveError):
                game.load(code)
            continue
        game.load(code)
        assert picture(game.board) == picture(board) and game.move_string == code


def test_load_and_set_board_refuse_a_non_string() -> None:
    b = Board(7, 6, variant="tetris")
    with pytest.raises(IllegalMoveError):
        b.set_board(33)  # type: ignore[arg-type]
    with pytest.raises(IllegalMoveError):
        Game(Board(7, 6, variant="tetris")).load(None)


# -- players on variant boards ----------------------------------------------------------------------------


def test_next_move_can_be_the_flip() -> None:
    b = board_after("flip", "10022434", width=5, height=4)
    player = Player("X", "LEFT", 1)
    assert player.scores_for(b) == [50.0] * 5 + [100.0]
    assert player.next_move(b) == b.flip_move() == 5
    assert Player("X", "LEFT", 1, evaluation="smart").next_move(b) == 5


def test_a_score_per_move_rows_and_flip_included() -> None:
    assert len(Player("X", "LEFT", 2).scores_for(Board(7, 6, variant="gravity:left"))) == 6
    assert len(Player("X", "LEFT", 2).scores_for(Board(7, 6, variant="gravity:right+flip"))) == 7
    assert Player("X", "LEFT", 0).scores_for(Board(7, 6, variant="flip")) == [50.0] * 7 + [-1.0]


def test_the_ai_blocks_a_row_four_with_gravity_left() -> None:
    b = board_after("gravity:left", "00112")  # X: rows 0, 1, 2 in column 0; O must play row 3
    assert picture(b)[-4:] == [".......", "X......", "XO.....", "XO....."]
    assert Player("O", "LEFT", 2).scores_for(b) == [0.0, 0.0, 0.0, 50.0, 0.0, 0.0]
    assert Player("O", "LEFT", 2).next_move(b) == 3


@pytest.mark.parametrize(
    ("variant", "size", "moves"),
    [
        ("tetris", (2, 2), "01010101"),  # the move limit
        ("flip", (5, 4), "100112243334f"),  # a flip gave both sides fours
        ("flip", (5, 4), "10022434f"),  # a flip won
        ("gravity:right", (4, 4), "0101010"),  # X's four along row 0, from the right
    ],
)
def test_check_can_move_raises_on_a_finished_variant_game(variant: str, size: tuple[int, int], moves: str) -> None:
    earlier = board_after(variant, moves[:-1], *size)
    Player(earlier.to_move(), "LEFT", 2).check_can_move(earlier)  # not over one move earlier
    b = board_after(variant, moves, *size)
    for player in (Player(b.to_move(), "LEFT", 2), PerfectPlayer(b.to_move(), "LEFT")):
        with pytest.raises(IllegalMoveError):
            player.check_can_move(b)
        with pytest.raises(IllegalMoveError):
            player.next_move(b)


def test_the_perfect_player_uses_the_solver_with_gravity_left() -> None:
    """A 6x7 rack with gravity left is the 7x6 standard game seen from the side: a published position with a
    forced win 11 moves away, played as rows, gets the solver's answer."""
    line = (SOLVER_POSITIONS / "Test_L2_R1").read_text().splitlines()[0]
    moves = "".join(str(int(char) - 1) for char in line.split()[0])
    standard = Board(7, 6)
    standard.set_board(moves)
    rack = Board(6, 7, variant="gravity:left")
    rack.set_board(moves)
    ox = rack.to_move()
    assert ox == standard.to_move() and rack.slot_count() == 7
    outcomes = solver.column_outcomes(standard.referee.solver_position(ox))
    move = PerfectPlayer(ox, "LEFT").next_move(rack)
    assert move == PerfectPlayer(ox, "LEFT").next_move(standard) and outcomes[move] > 0
    assert Player(ox, "LEFT", 4).scores_for(rack)[move] == 50.0  # too far for a shallow look
    # no time for any search, time for the solver: only the solver can score the win
    solver_only = PerfectPlayer(ox, "LEFT", solver_budget=10.0, move_budget=0.0)
    scores = solver_only.scores_for(rack)
    assert scores == PerfectPlayer(ox, "LEFT").scores_for(standard)
    assert scores[move] == 100.0 and scores.count(100.0) == 1


def test_is_full_asks_every_move_of_a_variant_board() -> None:
    b = board_after("gravity:left", "0101101023233232", width=4, height=6)  # rows 0-3 full, no four
    assert b.referee.outcome() is None and b.why_not(4) is None
    assert not b.is_full()


@pytest.mark.parametrize(("variant", "code", "says"), [
    ("tetris", "34s3040", "move 3 of '34s3040' is a swap, but these rules have no swaps"),
    ("swap:2", "s3040", "move 1 of 's3040' is a swap before any move"),
])  # fmt: skip
def test_a_swap_where_it_cannot_be_is_refused_by_set_board_and_load(variant: str, code: str, says: str) -> None:
    board = Board(7, 6, variant=variant)
    game = Game(Board(7, 6, variant=variant))
    for load in (board.set_board, game.load):
        with pytest.raises(IllegalMoveError, match=re.escape(says)):
            load(code)
    assert board.moves_made == 0 and game.move_string == ""
