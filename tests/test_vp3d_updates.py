"""The page's updates are taken between two frames of the scene's thread (vp3d.server.updates): a frame's changes
(a checker moved and its mark) reach the page in one message, never half of them; a frame that takes too long is
not waited for. A fake of VPython's ``baseObj`` stands for it (no VPython, no browser)."""

from __future__ import annotations

import json
import threading
from typing import Any

from vp_connect4.vp3d.server.updates import FRAME, pending_updates

WAIT = 30.0  # seconds: a thread's end, or the longest a frame is waited for here


class Vector:
    """VPython's vector: none here (a position is a number)."""


class Thing:
    """An object of the scene, its position a number."""

    def __init__(self) -> None:
        self.pos = 0


class FakeBase:
    """What ``pending_updates`` reads of VPython's ``baseObj``: the attributes changed since the last message."""

    def __init__(self, things: dict[int, Thing]) -> None:
        self.object_registry, self.sent = things, True
        self.initialize()

    def handle_attach(self) -> None:
        pass

    def initialize(self) -> None:
        self.updates: dict[str, Any] = {"attrs": {}}
        self.attrs: set[tuple[int, str]] = set()

    def package(self, updates: dict[str, Any]) -> dict[str, Any]:
        return updates

    def move(self, idx: int, pos: int) -> None:
        self.object_registry[idx].pos = pos
        self.attrs.add((idx, "pos"))


def taken_in_a_thread(base: FakeBase, wait: float) -> tuple[threading.Thread, list[Any]]:
    """The page's server thread asking for the updates: its thread and, once it ended, the message."""
    taken: list[Any] = []
    thread = threading.Thread(target=lambda: taken.append(json.loads(pending_updates(base, Vector, wait))))
    thread.start()
    return thread, taken


def test_a_frames_changes_go_to_the_page_together() -> None:
    base = FakeBase({1: Thing(), 2: Thing()})  # a checker and its mark
    with FRAME:
        base.move(1, 5)  # the checker moved ...
        thread, taken = taken_in_a_thread(base, WAIT)
        thread.join(0.2)
        assert thread.is_alive() and not taken, "the updates wait for the frame's end"
        base.move(2, 5)  # ... and its mark
    thread.join(WAIT)
    assert taken == [{"attrs": {"1": {"pos": 5}, "2": {"pos": 5}}}] and base.sent is False


def test_a_frame_that_takes_too_long_is_not_waited_for() -> None:
    base = FakeBase({1: Thing()})
    with FRAME:
        base.move(1, 3)
        thread, taken = taken_in_a_thread(base, 0.05)
        thread.join(WAIT)
        assert taken == [{"attrs": {"1": {"pos": 3}}}], "what was made so far goes as it is"
