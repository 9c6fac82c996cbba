"""A student's ``scores_for`` recursion, recorded call by call in their process (``vp-connect4 think``, the scene's
Think): the class's method is wrapped for one top call, each call's position, player and look-ahead noted when
it starts and its list when it returns, and the method put back. What the student's code computes is not
changed: the wrapper calls it with the same arguments and returns what it returned.

Time is kept by an alarm: when the call's time is nearly up, the calls still open end (:class:`TimeIsUp`, which
``except Exception`` in the student's code does not catch), and the deepest one is where it hung. A recursion
that makes more than :data:`MOST_CALLS` calls is ended the same way.
"""

from __future__ import annotations

import contextlib
import signal
import threading
from typing import Any

from . import traces
from .kinds import NOT_COUNTED_DOWN, OURS, TIME_IS_UP, TOO_MANY_CALLS

MOST_CALLS = 40_000
SHARE_OF_TIME = 0.9  # of the call's time limit, before the alarm ends the recursion


class TimeIsUp(BaseException):
    """The recording's own stop: time ran out, or the calls became too many (``args[0]``)."""


def record(player: Any, method: str, board: Any, seconds: float, cwd: str) -> dict[str, Any]:
    """Run ``player.<method>(board)`` with every call of that method on the player's class recorded.

    The answer: ``ours`` (the method is this package's: nothing of the student's to record), ``calls``: each
    ``[parent, rows, ox, ply, scores, error]`` in the order the calls started (``parent``: the caller's index, -1
    at the top; ``rows``: the board's cells, top row first, as one string; ``error``: the student's traceback
    lines, or ``[reason]`` where the recording ended it, for the call where that happened)."""
    cls = type(player)
    found = getattr(cls, method)
    if getattr(found, "__module__", "").startswith(OURS + "."):
        return {"ours": True, "calls": []}
    calls: list[list[Any]] = []
    open_calls: list[int] = []

    def recorded(self: Any, b: Any, *args: Any, **kwargs: Any) -> Any:
        if len(calls) >= MOST_CALLS:
            raise TimeIsUp(TOO_MANY_CALLS)
        index, parent, ply = len(calls), open_calls[-1] if open_calls else -1, _ply(self)
        calls.append([parent, _rows(b), _side(self), ply, None, None])
        open_calls.append(index)
        try:
            caller = calls[parent][3] if parent >= 0 else None
            if ply is not None and caller is not None and (ply >= caller or ply < 0):
                raise TimeIsUp(NOT_COUNTED_DOWN)  # it would never end: the first such call is where it shows
            scores = found(self, b, *args, **kwargs)
        except TimeIsUp as stop:
            if not any(call[5] for call in calls[index:]):
                calls[index][5] = [str(stop.args[0])]
            raise
        except BaseException as error:
            if not any(call[5] for call in calls[index:]):  # the innermost call that raised
                calls[index][5] = traces.student_lines(error, cwd)
            raise
        finally:
            open_calls.pop()
        calls[index][4] = _numbers(scores)
        return scores

    own = cls.__dict__.get(method)  # None: the class inherits it
    setattr(cls, method, recorded)
    try:
        with _alarm(seconds * SHARE_OF_TIME):
            found_scores = getattr(player, method)(board)
    except BaseException:  # the student's error, or the recording's stop: noted on its call
        found_scores = None
    finally:
        if own is None:
            delattr(cls, method)
        else:
            setattr(cls, method, own)
    return {"ours": False, "calls": calls, "returned": found_scores is not None}


@contextlib.contextmanager
def _alarm(seconds: float):  # type: ignore[no-untyped-def]
    """Raise :class:`TimeIsUp` in this (the main) thread after ``seconds``."""
    if threading.current_thread() is not threading.main_thread() or not hasattr(signal, "setitimer"):
        yield
        return

    def ring(signum: int, frame: object) -> None:
        raise TimeIsUp(TIME_IS_UP)

    before = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, max(seconds, 0.01))
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, before)


def _rows(b: Any) -> str:
    try:
        return "".join("".join(str(cell)[:1] or " " for cell in row) for row in b.data)
    except Exception:
        return ""


def _side(player: Any) -> str:
    side = getattr(player, "ox", None) or getattr(player, "checker", None)
    return side if side in ("X", "O") else "?"


def _ply(player: Any) -> int | None:
    ply = getattr(player, "ply", getattr(player, "lookahead", None))
    return ply if isinstance(ply, int) and not isinstance(ply, bool) else None


def _numbers(scores: Any) -> list[float] | None:
    try:
        return [float(score) for score in scores]
    except Exception:  # not a list of numbers: the answer's check says so
        return None
