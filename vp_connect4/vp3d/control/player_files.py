"""The controller's player files: a student's file that plays a side, and the page's Player file field.

A mixin of :class:`.controller.Controller`. A side's player file moves in the AI worker like our AI
(``worker.student_moves``). When it fails (an exception, no answer within the time limit, a column that cannot be
played), the game waits: the status line says so in one short sentence, a box over the rack shows the error in words
with the student's own lines and what to do (``Try again``: :data:`~.intents.Command.RETRY`, the file is loaded
again; or a setting, Undo, another player), and the log says ``error: <the error in English> <its last line>``.
The Player file field (:class:`~.intents.AddPlayerFile`) adds a file to the X and O menus once the worker has loaded
it (``player file: <name>`` in the log); one that does not load is refused (``ignored: ...``), its lines in the box.
"""

from __future__ import annotations

from concurrent.futures import Future
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ... import wording
from ...students import StudentError
from ...students.files import PlayerFile, names_player_file
from ..worker.jobs import AiRequest
from ..worker.student_moves import PlayerFileCheck
from . import intents
from .handlers import ControllerParts


@dataclass(frozen=True)
class Failure:
    """A player file failed: ``ox``'s move (``ox`` None: it did not load when the Player file field named it)."""

    ox: str | None
    error: BaseException
    generation: int  # the position it failed at: a load failure's box goes with the next move

    def heading(self) -> str:
        """The error in words, in the language spoken now (it names the file and the call)."""
        return self.error.summary if isinstance(self.error, StudentError) else str(self.error)

    def code(self) -> list[str]:
        """The student's own traceback lines (none when the file's code did not raise)."""
        return list(self.error.lines) if isinstance(self.error, StudentError) else []

    def advice(self) -> str:
        """What to do now, in the language spoken now."""
        return wording.player_load_advice() if self.ox is None else wording.player_error_advice(self.ox)


class PlayerFileIntents(ControllerParts):
    """Player file handlers; the controller provides the state, ``generation``, ``move_time`` and ``_refuse``."""

    generation: int
    move_time: float
    player_files: list[str]
    _error: wording.Phrase | None
    _failure: Failure | None
    _failure_shown: tuple[str, list[str], str, bool] | None
    _checking: tuple[str, Future[Any]] | None

    def _player_file_failed(self, request: AiRequest, error: BaseException) -> None:
        """``request``'s player file failed to move: the game waits (see the module docstring)."""
        source = request.seat.source or ""
        self._error = wording.phrase(wording.player_file_failed, request.ox, Path(PlayerFile.parse(source).shown).name)
        self._failure = Failure(request.ox, error, self.generation)
        self.log(f"error: {_in_english(error)}")

    def _on_retry(self, intent: intents.Command) -> None:
        """Try again: the failed player file is asked for its move again (its file loaded again)."""
        if self._failed_move():
            self._error = None  # the next tick asks again
            self._failure = None

    def _on_add_player_file(self, intent: intents.AddPlayerFile) -> None:
        """Check the named file (it exists, it is a .py file) and have the worker load it; see ``_collect_file``."""
        text = intent.text.strip()
        if not text:
            return
        if not names_player_file(text):
            self._refuse(wording.phrase(wording.player_file_not_a_file, text))
            return
        source = PlayerFile.parse(text)
        if not source.path.is_file():
            self._refuse(wording.phrase(wording.student_no_file, source.shown))
            return
        if source.name in self.player_files:  # there already (VPython's field also asks when it loses the focus)
            self.view.clear_player_file_field()
            return
        if self._checking is not None and self._checking[0] == source.name:
            return
        if self._failure is not None and self._failure.ox is None:
            self._failure = None
        check = PlayerFileCheck(source.name, self.move_time)
        self._checking = (source.name, self.jobs.runner.submit(check.load))

    def _collect_file(self) -> None:
        """The worker's answer about a file named in the Player file field: it joins the menus, or is refused."""
        if self._checking is None or not self._checking[1].done():
            return
        (name, future), self._checking = self._checking, None
        if future.cancelled():
            return
        error = future.exception()
        if error is not None:
            self.log(f"ignored: {_in_english(error)}")
            self.view.cue(wording.capitalised(error.summary if isinstance(error, StudentError) else str(error)))
            self._failure = Failure(None, error, self.generation)
            return
        if name not in self.player_files:
            self.player_files.append(name)
            self.view.show_player_files(list(self.player_files))
        self.log(f"player file: {name}")
        self.view.clear_player_file_field()

    def _failed_move(self) -> bool:
        """A side's player file failed and the game waits for it (Try again, a setting, Undo...)."""
        return self._error is not None and self._failure is not None and self._failure.ox is not None

    def _show_failure(self) -> None:
        """The box over the rack: the failure's lines while it stands, in the language spoken; hidden otherwise."""
        failure = self._failure
        if failure is not None and (
            (self._error is None and failure.ox is not None) or failure.generation != self.generation
        ):
            failure = self._failure = None  # the game went on: a setting, Undo, a move...
        shown = ("", [], "", False)
        if failure is not None:
            shown = (failure.heading(), failure.code(), failure.advice(), failure.ox is not None)
        if shown != self._failure_shown:
            self._failure_shown = shown
            self.view.show_player_error(*shown)


def _in_english(error: BaseException) -> str:
    """A player file's error for the log: one line, in English (its message, then its last traceback line)."""
    with wording.english():
        said = error.summary if isinstance(error, StudentError) else str(error)
    lines = error.lines if isinstance(error, StudentError) else ()
    return f"{said} {lines[-1].strip()}" if lines else said
