"""Think's tree drawn with few VPython objects, so a software-rendered page stays quick: one ``points`` object for
the calls, one for the columns that need no call, one ``curve`` for every edge (a walk down and back up each
branch; a folded call gets a short stem below it), a gold ``curve`` for the line ``next_move`` picks, a ``points``
marker on the item picked and the call running, labels on the root's columns (the column and its score) and one
on the item picked, and a small rack (``points``, a cell each) that shows the picked item's position.

A new look (an opened call) draws the objects anew; a step of the calls changes only the colours that changed
(``points.modify``). VPython cannot take objects off the page: out of sight they are hidden (``visible``).
"""

from __future__ import annotations

from typing import Any

from ...control.thinking.shown import LAYER, ORIGIN, TreeShown
from ..palette import CHECKER_COLOURS
from .colours import Scale, item_colour

CALL_RADIUS = 6  # pixels
END_RADIUS = 4
MARK_RADIUS = 13
CELL_RADIUS = 7
EDGE_COLOUR = (0.35, 0.38, 0.45)
LINE_COLOUR = (1.0, 0.75, 0.0)
SELECTED_COLOUR = (1.0, 1.0, 1.0)
PARKED = (0.0, 1e4, 0.0)  # where an unused marker waits, far above everything
DIFFERS_COLOUR = (1.0, 0.15, 0.15)  # a student's call whose scores are not the reference's: a red dot above it
DIFFERS_RADIUS = 5
DIFFERS_RISE = 0.35  # of a layer's height, above the call
EMPTY_CELL = (0.92, 0.94, 0.98)
CELL = 1.1  # world units between the small rack's cells
LABEL_HEIGHT = 13


class TreeDrawing:
    """The tree's objects on ``canvas``, made the first time a tree is shown."""

    def __init__(self, canvas: Any) -> None:
        import vpython as vp

        self._vp, self._canvas = vp, canvas
        self._objects: list[Any] = []
        self._labels: list[Any] = []
        self._look: object = None  # what the objects were drawn for: the tree and its opened calls
        self._colours: list[tuple[float, float, float]] = []
        self._ends_colours: list[tuple[float, float, float]] = []
        self.centre: tuple[float, float, float] = ORIGIN
        self.half: tuple[float, float] = (10.0, 10.0)  # half the tree's width and height

    def _vec(self, point: tuple[float, float, float]) -> Any:
        return self._vp.vector(*point)

    def hide(self) -> None:
        for thing in (*self._objects, *self._labels):
            if thing.visible:
                thing.visible = False
        self._look = None

    def show(self, shown: TreeShown) -> None:
        look = (id(shown), frozenset(shown.opened))
        if look != self._look:
            self._draw(shown)
            self._look = look
        else:
            self._recolour(shown)
        self._mark(shown)

    # -- a new look ---------------------------------------------------------------------

    def _draw(self, shown: TreeShown) -> None:
        vp, vec, canvas = self._vp, self._vec, self._canvas
        self.hide()
        self._objects, self._labels = [], []
        self._scale = scale = Scale(shown)
        items = shown.items()
        calls = [item for item in items if item.node is not None]
        ends = [item for item in items if item.node is None]
        self._calls, self._ends = calls, ends
        self._colours = [item_colour(shown, item, scale) for item in calls]
        self._ends_colours = [item_colour(shown, item, scale) for item in ends]
        self._nodes = vp.points(canvas=canvas, radius=CALL_RADIUS)
        pairs = zip(calls, self._colours, strict=True)
        self._nodes.append([{"pos": vec(shown.position(i.line)), "color": vec(c)} for i, c in pairs])
        self._end_points = vp.points(canvas=canvas, radius=END_RADIUS)
        if ends:
            pairs = zip(ends, self._ends_colours, strict=True)
            self._end_points.append([{"pos": vec(shown.position(i.line)), "color": vec(c)} for i, c in pairs])
        edges = vp.curve(canvas=canvas, color=vec(EDGE_COLOUR), radius=0)
        edges.append([vec(point) for point in _walk(shown)])
        line = vp.curve(canvas=canvas, color=vec(LINE_COLOUR), radius=LAYER / 60)
        line.append([vec(shown.position(shown.principal[:depth])) for depth in range(len(shown.principal) + 1)])
        # the item picked and the call running: one point each, parked out of sight when unused (GlowScript's
        # renderer fails, every frame, on a points object with a hidden point: the canvas would freeze)
        self._markers = [vp.points(canvas=canvas, radius=MARK_RADIUS, color=vec(SELECTED_COLOUR)) for _ in range(2)]
        for marker in self._markers:
            marker.append(vec(PARKED))
        self._objects = [self._nodes, self._end_points, edges, line, *self._markers]
        differing = [item for item in calls if item.node is not None and item.node.differs]
        if differing:
            marks = vp.points(canvas=canvas, radius=DIFFERS_RADIUS, color=vec(DIFFERS_COLOUR))
            marks.append([vec(_above(shown.position(item.line))) for item in differing])
            self._objects.append(marks)
        self._frame(shown, items)
        self._rack = self._small_rack(shown)
        self._root_labels(shown)
        self._picked = vp.label(canvas=canvas, pos=vec(ORIGIN), text="", height=LABEL_HEIGHT, visible=False)
        self._labels.append(self._picked)

    def _frame(self, shown: TreeShown, items: list[Any]) -> None:
        points = [shown.position(item.line) for item in items]
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        zs = [p[2] for p in points]
        self.centre = ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2, (min(zs) + max(zs)) / 2)
        self.half = ((max(xs) - min(xs)) / 2 + 2, (max(ys) - min(ys)) / 2 + LAYER)

    def _small_rack(self, shown: TreeShown) -> Any:
        """A cell per point, above the tree's left end; its cells coloured by ``_show_rows``."""
        rows = shown.tree.root.rows
        left, top = self.centre[0] - self.half[0] + 2 * CELL, ORIGIN[1] + LAYER / 2 + CELL * len(rows)
        rack = self._vp.points(canvas=self._canvas, radius=CELL_RADIUS)
        rack.append(
            [
                {"pos": self._vec((left + CELL * col, top - CELL * row, ORIGIN[2])), "color": self._vec(EMPTY_CELL)}
                for row in range(len(rows))
                for col in range(len(rows[0]))
            ]
        )
        self._objects.append(rack)
        self._rack_rows: tuple[str, ...] | None = None
        return rack

    def _root_labels(self, shown: TreeShown) -> None:
        vp, vec = self._vp, self._vec
        for item in shown.items():
            if len(item.line) == 1 and item.score is not None:
                x, y, z = shown.position(item.line)
                text = f"{item.line[0]}: {item.score:g}"
                self._labels.append(vp.label(canvas=self._canvas, pos=vec((x, y + LAYER / 3, z)), text=text,
                                             height=LABEL_HEIGHT, box=False, opacity=0))  # fmt: skip

    # -- a step, a click -------------------------------------------------------------------

    def _recolour(self, shown: TreeShown) -> None:
        vec = self._vec
        for index, item in enumerate(self._calls):
            colour = item_colour(shown, item, self._scale)
            if colour != self._colours[index]:
                self._colours[index] = colour
                self._nodes.modify(index, color=vec(colour))
        for index, item in enumerate(self._ends):
            colour = item_colour(shown, item, self._scale)
            if colour != self._ends_colours[index]:
                self._ends_colours[index] = colour
                self._end_points.modify(index, color=vec(colour))

    def _mark(self, shown: TreeShown) -> None:
        """The marker on the item picked (first) and on the call running (second), the small rack, the label."""
        vec = self._vec
        event = shown.current()
        running = shown.shown_line(event[1]) if event is not None else None
        for marker, line in zip(self._markers, (shown.selected, running), strict=True):
            marker.modify(0, pos=vec(PARKED if line is None else shown.position(line)))
        chosen = shown.selected if shown.selected is not None else running
        self._show_rows(shown.rows(chosen) if chosen is not None else shown.tree.root.rows)
        if shown.selected is None:
            if self._picked.visible:
                self._picked.visible = False
            return
        node = shown.tree.at(shown.selected)
        scores = node.scores if node is not None else None
        x, y, z = shown.position(shown.selected)
        self._picked.pos = vec((x, y - LAYER / 4, z))
        self._picked.text = " ".join(f"{score:g}" for score in scores) if scores else ""
        self._picked.visible = bool(scores)

    def _show_rows(self, rows: tuple[str, ...]) -> None:
        if rows == self._rack_rows:
            return
        old = self._rack_rows
        self._rack_rows = rows
        width = len(rows[0])
        for row, cells in enumerate(rows):
            for col, cell in enumerate(cells):
                if old is None or old[row][col] != cell:
                    colour = CHECKER_COLOURS.get(cell, EMPTY_CELL)
                    self._rack.modify(row * width + col, color=self._vec(colour))


def _above(point: tuple[float, float, float]) -> tuple[float, float, float]:
    return (point[0], point[1] + LAYER * DIFFERS_RISE, point[2])


def _walk(shown: TreeShown) -> list[tuple[float, float, float]]:
    """A path along every edge drawn: down each branch and back up; a folded call's stem down and back."""
    path: list[tuple[float, float, float]] = []
    children: dict[tuple[int, ...], list[tuple[int, ...]]] = {}
    folded: set[tuple[int, ...]] = set()
    for item in shown.items():
        if item.line:
            children.setdefault(item.line[:-1], []).append(item.line)
        if item.folded:
            folded.add(item.line)

    def visit(line: tuple[int, ...]) -> None:
        here = shown.position(line)
        path.append(here)
        if line in folded:
            path.append((here[0], here[1] - LAYER / 2.5, here[2]))
            path.append(here)
        for child in children.get(line, []):
            visit(child)
            path.append(here)

    visit(())
    return path
