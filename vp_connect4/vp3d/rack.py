"""The rack: where every cell is in the scene, which column the mouse points at, and its 3D model.

World layout (VPython's axes: x right, y up, z towards the viewer at the start)::

      y
      ^      1   2   3   4   5   6   7      column labels = the keys
      |    +---+---+---+---+---+---+---+
      |    | o | o | o | o | o | o | o |    row 0 of Board.data (top)
      |    |   ...                     |
      +--> | o | o | o | o | o | o | o |    row height-1 (bottom)
      x  ==+===========================+==  base

The rack's middle plane is z = 0; a front and a back panel with round holes
stand at z = +/- PANEL_Z, the checkers (spheres) fall in the slot between.
``RackLayout`` is plain arithmetic (no VPython), so picking is testable
without a browser; ``Rack`` builds the model and imports VPython itself.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Protocol

CELL = 1.0  # distance between neighbouring cells
CHECKER_RADIUS = 0.42
HOLE_RADIUS = 0.4
PANEL_Z = 0.3  # the panels' middles, in front of and behind the checkers
PANEL_THICKNESS = 0.1
POST_WIDTH = 0.35
BASE_HEIGHT = 0.45
BASE_OVERHANG = 0.1  # the base and the posts are this much deeper than the panels
FLOOR_DEPTH = 7.0
DROP_HEIGHT = 1.4  # where a falling checker starts and the ghost hovers, above the top row
PICK_MARGIN_BELOW = 1.2  # how far below the rack a click still counts for a column
PICK_MARGIN_ABOVE = 3.0  # and above it
PARALLEL = 1e-9  # a mouse ray this close to parallel to the rack picks nothing

RACK_BLUE = (0.08, 0.28, 0.85)
BASE_COLOUR = (0.06, 0.16, 0.5)
FLOOR_COLOUR = (0.55, 0.4, 0.27)
LABEL_COLOUR = (1.0, 1.0, 1.0)
LABEL_HEIGHT = 0.3  # the column numbers' height on the base's front, in world units
LABEL_DEPTH = 0.02  # how far the numbers stand out of the base


class Vec(Protocol):
    x: float
    y: float
    z: float


@dataclass(frozen=True)
class RackLayout:
    """Positions of a ``width`` x ``height`` rack; rows are indices into ``Board.data`` (0 = top)."""

    width: int = 7
    height: int = 6

    def x(self, col: int) -> float:
        return (col - (self.width - 1) / 2) * CELL

    def y(self, row: int) -> float:
        return ((self.height - 1) / 2 - row) * CELL

    def cell(self, row: int, col: int) -> tuple[float, float, float]:
        """Centre of a checker in cell ``(row, col)``."""
        return (self.x(col), self.y(row), 0.0)

    @property
    def top(self) -> float:
        """Top edge of the panels."""
        return self.y(0) + CELL / 2

    @property
    def bottom(self) -> float:
        """Bottom edge of the panels (the top of the base)."""
        return self.y(self.height - 1) - CELL / 2

    @property
    def half_width(self) -> float:
        return self.width * CELL / 2

    @property
    def base_front(self) -> float:
        """The z of the base's front face (the column numbers are on it)."""
        return PANEL_Z + PANEL_THICKNESS / 2 + BASE_OVERHANG / 2

    def label_centre(self, col: int) -> tuple[float, float, float]:
        """The middle of ``col``'s number on the base's front, right under the column."""
        return (self.x(col), self.bottom - BASE_HEIGHT / 2, self.base_front + LABEL_DEPTH)

    def drop_start(self, col: int) -> tuple[float, float, float]:
        """Where a checker dropped into ``col`` starts falling (also where the ghost hovers)."""
        return (self.x(col), self.y(0) + DROP_HEIGHT, 0.0)

    def column_at(self, x: float, y: float) -> int | None:
        """The column at point ``(x, y)`` of the rack's plane, or None beside the rack."""
        if not self.bottom - PICK_MARGIN_BELOW <= y <= self.top + PICK_MARGIN_ABOVE:
            return None
        col = math.floor(x / CELL + self.width / 2)
        return col if 0 <= col < self.width else None

    def pick_column(self, point: Vec, ray: Vec) -> int | None:
        """The column the mouse points at, from any camera angle.

        ``point`` is any point on the mouse's line of sight (VPython's ``mouse.pos``, on the plane
        through the scene's centre facing the camera) and ``ray`` its direction (``mouse.ray``).
        The line meets the rack's middle plane z = 0 where the person sees the column.
        """
        if abs(ray.z) < PARALLEL:
            return None
        t = -point.z / ray.z
        return self.column_at(point.x + t * ray.x, point.y + t * ray.y)


class Rack:
    """The rack's 3D model: panels with holes, side posts, a base, a floor and the column labels."""

    def __init__(self, layout: RackLayout, canvas: Any) -> None:
        import vpython as vp

        self.layout = layout
        self._vp = vp
        vec = vp.vector
        blue = vec(*RACK_BLUE)
        width = layout.width * CELL
        height = layout.height * CELL
        centre_y = (layout.top + layout.bottom) / 2
        holes = [
            vp.shapes.circle(pos=[layout.x(col), layout.y(row) - centre_y], radius=HOLE_RADIUS)
            for row in range(layout.height)
            for col in range(layout.width)
        ]
        outline = vp.shapes.rectangle(width=width, height=height)
        for z in (PANEL_Z, -PANEL_Z):
            vp.extrusion(
                canvas=canvas,
                path=[vec(0, centre_y, z - PANEL_THICKNESS / 2), vec(0, centre_y, z + PANEL_THICKNESS / 2)],
                shape=[outline, *holes],
                color=blue,
                shininess=0.6,
            )
        depth = 2 * PANEL_Z + PANEL_THICKNESS
        assert math.isclose(layout.base_front, (depth + BASE_OVERHANG) / 2)
        post_height = height + BASE_HEIGHT
        for side in (-1, 1):
            vp.box(
                canvas=canvas,
                pos=vec(side * (layout.half_width + POST_WIDTH / 2), centre_y - BASE_HEIGHT / 2, 0),
                size=vec(POST_WIDTH, post_height + 0.15, depth + BASE_OVERHANG),
                color=blue,
            )
        base_y = layout.bottom - BASE_HEIGHT / 2
        vp.box(
            canvas=canvas,
            pos=vec(0, base_y, 0),
            size=vec(width + 2 * POST_WIDTH, BASE_HEIGHT, depth + BASE_OVERHANG),
            color=vec(*BASE_COLOUR),
        )
        feet_y = layout.bottom - BASE_HEIGHT - 0.1
        for side in (-1, 1):
            vp.box(
                canvas=canvas,
                pos=vec(side * (layout.half_width + POST_WIDTH / 2), feet_y, 0),
                size=vec(POST_WIDTH + 0.2, 0.2, 2.2),
                color=vec(*BASE_COLOUR),
            )
        self.floor_y = feet_y - 0.1
        vp.box(
            canvas=canvas,
            pos=vec(0, self.floor_y - 0.05, 0),
            size=vec(width + 6, 0.1, FLOOR_DEPTH),
            color=vec(*FLOOR_COLOUR),
            shininess=0.2,
        )
        # The column numbers are 3D text on the base's front, so they stay under their columns at any
        # zoom and angle (a ``label`` is drawn flat over the canvas and went astray after a zoom).
        for col in range(layout.width):
            x, y, z = layout.label_centre(col)
            vp.text(
                canvas=canvas,
                pos=vec(x, y - LABEL_HEIGHT / 2, z),  # pos is the middle of the text's baseline
                text=str(col + 1),
                align="center",
                height=LABEL_HEIGHT,
                depth=LABEL_DEPTH,
                color=vec(*LABEL_COLOUR),
                emissive=True,
            )

    @property
    def centre(self) -> tuple[float, float, float]:
        """Where the camera looks at the start: above the rack's middle, so hints above it show too."""
        return (0.0, 0.9, 0.0)
