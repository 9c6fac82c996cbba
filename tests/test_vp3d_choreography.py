"""A move's animation planned without a browser: each variant's events become steps that end where the board is."""

from __future__ import annotations

import math
import random

import pytest

from vp_connect4.board import EMPTY, RulesBoard
from vp_connect4.game import Game
from vp_connect4.vp3d.view.choreography import (
    ArrowTurn,
    Fall,
    Glide,
    Recolour,
    Spin,
    Vanish,
    choreograph,
    gravity_angle,
    landing_spot,
)
from vp_connect4.vp3d.view.rack import RackLayout

LAYOUT = RackLayout(7, 6)
VARIANTS = ("standard", "gravity:up", "gravity:left", "gravity:right", "gravity:turn:2", "tetris", "flip",
            "chance:0.5", "swap:2", "tetris+flip+gravity:turn:3", "gravity:left+tetris+swap:3", "gravity:down-left",
            "gravity:down-right+tetris+flip+chance:0.5")  # fmt: skip


def shown(board: RulesBoard) -> dict[tuple[int, int], str]:
    return {(r, c): cell for r, row in enumerate(board.data) for c, cell in enumerate(row) if cell != EMPTY}


def end_poses(plan_steps: list) -> dict:
    """What every sphere shows once the steps have run, the later steps over the earlier ones."""
    seen: dict = {}
    for step in plan_steps:
        seen.update(step.poses(step.duration))
    return seen


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_plan_ends_where_the_board_is(variant: str) -> None:
    rng = random.Random(variant)
    for game_number in range(6):
        game = Game(RulesBoard(7, 6, variant=variant), rng=random.Random(game_number))
        seen = shown(game.board)
        gravity = game.board.gravity
        while not game.is_over and len(game.history) < 60:
            legal = [m for m in range(game.board.move_count()) if game.why_not(m) is None]
            move = game.play(rng.choice(legal))
            plan = choreograph(move, seen, LAYOUT, gravity)
            assert plan.shown == shown(game.board), (variant, game.move_string)
            if not game.is_over:  # a game won at a turn ends before gravity turns (RulesBoard.gravity counts the turn)
                assert plan.gravity == game.board.gravity
            assert plan.last == landing_spot(move, LAYOUT.height)
            if plan.last is not None:
                assert game.board.data[plan.last[0]][plan.last[1]] == move.ox or any(
                    type(e).__name__ == "Swapped" for e in move.events
                )
            poses = end_poses(plan.steps)
            for spot, ox in plan.shown.items():  # every sphere moved ends on its cell, in its colour, a checker's size
                if spot in poses:
                    pose = poses[spot]
                    assert pose is not None and pose.ox == ox and pose.scale == 1.0 and not pose.glow
                    assert pose.pos == pytest.approx(LAYOUT.cell(*spot))
            for spot, pose in poses.items():
                if spot not in plan.shown:
                    assert pose is None, (spot, pose)
            assert all(step.duration < 3 for step in plan.steps)
            seen, gravity = plan.shown, plan.gravity


def test_a_drop_falls_from_its_entry_under_each_gravity() -> None:
    for gravity, move, start in (
        ("down", 2, LAYOUT.drop_start(2)),
        ("up", 2, (LAYOUT.x(2), LAYOUT.y(5) - 1.4, 0.0)),
        ("left", 1, (LAYOUT.x(6) + 1.4, LAYOUT.y(4), 0.0)),
        ("right", 1, (LAYOUT.x(0) - 1.4, LAYOUT.y(4), 0.0)),
    ):
        game = Game(RulesBoard(7, 6, variant=f"gravity:{gravity}"))
        plan = choreograph(game.play(move), {}, LAYOUT, gravity)
        (fall,) = plan.steps
        assert isinstance(fall, Fall)
        (spot, first, end, ox) = fall.motions[0]
        assert first == pytest.approx(start) and ox == "X"
        assert fall.poses(0)[spot].pos == pytest.approx(start)
        assert fall.poses(fall.duration)[spot].pos == pytest.approx(end)


@pytest.mark.parametrize(("gravity", "landing"), [("down-left", (2, 0)), ("down-right", (4, 6))])
def test_under_diagonal_gravity_a_drop_falls_into_its_columns_top_cell_then_slides_down_the_diagonal(
    gravity: str, landing: tuple[int, int]
) -> None:
    game = Game(RulesBoard(7, 6, variant=f"gravity:{gravity}"))
    plan = choreograph(game.play(2), {}, LAYOUT, gravity)  # column 2: along its diagonal to a wall or the floor
    fall, slide = plan.steps
    assert isinstance(fall, Fall) and isinstance(slide, Fall)
    (spot, start, top, _), (same, from_top, end, _) = fall.motions[0], slide.motions[0]
    assert spot == same == landing and plan.last == landing
    assert start == pytest.approx(LAYOUT.drop_start(2)) and top == from_top == pytest.approx(LAYOUT.cell(0, 2))
    assert end == pytest.approx(LAYOUT.cell(*landing))
    middle = slide.poses(slide.duration / 2)[spot].pos  # on the way, on the diagonal between the two cells
    assert (middle[0] - top[0]) * (end[1] - top[1]) == pytest.approx((middle[1] - top[1]) * (end[0] - top[0]))
    assert slide.gravity < fall.gravity  # it slides more slowly than it falls


def test_chance_glides_from_the_column_chosen_to_the_one_played() -> None:
    game = Game(RulesBoard(7, 6, variant="chance:0.5"), rng=random.Random(3))
    move = game.play(0)  # chance sends it to column 5
    glide, fall = choreograph(move, {}, LAYOUT, "down").steps
    assert isinstance(glide, Glide) and isinstance(fall, Fall)
    assert glide.poses(0)[glide.spot].pos == pytest.approx(LAYOUT.drop_start(0))
    assert glide.poses(glide.duration)[glide.spot].pos == pytest.approx(LAYOUT.drop_start(5))
    assert glide.poses(0)[glide.spot].glow


def test_a_flip_turns_the_checkers_and_the_panels_half_round_then_they_fall() -> None:
    game = Game(RulesBoard(7, 6, variant="flip"))
    for col in (0, 0, 0):
        game.play(col)
    seen = shown(game.board)
    plan = choreograph(game.play(game.board.flip_move()), seen, LAYOUT, "down")
    spin, fall = plan.steps
    assert isinstance(spin, Spin) and isinstance(fall, Fall)
    assert spin.panels(0) == (0.0, 0.0)
    angle, lift = spin.panels(spin.duration)
    assert angle == pytest.approx(math.pi) and lift == pytest.approx(0.0, abs=1e-9)
    assert spin.panels(spin.duration / 2)[1] > 0.5  # lifted clear of the base half way
    bottom = spin.poses(spin.duration)[(5, 0)]  # the bottom left checker is seen at the top right
    assert bottom.pos == pytest.approx(LAYOUT.cell(0, 6))
    assert plan.shown == {(5, 6): "X", (4, 6): "O", (3, 6): "X"} and plan.last is None


def test_tetris_flashes_the_row_away_then_the_rows_above_fall() -> None:
    game = Game(RulesBoard(7, 6, variant="tetris"))
    for col in (0, 1, 2, 3, 4, 5, 0):
        game.play(col)
    seen = shown(game.board)
    move = game.play(6)
    vanish, fall = choreograph(move, seen, LAYOUT, "down").steps[1:]
    assert isinstance(vanish, Vanish) and len(vanish.checkers) == 7
    assert all(pose is None for pose in vanish.poses(vanish.duration).values())
    assert any(pose.glow for pose in vanish.poses(0.01).values())
    assert isinstance(fall, Fall) and fall.motions[0][1:3] == (LAYOUT.cell(4, 0), LAYOUT.cell(5, 0))


def test_gravity_turning_turns_the_arrow_a_quarter_clockwise_and_slides_the_checkers() -> None:
    game = Game(RulesBoard(7, 6, variant="gravity:turn:1"))
    plan = choreograph(game.play(3), {}, LAYOUT, "down")
    _, arrow, slide = plan.steps
    assert isinstance(arrow, ArrowTurn) and isinstance(slide, Fall)
    assert arrow.arrow(0) == pytest.approx(gravity_angle("down"))
    assert arrow.arrow(arrow.duration) == pytest.approx(gravity_angle("down") - math.pi / 2)  # clockwise
    assert plan.shown == {(5, 0): "X"} and plan.last == (5, 0) and plan.gravity == "left"


def test_a_swap_shrinks_both_checkers_and_grows_them_back_in_the_other_colour() -> None:
    game = Game(RulesBoard(7, 6, variant="swap:2"), rng=random.Random(1))
    game.play(0)
    seen = shown(game.board)
    recolour = choreograph(game.play(1), seen, LAYOUT, "down").steps[-1]
    assert isinstance(recolour, Recolour)
    half = recolour.poses(recolour.duration / 2)
    assert all(pose.scale < 0.3 and pose.glow for pose in half.values())
    assert {spot: pose.ox for spot, pose in recolour.poses(recolour.duration).items()} == {(5, 0): "O", (5, 1): "X"}
