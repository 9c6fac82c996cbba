"""The engine's bookkeeping: transposition tables (engine/tables.py) and search budgets (engine/budget.py)."""

from __future__ import annotations

import time

import pytest

from vp_connect4.engine.budget import CHECK_EVERY, Budget, OutOfTime
from vp_connect4.engine.tables import FifoTable


def test_a_table_remembers_what_was_put() -> None:
    table: FifoTable[str] = FifoTable(10)
    table.put(3, "three")
    table.put((3, 1), "three at depth one")
    table.put(3, "three again")
    assert table.get(3) == "three again"
    assert table.get((3, 1)) == "three at depth one"
    assert table.get(4) is None
    assert len(table) == 2


def test_a_full_table_drops_its_oldest_half() -> None:
    table: FifoTable[int] = FifoTable(8)
    for key in range(8):
        table.put(key, key)
    assert len(table) == 8
    table.put(0, 100)  # storing again keeps the key's place
    table.put(8, 8)  # one too many: the oldest go, half the capacity stays
    assert sorted(table.entries) == [5, 6, 7, 8]
    for key in range(9, 1000):
        table.put(key, key)
        assert len(table) <= 8
    assert table.get(999) == 999


def test_hot_loops_may_store_directly_and_trim_now_and_then() -> None:
    table: FifoTable[int] = FifoTable(100)
    for key in range(150):
        table.entries[key] = key
    assert len(table) == 150
    table.trim()
    assert sorted(table.entries) == list(range(100, 150))
    table.trim()  # within capacity: nothing to do
    assert len(table) == 50


def test_a_table_needs_room() -> None:
    with pytest.raises(ValueError):
        FifoTable(0)


def test_a_budget_counts_and_looks_at_the_clock_now_and_then() -> None:
    budget = Budget(deadline=time.perf_counter() - 1.0)
    for _ in range(CHECK_EVERY - 1):
        budget.count()  # the clock is not read yet
    with pytest.raises(OutOfTime) as caught:
        budget.count()
    assert budget.nodes == CHECK_EVERY
    assert caught.value.solved == {}
    with pytest.raises(OutOfTime):
        budget.check()


def test_without_a_deadline_a_budget_only_counts() -> None:
    budget = Budget()
    for _ in range(3 * CHECK_EVERY):
        budget.count()
    budget.check()
    assert budget.nodes == 3 * CHECK_EVERY
    budget.deadline = time.perf_counter() + 3600
    budget.check()
