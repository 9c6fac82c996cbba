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

Rule variants. A move names a *slot*: a column, or a row counted from the bottom when gravity pulls
sideways. A checker comes in (``entry``) from the side gravity pulls away from: above its column (down),
below it, out of the base (up), beside its row on the right (gravity left) or on the left (right). The
ghost hovers there (for up: on the table in front of the base, where it can be seen), the hint's scores
stand above the columns or beside the rows across from the entry, the flip's score above the top right
corner, and an arrow beside the rack (``arrow_centre``) shows where gravity pulls. For a flip the panels
(with the checkers) turn about ``panel_centre`` within the posts and the base, which stay.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Protocol

from ...rules import data_row
from . import palette

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
SIDE_MARGIN = 3.0  # how far beside the rack a click still counts for a row (gravity sideways)
SCORE_LIFT = 0.8  # score labels float this far beyond the ghost
ARROW_OFFSET = 2.5  # the gravity arrow's middle is this far left of the rack's left edge
SEEN_BESIDE = 0.8  # the camera sees this far beside the posts (or the arrow), at least
SIDEWAYS = ("left", "right")
GRAVITY_DIRECTIONS = {
    "down": (0.0, -1.0),
    "left": (-1.0, 0.0),
    "up": (0.0, 1.0),
    "right": (1.0, 0.0),
    "down-left": (-math.sqrt(0.5), -math.sqrt(0.5)),
    "down-right": (math.sqrt(0.5), -math.sqrt(0.5)),
}

FLOOR_COLOUR = (0.55, 0.4, 0.27)
LABEL_COLOUR = (1.0, 1.0, 1.0)
LABEL_HEIGHT = 0.3  # the column numbers' height on the base's front, in world units
LABEL_DEPTH = 0.02  # how far the numbers stand out of the base
ROW_NUMBERS_SLANT = 0.01  # the rows' numbers show while gravity's arrow is this close to level
ARROW_COLOUR = (0.42, 0.1, 0.6)
ARROW_LENGTH = 1.7
ARROW_SHAFT = 0.24


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

    # -- rule variants: slots (columns, or rows counted from the bottom) under each gravity ---------------

    def slot_row(self, slot: int) -> int:
        """The row index in ``Board.data`` of row ``slot`` counted from the bottom."""
        return data_row(self.height, slot)

    def entry(self, slot: int, gravity: str = "down") -> tuple[float, float, float]:
        """Where a checker of move ``slot`` comes in under ``gravity`` (above its column for down, and diagonally)."""
        if gravity not in ("up", *SIDEWAYS):
            return self.drop_start(slot)
        if gravity == "up":
            return (self.x(slot), self.y(self.height - 1) - DROP_HEIGHT, 0.0)
        y = self.y(self.slot_row(slot))
        if gravity == "left":
            return (self.x(self.width - 1) + DROP_HEIGHT, y, 0.0)
        return (self.x(0) - DROP_HEIGHT, y, 0.0)

    def ghost_point(self, slot: int, gravity: str = "down") -> tuple[float, float, float]:
        """Where the ghost checker hovers for ``slot``: at its entry; for up, on the table in front of the base."""
        if gravity == "up":
            return (self.x(slot), self.floor_top + CHECKER_RADIUS, self.base_front + CHECKER_RADIUS + 0.05)
        return self.entry(slot, gravity)

    def score_point(self, slot: int, gravity: str = "down") -> tuple[float, float, float]:
        """Where the hint's score of ``slot`` stands: above its column, or beside its row across from the entry."""
        if gravity in SIDEWAYS:
            side = -1 if gravity == "left" else 1
            return (side * (self.x(self.width - 1) + DROP_HEIGHT), self.y(self.slot_row(slot)), 0.0)
        return (self.x(slot), self.y(0) + DROP_HEIGHT + SCORE_LIFT, 0.0)

    def flip_score_point(self) -> tuple[float, float, float]:
        """Where the flip's score stands: above the rack's top right corner."""
        return (self.x(self.width - 1) + DROP_HEIGHT + 0.2, self.y(0) + DROP_HEIGHT + SCORE_LIFT, 0.0)

    @property
    def panel_centre(self) -> tuple[float, float, float]:
        """The middle of the panels: a flip turns them (and the checkers) about it."""
        return (0.0, (self.top + self.bottom) / 2, 0.0)

    @property
    def arrow_centre(self) -> tuple[float, float, float]:
        """The middle of gravity's arrow, left of the rack (and of a ghost coming in from the left)."""
        return (-self.half_width - POST_WIDTH - ARROW_OFFSET, (self.top + self.bottom) / 2, 0.0)

    def seen_half_width(self, side_room: bool) -> float:
        """How far to either side of the rack's middle the camera must see: the rack with its posts, or (with
        ``side_room``: gravity turns or a flip) as far as gravity's arrow on the left and what comes in from the
        sides."""
        beside = ARROW_OFFSET + ARROW_LENGTH / 2 if side_room else 0.0
        return self.half_width + POST_WIDTH + beside + SEEN_BESIDE

    @property
    def floor_top(self) -> float:
        """The table top under the rack."""
        return self.bottom - BASE_HEIGHT - 0.2

    def slot_at(self, x: float, y: float, gravity: str = "down") -> int | None:
        """The slot at point ``(x, y)`` of the rack's plane under ``gravity``: a column, or a row (from the
        bottom) when gravity pulls sideways; None beside the rack."""
        if gravity not in SIDEWAYS:
            return self.column_at(x, y)
        if not -self.half_width - SIDE_MARGIN <= x <= self.half_width + SIDE_MARGIN:
            return None
        slot = math.floor((y - self.bottom) / CELL)
        return slot if 0 <= slot < self.height else None

    def pick_slot(self, point: Vec, ray: Vec, gravity: str = "down") -> int | None:
        """The slot the mouse points at, from any camera angle (see ``pick_column``)."""
        if abs(ray.z) < PARALLEL:
            return None
        t = -point.z / ray.z
        return self.slot_at(point.x + t * ray.x, point.y + t * ray.y, gravity)

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
        return self.pick_slot(point, ray)


def number_label(vp: Any, canvas: Any, centre: tuple[float, float, float], number: int, visible: bool = True) -> Any:
    """A column's or row's number: 3D text standing centred on ``centre``."""
    x, y, z = centre
    return vp.text(
        canvas=canvas,
        pos=vp.vector(x, y - LABEL_HEIGHT / 2, z),  # pos is the middle of the text's baseline
        text=str(number),
        align="center",
        height=LABEL_HEIGHT,
        depth=LABEL_DEPTH,
        color=vp.vector(*LABEL_COLOUR),
        emissive=True,
        visible=visible,
    )


class Rack:
    """The rack's 3D model: panels with holes, side posts, a base, a floor and the column labels; gravity's
    arrow (rule variants). ``turn_panels`` turns the panels over for a flip; the rest of the rack stays."""

    def __init__(self, layout: RackLayout, canvas: Any, rows: bool = True) -> None:
        """``rows``: make the rows' numbers now (the rules can pull sideways); else the first time they show."""
        import vpython as vp

        self.layout = layout
        self._vp = vp
        self._canvas = canvas
        self.panels = self._make_panels()
        self._turn = (0.0, 0.0)  # the panels' turn (radians) and lift now
        self.floor_y = self._make_stand()
        self._make_column_numbers()
        self.row_numbers: dict[str, list[Any]] = self._make_row_numbers() if rows else {}
        self.arrow = vp.arrow(
            canvas=canvas,
            pos=vp.vector(*layout.arrow_centre),
            axis=vp.vector(0, -ARROW_LENGTH, 0),
            shaftwidth=ARROW_SHAFT,
            color=vp.vector(*ARROW_COLOUR),
            emissive=True,
            visible=False,
        )
        self._arrow_angle: float | None = None

    def _make_panels(self) -> list[Any]:
        """The front and back panels, each a grey slab with a hole per cell."""
        vp, layout = self._vp, self.layout
        vec = vp.vector
        centre_y = (layout.top + layout.bottom) / 2
        holes = [
            vp.shapes.circle(pos=[layout.x(col), layout.y(row) - centre_y], radius=HOLE_RADIUS)
            for row in range(layout.height)
            for col in range(layout.width)
        ]
        outline = vp.shapes.rectangle(width=layout.width * CELL, height=layout.height * CELL)
        return [
            vp.extrusion(
                canvas=self._canvas,
                path=[vec(0, centre_y, z - PANEL_THICKNESS / 2), vec(0, centre_y, z + PANEL_THICKNESS / 2)],
                shape=[outline, *holes],
                color=vec(*palette.RACK),
                shininess=0.6,
            )
            for z in (PANEL_Z, -PANEL_Z)
        ]

    def _make_stand(self) -> float:
        """The side posts, the base, its feet and the floor; returns the floor's height."""
        vp, layout, canvas = self._vp, self.layout, self._canvas
        vec = vp.vector
        width = layout.width * CELL
        centre_y = (layout.top + layout.bottom) / 2
        depth = 2 * PANEL_Z + PANEL_THICKNESS
        assert math.isclose(layout.base_front, (depth + BASE_OVERHANG) / 2)
        post_height = layout.height * CELL + BASE_HEIGHT
        post_x = layout.half_width + POST_WIDTH / 2
        for side in (-1, 1):
            vp.box(
                canvas=canvas,
                pos=vec(side * post_x, centre_y - BASE_HEIGHT / 2, 0),
                size=vec(POST_WIDTH, post_height + 0.15, depth + BASE_OVERHANG),
                color=vec(*palette.RACK),
            )
        base_size = vec(width + 2 * POST_WIDTH, BASE_HEIGHT, depth + BASE_OVERHANG)
        vp.box(canvas=canvas, pos=vec(0, layout.bottom - BASE_HEIGHT / 2, 0), size=base_size, color=vec(*palette.BASE))
        feet_y = layout.bottom - BASE_HEIGHT - 0.1
        for side in (-1, 1):
            feet_size = vec(POST_WIDTH + 0.2, 0.2, 2.2)
            vp.box(canvas=canvas, pos=vec(side * post_x, feet_y, 0), size=feet_size, color=vec(*palette.BASE))
        floor_y = feet_y - 0.1
        vp.box(
            canvas=canvas,
            pos=vec(0, floor_y - 0.05, 0),
            size=vec(width + 6, 0.1, FLOOR_DEPTH),
            color=vec(*FLOOR_COLOUR),
            shininess=0.2,
        )
        return floor_y

    def _make_column_numbers(self) -> None:
        """The column numbers: 3D text on the base's front, so they stay under their columns at any zoom and angle
        (a ``label`` is drawn flat over the canvas and went astray after a zoom)."""
        vp, layout, canvas = self._vp, self.layout, self._canvas
        for col in range(layout.width):
            x, y, z = layout.label_centre(col)
            number_label(vp, canvas, (x, y, z), col)  # counted from 0, as the keys, the log and the game code

    def _make_row_numbers(self) -> dict[str, list[Any]]:
        """The row numbers by the side checkers come in from, hidden: when gravity pulls sideways a move names a row,
        and its number stands on the post where checkers come in (0 the bottom row, as the keys; see point_arrow).
        Each 3D text waits for the page to make it, so a game whose rules never pull sideways makes none."""
        vp, layout, canvas = self._vp, self.layout, self._canvas
        row_numbers: dict[str, list[Any]] = {}
        for side, sign in (("left", 1), ("right", -1)):  # gravity left: checkers come in on the right
            x = sign * (layout.half_width + POST_WIDTH / 2)
            row_numbers[side] = [
                number_label(vp, canvas, (x, layout.y(layout.slot_row(slot)), layout.base_front), slot, False)
                for slot in range(layout.height)
            ]
        return row_numbers

    def turn_panels(self, angle: float, lift: float) -> None:
        """Turn the panels to ``angle`` (radians, counterclockwise from upright) about their middle, raised by
        ``lift``; only a change is sent to the page."""
        turned, lifted = self._turn
        if (angle, lift) == self._turn:
            return
        vec = self._vp.vector
        cx, cy, _ = self.layout.panel_centre
        for panel in self.panels:
            if angle != turned:
                panel.rotate(angle=angle - turned, axis=vec(0, 0, 1), origin=vec(cx, cy + lifted, 0))
            if lift != lifted:
                panel.pos = panel.pos + vec(0, lift - lifted, 0)
        self._turn = (angle, lift)

    def settle_panels(self) -> None:
        """The panels upright again (a half turn looks the same: to the nearest one), on the base."""
        angle, _ = self._turn
        self.turn_panels(math.pi * round(angle / math.pi), 0.0)

    @property
    def panel_turn(self) -> float:
        return self._turn[0]

    def point_arrow(self, angle: float | None) -> None:
        """Gravity's arrow at ``angle`` (radians from +x, counterclockwise: -pi/2 points down); None hides it.

        Pointing left or right, the rows' numbers show on the post where checkers come in.
        """
        if angle == self._arrow_angle:
            return
        self._arrow_angle = angle
        sideways = None if angle is None or abs(math.sin(angle)) > ROW_NUMBERS_SLANT else "left"
        if sideways and math.cos(angle) > 0:  # type: ignore[arg-type]
            sideways = "right"
        if sideways and not self.row_numbers:  # rules changed to ones that pull sideways
            self.row_numbers = self._make_row_numbers()
        for side, numbers in self.row_numbers.items():
            for number in numbers:
                if number.visible != (side == sideways):
                    number.visible = side == sideways
        if angle is None:
            self.arrow.visible = False
            return
        vec = self._vp.vector
        dx, dy = math.cos(angle) * ARROW_LENGTH, math.sin(angle) * ARROW_LENGTH
        x, y, z = self.layout.arrow_centre
        self.arrow.pos = vec(x - dx / 2, y - dy / 2, z)
        self.arrow.axis = vec(dx, dy, 0)
        self.arrow.visible = True
