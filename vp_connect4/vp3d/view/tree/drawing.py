"""Think's tree drawn with few VPython objects, so a software-rendered page stays quick: one ``points`` object for
the calls, one for the columns that need no call, one quiet ``curve`` for the edges near the top (a walk down each
branch whose way back up is hidden, so each edge is drawn once), a strong gold ``curve`` for the line ``next_move``
picks (down to the last item drawn on it: the fit counts the items) and a strong white one for the path to the
call picked (or the first call that differs), ``points`` markers on the item picked and the call running, labels
on the root's columns (the column and its score), a red ring round each call that differs from the reference's (a
red ``points`` point a little larger than its call, just behind it as the camera sees it) and a small rack
(``points``, a cell each) that shows the picked item's position.

Focus: the calls on the two strong lines are drawn larger; a folded call larger than an open one; the other
edges are drawn only down to :data:`EDGE_DEPTH` and in the calls a click opened (a software renderer pays for
every segment of a curve: the cost of a redraw, and so of answering a key, is what is drawn).

The camera (:mod:`.fit`): the whole tree, its labels and the small rack inside the canvas, at its size now
(:meth:`TreeDrawing.fit_to`, again when the canvas changes size); the labels are lifted in rows where they would
overlap. A new look (an opened call) draws the objects anew; a step of the calls changes only the colours that
changed (``points.modify``). VPython cannot take objects off the page: out of sight they are hidden (``visible``).
"""

from __future__ import annotations

from typing import Any

from ...control.think.shown import LAYER, ORIGIN, TreeShown
from ..palette import CHECKER_COLOURS
from . import fit as fitting
from .colours import Scale, item_colour

CALL_RADIUS = 5  # pixels
FOLDED_RADIUS = 7  # a call with calls folded into it
FOCUS_RADIUS = 8  # a call on the line next_move picks or on the path to the call picked
END_RADIUS = 4
MARK_RADIUS = 13
CELL_RADIUS = 7
EDGE_COLOUR = (0.45, 0.52, 0.62)  # quiet, a little darker than the sky
LINE_COLOUR = (1.0, 0.75, 0.0)
PATH_COLOUR = (1.0, 1.0, 1.0)
LINE_PIXELS = 2.5  # the strong lines' radius
SELECTED_COLOUR = (1.0, 1.0, 1.0)
PARKED = (0.0, 1e4, 0.0)  # where an unused marker waits, far above everything
DIFFERS_COLOUR = (1.0, 0.15, 0.15)  # a student's call whose scores are not the reference's: a red ring round it
DIFFERS_RING = 4  # pixels of the ring: a red point this much larger than its call, just behind it
EMPTY_CELL = (0.92, 0.94, 0.98)
LABEL_HEIGHT = 13
LABEL_RISE = LAYER / 3  # a root column's label, above its call
LABEL_ROW = LABEL_HEIGHT + 3  # pixels between rows of labels lifted so they do not overlap
EDGE_DEPTH = 2  # quiet edges drawn down to this depth (and in opened calls)
ALL_EDGES = 120  # a tree of at most this many items drawn has every edge drawn
FIT_ROUNDS = 3  # fits tried while lifting labels makes them take more room


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
        self._focus: frozenset[tuple[int, ...]] = frozenset()
        self._path: tuple[int, ...] | None = None
        self.fit: fitting.Fit | None = None

    def _vec(self, point: tuple[float, float, float]) -> Any:
        return self._vp.vector(*point)

    def hide(self) -> None:
        for thing in (*self._objects, *self._labels):
            if thing.visible:
                thing.visible = False
        self._look = None

    def show(self, shown: TreeShown) -> bool:
        """Draw ``shown`` as it is now; True if it was drawn anew (a new tree or an opened call: fit it again)."""
        look = (id(shown), frozenset(shown.opened))
        drawn = look != self._look
        if drawn:
            self._draw(shown)
            self._look = look
        else:
            self._recolour(shown)
        self._mark(shown)
        return drawn

    # -- a new look ---------------------------------------------------------------------

    def _draw(self, shown: TreeShown) -> None:
        vp, vec, canvas = self._vp, self._vec, self._canvas
        self.hide()
        self._objects, self._labels = [], []
        self._shown = shown
        self._scale = scale = Scale(shown)
        items = shown.items()
        self._items = items
        calls = [item for item in items if item.node is not None]
        ends = [item for item in items if item.node is None]
        self._calls, self._ends = calls, ends
        self._focus = _focus(shown)
        self._colours = [item_colour(shown, item, scale) for item in calls]
        self._ends_colours = [item_colour(shown, item, scale) for item in ends]
        self._nodes = vp.points(canvas=canvas, radius=CALL_RADIUS)
        self._nodes.append(
            [
                {"pos": vec(shown.position(item.line)), "color": vec(colour), "radius": self._radius(item)}
                for item, colour in zip(calls, self._colours, strict=True)
            ]
        )
        self._end_points = vp.points(canvas=canvas, radius=END_RADIUS)
        if ends:
            pairs = zip(ends, self._ends_colours, strict=True)
            self._end_points.append([{"pos": vec(shown.position(i.line)), "color": vec(c)} for i, c in pairs])
        edges = vp.curve(canvas=canvas, color=vec(EDGE_COLOUR), radius=0)
        edges.append([{"pos": vec(point), "visible": seen} for point, seen in _edges(shown, items)])
        self._line = vp.curve(canvas=canvas, color=vec(LINE_COLOUR), radius=0)
        strong = shown.strong_line()  # not past the items drawn: a leaf's best column is not drawn
        self._line.append([vec(shown.position(strong[:depth])) for depth in range(len(strong) + 1)])
        self._path_curve = vp.curve(canvas=canvas, color=vec(PATH_COLOUR), radius=0, visible=False)
        self._path = None
        # the item picked and the call running: one point each, parked out of sight when unused (GlowScript's
        # renderer fails, every frame, on a points object with a hidden point: the canvas would freeze)
        self._markers = [vp.points(canvas=canvas, radius=MARK_RADIUS, color=vec(SELECTED_COLOUR)) for _ in range(2)]
        for marker in self._markers:
            marker.append(vec(PARKED))
        self._objects = [self._nodes, self._end_points, edges, self._line, self._path_curve, *self._markers]
        self._differing = [item for item in calls if item.node is not None and item.node.differs]
        if self._differing:  # on its call until the camera is fitted, then just behind it (_place)
            self._rings = vp.points(canvas=canvas, radius=CALL_RADIUS, color=vec(DIFFERS_COLOUR))
            rings = [{"pos": vec(shown.position(item.line)), "radius": self._ring(item)} for item in self._differing]
            self._rings.append(rings)
            self._objects.append(self._rings)
        rows = shown.tree.root.rows
        self._rack = vp.points(canvas=canvas, radius=CELL_RADIUS)
        self._rack.append([{"pos": vec(ORIGIN), "color": vec(EMPTY_CELL)} for _ in range(len(rows) * len(rows[0]))])
        self._objects.append(self._rack)
        self._rack_rows: tuple[str, ...] | None = None
        self._root_labels(shown)
        if self.fit is not None:
            self._place(self.fit)

    def _radius(self, item: Any) -> int:
        if item.line in self._focus:
            return FOCUS_RADIUS
        return FOLDED_RADIUS if item.folded else CALL_RADIUS

    def _ring(self, item: Any) -> int:
        """The radius of the red point round a call that differs (its ring: the part the call does not cover; round
        the marker of the call picked where it is picked)."""
        inside = MARK_RADIUS if item.line == self._shown.selected else self._radius(item)
        return inside + DIFFERS_RING

    def _root_labels(self, shown: TreeShown) -> None:
        vp, vec = self._vp, self._vec
        self._label_items = [item for item in shown.items() if len(item.line) == 1 and item.score is not None]
        for item in self._label_items:
            text = f"{item.line[0]}: {item.score:g}"
            self._labels.append(vp.label(canvas=self._canvas, pos=vec(_label_point(shown, item.line)), text=text,
                                         height=LABEL_HEIGHT, box=False, opacity=0, line=False))  # fmt: skip

    # -- the camera ------------------------------------------------------------------------

    def fit_to(self, size: tuple[float, float], forward: tuple[float, float, float], fov: float) -> fitting.Fit:
        """Fit the camera to the tree drawn on a canvas of ``size`` pixels looking along ``forward``: the small rack
        and the labels placed for it; the camera's centre and range to set."""
        shown = self._shown
        rows = shown.tree.root.rows
        band = fitting.band_size(len(rows), len(rows[0]))
        texts = [label.text for label in self._labels]
        widths = [fitting.text_width(text, LABEL_HEIGHT) for text in texts]
        lifted = [0] * len(texts)
        points = [fitting.Mark(shown.position(item.line), self._radius(item)) for item in self._items]
        points += [fitting.Mark(shown.position(item.line), self._ring(item)) for item in self._differing]
        points.append(fitting.Mark(shown.position(()), MARK_RADIUS, MARK_RADIUS))  # the marker on the call picked
        found = None
        for _ in range(FIT_ROUNDS):
            labels = [
                fitting.Mark(_label_point(shown, item.line), width / 2, LABEL_HEIGHT / 2 + row * LABEL_ROW)
                for item, width, row in zip(self._label_items, widths, lifted, strict=True)
            ]
            found = fitting.fit(points + labels, size, forward, fov, band)
            xs = [found.project(_label_point(shown, item.line))[0] for item in self._label_items]
            again = fitting.stagger(xs, widths)
            if again == lifted:
                break
            lifted = [max(a, b) for a, b in zip(again, lifted, strict=True)]
        assert found is not None
        self._lifted = lifted
        self.fit = found
        self._place(found)
        return found

    def _place(self, found: fitting.Fit) -> None:
        """The small rack in its corner, the labels in their rows, the strong lines as thick as they should be."""
        rows = self._shown.tree.root.rows
        for index, point in enumerate(fitting.rack_cells(found, len(rows), len(rows[0]))):
            self._rack.modify(index, pos=self._vec(point))
        lifted = getattr(self, "_lifted", [])
        for index, label in enumerate(self._labels):
            row = lifted[index] if index < len(lifted) else 0
            if label.yoffset != row * LABEL_ROW:
                label.yoffset = row * LABEL_ROW
        radius = LINE_PIXELS * found.pixel
        self._line.radius = radius
        self._path_curve.radius = radius * 0.8
        self._place_rings(found)

    def _place_rings(self, found: fitting.Fit | None) -> None:
        """Each red ring on its call, just behind it on the camera's line of sight (once it is fitted): seen round
        the call, which covers its middle (the points are spheres: a point its own radius further away is behind
        all of the call)."""
        for index, item in enumerate(self._differing):
            point, radius = self._shown.position(item.line), self._ring(item)
            if found is not None:
                point = fitting.behind(found, point, radius * found.pixel)
            self._rings.modify(index, pos=self._vec(point), radius=radius)

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
        """The marker on the item picked (first) and on the call running (second), the path to the item picked
        drawn strong, the small rack."""
        vec = self._vec
        event = shown.current()
        running = shown.shown_line(event[1]) if event is not None else None
        for marker, line in zip(self._markers, (shown.selected, running), strict=True):
            marker.modify(0, pos=vec(PARKED if line is None else shown.position(line)))
        chosen = shown.selected if shown.selected is not None else running
        self._show_rows(shown.rows(chosen) if chosen is not None else shown.tree.root.rows)
        self._show_path(shown)

    def _show_path(self, shown: TreeShown) -> None:
        path = shown.selected
        if path == self._path:
            return
        self._path = path
        focus = _focus(shown)
        changed = focus ^ self._focus
        self._focus = focus
        for index, item in enumerate(self._calls):
            if item.line in changed:
                self._nodes.modify(index, radius=self._radius(item))
        self._place_rings(self.fit)  # a call picked or no longer picked: its ring round the marker or the call
        curve = self._path_curve
        curve.clear()
        if path:
            curve.append([self._vec(shown.position(path[:depth])) for depth in range(len(path) + 1)])
        curve.visible = bool(path)

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


def _label_point(shown: TreeShown, line: tuple[int, ...]) -> tuple[float, float, float]:
    x, y, z = shown.position(line)
    return (x, y + LABEL_RISE, z)


def _focus(shown: TreeShown) -> frozenset[tuple[int, ...]]:
    """The lines drawn strong: the line next_move picks and the path to the item picked, each call on them."""
    strong = shown.strong_line()
    lines = {strong[:depth] for depth in range(len(strong) + 1)}
    if shown.selected is not None:
        lines |= {shown.selected[:depth] for depth in range(len(shown.selected) + 1)}
    return frozenset(lines)


def _edges(shown: TreeShown, items: list[Any]) -> list[tuple[tuple[float, float, float], bool]]:
    """A walk along the quiet edges: down to each child (seen) and back up to its parent (hidden: the segment
    ending at a hidden point is not drawn, so each edge is drawn once). Every edge of a small tree; of a large one
    the edges down to :data:`EDGE_DEPTH` and those in the calls a click opened."""
    everything = len(items) <= ALL_EDGES
    children: dict[tuple[int, ...], list[tuple[int, ...]]] = {}
    for item in items:
        if item.line:
            children.setdefault(item.line[:-1], []).append(item.line)
    walk: list[tuple[tuple[float, float, float], bool]] = [(shown.position(()), True)]

    def drawn(child: tuple[int, ...]) -> bool:
        opened = any(child[:depth] in shown.opened for depth in range(len(child)))
        return everything or len(child) <= EDGE_DEPTH or opened

    def visit(line: tuple[int, ...]) -> None:
        here = shown.position(line)
        for child in children.get(line, []):
            if not drawn(child):
                continue
            walk.append((shown.position(child), True))
            visit(child)
            walk.append((here, False))

    visit(())
    return walk
