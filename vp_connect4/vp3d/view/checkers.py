"""Checker spheres: one per cell, made once and reused (VPython never frees objects).

A dropped checker falls from above its column into its cell under gravity and
bounces a little (``fall_height``: time-based, about half a second); a move's animation
(:mod:`.choreography`, run by :mod:`.animation`) sets the spheres' poses (``pose``) frame by frame. The last
move wears a white ring round its hole; every O checker wears a smaller white ring on its face (its mark: the sides
differ by more than colour, see :mod:`.palette`), which moves and grows with it; at the end the winning four glow,
pulse and wear green rings; a
translucent ghost checker hovers over the column under the mouse (or chosen with the arrow keys; beside
the row when a rule variant's gravity pulls sideways).
While the AI thinks, a checker of its colour glows above the rack, pulsing and sweeping slowly
over the columns (``thinking_pose``).

Animations end: when nothing moves, nothing is sent to the browser (a scene
that changes every frame starves a software-rendering browser, e.g. in tests).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from ...board import EMPTY
from . import palette
from .rack import CHECKER_RADIUS, HOLE_RADIUS, PANEL_THICKNESS, PANEL_Z, RackLayout

GRAVITY = 80.0  # cells per second squared: the full fall takes about 0.4 s
RESTITUTION = 0.25  # a bounce keeps this part of the speed
BOUNCES = 2
PULSE_HZ = 1.5
PULSE_SIZE = 0.12  # the winning checkers' radius swings by this fraction
PULSE_SECONDS = 3.0  # then they stay glowing and a little larger: a still scene costs the browser nothing
WIN_SIZE = 1.08
GHOST_OPACITY = 0.45
MARKER_COLOUR = (1.0, 1.0, 1.0)
WIN_RING_COLOUR = (0.2, 1.0, 0.35)
WIN_RINGS = 12  # rings around winning checkers, made once; one move can make at most 13 cells win, rarely > 7
THINK_HZ = 1.2  # pulses per second of the thinking sign
THINK_SIZE = 0.2  # its radius swings by this fraction
THINK_SWEEP_HZ = 0.25  # it sweeps over the columns and back this often per second
THINK_LIFT = 0.35  # it floats this far above the ghost's height
MARKED = "O"  # the side whose checkers wear the mark
MARK_RADIUS = 0.2  # the mark's ring on a checker's face (a checker's radius is 0.42), its tube's radius:
MARK_THICKNESS = 0.04
MARK_OUT = math.sqrt(CHECKER_RADIUS**2 - MARK_RADIUS**2)  # the ring lies on the sphere, in front of the panel


def fall_height(t: float, drop: float, gravity: float = GRAVITY) -> tuple[float, bool]:
    """Height above its cell of a checker let go ``t`` seconds ago from ``drop`` above it; and whether it rests."""
    if t <= 0:
        return drop, False
    fall_time = math.sqrt(2 * drop / gravity)
    if t < fall_time:
        return drop - gravity * t * t / 2, False
    t -= fall_time
    speed = gravity * fall_time
    for _ in range(BOUNCES):
        speed *= RESTITUTION
        duration = 2 * speed / gravity
        if t < duration:
            return speed * t - gravity * t * t / 2, False
        t -= duration
    return 0.0, True


def fall_duration(drop: float, gravity: float = GRAVITY) -> float:
    """How long ``fall_height`` takes to come to rest."""
    fall_time = math.sqrt(2 * drop / gravity)
    speed, total = gravity * fall_time, fall_time
    for _ in range(BOUNCES):
        speed *= RESTITUTION
        total += 2 * speed / gravity
    return total


@dataclass(frozen=True)
class Pose:
    """How one checker is seen: where, whose colour, its size (1: a checker's) and whether it glows."""

    pos: tuple[float, float, float]
    ox: str
    scale: float = 1.0
    glow: bool = False


def thinking_pose(t: float, half_width: float) -> tuple[float, float]:
    """The thinking sign ``t`` seconds after the AI began: its x offset from the rack's middle (within
    ``±half_width``) and its size (1 = a checker's)."""
    sweep = half_width * math.sin(2 * math.pi * THINK_SWEEP_HZ * t)
    return sweep, 1 + THINK_SIZE * math.sin(2 * math.pi * THINK_HZ * t)


class Checkers:
    """The spheres of every cell, the ghost, the last-move ring and the winning glow."""

    def __init__(self, layout: RackLayout, canvas: Any, clock: Any) -> None:
        import vpython as vp

        self.layout = layout
        self.clock = clock
        self._vp = vp
        self._canvas = canvas
        vec = vp.vector
        self._colours = {ox: vec(*rgb) for ox, rgb in palette.CHECKER_COLOURS.items()}
        self._spheres, self._marks = self._make_cells()
        self._ghost = vp.sphere(
            canvas=canvas, pos=vec(*layout.drop_start(0)), radius=CHECKER_RADIUS, opacity=GHOST_OPACITY, visible=False
        )
        _, y, z = layout.drop_start(0)
        self._thinker = vp.sphere(
            canvas=canvas, pos=vec(0, y + THINK_LIFT, z), radius=CHECKER_RADIUS, emissive=True, visible=False
        )
        self._think_start: float | None = None
        self._markers = self._ring_pair(HOLE_RADIUS + 0.02, 0.035, MARKER_COLOUR)
        self._win_rings = [self._ring_pair(HOLE_RADIUS + 0.03, 0.05, WIN_RING_COLOUR) for _ in range(WIN_RINGS)]
        self.shown: dict[tuple[int, int], str] = {}  # (row, col) -> 'X'/'O': the board last shown at rest
        self._last: tuple[int, int] | None = None
        self._winners: list[tuple[int, int]] = []
        self._pulse_start = self._pulse_until = 0.0

    def _make_cells(self) -> tuple[list[list[Any]], list[list[Any]]]:
        """A sphere for every cell, hidden, and its mark, seen while it shows an O checker (the camera stays in
        front)."""
        vp, layout, canvas = self._vp, self.layout, self._canvas
        vec = vp.vector
        spheres = [
            [
                vp.sphere(
                    canvas=canvas,
                    pos=vec(*layout.cell(row, col)),
                    radius=CHECKER_RADIUS,
                    color=self._colours["X"],
                    visible=False,
                    shininess=0.7,
                )
                for col in range(layout.width)
            ]
            for row in range(layout.height)
        ]
        marks = [
            [
                vp.ring(
                    canvas=canvas,
                    pos=vec(*layout.cell(row, col)),
                    axis=vec(0, 0, 1),
                    radius=MARK_RADIUS,
                    thickness=MARK_THICKNESS,
                    color=vec(*palette.MARK),
                    visible=False,
                )
                for col in range(layout.width)
            ]
            for row in range(layout.height)
        ]
        return spheres, marks

    def _ring_pair(self, radius: float, thickness: float, colour: tuple[float, float, float]) -> list[Any]:
        """A ring on each face of the rack, hidden until placed on a cell."""
        vec = self._vp.vector
        ring_z = PANEL_Z + PANEL_THICKNESS / 2 + 0.02
        return [
            self._vp.ring(
                canvas=self._canvas,
                pos=vec(0, 0, side * ring_z),
                axis=vec(0, 0, 1),
                radius=radius,
                thickness=thickness,
                color=vec(*colour),
                emissive=True,
                visible=False,
            )
            for side in (1, -1)
        ]

    # -- what the controller asks ----------------------------------------------------

    def is_moving(self) -> bool:
        """The thinking sign pulses or the winners pulse (a move's animation is ``Animator``'s)."""
        return self._think_start is not None or bool(self._pulse_until)

    def show_board(self, data: list[list[str]], last: tuple[int, int] | None) -> None:
        """Show every cell of ``data`` at rest; ``last`` ``(row, col)`` gets the ring."""
        self.highlight([])
        self.shown = {}
        for row, cells in enumerate(data):
            for col, cell in enumerate(cells):
                if cell == EMPTY:
                    self.pose((row, col), None)
                    continue
                self.shown[(row, col)] = cell
                self.pose((row, col), Pose(self.layout.cell(row, col), cell))
        self._mark(last)

    def pose(self, spot: tuple[int, int], pose: Pose | None) -> None:
        """Show the sphere of ``spot`` as ``pose`` (None: hidden); only what changes is sent to the page."""
        sphere = self._spheres[spot[0]][spot[1]]
        if pose is None:
            if sphere.visible:
                sphere.visible = False
            self._place_mark(spot, None, 1.0)
            return
        vec = self._vp.vector
        position, colour, radius = vec(*pose.pos), self._colours[pose.ox], CHECKER_RADIUS * pose.scale
        if sphere.pos != position:
            sphere.pos = position
        if sphere.color != colour:
            sphere.color = colour
        if sphere.radius != radius:
            sphere.radius = radius
        if sphere.emissive != pose.glow:
            sphere.emissive = pose.glow
        if not sphere.visible:
            sphere.visible = True
        self._place_mark(spot, pose.pos if pose.ox == MARKED else None, pose.scale)

    def hide_marker(self) -> None:
        """No ring on the last move while a move's animation runs."""
        self._mark(None)

    def highlight(self, cells: list[tuple[int, int]]) -> None:
        """Make the checkers in ``cells`` glow and pulse (an empty list ends it)."""
        for row, col in self._winners:
            sphere = self._spheres[row][col]
            sphere.emissive = False
            self._resize((row, col), 1.0)
        self._winners = list(cells)
        for row, col in self._winners:
            self._spheres[row][col].emissive = True
        for index, rings in enumerate(self._win_rings):
            for ring in rings:
                if index < len(cells):
                    x, y, _ = self.layout.cell(*cells[index])
                    ring.pos = self._vp.vector(x, y, ring.pos.z)
                    ring.visible = True
                elif ring.visible:
                    ring.visible = False
        self._pulse_start = self.clock()
        self._pulse_until = self._pulse_start + PULSE_SECONDS if cells else 0.0

    def show_ghost(self, col: int | None, ox: str, gravity: str = "down") -> None:
        """The ghost checker at slot ``col``'s entry (a column's, or a row's when gravity pulls sideways)."""
        if col is None:
            self._ghost.visible = False
            return
        self._ghost.color = self._colours[ox]
        self._ghost.pos = self._vp.vector(*self.layout.ghost_point(col, gravity))
        self._ghost.visible = True

    def show_thinking(self, ox: str | None) -> None:
        """The thinking sign in ``ox``'s colour while its AI thinks; None hides it (and its animation stops)."""
        if ox is None:
            self._think_start = None
            self._thinker.visible = False
            return
        self._thinker.color = self._colours[ox]
        self._thinker.visible = True
        self._think_start = self.clock()

    # -- every frame -------------------------------------------------------------------

    def animate(self, now: float) -> None:
        """Move the thinking sign and pulse the winners (for a few seconds)."""
        if self._think_start is not None:
            half_width = self.layout.x(self.layout.width - 1)
            dx, size = thinking_pose(now - self._think_start, half_width)
            self._thinker.pos = self._vp.vector(dx, self._thinker.pos.y, self._thinker.pos.z)
            self._thinker.radius = CHECKER_RADIUS * size
        if self._pulse_until:
            if now < self._pulse_until:
                scale = 1 + PULSE_SIZE * math.sin(2 * math.pi * PULSE_HZ * (now - self._pulse_start))
            else:
                scale, self._pulse_until = WIN_SIZE, 0.0
            for spot in self._winners:
                self._resize(spot, scale)

    # -- inside ------------------------------------------------------------------------

    def _resize(self, spot: tuple[int, int], scale: float) -> None:
        """A checker at rest as large as ``scale`` times a checker's size (a winner's pulse), its mark too."""
        sphere = self._spheres[spot[0]][spot[1]]
        sphere.radius = CHECKER_RADIUS * scale
        if self._marks[spot[0]][spot[1]].visible:
            pos = sphere.pos
            self._place_mark(spot, (pos.x, pos.y, pos.z), scale)

    def _place_mark(self, spot: tuple[int, int], centre: tuple[float, float, float] | None, scale: float) -> None:
        """The mark of ``spot``'s sphere on the face of a checker at ``centre``, ``scale`` times a checker's size
        (None: no mark); only what changes is sent to the page."""
        mark = self._marks[spot[0]][spot[1]]
        if centre is None:
            if mark.visible:
                mark.visible = False
            return
        x, y, z = centre
        position = self._vp.vector(x, y, z + MARK_OUT * scale)
        if mark.pos != position:
            mark.pos = position
        if mark.radius != MARK_RADIUS * scale:
            mark.radius = MARK_RADIUS * scale
            mark.thickness = MARK_THICKNESS * scale
        if not mark.visible:
            mark.visible = True

    def _mark(self, cell: tuple[int, int] | None) -> None:
        self._last = cell
        for marker in self._markers:
            if cell is None:
                marker.visible = False
                continue
            x, y, _ = self.layout.cell(*cell)
            marker.pos = self._vp.vector(x, y, marker.pos.z)
            marker.visible = True
