"""A student's worker process, seen from our side: requests with a time limit, and a fresh process after a hang.

The worker is a new, isolated Python (``subprocess`` and ``python -I``; never ``fork``, never ``multiprocessing``)
started with our import path, in the sandbox (:mod:`.sandbox`: a player file's worker; our own levels run
without it) and a session of its own; it imports the student's file (``worker.serve``). Every answer is
checked (:mod:`.answers`): one that is not an answer to the request is the file's failure, and its worker is
killed. A request waits at most
``time_limit`` seconds (starting the worker and loading the file: :data:`LOAD_TIME_LIMIT`, if that is longer):
then the process (with anything it started) is killed, :class:`StudentError` says so, and the next request
starts a fresh process, which loads the file again. A process that ends by itself
is reported the same way. ``close()`` ends it; so does our process's end (the worker's watchdog).

We read only what we asked for: one message after each request, read by a thread that waits for the request
(whatever the worker writes meanwhile stays in its pipe, which holds 64 KiB: our memory stays bounded). A
worker that wrote before it was asked has sent a message nobody asked for, and is stopped like a forged answer.
Between requests its sandbox gets only the CPU nobody else wants (:meth:`.sandbox.Jail.rest`).
"""

from __future__ import annotations

import contextlib
import json
import os
import queue
import select
import signal
import subprocess
import sys
import threading
from dataclasses import dataclass
from typing import Any, BinaryIO

from . import answers, errors, sandbox
from .errors import StudentError
from .files import PlayerFile, Source
from .worker import protocol
from .worker.kinds import HANZE

DEFAULT_TIME_LIMIT = 30.0  # seconds a student's method may take for one call
MOST_TIME_LIMIT = 24 * 60 * 60  # a move time at most: a day (a longer wait than a clock can count is refused)
MOST_PLY = 7 * 6  # a look-ahead at most: no game on the students' 7x6 board looks further
LOAD_TIME_LIMIT = 30.0  # seconds a worker may take to start and load the file (or the time limit, if longer)
STOP_WAIT = 2.0  # seconds for a worker to end after its pipe closes, before it is killed
BOOT_PATH = "import os, sys; sys.path[:0] = [p for p in sys.argv[2].split(os.pathsep) if p]; "  # then the module
_BOOT_FILE = BOOT_PATH + "from vp_connect4.students.worker.serve import start; start(sys.argv[1])"  # no sandbox
_BOOT_LEVEL = BOOT_PATH + "from vp_connect4.students.levels_worker import start; start(sys.argv[1])"
_BOOT_SANDBOXED = (  # the worker alone, where the sandbox shows it (sandbox.bubblewrap.WORKER_AT): none of the rest
    "import sys; sys.path[:0] = [sys.argv[2]]; from " + sandbox.bubblewrap.WORKER_NAME + ".serve import start; "
    "start(sys.argv[1])"
)
_ENDED = object()  # the reader's mark: the worker's answers ended
UNASKED = "a message it was not asked for"


@dataclass(frozen=True)
class _NotAMessage:
    """The reader's mark: what came on the pipe was no message (``reason``); the worker is not to be trusted."""

    reason: str


@dataclass(frozen=True)
class Loaded:
    """What the worker found: the class's name, its flavour (``hanze`` or ``cs111``) and the methods it has."""

    class_name: str
    flavour: str
    methods: tuple[str, ...]


class StudentProcess:
    """One worker process for one player file (or one of our levels: ``files.BuiltinPlayer``)."""

    def __init__(self, source: Source, time_limit: float = DEFAULT_TIME_LIMIT) -> None:
        if not time_limit > 0:
            raise ValueError(f"time_limit must be more than 0 seconds, got {time_limit!r}")
        self.source = source
        self.time_limit = time_limit
        self.loaded: Loaded | None = None
        self._process: subprocess.Popen[bytes] | None = None
        self._jail: sandbox.Jail | None = None
        self._answers: queue.Queue[Any] = queue.Queue()
        self._wanted = threading.Semaphore(0)  # one release per request: the reader reads one message
        self._killed = False  # kill() was called: no new worker starts

    @property
    def sandboxed(self) -> bool:
        """Whether the worker runs in the sandbox (where nothing of this package but the worker is)."""
        return self._jail is not None and self._jail.tool is not None

    @property
    def pid(self) -> int | None:
        return None if self._process is None else self._process.pid

    def load(self) -> Loaded:
        """Start the worker (if it is not running) and load the file: StudentError if it cannot be loaded."""
        if self._process is None or self.loaded is None:
            self._stop_now()
            if self._killed:
                raise errors.process_ended(self.source.name, "import", None)
            self._start()
            try:
                found = self._ask({"op": "load", "source": self.source.source}, "import", LOAD_TIME_LIMIT)
            except StudentError:
                self._stop_now()  # nothing of the file to call: the next request tries again
                raise
            self.loaded = Loaded(found["class_name"], found["flavour"], tuple(found["methods"]))
        return self.loaded

    def request(self, message: dict[str, Any], call: str) -> Any:
        """Send ``message`` (see ``worker.serve``) and return the answer's value; StudentError names ``call``."""
        self.load()
        return self._ask(message, call)

    def close(self) -> None:
        """End the worker (and whatever it started); a later request starts a new one."""
        process = self._process
        if process is None:
            return
        with contextlib.suppress(OSError):
            process.stdin.close()  # type: ignore[union-attr]
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(STOP_WAIT)
        self._stop_now()

    def kill(self) -> None:
        """End the worker at once, from any thread, for good: a call waiting for it ends, none starts a new one."""
        self._killed = True
        self._stop_now()

    def _start(self) -> None:
        jail = None
        if isinstance(self.source, PlayerFile):
            if self.source.is_link:
                raise errors.linked(self.source.shown)
            if sandbox.required() and not sandbox.protections().isolated:
                raise errors.no_sandbox(self.source.shown, sandbox.protections().sentence())
            sandbox.announce()
            jail = sandbox.Jail(self.source.path)
        config = {
            "parent": 0 if jail is not None and jail.tool is not None else os.getpid(),
            "cwd": os.getcwd(),
            "memory": sandbox.memory_limit(),
            "file_size": sandbox.settings.FILE_SIZE,
            "processes": sandbox.settings.PROCESSES if jail is not None and jail.caps_tasks_itself else None,
            "time_limit": self.time_limit,
        }
        if jail is None:
            boot, path = _BOOT_LEVEL, os.pathsep.join(import_path())
        elif jail.tool is None:
            boot, path = _BOOT_FILE, os.pathsep.join(import_path())
        else:
            boot, path = _BOOT_SANDBOXED, os.path.dirname(sandbox.bubblewrap.WORKER_AT)
        command = [sys.executable, "-I", "-c", boot, json.dumps(config), path]
        posix = os.name == "posix"
        self._jail = jail
        self._process = subprocess.Popen(
            jail.command(command) if jail else command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL, env=jail.env if jail else None, cwd=jail.cwd if jail else None,
            start_new_session=posix, bufsize=0,
        )  # fmt: skip
        self._answers = queue.Queue()
        self._wanted = threading.Semaphore(0)
        reader = threading.Thread(
            target=_read_answers, args=(self._process.stdout, self._answers, self._wanted), name="student-answers",
            daemon=True,
        )  # fmt: skip
        reader.start()

    def _ask(self, message: dict[str, Any], call: str, at_least: float = 0.0) -> Any:
        process = self._process
        shown = getattr(self.source, "shown", None) or self.source.name
        if process is None:  # killed from another thread meanwhile
            raise errors.process_ended(shown, call, None)
        if _unasked(process.stdout):  # type: ignore[arg-type]
            self._stop_now()
            raise errors.forged(shown, call, UNASKED)
        if self._jail is not None:
            self._jail.rest(False)
        with contextlib.suppress(OSError):  # the worker has ended: its answers end too
            protocol.send(process.stdin, message)  # type: ignore[arg-type]
        self._wanted.release()
        try:
            answer = self._answers.get(timeout=max(self.time_limit, at_least))
        except queue.Empty:
            self._stop_now()
            raise errors.timed_out(shown, call, max(self.time_limit, at_least)) from None
        if self._jail is not None:
            self._jail.rest(True)
        if answer is _ENDED:
            code = self._stop_now()
            raise errors.process_ended(shown, call, code)
        try:
            if isinstance(answer, _NotAMessage):
                raise answers.Forged(answer.reason)
            status, detail = answers.checked(answer, message)
        except answers.Forged as forged:
            self._stop_now()
            raise errors.forged(shown, call, str(forged)) from None
        if status == answers.OK:
            return detail
        flavour = self.loaded.flavour if self.loaded is not None else HANZE
        raise errors.from_worker(status, detail, shown, call, flavour)

    def _stop_now(self) -> int | None:
        process, self._process = self._process, None
        jail, self._jail = self._jail, None
        if process is not None:
            _kill(process)
        self._wanted.release()  # a reader waiting for a request finds the pipe closed, and ends
        if jail is not None:
            jail.close()
        return None if process is None else process.returncode

    def __enter__(self) -> StudentProcess:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _read_answers(pipe: BinaryIO, answers: queue.Queue[Any], wanted: threading.Semaphore) -> None:
    with pipe:
        while True:
            wanted.acquire()  # a request was sent: read its answer, and nothing more
            try:
                answers.put(protocol.receive(pipe))
            except (EOFError, OSError):  # ended, or closed
                answers.put(_ENDED)
                return
            except Exception as error:  # anything else is no message (too long, not JSON, nested too deep)
                answers.put(_NotAMessage(str(error)[:200] or type(error).__name__))
                return


def _unasked(pipe: BinaryIO) -> bool:
    """Whether the worker wrote something before it was asked (its pipe's end alone is no message)."""
    if os.name != "posix":
        return False
    try:
        if not select.select([pipe], [], [], 0)[0]:
            return False
        return bool(os.read(pipe.fileno(), 1))
    except (OSError, ValueError):
        return False


def import_path() -> list[str]:
    """Our process's import path for a worker (``python -I`` ignores PYTHONPATH), without the current folder (a
    ``random.py`` there is no module of ours), but for this checkout's folder when the package comes from there."""
    cwd = os.getcwd()
    ours = os.path.dirname(sandbox.bubblewrap.PACKAGE)
    kept = []
    for entry in sys.path:
        path = os.path.abspath(entry) if entry else cwd
        if path != cwd or path == ours:
            kept.append(path)
    return kept


def _kill(process: subprocess.Popen[bytes]) -> None:
    """Kill the worker and whatever it started (its session's processes, on POSIX), and wait for it."""
    if process.poll() is None or os.name == "posix":
        with contextlib.suppress(OSError):
            if os.name == "posix":
                os.killpg(process.pid, signal.SIGKILL)
            else:
                process.kill()
    process.wait()
    with contextlib.suppress(OSError):
        process.stdin.close()  # type: ignore[union-attr]
