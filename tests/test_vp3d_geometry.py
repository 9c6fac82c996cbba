"""Picking columns at any camera angle, the falling checker's motion, keys, slider values: no browser."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pytest

from vp_connect4.levels import Level
from vp_connect4.vp3d.app import Pointer, to_intent
from vp_connect4.vp3d.control.intents import (
    Hover,
    PlayColumn,
)
from vp_connect4.vp3d.control.keys import key_column
from vp_connect4.vp3d.view.checkers import THINK_SIZE, fall_duration, fall_height, thinking_pose
from vp_connect4.vp3d.view.rack import DROP_HEIGHT, RackLayout


@dataclass(frozen=True)
class V:
    x: float
    y: float
    z: float


LAYOUT = RackLayout(7, 6)


def sight_line(target: tuple[float, float, float], yaw: float, pitch: float, distance: float = 12.0) -> tuple[V, V]:
    """A camera at ``distance`` from ``target``, turned ``yaw`` about y and tilted ``pitch``; its line to the target.

    Returns (a point on the line that is not the target, the ray direction), as VPython's
    ``mouse.pos`` (on the plane through the scene's centre) and ``mouse.ray`` would.
    """
    tx, ty, tz = target
    direction = (
        -math.sin(yaw) * math.cos(pitch),
        -math.sin(pitch),
        -math.cos(yaw) * math.cos(pitch),
    )
    camera = V(tx - distance * direction[0], ty - distance * direction[1], tz - distance * direction[2])
    along = distance * 0.6  # somewhere between the camera and the target
    point = V(camera.x + along * direction[0], camera.y + along * direction[1], camera.z + along * direction[2])
    return point, V(*direction)


@pytest.mark.parametrize("yaw", [0.0, 0.5, -0.9, 1.3, math.pi - 0.4, math.pi + 0.7])
@pytest.mark.parametrize("pitch", [0.0, 0.35, -0.3, 0.9])
def test_every_cell_picks_its_column_from_any_angle(yaw: float, pitch: float) -> None:
    for row in range(LAYOUT.height):
        for col in range(LAYOUT.width):
            point, ray = sight_line(LAYOUT.cell(row, col), yaw, pitch)
            assert LAYOUT.pick_column(point, ray) == col


def test_above_the_rack_still_picks_the_column_beside_it_none() -> None:
    point, ray = sight_line(LAYOUT.drop_start(2), 0.3, 0.2)
    assert LAYOUT.pick_column(point, ray) == 2
    beside = (LAYOUT.x(0) - 1.0, 0.0, 0.0)
    point, ray = sight_line(beside, 0.3, 0.2)
    assert LAYOUT.pick_column(point, ray) is None
    far_above = (0.0, LAYOUT.top + 10, 0.0)
    point, ray = sight_line(far_above, 0.0, 0.0)
    assert LAYOUT.pick_column(point, ray) is None


def test_a_line_of_sight_along_the_rack_picks_nothing() -> None:
    assert LAYOUT.pick_column(V(0, 0, 5), V(1, 0, 0)) is None


def test_column_edges_and_other_sizes() -> None:
    assert LAYOUT.column_at(LAYOUT.x(3) + 0.49, 0) == 3
    assert LAYOUT.column_at(LAYOUT.x(3) + 0.51, 0) == 4
    assert LAYOUT.column_at(LAYOUT.x(6) + 0.6, 0) is None
    wide = RackLayout(9, 7)
    assert [wide.column_at(wide.x(col), wide.y(3)) for col in range(9)] == list(range(9))
    assert wide.y(wide.height - 1) < wide.y(0)


def test_pointer_events_become_intents() -> None:
    point, ray = sight_line(LAYOUT.cell(5, 1), 0.4, 0.3)
    assert to_intent(Pointer("click", point, ray), LAYOUT) == PlayColumn(1)
    assert to_intent(Pointer("move", point, ray), LAYOUT) == Hover(1)
    assert to_intent(Hover(None), LAYOUT) == Hover(None)


def test_digit_keys_name_columns_from_zero_as_the_labels_and_the_log_do() -> None:
    assert [key_column(str(k)) for k in range(10)] == list(range(10))  # boards are up to 10 wide: 0-9
    assert key_column("a") is None and key_column("12") is None and key_column("-1") is None and key_column("") is None


def test_a_checker_falls_bounces_and_rests() -> None:
    drop = LAYOUT.drop_start(0)[1] - LAYOUT.y(LAYOUT.height - 1)
    duration = fall_duration(drop)
    assert 0.3 < duration < 0.9  # about half a second
    heights = [fall_height(t / 100, drop)[0] for t in range(int(duration * 100) + 2)]
    assert heights[0] == drop
    assert all(h >= -1e-9 for h in heights)
    landing = next(i for i, h in enumerate(heights) if h < 0.01)
    assert max(heights[landing:]) > 0.05  # it bounces up again
    assert fall_height(duration + 0.01, drop) == (0.0, True)
    assert fall_height(duration / 3, drop)[1] is False
    short = fall_duration(DROP_HEIGHT)
    assert short < duration  # onto a full column it falls less far


def test_the_thinking_sign_pulses_and_sweeps_over_the_rack() -> None:
    half = LAYOUT.x(LAYOUT.width - 1)
    poses = [thinking_pose(t / 20, half) for t in range(200)]
    xs, sizes = [x for x, _ in poses], [size for _, size in poses]
    assert max(abs(x) for x in xs) <= half + 1e-9 and max(xs) > half * 0.9 and min(xs) < -half * 0.9
    assert max(sizes) == pytest.approx(1 + THINK_SIZE, abs=0.01) and min(sizes) < 1
    assert thinking_pose(0, half) == (0.0, 1.0)  # it starts over the middle, a checker's size


def test_slider_values_and_levels() -> None:
    from vp_connect4.vp3d.view.sliders import MAX_PLY, level_to_slider, slider_to_level

    assert MAX_PLY >= 6
    assert [slider_to_level(v).ply for v in (0, 3.0, 4.2, MAX_PLY)] == [0, 3, 4, MAX_PLY]
    assert slider_to_level(MAX_PLY + 1).is_perfect
    assert level_to_slider(Level(None)) == MAX_PLY + 1 and level_to_slider(Level(5)) == 5


def test_mouse_moves_are_polled_into_hover_events() -> None:
    from vp_connect4.vp3d.app import _HoverWatch

    class Mouse:
        pos = V(0, 0, 0)
        ray = V(0, 0, -1)

    mouse = Mouse()
    watch = _HoverWatch(mouse)
    assert watch.poll() is None  # the first look only remembers
    assert watch.poll() is None  # nothing moved
    mouse.pos, mouse.ray = sight_line(LAYOUT.cell(0, 6), 0.2, 0.1)
    event = watch.poll()
    assert event is not None and to_intent(event, LAYOUT) == Hover(6)
    assert watch.poll() is None


@pytest.mark.parametrize("gravity", ["left", "right"])
def test_with_gravity_sideways_every_cell_picks_its_row_counted_from_the_bottom(gravity: str) -> None:
    for row in range(LAYOUT.height):
        for col in range(LAYOUT.width):
            point, ray = sight_line(LAYOUT.cell(row, col), 0.4, 0.3)
            assert LAYOUT.pick_slot(point, ray, gravity) == LAYOUT.height - 1 - row
            assert LAYOUT.pick_slot(point, ray, "down") == col == LAYOUT.pick_slot(point, ray, "up")
    point, ray = sight_line(LAYOUT.entry(2, gravity), 0.2, 0.2)  # the ghost beside the rack picks its row
    assert LAYOUT.pick_slot(point, ray, gravity) == 2
    assert to_intent(Pointer("click", point, ray), LAYOUT, gravity) == PlayColumn(2)
    point, ray = sight_line((0.0, LAYOUT.top + 1.0, 0.0), 0.0, 0.2)
    assert LAYOUT.pick_slot(point, ray, gravity) is None  # above the rack: no row


def test_checkers_come_in_where_gravity_pulls_away_from() -> None:
    assert LAYOUT.entry(3, "down") == LAYOUT.drop_start(3)
    x, y, _ = LAYOUT.entry(3, "up")
    assert x == LAYOUT.x(3) and y < LAYOUT.bottom
    assert LAYOUT.entry(0, "left")[0] > LAYOUT.half_width and LAYOUT.entry(0, "left")[1] == LAYOUT.y(5)
    assert LAYOUT.entry(5, "right")[0] < -LAYOUT.half_width and LAYOUT.entry(5, "right")[1] == LAYOUT.y(0)
    ghost = LAYOUT.ghost_point(3, "up")  # in front of the base, on the table, where it can be seen
    assert ghost[2] > LAYOUT.base_front and ghost[1] > LAYOUT.floor_top
    assert LAYOUT.score_point(0, "left")[0] < -LAYOUT.half_width < LAYOUT.half_width < LAYOUT.score_point(0, "right")[0]
    assert LAYOUT.arrow_centre[0] < LAYOUT.entry(0, "right")[0] - 1  # the arrow clear of a ghost on the left
