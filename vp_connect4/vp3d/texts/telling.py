"""A move told: its log lines (fixed English) and what the page says happened, columns and rows counted from 0.

The log, one line per move and one per event after it (see ``control.controller``)::

    move 7: X column 3 | move 7: X row 2 | move 7: X flip
    event: chance column 1 -> 3          chance sent the checker meant for column 1 into column 3 (or ``row``)
    event: row 0 cleared                 tetris: a full row (``column <c>`` when gravity pulls sideways) vanished
    event: gravity left                  gravity turned: it pulls left now
    event: swap 2,0 4,1                  an X and an O checker changed colours: their cells, column,row

The page says the same in words (``variant.describe``), with the same numbers: those of the rack's labels and
the keys (key 0: the leftmost column, or the bottom row). Nothing here imports VPython.
"""

from __future__ import annotations

from ... import wording
from ...game import Move
from ...rules import Cell, Cleared, Event, GravityTurned, Swapped, Veered, describe


def log_lines(move: Move) -> list[str]:
    """The log lines of ``move``: the move, then one per event (the checker's landing and a flip have none)."""
    lines = [f"move {move.number}: {move.ox} {move.words()}"]
    for event in move.events:
        line = event_line(event, move.line)
        if line:
            lines.append(line)
    return lines


def event_line(event: Event, line: str = "column") -> str:
    """One event's log line (empty for a landing or a flip, which the move line tells)."""
    if isinstance(event, Veered):
        return f"event: chance {line} {event.chosen} -> {event.played}"
    if isinstance(event, Cleared):
        return f"event: {event.line} {event.index} cleared"
    if isinstance(event, GravityTurned):
        return f"event: gravity {event.gravity}"
    if isinstance(event, Swapped):
        return f"event: swap {_cell(event.first)} {_cell(event.second)}"
    return ""


def _cell(cell: Cell) -> str:
    return f"{cell[0]},{cell[1]}"


def chosen(move: Move) -> int:
    """The move a side chose: the column (or row) it named, before chance sent the checker elsewhere."""
    return next((event.chosen for event in move.events if isinstance(event, Veered)), move.col)


def told(move: Move) -> str:
    """What happened in ``move`` besides the checker's fall, in the language spoken (empty if nothing did)."""
    sentences = (describe(event, move.ox, move.line) for event in move.events)
    return " ".join(sentence for sentence in sentences if sentence)


def told_phrase(move: Move) -> wording.Phrase | None:
    """``told(move)`` said later, in the language of that moment; None when nothing besides the fall happened."""
    return wording.phrase(told, move) if told(move) else None
