"""The scene's loop waits for input between frames: quickly while something moves, slowly when idle."""

from __future__ import annotations

import queue
from types import SimpleNamespace
from typing import Any

from vp_connect4.vp3d.app import run_frame
from vp_connect4.vp3d.control.intents import (
    Command,
    Intent,
)
from vp_connect4.vp3d.control.pacing import FPS, IDLE_FPS, LIVELY_SECONDS, Pacer
from vp_connect4.vp3d.view.rack import RackLayout


def test_a_pacer_waits_a_frame_while_something_moves_and_longer_when_idle() -> None:
    pacer = Pacer()
    assert pacer.wait(0.0, moving=True) == 1 / FPS
    assert pacer.wait(0.0, moving=False) == 1 / IDLE_FPS
    pacer.stir(10.0)
    assert pacer.wait(10.0 + LIVELY_SECONDS / 2, moving=False) == 1 / FPS
    assert pacer.wait(10.0 + LIVELY_SECONDS * 1.01, moving=False) == 1 / IDLE_FPS


class RecordingQueue(queue.SimpleQueue):  # type: ignore[type-arg]
    """A queue that remembers how long each blocking ``get`` was allowed to wait."""

    def __init__(self) -> None:
        super().__init__()
        self.timeouts: list[float | None] = []

    def get(self, block: bool = True, timeout: float | None = None) -> Any:
        if block:
            self.timeouts.append(timeout)
        return super().get(block, timeout)


class StillHover:
    def poll(self) -> None:
        return None


class FakeController:
    gravity = "down"
    think = SimpleNamespace(showing=False)  # Think's tree is not shown: a click is a column's, not a node's

    def __init__(self) -> None:
        self.handled: list[Intent] = []
        self.ticks = 0

    def handle(self, intent: Intent) -> None:
        self.handled.append(intent)

    def tick(self, now: float) -> None:
        self.ticks += 1


class FakeView:
    def __init__(self, moving: bool = False, turned: bool = False) -> None:
        self.moving, self.turned, self.frames = moving, turned, 0

    def is_moving(self) -> bool:
        return self.moving

    def animate(self, now: float) -> bool:
        self.frames += 1
        return self.turned


def frame(events: RecordingQueue, pacer: Pacer, view: FakeView) -> FakeController:
    controller = FakeController()
    run_frame(events, pacer, StillHover(), controller, view, RackLayout(7, 6))  # type: ignore[arg-type]
    return controller


def test_an_idle_frame_blocks_on_the_queue_for_the_idle_period_instead_of_spinning() -> None:
    events, pacer, view = RecordingQueue(), Pacer(), FakeView()
    controller = frame(events, pacer, view)
    assert events.timeouts == [1 / IDLE_FPS]
    assert (controller.ticks, view.frames) == (1, 1)


def test_input_is_handled_at_once_and_makes_the_next_frames_quick() -> None:
    events, pacer, view = RecordingQueue(), Pacer(), FakeView()
    events.put(Command.NEW_GAME)
    events.put(Command.HINT)
    controller = frame(events, pacer, view)
    assert controller.handled == [Command.NEW_GAME, Command.HINT]  # both, in order, in one frame
    frame(events, pacer, view)
    assert events.timeouts[-1] == 1 / FPS  # lively for a while after input


def test_a_moving_scene_or_a_turning_camera_keeps_the_frame_rate_up() -> None:
    events, pacer = RecordingQueue(), Pacer()
    frame(events, pacer, FakeView(moving=True))
    assert events.timeouts == [1 / FPS]
    frame(events, pacer, FakeView(turned=True))  # idle wait, but the camera turned during it
    frame(events, pacer, FakeView())
    assert events.timeouts[1:] == [1 / IDLE_FPS, 1 / FPS]
