"""Transposition tables: one class per replacement policy (there is one policy so far, :class:`FifoTable`).

A table remembers a fact about each position searched, under the position's
key (``stones + mask``, see :meth:`.position.Position.key`, or a tuple made
from it). Facts about positions stay true from one search to the next, so a
table may be kept as long as its owner likes; its memory stays bounded
whatever is searched.
"""

from __future__ import annotations

from collections.abc import Hashable
from itertools import islice
from typing import Generic, TypeVar

Value = TypeVar("Value")

SEARCH_CAPACITY = 1 << 18  # entries per table of the depth-limited searches


class FifoTable(Generic[Value]):
    """A dict of at most about ``capacity`` entries: when it holds more, the oldest half goes (first in, first out).

    "Oldest" is by first storage: storing again under a key keeps its place.
    Dropping half at a time keeps the cost of dropping to a constant per entry
    stored, and keeps the newer half, where the positions of the current
    search are.

    ``get(key)`` (None when the key is not held) is the dict's own lookup,
    meant to be bound to a local name in hot loops; :meth:`put` stores and
    trims. The hottest loop may store with ``entries[key] = value`` itself
    and call :meth:`trim` at least once every ``n`` stores, to hold at most
    ``capacity + n`` entries (the solver trims once per ``budget.CHECK_EVERY``
    positions).
    """

    __slots__ = ("capacity", "entries", "get")

    def __init__(self, capacity: int) -> None:
        if capacity < 1:
            raise ValueError(f"a table needs room for at least one entry, got {capacity}")
        self.capacity = capacity
        self.entries: dict[Hashable, Value] = {}  # in the order first stored
        self.get = self.entries.get

    def __len__(self) -> int:
        return len(self.entries)

    def put(self, key: Hashable, value: Value) -> None:
        """Remember ``value`` for ``key``; past ``capacity`` entries, drop the oldest half."""
        entries = self.entries
        entries[key] = value
        if len(entries) > self.capacity:
            self.trim()

    def trim(self) -> None:
        """If more than ``capacity`` entries are held, drop the oldest until half of ``capacity`` remain."""
        entries = self.entries
        excess = len(entries) - self.capacity // 2
        if len(entries) > self.capacity:
            for key in list(islice(entries, excess)):
                del entries[key]
