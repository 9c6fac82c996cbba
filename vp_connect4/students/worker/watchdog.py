"""A worker process's guard, shared by the students' worker and the scene's AI worker: Ctrl-C is the parent's, and
the worker ends, even in the middle of a job (a student's endless loop, a deep search), once its parent is gone."""

from __future__ import annotations

import os
import signal
import threading
import time

WATCH_INTERVAL = 0.25  # seconds between the watchdog's looks at the parent process


def guard_worker(parent_pid: int, interval: float = WATCH_INTERVAL) -> None:
    """In a worker process: ignore SIGINT (the parent handles Ctrl-C and closes the worker) and start a daemon thread
    that calls ``os._exit`` once ``parent_pid`` is no longer this process's parent (on POSIX; Windows does not change
    a process's parent id)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    threading.Thread(target=_watch_parent, args=(parent_pid, interval), name="watch-parent", daemon=True).start()


def _watch_parent(parent_pid: int, interval: float) -> None:
    while os.getppid() == parent_pid:
        time.sleep(interval)
    os._exit(1)
