"""Seats for the scene: whose eyes a hint uses; seat changes as the log's ``setting:`` lines."""

from __future__ import annotations

from collections.abc import Mapping

from ...board import other
from ...game import AI, Seat


def hint_seat(seats: Mapping[str, Seat], ox: str) -> Seat:
    """Whose eyes a hint uses: the side to move's AI, else its opponent's AI, else a default AI."""
    for seat in (seats[ox], seats[other(ox)]):
        if seat.is_ai:
            return seat
    return Seat(AI)


def setting_lines(ox: str, old: Seat, new: Seat) -> list[str]:
    """``setting: X player ai``, ``setting: X ply 4``, ``setting: X evaluation smart``: what differs."""
    changes = (("player", old.kind, new.kind), ("ply", old.level, new.level))
    changes += (("evaluation", old.evaluation, new.evaluation),)
    return [f"setting: {ox} {name} {now}" for name, was, now in changes if was != now]
