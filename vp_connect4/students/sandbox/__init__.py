"""The sandbox every student's worker process runs in (``check``, ``tourney``, the terminal and the 3D game alike).

A student's file is untrusted code. Its worker (:mod:`..worker.serve`) is started by :class:`Jail`:

- with bubblewrap (:mod:`.bubblewrap`), where it works: read-only files but a fresh working folder, only the
  student's own file of the teacher's, no network, a process tree of its own that dies with the worker and with
  us, no environment of ours; its user is never root outside, even when we are root (:class:`.bubblewrap.Mode`);
  the worker caps itself (:mod:`..worker.limits`) before the file is imported: memory (:mod:`.settings`, 1 GiB unless
  ``--memory-limit`` says otherwise), file size, tasks; as root, a cgroup holds its tasks, memory and CPU for the
  whole sandbox (:mod:`.cgroup`), and the CPU it gets while it is not asked anything (:meth:`Jail.rest`);
- without it (not Linux, no user namespaces, ``VP_CONNECT4_BWRAP=off``): the same limits, a fresh working folder
  and a clean environment, but the file can read and write what the user can and reach the network. So a player
  file is then refused (:func:`required`) when we are root or grade (``check``, ``tourney``), unless the
  person said ``--unsafe-no-sandbox`` (:data:`UNSAFE_ENV`).

:func:`protections` says which, in one line, once per process (:func:`announce`). Python runs isolated (``-I``):
no module of the current folder or of the student's can stand in for one of Python's or ours.
"""

from __future__ import annotations

import contextlib
import functools
import os
import shutil
import signal
import sys
import tempfile
import threading
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from ... import wording
from . import bubblewrap, settings
from .cgroup import CPU, MEMORY, PIDS, SandboxGroup
from .settings import MEMORY_ENV, memory_limit, parse_memory, set_memory_limit, shown_size

KILL_ROUNDS = 50
REQUIRED_ENV = "VP_CONNECT4_SANDBOX_REQUIRED"  # set (not empty): no player file runs without the sandbox
UNSAFE_ENV = "VP_CONNECT4_UNSAFE_NO_SANDBOX"  # set (not empty): a player file may run without it, even as root

__all__ = [
    "MEMORY_ENV",
    "REQUIRED_ENV",
    "UNSAFE_ENV",
    "Jail",
    "Protections",
    "announce",
    "keep_apart",
    "look_again",
    "parse_memory",
    "protections",
    "require",
    "required",
    "set_memory_limit",
]


@dataclass(frozen=True)
class Protections:
    """What the sandbox holds here: ``tool`` the bwrap used ('' for none, ``why_not`` says why); ``whole``: the
    limits that hold for the whole sandbox (:mod:`.cgroup`'s controllers), not per process."""

    tool: str
    why_not: str
    processes_capped: bool
    memory: int
    whole: frozenset[str] = frozenset()

    @property
    def isolated(self) -> bool:
        return bool(self.tool)

    def sentence(self) -> str:
        """The one line that says which protections are on and which are off."""
        memory = shown_size(self.memory)
        if self.isolated:
            processes = settings.PROCESSES if self.processes_capped else None
            return wording.sandbox_on(memory, processes, MEMORY in self.whole, CPU in self.whole)
        if self.why_not in (bubblewrap.NOT_LINUX, bubblewrap.MISSING):
            why_not = wording.sandbox_missing(self.why_not)
        else:
            why_not = wording.sandbox_fails(self.why_not)
        return wording.sandbox_off(why_not, memory, settings.PROCESSES if self.processes_capped else None)


@functools.lru_cache(maxsize=1)
def _tool_here() -> tuple[bubblewrap.Bubblewrap | None, str, frozenset[str]]:
    tool, why_not = bubblewrap.find()
    group = SandboxGroup.make(settings.PROCESSES, memory_limit())
    if group is not None:
        group.remove()
    return tool, why_not, group.held if group is not None else frozenset()


def look_again() -> None:
    """Forget the tool found (after ``VP_CONNECT4_BWRAP`` changed): the next worker looks for it again."""
    bubblewrap.find.cache_clear()
    _tool_here.cache_clear()


def required() -> bool:
    """Whether a player file may only run in the sandbox: we are root, or grade (:func:`require`), or a course's
    server or our tests ask for it (:data:`REQUIRED_ENV`); unless ``--unsafe-no-sandbox`` (:data:`UNSAFE_ENV`)."""
    if os.environ.get(UNSAFE_ENV):
        return False
    return bool(os.environ.get(REQUIRED_ENV)) or (os.name == "posix" and os.geteuid() == 0)


def require(unsafe: bool = False) -> None:
    """From now on (in this process and those it starts), no player file runs without the sandbox; ``unsafe``:
    the person said ``--unsafe-no-sandbox``, so one may, even as root."""
    if unsafe:
        os.environ[UNSAFE_ENV] = "1"
    else:
        os.environ[REQUIRED_ENV] = "1"


def protections() -> Protections:
    tool, why_not, whole = _tool_here()
    userns = tool is not None and tool.mode is bubblewrap.Mode.USERNS and os.name == "posix" and os.geteuid() != 0
    return Protections(tool.path if tool else "", why_not, PIDS in whole or userns, memory_limit(), whole)


_announced = threading.Event()


def announce() -> None:
    """Say (on stderr, once in this process) which protections a student's file runs under, where one is off: the
    whole sandbox, or the cap on its processes (the run goes on with what there is)."""
    if _announced.is_set():
        return
    _announced.set()
    held = protections()
    if not (held.isolated and held.processes_capped):
        with contextlib.suppress(OSError, ValueError):
            print(held.sentence(), file=sys.stderr, flush=True)


_apart: set[Path] = set()  # the entrants of this run: none of them sees another's file


def keep_apart(files: Iterable[Path]) -> None:
    """Hide each of these player files from the others' processes (a tournament's entrants, a game's two sides)."""
    _apart.update(Path(path) for path in files)


def shown_files(student_file: Path | None) -> list[Path]:
    """What a student's process may read of the teacher's: its file and the Python modules beside it (its helpers,
    CS111's ``ps9pr2.py`` beside ``ps9pr3.py``), but not another entrant's file (:func:`keep_apart`), nor
    anything else of that folder (data files, subfolders), nor a link that points elsewhere."""
    if student_file is None:
        return []
    shown = [student_file]
    with contextlib.suppress(OSError):
        for path in sorted(student_file.parent.glob("*.py")):
            if path != student_file and path not in _apart and path.is_file() and not path.is_symlink():
                shown.append(path)
    return shown


class Jail:
    """One worker's sandbox: the command that starts it, its working folder and environment; :meth:`close` clears up."""

    def __init__(self, student_file: Path | None) -> None:
        tool, _, _ = _tool_here()
        self.tool = tool
        self.student_file = student_file
        self.group = SandboxGroup.make(settings.PROCESSES, memory_limit())
        self.dropped = tool is not None and tool.mode is not bubblewrap.Mode.USERNS  # root's: user 65534 outside too
        needs_folder = tool is None or not tool.sized
        self.workdir = Path(tempfile.mkdtemp(prefix="vp_connect4-player-")) if needs_folder else None
        self.copies: Path | None = None  # where files user 65534 may not read are copied for it
        if self.dropped and self.workdir is not None:
            with contextlib.suppress(OSError):
                os.chown(self.workdir, bubblewrap.SANDBOX_USER, bubblewrap.SANDBOX_USER)

    @property
    def caps_tasks_itself(self) -> bool:
        """Whether the worker caps its own tasks (inside bwrap's user namespace, for a user who is not root)."""
        return self.tool is not None and self.group is None and os.name == "posix" and os.geteuid() != 0

    def command(self, inner: list[str]) -> list[str]:
        command = inner
        if self.tool is not None:
            shown = shown_files(self.student_file)
            command = self.tool.command(inner, self._readable(shown) if self.dropped else shown, self.workdir)
        return self.group.joining(command) if self.group is not None else command

    def _readable(self, shown: list[Path]) -> list[Path | tuple[Path, Path]]:
        """The files shown, each that user 65534 may not read (a root's ``0600`` submission) as a readable copy."""
        readable: list[Path | tuple[Path, Path]] = []
        for path in shown:
            try:
                if path.stat().st_mode & 0o004:
                    readable.append(path)
                    continue
                if self.copies is None:
                    self.copies = Path(tempfile.mkdtemp(prefix="vp_connect4-files-"))
                    self.copies.chmod(0o755)
                copy = self.copies / f"{len(readable)}-{path.name}"
                shutil.copyfile(path, copy)
                copy.chmod(0o444)
                readable.append((copy, path))
            except OSError:
                readable.append(path)  # the worker says it cannot be read
        return readable

    @property
    def cwd(self) -> str:
        return str(self.workdir) if self.workdir is not None else "/"

    @property
    def env(self) -> dict[str, str]:
        """The worker's environment, outside bwrap too: nothing of ours but where programs are."""
        env = bubblewrap.environment()
        if self.tool is None and self.workdir is not None:
            env.update(HOME=str(self.workdir), TMPDIR=str(self.workdir), PATH=os.environ.get("PATH", env["PATH"]))
        return env

    def rest(self, resting: bool) -> None:
        """Let the sandbox have only the CPU nobody else wants (``resting``: it is not asked anything), or its core."""
        if self.group is not None:
            self.group.rest(resting)

    def kill(self) -> None:
        """Kill every task of the worker's group (where it has one): a child that left its session too."""
        if self.group is None:
            return
        for _ in range(KILL_ROUNDS):  # a task that forks while it is killed leaves a new one behind
            pids = self.group.tasks()
            if not pids:
                return
            for pid in pids:
                with contextlib.suppress(OSError):
                    os.kill(pid, signal.SIGKILL)

    def close(self) -> None:
        self.kill()
        if self.group is not None:
            self.group.remove()
        for folder in (self.workdir, self.copies):
            if folder is not None:
                shutil.rmtree(folder, ignore_errors=True)
