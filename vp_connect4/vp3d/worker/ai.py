"""The AI off the render loop: jobs run in one worker process, answers come back as futures.

The worker is a fresh Python process (``subprocess``, never ``fork``: forking a process that runs
VPython's server threads is unsafe), isolated (``-I``), with the scene's import path. A job is a picklable callable
(``jobs.AiRequest``'s methods; none of them imports VPython) and its arguments, pickled
and sent to the worker's stdin, one job at a time; the answer (the value, or the exception the job
raised) comes back on its stdout, where a thread of the scene completes the job's future (what a
job prints goes to stderr). Only ``subprocess`` and ``pickle`` are used: no ``multiprocessing``,
so no resource tracker process either.

How the worker ends:

- ``close()``: the scene closes the worker's stdin, terminates the worker and waits for it (kills it
  if it is still there after :data:`STOP_WAIT` seconds).
- ``discard`` of a job that is running: the same, and a fresh worker takes over (a deep search
  cannot be interrupted any other way).
- The scene's process dies in any way, SIGKILL included: an idle worker reads end-of-file on its
  stdin and returns; a busy one is ended by its watchdog thread, which sees every
  :data:`WATCH_INTERVAL` seconds whether its parent is still its parent (``os.getppid()``) and
  calls ``os._exit`` when it is not (on POSIX; Windows does not change a process's parent id).
- Ctrl-C: the worker ignores SIGINT; the scene's process handles it and closes the runner.
"""

from __future__ import annotations

import contextlib
import os
import pickle
import struct
import subprocess
import sys
import threading
from collections import deque
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any, BinaryIO

from ...students.process import BOOT_PATH, import_path
from ...students.worker.watchdog import guard_worker

STOP_WAIT = 2.0  # seconds for a terminated worker to end before it is killed
WATCH_INTERVAL = 0.25  # seconds between the worker's checks that the scene's process is alive
_HEADER = struct.Struct("!Q")  # each message on a pipe: its length, then a pickle
_BOOT = BOOT_PATH + "from vp_connect4.vp3d.worker.ai import serve; serve(int(sys.argv[1]))"


def _write(pipe: BinaryIO, message: bytes) -> None:
    pipe.write(_HEADER.pack(len(message)) + message)
    pipe.flush()


def _read(pipe: BinaryIO) -> bytes | None:
    """The next message, or ``None`` at end-of-file (the other end is closed: its process ended)."""
    header = pipe.read(_HEADER.size)
    if len(header) < _HEADER.size:
        return None
    (size,) = _HEADER.unpack(header)
    message = pipe.read(size)
    return message if len(message) == size else None


# -- the worker process ----------------------------------------------------------------


def serve(parent_pid: int) -> None:
    """The worker's life (in the worker process): answer each request on stdin until it closes."""
    guard_worker(parent_pid, WATCH_INTERVAL)  # Ctrl-C is the scene's (it closes the runner); ends with the scene
    requests = sys.stdin.buffer
    with open(os.dup(sys.stdout.fileno()), "wb") as answers:
        os.dup2(sys.stderr.fileno(), sys.stdout.fileno())  # a job's prints go to stderr, not into the answers
        from ...engine.exact import solver

        solver.warm_up()  # the compiled solver loaded (or compiled, once after an install) before the first job
        while (request := _read(requests)) is not None:
            try:
                fn, args = pickle.loads(request)
                answer = (True, fn(*args))
            except Exception as error:
                answer = (False, error)
            try:
                message = pickle.dumps(answer)
            except Exception as error:
                message = pickle.dumps((False, RuntimeError(f"the answer cannot be sent back: {error!r}")))
            try:
                _write(answers, message)
            except OSError:  # the scene's end is closed
                return


# -- the scene's side ------------------------------------------------------------------


class _Worker:
    """A worker process: its stdin is written by the runner (under its lock), its stdout read by ``reader``."""

    def __init__(self) -> None:
        # isolated (-I): the scene's modules, the same vp_connect4, and no module of the current folder
        command = [sys.executable, "-I", "-c", _BOOT, str(os.getpid()), os.pathsep.join(import_path())]
        self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.requests: BinaryIO = self.process.stdin  # type: ignore[assignment]
        self.answers: BinaryIO = self.process.stdout  # type: ignore[assignment]
        self.job: Future[Any] | None = None  # sent, not answered yet
        self.reader: threading.Thread | None = None

    def stop(self) -> None:
        with contextlib.suppress(OSError):  # a broken pipe: the worker has ended already
            self.requests.close()
        self.process.terminate()
        try:
            self.process.wait(STOP_WAIT)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


class ProcessAiRunner:
    """One worker process; a discarded job that is still running is ended by replacing the worker.

    Jobs run one at a time, in order. Futures stay pending until their answer arrives, so ``discard``
    can always cancel them. A job that cannot be pickled, raises, or whose worker dies fails: the
    exception is the future's.
    """

    def __init__(self) -> None:
        self._lock = threading.RLock()  # reentrant: futures complete under it, and their callbacks may call us
        self._worker: _Worker | None = None
        self._waiting: deque[tuple[Future[Any], bytes]] = deque()
        self._closed = False

    @property
    def pid(self) -> int | None:
        """The worker's process id (``None`` while there is no worker)."""
        worker = self._worker
        return None if worker is None else worker.process.pid

    def start(self) -> None:
        """Start the worker now, so the first AI move does not wait for Python to start."""
        with self._lock:
            self._dispatch()

    def submit(self, fn: Callable[..., Any], *args: Any) -> Future[Any]:
        future: Future[Any] = Future()
        try:
            request = pickle.dumps((fn, args))
        except Exception as error:
            future.set_exception(error)
            return future
        with self._lock:
            if self._closed:
                raise RuntimeError("the AI runner is closed")
            self._waiting.append((future, request))
            self._dispatch()
        return future

    def discard(self, future: Future[Any]) -> None:
        with self._lock:
            worker = self._worker
            if future.cancel() and worker is not None and worker.job is future:
                self._worker = None  # running: only the end of its process stops it
                worker.stop()
                self._dispatch()

    def close(self) -> None:
        with self._lock:
            self._closed = True
            worker, self._worker = self._worker, None
            for future, _ in self._waiting:
                future.cancel()
            self._waiting.clear()
            if worker is not None:
                if worker.job is not None:
                    worker.job.cancel()
                worker.stop()
        if worker is not None and worker.reader is not None:
            worker.reader.join(STOP_WAIT)

    def _dispatch(self) -> None:
        """Start a worker if there is none; send the next waiting job if it is idle (lock held)."""
        if self._closed:
            return
        if self._worker is None:
            self._worker = _Worker()
            self._worker.reader = threading.Thread(
                target=self._collect, args=(self._worker,), name="ai-answers", daemon=True
            )
            self._worker.reader.start()
        worker = self._worker
        while worker.job is None and self._waiting:
            future, request = self._waiting.popleft()
            if future.cancelled():
                continue
            worker.job = future
            with contextlib.suppress(OSError):  # the worker has died: its reader fails the job
                _write(worker.requests, request)

    def _collect(self, worker: _Worker) -> None:
        """The reader thread of ``worker``: complete each job's future with its answer."""
        with worker.answers:
            while (message := _read(worker.answers)) is not None:
                try:
                    ok, value = pickle.loads(message)
                except Exception as error:
                    ok, value = False, RuntimeError(f"the answer cannot be read: {error!r}")
                with self._lock:
                    future, worker.job = worker.job, None
                    if future is not None and future.set_running_or_notify_cancel():
                        (future.set_result if ok else future.set_exception)(value)
                    if worker is self._worker:
                        self._dispatch()
        with self._lock:
            if worker is not self._worker:
                return  # stopped by the runner
            self._worker = None  # ended by itself (crashed, killed)
            worker.stop()
            future, worker.job = worker.job, None
            if future is not None and future.set_running_or_notify_cancel():
                code = worker.process.returncode
                future.set_exception(RuntimeError(f"the AI worker process ended (exit code {code})"))
            if self._waiting:
                self._dispatch()
