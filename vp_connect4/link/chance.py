"""Chance over a link: the host draws, the guest plays as the host's draws say.

A link plays ``chance[:p]`` alone (:func:`link_variant`). The host's game draws with its own generator, and after
each move (its own and the guest's) sends a ``drawn`` message: where the checker landed. The guest's game draws
nothing itself: its generator, :class:`HostDraws`, answers as the host's draw says. A move of the host's is played
once its draw is read; a move of the guest's own is played as chosen (nothing is known yet), sent, and when the
host's draw is read, taken back and played again where it went (:func:`play_as_drawn`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

from ..board import RulesBoard
from ..errors import Connect4Error
from ..game import Game, Move
from ..rules import Variant
from ..rules.chance import Chance
from ..rules.events import Veered, describe

T = TypeVar("T")
STANDARD = "standard"


def link_variant(rules: str) -> Variant | None:
    """The rules a link plays, as the welcome names them (``standard`` or ``chance:P``), or None if it plays
    no such rules."""
    if rules == STANDARD:
        return Variant()
    try:
        variant = Variant.parse(rules)
    except Connect4Error:
        return None
    return variant if len(variant.parts) == 1 and isinstance(variant.parts[0], Chance) else None


def rules_name(variant: Variant) -> str:
    """How the welcome names ``variant``'s rules."""
    return str(variant) if variant.parts else STANDARD


class HostDraws(random.Random):
    """The guest's game's generator: the host's draw for the move about to be played (``chosen`` went to
    ``landed``); none known: the checker goes where it was meant to."""

    def __init__(self) -> None:
        super().__init__()
        self.chosen: int | None = None
        self.landed: int | None = None

    def random(self) -> float:
        return 0.0 if self.landed is not None and self.landed != self.chosen else 1.0  # below p: chance struck

    def choice(self, seq: Sequence[T]) -> T:
        if self.landed not in seq:  # checked when read: never reached
            raise Connect4Error(f"the host's draw {self.landed} is not one of {list(seq)}")
        return self.landed  # type: ignore[return-value]


def fits(board: RulesBoard, ox: str, chosen: int, landed: int) -> bool:
    """Whether a checker ``ox`` meant for ``chosen`` can land in ``landed`` on ``board`` (before the move)."""
    return landed == chosen or (board.why_not(landed, ox) is None and 0 <= landed < board.slot_count())


def chosen_of(move: Move) -> int:
    """Where the player meant ``move``'s checker to go (chance may have sent it elsewhere)."""
    return next((event.chosen for event in move.events if isinstance(event, Veered)), move.move)


def play_as_drawn(game: Game, draws: HostDraws, chosen: int, landed: int) -> tuple[Move, str]:
    """Play ``chosen`` where the host's draw sent it (``landed``, checked with :func:`fits`); the move, and what
    chance did, in words (empty if it did nothing)."""
    draws.chosen, draws.landed = chosen, landed
    try:
        move = game.play(chosen)
    finally:
        draws.chosen = draws.landed = None
    told = [describe(event, move.ox, move.line) for event in move.events if isinstance(event, Veered)]
    return move, " ".join(told)
