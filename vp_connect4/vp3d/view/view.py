"""``SceneView``: the scene as the controller sees it (:class:`..control.view_protocol.View`) on a VPython canvas: the
rack, checkers, widgets, labels, camera.

A move is shown by its animation (:mod:`.choreography` plans it from the move's events, :mod:`.animation`
runs it); the view keeps where gravity pulls as the scene shows it, so the ghost, the hint's scores and
gravity's arrow stand where a rule variant's moves come in.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from ... import wording
from ...game import Game, Move
from ...rules import Variant
from ..control.intents import Intent
from ..control.think.shown import TreeShown
from . import camera
from .animation import Animator
from .chart import Chart
from .checkers import Checkers
from .choreography import choreograph, gravity_angle, landing_spot
from .controls import MAX_PLY, Controls
from .player_panel import PlayerPanel
from .rack import SIDEWAYS, Rack, RackLayout
from .tree.drawing import TreeDrawing

CUE_SECONDS = 2.5
SCORE_HEIGHT = 26  # pixels
OUTCOME_HEIGHT = 17  # pixels: the perfect hint's words (``wins`` over ``in 7``) in a column's width
FLIP_SYMBOL = "↻"  # beside the flip's score (a rule variant with flips)
SCORE_BACKGROUND = (0.08, 0.1, 0.25)
SCORE_COLOURS = ((0.0, (1.0, 0.3, 0.25)), (50.0, (0.92, 0.92, 0.92)), (100.0, (0.25, 0.95, 0.35)))
SCENE_WIDTH = 960  # pixels, until the page gives the canvas the size of its place (assets/page_layout.js)
SCENE_HEIGHT = 600
BACKGROUND = (0.62, 0.74, 0.86)
CAMERA_FORWARD = (0.0, -0.22, -1.0)
CAMERA_CENTRE = (0.0, 0.9, 0.0)  # where the camera looks: above the rack's middle, so hints above it show too
PAGE_SIZE_WAIT = 20.0  # seconds the scene waits for the page to size the canvas before it builds the rack anyway
CAMERA_RANGE = 5.3  # seen above and below the centre for a 7x6 rack (a smaller one too); more for a larger one
FOV = 0.9  # radians: a little narrower than VPython's pi/3, less distortion


def _set_up(canvas: Any, vec: Any) -> threading.Event:
    """The canvas's size, sky, field of view and what the mouse may do; the camera looks at the rack from the start
    and never fits itself to what is built so far (GlowScript's ``autoscale``): its range is fitted once the page
    has given the canvas its size. Returns the event set when the page has (and at every size after)."""
    canvas.width = SCENE_WIDTH
    canvas.height = SCENE_HEIGHT
    canvas.background = vec(*BACKGROUND)
    canvas.fov = FOV
    canvas.autoscale = False
    canvas.up = vec(0, 1, 0)
    canvas.forward = vec(*CAMERA_FORWARD)
    canvas.center = vec(*CAMERA_CENTRE)
    canvas.userspin = True
    canvas.userzoom = True
    canvas.userpan = False  # the rack stays in the middle: rotating always turns it about itself
    # the page sizes the canvas to the window and says so (assets/page_layout.js); VPython takes the size into
    # canvas.width and .height only while something listens. Nothing else is done on VPython's thread.
    sized = threading.Event()
    canvas.bind("resize", sized.set)
    return sized


def score_colour(score: float) -> tuple[float, float, float]:
    """Red for 0 (a loss), light grey for 50, green for 100; blended in between."""
    (low, low_rgb), (mid, mid_rgb), (high, high_rgb) = SCORE_COLOURS
    if score <= mid:
        a, b, t = low_rgb, mid_rgb, (max(score, low) - low) / (mid - low)
    else:
        a, b, t = mid_rgb, high_rgb, (min(score, high) - mid) / (high - mid)
    return tuple(x + (y - x) * t for x, y in zip(a, b, strict=True))  # type: ignore[return-value]


class SceneView:
    """Implements ``control.view_protocol.View`` on one VPython canvas."""

    def __init__(
        self,
        canvas: Any,
        layout: RackLayout,
        put: Callable[[Intent], None],
        clock: Callable[[], float],
        top: int = MAX_PLY,
        goal: str | wording.Phrase = "",
        variant: Variant | None = None,
        initial: Game | None = None,
        paused: bool = False,
    ):
        """``initial``: the game the scene starts with (its settings in the widgets from the first frame on)."""
        import vpython as vp

        self._vp = vp
        self.canvas = canvas
        self.layout = layout
        self.clock = clock
        vec = vp.vector
        sized = _set_up(canvas, vec)
        self.controls = Controls(canvas, put, layout.width, top, goal, variant, layout.height, initial, paused)
        vp.wtext(pos=canvas.caption_anchor, text=camera.PAGE_SCRIPT)  # both turning drags turn gently
        mechanics = (variant if variant is not None else Variant()).mechanics(layout.width, layout.height)
        self._gravity = mechanics.frames[mechanics.start_frame].gravity  # where gravity pulls as the scene shows it
        self._flips = mechanics.flip
        # the camera sees room beside the rack for gravity's arrow (and a flip's score): fitted to the canvas's shape
        self._side_room = bool(mechanics.turn_every) or mechanics.start_frame != 0 or mechanics.flip
        self._fitted: tuple[float, tuple[float, float, bool]] | None = None  # the range fitted, and for what
        # the first frame that shows the rack shows it as the game does: the page's controls (made above) size the
        # canvas, and the camera is fitted to that size before anything is seen (on a slow page too)
        sized.wait(PAGE_SIZE_WAIT)
        self.reset_view()
        self.rack = Rack(layout, canvas, rows=any(frame.gravity in SIDEWAYS for frame in mechanics.frames))
        self.checkers = Checkers(layout, canvas, clock)
        self.chart = Chart(canvas)
        self.animator = Animator(self.checkers, self.rack, clock)
        self.player_panel = PlayerPanel(canvas, put)  # the page's last widgets
        self._score_slots: tuple[int, str] | None = None  # the slots and gravity the score labels stand for
        self._scores = [
            vp.label(
                canvas=canvas,
                pos=vec(*layout.score_point(col)),
                text="",
                height=SCORE_HEIGHT,
                box=False,
                background=vec(*SCORE_BACKGROUND),
                opacity=0.75,
                border=4,
                visible=False,
            )
            for col in range(max(layout.width, layout.height) + 1)  # the slots, then the flip's
        ]
        self._cue_until = 0.0
        self._last_seen: tuple[float, ...] | None = None  # the camera at the last frame: forward, range
        self._tree: TreeDrawing | None = None  # Think's tree, made the first time it is shown
        self._camera_kept: tuple[Any, ...] | None = None  # the camera on the rack while the tree is shown
        self._tree_fitted_for: tuple[float, float] = (0.0, 0.0)  # the canvas's size the tree's camera was fitted to

    # -- control.view_protocol.View ---------------------------------------------------

    def is_busy(self) -> bool:
        return self.animator.is_busy()

    def drop(self, move: Move, after: list[list[str]] | None = None) -> None:
        self.animator.finish()  # a move still shown moving comes to rest first
        plan = choreograph(move, self.checkers.shown, self.layout, self._gravity)
        self._gravity = plan.gravity
        self.animator.play(plan, after, self.layout.height, self.layout.width)

    def show_events(self, text: str) -> None:
        self.controls.show_events(text)

    def redraw(self, game: Game) -> None:
        self.animator.cancel()
        last = game.last_move
        board = game.board
        self._gravity, self._flips = board.gravity, board.flip_move() is not None
        self._side_room = board.referee.other_gravity() or self._flips
        self.checkers.show_board(board.data, landing_spot(last, board.height) if last else None)
        self.rack.point_arrow(gravity_angle(self._gravity) if board.referee.other_gravity() else None)
        self.announce(None)

    def show_position(self, data: list[list[str]], last: tuple[int, int] | None) -> None:
        self.animator.cancel()
        self.checkers.show_board(data, last)
        self.announce(None)

    def show_analysing(self, on: bool) -> None:
        self.controls.show_analysing(on)

    def show_chart(self, points: list[tuple[int, int]] | None, moves: int = 0, current: int = 0) -> None:
        if points is None:
            self.chart.hide()
        else:
            self.chart.show(points, moves, self.layout.width * self.layout.height, current)

    def reload_page(self) -> None:
        self.controls.reload_page()

    def show_think(self, on: bool) -> None:
        self.controls.show_think(on)

    def show_think_playing(self, on: bool) -> None:
        self.controls.show_think_playing(on)

    def show_tree(self, shown: TreeShown | None) -> None:
        """Think's tree (far below the rack) and the camera fitted to it (the tree, its labels and the small rack
        inside the canvas; again for an opened call); None: hidden, the camera on the rack as it was."""
        canvas = self.canvas
        if shown is None:
            if self._tree is not None:
                self._tree.hide()
            if self._camera_kept is not None:
                canvas.center, canvas.forward, canvas.up, canvas.range = self._camera_kept
                self._camera_kept = None
            return
        if self._tree is None:
            self._tree = TreeDrawing(canvas)
        first = self._camera_kept is None
        vec = self._vp.vector
        if first:
            self._camera_kept = (vec(canvas.center), vec(canvas.forward), vec(canvas.up), canvas.range)
            canvas.forward = vec(*CAMERA_FORWARD)
            canvas.up = vec(0, 1, 0)
        if self._tree.show(shown) or first:
            self._fit_tree()

    def _fit_tree(self) -> None:
        """The camera on the whole tree at the canvas's size now, looking as it looks."""
        assert self._tree is not None
        canvas, vec = self.canvas, self._vp.vector
        forward = canvas.forward
        found = self._tree.fit_to((canvas.width, canvas.height), (forward.x, forward.y, forward.z), FOV)
        canvas.center = vec(*found.centre)
        canvas.range = found.range
        self._tree_fitted_for = (canvas.width, canvas.height)

    def highlight_win(self, cells: tuple[tuple[int, int], ...]) -> None:
        self.checkers.highlight(cells)

    def announce(self, text: str | None) -> None:
        """The result over the canvas, whatever the camera does (a text of the page, ``#c4-banner``)."""
        self.controls.show_banner(text)

    def show_status(self, text: str) -> None:
        self.controls.show_status(text)

    def cue(self, text: str) -> None:
        self.controls.show_cue(text)
        self._cue_until = self.clock() + CUE_SECONDS

    def show_scores(self, scores: list[float] | None, words: list[str] | None = None) -> None:
        """One score per slot (a column, or a row when gravity pulls sideways) where its moves come in; the
        flip's (the last, in a variant with flips) above the top right corner. ``words``: the labels' texts
        instead of the numbers (smaller: two short lines fit a column's width)."""
        slots = self.layout.height if self._gravity in SIDEWAYS else self.layout.width
        self._place_scores(slots)
        values = list(scores or [])
        texts = list(words or [])
        shown = []
        for index, label in enumerate(self._scores[:-1]):
            score = values[index] if index < min(slots, len(values)) else -1
            shown.append(self._show_score(label, score, text=texts[index] if index < len(texts) else None))
        flip = values[slots] if self._flips and len(values) > slots else -1
        shown.append(self._show_score(self._scores[-1], flip, FLIP_SYMBOL + " "))
        self.controls.show_score_texts(shown[:slots] + shown[-1:] if self._flips else shown[:slots])

    def _show_score(self, label: Any, score: float, prefix: str = "", text: str | None = None) -> str:
        """Show one label (hidden for a negative score); what it says ('' hidden)."""
        if score < 0:
            if label.visible:
                label.visible = False
            return ""
        label.text = f"{prefix}{score:g}" if text is None else text
        label.height = SCORE_HEIGHT if text is None else OUTCOME_HEIGHT
        label.color = self._vp.vector(*score_colour(score))
        label.visible = True
        return label.text

    def _place_scores(self, slots: int) -> None:
        """The score labels beside the slots of gravity now (moved only when gravity has turned)."""
        if self._score_slots == (slots, self._gravity):
            return
        self._score_slots = (slots, self._gravity)
        vec = self._vp.vector
        for index, label in enumerate(self._scores[:-1]):
            if index < slots:
                label.pos = vec(*self.layout.score_point(index, self._gravity))
        self._scores[-1].pos = vec(*self.layout.flip_score_point())

    def show_ghost(self, col: int | None, ox: str) -> None:
        self.checkers.show_ghost(col, ox, self._gravity)

    def show_settings(self, game: Game, paused: bool, held: str | None = None) -> None:
        self.controls.show_settings(game, paused, held)

    def show_linked(self, remote: str) -> None:
        self.controls.show_linked(remote)

    def show_answers(self, on: bool) -> None:
        self.controls.show_answers(on)

    def relabel(self) -> None:
        self.controls.relabel()
        self.chart.relabel()
        self.player_panel.relabel()
        self.controls.show_cue("")  # a cue in the old language is not said again

    def show_tally(self, text: str) -> None:
        self.controls.show_tally(text)

    def show_player_files(self, files: list[str]) -> None:
        self.controls.show_player_files(files)

    def show_player_error(self, heading: str, code: list[str], advice: str, retry: bool) -> None:
        self.player_panel.show_error(heading, code, advice, retry)

    def clear_player_file_field(self) -> None:
        self.player_panel.clear_field()

    def show_keep_scores(self, on: bool) -> None:
        self.controls.show_keep_scores(on)

    def show_moves(self, code: str) -> None:
        self.controls.show_moves(code)

    def clear_load_field(self) -> None:
        self.controls.clear_load_field()

    def show_thinking(self, ox: str | None) -> None:
        self.checkers.show_thinking(ox)

    def reset_view(self) -> None:
        vec = self._vp.vector
        self.canvas.up = vec(0, 1, 0)
        self.canvas.forward = vec(*CAMERA_FORWARD)
        self.canvas.center = vec(*CAMERA_CENTRE)
        self._fit_camera(keep_zoom=False)

    def _fit_camera(self, keep_zoom: bool) -> None:
        """The camera's range for the canvas's size now: the rack fits (a larger rack too) and, with
        ``keep_zoom``, as much larger or smaller as the person has zoomed it."""
        layout, canvas = self.layout, self.canvas
        seen = (
            layout.seen_half_width(self._side_room),
            CAMERA_RANGE * max(1.0, layout.width / 7, layout.height / 6),
        )
        fit = camera.fitted_range((canvas.width, canvas.height), seen)
        zoom = canvas.range / self._fitted[0] if keep_zoom and self._fitted else 1.0
        canvas.range = fit * zoom
        self._fitted = (fit, self._fitted_for())

    def _fitted_for(self) -> tuple[float, float, bool]:
        return (self.canvas.width, self.canvas.height, self._side_room)

    # -- every frame ---------------------------------------------------------------------

    def keep_camera_sensible(self) -> bool:
        """Bring the camera back within ``camera``'s limits (above the table, from the front, upright);
        True if it had to."""
        return camera.keep_sensible(self.canvas, self._vp.vector)

    def is_moving(self) -> bool:
        """Something moves on its own (see ``control.pacing``)."""
        return self.animator.is_busy() or self.checkers.is_moving()

    def animate(self, now: float) -> bool:
        """One frame: move what moves; True if the person is turning the camera (it moved since the last frame)."""
        turned = self.keep_camera_sensible()
        if self._camera_kept is None and self._fitted is not None and self._fitted[1] != self._fitted_for():
            self._fit_camera(keep_zoom=True)
        if self._camera_kept is not None and self._tree_fitted_for != (self.canvas.width, self.canvas.height):
            self._fit_tree()  # the window changed size while the tree is shown
        forward = self.canvas.forward
        seen = (forward.x, forward.y, forward.z, self.canvas.range)
        turned = turned or (self._last_seen is not None and seen != self._last_seen)
        self._last_seen = seen
        self.animator.animate(now)
        self.checkers.animate(now)
        self.controls.settle(now)
        if self._cue_until and now >= self._cue_until:
            self._cue_until = 0.0
            self.controls.show_cue("")
        return turned
