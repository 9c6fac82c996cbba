"""VPython's objects tell the page they are gone in ``__del__``. One cut off half made by a stop signal (Ctrl-C
while the page connects) has no index yet, and its ``__del__`` fails as the program ends: Python would print that
as "Exception ignored ... Traceback" on stderr. After a stop signal such failures of VPython's objects are not a
person's business; every other unraisable exception is shown as before."""

from __future__ import annotations

import sys
from typing import Any


def _from_vpython(unraisable: Any) -> bool:
    """The failing ``__del__`` (``unraisable.object``) is one of VPython's."""
    return str(getattr(unraisable.object, "__module__", "") or "").startswith("vpython")


def quiet() -> None:
    """From now on, a VPython object's failing ``__del__`` says nothing (the program is ending); the rest is shown
    as it was."""
    shown = sys.unraisablehook
    if getattr(shown, "quiet_for_vpython", False):
        return

    def hook(unraisable: Any) -> None:
        if not _from_vpython(unraisable):
            shown(unraisable)

    hook.quiet_for_vpython = True  # type: ignore[attr-defined]
    sys.unraisablehook = hook
