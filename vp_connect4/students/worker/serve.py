"""The worker process: it imports one student's file and answers calls on it.

Started by ``students.process`` as ``python -I -c ... start(config)``, in the sandbox; requests come on stdin,
answers go back on stdout (:mod:`.protocol`). This package stands alone: it imports nothing of ``vp_connect4``
but itself, and in the sandbox it is all of this project there is (no reference Player, no solver, nothing that
checks): what it answers is the student's code's, and our process compares. A student's file that imports
``vp_connect4`` finds no such module, and is told it may not use the reference.

Before the student's code runs, the process's own stdin, stdout and stderr become the null device: ``input()``
in a student's file meets the end of input at once, and what it prints is not shown (nor mixed into the
answers). Ctrl-C is our process's, not the worker's; a watchdog ends the worker when our process is gone, even
in the middle of a student's endless loop.

Requests (dicts): ``{"op": "load", "source": {...}}``; ``{"op": "call", "method": ..., "ox", "tiebreak",
"ply", "width", "height", "rows", "seed"}``; ``{"op": "evaluate", ..., "boards": [[ox, rows], ...]}`` (the same
fields: the student's ``score_board_for_tourney`` of each board, for our side's recursion); ``{"op": "think",
..., "seconds"}`` (the same fields: the method's calls recorded, :mod:`.recording`); ``{"op": "part", ...,
"scores"}`` (the same fields: one of the seed's smaller methods on its own, :data:`.kinds.PART_METHODS`: the
opponent's checker's ``repr``, a board's score, or the column ``scores`` gives). A ``call`` with ``"trace": true``
answers ``[value, used]``: the part methods the call used (:mod:`.uses`). Answers: ``[status, detail]``, status
``ok`` or one of :mod:`.kinds`' statuses.
"""

from __future__ import annotations

import json
import numbers
import operator
import os
import random
import sys
from pathlib import Path
from typing import Any

from . import kinds, limits, loading, lookahead, protocol, recording, traces, uses
from .kinds import CS111, MOVE_METHODS, OK, PART_METHODS, SCORE_METHODS
from .watchdog import guard_worker

LOAD_CPU = 30.0  # seconds of CPU time to import the file (the wall-clock limit: process.LOAD_TIME_LIMIT)
WATCH_INTERVAL = 0.25  # seconds between the watchdog's looks at our process


def start(config: str, session: type[Session] | None = None) -> None:
    """The worker's start (``students.process``'s command line): caps itself, guards, then :func:`serve`.

    ``config`` (JSON): ``parent`` (our process's id; 0: this process's parent now, as inside the sandbox, where
    ours cannot be seen), ``cwd`` (the folder file names are shown relative to), ``memory``, ``file_size``,
    ``processes`` (None: not capped here), ``time_limit`` (seconds of a call: its CPU time is held to it).
    """
    settings = json.loads(config)
    limits.hold(settings["memory"], settings["file_size"], settings["processes"])
    guard_worker(settings["parent"] or os.getppid(), WATCH_INTERVAL)
    serve(settings["cwd"], float(settings["time_limit"]), session or Session)


def serve(cwd: str, time_limit: float, kind: type[Session]) -> None:
    """Answer our process's requests until its end of the pipe closes (in the worker process)."""
    requests = os.fdopen(os.dup(0), "rb")
    replies = os.fdopen(os.dup(1), "wb")
    null = os.open(os.devnull, os.O_RDWR)
    os.dup2(null, 0)
    os.dup2(null, 1)
    os.dup2(null, 2)
    sys.path[:] = [entry for entry in sys.path if entry]
    session = kind(cwd)
    while True:
        try:
            request = protocol.receive(requests)
        except EOFError:
            return
        limits.hold_cpu(max(time_limit, LOAD_CPU) if request.get("op") == "load" else time_limit)
        try:
            protocol.send(replies, session.answer(request))
        except (OSError, ValueError):  # our end is closed; or an answer JSON cannot hold
            return


class Session:
    """One loaded player file: its class, its flavour, and an instance per (side, tiebreak, ply)."""

    def __init__(self, cwd: str) -> None:
        self.cwd = cwd
        self.cls: type | None = None
        self.flavour = kinds.HANZE
        self.instances: dict[tuple[str, str, int], Any] = {}

    def answer(self, request: dict[str, Any]) -> list[Any]:
        try:
            if request["op"] == "load":
                return self.load(request["source"])
            return self.call(request)
        except loading.NoClass as missing:
            return [kinds.NO_CLASS, [list(missing.looked_for), missing.found]]
        except BaseException as error:  # the student's code may raise anything, SystemExit too
            return [kinds.RAISED, traces.student_lines(error, self.cwd)]

    def load(self, source: dict[str, Any]) -> list[Any]:
        path = Path(source["path"])  # alone in its folder, in the sandbox; the working folder stays the current one
        try:
            module = loading.import_file(path)
        except BaseException as error:
            return [kinds.NOT_LOADED, traces.student_lines(error, self.cwd)]
        self.cls = loading.find_class(module, source.get("class_name"))
        self.flavour = loading.flavour_of(self.cls)
        methods = [
            name for name in (*MOVE_METHODS, *SCORE_METHODS, kinds.EVALUATION, *PART_METHODS) if _has(self.cls, name)
        ]
        return [OK, {"class_name": self.cls.__name__, "flavour": self.flavour, "methods": methods}]

    def board(self, width: int, height: int, rows: list[str]) -> Any:
        """A new board for one call (:func:`.loading.make_board`): nothing the code does to it reaches the game."""
        return loading.make_board(self.flavour, width, height, rows)

    def call(self, request: dict[str, Any]) -> list[Any]:
        method, width = request["method"], request["width"]
        seed = request.get("seed")
        if seed is not None:
            random.seed(seed)  # the student's RANDOM tiebreak, repeatable
        if request["op"] == "evaluate":
            return self.evaluate(request)
        board = self.board(width, request["height"], request["rows"])
        player = self.player(request["ox"], request["tiebreak"], request["ply"], seed)
        if not _has(type(player), method):
            return [kinds.NO_METHOD, [type(player).__name__, method]]
        if request["op"] == "think":
            return [OK, recording.record(player, method, board, float(request["seconds"]), self.cwd)]
        used: list[str] = []
        if request["op"] == "part":
            with uses.noted(type(player)) as used:
                answer = self.part(player, method, board, request.get("scores", ()))
            return [answer[0], [answer[1], used]] if request.get("trace") and answer[0] == OK else answer
        if self.cls is not None and isinstance(player, self.cls):
            with lookahead.counted_down(self.cls), uses.noted(self.cls) as used:  # a recursion that never ends
                value = getattr(player, method)(board)  # is caught at its first call
        else:
            value = getattr(player, method)(board)
        answer = _column(value, width) if method in MOVE_METHODS else _scores(value, width)
        return [answer[0], [answer[1], used]] if request.get("trace") and answer[0] == OK else answer

    def part(self, player: Any, method: str, board: Any, scores: list[float]) -> list[Any]:
        """One of the seed's smaller methods on its own: the checker's ``repr``, the board's score, or a column."""
        if method in kinds.CHECKER_METHODS:
            return [OK, _shown(getattr(player, method)())]
        if method == kinds.BOARD_SCORE:
            value = getattr(player, method)(board)
            if isinstance(value, bool) or not isinstance(value, numbers.Real):
                return [kinds.BAD_ANSWER, [_shown(value), "score", board.width]]
            return [OK, float(value)]
        given = [int(score) if self.flavour == CS111 and float(score).is_integer() else score for score in scores]
        return _column(getattr(player, method)(given), board.width)  # CS111's scores are whole numbers

    def player(self, ox: str, tiebreak: str, ply: int, seed: int | None) -> Any:
        key = (ox, tiebreak, ply)
        if key not in self.instances:
            self.instances[key] = self.cls(ox, tiebreak, ply)  # type: ignore[misc]
        return self.instances[key]

    def evaluate(self, request: dict[str, Any]) -> list[Any]:
        """The student's ``score_board_for_tourney`` of each board (``[ox, rows]``, as ``ox`` with ply 0), in order:
        our side runs the seed's recursion around them."""
        width, height, seed = request["width"], request["height"], request.get("seed")
        values: list[float] = []
        for ox, rows in request["boards"]:
            player = self.player(ox, request["tiebreak"], 0, seed)
            if not _has(type(player), kinds.EVALUATION):
                return [kinds.NO_METHOD, [type(player).__name__, kinds.EVALUATION]]
            value = getattr(player, kinds.EVALUATION)(self.board(width, height, rows))
            if isinstance(value, bool) or not isinstance(value, numbers.Real):
                return [kinds.BAD_ANSWER, [_shown(value), "scores", width]]
            values.append(float(value))
        return [OK, values]


def _has(cls: type, name: str) -> bool:
    return callable(getattr(cls, name, None))


def _column(value: object, width: int) -> list[Any]:
    """A column number (a whole number, not True or False) as the answer; anything else a bad answer."""
    if not isinstance(value, bool):
        try:
            return [OK, operator.index(value)]  # type: ignore[call-overload]
        except TypeError:
            pass
    return [kinds.BAD_ANSWER, [_shown(value), "column", width]]


def _scores(value: object, width: int) -> list[Any]:
    """A list (or tuple) of ``width`` numbers as floats; anything else a bad answer."""
    numbers_only = isinstance(value, (list, tuple)) and len(value) == width
    if numbers_only and all(isinstance(score, numbers.Real) and not isinstance(score, bool) for score in value):
        return [OK, [float(score) for score in value]]  # type: ignore[arg-type]
    return [kinds.BAD_ANSWER, [_shown(value), "scores", width]]


def _shown(value: object) -> str:
    """``repr(value)``, short (it may be a huge thing), and never failing."""
    try:
        text = repr(value)
    except Exception:
        text = f"<{type(value).__name__}>"
    return text if len(text) <= 80 else text[:77] + "..."
