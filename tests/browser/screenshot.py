"""The README's pictures of the scene, made with the browser tests' own tooling: ``make screenshot``.

- ``docs/screenshot.png``: the puzzle scene (``scenes/puzzle.py``) in headless Chromium, the rack turned
  a little with a right-drag, a hint asked for and the mouse over a column (the ghost checker); the
  whole window (1280x800): the canvas and the panel of widgets beside it.
- ``docs/screenshot-nl.png``: the same in Dutch (``--lang nl``).
- ``docs/screenshot-result.png``: the end of an AI duel, the winning four highlighted.
- ``docs/variants/<name>.png``: each rule variant (gravity, tetris, flip, chance, swap) right after its
  event, as the browser tests see it (``variant_scenes``): the status, the line saying what happened, the rack.

``python -m tests.browser.screenshot [FOLDER]`` from the repo root (default: ``docs``).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from vp_connect4.vp3d.view.rack import RackLayout

from .scene_page import ScenePage
from .scene_process import ROOT, SceneProcess, free_port
from .variant_scenes import SCENES, VariantScene, at_the_event

DOCS = ROOT / "docs"
PUZZLE = ROOT / "scenes" / "puzzle.py"
DUEL = ("--x", "ai", "--o", "ai", "--x-ply", "2", "--o-ply", "1", "--tiebreak", "LEFT")  # X wins on the bottom row
DUEL_TIMEOUT = 120.0  # seconds
TURN = (-100, 25)  # pixels of the right-drag (about 23 degrees): enough to see the rack's depth
HOVER_COLUMN = 5  # the ghost hovers here (the puzzle's winning column)
VIEWPORT = {"width": 1280, "height": 800}  # the page fills the window: the canvas beside the panel of widgets


def make_screenshot(context: Any, path: Path, lang: str = "en") -> str:
    """Save the puzzle's picture at ``path``; returns the hint line the scene logged (what the labels show)."""
    port = free_port()
    with SceneProcess([str(PUZZLE), "--no-browser", "--port", str(port), "--lang", lang], port) as scene:
        view = ScenePage.open(context, scene)
        view.right_drag(*TURN)
        view.page.evaluate("() => document.getElementById('c4-hint').click()")
        hint = view.wait_log(r"^hint: X ")
        layout = RackLayout()
        ((x, y),) = view.project([layout.cell(layout.height - 1, HOVER_COLUMN)])
        view.page.mouse.move(x, y)
        view.wait_redraws(4)
        path.parent.mkdir(parents=True, exist_ok=True)
        view.screenshot(clip={"x": 0, "y": 0, **view.page.viewport_size}, path=str(path))  # the whole window
        return hint


def make_result_screenshot(context: Any, path: Path) -> str:
    """Save the canvas at the end of an AI duel at ``path``; returns the result line the scene logged."""
    with SceneProcess.main(*DUEL) as scene:
        view = ScenePage.open(context, scene)
        result = view.wait_log("^result: ", DUEL_TIMEOUT)
        view.wait_redraws(4)
        path.parent.mkdir(parents=True, exist_ok=True)
        view.screenshot(path=str(path))
        return result


def make_variant_screenshot(context: Any, scene: VariantScene, path: Path) -> str:
    """Save the page above and with the canvas at ``scene``'s event at ``path``; returns the event's log line."""
    with at_the_event(context, scene) as there:
        box = there.view.canvas_box()
        path.parent.mkdir(parents=True, exist_ok=True)
        clip = {"x": 0, "y": 0, "width": there.view.page.viewport_size["width"], "height": box["y"] + box["height"]}
        there.view.screenshot(clip=clip, path=str(path))
        return there.event


def main(argv: list[str]) -> int:
    from playwright.sync_api import sync_playwright

    from .conftest import CHROMIUM, CHROMIUM_ARGS

    folder = Path(argv[0]) if argv else DOCS
    pictures = (
        (make_screenshot, folder / "screenshot.png"),
        (lambda context, path: make_screenshot(context, path, "nl"), folder / "screenshot-nl.png"),
        (make_result_screenshot, folder / "screenshot-result.png"),
        *(
            (
                lambda context, path, scene=scene: make_variant_screenshot(context, scene, path),
                folder / "variants" / f"{name}.png",
            )
            for name, scene in SCENES.items()
        ),
    )
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            for make, path in pictures:
                context = browser.new_context(viewport=VIEWPORT)
                try:  # a page left open keeps drawing (software WebGL) and starves the next scene's page
                    logged = make(context, path)
                finally:
                    context.close()
                print(f"{path}: {path.stat().st_size // 1024} KB, {logged}", flush=True)
        finally:
            browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
