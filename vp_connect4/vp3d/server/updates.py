"""The scene's updates as the page gets them: what VPython changed since the last message, as one JSON message."""

from __future__ import annotations

import copy
import json
from typing import Any


def pending_updates(base: Any, vector: type) -> bytes:
    """VPython's updates since the last message, as JSON (from ``no_notebook.WSserver.onMessage``)."""
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
