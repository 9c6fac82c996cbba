"""A pids cgroup for a root's sandbox: the cap on a student's processes where ``RLIMIT_NPROC`` does not hold.

The kernel does not apply ``RLIMIT_NPROC`` to processes of the root user (a sandbox started by root maps its user
to root's), so for root each worker gets a cgroup of its own whose ``pids.max`` is the cap: cgroup v1's ``pids``
hierarchy, or cgroup v2's where our cgroup lets its children have the ``pids`` controller. The worker joins it
before ``bwrap`` starts (:meth:`PidsGroup.joining`), so everything it starts is counted; :meth:`remove` deletes
it once it is empty (and a later program the empty groups of one that was killed outright). Where none can be
made (no such hierarchy, not writable), there is no group and the sandbox says that processes are not capped.
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


class PidsGroup:
    """One worker's cgroup: at most ``limit`` tasks."""

    def __init__(self, path: Path) -> None:
        self.path = path

    @classmethod
    def make(cls, limit: int) -> PidsGroup | None:
        """A new group below ours holding at most ``limit`` tasks; None where it cannot be made."""
        if os.name != "posix" or os.geteuid() != 0:
            return None
        parent = _parent()
        if parent is None:
            return None
        _remove_stale(parent)
        path = parent / f"{PREFIX}{uuid.uuid4().hex[:12]}"
        try:
            path.mkdir()
            (path / "pids.max").write_text(str(limit))
        except OSError:
            with contextlib.suppress(OSError):
                path.rmdir()
            return None
        return cls(path)

    def joining(self, command: list[str]) -> list[str]:
        """``command``, run by a shell that first moves itself into the group (the tasks it starts stay in it)."""
        return ["/bin/sh", "-c", 'echo $$ > "$0" && exec "$@"', str(self.path / "cgroup.procs"), *command]

    def remove(self) -> None:
        """Delete the group once its tasks are gone (they are being killed); left behind if they will not go."""
        deadline = time.monotonic() + EMPTY_WAIT
        while True:
            try:
                self.path.rmdir()
                return
            except FileNotFoundError:
                return
            except OSError:
                if time.monotonic() > deadline:
                    return
                time.sleep(0.01)


def _remove_stale(parent: Path) -> None:
    """Remove the empty groups a killed program left behind (old enough that none is just being joined)."""
    now = time.time()
    with contextlib.suppress(OSError):
        for group in parent.glob(PREFIX + "*"):
            with contextlib.suppress(OSError):
                if now - group.stat().st_mtime > STALE:
                    group.rmdir()  # refused while a task is in it


def _parent() -> Path | None:
    """Where our groups go: below this process's own pids cgroup (v1), or its v2 cgroup if that delegates pids."""
    try:
        lines = Path("/proc/self/cgroup").read_text().splitlines()
    except OSError:
        return None
    own = {controllers: path for _, controllers, path in (line.split(":", 2) for line in lines if line.count(":") >= 2)}
    v1 = next((path for controllers, path in own.items() if "pids" in controllers.split(",")), None)
    if v1 is not None and (ROOT / "pids").is_dir():
        return _writable(ROOT / "pids" / v1.lstrip("/"))
    if "" in own:
        group = ROOT / own[""].lstrip("/")
        with contextlib.suppress(OSError):
            if "pids" in (group / "cgroup.subtree_control").read_text().split():
                return _writable(group)
    return None


def _writable(path: Path) -> Path | None:
    return path if path.is_dir() and os.access(path, os.W_OK) else None
