"""Player files: a student's file that plays a side, and the page's Player file field.

A part of :class:`.controller.Controller`. A side's player file moves in the AI worker like our AI
(``worker.student_moves``). When it fails (an exception, no answer within the time limit, a column that cannot be
played), the game waits: the status line says so in one short sentence, a box over the rack shows the error in words
with the student's own lines and what to do (``Try again``: :data:`~.intents.Command.RETRY`, the file is loaded
again; or a setting, Undo, another player), and the log says ``error: <the error in English> <its last line>``.
The Player file field (:class:`~.intents.AddPlayerFile`) adds a file to the X and O menus once the worker has loaded
it (``player file: <name>`` in the log); one that does not load is refused (``ignored: ...``), its lines in the box.
A file's name, like everything of its own (its error, its lines), is shown made visible (``students.worker.visible``).
"""

from __future__ import annotations

from concurrent.futures import Future
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ... import wording
from ...students import StudentError
from ...students.files import PlayerFile, names_player_file
from ...students.worker.visible import visible
from ..texts import log_lines
from ..worker.jobs import AiRequest
from ..worker.student_moves import PlayerFileCheck
from . import intents
from .context import Context


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


class PlayerFiles:
    """Owns the player files the X and O menus offer besides human and AI, a failure (the box over the rack) and the
    Player file field's file while the worker loads it."""

    def __init__(self, ctx: Context, files: list[str]) -> None:
        self.ctx = ctx
        self.files = list(dict.fromkeys(files))  # what the X and O menus offer besides human and AI
        self.failure: Failure | None = None  # a player file failed (the box over the rack)
        self._shown: tuple[str, list[str], str, bool] | None = None
        self._checking: tuple[str, Future[Any]] | None = None  # the Player file field's file, while the worker loads it

    def failed(self, request: AiRequest, error: BaseException) -> None:
        """``request``'s player file failed to move: the game waits (see the module docstring)."""
        ctx = self.ctx
        source = request.seat.source or ""
        ctx.error = wording.phrase(wording.player_file_failed, request.ox, Path(PlayerFile.parse(source).shown).name)
        self.failure = Failure(request.ox, error, ctx.generation)
        ctx.log(log_lines.Line.ERROR(_in_english(error)))

    def on_retry(self, intent: intents.Command) -> None:
        """Try again: the failed player file is asked for its move again (its file loaded again)."""
        if self.failed_move():
            self.ctx.error = None  # the next tick asks again
            self.failure = None

    def on_add_player_file(self, intent: intents.AddPlayerFile) -> None:
        """Check the named file (it exists, it is a .py file) and have the worker load it; see ``collect``."""
        ctx = self.ctx
        text = intent.text.strip()
        if not text:
            return
        if not names_player_file(text):
            ctx.refuse(wording.phrase(wording.player_file_not_a_file, text))
            return
        source = PlayerFile.parse(text)
        if not source.path.is_file():
            ctx.refuse(wording.phrase(wording.student_no_file, source.shown))
            return
        # the file goes by the text as typed (``path.py`` or ``path.py:ClassName``), which loads it: source.name is
        # made visible, and may be no file's name; the text is shown only made visible (the log, the menus)
        if text in self.files:  # there already (VPython's field also asks when it loses the focus)
            ctx.view.clear_player_file_field()
            return
        if self._checking is not None and self._checking[0] == text:
            return
        if self.failure is not None and self.failure.ox is None:
            self.failure = None
        check = PlayerFileCheck(text, ctx.move_time)
        self._checking = (text, ctx.jobs.loader.submit(check.load))  # not the AI's worker: it moves meanwhile

    def collect(self) -> None:
        """The worker's answer about a file named in the Player file field: it joins the menus, or is refused."""
        ctx = self.ctx
        if self._checking is None or not self._checking[1].done():
            return
        (name, future), self._checking = self._checking, None
        if future.cancelled():
            return
        error = future.exception()
        if error is not None:
            ctx.log(log_lines.Line.IGNORED(_in_english(error)))
            ctx.view.cue(wording.capitalised(error.summary if isinstance(error, StudentError) else str(error)))
            self.failure = Failure(None, error, ctx.generation)
            return
        if name not in self.files:
            self.files.append(name)
            ctx.view.show_player_files(list(self.files))
        ctx.log(log_lines.Line.PLAYER_FILE(visible(name)))
        ctx.view.clear_player_file_field()

    def failed_move(self) -> bool:
        """A side's player file failed and the game waits for it (Try again, a setting, Undo...)."""
        return self.ctx.error is not None and self.failure is not None and self.failure.ox is not None

    def show_failure(self) -> None:
        """The box over the rack: the failure's lines while it stands, in the language spoken; hidden otherwise."""
        failure, ctx = self.failure, self.ctx
        if failure is not None and (
            (ctx.error is None and failure.ox is not None) or failure.generation != ctx.generation
        ):
            failure = self.failure = None  # the game went on: a setting, Undo, a move...
        shown = ("", [], "", False)
        if failure is not None:
            shown = (failure.heading(), failure.code(), failure.advice(), failure.ox is not None)
        if shown != self._shown:
            self._shown = shown
            ctx.view.show_player_error(*shown)


def _in_english(error: BaseException) -> str:
    """A player file's error for the log: one line, in English (its message, then its last traceback line)."""
    with wording.english():
        said = error.summary if isinstance(error, StudentError) else str(error)
    lines = error.lines if isinstance(error, StudentError) else ()
    return f"{said} {lines[-1].strip()}" if lines else said
