"""Sentences about the sandbox a student's file runs in: which protections hold, a memory limit as typed, an
answer that was forged."""

from __future__ import annotations

from .language import N_, _, choice, sentence

__all__ = [
    "bad_memory_limit", "help_memory_limit", "help_unsafe_no_sandbox", "sandbox_fails", "sandbox_missing",
    "sandbox_off", "sandbox_on", "student_forged", "student_linked", "student_no_sandbox", "student_uses_ours",
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


def sandbox_on(memory: str, processes: int | None, whole_memory: bool = False, cpu: bool = False) -> str:
    """The one line when bubblewrap holds a student's file (``whole_memory``: the memory is the whole sandbox's;
    ``cpu``: at most one core while asked, only spare CPU while not)."""
    cap = _("at most {processes} tasks").format(processes=processes) if processes else _("tasks not capped")
    held = (_("memory {memory} in all") if whole_memory else _("memory {memory} a process")).format(memory=memory)
    if cpu:
        held += _(", one core while it thinks and only spare CPU while the other side does")
    return _(
        "Player files run in a sandbox (bubblewrap) as a user without rights: read-only files but a working folder "
        "of their own, no network, a process tree of their own ({cap}), {held}, none of your environment."
    ).format(cap=cap, held=held)


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


help_unsafe_no_sandbox = sentence(
    N_(
        "run player files even where there is no sandbox (not Linux, no user namespaces), which check, tourney and "
        "a run as root otherwise refuse: a file can then do what you can"
    ),
    "",
)


sandbox_missing = choice("why", {"not linux": N_("not Linux"), "missing": N_("bubblewrap is not installed")})


sandbox_fails = sentence(N_("bubblewrap does not run here: {detail}"), "detail")


student_no_sandbox = sentence(
    N_(
        "{file} was not run: there is no sandbox here, and one is needed to grade, or to run a file as root "
        "(--unsafe-no-sandbox runs it without). {protections}"
    ),
    "file, protections",
)


student_linked = sentence(
    N_("{file} was not run: it is a link to another file, and a player file is read only as itself. Copy the file "
       "there instead of linking it."),
    "file",
)


student_uses_ours = sentence(
    N_(
        "{file} imports {package}, this project, which a player file may not use (its sandbox holds none of it): its "
        "marks are for its own work, not the reference Player's or the solver's. Write the methods yourself (they "
        "are given the seed's Board)."
    ),
    "file, package",
)
