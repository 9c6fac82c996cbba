"""Which of the seed's smaller methods (``opp_ch``, ``score_board``, ``tiebreak_move`` and CS111's names) a call
used: while the block runs, each of them that the class defines as a plain function notes its name when called.

What the student's code computes is not changed: the wrapper calls the method with the same arguments and returns
what it returned; the class's own attributes are put back at the end. A static or class method is left alone (a
wrapper would bind it differently), so it is never named.
"""

from __future__ import annotations

import contextlib
import inspect
import types
from collections.abc import Iterator
from typing import Any

from .kinds import PART_METHODS
from .patching import wrapped


@contextlib.contextmanager
def noted(cls: type) -> Iterator[list[str]]:
    """The names of the part methods of ``cls`` called while the block runs, in the order first called."""
    used: list[str] = []
    plain = [name for name in PART_METHODS if isinstance(inspect.getattr_static(cls, name, None), types.FunctionType)]
    with wrapped(cls, {name: _noting(getattr(cls, name), name, used) for name in plain}):
        yield used


def _noting(found: Any, name: str, used: list[str]) -> Any:
    def noting(*args: Any, **kwargs: Any) -> Any:
        if name not in used:
            used.append(name)
        return found(*args, **kwargs)

    return noting
