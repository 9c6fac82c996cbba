"""The messages between our process and a student's worker process: JSON, each after its length (8 bytes).

JSON, not pickle: what comes back from a process that ran a student's code is read as plain data (numbers,
strings, lists), never as objects to rebuild. NaN and infinities pass (Python's ``json`` writes them).
"""

from __future__ import annotations

import json
import struct
from typing import Any, BinaryIO

_HEADER = struct.Struct("!Q")
MOST_BYTES = 16 << 20  # the longest message read (a recorded recursion): a header that announces more is no message


class TooLong(ValueError):
    """A header announced more than :data:`MOST_BYTES` bytes."""


def send(pipe: BinaryIO, message: Any) -> None:
    data = json.dumps(message).encode()
    view = memoryview(_HEADER.pack(len(data)) + data)
    while view:  # an unbuffered pipe may take a part at a time
        written = pipe.write(view)
        view = view[written if written is not None else 0 :]
    pipe.flush()


def receive(pipe: BinaryIO) -> Any:
    """The next message; EOFError at the end of the pipe (the other process has ended or closed it); ValueError
    (:class:`TooLong`, or JSON's) for what is not a message."""
    (size,) = _HEADER.unpack(_exactly(pipe, _HEADER.size))
    if size > MOST_BYTES:
        raise TooLong(f"a message of {size} bytes (at most {MOST_BYTES})")
    return json.loads(_exactly(pipe, size))


def _exactly(pipe: BinaryIO, size: int) -> bytes:
    """``size`` bytes (an unbuffered pipe gives them in parts); EOFError if the pipe ends first."""
    parts = []
    while size > 0:
        part = pipe.read(size)
        if not part:
            raise EOFError
        parts.append(part)
        size -= len(part)
    return b"".join(parts)
