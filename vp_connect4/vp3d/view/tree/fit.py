"""Where Think's camera stands so the whole tree, its labels and the small rack are inside the canvas, without VPython.

GlowScript's camera (``glow.min.js``) looks along ``forward`` at ``center`` from ``range * (h / min(w, h)) /
tan(fov / 2)`` away; in the plane through the centre facing the camera a pixel is ``2 * range / min(w, h)`` world
units, and a point nearer or further is seen larger or smaller by the ratio of the distances. A *mark* is a world
point with the pixels it takes round it (a point's radius, half a label's width and height); :func:`fit` finds the
smallest range at which every mark is inside the canvas, :data:`FRAME` pixels from its edge, the tree beside a band
kept for the small rack: along the top on a tall or square canvas, along the left on a wide one. The small rack's
cells (:func:`rack_cells`) stand in that band, in the plane through the centre, so they are seen flat and exactly
:data:`CELL_PIXELS` apart.

Labels (:func:`stagger`): where two neighbours' texts would overlap at the fitted scale, every other one is lifted
by a line; where even that is too tight, they are lifted in as many rows as it takes.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

Point = tuple[float, float, float]

FRAME = 14  # pixels kept clear along each edge of the canvas (a test looks at the outer 6)
CELL_PIXELS = 17  # between the small rack's cells (a cell's radius is 7 pixels)
BAND_GAP = 10  # pixels between the small rack's band and the tree
WIDE = 1.25  # a canvas wider than this times its height keeps the band on the left, else on the top
CHAR_WIDTH = 0.62  # a label's character, over its height (the widest digits and letters of a sans font)
LABEL_GAP = 6  # pixels between neighbouring labels
SEARCH_STEPS = 40  # halvings of the range's bracket


@dataclass(frozen=True)
class Mark:
    """A world point and the pixels it takes to each side (``half_width``) and up and down (``half_height``)."""

    point: Point
    half_width: float = 0.0
    half_height: float = 0.0


@dataclass(frozen=True)
class Fit:
    """The camera found: its ``centre`` and ``range``, the canvas's ``size`` and the camera's axes; ``band``:
    where the small rack stands (``top`` or ``left``) and its size in pixels."""

    centre: Point
    range: float
    size: tuple[float, float]
    axes: tuple[Point, Point, Point]  # forward, right, up: unit vectors
    band: str
    band_size: tuple[float, float]
    fov: float

    @property
    def pixel(self) -> float:
        """World units a pixel spans in the plane through the centre."""
        return 2 * self.range / min(self.size)

    def project(self, point: Point) -> tuple[float, float]:
        """Pixels from the canvas's centre where ``point`` is seen (right, up); a point behind the camera: far off."""
        seen = _project(point, self.centre, self.range, self.size, self.axes, self.fov)
        return seen if seen is not None else (math.inf, math.inf)

    def world(self, right: float, up: float) -> Point:
        """The point in the plane through the centre seen ``right``, ``up`` pixels from the canvas's centre."""
        _, x_axis, y_axis = self.axes
        scale = self.pixel
        return tuple(c + (x * right + y * up) * scale for c, x, y in zip(self.centre, x_axis, y_axis, strict=True))  # type: ignore[return-value]


def eye(fit_: Fit) -> Point:
    """Where the camera stands (GlowScript's: ``range * (h / min(w, h)) / tan(fov / 2)`` back from the centre)."""
    width, height = fit_.size
    distance = fit_.range * (height / min(width, height)) / math.tan(fit_.fov / 2)
    ahead = fit_.axes[0]
    return tuple(c - a * distance for c, a in zip(fit_.centre, ahead, strict=True))  # type: ignore[return-value]


def behind(fit_: Fit, point: Point, distance: float) -> Point:
    """The point ``distance`` world units further from the camera than ``point``, on the line of sight through it:
    seen exactly where ``point`` is."""
    sight = _unit(tuple(p - e for p, e in zip(point, eye(fit_), strict=True)))  # type: ignore[arg-type]
    return tuple(p + s * distance for p, s in zip(point, sight, strict=True))  # type: ignore[return-value]


def axes(forward: Point, up: Point = (0.0, 1.0, 0.0)) -> tuple[Point, Point, Point]:
    """The camera's forward, right and up unit vectors (GlowScript's: right = forward x up)."""
    ahead = _unit(forward)
    right = _unit(_cross(ahead, up))
    return ahead, right, _cross(right, ahead)


def fit(marks: list[Mark], size: tuple[float, float], forward: Point, fov: float, band: tuple[float, float]) -> Fit:
    """The smallest range (and its centre) at which every mark is inside the canvas of ``size`` pixels, the small
    rack's ``band`` (its width and height in pixels) kept clear beside the tree."""
    width, height = size
    where = "left" if width > WIDE * height else "top"
    band_width, band_height = band
    left = -width / 2 + FRAME + (band_width + BAND_GAP if where == "left" else 0)
    top = height / 2 - FRAME - (band_height + BAND_GAP if where == "top" else 0)
    box = (left, width / 2 - FRAME, -height / 2 + FRAME, top)  # the tree's room: left, right, bottom, top
    frame = axes(forward)
    middle = _middle([mark.point for mark in marks], frame)

    def centre(range_: float) -> Point:
        """The tree's middle seen in the middle of its room: the camera's centre moved against the room's offset."""
        pixel = 2 * range_ / min(size)
        shift_right, shift_up = -(box[0] + box[1]) / 2 * pixel, -(box[2] + box[3]) / 2 * pixel
        _, x_axis, y_axis = frame
        return tuple(m + x * shift_right + y * shift_up for m, x, y in zip(middle, x_axis, y_axis, strict=True))  # type: ignore[return-value]

    def inside(range_: float) -> bool:
        here = centre(range_)
        for mark in marks:
            seen = _project(mark.point, here, range_, size, frame, fov)
            if seen is None:
                return False
            x, y = seen
            if x - mark.half_width < box[0] or x + mark.half_width > box[1]:
                return False
            if y - mark.half_height < box[2] or y + mark.half_height > box[3]:
                return False
        return True

    low, high = 1e-3, 1.0
    while not inside(high) and high < 1e9:
        low, high = high, high * 2
    for _ in range(SEARCH_STEPS):
        middle_range = (low + high) / 2
        low, high = (low, middle_range) if inside(middle_range) else (middle_range, high)
    return Fit(centre(high), high, size, frame, where, band, fov)


def rack_cells(fit_: Fit, rows: int, columns: int) -> list[Point]:
    """The small rack's cells, row by row from the top, in its band's corner (top left)."""
    width, height = fit_.size
    left = -width / 2 + FRAME + CELL_PIXELS / 2
    top = height / 2 - FRAME - CELL_PIXELS / 2
    cells = [(col, row) for row in range(rows) for col in range(columns)]
    return [fit_.world(left + col * CELL_PIXELS, top - row * CELL_PIXELS) for col, row in cells]


def band_size(rows: int, columns: int) -> tuple[float, float]:
    """The small rack's size in pixels."""
    return (columns * CELL_PIXELS, rows * CELL_PIXELS)


def text_width(text: str, height: float) -> float:
    """A label's width in pixels, at most (GlowScript draws it in a sans font ``height`` pixels high)."""
    return len(text) * CHAR_WIDTH * height


def stagger(xs: list[float], widths: list[float]) -> list[int]:
    """The row (0: its place, 1: a line above, ...) of each label along a line, left to right at pixels ``xs``
    with ``widths``, so no two in a row overlap: every other one a row up, or every third, as tight as it is."""
    count = len(xs)
    for rows in range(1, count + 1):
        placed = [index % rows for index in range(count)]
        if all(
            abs(xs[a] - xs[b]) >= (widths[a] + widths[b]) / 2 + LABEL_GAP
            for a in range(count)
            for b in range(a + 1, count)
            if placed[a] == placed[b]
        ):
            return placed
    return list(range(count))


def _project(point: Point, centre: Point, range_: float, size: tuple[float, float], frame: tuple[Point, Point, Point],
             fov: float) -> tuple[float, float] | None:  # fmt: skip
    width, height = size
    smaller = min(width, height)
    ahead, right, up = frame
    distance = range_ * (height / smaller) / math.tan(fov / 2)
    offset = tuple(p - c for p, c in zip(point, centre, strict=True))
    depth = distance + _dot(offset, ahead)
    if depth <= 0:
        return None
    pixel = 2 * range_ / smaller
    scale = distance / depth / pixel
    return (_dot(offset, right) * scale, _dot(offset, up) * scale)


def _middle(points: list[Point], frame: tuple[Point, Point, Point]) -> Point:
    """The middle of the points' box along the camera's axes, as a world point."""
    if not points:
        return (0.0, 0.0, 0.0)
    middle = [0.0, 0.0, 0.0]
    for axis in frame:
        along = [_dot(point, axis) for point in points]
        half = (min(along) + max(along)) / 2
        middle = [m + a * half for m, a in zip(middle, axis, strict=True)]
    return (middle[0], middle[1], middle[2])


def _dot(a: Point, b: Point) -> float:
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]


def _cross(a: Point, b: Point) -> Point:
    return (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])


def _unit(a: Point) -> Point:
    length = math.sqrt(_dot(a, a)) or 1.0
    return (a[0] / length, a[1] / length, a[2] / length)
