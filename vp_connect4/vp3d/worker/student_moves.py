"""A student's player file in the scene's AI worker: its moves, and the check that it loads (the page's Player file).

Runs in the worker process (``ai.serve``), never in the scene's: the jobs ``jobs.AiRequest.best_column`` (for a seat
with a ``source``) and :class:`PlayerFileCheck` call it. One :class:`~...students.StudentPlayer` per file stays
alive across moves (the student's own process, its file imported once); each move sets its side, tiebreak, ply and
seed. It is made anew (the file loaded again) after it failed or when its file has changed since it was loaded: a
student who fixed the file and tries again gets the fixed file. The worker's end ends them: its input closed
(:func:`atexit`), SIGTERM (the runner stops it), or else their own watchdogs, which see the worker gone.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import random
import signal
from dataclasses import dataclass
from typing import Any

from ...board import RulesBoard
from ...students import StudentError, StudentPlayer
from ...students.diagnosis.here import think_diagnosed
from ...students.files import PlayerFile
from ...think.compare import Comparison


@dataclass
class _Kept:
    player: StudentPlayer
    changed: float | None  # the file's modification time when it was loaded


_kept: dict[str, _Kept] = {}  # source (as typed) -> its player, in this worker process
_ended_by_signal_set = False


def student_move(
    source: str, board: RulesBoard, ox: str, tiebreak: str, ply: int, seed: int | None, time_limit: float
) -> int:
    """The column the player file ``source`` plays as ``ox`` on ``board`` (it gets a copy), within ``time_limit``
    seconds; StudentError (a message ready to show, with the student's own lines) if it fails."""
    player = _player(source, time_limit)
    player.ox, player.tbt, player.ply = ox, tiebreak, ply
    player.rng = random.Random(seed)
    try:
        return player.next_move(board)
    except StudentError:
        forget(source)  # the next try loads the file again: it may have been fixed
        raise


def student_think(
    source: str, board: RulesBoard, ox: str, tiebreak: str, ply: int, moves: str, smart: bool, time_limit: float
) -> Comparison:
    """The player file ``source``'s own ``scores_for`` recursion on ``board`` as ``ox`` (its calls recorded in its
    process), beside the reference's, the calls that differ marked, with what the one diagnosis finds there
    (``Tree.diagnosis``); StudentError if its process fails outright."""
    player = _player(source, time_limit)
    player.ox, player.tbt, player.ply = ox, tiebreak, ply
    try:
        return think_diagnosed(player, board, moves, smart)
    except StudentError:
        forget(source)
        raise


@dataclass(frozen=True)
class PlayerFileCheck:
    """A job for the worker: load the player file ``source`` (the page's Player file field named it)."""

    source: str
    time_limit: float

    def load(self) -> str:
        """Its class's name (the file is kept loaded for its first move); StudentError if it does not load."""
        return _player(self.source, self.time_limit).loaded.class_name


def forget(source: str) -> None:
    """End the player of ``source`` (if kept): the next move loads its file again."""
    kept = _kept.pop(source, None)
    if kept is not None:
        kept.player.close()


def forget_all() -> None:
    for source in list(_kept):
        forget(source)


def _player(source: str, time_limit: float) -> StudentPlayer:
    kept = _kept.get(source)
    changed = _changed(source)
    if kept is not None and kept.changed != changed:
        forget(source)  # the file was edited since it was loaded
        kept = None
    if kept is None:
        _end_with_the_worker()
        kept = _Kept(StudentPlayer(source, "X", time_limit=time_limit), changed)  # loads it: StudentError if not
        _kept[source] = kept
    kept.player.process.time_limit = time_limit
    return kept.player


def _changed(source: str) -> float | None:
    try:
        return os.stat(PlayerFile.parse(source).path).st_mtime
    except OSError:
        return None


def _end_with_the_worker() -> None:
    """The kept players end when this worker ends: at its normal end, and when the runner terminates it."""
    global _ended_by_signal_set
    if _ended_by_signal_set:
        return
    _ended_by_signal_set = True
    atexit.register(forget_all)
    with contextlib.suppress(ValueError):  # not the main thread (a test calling it): the watchdogs still work
        signal.signal(signal.SIGTERM, _on_terminate)


def _on_terminate(signum: int, frame: Any) -> None:
    for kept in list(_kept.values()):
        kept.player.process.kill()
    os._exit(1)
