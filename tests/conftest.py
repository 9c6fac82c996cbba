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
