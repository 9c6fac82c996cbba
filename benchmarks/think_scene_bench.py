"""Think in the scene: the time from Think (the key t) to the whole tree drawn, per look-ahead, in the real scene.

Each row is a scene (``main.py --no-browser``, two people so nothing moves on its own) on a mid-game position
with O to move at that ply, its page open in headless Chromium (the browser tests' set-up). The key t is pressed
once the scene is ready; ``think ready`` is the log line the scene prints once the tree is sent to the page (the
worker has built it and the view has made its objects); ``page drawn`` adds the page's next redraws. The tree is
the built-in Player's (``reference_tree``), or a player file's own calls (``examples/player.py`` on O, recorded
in its sandboxed process, compared with the reference's): Think opened with the scene (``--think``, so the file
does not move first), timed from the page's ``scene ready`` to ``think ready``.

A second table: how soon a key is answered while the tree is shown, at ply 4 and 5 on the seed text's position
(1211244445: 2,162 and 14,119 calls), from the key's ``keydown`` to the page's new status line, both timed by the
page itself (``tests/browser/answers.py``): → four times, ← twice. The aim is 0.2 s at ply 5 (issue 37).
"""

from __future__ import annotations

import sys
import time

from browser.answers import ANSWER_PROBE, key_answer, wait_status
from browser.conftest import (  # tests/ on the path: make bench puts it there
    CHROMIUM_ARGS,
    TEST_CHROMIUM_ARGS,
    VIEWPORT,
)
from browser.scene_page import ScenePage
from browser.scene_process import ROOT, SceneProcess

from .chromium import launched
from .table import print_table

MID_GAME = "33224"
PLIES = {False: (2, 3, 4), True: (2, 3)}
COLUMNS = ("player", "ply", "calls", "think ready s", "page drawn s")
SEED_POSITION = "1211244445"
KEY_PLIES = (4, 5)
KEY_COLUMNS = ("browser", "ply", "calls", "keys", "median ms", "slowest ms")


def time_think(context: object, ply: int) -> tuple[str, float, float]:
    options = ("--x", "human", "--o", "human", "--o-ply", str(ply), "--moves", MID_GAME)
    with SceneProcess.main(*options, cwd=ROOT) as scene:
        view = ScenePage.open(context, scene)
        view.wait_redraws()
        start = time.monotonic()
        view.press("t")
        calls = view.wait_log("^think: O ply ", timeout=120).split()[-2]
        view.wait_log("^think ready: ", timeout=120)
        ready = time.monotonic() - start
        view.wait_redraws()
        return calls, ready, time.monotonic() - start


def time_think_file(context: object, ply: int) -> tuple[str, float, float]:
    """The same for ``examples/player.py`` playing O (Think opened at the start: an AI seat to move would move)."""
    options = ("--x", "human", "--o", "examples/player.py", "--o-ply", str(ply), "--moves", MID_GAME, "--think")
    with SceneProcess.main(*options, cwd=ROOT) as scene:
        view = ScenePage.open(context, scene)
        start = time.monotonic()
        calls = view.wait_log("^think: O ply ", timeout=120).split()[-2]
        view.wait_log("^think ready: ", timeout=120)
        ready = time.monotonic() - start
        view.wait_redraws()
        return calls, ready, time.monotonic() - start


def time_keys(context: object, ply: int) -> tuple[str, list[float]]:
    """The page's milliseconds from each key to its new status line, Think at ``ply`` on the seed's position."""
    context.add_init_script(ANSWER_PROBE)  # type: ignore[attr-defined]
    options = ("--moves", SEED_POSITION, "--x", "ai", "--x-ply", str(ply), "--o", "human", "--think")
    with SceneProcess.main(*options, cwd=ROOT) as scene:
        view = ScenePage.open(context, scene)
        calls = view.wait_log("^think: X ply ", timeout=120).split()[-2]
        view.wait_log("^think ready: ", timeout=120)
        wait_status(view, f" {calls} ")
        times = [key_answer(view, "ArrowRight", f"^think: step {step} of ") for step in range(1, 5)]
        times += [key_answer(view, "ArrowLeft", f"^think: step {step} of ") for step in (3, 2)]
        return calls, times


def run_keys() -> None:
    """The key table, in the docs' browser and in the tests' (no GPU compositing: a redraw holds the page longer)."""
    print("Think: milliseconds from a key to the page's new status line (the page's own clock; X on 1211244445)")
    rows = []
    for name, args in (("docs", CHROMIUM_ARGS), ("tests", TEST_CHROMIUM_ARGS)):
        with launched(args) as browser:
            if browser is None:
                return
            for ply in KEY_PLIES:
                context = browser.new_context(viewport=VIEWPORT)
                try:
                    calls, times = time_keys(context, ply)
                finally:
                    context.close()
                ordered = sorted(times)
                middle, slowest = ordered[len(ordered) // 2], ordered[-1]
                rows.append((name, str(ply), calls, str(len(times)), f"{middle:.0f}", f"{slowest:.0f}"))
    print_table(KEY_COLUMNS, rows)


def run(quick: bool) -> None:
    """Print the Think table (``quick``: plies 2 and 3 only)."""
    print("Think: seconds from the key t to the whole tree drawn (O to move after 33224)")
    rows = []
    with launched() as browser:
        if browser is None:
            return
        for player, timed in (("built-in", time_think), ("examples/player.py", time_think_file)):
            for ply in PLIES[quick]:
                context = browser.new_context(viewport=VIEWPORT)
                try:
                    calls, ready, drawn = timed(context, ply)
                finally:
                    context.close()
                rows.append((player, str(ply), calls, f"{ready:.2f}", f"{drawn:.2f}"))
    print_table(COLUMNS, rows)
    print(f"(Python {sys.version.split()[0]}; a player file's rows from 'scene ready', Think opened at start)")
    run_keys()
