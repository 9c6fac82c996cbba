"""Runs a move's animation (a :class:`.choreography.Plan`) on the scene: the spheres, the panels, gravity's arrow.

One plan at a time: its steps one after another, each applied once a frame at the time since it began
(a step longer than a frame shows its in-between poses; a frame late shows the step further on). When
the last step ends, the checkers are shown at rest as the board says (``after``: the board's ``data``
after the move, so what is seen is the game's, whatever the steps did) and the last move gets its ring.
A new plan, or ``cancel`` (a redraw after undo or a new game), ends the one running at once. While a
plan runs the scene is busy (the controller waits for it) and moving (frames come quickly); afterwards
nothing is sent to the page.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable

from ...board import EMPTY
from .checkers import Checkers
from .choreography import Plan, Spot, Step
from .rack import Rack


class Animator:
    """Plays plans on ``checkers`` and ``rack``, timed by ``clock``."""

    def __init__(self, checkers: Checkers, rack: Rack, clock: Callable[[], float]) -> None:
        self.checkers = checkers
        self.rack = rack
        self.clock = clock
        self._steps: deque[Step] = deque()
        self._step: Step | None = None
        self._started = 0.0
        self._panels_from = 0.0  # the panels' turn when the current step began
        self._rest: tuple[list[list[str]], Spot | None] | None = None

    def is_busy(self) -> bool:
        """A plan is running."""
        return self._step is not None

    def play(self, plan: Plan, after: list[list[str]] | None, height: int, width: int) -> None:
        """Start ``plan`` (a running plan ends first); ``after``: the board's data once it has run (default:
        the plan's own ``shown``)."""
        self.finish()
        rows = after if after is not None else _rows(plan.shown, height, width)
        self._rest = ([row[:] for row in rows], plan.last)
        self._steps = deque(plan.steps)
        self.checkers.hide_marker()
        self._next(self.clock())
        if self._step is None:  # nothing to show moving
            self._settle()

    def animate(self, now: float) -> None:
        """One frame: the running step at its time; finished steps give way to the next."""
        while self._step is not None:
            step, t = self._step, now - self._started
            if t < step.duration:
                self._apply(step, t)
                return
            self._apply(step, step.duration)
            self._next(self._started + step.duration)
        if self._rest is not None:
            self._settle()

    def finish(self) -> None:
        """End the running plan at once: everything where it rests."""
        while self._step is not None:
            self._apply(self._step, self._step.duration)
            self._next(self._started)
        if self._rest is not None:
            self._settle()

    def cancel(self) -> None:
        """Drop the running plan (the caller shows the board itself); the panels upright again."""
        self._steps.clear()
        self._step = None
        self._rest = None
        self.rack.settle_panels()

    # -- inside -------------------------------------------------------------------------------------

    def _next(self, start: float) -> None:
        self._step = self._steps.popleft() if self._steps else None
        self._started = start
        self._panels_from = self.rack.panel_turn

    def _apply(self, step: Step, t: float) -> None:
        for spot, pose in step.poses(t).items():
            self.checkers.pose(spot, pose)
        panels = step.panels(t)
        if panels is not None:
            angle, lift = panels
            self.rack.turn_panels(self._panels_from + angle, lift)
        arrow = step.arrow(t)
        if arrow is not None:
            self.rack.point_arrow(arrow)

    def _settle(self) -> None:
        rest, self._rest = self._rest, None
        assert rest is not None
        self.rack.settle_panels()
        data, last = rest
        self.checkers.show_board(data, last)


def _rows(shown: dict[Spot, str], height: int, width: int) -> list[list[str]]:
    rows = [[EMPTY] * width for _ in range(height)]
    for (row, col), ox in shown.items():
        rows[row][col] = ox
    return rows
