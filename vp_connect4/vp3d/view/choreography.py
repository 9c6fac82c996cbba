"""What a move looks like: its events (``Move.events``) as timed steps of the scene's animation. No VPython.

:func:`choreograph` turns a move into a :class:`Plan`: steps played one after another, each a pure
function of the time since it began (``Step.poses(t)``: where each checker is seen, its colour, size and
glow; ``Step.panels(t)``: how far the rack's panels are turned for a flip; ``Step.arrow(t)``: where gravity's
arrow points). :mod:`.animation` applies them to the spheres, the panels and the arrow each frame.

A checker is shown by the sphere of the cell it ends the step in (a ``Spot``: ``(row, col)`` in
``Board.data``, as ``Checkers`` counts); a step that moves checkers sets each moving sphere's colour
and starting point, and hides the spheres of cells left empty. The steps, event by event:

* a drop (``Dropped``): the checker comes in at its slot's entry (``RackLayout.entry``: above its column,
  below it, or beside its row, as gravity pulls) and falls into its cell, bouncing (:class:`Fall`);
* chance (``Veered``): first it glows at the entry of the column (or row) chosen and glides to the
  one chance chose (:class:`Glide`), then it falls;
* a flip (``Flipped``): every checker turns 180 degrees with the panels about the panels' middle
  (:class:`Spin`, lifted a little so the panels clear the base), then falls to the new floor;
* tetris (``Cleared``): the full row flashes and shrinks away (:class:`Vanish`), then the rows beyond
  it fall one row;
* gravity turning (``GravityTurned``): the arrow turns a quarter (:class:`ArrowTurn`), then every
  checker slides to the new floor;
* a swap (``Swapped``): the two checkers shrink, glowing, and grow back in each other's colour
  (:class:`Recolour`).

Every plan ends in a still scene: the last step's poses at its end are where the checkers rest.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import cached_property

from ...game import Move
from ...rules import DIAGONAL_GRAVITIES, Cleared, Dropped, Flipped, GravityTurned, Path, Spot, Swapped, Veered, spot_of
from .checkers import GRAVITY, Pose, fall_duration, fall_height
from .rack import GRAVITY_DIRECTIONS, RackLayout

Point = tuple[float, float, float]

SLIDE_GRAVITY = 30.0  # cells per second squared: checkers that slide (gravity turned, rows fell) go slower
GLIDE_HOLD = 0.35  # seconds a veering checker glows at the column chosen
GLIDE_TRAVEL = 0.55  # seconds it takes to glide to chance's column
SPIN_SECONDS = 1.0  # a flip's half turn
SPIN_LIFT = 0.6  # the panels rise this much at the middle of the turn, clearing the base
FLASH_SECONDS = 0.75  # a full row flashes this long
FLASH_HZ = 4.0
SHRINK_SECONDS = 0.3  # then shrinks away in this time
RECOLOUR_SECONDS = 0.9  # swapped checkers shrink and grow back in the other colour
RECOLOUR_SMALLEST = 0.15
ARROW_SECONDS = 0.6  # gravity's arrow turns a quarter in this time
STILL = 1e-9  # a checker that moves less than this does not move


Poses = dict[Spot, Pose | None]
"""The spheres a step shows at a moment (None: hidden); spheres not named keep what they show."""


def smooth(t: float) -> float:
    """0 to 1 with a gentle start and end (smoothstep), for ``t`` from 0 to 1 (clipped)."""
    t = min(max(t, 0.0), 1.0)
    return t * t * (3 - 2 * t)


class Step:
    """One part of an animation; ``poses``, ``panels`` and ``arrow`` at any ``t`` from 0 to ``duration``."""

    @property
    def duration(self) -> float:
        raise NotImplementedError

    def poses(self, t: float) -> Poses:
        return {}

    def panels(self, t: float) -> tuple[float, float] | None:
        """The panels' turn (radians, counterclockwise) and lift during a flip; None: this step leaves them."""
        return None

    def arrow(self, t: float) -> float | None:
        """Gravity's arrow's angle (radians, from +x, counterclockwise); None: this step leaves it."""
        return None


@dataclass(frozen=True)
class Fall(Step):
    """Checkers move from ``start`` to ``end`` under gravity (``gravity`` cells/s²) and bounce; ``hidden``
    spheres show nothing from the start. ``motions``: ``(spot, start, end, ox)``."""

    motions: tuple[tuple[Spot, Point, Point, str], ...]
    hidden: tuple[Spot, ...] = ()
    gravity: float = GRAVITY

    @cached_property  # asked every frame of the step
    def duration(self) -> float:
        lengths = [math.dist(start, end) for _, start, end, _ in self.motions]
        return max((fall_duration(length, self.gravity) for length in lengths if length > STILL), default=0.0)

    def poses(self, t: float) -> Poses:
        shown: Poses = dict.fromkeys(self.hidden)
        for spot, start, end, ox in self.motions:
            length = math.dist(start, end)
            if length <= STILL:
                shown[spot] = Pose(end, ox)
                continue
            height, _ = fall_height(t, length, self.gravity)
            shown[spot] = Pose(_towards(end, start, height / length), ox)
        return shown


@dataclass(frozen=True)
class Glide(Step):
    """A checker glows at ``start`` a moment, then glides to ``end`` (chance sends it elsewhere)."""

    spot: Spot
    start: Point
    end: Point
    ox: str

    @property
    def duration(self) -> float:
        return GLIDE_HOLD + GLIDE_TRAVEL

    def poses(self, t: float) -> Poses:
        share = smooth((t - GLIDE_HOLD) / GLIDE_TRAVEL)
        return {self.spot: Pose(_towards(self.start, self.end, share), self.ox, glow=True)}


@dataclass(frozen=True)
class Spin(Step):
    """The rack turns over: the panels and every checker (``checkers``: spot, where, ox) half a turn about
    ``centre``, lifted on the way."""

    checkers: tuple[tuple[Spot, Point, str], ...]
    centre: Point

    @property
    def duration(self) -> float:
        return SPIN_SECONDS

    def panels(self, t: float) -> tuple[float, float]:
        share = min(max(t / SPIN_SECONDS, 0.0), 1.0)
        return math.pi * smooth(share), SPIN_LIFT * math.sin(math.pi * share)

    def poses(self, t: float) -> Poses:
        angle, lift = self.panels(t)
        return {spot: Pose(_lifted(_turned(pos, self.centre, angle), lift), ox) for spot, pos, ox in self.checkers}


@dataclass(frozen=True)
class Vanish(Step):
    """A full row flashes and shrinks away (``checkers``: spot, where, ox)."""

    checkers: tuple[tuple[Spot, Point, str], ...]

    @property
    def duration(self) -> float:
        return FLASH_SECONDS + SHRINK_SECONDS

    def poses(self, t: float) -> Poses:
        if t >= self.duration:
            return {spot: None for spot, _, _ in self.checkers}
        if t < FLASH_SECONDS:
            on = int(t * FLASH_HZ * 2) % 2 == 0
            return {spot: Pose(pos, ox, 1.12 if on else 1.0, on) for spot, pos, ox in self.checkers}
        scale = 1 - (t - FLASH_SECONDS) / SHRINK_SECONDS
        return {spot: Pose(pos, ox, max(scale, 0.0), True) for spot, pos, ox in self.checkers}


@dataclass(frozen=True)
class Recolour(Step):
    """Checkers change colour (a swap): they shrink glowing, and grow back in their new colour
    (``checkers``: spot, where, old ox, new ox)."""

    checkers: tuple[tuple[Spot, Point, str, str], ...]

    @property
    def duration(self) -> float:
        return RECOLOUR_SECONDS

    def poses(self, t: float) -> Poses:
        if t >= RECOLOUR_SECONDS:
            return {spot: Pose(pos, new) for spot, pos, _, new in self.checkers}
        share = t / RECOLOUR_SECONDS
        scale = max(abs(math.cos(math.pi * share)), RECOLOUR_SMALLEST)
        return {
            spot: Pose(pos, old if share < 0.5 else new, scale, True) for spot, pos, old, new in self.checkers
        }


@dataclass(frozen=True)
class ArrowTurn(Step):
    """Gravity's arrow turns from ``start`` to ``end`` (radians)."""

    start: float
    end: float

    @property
    def duration(self) -> float:
        return ARROW_SECONDS

    def arrow(self, t: float) -> float:
        return self.start + (self.end - self.start) * smooth(t / ARROW_SECONDS)


@dataclass
class Plan:
    """A move's animation: its ``steps``, and what is seen once they have run: the checkers (``shown``),
    where gravity pulls, and the spot of the move's checker (``last``; None after a flip or if it vanished)."""

    steps: list[Step] = field(default_factory=list)
    shown: dict[Spot, str] = field(default_factory=dict)
    gravity: str = "down"
    last: Spot | None = None


def gravity_angle(gravity: str) -> float:
    """The angle of gravity's arrow: -pi/2 pulling down, pi left, pi/2 up, 0 right."""
    dx, dy = GRAVITY_DIRECTIONS[gravity]
    return math.atan2(dy, dx)


def landing_spot(move: Move, height: int) -> Spot | None:
    """Where ``move``'s checker rests after its events (None for a flip, or if its row vanished)."""
    spot: Spot | None = None
    for event in move.events:
        if isinstance(event, Dropped):
            spot = spot_of(event.cell, height)
        elif isinstance(event, Cleared):
            spot = _followed(spot, event.falls, height, gone={spot_of(cell, height) for cell in event.cells})
        elif isinstance(event, GravityTurned):
            spot = _followed(spot, event.paths, height)
    return spot


def choreograph(move: Move, shown: dict[Spot, str], layout: RackLayout, gravity: str) -> Plan:
    """The animation of ``move`` from the checkers ``shown`` now, gravity pulling ``gravity`` before it."""
    height = layout.height
    plan = Plan(shown=dict(shown), gravity=gravity)
    veered: Veered | None = None
    for event in move.events:
        if isinstance(event, Veered):
            veered = event
        elif isinstance(event, Dropped):
            _drop(plan, layout, move.move, spot_of(event.cell, height), move.ox, veered)
        elif isinstance(event, Flipped):
            _flip(plan, layout, event.paths)
        elif isinstance(event, Cleared):
            _clear(plan, layout, event)
        elif isinstance(event, GravityTurned):
            plan.steps.append(ArrowTurn(gravity_angle(plan.gravity), _turned_to(plan.gravity, event.gravity)))
            plan.gravity = event.gravity
            plan.last = _followed(plan.last, event.paths, height)
            _move_along(plan, layout, event.paths, SLIDE_GRAVITY)
        elif isinstance(event, Swapped):
            _swap(plan, layout, (spot_of(event.first, height), spot_of(event.second, height)))
    return plan


# -- the steps of each event --------------------------------------------------------------------------------


def _drop(plan: Plan, layout: RackLayout, slot: int, spot: Spot, ox: str, veered: Veered | None) -> None:
    """The checker of a drop into ``slot`` comes in and falls to ``spot``; under diagonal gravity it falls into its
    column's top cell and slides from there down the diagonal."""
    entry = layout.entry(slot, plan.gravity)
    if veered is not None:
        plan.steps.append(Glide(spot, layout.entry(veered.chosen, plan.gravity), entry, ox))
    if plan.gravity in DIAGONAL_GRAVITIES and spot != (0, slot):
        top = layout.cell(0, slot)
        plan.steps.append(Fall(((spot, entry, top, ox),)))
        plan.steps.append(Fall(((spot, top, layout.cell(*spot), ox),), gravity=SLIDE_GRAVITY))
    else:
        plan.steps.append(Fall(((spot, entry, layout.cell(*spot), ox),)))
    plan.shown[spot] = ox
    plan.last = spot


def _flip(plan: Plan, layout: RackLayout, paths: tuple[Path, ...]) -> None:
    centre = layout.panel_centre
    turning = tuple((spot, layout.cell(*spot), ox) for spot, ox in sorted(plan.shown.items()))
    plan.steps.append(Spin(turning, centre))
    height = layout.height
    motions = []
    after: dict[Spot, str] = {}
    for source, target in paths:
        start_spot, end_spot = spot_of(source, height), spot_of(target, height)
        ox = plan.shown[start_spot]
        start = _turned(layout.cell(*start_spot), centre, math.pi)
        motions.append((end_spot, start, layout.cell(*end_spot), ox))
        after[end_spot] = ox
    hidden = tuple(spot for spot in sorted(plan.shown) if spot not in after)
    plan.steps.append(Fall(tuple(motions), hidden))
    plan.shown = after
    plan.last = None


def _clear(plan: Plan, layout: RackLayout, event: Cleared) -> None:
    height = layout.height
    gone = [spot_of(cell, height) for cell in event.cells]
    plan.steps.append(Vanish(tuple((spot, layout.cell(*spot), plan.shown[spot]) for spot in gone)))
    for spot in gone:
        plan.shown.pop(spot, None)
    plan.last = _followed(plan.last, event.falls, height, gone=set(gone))
    _move_along(plan, layout, event.falls, SLIDE_GRAVITY)


def _move_along(plan: Plan, layout: RackLayout, paths: tuple[Path, ...], gravity: float) -> None:
    """Checkers move along ``paths`` (the others stay where they are)."""
    if not paths:
        return
    height = layout.height
    moves = [(spot_of(source, height), spot_of(target, height)) for source, target in paths]
    sources = {source for source, _ in moves}
    after = {spot: ox for spot, ox in plan.shown.items() if spot not in sources}
    motions = []
    for source, target in moves:
        ox = plan.shown[source]
        after[target] = ox
        motions.append((target, layout.cell(*source), layout.cell(*target), ox))
    hidden = tuple(sorted(sources - after.keys()))
    plan.steps.append(Fall(tuple(motions), hidden, gravity))
    plan.shown = after


def _swap(plan: Plan, layout: RackLayout, spots: tuple[Spot, Spot]) -> None:
    first, second = spots
    old = {spot: plan.shown[spot] for spot in spots}
    new = {first: old[second], second: old[first]}
    plan.steps.append(Recolour(tuple((spot, layout.cell(*spot), old[spot], new[spot]) for spot in spots)))
    plan.shown.update(new)


# -- geometry ---------------------------------------------------------------------------------------------------


def _followed(spot: Spot | None, paths: tuple[Path, ...], height: int, gone: set[Spot] | None = None) -> Spot | None:
    """Where the checker on ``spot`` is after ``paths`` (None if it is ``gone``)."""
    if spot is None or (gone and spot in gone):
        return None
    for source, target in paths:
        if spot_of(source, height) == spot:
            return spot_of(target, height)
    return spot


def _turned_to(before: str, after: str) -> float:
    """The angle of ``after``'s arrow, the short way round from ``before``'s (a quarter turn clockwise)."""
    start = gravity_angle(before)
    change = (gravity_angle(after) - start + math.pi) % (2 * math.pi) - math.pi
    return start + change


def _towards(a: Point, b: Point, share: float) -> Point:
    """The point ``share`` of the way from ``a`` to ``b``."""
    return (a[0] + (b[0] - a[0]) * share, a[1] + (b[1] - a[1]) * share, a[2] + (b[2] - a[2]) * share)


def _turned(point: Point, centre: Point, angle: float) -> Point:
    """``point`` turned ``angle`` radians (counterclockwise, as seen from the front) about ``centre`` in its plane."""
    dx, dy = point[0] - centre[0], point[1] - centre[1]
    cos, sin = math.cos(angle), math.sin(angle)
    return (centre[0] + dx * cos - dy * sin, centre[1] + dx * sin + dy * cos, point[2])


def _lifted(point: Point, lift: float) -> Point:
    return (point[0], point[1] + lift, point[2])
