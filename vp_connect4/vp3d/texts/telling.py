"""A move told: what the page says happened, columns and rows counted from 0.

The log says it in fixed English (``move 7: X column 3``, ``event: gravity left``...: :func:`.log_lines.move_lines`);
the page says the same in words (``variant.describe``), with the same numbers: those of the rack's labels and
the keys (key 0: the leftmost column, or the bottom row). Nothing here imports VPython.
"""

from __future__ import annotations

from ... import wording
from ...game import Move
from ...rules import Veered, describe


def chosen(move: Move) -> int:
    """The move a side chose: the column (or row) it named, before chance sent the checker elsewhere."""
    return next((event.chosen for event in move.events if isinstance(event, Veered)), move.move)


def told(move: Move) -> str:
    """What happened in ``move`` besides the checker's fall, in the language spoken (empty if nothing did)."""
    sentences = (describe(event, move.ox, move.line) for event in move.events)
    return " ".join(sentence for sentence in sentences if sentence)


def told_phrase(move: Move) -> wording.Phrase | None:
    """``told(move)`` said later, in the language of that moment; None when nothing besides the fall happened."""
    return wording.phrase(told, move) if told(move) else None
