"""The README's pictures of the scene, made with the browser tests' own tooling: ``make screenshot``.

- ``docs/screenshot.png``: the puzzle scene (``scenes/puzzle.py``) in headless Chromium, the rack turned
  a little with a right-drag, a hint asked for and the mouse over a column (the ghost checker); the
  whole window (1280x800): the canvas and the panel of widgets beside it.
- ``docs/screenshot-nl.png``: the same in Dutch (``--lang nl``).
- ``docs/screenshot-result.png``: the end of an AI duel, the winning four highlighted.
- ``docs/analysis-chart.png``: Analyse game, its chart in the corner of the 3D view.
- ``docs/think.png``, ``docs/think-nl.png``: Think on the seed text's example (X at ply 3), English and Dutch;
  ``docs/think-student.png``: ``examples/wrong_player.py``'s own tree, the calls that differ marked.
  (Think on each planted bug of the docs' worked examples, ``docs/think-bug-*.png``: :mod:`.bug_screenshots`.)
- ``docs/variants/<name>.png``: each rule variant (gravity, tetris, flip, chance, swap) right after its
  event, as the browser tests see it (``variant_scenes``): the status, the line saying what happened, the rack.

``python -m tests.browser.screenshot [FOLDER]`` from the repo root (default: ``docs``).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable
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
CHART_GAME = "3323344452"  # X gives its win away with move 3, O gives it back with move 4
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


def make_chart_screenshot(context: Any, path: Path) -> str:
    """Save the page in Analyse game at ``path``: a game whose result changed hands, the move after the change
    shown, the chart marking it; returns the log's summary line."""
    with SceneProcess.main("--moves", CHART_GAME, "--o", "human") as scene:
        view = ScenePage.open(context, scene)
        view.press("a")
        summary = view.wait_log("^analysis: (result|no change)")
        view.press("ArrowRight")
        view.wait_log("^analysis: move ")
        view.page.wait_for_function("() => document.querySelector('.glowscript-graph canvas') !== null")
        view.wait_redraws(4)
        path.parent.mkdir(parents=True, exist_ok=True)
        view.page.screenshot(path=str(path))
        return summary


THINK_GAME = "1211244445"  # the seed text's example: X to move


def make_think_screenshot(context: Any, path: Path, lang: str = "en", player: str | None = None) -> str:
    """Save the page with Think open at ``path``: X's tree at ply 3 on the seed text's example (``player``: a
    player file's own calls, those that differ marked); returns the log's ``think ready`` line."""
    seat = ("--x", player, "--x-ply", "2", "--tiebreak", "RIGHT") if player else ("--x", "ai", "--x-ply", "3")
    with SceneProcess.main("--moves", THINK_GAME, "--o", "human", *seat, "--think", "--lang", lang) as scene:
        view = ScenePage.open(context, scene)
        ready = view.wait_log("^think ready: ", DUEL_TIMEOUT)
        view.wait_redraws(4)
        path.parent.mkdir(parents=True, exist_ok=True)
        view.page.screenshot(path=str(path))
        return ready


def make_variant_screenshot(context: Any, scene: VariantScene, path: Path) -> str:
    """Save the page above and with the canvas at ``scene``'s event at ``path``; returns the event's log line."""
    with at_the_event(context, scene) as there:
        box = there.view.canvas_box()
        path.parent.mkdir(parents=True, exist_ok=True)
        clip = {"x": 0, "y": 0, "width": there.view.page.viewport_size["width"], "height": box["y"] + box["height"]}
        there.view.screenshot(clip=clip, path=str(path))
        return there.event


def main(argv: list[str]) -> int:
    folder = Path(argv[0]) if argv else DOCS
    pictures = (
        (make_screenshot, folder / "screenshot.png"),
        (lambda context, path: make_screenshot(context, path, "nl"), folder / "screenshot-nl.png"),
        (make_result_screenshot, folder / "screenshot-result.png"),
        (make_chart_screenshot, folder / "analysis-chart.png"),
        (make_think_screenshot, folder / "think.png"),
        (lambda context, path: make_think_screenshot(context, path, "nl"), folder / "think-nl.png"),
        (lambda context, path: make_think_screenshot(context, path, "en", "examples/wrong_player.py"),
         folder / "think-student.png"),
        *(
            (
                lambda context, path, scene=scene: make_variant_screenshot(context, scene, path),
                folder / "variants" / f"{name}.png",
            )
            for name, scene in SCENES.items()
        ),
    )
    return take(pictures)


def take(pictures: Iterable[tuple[Callable[[Any, Path], str], Path]]) -> int:
    """Make each picture (``make(context, path)``, which returns a line to print) in a browser context of its own."""
    from playwright.sync_api import sync_playwright

    from .conftest import CHROMIUM, CHROMIUM_ARGS

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
