"""A root's sandbox as a control group: its limits hold for the whole sandbox, not for each of its processes.

Run as root (a Gradescope or Docker container, a lab's server), each worker gets a cgroup of its own, in each
hierarchy of cgroup v1 that has the controller (``pids``, ``memory``, ``cpu``), or one cgroup v2 group where ours
lets its children have them. In it:

- ``pids``: at most :data:`~.settings.PROCESSES` tasks (the kernel does not apply ``RLIMIT_NPROC`` to root's);
- ``memory``: the memory limit, for all its processes together (and no swap where that can be said);
- ``cpu``: one core at most while it is asked something, and only the CPU nobody else wants while it is not
  (:meth:`SandboxGroup.rest`: ``cpu.idle``, else the least share), so a file that keeps its processes busy
  while the other side thinks cannot make that side lose on time.

The worker joins the group before ``bwrap`` starts (:meth:`SandboxGroup.joining`), so everything it starts is in it
and cannot leave it (the sandbox sees no ``/sys``); :meth:`SandboxGroup.remove` deletes it once it is empty (and a
later program the empty groups of one that was killed outright). Where a controller cannot be had (no such
hierarchy, not writable, not root), that limit is the process's own (``limits``), and :attr:`SandboxGroup.held` says
which hold.
"""

from __future__ import annotations

import contextlib
import os
import time
import uuid
from pathlib import Path

ROOT = Path("/sys/fs/cgroup")
EMPTY_WAIT = 2.0  # seconds for a killed worker's processes to leave the group before it is removed
PREFIX = "vp_connect4-"
STALE = 60.0  # seconds: an empty group this old was left by a program killed outright (SIGKILL)
PIDS, MEMORY, CPU = "pids", "memory", "cpu"
CONTROLLERS = (PIDS, MEMORY, CPU)
PERIOD = 100_000  # microseconds: the CPU's accounting period (one core: this much in each)
LEAST_SHARE = "2"  # cgroup v1's least cpu.shares (1024 is the default), where there is no cpu.idle


class SandboxGroup:
    """One worker's cgroups: ``paths`` maps each controller held to its group's folder (one folder for v2)."""

    def __init__(self, paths: dict[str, Path]) -> None:
        self.paths = paths

    @property
    def held(self) -> frozenset[str]:
        """The controllers whose limits hold for the whole sandbox."""
        return frozenset(self.paths)

    @classmethod
    def make(cls, processes: int, memory: int) -> SandboxGroup | None:
        """A new group below ours with the limits it can hold; None where it can hold none."""
        if os.name != "posix" or os.geteuid() != 0:
            return None
        name = f"{PREFIX}{uuid.uuid4().hex[:12]}"
        paths: dict[str, Path] = {}
        made: set[Path] = set()
        for controller, parent in _parents().items():
            path = parent / name
            if path not in made:  # cgroup v2: one folder for every controller
                _remove_stale(parent)
                try:
                    path.mkdir()
                except OSError:
                    continue
                made.add(path)
            if _limit(path, controller, processes, memory):
                paths[controller] = path
        for path in made - set(paths.values()):
            with contextlib.suppress(OSError):
                path.rmdir()
        return cls(paths) if paths else None

    def joining(self, command: list[str]) -> list[str]:
        """``command``, run by a shell that first moves itself into the group (the tasks it starts stay in it)."""
        procs = sorted({str(path / "cgroup.procs") for path in self.paths.values()})
        script = 'for group in "$@"; do [ "$group" = -- ] && break; echo $$ > "$group" || exit 125; shift; done; '
        return ["/bin/sh", "-c", script + 'shift; exec "$@"', "sh", *procs, "--", *command]

    def tasks(self) -> list[int]:
        """The processes in the group now."""
        for path in self.paths.values():
            with contextlib.suppress(OSError, ValueError):
                return [int(pid) for pid in (path / "cgroup.procs").read_text().split()]
        return []

    def rest(self, resting: bool) -> None:
        """Give the sandbox only the CPU nobody else wants (``resting``), or up to one core (it is asked)."""
        path = self.paths.get(CPU)
        if path is None:
            return
        if (path / "cpu.idle").exists():
            _write(path / "cpu.idle", "1" if resting else "0")
        elif (path / "cpu.weight").exists():
            _write(path / "cpu.weight", "1" if resting else "100")
        else:
            _write(path / "cpu.shares", LEAST_SHARE if resting else "1024")

    def remove(self) -> None:
        """Delete the groups once their tasks are gone (they are being killed); left behind if they will not go."""
        deadline = time.monotonic() + EMPTY_WAIT
        for path in set(self.paths.values()):
            while True:
                try:
                    path.rmdir()
                    break
                except FileNotFoundError:
                    break
                except OSError:
                    if time.monotonic() > deadline:
                        break
                    time.sleep(0.01)


def _limit(path: Path, controller: str, processes: int, memory: int) -> bool:
    """Set ``controller``'s limit in the new group ``path``: whether it holds."""
    if controller == PIDS:
        return _write(path / "pids.max", str(processes))
    if controller == MEMORY:
        if (path / "memory.max").exists():  # v2
            _write(path / "memory.swap.max", "0")
            return _write(path / "memory.max", str(memory))
        held = _write(path / "memory.limit_in_bytes", str(memory))
        if (path / "memory.memsw.limit_in_bytes").exists():
            _write(path / "memory.memsw.limit_in_bytes", str(memory))
        return held
    if (path / "cpu.max").exists():  # v2
        return _write(path / "cpu.max", f"{PERIOD} {PERIOD}")
    return _write(path / "cpu.cfs_period_us", str(PERIOD)) and _write(path / "cpu.cfs_quota_us", str(PERIOD))


def _write(path: Path, value: str) -> bool:
    try:
        path.write_text(value)
    except OSError:
        return False
    return True


def _remove_stale(parent: Path) -> None:
    """Remove the empty groups a killed program left behind (old enough that none is just being joined)."""
    now = time.time()
    with contextlib.suppress(OSError):
        for group in parent.glob(PREFIX + "*"):
            with contextlib.suppress(OSError):
                if now - group.stat().st_mtime > STALE:
                    group.rmdir()  # refused while a task is in it


def _parents() -> dict[str, Path]:
    """Where our groups go, per controller: below this process's own v1 cgroup of that controller, or its v2
    cgroup for the controllers that one lets its children have."""
    try:
        lines = Path("/proc/self/cgroup").read_text().splitlines()
    except OSError:
        return {}
    own = {controllers: path for _, controllers, path in (line.split(":", 2) for line in lines if line.count(":") >= 2)}
    parents: dict[str, Path] = {}
    for controllers, path in own.items():
        for controller in controllers.split(","):
            if controller in CONTROLLERS and (ROOT / controller).is_dir():
                folder = _writable(ROOT / controller / path.lstrip("/"))
                if folder is not None:
                    parents[controller] = folder
    if "" in own:
        group = ROOT / own[""].lstrip("/")
        with contextlib.suppress(OSError):
            delegated = (group / "cgroup.subtree_control").read_text().split()
            folder = _writable(group)
            for controller in CONTROLLERS:
                if folder is not None and controller in delegated and controller not in parents:
                    parents[controller] = folder
    return parents


def _writable(path: Path) -> Path | None:
    return path if path.is_dir() and os.access(path, os.W_OK) else None
