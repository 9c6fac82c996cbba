"""Tasks run on a few threads at once, results as they come: the check's positions, the tournament's games.

The threads only wait: the work itself is done by students' worker processes (one or two a task), so as many
threads as cores keep every core busy. The threads are daemons: a program that stops early (Ctrl-C, the
check's first difference) does not wait for them; whoever started the workers kills them.
"""

from __future__ import annotations

import os
import queue
import threading
from collections.abc import Callable, Iterator, Sequence
from typing import TypeVar

Task = TypeVar("Task")
Result = TypeVar("Result")


def cores() -> int:
    """The cores this process may use (at least 1)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def run_all(tasks: Sequence[Task], work: Callable[[Task], Result], workers: int) -> Iterator[tuple[int, Result]]:
    """``(index, work(tasks[index]))`` for every task, in the order they finish, ``workers`` at a time.

    Tasks are started in their order. ``work`` must not raise (it returns what went wrong). Closing the
    iterator early (``break``) starts no further task; the ones running finish on their own. Should ``work``
    raise all the same, the error is raised here, in the caller's thread.
    """
    waiting: queue.Queue[int] = queue.Queue()
    for index in range(len(tasks)):
        waiting.put(index)
    finished: queue.Queue[tuple[int, Result | _Raised]] = queue.Queue()
    stop = threading.Event()

    def worker() -> None:
        while not stop.is_set():
            try:
                index = waiting.get_nowait()
            except queue.Empty:
                return
            try:
                finished.put((index, work(tasks[index])))
            except BaseException as error:
                finished.put((index, _Raised(error)))

    for number in range(max(1, min(workers, len(tasks)))):
        threading.Thread(target=worker, name=f"students-{number}", daemon=True).start()
    try:
        for _ in range(len(tasks)):
            index, result = finished.get()
            if isinstance(result, _Raised):
                raise result.error
            yield index, result
    finally:
        stop.set()


class _Raised:
    def __init__(self, error: BaseException) -> None:
        self.error = error


def in_order(results: Iterator[tuple[int, Result]]) -> Iterator[Result]:
    """The results of :func:`run_all` in the tasks' order (each as soon as all before it are in)."""
    early: dict[int, Result] = {}
    next_index = 0
    try:
        for index, result in results:
            early[index] = result
            while next_index in early:
                yield early.pop(next_index)
                next_index += 1
    finally:
        close = getattr(results, "close", None)
        if close is not None:
            close()  # no further task starts
