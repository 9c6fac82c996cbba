"""Methods of a student's class wrapped for one block, and the class's own attributes put back after it."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any


@contextlib.contextmanager
def wrapped(cls: type, wrappers: dict[str, Any]) -> Iterator[None]:
    """While the block runs, ``cls``'s method ``name`` is ``wrappers[name]``; then each is what it was (its own,
    or none of its own where it was inherited)."""
    kept: dict[str, Any] = {}
    for name, wrapper in wrappers.items():
        kept[name] = cls.__dict__.get(name)  # None: inherited
        setattr(cls, name, wrapper)
    try:
        yield
    finally:
        for name, own in kept.items():
            if own is None:
                delattr(cls, name)
            else:
                setattr(cls, name, own)
