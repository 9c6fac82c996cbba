"""Keys on the scene's page as intents: ``0``-``9`` play that column (the number on its label, counted from 0 as the
log, the game code and ``--moves`` count), the arrow keys move the selection
(the ghost checker) and Enter or Space drops it; ``n`` New game, ``u`` Undo, ``r`` Redo, ``h`` Hint, ``a`` Analyse game
(then ← → step through the game and Esc goes back to it: the controller knows which a key means), ``t`` Think
(the side to move's scores_for as a tree; then → ← step through its calls, Space plays them, Esc goes back).
Over a link ``y`` accepts the other side's offer (its Undo, New game or Swap sides) and Esc refuses it.

Rule variants: when gravity pulls sideways ``0``-``9`` name rows (``0`` the bottom row: the keys name move
numbers, the controller knows what they mean) and ↑ ↓ move the selected row; ``f`` flips the rack over.

The key names are GlowScript's (``event.key`` of VPython's ``keydown``): ``left``, ``right``,
``\\n`` for Enter, ``" "`` for Space; letters come in capitals with Shift.
"""

from __future__ import annotations

from .intents import (
    Command,
    Intent,
    MoveSelection,
    PlayColumn,
)

KEYS: dict[str, Intent] = {
    "left": MoveSelection(-1),
    "right": MoveSelection(1),
    "up": MoveSelection(1, vertical=True),
    "down": MoveSelection(-1, vertical=True),
    "\n": Command.DROP_SELECTION,
    " ": Command.DROP_SELECTION,
    "n": Command.NEW_GAME,
    "u": Command.UNDO,
    "r": Command.REDO,
    "h": Command.HINT,
    "f": Command.FLIP,
    "a": Command.ANALYSE_GAME,
    "t": Command.THINK,
    "esc": Command.LEAVE_ANALYSIS,
    "y": Command.ACCEPT_OFFER,
}


def key_column(key: str) -> int | None:
    """Keys '0'..'9' name columns (or rows) 0 to 9, the numbers on the rack's labels; other keys none."""
    return int(key) if len(key) == 1 and key in "0123456789" else None


def key_intent(key: str) -> Intent | None:
    """The intent of a key pressed on the page, or None for a key that does nothing."""
    col = key_column(key)
    if col is not None:
        return PlayColumn(col)
    return KEYS.get(key if len(key) != 1 else key.lower())
