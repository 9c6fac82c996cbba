"""The checkers' mark without a browser: ``Checkers`` built on a fake ``vpython`` that keeps its objects.

Every O checker wears a ring on its face, an X checker none; the ring moves with its checker (falling, sliding,
pulsing), changes with its colour (a swap) and goes with it.
"""

from __future__ import annotations

import sys

import pytest
from fake_vpython import FakeVpython, Thing, Vec

from vp_connect4.vp3d.view.checkers import MARK_OUT, MARK_RADIUS, PULSE_SECONDS, WIN_SIZE, Checkers, Pose
from vp_connect4.vp3d.view.rack import CHECKER_RADIUS, RackLayout

LAYOUT = RackLayout()


class Clock:
    now = 0.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def vp(monkeypatch: pytest.MonkeyPatch) -> FakeVpython:
    fake = FakeVpython("sphere", "ring")
    monkeypatch.setitem(sys.modules, "vpython", fake)
    return fake


def marks_on(vp: FakeVpython) -> list[tuple[float, float, float]]:
    """Where the visible marks are: the centre of the checker each sits on (its ring is on the face in front)."""
    return sorted(
        (ring.pos.x, ring.pos.y, round(ring.pos.z - MARK_OUT * ring.radius / MARK_RADIUS, 9))
        for ring in marks(vp)
        if ring.visible
    )


def marks(vp: FakeVpython) -> list[Thing]:
    """The rings made as marks (the others are the last move's and the winners')."""
    return [thing for thing in vp.made if thing.kind == "ring" and thing.born["radius"] == MARK_RADIUS]


def checkers_seen(vp: FakeVpython) -> list[Thing]:
    return [s for s in vp.made if s.kind == "sphere" and s.visible and s.radius >= CHECKER_RADIUS]


def test_every_o_checker_wears_the_mark_and_no_x_checker(vp: FakeVpython) -> None:
    checkers = Checkers(LAYOUT, None, Clock())
    data = [[" "] * 7 for _ in range(6)]
    data[5][:4] = ["X", "O", "O", "X"]
    data[4][1] = "X"
    data[4][2] = "O"
    checkers.show_board(data, (4, 2))
    o_cells = [(5, 1), (5, 2), (4, 2)]
    assert marks_on(vp) == sorted(LAYOUT.cell(*cell) for cell in o_cells)
    assert len(checkers_seen(vp)) == 6
    for ring in marks(vp):
        if ring.visible:
            assert ring.axis == Vec(0, 0, 1)  # facing the camera, in front of the checker: seen through the hole
            assert ring.pos.z == pytest.approx(MARK_OUT) and MARK_OUT > 0.35  # before the front panel's face


def test_the_mark_moves_with_its_checker_and_goes_with_it(vp: FakeVpython) -> None:
    checkers = Checkers(LAYOUT, None, Clock())
    x, y, _ = LAYOUT.cell(5, 3)
    for height in (3.0, 1.5, 0.2, 0.0):  # falling into its cell
        checkers.pose((5, 3), Pose((x, y + height, 0.0), "O"))
        assert marks_on(vp) == [(x, y + height, 0.0)]
    checkers.pose((5, 3), Pose((x, y, 0.0), "X"))  # a swap: now X's
    assert marks_on(vp) == []
    checkers.pose((5, 3), Pose((x, y, 0.0), "O", scale=0.5, glow=True))  # and back, shrunk while it changes
    (ring,) = [r for r in marks(vp) if r.visible]
    assert ring.radius == pytest.approx(MARK_RADIUS * 0.5) and ring.pos.z == pytest.approx(MARK_OUT * 0.5)
    checkers.pose((5, 3), None)
    assert marks_on(vp) == []


def test_a_winning_o_checkers_mark_pulses_with_it(vp: FakeVpython) -> None:
    clock = Clock()
    checkers = Checkers(LAYOUT, None, clock)
    data = [[" "] * 7 for _ in range(6)]
    data[5][:4] = ["O"] * 4
    checkers.show_board(data, None)
    checkers.highlight([(5, col) for col in range(4)])
    for clock.now in (0.1, 0.3, PULSE_SECONDS + 1):
        checkers.animate(clock.now)
        sizes = {round(sphere.radius / CHECKER_RADIUS, 9) for sphere in checkers_seen(vp)}
        assert len(sizes) == 1 and sizes != {1.0}
        assert {round(ring.radius / MARK_RADIUS, 9) for ring in marks(vp) if ring.visible} == sizes
        assert marks_on(vp) == sorted(LAYOUT.cell(5, col) for col in range(4))  # on the face, whatever the size
    assert sizes == {round(WIN_SIZE, 9)}
    checkers.highlight([])
    assert marks_on(vp) == sorted(LAYOUT.cell(5, col) for col in range(4))
    assert {ring.radius for ring in marks(vp) if ring.visible} == {MARK_RADIUS}
