"""The sandbox every student's worker process runs in (``check``, ``tourney``, the terminal and the 3D game alike).

A student's file is untrusted code. Its worker (:mod:`..worker.serve`) is started by :class:`Jail`:

- with bubblewrap (:mod:`.bubblewrap`), where it works: read-only files but a fresh working folder, only the
  student's own file of the teacher's, no network, a process tree of its own that dies with the worker and with
  us, no environment of ours; the worker caps itself (:mod:`.limits`) before the file is imported: memory
  (:mod:`.settings`, 1 GiB unless ``--memory-limit`` says otherwise), file size, tasks (a root's tasks through a
  pids cgroup instead: :mod:`.cgroup`);
- without it (not Linux, no user namespaces, ``VP_CONNECT4_BWRAP=off``): the same limits, a fresh working folder
  and a clean environment, but the file can read and write what the user can and reach the network.

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
from .cgroup import PidsGroup
from .settings import MEMORY_ENV, memory_limit, parse_memory, set_memory_limit, shown_size

KILL_ROUNDS = 50
REQUIRED_ENV = "VP_CONNECT4_SANDBOX_REQUIRED"  # set (not empty): no player file runs without the sandbox

__all__ = [
    "MEMORY_ENV", "REQUIRED_ENV", "Jail", "Protections", "announce", "keep_apart", "look_again", "parse_memory",
    "protections", "required", "set_memory_limit",
]


@dataclass(frozen=True)
class Protections:
    """What the sandbox holds here: ``tool`` the bwrap used ('' for none, ``why_not`` says why)."""

    tool: str
    why_not: str
    processes_capped: bool
    memory: int

    @property
    def isolated(self) -> bool:
        return bool(self.tool)

    def sentence(self) -> str:
        """The one line that says which protections are on and which are off."""
        memory = shown_size(self.memory)
        if self.isolated:
            return wording.sandbox_on(memory, settings.PROCESSES if self.processes_capped else None)
        if self.why_not in (bubblewrap.NOT_LINUX, bubblewrap.MISSING):
            why_not = wording.sandbox_missing(self.why_not)
        else:
            why_not = wording.sandbox_fails(self.why_not)
        return wording.sandbox_off(why_not, memory, settings.PROCESSES if self.processes_capped else None)


@functools.lru_cache(maxsize=1)
def _tool_here() -> tuple[bubblewrap.Bubblewrap | None, str, bool]:
    tool, why_not = bubblewrap.find()
    group = PidsGroup.make(settings.PROCESSES)
    if group is not None:
        group.remove()
    capped = group is not None or (tool is not None and os.name == "posix" and os.geteuid() != 0)
    return tool, why_not, capped


def look_again() -> None:
    """Forget the tool found (after ``VP_CONNECT4_BWRAP`` changed): the next worker looks for it again."""
    bubblewrap.find.cache_clear()
    _tool_here.cache_clear()


def required() -> bool:
    """Whether a player file may only run in the sandbox (:data:`REQUIRED_ENV`): a course's server, our tests."""
    return bool(os.environ.get(REQUIRED_ENV))


def protections() -> Protections:
    tool, why_not, capped = _tool_here()
    return Protections(tool.path if tool else "", why_not, capped, memory_limit())


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
        self.group = PidsGroup.make(settings.PROCESSES)
        needs_folder = tool is None or not tool.sized
        self.workdir = Path(tempfile.mkdtemp(prefix="vp_connect4-player-")) if needs_folder else None

    @property
    def caps_tasks_itself(self) -> bool:
        """Whether the worker caps its own tasks (inside bwrap's user namespace, for a user who is not root)."""
        return self.tool is not None and self.group is None and os.name == "posix" and os.geteuid() != 0

    def command(self, inner: list[str]) -> list[str]:
        command = inner
        if self.tool is not None:
            command = self.tool.command(inner, shown_files(self.student_file), self.workdir)
        return self.group.joining(command) if self.group is not None else command

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

    def kill(self) -> None:
        """Kill every task of the worker's group (where it has one): a child that left its session too."""
        if self.group is None:
            return
        for _ in range(KILL_ROUNDS):  # a task that forks while it is killed leaves a new one behind
            try:
                pids = (self.group.path / "cgroup.procs").read_text().split()
            except OSError:
                return
            if not pids:
                return
            for pid in pids:
                with contextlib.suppress(OSError, ValueError):
                    os.kill(int(pid), signal.SIGKILL)

    def close(self) -> None:
        self.kill()
        if self.group is not None:
            self.group.remove()
        if self.workdir is not None:
            shutil.rmtree(self.workdir, ignore_errors=True)
