"""What can go wrong with a student's player, as a :class:`StudentError` whose message is ready to show.

The message names the file and the call (``Player('X', 'LEFT', 2).next_move(b)``), says what happened in
words (in the language of the moment it is shown), and, when the student's code raised, ends with the
student's own traceback lines (their files' frames only: never ours, never the standard library's). What the
worker reported is made visible before it gets here (``answers``: its control characters written as ``\\x1b``), and
so is a file's name (``files.PlayerFile``).
"""

from __future__ import annotations

import re

from .. import wording
from ..errors import Connect4Error
from ..wording import Phrase
from .worker import lookahead
from .worker.kinds import BAD_ANSWER, HANZE, LOOK_AHEAD, NO_CLASS, NO_METHOD, NOT_LOADED, OURS, RAISED
from .worker.visible import visible

__all__ = [
    "BAD_ANSWER",
    "ENDED",
    "FORGED",
    "ILLEGAL_MOVE",
    "NOT_LOADED",
    "NO_CLASS",
    "NO_METHOD",
    "RAISED",
    "TIMED_OUT",
    "StudentError",
]

# what happened (StudentError.kind): what the worker says (.worker.kinds), and what our side finds
TIMED_OUT = "timed out"
ENDED = "ended"  # its process ended (sys.exit in a thread, os._exit, a crash of Python itself)
FORGED = "forged"  # its process sent what is not an answer (the student's code wrote into the answers' pipe)
ILLEGAL_MOVE = "illegal move"
USES_OURS = f"ModuleNotFoundError: No module named '{OURS}"  # a traceback's last line: it imported this project
FRAME = re.compile(r'\s*File "(?P<file>.+)", line (?P<number>\d+)(, in .*)?$')  # a traceback's frame
MARKERS = set("^~ ")  # the characters of the line under a frame's code that points at its part (Python 3.11)


class StudentError(Connect4Error):
    """A student's player failed; ``str(error)`` says how, with the student's traceback lines (``lines``) below.

    ``kind``: what happened (``TIMED_OUT``, ``RAISED``...). It pickles (a scene's worker process can send it back).
    """

    def __init__(self, message: Phrase | str, kind: str = RAISED, lines: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.kind = kind
        self.lines = tuple(lines)

    def __reduce__(self) -> tuple[object, ...]:
        return (type(self), (self.args[0], self.kind, self.lines))

    @property
    def summary(self) -> str:
        """The message without the traceback lines: one sentence (a tournament's table, a log line)."""
        return super().__str__()

    def __str__(self) -> str:
        return "\n".join([self.summary, *self.lines])

    @property
    def never_counts_down(self) -> bool:
        """The worker stopped a recursion whose look-ahead is never counted down (the last line says so)."""
        return bool(self.lines) and self.lines[-1].startswith(f"{lookahead.NAME}: ")

    def short_lines(self) -> list[str]:
        """The message in a line or three, for a status line: the sentence, the line of the student's file that
        raised (its last frame: the file, the line's number and its code; no markers under it) and the error's
        last line (Python's ``ZeroDivisionError: division by zero``; not where the sentence says it already)."""
        said = [self.summary]
        frames = [index for index, line in enumerate(self.lines) if FRAME.match(line)]
        if frames:
            index = frames[-1]
            found = FRAME.match(self.lines[index])
            assert found is not None
            after = self.lines[index + 1] if index + 1 < len(self.lines) else ""
            code = after.strip() if after.startswith("    ") and not set(after) <= MARKERS else ""
            said.append(wording.student_raised_at(found["file"], int(found["number"]), code).rstrip(": "))
        if self.lines and not self.never_counts_down and not self.lines[-1].startswith(" "):
            said.append(self.lines[-1])
        return said


def call_text(class_name: str, ox: str, tiebreak: str, ply: int, method: str, arguments: str = "b") -> str:
    """The call as the student would type it: ``Player('X', 'LEFT', 2).scores_for(b)``, ``...opp_ch()``."""
    return f"{class_name}({ox!r}, {tiebreak!r}, {ply}).{method}({arguments})"


def from_worker(status: str, detail: object, shown: str, call: str, flavour: str = HANZE) -> StudentError:
    """The error the worker process reported (``status``, ``detail``: see ``worker.serve``) for file ``shown`` (its
    ``flavour``: the look-ahead is said in its seed's name, ``ply`` or ``lookahead``)."""
    if status in (RAISED, NOT_LOADED):
        lines = tuple(str(line) for line in detail)  # type: ignore[attr-defined]
        if lines and lines[-1].startswith(USES_OURS):  # the sandbox has no vp_connect4: the file wanted ours
            return StudentError(wording.phrase(wording.student_uses_ours, shown, OURS), status, lines)
        if lines and lines[-1].startswith(f"{lookahead.NAME}: "):  # the worker caught a recursion without end
            method = lines[-1].split(": ", 1)[1].split(" ", 1)[0]
            ply = LOOK_AHEAD.get(flavour, LOOK_AHEAD[HANZE])
            said = wording.phrase(wording.student_never_counts_down, shown, call, method, ply)
            return StudentError(said, RAISED, lines)
        if status == RAISED:
            return StudentError(wording.phrase(wording.student_raised, shown, call), RAISED, lines)
        return StudentError(wording.phrase(wording.student_not_loaded, shown), NOT_LOADED, lines)
    if status == NO_CLASS:
        looked_for, found = detail  # type: ignore[misc]
        return StudentError(wording.phrase(wording.student_no_class, shown, tuple(looked_for), tuple(found)), NO_CLASS)
    if status == NO_METHOD:
        class_name, method = detail  # type: ignore[misc]
        return StudentError(wording.phrase(wording.student_no_method, shown, class_name, method), NO_METHOD)
    if status == BAD_ANSWER:
        value, expected, width = detail  # type: ignore[misc]
        if expected == "score":
            return StudentError(wording.phrase(wording.student_not_a_number, shown, call, str(value)), BAD_ANSWER)
        say = wording.student_not_a_column if expected == "column" else wording.student_not_scores
        return StudentError(wording.phrase(say, shown, call, str(value), width), BAD_ANSWER)
    return StudentError(wording.phrase(wording.student_process_ended, shown, call, visible(str(detail))), ENDED)


def timed_out(shown: str, call: str, seconds: float) -> StudentError:
    return StudentError(wording.phrase(wording.student_timed_out, shown, call, seconds), TIMED_OUT)


def process_ended(shown: str, call: str, code: int | None) -> StudentError:
    return StudentError(wording.phrase(wording.student_process_ended, shown, call, str(code)), ENDED)


def illegal_move(shown: str, call: str, col: int, reason: object) -> StudentError:
    return StudentError(wording.phrase(wording.student_illegal_move, shown, call, col, reason), ILLEGAL_MOVE)


def forged(shown: str, call: str, reason: str) -> StudentError:
    return StudentError(wording.phrase(wording.student_forged, shown, call, visible(reason)), FORGED)


def no_sandbox(shown: str, protections: str) -> StudentError:
    return StudentError(wording.phrase(wording.student_no_sandbox, shown, protections), NOT_LOADED)


def linked(shown: str) -> StudentError:
    return StudentError(wording.phrase(wording.student_linked, shown), NOT_LOADED)
