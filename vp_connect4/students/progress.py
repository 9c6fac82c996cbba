"""A progress bar on stderr: redrawn in place on a terminal; elsewhere (a log, a pipe) a line at every tenth."""

from __future__ import annotations

import sys
from typing import TextIO

from .. import wording

WIDTH = 30  # characters of the bar
STEPS = 10  # lines written in all when stderr is not a terminal


class ProgressBar:
    """``bar(done, total)`` after each step; ``finish()`` at the end (or when stopped early)."""

    def __init__(self, what: str, stream: TextIO | None = None) -> None:
        self.what = what  # "games" or "positions": the word after the numbers (see wording.progress)
        self.stream = stream if stream is not None else sys.stderr
        self.tty = _is_tty(self.stream)
        self.shown = 0  # the tenths written (not on a terminal)
        self.drawn = False

    def __call__(self, done: int, total: int) -> None:
        counted = wording.progress(self.what, done, total)
        if self.tty:
            filled = WIDTH * done // max(total, 1)
            self.stream.write(f"\r[{'#' * filled}{'.' * (WIDTH - filled)}] {counted} ")
            self.drawn = True
        elif done * STEPS // max(total, 1) > self.shown or done == total:
            self.shown = done * STEPS // max(total, 1)
            self.stream.write(counted + "\n")
        self.stream.flush()

    def finish(self) -> None:
        """End the bar's line (on a terminal), so what follows starts on a line of its own."""
        if self.drawn:
            self.stream.write("\n")
            self.stream.flush()
            self.drawn = False


def _is_tty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False
