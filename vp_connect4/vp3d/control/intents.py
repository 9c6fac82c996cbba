"""What a person asks of the 3D scene. Widget and mouse callbacks only put these on a queue."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from enum import Enum

from ...levels import Level


class Command(Enum):
    """A button or a key that asks for one thing and says nothing more."""

    DROP_SELECTION = "drop selection"  # Enter or Space: play the selected column
    FLIP = "flip"  # the Flip the rack button or the key f: the side to move flips the rack over (flips played)
    SWAP_SIDES = "swap sides"  # X's and O's players (kind, level, evaluation) change places
    NEW_GAME = "new game"
    UNDO = "undo"
    REDO = "redo"  # the Redo button or the key r: play again what the last Undo took back
    HINT = "hint"
    ANALYSE_GAME = "analyse game"  # the button or the key a: step through the game with perfect play (again: back)
    LEAVE_ANALYSIS = "leave analysis"  # Esc: back from the analysis (or Think's tree) to the game as it was
    THINK = "think"  # the button or the key t: the side to move's scores_for drawn as a tree (again: back)
    THINK_STEP = "think step"  # Think's Step: the next event of the calls played in order (→ too)
    THINK_PLAY = "think play"  # Think's Play / Stop: play the calls on their own (Space too)
    TOGGLE_PAUSE = "toggle pause"
    RETRY = "retry"  # Try again, in the box of a player file that failed: ask it for the move again
    RESET_VIEW = "reset view"
    ACCEPT_OFFER = "accept offer"  # the key y over a link: accept the other side's offer (Esc refuses it)


@dataclass(frozen=True)
class PlayColumn:
    """A human chose a column (0-based), by key or click; ``None``: a click beside the rack."""

    col: int | None


@dataclass(frozen=True)
class Hover:
    """The mouse is over column ``col`` (``None``: over no column)."""

    col: int | None


@dataclass(frozen=True)
class MoveSelection:
    """An arrow key: move the selected column (the ghost) ``step`` columns, -1 left, +1 right.

    ``vertical``: ↑ (+1) or ↓ (-1), for rows when gravity pulls sideways (then ← → move the row too).
    """

    step: int
    vertical: bool = False


@dataclass(frozen=True)
class ChangeRules:
    """The rules menu or the size menu: a new game under these rules (``variant``: a ``Variant`` text, e.g.
    ``tetris``) or on a board of this size (``size``: ``WxH``, e.g. ``9x7``)."""

    variant: str | None = None
    size: str | None = None


@dataclass(frozen=True)
class LoadGame:
    """The page's Load: make the game that of this game code (a ``set_board`` string)."""

    code: str


@dataclass(frozen=True)
class SetSeat:
    """A side's menu or slider: its ``field`` (``kind``: HUMAN, AI or a player file's name, ``level``: a ``Level``,
    ``evaluation``) is now ``value``."""

    ox: str
    field: str
    value: str | Level


@dataclass(frozen=True)
class AddPlayerFile:
    """The page's Player file field: add this player file (a path, from the folder the game started in; maybe
    ``:ClassName`` after it) to the X and O menus, once it is found to load."""

    text: str


@dataclass(frozen=True)
class SetTiebreak:
    """The tiebreak menu: LEFT, RIGHT or RANDOM, one setting for the game (both AIs and the hints)."""

    tiebreak: str


@dataclass(frozen=True)
class KeepScores:
    """The *keep scores shown* box: a hint after every move (``on``), or only when asked."""

    on: bool


@dataclass(frozen=True)
class ThinkSpeed:
    """Think's speed slider: how fast Play plays the calls (``value``: the slider's, 0 slowest)."""

    value: int


@dataclass(frozen=True)
class PickNode:
    """A click while Think's tree is shown: the line of sight through ``pos`` along ``ray`` (world units)."""

    pos: tuple[float, float, float]
    ray: tuple[float, float, float]


@dataclass(frozen=True)
class SetLanguage:
    """The page's language menu: ``en`` or ``nl``; every text is said again in it, the game goes on."""

    code: str


Intent = (
    Command
    | PlayColumn
    | Hover
    | MoveSelection
    | ChangeRules
    | LoadGame
    | KeepScores
    | SetSeat
    | AddPlayerFile
    | SetTiebreak
    | SetLanguage
    | ThinkSpeed
    | PickNode
)


def kind(intent: Intent) -> Hashable:
    """What handles ``intent``: a command itself, any other intent its class."""
    return intent if isinstance(intent, Command) else type(intent)
