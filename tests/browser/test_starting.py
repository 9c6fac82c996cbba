"""The page is honest and steady while it starts: from its first frame until the scene is ready the status line says
it is starting, and the widgets show the settings the program was started with, never a default that the next frames
correct (recorded in the page at every change of its document, and every 20 ms); the camera is the game's from the
first frame that shows the rack and never moves on its own (recorded at every frame drawn, on a page drawing slowly);
a key pressed as soon as the page has its canvas is kept and played once the game can take it."""

from __future__ import annotations

import math
from typing import Any

import pytest

from browser.camera_watch import CAMERA_WATCH_SCRIPT, cameras
from browser.scene_page import CANVAS_JS, MOVE_TIMEOUT, PACE_SCRIPT, READY_TIMEOUT, ScenePage
from browser.scene_process import SceneProcess
from vp_connect4 import wording
from vp_connect4.levels import Level
from vp_connect4.vp3d.view.sliders import level_to_slider
from vp_connect4.vp3d.view.view import CAMERA_CENTRE, CAMERA_FORWARD

SAMPLE_SCRIPT = """
window.__samples = [];
(function () {
  function sample() {
    const status = document.getElementById('c4-status');
    const menus = [...document.querySelectorAll('select')].slice(0, 5)
      .map(menu => menu.selectedIndex >= 0 ? menu.options[menu.selectedIndex].textContent : null);
    const sliders = [...document.querySelectorAll('.ui-slider')].slice(0, 2)
      .map(slider => window.$ ? $(slider).slider('value') : null);
    if (status === null && menus.length === 0) return;
    window.__samples.push({status: status ? status.textContent : null, menus: menus, sliders: sliders});
  }
  new MutationObserver(sample).observe(document, {subtree: true, childList: true, characterData: true});
  setInterval(sample, 20);
})();
"""
FINAL_JS = "() => window.__samples[window.__samples.length - 1]"


def test_until_ready_the_status_says_starting_and_the_widgets_show_the_settings_started_with(context: Any) -> None:
    with SceneProcess.main("--o", "ai", "--o-ply", "3", "--tiebreak", "RIGHT", "--x-ply", "2") as scene:
        scene.wait_for_port()
        page = context.new_page()
        page.add_init_script(PACE_SCRIPT)
        page.add_init_script(SAMPLE_SCRIPT)
        page.goto(scene.url)
        scene.wait_for("^scene ready$", READY_TIMEOUT)
        page.wait_for_function(f"() => ({FINAL_JS})() && ({FINAL_JS})().status.startsWith('Your turn')",
                               timeout=READY_TIMEOUT * 1000)  # fmt: skip
        samples = page.evaluate("() => window.__samples")
    final = samples[-1]
    assert final["menus"][2].endswith("AI") and final["menus"][4] == "tiebreak RIGHT", final
    assert final["sliders"] == [level_to_slider(Level(2)), level_to_slider(Level(3))], final
    starting = wording.scene_starting()
    whole = [sample for sample in samples if len(sample["menus"]) == 5 and None not in sample["sliders"]]
    assert whole, samples[:3]
    for sample in whole:
        assert sample["menus"] == final["menus"] and sample["sliders"] == final["sliders"], sample
    statuses = [sample["status"] for sample in samples if sample["status"] is not None]
    first_real = next(index for index, status in enumerate(statuses) if status != starting)
    assert statuses[0] == starting and all(status != starting for status in statuses[first_real:])


def test_the_camera_is_the_games_from_the_first_frame_that_shows_the_rack_and_never_moves_on_its_own(
    context: Any,
) -> None:
    with SceneProcess.main() as scene:
        scene.wait_for_port()
        page = context.new_page()
        page.add_init_script(CAMERA_WATCH_SCRIPT)
        page.add_init_script(PACE_SCRIPT)  # a page that draws a frame every quarter second at most: a slow machine
        page.goto(scene.url)
        scene.wait_for("^scene ready$", READY_TIMEOUT)
        view = ScenePage(page, scene)
        view.wait_redraws()
        view.press("3")
        view.wait_log("^move 1: X column 3$")
        view.wait_log("^move 2: O column ", MOVE_TIMEOUT)
        view.wait_redraws()
        drawn = cameras(page)
    assert len(drawn) == 1, drawn  # one camera from the first frame with the rack in it to after two moves
    numbers = [float(value) for value in drawn[0]["camera"].split()]
    length = math.hypot(*CAMERA_FORWARD)
    assert numbers[:3] == pytest.approx([c / length for c in CAMERA_FORWARD], abs=1e-3), drawn
    assert numbers[3:9] == pytest.approx([*CAMERA_CENTRE, 0.0, 1.0, 0.0], abs=1e-3), drawn


def test_a_key_pressed_as_soon_as_the_page_has_its_canvas_is_played_once_the_game_can_take_it(context: Any) -> None:
    with SceneProcess.main() as scene:
        scene.wait_for_port()
        page = context.new_page()
        page.goto(scene.url, wait_until="commit")
        page.wait_for_function(f"() => window.glowObjs !== undefined && {CANVAS_JS} !== undefined",
                               timeout=READY_TIMEOUT * 1000, polling=10)  # fmt: skip
        early = "scene ready" not in scene.lines
        page.keyboard.press("3")  # once: a person who pressed a key while the page said "Starting"
        index, _ = scene.wait_for("^move 1: ", READY_TIMEOUT)
        lines = scene.lines[: index + 1]
    assert early, "the scene was ready before the key: this test did not press it early"
    assert lines[-1] == "move 1: X column 3", lines
    assert not [line for line in lines if line.startswith("ignored")], lines
