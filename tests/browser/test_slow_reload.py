"""Reload (F5) never loses the game, however slow the browser and busy the machine (issue 21, item 1).

A slow browser is imitated by :data:`SLOW_PAGE_SCRIPT`, added to the browser context so that it applies to every
page load, reloads included: the page's websocket opens :data:`WS_DELAY_MS` after the page asked for it (twice
the 3 s after which the program used to take a reload for a closed tab), each redraw of the canvas costs
:data:`REDRAW_COST_MS` of busy JavaScript and comes at most every :data:`REDRAW_GAP_MS`, and
``requestAnimationFrame`` callbacks come :data:`FRAME_DELAY_MS` late. In the acceptance test two processes burn
both cores meanwhile (:func:`busy_cores`), and the program waits :data:`SLOW_GRACE` for a page (half its own
minute, so that closing the tab at the end costs half a minute, not a whole one: ``tests/test_vp3d_restart.py``
holds the minute itself); the tests of a reload while the AI thinks or two AIs play use the program's own minute.
"""

from __future__ import annotations

import contextlib
import os
import re
import subprocess
import time
from collections.abc import Iterator
from typing import Any

import pytest

from browser.scene_page import CANVAS_JS, ScenePage
from browser.scene_process import PYTHON, SceneProcess, descendants, wait_gone
from vp_connect4 import wording

WS_DELAY_MS = 6_000  # the old grace (3 s, counted from the page's last request) took such a page for a closed tab
FRAME_DELAY_MS = 3_000
REDRAW_GAP_MS = 2_000
REDRAW_COST_MS = 300
SLOW_GRACE = 30.0  # seconds the acceptance test's program waits for a page after its tab closed
SLOW_READY = 120.0  # seconds for a slow page to connect and build the scene on a busy machine
SLOW_MOVE = 60.0  # seconds for a move to be logged on a slow page
RELOADS = 6
# the columns played, X first: two moves, then one after each reload (no four in a row: the game goes on)
COLUMNS = (3, 2, 3, 2, 3, 2, 4, 4)
EXIT_AFTER_CLOSE = SLOW_GRACE + 60.0  # seconds: the grace, a restart and the end on a busy machine

SLOW_PAGE_SCRIPT = f"""
(() => {{
  const WS_DELAY = {WS_DELAY_MS}, FRAME_DELAY = {FRAME_DELAY_MS}, GAP = {REDRAW_GAP_MS}, COST = {REDRAW_COST_MS};
  const RENDER = 0;  // GlowScript's render mode for a normal redraw (1 is a pick)
  const RealWebSocket = window.WebSocket;
  // the websocket opens late, as on a page whose scripts take long: handlers are set on the stand-in at once
  window.WebSocket = function SlowWebSocket(url, protocols) {{
    const self = this;
    let real = null, closed = false;
    this.binaryType = 'blob';
    this.onopen = this.onmessage = this.onclose = this.onerror = null;
    setTimeout(() => {{
      if (closed) return;
      real = new RealWebSocket(url, protocols);
      real.binaryType = self.binaryType;
      for (const name of ['onopen', 'onmessage', 'onclose', 'onerror']) {{
        real[name] = (event) => self[name] && self[name](event);
      }}
    }}, WS_DELAY);
    this.send = (data) => real.send(data);
    this.close = (...args) => {{ closed = true; if (real) real.close(...args); }};
    Object.defineProperty(this, 'readyState', {{ get: () => (real ? real.readyState : 0) }});
  }};
  const raf = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = (callback) => raf(() => setTimeout(() => callback(performance.now()), FRAME_DELAY));
  // each redraw is slow (busy JavaScript) and comes seldom: what software rendering on a busy machine does
  setInterval(() => {{
    for (const o of window.glowObjs || []) {{
      const renderer = o && o.__renderer;
      if (!renderer || renderer.__slowed) continue;
      const render = renderer.render.bind(renderer);
      let last = -Infinity;
      renderer.render = (mode) => {{
        if (mode === RENDER) {{
          const now = performance.now();
          if (now - last < GAP) return;
          last = now;
          while (performance.now() < now + COST) {{}}
        }}
        return render(mode);
      }};
      renderer.__slowed = true;
    }}
  }}, 20);
}})();
"""


@contextlib.contextmanager
def busy_cores(count: int = 2) -> Iterator[None]:
    """``count`` processes that burn a core each, killed at the end. Under ``make test`` (pytest-xdist's workers
    keep both cores busy already) they run at the lowest priority: they take every cycle the other tests leave, so
    the machine stays busy, and none from them (at the same priority they cost the suite two cores' worth)."""
    nice = "import os; os.nice(19); " if os.environ.get("PYTEST_XDIST_WORKER") else ""
    burners = [subprocess.Popen([PYTHON, "-c", nice + "while True: pass"]) for _ in range(count)]
    try:
        yield
    finally:
        for burner in burners:
            burner.kill()
            burner.wait()


class Selection:
    """The selected column (the ghost checker) as the scene keeps it: none after a (re)load; the first arrow
    chooses the middle column, the next ones step from there."""

    def __init__(self, view: ScenePage, width: int = 7) -> None:
        self.view = view
        self.width = width
        self.col: int | None = None

    def choose(self, target: int) -> None:
        while self.col != target:
            step = 1 if self.col is None or target > self.col else -1
            self.view.press("ArrowRight" if step > 0 else "ArrowLeft")
            self.col = self.width // 2 if self.col is None else self.col + step

    def play(self, number: int, target: int) -> None:
        """Move ``number`` in column ``target``, by the arrow keys and Enter (again while a checker still falls)."""
        self.choose(target)
        self.view.play(number, "XO"[(number - 1) % 2], target, lambda: self.view.press("Enter"), SLOW_MOVE)


def open_slow(context: Any, scene: SceneProcess) -> ScenePage:
    scene.wait_for_port()
    page = context.new_page()
    page.goto(scene.url, wait_until="commit")
    scene.wait_for("^scene ready$", SLOW_READY)
    page.wait_for_function(f"() => {CANVAS_JS} !== undefined", timeout=SLOW_READY * 1000)
    return ScenePage(page, scene)


def reload_and_wait(view: ScenePage, checkers: int) -> float:
    """Reload the page; wait until the same game is back (``checkers`` down) and its scene ready; the seconds taken."""
    started = time.monotonic()
    view.page.reload(wait_until="commit", timeout=SLOW_READY * 1000)
    assert view.wait_log(r"^resumed: ", SLOW_READY) == f"resumed: {checkers} checkers down"
    view.wait_log(r"^scene ready$", SLOW_READY)
    view.page.wait_for_function(f"() => {CANVAS_JS} !== undefined", timeout=SLOW_READY * 1000)
    return time.monotonic() - started


def close_and_wait_end(view: ScenePage) -> tuple[int, float]:
    """Close the tab; the program's exit code and the seconds it took to end."""
    family = descendants(view.scene.process.pid)
    closed = time.monotonic()
    view.page.close()
    code = view.scene.wait_exit(EXIT_AFTER_CLOSE)
    took = time.monotonic() - closed
    assert wait_gone(family) == set(), "a process was left behind"
    return code, took


@pytest.mark.timeout(600)
def test_six_reloads_of_a_slow_page_on_a_busy_machine_each_continue_the_same_game(context: Any) -> None:
    context.add_init_script(SLOW_PAGE_SCRIPT)
    with busy_cores(), SceneProcess.main("--x", "human", "--o", "human", reload_grace=SLOW_GRACE) as scene:
        view = open_slow(context, scene)
        selection = Selection(view)
        selection.play(1, COLUMNS[0])
        selection.play(2, COLUMNS[1])
        pid = scene.process.pid
        took = []
        for reload in range(RELOADS):  # each right after a move: the checker is still falling
            checkers = 2 + reload
            took.append(reload_and_wait(view, checkers))
            assert scene.process.pid == pid and scene.process.poll() is None, scene.describe()
            selection.col = None  # a new scene: nothing selected
            selection.play(checkers + 1, COLUMNS[checkers])
        assert not any(line.startswith("moves:") for line in scene.lines), scene.describe()
        print(f"reloads kept: {len(took)} of {RELOADS}; reload to scene ready (s):", " ".join(f"{t:.1f}" for t in took))

        code, closing = close_and_wait_end(view)
        print(f"tab closed to exit: {closing:.1f} s (the program waited {SLOW_GRACE:g} s for a page)")
        assert code == 0, scene.describe()
        assert closing > SLOW_GRACE, "ended before the wait for a reloaded page was over"
        moves = [line for line in scene.lines if line.startswith("moves:")]
        assert moves == ["moves: " + "".join(map(str, COLUMNS))], scene.describe()
        logged = [line for line in scene.lines if line.startswith("move ")]
        assert logged == [f"move {n + 1}: {'XO'[n % 2]} column {c}" for n, c in enumerate(COLUMNS)]
        last_move = max(i for i, line in enumerate(scene.lines) if line.startswith("move "))
        assert wording.page_closed_waiting(SLOW_GRACE, scene.url) in scene.lines[last_move:], scene.describe()
        assert not re.search(r"Traceback|Error", scene.stderr), scene.stderr


DEEP_PLY = "18"  # O thinks for seconds (over ten on a busy machine) after X's first move: the reload comes meanwhile


@pytest.mark.timeout(300)
def test_a_reload_while_the_ai_thinks_resumes_and_the_ai_thinks_again(context: Any) -> None:
    context.add_init_script(SLOW_PAGE_SCRIPT)
    with SceneProcess.main("--o-ply", DEEP_PLY, "--tiebreak", "LEFT", reload_grace=None) as scene:
        view = open_slow(context, scene)
        Selection(view).play(1, 3)
        thinking = descendants(scene.process.pid)  # the worker, thinking about O's first move
        assert thinking, "the AI should think in a worker process"
        reload_and_wait(view, 1)  # not 2: the reload came while O was thinking
        assert wait_gone(thinking) == set(), "the worker that was thinking is left behind"
        view.wait_log(r"^move 2: O column \d$", SLOW_READY)  # O thinks again, in the new worker, and plays
        assert sum(line.startswith("move 2:") for line in scene.lines) == 1, scene.describe()
        assert not any(line.startswith("moves:") for line in scene.lines), scene.describe()
        assert not re.search(r"Traceback|Error", scene.stderr), scene.stderr


DUEL = ("--x", "ai", "--o", "ai", "--x-ply", "4", "--o-ply", "4", "--tiebreak", "LEFT")  # a long game
AFTER_RELOAD = 3  # moves the duel plays on after the reload


@pytest.mark.timeout(300)
def test_a_reload_in_the_middle_of_an_ai_duel_lets_the_duel_go_on(context: Any) -> None:
    context.add_init_script(SLOW_PAGE_SCRIPT)
    with SceneProcess.main(*DUEL, reload_grace=None) as scene:
        view = open_slow(context, scene)
        view.wait_log(r"^move 3: ", SLOW_MOVE)
        view.page.reload(wait_until="commit", timeout=SLOW_READY * 1000)
        down = int(view.wait_log(r"^resumed: \d+ checkers down$", SLOW_READY).split()[1])
        assert down >= 3
        view.wait_log(r"^scene ready$", SLOW_READY)
        view.wait_log(rf"^move {down + AFTER_RELOAD}: ", SLOW_MOVE * AFTER_RELOAD)
        resumed = scene.lines.index(f"resumed: {down} checkers down")
        logged = [line for line in scene.lines if line.startswith("move ")]
        assert sum(line.startswith("move ") for line in scene.lines[:resumed]) == down, scene.describe()
        counted_on = (re.fullmatch(rf"move {n + 1}: {'XO'[n % 2]} column \d", line) for n, line in enumerate(logged))
        assert all(counted_on), scene.describe()  # X and O in turn, none twice, none left out
        assert not re.search(r"Traceback|Error", scene.stderr), scene.stderr
