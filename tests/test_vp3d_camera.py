"""The camera's limits (vp_connect4.vp3d.view.camera), without a browser: plain arithmetic on a fake canvas."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pytest

from vp_connect4.vp3d.view import camera
from vp_connect4.vp3d.view.camera import (
    MAX_AZIMUTH,
    MAX_ELEVATION,
    MIN_ELEVATION,
    angles,
    keep_sensible,
    sensible_forward,
)
from vp_connect4.vp3d.view.view import CAMERA_FORWARD


@dataclass
class Vector:
    x: float
    y: float
    z: float


class FakeCanvas:
    """Records every write, like VPython's canvas sends every assignment to the page."""

    forward: Vector
    up: Vector
    writes: list[str]  # the names of the attributes written, in order

    def __init__(self, forward: tuple[float, float, float], up: tuple[float, float, float] = (0, 1, 0)) -> None:
        vars(self).update(forward=Vector(*forward), up=Vector(*up), writes=[])  # the start is no write

    def __setattr__(self, name: str, value: object) -> None:
        self.writes.append(name)
        super().__setattr__(name, value)


def looking(azimuth_degrees: float, elevation_degrees: float, length: float = 1.0) -> tuple[float, float, float]:
    a, e = math.radians(azimuth_degrees), math.radians(elevation_degrees)
    return (length * math.cos(e) * math.sin(a), -length * math.sin(e), -length * math.cos(e) * math.cos(a))


def test_the_start_view_and_views_within_the_limits_are_left_alone() -> None:
    assert sensible_forward(CAMERA_FORWARD) is None
    for azimuth in (-70, -30, 0, 30, 70):
        for elevation in (5, 30, 65):
            assert sensible_forward(looking(azimuth, elevation)) is None, (azimuth, elevation)


def test_angles_of_a_view() -> None:
    azimuth, elevation = angles(looking(40, 20, 3.0))
    assert math.degrees(azimuth) == pytest.approx(40)
    assert math.degrees(elevation) == pytest.approx(20)


@pytest.mark.parametrize(
    ("azimuth", "elevation", "allowed"),
    [
        (0, -30, (0, MIN_ELEVATION)),  # from under the table: back above it
        (0, 0, (0, MIN_ELEVATION)),  # level with the centre: a little above
        (0, 89.9, (0, MAX_ELEVATION)),  # straight down
        (100, 20, (MAX_AZIMUTH, math.radians(20))),  # round the side
        (-100, 20, (-MAX_AZIMUTH, math.radians(20))),
        (180, 20, (MAX_AZIMUTH, math.radians(20))),  # from behind: back to the nearest allowed side
        (-150, -40, (-MAX_AZIMUTH, MIN_ELEVATION)),  # behind and below
    ],
)
def test_a_view_outside_the_limits_goes_to_the_nearest_allowed(
    azimuth: float, elevation: float, allowed: tuple[float, float]
) -> None:
    better = sensible_forward(looking(azimuth, elevation, 2.5))
    assert better is not None
    assert math.dist(better, (0, 0, 0)) == pytest.approx(2.5)  # the same length
    assert angles(better) == pytest.approx(allowed)
    assert better[1] <= -math.sin(MIN_ELEVATION) * 2.5 + 1e-12  # looks down: the camera is above the table
    assert sensible_forward(better) is None


def test_straight_up_or_down_has_no_azimuth_and_is_brought_back() -> None:
    for forward in ((0, -1, 0), (0, 1, 0)):
        better = sensible_forward(forward)
        assert better is not None
        assert angles(better)[0] == pytest.approx(0)


def test_keep_sensible_writes_only_when_the_camera_is_outside_the_limits() -> None:
    canvas = FakeCanvas(CAMERA_FORWARD)
    for _ in range(3):  # once a frame
        assert not keep_sensible(canvas, Vector)
    assert canvas.writes == []

    canvas = FakeCanvas(looking(0, -20))  # under the table
    assert keep_sensible(canvas, Vector)
    assert canvas.writes == ["forward"]
    assert canvas.forward.y < 0
    assert not keep_sensible(canvas, Vector)
    assert canvas.writes == ["forward"]


def test_keep_sensible_turns_an_upside_down_or_tilted_camera_upright() -> None:
    for up in ((0, -1, 0), (0.3, 0.9, 0), (0, 0, 0)):
        canvas = FakeCanvas(CAMERA_FORWARD, up)
        assert keep_sensible(canvas, Vector)
        assert canvas.writes == ["up"]
        assert (canvas.up.x, canvas.up.y, canvas.up.z) == (0, 1, 0)


def test_the_page_script_scales_both_turning_drags() -> None:
    script = camera.PAGE_SCRIPT
    assert script.startswith("<script>") and script.endswith("</script>")
    assert f"var SCALE = {camera.SPIN_SCALE};" in script
    assert "e.button === 2" in script and "e.ctrlKey" in script
    assert 0 < camera.SPIN_SCALE < 1


@pytest.mark.parametrize(
    ("size", "expected"),
    [
        ((960, 600), 5.3),  # wide: the height decides, the width has room to spare
        ((600, 600), 6.0),  # square: the width decides
        ((600, 900), 6.0),  # tall: the width decides, the height has room to spare
        ((1200, 400), 5.3),
    ],
)
def test_the_range_fits_what_must_be_seen_whatever_the_canvas_shape(size: tuple[int, int], expected: float) -> None:
    seen = (6.0, 5.3)  # half a width, half a height
    fitted = camera.fitted_range(size, seen)
    assert fitted == pytest.approx(expected)
    width, height = size
    per_pixel = 2 * fitted / min(width, height)  # GlowScript: the range spans half the smaller side
    assert width / 2 * per_pixel >= seen[0] - 1e-9 and height / 2 * per_pixel >= seen[1] - 1e-9
