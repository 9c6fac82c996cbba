"""How much slower than an idle core this machine runs Python now: for the few time limits the tests keep (how soon
a key is answered), which a busy laptop must not fail. Never to wait by: tests wait for states, not for times."""

from __future__ import annotations

import time

REFERENCE = 0.0065  # seconds the workload took on an idle core of the 2-core machine the suite was written on
TRIES = 3


def _work() -> float:
    started = time.perf_counter()
    sum(number * number for number in range(200_000))
    return time.perf_counter() - started


def slowness() -> float:
    """1.0 on an idle machine like the reference; 3.0 where the same work takes three times as long now."""
    return max(1.0, min(_work() for _ in range(TRIES)) / REFERENCE)
