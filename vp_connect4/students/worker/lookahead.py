"""A recursion that never ends, caught at its first call that shows it: while a student's ``scores_for`` (or
``scores_for_tourney``) runs, the same method asked again with the same or a larger look-ahead (``ply``, CS111's
``lookahead``), or with one below 0, can only go on until the board is full. :func:`counted_down` wraps the
class's score methods for one call and raises :class:`LookAheadNotCountedDown` there, in the student's frame
that made the call (their traceback points at the line), instead of waiting out the move time.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

from .kinds import SCORE_METHODS
from .patching import wrapped

SAID = "{method} was asked again with the look-ahead {ply} inside its call with {caller}: it is never counted down"


class LookAheadNotCountedDown(Exception):
    """The student's recursion asked a score method again without counting its look-ahead down."""


LookAheadNotCountedDown.__module__ = "builtins"  # a student's traceback names it alone, as Python's own errors
NAME = LookAheadNotCountedDown.__name__


@contextlib.contextmanager
def counted_down(cls: type) -> Iterator[None]:
    """While the block runs, a nested call of a score method of ``cls`` must look less far ahead than its caller."""
    found = {name: getattr(cls, name, None) for name in SCORE_METHODS}
    with wrapped(cls, {name: _watched(method, name, []) for name, method in found.items() if callable(method)}):
        yield


def _watched(found: Any, name: str, stack: list[int | None]) -> Any:
    def watched(self: Any, *args: Any, **kwargs: Any) -> Any:
        ply = _ply(self)
        caller = stack[-1] if stack else None
        if ply is not None and ((caller is not None and ply >= caller) or (stack and ply < 0)):
            raise LookAheadNotCountedDown(SAID.format(method=name, ply=ply, caller=caller))
        stack.append(ply)
        try:
            return found(self, *args, **kwargs)
        finally:
            stack.pop()

    return watched


def _ply(player: Any) -> int | None:
    ply = getattr(player, "ply", getattr(player, "lookahead", None))
    return ply if isinstance(ply, int) and not isinstance(ply, bool) else None
