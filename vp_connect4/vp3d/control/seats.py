"""Seats for the scene: whose eyes a hint uses; a menu's choice as a seat; seat changes as the log's ``setting:``
lines."""

from __future__ import annotations

from collections.abc import Mapping

from ...board import other
from ...game import AI, KINDS, Seat
from ...levels import DEFAULT_PLY, Level
from ...students.worker.visible import visible
from ..texts import log_lines


def hint_seat(seats: Mapping[str, Seat], ox: str) -> Seat:
    """Whose eyes a hint uses: the side to move's AI, else its opponent's AI, else a default AI (a player file's
    side: our AI at its level)."""
    for seat in (seats[ox], seats[other(ox)]):
        if seat.is_ai:
            return seat
    return Seat(AI)


def who(seat: Seat) -> str:
    """Who plays a seat, as the log and the X and O menus name it: ``human``, ``ai`` or the player file (made
    visible: a newline in its name would start a line of the log of its own)."""
    return visible(seat.source) if seat.source is not None else seat.kind


def seat_changes(old: Seat, field: str, value: object) -> dict[str, object]:
    """What a side's menu or slider changes: ``kind`` (a choice of the X and O menus: HUMAN, AI or a player file:
    then an AI seat with that ``source``, whose level, if perfect, becomes the default ply), ``level`` or
    ``evaluation``."""
    if field != "kind":
        return {field: value}
    if value in KINDS:
        return {"kind": value, "source": None}
    level = Level(DEFAULT_PLY) if old.level.is_perfect else old.level
    return {"kind": AI, "source": value, "level": level}


def setting_lines(ox: str, old: Seat, new: Seat) -> list[str]:
    """``setting: X player ai``, ``setting: X player player.py``, ``setting: X ply 4``, ``setting: X evaluation
    smart``: what differs."""
    changes = (("player", who(old), who(new)), ("ply", old.level, new.level))
    changes += (("evaluation", old.evaluation, new.evaluation),)
    return [log_lines.setting(ox, name, now) for name, was, now in changes if was != now]
