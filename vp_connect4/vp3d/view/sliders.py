"""The look-ahead sliders' scale: ply 0, 1, ... ``top``, then one more step for *perfect*. No VPython."""

from __future__ import annotations

import math

from ...game import Game
from ...levels import Level

MAX_PLY = 10  # the slider's deepest look-ahead before "perfect"; the engine answers it in well under a second


def slider_top(game: Game) -> int:
    """The slider's deepest ply: MAX_PLY, or deeper if a seat starts deeper (``--o-ply 12``)."""
    return max([MAX_PLY, *(seat.level.ply for seat in game.seats.values() if seat.level.ply is not None)])


def level_to_slider(level: Level, top: int = MAX_PLY) -> int:
    return top + 1 if level.ply is None else min(level.ply, top)


def slider_to_level(value: float, top: int = MAX_PLY) -> Level:
    """The level of a ply slider's value; ``ValueError`` for what the slider cannot show (NaN, 1e308, -1)."""
    if not (isinstance(value, (int, float)) and math.isfinite(value) and 0 <= value <= top + 1):
        raise ValueError(f"not a ply slider value: {value!r}")
    step = round(value)
    return Level(None) if step > top else Level(step)
