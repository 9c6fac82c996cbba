"""The colours of Think's tree, without VPython: a score as a colour (red 0, light grey 50, green 100, dark for a
full column's -1; the smart evaluation's numbers on the same ramp over the tree's own range), and an item while
the calls are played (not yet called: dim; its call running: yellow)."""

from __future__ import annotations

from ...control.think.shown import RUNNING, WAITING, Item, TreeShown
from ..palette import Colour

LOW, MID, HIGH = (0.9, 0.2, 0.15), (0.85, 0.85, 0.85), (0.15, 0.8, 0.3)
FULL_COLOUR = (0.25, 0.25, 0.28)
WAITING_COLOUR = (0.55, 0.6, 0.68)
RUNNING_COLOUR = (1.0, 0.85, 0.1)
UNKNOWN_COLOUR = (0.6, 0.3, 0.7)  # a call that never returned (a player file's that raised)


def ramp(fraction: float) -> Colour:
    """0 red, 0.5 light grey, 1 green, blended in between."""
    fraction = min(max(fraction, 0.0), 1.0)
    a, b, t = (LOW, MID, fraction * 2) if fraction <= 0.5 else (MID, HIGH, fraction * 2 - 1)
    return tuple(x + (y - x) * t for x, y in zip(a, b, strict=True))  # type: ignore[return-value]


class Scale:
    """Scores as colours for one tree: the seed's 0 / 50 / 100, or (``smart``) the evaluation's numbers placed
    on the ramp by the tree's largest size of score, 0 in the middle."""

    def __init__(self, shown: TreeShown) -> None:
        self.smart = shown.tree.smart
        scores = [abs(score) for node in shown.tree.root.walk() for score in node.scores or () if score != -1]
        self.top = max([*scores, 1.0])

    def colour(self, score: float | None) -> Colour:
        if score is None:
            return UNKNOWN_COLOUR
        if score == -1:
            return FULL_COLOUR
        return ramp(0.5 + score / (2 * self.top)) if self.smart else ramp(score / 100)


def item_colour(shown: TreeShown, item: Item, scale: Scale) -> Colour:
    """An item's colour now: its score's, or dim / yellow while the calls are played and it has none yet."""
    state = shown.state(item.line)
    if state == WAITING:
        return WAITING_COLOUR
    if state == RUNNING:
        return RUNNING_COLOUR
    return scale.colour(item.score)
