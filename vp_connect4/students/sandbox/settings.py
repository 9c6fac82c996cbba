"""The sandbox's limits: the memory a student's process may use (an option and an environment variable), and the
fixed caps on its processes and the files it writes.

The memory limit travels in :data:`MEMORY_ENV`, so every process that starts students' workers (the terminal
game, ``check``, ``tourney``, the scene's AI worker) uses the one the command line set.
"""

from __future__ import annotations

import os
import re

from ... import wording
from ...errors import InvalidSettingError

MEMORY_ENV = "VP_CONNECT4_MEMORY_LIMIT"  # bytes, as set by --memory-limit
DEFAULT_MEMORY = 1 << 30  # 1 GiB
LEAST_MEMORY = 64 << 20  # less than this and Python itself cannot start
PROCESSES = 16  # tasks (processes and threads) a student's sandbox may hold, our worker's two among them
FILE_SIZE = 16 << 20  # bytes: the largest file a student's process may write
WORKDIR_SIZE = 64 << 20  # bytes: all it may write in its working folder (where the tool can hold it to a size)
_UNITS = {"": 1 << 20, "k": 1 << 10, "m": 1 << 20, "g": 1 << 30}  # a number alone is MiB
_SIZE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*([kmg]?)i?b?\s*$", re.IGNORECASE)


def parse_memory(text: str) -> int:
    """``512M``, ``1G``, ``1.5GiB``, ``800`` (MiB) as bytes; InvalidSettingError (a ValueError) if it is none of those
    or less than 64 MiB."""
    match = _SIZE.match(text)
    size = int(float(match.group(1)) * _UNITS[match.group(2).lower()]) if match else 0
    if size < LEAST_MEMORY:
        raise InvalidSettingError(wording.phrase(wording.bad_memory_limit, text))
    return size


def memory_limit() -> int:
    """The memory limit of a student's process: :data:`MEMORY_ENV` if it holds a good one, else 1 GiB."""
    text = os.environ.get(MEMORY_ENV, "")
    return int(text) if text.isascii() and text.isdigit() and int(text) >= LEAST_MEMORY else DEFAULT_MEMORY


def set_memory_limit(size: int) -> None:
    """Use ``size`` bytes from now on, in this process and the processes it starts."""
    os.environ[MEMORY_ENV] = str(size)


def shown_size(size: int) -> str:
    """``1 GiB``, ``512 MiB``."""
    if size % (1 << 30) == 0:
        return f"{size >> 30} GiB"
    return f"{round(size / (1 << 20))} MiB"
