from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent  # the repo root (pyproject's pytest pythonpath makes it importable)


import pytest  # noqa: E402
from hypothesis import HealthCheck, settings  # noqa: E402

from vp_connect4 import wording  # noqa: E402


@pytest.fixture(autouse=True)
def english():
    """Each test starts in English, whatever LANG the test run has; a test may switch (``wording.use_language``)."""
    wording.use_language("en")
    yield
    wording.use_language("en")


# Under ``make test`` (pytest-xdist's workers) the browser tests run in two lanes, each a unit of work for one worker
# with one Chromium, beside the other workers' tests, which are scheduled one by one: a canvas renders in software,
# so more browsers at once would only starve each other's frames. The modules of the first lane; every other module
# of tests/browser/ is in the second. The lanes take about as long (a serial run's durations: 300 s and 250 s).
FIRST_LANE = frozenset({
    "test_slow_reload", "test_colour_blind", "test_layout_page", "test_reload", "test_camera", "test_analysis",
    "test_idle", "test_screenshot",
})  # fmt: skip
BROWSER_TESTS = "tests/browser/"


def lane(nodeid: str) -> str:
    """The unit of work a test is scheduled in: its browser lane, or the test alone."""
    if not nodeid.startswith(BROWSER_TESTS):
        return nodeid
    module = nodeid[len(BROWSER_TESTS) :].partition("::")[0].removesuffix(".py")
    return "browser lane 1" if module in FIRST_LANE else "browser lane 2"


@pytest.hookimpl(optionalhook=True)  # pytest-xdist's hook: without the plugin, nothing
def pytest_xdist_make_scheduler(config: pytest.Config, log: object) -> object:
    """pytest-xdist's scheduling by units of work, the units being :func:`lane`'s (its own ``--dist loadgroup``
    marks are lost on pytest 9, which no longer reads a test's ``_nodeid``). The biggest unit goes out first."""
    from xdist.scheduler import LoadScopeScheduling

    class Lanes(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return lane(nodeid)

    return Lanes(config, log)


def exact(max_examples: int) -> settings:
    """Hypothesis settings for the property tests: the same examples every run, no per-example deadlines."""
    return settings(
        max_examples=max_examples,
        derandomize=True,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )


# games on the standard 7x6 board (columns from 0, X first) and the sides with four in a row after them (X across
# the bottom row and O up column 0; then X's up diagonal alone): the seed's Board and CS111's must both see them
FOURS = [("00102030", "XO"), ("23344545515", "X")]
