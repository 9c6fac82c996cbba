"""How ``vp-connect4 tourney`` stops, and what does not stop it.

SIGTERM and SIGHUP stop it as Ctrl-C does (:class:`Stopped`, a KeyboardInterrupt that knows its signal: the
exit code is 128 + the signal's number); a second signal while it stops is ignored. A closed stdout (``| head
-1``) does not stop it: what cannot be written is dropped (:class:`Output`), the games go on to the end and the
results file fills as usual.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
from collections.abc import Callable
from types import FrameType

STOPPING = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name))


class Stopped(KeyboardInterrupt):
    """A signal asked the tournament to stop."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


class Unfinished(Exception):
    """The games cannot go on (the cluster that plays them failed): ``str()`` says why, in one line; the games played
    so far are in the results file, for ``--resume``."""


def exit_code(stop: KeyboardInterrupt) -> int:
    """128 + the signal's number (Ctrl-C: SIGINT's)."""
    return 128 + (stop.signum if isinstance(stop, Stopped) else signal.SIGINT)


def stop_on_signals() -> None:
    """Ctrl-C, SIGTERM and SIGHUP raise :class:`Stopped` in the main thread, the first of them only (the later
    ones are ignored: nothing interrupts the stop)."""
    if threading.current_thread() is not threading.main_thread():
        return
    for signum in STOPPING:
        signal.signal(signum, _stop)


def _stop(signum: int, frame: FrameType | None) -> None:
    for ignored in STOPPING:
        signal.signal(ignored, signal.SIG_IGN)
    raise Stopped(signum)


class Output:
    """``say(text)``: a line on stdout, now; a stdout that cannot be written (a closed pipe) is dropped quietly from
    then on (``lost`` says so)."""

    def __init__(self) -> None:
        self.lost = False

    def __call__(self, text: str = "") -> None:
        if self.lost:
            return
        try:
            print(text, flush=True)
        except (OSError, ValueError):
            self.lost = True
            _quiet(sys.stdout)

    def guarded(self, show: Callable[[int, int], object]) -> Callable[[int, int], None]:
        """The progress bar (on stderr), quiet once stderr cannot be written."""
        failed = False

        def call(done: int, total: int) -> None:
            nonlocal failed
            if not failed:
                try:
                    show(done, total)
                except (OSError, ValueError):
                    failed = True
                    _quiet(sys.stderr)

        return call


def _quiet(stream: object) -> None:
    """What ``stream`` still holds, and all that follows, goes to nowhere (so no later flush raises)."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        os.dup2(os.open(os.devnull, os.O_WRONLY), stream.fileno())  # type: ignore[attr-defined]
