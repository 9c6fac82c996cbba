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
