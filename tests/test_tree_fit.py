"""Think's camera fit (vp3d/view/tree/fit.py), without VPython: every mark inside the canvas at the range found,
the small rack in its band, labels lifted in rows only where they would overlap."""

from __future__ import annotations

import pytest

from vp_connect4.board import RulesBoard
from vp_connect4.think.reference import reference_tree
from vp_connect4.vp3d.control.think.shown import TreeShown
from vp_connect4.vp3d.view.tree import fit as fitting

FORWARD = (0.0, -0.22, -1.0)
FOV = 0.9
SIZES = ((600, 900), (1100, 560), (400, 400), (320, 700))


def marks(ply: int) -> list[fitting.Mark]:
    board = RulesBoard()
    board.set_board("1211244445")
    shown = TreeShown(reference_tree(board, "X", ply, "LEFT"), "X")
    return [fitting.Mark(shown.position(item.line), 8, 8) for item in shown.items()]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("ply", [1, 4])
def test_every_mark_is_inside_the_canvas_beside_the_rack_band(size: tuple[int, int], ply: int) -> None:
    found = fitting.fit(marks(ply), size, FORWARD, FOV, fitting.band_size(6, 7))
    width, height = size
    band_width, band_height = fitting.band_size(6, 7)
    for mark in marks(ply):
        x, y = found.project(mark.point)
        assert -width / 2 + fitting.FRAME <= x - 8 and x + 8 <= width / 2 - fitting.FRAME
        assert -height / 2 + fitting.FRAME <= y - 8 and y + 8 <= height / 2 - fitting.FRAME
        if found.band == "top":
            assert y + 8 <= height / 2 - fitting.FRAME - band_height
        else:
            assert x - 8 >= -width / 2 + fitting.FRAME + band_width
    cells = [found.project(cell) for cell in fitting.rack_cells(found, 6, 7)]
    assert all(abs(x) <= width / 2 - fitting.FRAME and abs(y) <= height / 2 - fitting.FRAME for x, y in cells)
    assert cells[1][0] - cells[0][0] == pytest.approx(fitting.CELL_PIXELS)  # seen flat, in the plane of the centre


def test_the_range_is_the_smallest_that_fits() -> None:
    found = fitting.fit(marks(3), (600, 900), FORWARD, FOV, (0, 0))
    spread = [found.project(mark.point)[0] for mark in marks(3)]
    assert max(spread) - min(spread) > 600 - 2 * fitting.FRAME - 16 - 2  # the width is used, to a pixel or two


def test_labels_are_lifted_only_where_they_would_overlap() -> None:
    assert fitting.stagger([0, 100, 200], [40, 40, 40]) == [0, 0, 0]
    assert fitting.stagger([0, 30, 60, 90], [40, 40, 40, 40]) == [0, 1, 0, 1]
    assert fitting.stagger([0, 16, 32, 48], [40, 40, 40, 40]) == [0, 1, 2, 0]


@pytest.mark.parametrize("ply", [1, 2, 3, 4])
def test_the_gold_line_ends_at_an_item_drawn_so_the_fit_holds_it(ply: int) -> None:
    """At ply 2 the line next_move picks goes on to the best column of a last call (ply 0), which is not drawn: it
    was drawn a layer below the tree, past the canvas's bottom edge (the fit counts only the items drawn)."""
    board = RulesBoard()
    board.set_board("1211244445")
    shown = TreeShown(reference_tree(board, "X", ply, "LEFT"), "X")
    drawn = {item.line for item in shown.items()}
    strong = shown.strong_line()
    assert strong == shown.principal[: len(strong)] and strong
    assert all(strong[:depth] in drawn for depth in range(len(strong) + 1)), (shown.principal, strong)
    if ply == 2:
        assert shown.principal == (3, 0, 0) and strong == (3, 0)  # (3, 0) is a last call: its columns not drawn
