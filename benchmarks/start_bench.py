"""Start-up table: the seconds from starting the game to a person's first move played, idle and under two busy loops.

Measured from outside, as a person meets it: the game (``main.py --no-browser``, you against ply 4) is started as
a process, its page opened in headless Chromium (already running, as a person's browser is) the moment its port
answers, and the key 3 pressed at once and again every :data:`PRESS_GAP` seconds until the log says ``move 1: X
column 3``. The clock starts just before the process does. ``scene ready`` is the log line the scene prints once
the page has everything; the camera column counts the cameras the page drew the rack with until the move (the
browser tests' ``camera_watch``): 1 is a steady start. *Busy* runs two ``python -c 'while True: pass'`` beside it
on a 2-core machine. The aim (issue 38): the first move within 5 s idle and 10 s busy.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager

from browser.camera_watch import CAMERA_WATCH_SCRIPT, cameras
from browser.conftest import VIEWPORT  # tests/ on the path: make bench puts it there
from browser.scene_process import ROOT, SceneProcess

from .chromium import launched
from .table import print_table

RUNS = {False: 5, True: 2}  # starts per load (quick: fewer)
BUSY_LOOPS = 2
PRESS_GAP = 0.1  # seconds between presses of the key, until the move is logged
GIVE_UP = 120.0  # seconds: a start slower than this is a failure, not a figure
FIRST_MOVE = r"^move 1: "
COLUMNS = ("load", "starts", "scene ready s (median)", "first move s (median)", "first move s (slowest)",
           "cameras drawn (most)")  # fmt: skip


@contextmanager
def busy_loops(count: int) -> Iterator[None]:
    """``count`` Python processes spinning (``while True: pass``) while the block runs."""
    loops = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(count)]
    try:
        yield
    finally:
        for loop in loops:
            loop.kill()
            loop.wait()


def one_start(browser: object) -> tuple[float, float, int]:
    """Start the game, open its page, press 3 until the move is logged: (scene ready s, first move s, cameras)."""
    context = browser.new_context(viewport=VIEWPORT)  # type: ignore[attr-defined]
    try:
        page = context.new_page()
        page.add_init_script(CAMERA_WATCH_SCRIPT)
        start = time.monotonic()
        with SceneProcess.main(cwd=ROOT) as scene:
            scene.wait_for_port(GIVE_UP)
            page.goto(scene.url, wait_until="commit")  # from the first moment: not waiting for the page's load
            while not any(line.startswith("move 1: ") for line in scene.lines):
                assert time.monotonic() - start < GIVE_UP, f"no first move in {GIVE_UP:.0f} s: {scene.describe()}"
                page.keyboard.press("3")
                time.sleep(PRESS_GAP)
            moved, _ = scene.wait_for(FIRST_MOVE, GIVE_UP)
            ready, _ = scene.wait_for("^scene ready$", GIVE_UP)
            assert scene.lines[moved] == "move 1: X column 3", scene.lines[moved]
            drawn = len(cameras(page))
            return scene.times[ready] - start, scene.times[moved] - start, drawn
    finally:
        context.close()  # type: ignore[attr-defined]


def run(quick: bool) -> None:
    """Print the start-up table (``quick``: fewer starts)."""
    print("Start-up: seconds from starting the game to a person's first move (a key pressed from the first moment)")
    rows = []
    with launched() as browser:
        if browser is None:
            return
        for load, loops in (("idle", 0), (f"{BUSY_LOOPS} busy loops", BUSY_LOOPS)):
            with busy_loops(loops):
                starts = [one_start(browser) for _ in range(RUNS[quick])]
            ready, moved, drawn = zip(*starts, strict=True)
            rows.append((load, str(len(starts)), f"{statistics.median(ready):.2f}",
                         f"{statistics.median(moved):.2f}", f"{max(moved):.2f}", str(max(drawn))))  # fmt: skip
    print_table(COLUMNS, rows)
    load = " ".join(f"{value:.1f}" for value in os.getloadavg())
    print(f"({os.cpu_count()} cores, load average {load} at the end; Python {sys.version.split()[0]})")
