"""The scene's updates as the page gets them: what VPython changed since the last message, as one JSON message.

VPython takes the updates whenever the page asks (about 60 times a second), from the server's thread: between a
checker's move and its mark's, say, and the page would draw the mark beside its checker for a frame (on a busy
machine, longer). The scene's thread makes each frame holding :data:`FRAME`, and the updates are taken between
two frames; a frame that takes longer than :data:`FRAME_WAIT` (a large tree being drawn) is not waited for: its
parts go as they are made, as VPython sends them.
"""

from __future__ import annotations

import copy
import json
import threading
from typing import Any

FRAME = threading.RLock()  # held by the scene's thread while it changes a frame's objects
FRAME_WAIT = 0.05  # seconds the page's updates wait for the frame being made


def pending_updates(base: Any, vector: type, wait: float = FRAME_WAIT) -> bytes:
    """VPython's updates since the last message, as JSON (from ``no_notebook.WSserver.onMessage``), taken between
    two frames (``wait``: the longest wait for the frame being made)."""
    between = FRAME.acquire(timeout=wait)
    try:
        return _taken(base, vector)
    finally:
        if between:
            FRAME.release()


def _taken(base: Any, vector: type) -> bytes:
    base.handle_attach()
    base.sent = False  # the main thread waits while we take the updates
    while True:
        try:
            updates = copy.deepcopy(base.updates)
            attrs = copy.deepcopy(base.attrs)
            base.initialize()
            break
        except RuntimeError:  # changed by the main thread while copying: try again
            pass
    for idx, attr in attrs:
        value = getattr(base.object_registry[idx], attr)
        if isinstance(value, vector):
            value = [value.x, value.y, value.z]
        updates["attrs"].setdefault(idx, {})[attr] = value
    return json.dumps(base.package(updates), separators=(",", ":")).encode("utf-8")
