"""The page fits its window and keeps still: measured in a real browser at three window sizes.

At the start, after a few moves, after a perfect hint (a long status line), in Dutch and at the end of a won game,
the canvas, the status line and every control have the same box (within :data:`TOLERANCE` pixels); all of them
lie inside the window, none overlaps another, the canvas takes at least :data:`CANVAS_SHARE` of the window's width,
the page has no horizontal scroll bar and the whole rack is seen on the canvas. When the window changes size the
canvas follows it. Moves are played with the arrow keys and Enter. The boxes measured are printed (``pytest -rP``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from browser.scene_page import CANVAS_JS, ScenePage
from browser.scene_process import SceneProcess
from vp_connect4 import Board, wording
from vp_connect4.levels import Level
from vp_connect4.vp3d.view.rack import BASE_HEIGHT, POST_WIDTH, RackLayout
from vp_connect4.vp3d.view.sliders import level_to_slider

SIZES = ((1024, 700), (1280, 800), (1920, 1080))
TOLERANCE = 2  # pixels an element may move or grow between two moments
CANVAS_SHARE = 0.6  # of the window's width, at least
LAYOUT_TIMEOUT = 360  # seconds for a whole game: a 1920x1080 canvas is slow to draw in software
OVERLAP = 1  # pixels two boxes may share (anti-aliased borders)
LAYOUT = RackLayout()
MY_COLUMN = 3  # X plays here every time: four in a row against O at ply 0 (leftmost first) in 7 moves
LONG_STATUS = 60  # characters: the status line with the perfect hint is at least this long
TEXT_TIMEOUT = 30_000  # ms for the page to show a text
STATUS = "#c4-status"
CONTROLS = (
    "#c4-x-player", "#c4-x-ply", "#c4-x-eval", "#c4-o-player", "#c4-o-ply", "#c4-o-eval", "#c4-tiebreak",
    "#c4-new", "#c4-undo", "#c4-hint", "#c4-keep", "#c4-pause", "#c4-reset-view", "#c4-swap", "#c4-variant",
    "#c4-size", "#c4-flip", "#c4-analyse", "#c4-tally", "#c4-lang", "#c4-moves", "#c4-copy",
    "input[name=c4-load-code]", "#c4-load", "input[name=c4-player-file]",
)  # fmt: skip
PANEL_JS = """() => { const panel = document.querySelector('#glowscript > .glowscript-canvas-wrapper + div');
    return [panel.scrollHeight, panel.clientHeight, panel.scrollTop]; }"""
MEASURED = ("canvas", STATUS, "#c4-events", "#c4-cue", *CONTROLS)

BOXES_JS = f"""(selectors) => {{
  const box = (element) => {{ const r = element.getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; }};
  const found = {{canvas: box({CANVAS_JS}.__canvas_element)}};
  for (const selector of selectors.slice(1)) {{
    const element = document.querySelector(selector);
    found[selector] = element ? box(element) : null;
  }}
  return found;
}}"""

Box = tuple[float, float, float, float]


def boxes(view: ScenePage) -> dict[str, Box]:
    found = view.page.evaluate(BOXES_JS, list(MEASURED))
    missing = [selector for selector, box in found.items() if box is None]
    assert not missing, f"not on the page: {missing}"
    return {selector: tuple(box) for selector, box in found.items()}


def moved(before: dict[str, Box], after: dict[str, Box]) -> dict[str, tuple[Box, Box]]:
    """The elements whose box changed by more than TOLERANCE pixels: (before, after)."""
    return {
        name: (before[name], after[name])
        for name in before
        if any(abs(a - b) > TOLERANCE for a, b in zip(before[name], after[name], strict=True))
    }


def overlapping(found: dict[str, Box]) -> list[tuple[str, str]]:
    names = [name for name, (_, _, width, height) in found.items() if width > 0 and height > 0]
    pairs = []
    for i, a in enumerate(names):
        ax, ay, aw, ah = found[a]
        for b in names[i + 1 :]:
            bx, by, bw, bh = found[b]
            if min(ax + aw, bx + bw) - max(ax, bx) > OVERLAP and min(ay + ah, by + bh) - max(ay, by) > OVERLAP:
                pairs.append((a, b))
    return pairs


def outside(found: dict[str, Box], width: int, height: int) -> dict[str, Box]:
    return {
        name: (x, y, w, h)
        for name, (x, y, w, h) in found.items()
        if x < -OVERLAP or y < -OVERLAP or x + w > width + OVERLAP or y + h > height + OVERLAP
    }


def rack_corners(layout: RackLayout = LAYOUT) -> list[tuple[float, float, float]]:
    """The rack's outer corners on its front: the posts' tops and the base's bottom."""
    left, right = -layout.half_width - POST_WIDTH, layout.half_width + POST_WIDTH
    top, bottom = layout.top, layout.bottom - BASE_HEIGHT
    return [(x, y, layout.base_front) for x in (left, right) for y in (top, bottom)]


def assert_rack_seen(view: ScenePage) -> None:
    box = view.canvas_box()
    for x, y in view.project(rack_corners()):
        assert box["x"] <= x <= box["x"] + box["width"] and box["y"] <= y <= box["y"] + box["height"], (
            f"the rack is cut off: corner at {x:.0f},{y:.0f}, canvas {box}"
        )


SCROLLS_JS = """() => ({
  sideways: document.documentElement.scrollWidth > document.documentElement.clientWidth,
  width: document.documentElement.scrollWidth, window: window.innerWidth,
})"""


def assert_fits(view: ScenePage, found: dict[str, Box], width: int, where: str) -> None:
    """The canvas takes its share of the window's width and nothing makes the page scroll sideways."""
    canvas_width = found["canvas"][2]
    assert canvas_width >= CANVAS_SHARE * width, f"{where}: the canvas is {canvas_width:.0f} of {width} pixels wide"
    scrolls = view.page.evaluate(SCROLLS_JS)
    assert not scrolls["sideways"], f"{where}: a horizontal scroll bar {scrolls}"


# the canvas has taken the size of its place on the page (the page's grid cell)
FILLED_JS = f"""() => {{
  const canvas = {CANVAS_JS}.__canvas_element, place = canvas.closest('.glowscript-canvas-wrapper');
  const near = (a, b) => Math.abs(a - b) <= 1;
  return near(canvas.clientWidth, place.clientWidth) && near(canvas.clientHeight, place.clientHeight);
}}"""
SLACK = 30  # pixels between the canvas and the window's bottom or the panel: margins and a gap, no more


def report(width: int, height: int, moments: dict[str, dict[str, Box]]) -> None:
    """The measurements, for the record: the canvas's box and how far anything moved from the start."""
    start = moments["start"]
    x, y, w, h = start["canvas"]
    print(f"{width}x{height}: canvas at {x:.0f},{y:.0f} size {w:.0f}x{h:.0f} ({w / width:.0%} of the width)")
    print(f"  status {_box(start[STATUS])}, panel controls from x={min(start[c][0] for c in CONTROLS):.0f}")
    for moment, found in moments.items():
        shift = max(abs(a - b) for name in start for a, b in zip(start[name], found[name], strict=True))
        print(f"  {moment}: largest change of any box {shift:.1f} px")


def _box(box: Box) -> str:
    x, y, w, h = box
    return f"{x:.0f},{y:.0f} {w:.0f}x{h:.0f}"


def status_text(view: ScenePage) -> str:
    return view.page.evaluate(f"() => document.querySelector('{STATUS}').textContent")


def keys_for(view: ScenePage, col: int) -> Callable[[], None]:
    """What plays into ``col`` by keys: ← to the leftmost column, → to ``col``, Enter."""

    def keys() -> None:
        for _ in range(LAYOUT.width):
            view.press("ArrowLeft")
        for _ in range(col):
            view.press("ArrowRight")
        view.press("Enter")

    return keys


def set_o_level(view: ScenePage, level: Level, logged: str) -> None:
    view.drag_slider("#c4-o-ply", level_to_slider(level))
    view.wait_log(rf"^setting: O ply {logged}$")  # (the values passed on the way are logged too)


def choose_language(view: ScenePage, name: str, code: str) -> None:
    view.page.select_option("#c4-lang", label=name)
    assert view.wait_log(r"^setting: language") == f"setting: language {code}"
    tally = said_in(code, wording.tally, 0, 0, 0)
    view.page.wait_for_function(
        f"() => document.getElementById('c4-tally').textContent === {tally!r}", timeout=TEXT_TIMEOUT
    )


def said_in(code: str, say: Any, *args: object) -> str:
    """What the page says in the language ``code``: ``say(*args)``."""
    was = wording.language()
    wording.use_language(code)
    try:
        return say(*args)
    finally:
        wording.use_language(was)


@pytest.fixture(params=SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def sized(request: pytest.FixtureRequest, browser: Any) -> Iterator[tuple[Any, int, int]]:
    """A browser context whose window is one of SIZES."""
    width, height = request.param
    context = browser.new_context(viewport={"width": width, "height": height})
    try:
        yield context, width, height
    finally:
        context.close()


@pytest.mark.timeout(LAYOUT_TIMEOUT)
def test_nothing_moves_from_the_start_to_the_end_of_a_game(sized: tuple[Any, int, int]) -> None:
    context, width, height = sized
    with SceneProcess.main("--o-ply", "0", "--tiebreak", "LEFT") as scene:
        view = ScenePage.open(context, scene)
        view.wait_redraws()
        moments = {"start": boxes(view)}
        content, shown, scrolled = view.page.evaluate(PANEL_JS)
        assert content <= shown + 1 and scrolled == 0, f"the panel scrolls: {content} px in {shown}"  # all in sight
        assert not overlapping(moments["start"]), overlapping(moments["start"])
        assert not outside(moments["start"], width, height), outside(moments["start"], width, height)
        assert_rack_seen(view)

        board, number, mine = Board(), 0, keys_for(view, MY_COLUMN)
        for _ in range(2):
            number = view.x_then_o(board, number, MY_COLUMN, mine)
        moments["after two moves each"] = boxes(view)

        set_o_level(view, Level(None), "perfect")  # the hint sees with O's eyes: perfect
        view.page.click("#c4-hint")
        view.wait_log(r"^outcomes: X ")
        view.page.wait_for_function(
            f"() => document.querySelector('{STATUS}').textContent.includes('Best for X')", timeout=TEXT_TIMEOUT
        )
        assert len(status_text(view)) >= LONG_STATUS, status_text(view)
        moments["after a perfect hint"] = boxes(view)

        choose_language(view, "Nederlands", "nl")
        moments["in Dutch"] = boxes(view)
        choose_language(view, "English", "en")
        set_o_level(view, Level(0), "0")

        while not (board.wins_for("X") or board.wins_for("O") or board.is_full()):
            number = view.x_then_o(board, number, MY_COLUMN, mine)
        assert view.wait_log("^result: ") == "result: X wins"
        won = said_in("en", wording.result_in_scene, "X", ["X"])  # "You win! X (orange) has four in a row."
        view.page.wait_for_function(
            f"() => document.querySelector('{STATUS}').textContent.startsWith({won!r})", timeout=TEXT_TIMEOUT
        )
        view.wait_redraws()
        moments["at the end"] = boxes(view)

        report(width, height, moments)
        start = moments["start"]
        for moment, found in moments.items():
            assert not moved(start, found), f"{width}x{height}, {moment}: moved or resized {moved(start, found)}"
            assert not outside(found, width, height), f"{moment}: outside the window {outside(found, width, height)}"
            assert_fits(view, found, width, moment)
        assert_rack_seen(view)


def test_the_canvas_follows_the_window(context: Any) -> None:
    """The window made smaller, then larger: the canvas fills its place each time, the rack seen whole."""
    with SceneProcess.main("--o-ply", "1") as scene:
        view = ScenePage.open(context, scene)
        seen = []
        for width, height in (*SIZES, SIZES[0]):
            view.page.set_viewport_size({"width": width, "height": height})
            view.page.wait_for_function(FILLED_JS, timeout=TEXT_TIMEOUT)
            view.wait_redraws()
            found = boxes(view)
            x, y, w, h = found["canvas"]
            assert y + h > height - SLACK, f"{width}x{height}: the canvas ends {height - y - h:.0f} px above the bottom"
            assert not outside(found, width, height), f"{width}x{height}: {outside(found, width, height)}"
            assert not overlapping(found), overlapping(found)
            assert_fits(view, found, width, f"{width}x{height}")
            panel = min(found[control][0] for control in CONTROLS)
            assert panel - (x + w) < SLACK, f"{width}x{height}: a gap of {panel - (x + w):.0f} px beside the canvas"
            assert_rack_seen(view)
            seen.append(found["canvas"])
        assert seen[0] == seen[-1]  # back to the first size: the same canvas
        assert len({canvas[2] for canvas in seen}) == len(SIZES)
