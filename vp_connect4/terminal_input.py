"""One answer typed at the terminal, read in bounded memory: a line from a pipe or a file never fills the memory
(``< /dev/zero``), and a terminal keeps ``input()``'s line editing. The terminal game and CS111's ``connect_four``
read their answers here. And a line written from any thread in one piece (:func:`write_line`): ``print`` writes
its text and its line end apart, and another thread's line could come between them (a log line that scripts
read, cut in two)."""

from __future__ import annotations

import builtins
import sys
import types

LINE_LIMIT = 1024  # characters of an answer read at once: a longer line is no move (asked again)
FLOOD_LIMIT = 64 << 20  # characters without a line end after which the input is taken as ended (< /dev/zero)
SKIP_CHUNK = 64 << 10  # characters of an overlong line skipped at once


class _Prompt:
    """Whether a prompt is on the terminal's last line, its answer not typed yet, and no line said under it yet."""

    open = False


def ask_line(prompt: str) -> str:
    """One answer: :func:`bounded_input`, or ``input`` where it was replaced (a test's, a course's autograder's)."""
    _Prompt.open = True
    try:
        return bounded_input(prompt) if _python_s_own(builtins.input) else builtins.input(prompt)
    finally:
        _Prompt.open = False


def say_under_prompt(text: object) -> None:
    """``text`` printed as a line of its own, in one write (said from another thread, a link's, it is never cut by
    the game's lines), flushed; while a prompt waits for its answer, on the line below the prompt's."""
    below = "\n" if _Prompt.open else ""
    _Prompt.open = False
    write_line(f"{below}{text}")


def write_line(text: object) -> None:
    """``text`` and its line end written to standard output in one write, flushed."""
    sys.stdout.write(f"{text}\n")
    sys.stdout.flush()


def _python_s_own(function: object) -> bool:
    """Whether ``function`` is Python's own ``input``, not one put in its place (maybe before this module was
    imported: a module-level copy of ``builtins.input`` would be the replacement then)."""
    return isinstance(function, types.BuiltinFunctionType) and getattr(function, "__self__", None) is builtins


def bounded_input(prompt: str) -> str:
    """``input(prompt)``, in bounded memory when the answers come from a pipe or a file: a line longer than
    :data:`LINE_LIMIT` is read in pieces and answered with ``""`` (no move: asked again), and a flood of
    :data:`FLOOD_LIMIT` characters without a line end (``< /dev/zero``) ends the input (EOFError). A terminal
    keeps ``input()``'s line editing."""
    stdin = sys.stdin
    if stdin is None or stdin.closed or stdin.isatty():
        return builtins.input(prompt)
    sys.stdout.write(prompt)
    sys.stdout.flush()
    line = stdin.readline(LINE_LIMIT)
    if not line:
        raise EOFError
    if line.endswith("\n") or len(line) < LINE_LIMIT:
        return line.rstrip("\n")
    for _ in range(FLOOD_LIMIT // SKIP_CHUNK):
        more = stdin.readline(SKIP_CHUNK)
        if not more:
            raise EOFError
        if more.endswith("\n"):
            return ""
    raise EOFError
