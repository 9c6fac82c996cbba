"""Transposition tables: one class per replacement policy (there is one policy so far).

A table remembers a fact about each position searched, under the position's
key (``stones + mask``, see :meth:`.position.Position.key`, or a number made
from it). Facts about positions stay true from one search to the next, so a
table may be kept as long as its owner likes; its memory is bounded by its
size, whatever is searched.
"""

from __future__ import annotations

from typing import Generic, TypeVar

Value = TypeVar("Value")

SEARCH_TABLE_SIZE = 262_139  # the largest prime below 2**18
SOLVER_TABLE_SIZE = 1_048_573  # the largest prime below 2**20


class SlotTable(Generic[Value]):
    """A table of ``size`` slots: a key lives in slot ``key % size``; a newer key in its slot replaces it.

    ``size`` is best a prime, so that keys spread over the slots. Slots are
    filled lazily, so a new table costs nothing however large its size (the
    searches make fresh tables for every call). ``get(key)`` is a plain dict
    lookup (None if the key is not held) and is meant to be bound to a local
    name in hot loops; :meth:`put` stores. At most ``size`` entries are held.
    """

    __slots__ = ("_owners", "get", "size", "values")

    def __init__(self, size: int) -> None:
        if size < 1:
            raise ValueError(f"a table needs at least one slot, got {size}")
        self.size = size
        self.values: dict[int, Value] = {}  # key -> value, for the keys that own their slot
        self._owners: dict[int, int] = {}  # slot -> the key that owns it
        self.get = self.values.get

    def __len__(self) -> int:
        return len(self.values)

    def put(self, key: int, value: Value) -> None:
        """Remember ``value`` for ``key``, replacing whatever key held its slot."""
        slot = key % self.size
        owner = self._owners.get(slot)
        if owner != key:
            if owner is not None:
                del self.values[owner]
            self._owners[slot] = key
        self.values[key] = value
