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

from slowness import slowness

from browser.scene_page import ScenePage
from browser.scene_process import SceneProcess
from vp_connect4.board import Board
from vp_connect4.think.reference import reference_tree
from vp_connect4.vp3d.control.thinking.part import SPEEDS
from vp_connect4.vp3d.control.thinking.shown import TreeShown

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

        board = Board()
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
