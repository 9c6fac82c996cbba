"""The scene's page in Chromium, driven as a person would: keys, clicks on columns, a right-drag, widgets.

Pacing. GlowScript redraws the WebGL canvas from a 17 ms timer, whatever a redraw costs. In software
rendering (SwiftShader) on a busy 2-core CI machine one redraw of the rack can cost half a second, so
the GPU process falls minutes behind and screenshots time out. :data:`PACE_SCRIPT` (added before the
page loads) lets at most one redraw through every :data:`REDRAW_GAP_MS` and none while a screenshot
is taken; the scene, its protocol and its timing are untouched (VPython's picking renders still run).
A redraw is drawn only when something changed since the last one (the program sent objects or attributes, the
camera moved, or a pick drew its colours on the canvas) or after :data:`STALE_REDRAW_MS`: an unchanged frame costs
the GPU process as much as any (about 0.1 s of a core at 1000 x 1000), and most of a browser test's time is spent
waiting with nothing to draw (an idle page: 0.45 of a core before, 0.04 now). A skipped frame still counts as a
redraw: the canvas shows the scene as it is. (A pick, GlowScript's ``render(1)``, draws false colours into the
visible canvas: as shipped the next frame 17 ms later covers them, so the frame after a pick is always drawn.)
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from vp_connect4 import Board

from .pixels import Image, decode_png
from .scene_process import SceneProcess

SHOTS_DIR = os.environ.get("C4_SHOTS", "")
REDRAW_GAP_MS = 250
STALE_REDRAW_MS = 2_000  # a frame that nothing changed is drawn again after this (a texture or font come late)
READY_TIMEOUT = 60.0  # seconds for the page to connect and the scene to be built
MOVE_TIMEOUT = 30.0  # seconds for a move (or an AI's answer) to be logged
FRAME_TIMEOUT = 30.0  # seconds for the canvas to be redrawn
SCREENSHOT_TIMEOUT_MS = 60_000
RETRY_PAUSE = 0.3  # seconds before trying a refused move again (a checker was still falling)
FRESH_REDRAWS = 2  # redraws to wait for, so the picture shows what happened before we asked

PACE_SCRIPT = """
(() => {
  const GAP = {gap}, STALE = {stale}, RENDER = 0;  // GlowScript's render mode for a normal redraw (1 is a pick)
  // redraws: the frames that show the scene as it is (drawn, or skipped because nothing changed since the last)
  window.__pace = { hold: false, redraws: 0, drawn: 0 };
  let changed = true;
  const look = (cv) => [cv.__center, cv.__axis, cv.__up, cv.__range, cv.__width, cv.__height, cv.__forward]
    .map(String).join(' ');
  const wrap = () => {
    if (typeof window.handler === 'function' && !window.handler.__paced) {
      const handle = window.handler;  // glowcomm's: applies what the program sent (objects made or changed)
      window.handler = function (data) {
        if (Object.values(data || {}).some((v) => !Array.isArray(v) || v.length)) changed = true;  // not {attrs: []}
        return handle.apply(this, arguments);
      };
      window.handler.__paced = true;
    }
    for (const o of window.glowObjs || []) {
      const renderer = o && o.__renderer;
      if (!renderer || renderer.__paced) continue;
      const render = renderer.render.bind(renderer);
      let last = -Infinity, seen = '';
      renderer.render = (mode) => {
        if (mode === RENDER) {
          const now = performance.now();
          if (window.__pace.hold || now - last < GAP) return;
          const view = look(o);
          last = now;
          window.__pace.redraws++;
          if (!changed && view === seen && now - window.__pace.drawnAt < STALE) return;
          changed = false;
          seen = view;
          window.__pace.drawn++;
          window.__pace.drawnAt = now;
        } else {
          changed = true;  // a pick draws its colours on the canvas: the next frame must be drawn over them
        }
        return render(mode);
      };
      renderer.__paced = true;
    }
  };
  setInterval(wrap, 20);
})();
""".replace("{gap}", str(REDRAW_GAP_MS)).replace("{stale}", str(STALE_REDRAW_MS))

# The scene's canvas object (GlowScript keeps every object in the page's global glowObjs).
CANVAS_JS = "glowObjs.find(o => o && o.__renderer && o.camera)"

# World points -> page pixels, the inverse of GlowScript's Mouse.__update (see glow.min.js):
# a point is seen where the line from the camera through it meets the plane through the centre
# facing the camera; that plane maps to pixels with 2*range/min(width, height) world units per pixel.
PROJECT_JS = f"""(points) => {{
  const cv = {CANVAS_JS};
  const rect = cv.__canvas_element.getBoundingClientRect();
  const w = cv.__width, h = cv.__height;
  const factor = 2 * cv.__range / Math.min(w, h);
  const axis = cv.__axis.norm(), xaxis = axis.cross(cv.__up).norm(), yaxis = xaxis.cross(axis);
  const cam = cv.camera.pos, centre = cv.__center;
  return points.map(([x, y, z]) => {{
    const d = vec(x, y, z).sub(cam);
    const t = centre.sub(cam).dot(axis) / d.dot(axis);
    const q = cam.add(d.multiply(t)).sub(centre);
    return [rect.left + q.dot(xaxis) / factor + w / 2, rect.top + h / 2 - q.dot(yaxis) / factor];
  }});
}}"""

# Hold redraws and wait until the GPU has drawn everything sent so far (readPixels waits for it).
HOLD_JS = f"""() => {{
  window.__pace.hold = true;
  const el = {CANVAS_JS}.__canvas_element;
  const gl = el.getContext('webgl2') || el.getContext('webgl');
  gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, new Uint8Array(4));
}}"""


class ScenePage:
    """A Playwright page showing a scene, with the scene process whose log the test reads."""

    def __init__(self, page: Any, scene: SceneProcess) -> None:
        self.page = page
        self.scene = scene
        self.shots = 0
        self.log_start = 0  # index of the first log line not yet consumed by wait_log

    @classmethod
    def open(cls, context: Any, scene: SceneProcess) -> ScenePage:
        """Open the scene's URL and wait until the scene says it is ready."""
        scene.wait_for_port()
        page = context.new_page()
        page.add_init_script(PACE_SCRIPT)
        page.goto(scene.url)
        scene.wait_for("^scene ready$", READY_TIMEOUT)
        page.wait_for_function(f"() => {CANVAS_JS} !== undefined", timeout=READY_TIMEOUT * 1000)
        return cls(page, scene)

    # ---- the log ----

    def wait_log(self, pattern: str, timeout: float = MOVE_TIMEOUT) -> str:
        """The next log line matching ``pattern`` after those already consumed."""
        index, found = self.scene.wait_for(pattern, timeout, self.log_start)
        self.log_start = index + 1
        return found.string

    # ---- looking ----

    def canvas_box(self) -> dict[str, float]:
        box = self.page.evaluate(
            f"() => {{ const r = {CANVAS_JS}.__canvas_element.getBoundingClientRect(); "
            "return {x: r.left, y: r.top, width: r.width, height: r.height}; }"
        )
        return box

    def wait_redraws(self, count: int = FRESH_REDRAWS, timeout: float = FRAME_TIMEOUT) -> None:
        """Wait until the canvas has been redrawn ``count`` more times."""
        start = self.page.evaluate("() => window.__pace.redraws")
        self.page.wait_for_function(
            f"() => window.__pace.redraws >= {start + count}", timeout=timeout * 1000, polling=100
        )

    def screenshot(self, clip: dict[str, float] | None = None, path: str | None = None) -> bytes:
        """A fresh screenshot of ``clip`` (default: the canvas's box), taken while redraws are held."""
        self.wait_redraws()
        self.page.evaluate(HOLD_JS)
        try:
            return self.page.screenshot(
                clip=clip or self.canvas_box(), path=path, timeout=SCREENSHOT_TIMEOUT_MS, animations="disabled"
            )
        finally:
            self.page.evaluate("() => { window.__pace.hold = false; }")

    def canvas_image(self) -> Image:
        data = self.screenshot()
        if SHOTS_DIR:  # keep the pictures to look at: C4_SHOTS=/some/dir pytest tests/browser
            self.shots += 1
            Path(SHOTS_DIR, f"{self.page.url.split(':')[-1].strip('/')}-{self.shots}.png").write_bytes(data)
        return decode_png(data)

    def wait_still(self, timeout: float = MOVE_TIMEOUT) -> Image:
        """The canvas once it stops changing (two pictures a few redraws apart are the same): an animation over,
        on a fast browser or a slow one."""
        deadline = time.monotonic() + timeout
        last = self.canvas_image()
        while True:
            self.wait_redraws()
            now = self.canvas_image()
            if now == last:
                return now
            assert time.monotonic() < deadline, "the canvas kept changing"
            last = now

    def camera_forward(self) -> tuple[float, float, float]:
        x, y, z = self.page.evaluate(f"() => {{ const a = {CANVAS_JS}.__axis.norm(); return [a.x, a.y, a.z]; }}")
        return x, y, z

    def project(self, points: list[tuple[float, float, float]]) -> list[tuple[float, float]]:
        """Page pixels where the camera sees these world points."""
        return [tuple(p) for p in self.page.evaluate(PROJECT_JS, [list(p) for p in points])]

    # ---- acting ----

    def press(self, key: str) -> None:
        """Press a key as on the page itself: no widget keeps the focus."""
        self.page.evaluate("() => document.activeElement && document.activeElement.blur()")
        self.page.keyboard.press(key)

    def click_world(self, point: tuple[float, float, float]) -> None:
        ((x, y),) = self.project([point])
        self.page.mouse.click(x, y)

    def right_drag(self, dx: float, dy: float, steps: int = 8) -> None:
        """Turn the view: drag with the right button from the canvas's middle."""
        box = self.canvas_box()
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        mouse = self.page.mouse
        mouse.move(x, y)
        mouse.down(button="right")
        mouse.move(x + dx, y + dy, steps=steps)
        mouse.up(button="right")

    def drag_slider(self, selector: str, value: int, steps: int = 6) -> None:
        """Drag the handle of the jQuery-UI slider ``selector`` to ``value`` with the mouse."""
        low, high = self.page.evaluate(
            "(s) => [$(s).slider('option', 'min'), $(s).slider('option', 'max')]", selector
        )
        track = self.page.locator(selector).bounding_box()
        handle = self.page.locator(f"{selector} .ui-slider-handle").bounding_box()
        assert track and handle, f"no slider {selector}"
        y = track["y"] + track["height"] / 2
        mouse = self.page.mouse
        mouse.move(handle["x"] + handle["width"] / 2, y)
        mouse.down()
        mouse.move(track["x"] + track["width"] * (value - low) / (high - low), y, steps=steps)
        mouse.up()

    def play(self, number: int, ox: str, col: int, act: Any, timeout: float = MOVE_TIMEOUT) -> None:
        """Make move ``number`` (``ox`` in column ``col``) by calling ``act()``; try again while refused.

        A refused input (a checker still falling) is logged as ``ignored: ...``; a person would try again.
        """
        self.play_line(f"move {number}: {ox} column {col}", act, timeout)

    def x_then_o(self, board: Board, number: int, col: int, act: Callable[[], None]) -> int:
        """X's move ``number + 1`` into ``col`` by ``act()`` (see :meth:`play`); then, unless it ended the game, O's
        answer, read from the log. Both are made on ``board`` too; returns the number of the last move made."""
        number += 1
        self.play(number, "X", col, act)
        board.add_move(col, "X")
        if board.wins_for("X") or board.is_full():
            return number
        number += 1
        answer = self.wait_log(rf"^move {number}: O column (\d)$")
        board.add_move(int(answer[-1]), "O")
        return number

    def play_line(self, line: str, act: Any, timeout: float = MOVE_TIMEOUT) -> None:
        """Call ``act()`` until the scene logs the move ``line`` (``move 3: X row 2``, ``move 4: O flip``...)."""
        number = line.split(":")[0]
        deadline = time.monotonic() + timeout
        while True:
            act()
            index, found = self.scene.wait_for(rf"^({number}: |ignored: )", timeout, self.log_start)
            self.log_start = index + 1
            if found.string.startswith("move"):
                assert found.string == line, f"logged {found.string!r}, wanted {line!r}"
                return
            assert time.monotonic() < deadline, f"{number} refused until the deadline; {self.scene.describe()}"
            time.sleep(RETRY_PAUSE)
