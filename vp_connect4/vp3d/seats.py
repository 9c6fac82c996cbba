"""Seat changes as the log's ``setting:`` lines (fixed words that scripts read)."""

from __future__ import annotations

from ..game import Seat


def setting_lines(ox: str, old: Seat, new: Seat) -> list[str]:
    """``setting: X player ai``, ``setting: X ply 4``, ``setting: X evaluation smart``: what differs."""
    changes = (("player", old.kind, new.kind), ("ply", old.level, new.level))
    changes += (("evaluation", old.evaluation, new.evaluation),)
    return [f"setting: {ox} {name} {now}" for name, was, now in changes if was != now]
