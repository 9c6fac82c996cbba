"""Idle table: CPU seconds per minute that a scene's processes use while its tab is open and nothing happens.

Each scene runs as a real program with its page open in headless Chromium (the browser tests'
tooling; without ``/usr/bin/chromium`` the table says so and is skipped). After the scene is ready
and a few seconds of settling, the CPU time of the scene's process and of its children (the AI
worker) is read from ``/proc`` over a quiet window. The reference is VPython's own idiom, a scene
that loops on ``vpython.rate(60)`` (``rate_scene.py``: a box behind the same server).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from tests.browser.scene_process import ROOT, SceneProcess, cpu_seconds, descendants, free_port

from .chromium import launched
from .table import print_table

SETTLE = 5.0  # seconds after "scene ready" before measuring
WINDOW = {False: 60.0, True: 15.0}  # seconds measured (quick: fewer)
READY_TIMEOUT = 60.0
RATE_SCENE = Path(__file__).resolve().parent / "rate_scene.py"
COLUMNS = ("scene (tab open, nothing happening)", "scene CPU s/min", "worker CPU s/min", "ratio to reference")


def rate_scene() -> SceneProcess:
    port = free_port()
    return SceneProcess([str(RATE_SCENE), str(port)], port)


def idle_cost(browser: object, scene: SceneProcess, window: float) -> tuple[float, float]:
    """CPU seconds per minute of the scene's process and of its children, with its page open and idle."""
    with scene:
        scene.wait_for_port()
        page = browser.new_page()  # type: ignore[attr-defined]
        try:
            page.goto(scene.url)
            scene.wait_for("^scene ready$", READY_TIMEOUT)
            time.sleep(SETTLE)
            pid = scene.process.pid
            children = descendants(pid)
            start, own, theirs = time.monotonic(), cpu_seconds(pid), sum(map(cpu_seconds, children))
            time.sleep(window)
            elapsed = time.monotonic() - start
            own = cpu_seconds(pid) - own
            theirs = sum(map(cpu_seconds, children)) - theirs
        finally:
            page.close()
    per_minute = 60.0 / elapsed
    return own * per_minute, theirs * per_minute


def run(quick: bool) -> None:
    """Print the idle table (``quick``: a shorter window)."""
    print("Idle cost: CPU seconds per minute with the tab open and nothing happening (lower is better)")
    window = WINDOW[quick]
    scenes = (
        ("reference: VPython's rate(60) loop", rate_scene),
        ("the game, you against ply 4 (main.py)", lambda: SceneProcess.main(cwd=ROOT)),
    )
    rows = []
    with launched() as browser:
        if browser is None:
            return
        reference = None
        for name, start in scenes:
            own, children = idle_cost(browser, start(), window)
            reference = own if reference is None else reference
            ratio = f"{own / reference:.3f}" if reference else "-"
            rows.append((name, f"{own:.2f}", f"{children:.2f}", ratio))
    print_table(COLUMNS, rows)
    print(f"(measured over {window:.0f} s after {SETTLE:.0f} s of settling; Python {sys.version.split()[0]})")
