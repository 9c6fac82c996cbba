"""Every message a student's worker sends back, checked before anything of ours reads it.

The worker runs the student's code, and that code can write into the worker's answer pipe whatever it likes (a
forged answer, nonsense, a header that announces 2^62 bytes). :func:`checked` holds each answer to the one shape
its request allows (see ``worker.serve``) and returns it; :class:`Forged` says what was wrong. Nothing of ours
trusts a message's shape: a forged one is the student's failure, in words, never our traceback.

Every text in an answer (a class's name, a traceback's lines, a returned value's repr) comes from the student's
code: it is made visible here (:func:`.worker.visible.visible`: its control and bidirectional characters written as
``\\x1b``, ``\\u202e``), once, where it enters our process, so no front end shows a character of it as it is.
"""

from __future__ import annotations

from typing import Any

from . import errors
from .worker.kinds import (
    BOARD_SCORE,
    CHECKER_METHODS,
    CS111,
    EVALUATION,
    HANZE,
    MOVE_METHODS,
    OK,
    PART_METHODS,
    SCORE_METHODS,
)
from .worker.visible import visible

FLAVOURS = (HANZE, CS111)
KNOWN_METHODS = (*MOVE_METHODS, *SCORE_METHODS, EVALUATION, *PART_METHODS)
MOST_LINES = 200  # of a student's traceback
LONGEST_LINE = 2000  # characters of one line, of a name
WHAT = ("column", "scores", "score")
MOST_CALLS = 40_000  # of a recorded recursion (worker.recording's own bound)


class Forged(Exception):
    """The worker's message is not an answer to the request: ``str()`` says how, in a few words."""


def checked(answer: object, request: dict[str, Any]) -> tuple[str, Any]:
    """``(status, detail)`` of the worker's ``answer`` to ``request``, each of its shape; :class:`Forged` if not."""
    if not (isinstance(answer, list) and len(answer) == 2 and isinstance(answer[0], str)):
        raise Forged("not a pair [status, detail]")
    status, detail = answer
    if status == OK:
        return status, _ok(detail, request)
    if status in (errors.RAISED, errors.NOT_LOADED):
        return status, _lines(detail)
    if status == errors.NO_CLASS:
        looked_for, found = _pair(detail)
        return status, [_names(looked_for), _names(found)]
    if status == errors.NO_METHOD:
        class_name, method = _pair(detail)
        return status, [_text(class_name), _text(method)]
    if status == errors.BAD_ANSWER:
        if not (isinstance(detail, list) and len(detail) == 3 and detail[1] in WHAT and _whole(detail[2])):
            raise Forged("a bad answer's detail is not [value, kind, width]")
        return status, [_text(detail[0]), detail[1], detail[2]]
    raise Forged(f"unknown status {_short(status)}")


def _ok(detail: object, request: dict[str, Any]) -> Any:
    if request.get("op") == "think":
        return _recorded(detail, request)
    if request.get("op") == "load":
        if not isinstance(detail, dict):
            raise Forged("a loaded file's detail is not a dict")
        methods = detail.get("methods")
        if not (isinstance(methods, list) and all(method in KNOWN_METHODS for method in methods)):
            raise Forged("the methods found are not method names")
        if detail.get("flavour") not in FLAVOURS:
            raise Forged("the flavour is neither seed's")
        return {"class_name": _text(detail.get("class_name")), "flavour": detail["flavour"], "methods": methods}
    method, width = request.get("method"), request.get("width")
    if request.get("trace"):  # [value, the part methods used]
        value, used = _pair(detail)
        if not (isinstance(used, list) and len(used) <= len(PART_METHODS) and set(used) <= set(PART_METHODS)):
            raise Forged("the methods a call used are not method names")
        return [_ok(value, {**request, "trace": False}), list(used)]
    if request.get("op") == "part":
        return _part(detail, method)
    if request.get("op") == "evaluate":
        count = len(request.get("boards", ()))
        if not (isinstance(detail, list) and len(detail) == count and all(_number(value) for value in detail)):
            raise Forged(f"evaluations that are not a list of {count} numbers")
        return [float(value) for value in detail]
    if method in MOVE_METHODS and request.get("op") == "call":
        if not _whole(detail):
            raise Forged("a move that is not a whole number")
        return detail
    if not (isinstance(detail, list) and len(detail) == width and all(_number(score) for score in detail)):
        raise Forged(f"scores that are not a list of {width} numbers")
    return [float(score) for score in detail]


def _part(detail: object, method: object) -> Any:
    """A part method's answer (``worker.serve``'s ``part``): a checker's ``repr`` (text, shown), a score, a column."""
    if method in CHECKER_METHODS:
        return _text(detail)
    if method == BOARD_SCORE:
        if not _number(detail):
            raise Forged("a board's score that is not a number")
        return float(detail)  # type: ignore[arg-type]
    if not _whole(detail):
        raise Forged("a column that is not a whole number")
    return detail


def _recorded(detail: object, request: dict[str, Any]) -> dict[str, Any]:
    """A recorded recursion (``worker.recording``): each call's parent an earlier call, its fields their kinds."""
    if not isinstance(detail, dict) or not isinstance(detail.get("ours"), bool):
        raise Forged("a recording that is not {ours, calls}")
    if not isinstance(detail.get("calls"), list):
        raise Forged("a recording that is not {ours, calls}")
    calls = detail["calls"]
    if len(calls) > MOST_CALLS:
        raise Forged(f"more than {MOST_CALLS} calls")
    cells = request.get("width", 0) * request.get("height", 0)
    checked_calls = []
    for index, call in enumerate(calls):
        if not (isinstance(call, list) and len(call) == 6):
            raise Forged("a call that is not [parent, rows, ox, ply, scores, error]")
        parent, rows, ox, ply, scores, error = call
        if not (_whole(parent) and -1 <= parent < index) or (index == 0) != (parent == -1):
            raise Forged("a call whose caller is not an earlier call")
        if not (isinstance(rows, str) and len(rows) in (0, cells) and ox in ("X", "O", "?")):
            raise Forged("a call's position or side is not one")
        if not (ply is None or _whole(ply)) or not (scores is None or _score_list(scores)):
            raise Forged("a call's look-ahead or scores are not numbers")
        rows = "".join(cell if visible(cell) == cell else "?" for cell in rows)  # one character a cell, shown
        checked_calls.append([parent, rows, ox, ply, scores, None if error is None else _lines(error)])
    return {"ours": detail["ours"], "calls": checked_calls, "returned": detail.get("returned") is True}


def _score_list(scores: object) -> bool:
    return isinstance(scores, list) and len(scores) <= MOST_LINES and all(_number(score) for score in scores)


def _pair(detail: object) -> list[Any]:
    if not (isinstance(detail, list) and len(detail) == 2):
        raise Forged("a detail that is not a pair")
    return detail


def _lines(detail: object) -> list[str]:
    if not (isinstance(detail, list) and all(isinstance(line, str) for line in detail)):
        raise Forged("traceback lines that are not text")
    lines = [visible(line[:LONGEST_LINE]) for line in detail]  # a line each: a newline in one is shown, not kept
    return lines if len(lines) <= MOST_LINES else [*lines[: MOST_LINES // 2], "  ...", *lines[-MOST_LINES // 2 :]]


def _names(detail: object) -> list[str]:
    if not (isinstance(detail, list) and len(detail) <= MOST_LINES):
        raise Forged("names that are not a list")
    return [_text(name) for name in detail]


def _text(value: object) -> str:
    if not isinstance(value, str):
        raise Forged("a name that is not text")
    return visible(value[:LONGEST_LINE])


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _number(value: object) -> bool:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return False
    try:
        float(value)
    except OverflowError:  # a whole number too large for a float
        return False
    return True


def _short(value: str) -> str:
    return repr(value[:40])
