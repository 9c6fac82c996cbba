"""The resource limits a student's worker puts on itself before it imports the student's file (in the worker).

Soft and hard limits alike, so the student's code cannot raise them again: its memory (address space), the size
of a file it writes, no core files, and (inside the sandbox's own user namespace, where the count is the
sandbox's alone) its tasks. The CPU time is held per call (:func:`hold_cpu`): a soft limit a few seconds past the
call's time limit, which the processes it starts inherit. Where ``resource`` does not exist (Windows), nothing.
"""

from __future__ import annotations

import contextlib
import math

try:
    import resource
except ImportError:  # not POSIX
    resource = None  # type: ignore[assignment]

CPU_MARGIN = 2  # seconds of CPU past a call's time limit


def hold(memory: int, file_size: int, processes: int | None) -> None:
    """Cap this process (and what it starts) at ``memory`` bytes, files of ``file_size`` bytes, ``processes`` tasks."""
    if resource is None:
        return
    caps = [(resource.RLIMIT_AS, memory), (resource.RLIMIT_FSIZE, file_size), (resource.RLIMIT_CORE, 0)]
    if processes is not None:
        caps.append((resource.RLIMIT_NPROC, processes))
    for which, value in caps:
        _, hard = resource.getrlimit(which)
        value = value if hard == resource.RLIM_INFINITY else min(value, hard)
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(which, (value, value))


def hold_cpu(seconds: float) -> None:
    """Let this process use at most ``seconds`` (and a margin) more CPU time from now (SIGXCPU ends it after)."""
    if resource is None:
        return
    used = resource.getrusage(resource.RUSAGE_SELF)
    spent = used.ru_utime + used.ru_stime
    _, hard = resource.getrlimit(resource.RLIMIT_CPU)
    soft = math.ceil(spent + seconds) + CPU_MARGIN
    if hard != resource.RLIM_INFINITY:
        soft = min(soft, hard)
    with contextlib.suppress(ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_CPU, (soft, hard))
