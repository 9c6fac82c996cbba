"""The page is honest while it starts: from its first frame until the scene is ready the status line says it is
starting, and the widgets show the settings the program was started with, never a default that the next frames
correct (recorded in the page at every change of its document, and every 20 ms)."""

from __future__ import annotations

from typing import Any

from browser.scene_page import PACE_SCRIPT, READY_TIMEOUT
from browser.scene_process import SceneProcess
from vp_connect4 import wording
from vp_connect4.levels import Level
from vp_connect4.vp3d.view.sliders import level_to_slider

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
