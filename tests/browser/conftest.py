"""Fixtures for the real-browser tests: Playwright's sync API driving Debian's Chromium, headless.

Every test here is skipped, with the reason, only when ``/usr/bin/chromium`` is missing (CI installs it).
WebGL renders in software (SwiftShader), so screenshots work without a display or a GPU.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from browser.scene_page import ScenePage
from browser.scene_process import SceneProcess

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--use-angle=swiftshader",
    "--enable-unsafe-swiftshader",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]  # the pictures in docs/ (make screenshot) are taken with these: smooth edges
# The tests' browser draws without smoothing edges: in software a smoothed redraw of the 1000 x 1000 canvas costs
# the GPU process about 40 % more (measured on an idle page: 0.75 of a core, 0.45 without), and the suite is bound
# by the cores; no test looks at an edge.
TEST_CHROMIUM_ARGS = [
    *CHROMIUM_ARGS,
    "--webgl-antialiasing-mode=none",
    "--webgl-msaa-sample-count=0",
    "--disable-gpu-compositing",
]
VIEWPORT = {"width": 1000, "height": 1000}
TEST_TIMEOUT = 120  # seconds, per browser test (pytest-timeout)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "scene(*options): the command-line options of the game the view fixture shows")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Give every browser test a timeout; skip them all when Chromium is not installed."""
    here = Path(__file__).parent
    missing = not CHROMIUM.exists()
    for item in items:
        if here in Path(item.fspath).parents:
            item.add_marker(pytest.mark.timeout(TEST_TIMEOUT))
            if missing:
                item.add_marker(pytest.mark.skip(reason=f"{CHROMIUM} is missing (apt-get install chromium)"))


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    """One headless Chromium for the whole session."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=TEST_CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture
def context(browser: object) -> Iterator[object]:
    """A fresh browser context (own cookies, own pages) per test."""
    new_context = browser.new_context(viewport=VIEWPORT)  # type: ignore[attr-defined]
    try:
        yield new_context
    finally:
        new_context.close()


def scene_fixture(*options: str, doc: str) -> Callable[[], Iterator[SceneProcess]]:
    """A fixture for a test module, named by the name it is given there (``vs_ply_1 = scene_fixture(...)``): the
    game (``main.py``) started with the command-line ``options``, stopped after the test; ``doc`` says who plays."""

    def scene() -> Iterator[SceneProcess]:
        with SceneProcess.main(*options) as process:
            yield process

    scene.__doc__ = doc
    return pytest.fixture(scene)


@pytest.fixture
def view(context: Any, request: pytest.FixtureRequest) -> Iterator[ScenePage]:
    """The game (``main.py``) started with the command-line options of the test's ``@pytest.mark.scene(*options)``,
    its page open in the test's browser context; the game is stopped after the test."""
    marker = request.node.get_closest_marker("scene")
    assert marker is not None, "a test that takes the view says its game: @pytest.mark.scene(*options)"
    with SceneProcess.main(*marker.args) as scene:
        yield ScenePage.open(context, scene)
