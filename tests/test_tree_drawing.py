"""Think's tree drawing (vp3d/view/tree/drawing.py) on a fake ``vpython`` that keeps its objects: the red mark of
a call that differs from the reference's is on its call as the fitted camera sees it, and there is none for a
call that is not drawn (folded into the call above it)."""

from __future__ import annotations

import math
import sys
from typing import Any

import pytest
from fake_vpython import FakeVpython, Vec

from vp_connect4.board import RulesBoard
from vp_connect4.think.reference import reference_tree
from vp_connect4.vp3d.control.think.shown import TreeShown
from vp_connect4.vp3d.view.tree import drawing
from vp_connect4.vp3d.view.tree import fit as fitting

FORWARD = (0.0, -0.22, -1.0)  # view.CAMERA_FORWARD
FOV = 0.9  # view.FOV
SIZE = (828, 704)  # the canvas of the pictures of docs/teachers.md (a 1280 x 800 window)


@pytest.fixture
def vp(monkeypatch: pytest.MonkeyPatch) -> FakeVpython:
    fake = FakeVpython("points", "curve", "label")
    monkeypatch.setitem(sys.modules, "vpython", fake)
    return fake


def marked_tree() -> tuple[TreeShown, list[tuple[int, ...]]]:
    """The seed's position at ply 4, five calls marked as differing: the root, one on each drawn layer (the last
    folded) and one folded into its call (not drawn)."""
    board = RulesBoard()
    board.set_board("1211244445")
    shown = TreeShown(reference_tree(board, "X", 4, "LEFT"), "X")
    lines = [(), (0,), (6, 5), (5, 1, 2), (5, 1, 2, 0)]
    for line in lines:
        node = shown.tree.at(line)
        assert node is not None, line
        node.differs = True
    return shown, lines


def rings(vp: FakeVpython) -> list[dict[str, Any]]:
    made = [t for t in vp.made if t.kind == "points" and t.color == Vec(*drawing.DIFFERS_COLOUR) and t.visible]
    return [point for thing in made for point in thing.points]


def depth(found: fitting.Fit, point: tuple[float, float, float]) -> float:
    eye = fitting.eye(found)
    return math.dist(point, eye)


def assert_on_their_calls(vp: FakeVpython, shown: TreeShown, found: fitting.Fit, lines: list[tuple[int, ...]]) -> None:
    drawn = [item.line for item in shown.items() if item.line in lines]  # in the order drawn: depth first
    marks = rings(vp)
    assert len(marks) == len(drawn)
    nodes = [t for t in vp.made if t.kind == "points" and t.visible and t.radius == drawing.CALL_RADIUS and not t.color]
    called = [item.line for item in shown.items() if item.node is not None]
    radius_of = {line: point["radius"] for line, point in zip(called, nodes[-1].points, strict=True)}
    for line, mark in zip(drawn, marks, strict=True):
        point = shown.position(line)
        ring = (mark["pos"].x, mark["pos"].y, mark["pos"].z)
        seen, at = found.project(ring), found.project(point)
        assert math.dist(seen, at) < 0.01, (line, seen, at)  # seen on its call
        inside = drawing.MARK_RADIUS if line == shown.selected else radius_of[line]  # the call, or its marker
        assert mark["radius"] == inside + drawing.DIFFERS_RING
        # behind the call by its own radius in world units: the call (a sphere) covers its middle, wherever seen
        assert depth(found, ring) - depth(found, point) == pytest.approx(mark["radius"] * found.pixel)


def test_a_differing_calls_red_ring_is_on_it_and_a_folded_call_has_none(vp: FakeVpython) -> None:
    shown, lines = marked_tree()
    tree = drawing.TreeDrawing(canvas=None)
    tree.show(shown)
    found = tree.fit_to(SIZE, FORWARD, FOV)
    assert (5, 1, 2, 0) not in {item.line for item in shown.items()}
    assert_on_their_calls(vp, shown, found, lines)
    labels = [found.project(drawing._label_point(shown, item.line)) for item in tree._label_items]
    for mark in rings(vp):  # none on a root column's label
        seen = found.project((mark["pos"].x, mark["pos"].y, mark["pos"].z))
        assert all(math.dist(seen, label) > drawing.LABEL_HEIGHT for label in labels)
    shown.selected = (6, 5)  # a click on a marked call: its marker drawn on it, the ring round the marker
    tree.show(shown)
    assert_on_their_calls(vp, shown, found, lines)
    shown.reveal((5, 1, 2, 0))  # the folded call opened: the call inside it marked too
    tree.show(shown)
    assert_on_their_calls(vp, shown, tree.fit_to(SIZE, FORWARD, FOV), lines)
