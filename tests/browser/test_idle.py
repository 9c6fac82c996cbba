"""Issue 9: with its tab open and nothing happening, the scene's program rests instead of spinning.

It used to loop on VPython's ``rate(60)``, which spins between its sleeps: about a whole core at rest
(``make bench ARGS=idle_bench`` measures it against that loop). CPU time is counted by the kernel,
so this is not a wall-clock limit: the bound is a tenth of what a spinning loop takes.
"""

from __future__ import annotations

import time
from typing import Any

from browser.scene_page import ScenePage
from browser.scene_process import SceneProcess, cpu_seconds
from vp_connect4 import wording

STATUS_TIMEOUT_MS = 60_000
SPOKEN_JS = "(s) => { const e = document.querySelector('#c4-status'); return !!e?.textContent && e.textContent !== s; }"
WINDOW = 5.0  # seconds measured
MOST = 0.1  # CPU seconds per second: a spinning loop takes 0.6-1.0 here


def test_an_idle_scene_with_its_tab_open_rests(context: Any) -> None:
    with SceneProcess.main() as scene:
        view = ScenePage.open(context, scene)
        starting = wording.scene_starting()  # the status line until the controller has spoken
        view.page.wait_for_function(SPOKEN_JS, arg=starting, timeout=STATUS_TIMEOUT_MS)
        view.wait_redraws()  # the scene has started and the page has drawn it: from here on nothing happens
        pid = scene.process.pid
        start, used = time.monotonic(), cpu_seconds(pid)
        time.sleep(WINDOW)
        share = (cpu_seconds(pid) - used) / (time.monotonic() - start)
        assert share < MOST, f"the idle scene used {share:.0%} of a core"
        assert scene.process.poll() is None
