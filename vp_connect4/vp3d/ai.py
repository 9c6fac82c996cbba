"""The AI off the render loop: jobs run in one worker process, answers come back as futures.

The worker is a *spawn* process: forking a process that runs VPython's server
threads is unsafe. Its jobs are ``jobs.AiRequest``'s methods; none of them imports VPython.
"""

from __future__ import annotations

import multiprocessing
import signal
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any


def _ignore_interrupts() -> None:
    """Worker initializer: Ctrl-C is for the scene's process, which shuts the worker down itself."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _warm_up() -> None:
    """A job that does nothing: makes the worker start (and import the engine) before the first move."""


class ProcessAiRunner:
    """One spawn-context worker process; a discarded job still running is ended by replacing the worker."""

    def __init__(self) -> None:
        self._context = multiprocessing.get_context("spawn")
        self._pool: ProcessPoolExecutor | None = None
        self._running: set[Future[Any]] = set()

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(max_workers=1, mp_context=self._context, initializer=_ignore_interrupts)
        return self._pool

    def start(self) -> None:
        """Start the worker now, so the first AI move does not wait for Python to start."""
        self._executor().submit(_warm_up)

    def submit(self, fn: Callable[..., Any], *args: Any) -> Future[Any]:
        future = self._executor().submit(fn, *args)
        self._running.add(future)
        future.add_done_callback(self._running.discard)
        return future

    def discard(self, future: Future[Any]) -> None:
        if future.done() or future.cancel():
            return
        # Running: a deep search could keep the only worker busy for long, so replace the worker.
        self._stop(wait=False)

    def close(self) -> None:
        self._stop(wait=True)

    def _stop(self, wait: bool) -> None:
        pool, self._pool = self._pool, None
        if pool is None:
            return
        processes = list((getattr(pool, "_processes", None) or {}).values())
        pool.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            if process.is_alive():
                process.terminate()
        if wait:
            for process in processes:
                process.join(timeout=5)
                if process.is_alive():
                    process.kill()
        self._running.clear()
