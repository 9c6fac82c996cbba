"""How long the scene's loop waits before its next frame: quick while something moves, slow when idle.

VPython's ``rate(60)`` sleeps in ticks of 1/60 s and spins (a busy loop) for the rest, so a scene
waiting for a person's click burned most of a core. The loop waits on its queue of intents instead
(a blocking ``get`` with a timeout: an intent wakes it at once), for

- ``1 / FPS`` while something moves (a falling checker, the thinking sign, the winners' pulse) and
  for ``LIVELY_SECONDS`` after any input or camera turn, so drags and hovers feel immediate;
- ``1 / IDLE_FPS`` otherwise: often enough to see the mouse hover, an AI's answer or a cue's end.

Nothing here imports vpython.
"""

from __future__ import annotations

FPS = 60  # frames per second while something moves
IDLE_FPS = 10  # frames per second while nothing does
LIVELY_SECONDS = 1.0  # full frame rate for this long after input


class Pacer:
    """The wait before the next frame, from whether something moves and when input last came."""

    def __init__(self, fps: float = FPS, idle_fps: float = IDLE_FPS, lively_seconds: float = LIVELY_SECONDS) -> None:
        self.frame = 1.0 / fps
        self.idle_frame = 1.0 / idle_fps
        self.lively_seconds = lively_seconds
        self._lively_until = float("-inf")

    def stir(self, now: float) -> None:
        """Input came (a click, a key, a hover, a camera turn): frames come quickly for a while."""
        self._lively_until = now + self.lively_seconds

    def wait(self, now: float, moving: bool) -> float:
        """Seconds to wait for input before the next frame."""
        return self.frame if moving or now < self._lively_until else self.idle_frame
