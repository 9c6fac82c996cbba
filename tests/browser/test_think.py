"""Think in the real scene (``main.py --no-browser`` + headless Chromium): the side to move's scores_for tree.

On a mid-game position with two people (nothing moves on its own): Think at ply 3 draws every call, Step and
Play (the speed at its fastest) reach the root's list, Esc goes back with no element of the page moved; at ply 4
a click on a folded call, twice, opens it. Every key is answered (its log line) within 2 s throughout (times the
machine's slowness now: tests/slowness.py), on the slowed page of the reload test too; the page raises no error
and the canvas shows the tree. A player file's tree (``--think`` at the start) opens at its first difference from
the reference.
"""

from __future__ import annotations

import time
from typing import Any

import pytest
from slowness import slowness

from browser.scene_page import CANVAS_JS, ScenePage
from browser.scene_process import SceneProcess
from vp_connect4.board import RulesBoard
from vp_connect4.think.reference import reference_tree
from vp_connect4.vp3d.control.think.part import SPEEDS
from vp_connect4.vp3d.control.think.shown import TreeShown

MID_GAME = "33224"
ANSWER = 2.0  # seconds a key may take to be answered, on an idle machine (times the machine's slowness now)
BOXES_JS = """() => Object.fromEntries([...document.querySelectorAll('[id^=c4-], canvas')].map((e, i) => {
  const r = e.getBoundingClientRect(); return [e.id || ('canvas' + i), [r.x, r.y, r.width, r.height]]; }))"""


def answered(view: ScenePage, key: str, pattern: str) -> str:
    start = time.monotonic()
    view.press(key)
    line = view.wait_log(pattern, timeout=30)
    took, limit = time.monotonic() - start, ANSWER * slowness()
    assert took < limit, f"{key!r} took {took:.1f} s (at most {limit:.1f} s on this machine now)"
    return line


def test_think_draws_the_tree_plays_its_calls_opens_a_fold_and_goes_back_as_it_was(context: Any) -> None:
    with SceneProcess.main("--x", "human", "--o", "human", "--o-ply", "3", "--moves", MID_GAME) as scene:
        view = ScenePage.open(context, scene)
        errors: list[str] = []  # the page's own (GlowScript's renderer failing freezes the canvas, silently)
        view.page.on("pageerror", lambda error: errors.append(str(error)))
        view.wait_redraws()
        before = view.page.evaluate(BOXES_JS)
        rack_picture = view.page.locator("canvas").first.screenshot()

        board = RulesBoard()
        board.set_board(MID_GAME)
        shown = TreeShown(reference_tree(board, "O", 3, "LEFT"), "O")
        ends = sum(1 for item in shown.items() if item.node is None)
        view.press("t")
        assert view.wait_log(r"^think: O ply 3, ") == f"think: O ply 3, {shown.calls} calls"
        assert view.wait_log("^think ready: ") == f"think ready: {shown.calls} calls drawn, {ends} ends, 0 folded"
        view.page.wait_for_function("() => document.getElementById('c4-think').textContent === 'Back to the game'")
        view.wait_redraws()
        assert view.page.locator("canvas").first.screenshot() != rack_picture  # the tree is on the canvas
        answered(view, "ArrowRight", "^think: step 1 of ")
        answered(view, "ArrowRight", "^think: step 2 of ")
        view.drag_slider("#c4-think-speed", len(SPEEDS) - 1)
        view.press(" ")
        scores = " ".join(f"{score:g}" for score in shown.tree.root.scores)
        assert view.wait_log("^think: returned ", timeout=60) == f"think: returned {scores}"

        answered(view, "Escape", "^think closed$")
        view.wait_redraws()
        after = view.page.evaluate(BOXES_JS)
        seen = [key for key in before if min(before[key][2:]) > 1]  # #c4-scores is visually hidden (1 px or none)
        moved = {
            key: (before[key], after.get(key))
            for key in seen
            if after.get(key) is None or max(abs(a - b) for a, b in zip(before[key], after[key], strict=True)) > 2
        }
        assert not moved, moved
        assert errors == [], errors[:3]

        scene.assert_no_traceback()

    with SceneProcess.main("--x", "human", "--o", "human", "--o-ply", "4", "--moves", MID_GAME) as scene:
        view = ScenePage.open(context, scene)  # (a person's look-ahead slider is greyed: a scene at ply 4)
        errors = []
        view.page.on("pageerror", lambda error: errors.append(str(error)))
        answered(view, "t", r"^think: O ply 4, \d+ calls$")
        ready = view.wait_log("^think ready: ")
        assert not ready.endswith(" 0 folded"), ready
        view.wait_redraws()
        shown = TreeShown(reference_tree(board, "O", 4, "LEFT"), "O")
        folded = next(item for item in shown.items() if item.folded)
        named = " ".join(map(str, folded.line))
        view.click_world(shown.position(folded.line))
        assert view.wait_log("^think: node ") == f"think: node {named}"
        view.click_world(shown.position(folded.line))
        assert view.wait_log("^think opened ").startswith(f"think opened {named}: ")
        answered(view, "t", "^think closed$")
        assert errors == [], errors[:3]
        scene.assert_no_traceback()


def test_a_player_files_tree_opens_at_its_first_difference_from_the_command_line(context: Any) -> None:
    player = ("--x", "examples/wrong_player.py", "--x-ply", "2", "--tiebreak", "RIGHT", "--o", "human")
    with SceneProcess.main("--moves", "1211244445", *player, "--think") as scene:
        view = ScenePage.open(context, scene)
        errors: list[str] = []
        view.page.on("pageerror", lambda error: errors.append(str(error)))
        assert view.wait_log("^think: X ") == "think: X ply 2, 51 calls"
        assert view.wait_log("^think differs: ") == "think differs: 1 calls, first -"  # the call at the top
        view.wait_redraws()
        assert view.page.wait_for_function("() => document.getElementById('c4-think').textContent").json_value()
        assert errors == [], errors[:3]
        scene.assert_no_traceback()


def test_think_on_a_slow_page_on_a_busy_machine_answers_keys_in_time(context: Any) -> None:
    from browser.test_slow_reload import SLOW_PAGE_SCRIPT, SLOW_READY, open_slow

    context.add_init_script(SLOW_PAGE_SCRIPT)  # every redraw slow and seldom, as software rendering on a busy machine
    with SceneProcess.main("--x", "human", "--o", "human", "--o-ply", "3", "--moves", MID_GAME) as scene:
        view = open_slow(context, scene)
        view.press("t")
        assert view.wait_log("^think ready: ", SLOW_READY).startswith("think ready: 304 calls drawn")
        for step in range(1, 4):
            answered(view, "ArrowRight", f"^think: step {step} of ")
        answered(view, "Escape", "^think closed$")
        scene.assert_no_traceback()


SEED_POSITION = "1211244445"  # the seed text's example: X to move
BACKGROUND_RGB = (158, 189, 219)  # view.BACKGROUND in 8 bits
COLOUR_SLACK = 12  # per channel: the renderer's rounding
FRAME_PIXELS = 6  # the canvas's outer frame that must show only the sky
CELL_PIXELS = 7  # a small rack cell's radius
WINDOWS = ({"width": 1000, "height": 1000}, {"width": 1400, "height": 720}, {"width": 820, "height": 1000})
# GlowScript's own projection as its renderer draws (glow.min.js): the camera range * (h / min(w, h)) / tan(fov / 2)
# from the centre along the axis; a pixel 2 * range / min(w, h) world units in the plane through the centre
SEEN_JS = f"""() => {{
  const cv = {CANVAS_JS};
  const w = cv.__width, h = cv.__height, smaller = Math.min(w, h);
  const axis = cv.__axis.norm(), xaxis = axis.cross(cv.__up).norm(), yaxis = xaxis.cross(axis);
  const distance = cv.__range * (h / smaller) / Math.tan(cv.__fov / 2), pixel = 2 * cv.__range / smaller;
  const camera = cv.__center.sub(axis.multiply(distance));
  const seen = (p) => {{
    const d = p.sub(camera), q = d.multiply(distance / d.dot(axis));
    return [w / 2 + q.dot(xaxis) / pixel, h / 2 - q.dot(yaxis) / pixel];
  }};
  const ruler = document.createElement('canvas').getContext('2d');
  const labels = glowObjs.filter(o => o && o.constructor.name === 'label' && o.visible && o.text).map(o => {{
    ruler.font = o.height + 'px ' + (o.font === 'sans' ? 'Verdana, sans-serif' : o.font);
    const width = ruler.measureText(o.text).width * 1.1, [x, y] = seen(o.pos);
    return [o.text, x + o.xoffset - width / 2, y - o.yoffset - o.height / 2, width, o.height];
  }});
  const racks = glowObjs.filter(o => o && o.constructor.name === 'points' && o.visible && o.__points.length === 42
                                     && o.radius === {CELL_PIXELS});
  return {{ size: [w, h], labels: labels, cells: racks.flatMap(o => o.__points.map(p => seen(p.pos))) }};
}}"""


def assert_fits(view: ScenePage, window: dict[str, int]) -> None:
    """The canvas's frame is sky, the small rack inside it, no two labels overlapping and each inside."""
    from browser.pixels import decode_png

    image = decode_png(view.screenshot())
    w, h = image.width, image.height
    frame = [
        image.rgb[3 * (y * w + x) : 3 * (y * w + x) + 3]
        for y in range(h)
        for x in range(w)
        if min(x, y, w - 1 - x, h - 1 - y) < FRAME_PIXELS
    ]
    off = [tuple(p) for p in frame if max(abs(a - b) for a, b in zip(p, BACKGROUND_RGB, strict=True)) > COLOUR_SLACK]
    assert not off, f"{window}: {len(off)} pixels of the canvas's outer {FRAME_PIXELS} are not sky: {off[:5]}"
    seen = view.page.evaluate(SEEN_JS)
    width, height = seen["size"]
    assert len(seen["cells"]) == 42, seen["cells"]
    for x, y in seen["cells"]:
        assert CELL_PIXELS <= x <= width - CELL_PIXELS and CELL_PIXELS <= y <= height - CELL_PIXELS, (window, x, y)
    labels = seen["labels"]
    assert len(labels) == 7, labels
    for text, x, y, w_, h_ in labels:
        assert 0 <= x <= width - w_ and 0 <= y <= height - h_, (window, text, x, y)
    for index, (text, x, y, w_, h_) in enumerate(labels):
        for other, ox, oy, ow, oh in labels[index + 1 :]:
            apart = x + w_ <= ox or ox + ow <= x or y + h_ <= oy or oy + oh <= y
            assert apart, f"{window}: labels {text!r} and {other!r} overlap: {labels}"


PICTURES_WINDOW = {"width": 1280, "height": 800}  # the window of the pictures of docs/teachers.md (bug_screenshots)


@pytest.mark.parametrize(
    ("ply", "lang", "windows"),
    [(4, "nl", WINDOWS), (2, "en", (PICTURES_WINDOW,))],  # ply 2: the gold line once ran past the bottom edge
    ids=["ply-4", "ply-2"],
)
def test_think_fits_the_canvas_at_every_window_size_with_its_labels_apart(
    browser: Any, ply: int, lang: str, windows: tuple[dict[str, int], ...]
) -> None:
    from browser.conftest import VIEWPORT

    context = browser.new_context(viewport=VIEWPORT)
    options = ("--moves", SEED_POSITION, "--x", "ai", "--x-ply", str(ply), "--o", "human", "--think", "--lang", lang)
    try:
        with SceneProcess.main(*options) as scene:
            view = ScenePage.open(context, scene)
            errors: list[str] = []
            view.page.on("pageerror", lambda error: errors.append(str(error)))
            view.wait_log("^think ready: ", timeout=60)
            for window in windows:
                size = view.page.evaluate(f"() => [{CANVAS_JS}.__width, {CANVAS_JS}.__height, {CANVAS_JS}.__range]")
                if window != view.page.viewport_size:
                    view.page.set_viewport_size(window)
                    # the page sizes its canvas; the program fits the camera again: its range changes
                    view.page.wait_for_function(
                        f"() => {CANVAS_JS}.__width !== {size[0]} && {CANVAS_JS}.__range !== {size[2]}", timeout=30_000
                    )
                assert_fits(view, window)
            assert errors == [], errors[:3]
            scene.assert_no_traceback()
    finally:
        context.close()


def test_think_at_ply_5_answers_every_key_and_the_page_times_it(context: Any) -> None:
    """The page's own time from a key to the new status line is printed (pytest -s), not held to a limit: speed is
    measured in benchmarks/think_scene_bench.py; here every key must be answered."""
    from browser.answers import ANSWER_PROBE, key_answer, wait_status

    context.add_init_script(ANSWER_PROBE)
    options = ("--moves", SEED_POSITION, "--x", "ai", "--x-ply", "5", "--o", "human", "--think")
    with SceneProcess.main(*options) as scene:
        view = ScenePage.open(context, scene)
        arrived = view.wait_log("^think: X ", timeout=60)
        assert arrived.startswith("think: X ply 5, "), arrived
        view.wait_log("^think ready: ", timeout=60)
        wait_status(view, f" {arrived.split()[-2]} ")  # the page says the tree is ready: "... 14119 calls ..."
        times = [key_answer(view, "ArrowRight", f"^think: step {step} of ") for step in range(1, 5)]
        times += [key_answer(view, "ArrowLeft", f"^think: step {step} of ") for step in (3, 2)]
        print(f"ply 5: the page answered keys in {', '.join(f'{t:.0f}' for t in times)} ms")
        scene.assert_no_traceback()
