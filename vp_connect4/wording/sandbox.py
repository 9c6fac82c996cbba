"""Sentences about the sandbox a student's file runs in: which protections hold, a memory limit as typed, an
answer that was forged."""

from __future__ import annotations

from .language import N_, _, choice, sentence

__all__ = [
    "bad_memory_limit", "help_memory_limit", "sandbox_fails", "sandbox_missing", "sandbox_off", "sandbox_on",
    "student_forged", "student_no_sandbox",
]


bad_memory_limit = sentence(
    N_(
        "{text} is not a memory limit: give a size of 64 MiB or more, such as 512M, 1G or 2GiB (a number alone is "
        "MiB)."
    ),
    "text",
)


help_memory_limit = sentence(
    N_("memory a player file's process may use, such as 512M or 2G (default {default})"), "default"
)


def sandbox_on(memory: str, processes: int | None) -> str:
    """The one line when bubblewrap holds a student's file."""
    cap = _("at most {processes} tasks").format(processes=processes) if processes else _("tasks not capped")
    return _(
        "Player files run in a sandbox (bubblewrap): read-only files but a working folder of their own, no network, "
        "a process tree of their own ({cap}), memory {memory} a process, none of your environment."
    ).format(cap=cap, memory=memory)


def sandbox_off(why_not: str, memory: str, processes: int | None) -> str:
    """The one line when the isolation tool is missing: what still holds, and what does not."""
    cap = _(", at most {processes} tasks").format(processes=processes) if processes else ""
    return _(
        "Player files run without a sandbox ({why_not}): only memory {memory} a process{cap}, a working folder and "
        "a clean environment hold; a file can read and write your files, reach the network and start processes."
    ).format(why_not=why_not, memory=memory, cap=cap)


student_forged = sentence(
    N_("{file}: the process running {call} sent something that is not an answer ({reason}), so it was stopped."),
    "file, call, reason",
)


sandbox_missing = choice("why", {"not linux": N_("not Linux"), "missing": N_("bubblewrap is not installed")})


sandbox_fails = sentence(N_("bubblewrap does not run here: {detail}"), "detail")


student_no_sandbox = sentence(
    N_("{file} was not run: there is no sandbox here, and VP_CONNECT4_SANDBOX_REQUIRED asks for one. {protections}"),
    "file, protections",
)
