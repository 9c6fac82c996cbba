"""What a person asks of the 3D scene. Widget and mouse callbacks only put these on a queue."""

from __future__ import annotations

from dataclasses import dataclass

from ...levels import Level


@dataclass(frozen=True)
class PlayColumn:
    """A human chose a column (0-based), by key or click; ``None``: a click beside the rack."""

    col: int | None
    source: str = "key"


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
class DropSelection:
    """Enter or Space: play the selected column."""


@dataclass(frozen=True)
class Flip:
    """The Turn the rack button or the key f: the side to move turns the rack over (a rule variant with flips)."""


@dataclass(frozen=True)
class SetVariant:
    """The rules menu: a new game under these rules (``Variant`` text, e.g. ``tetris``)."""

    text: str


@dataclass(frozen=True)
class SetSize:
    """The size menu: a new game on a board of this size (``WxH``, e.g. ``9x7``)."""

    text: str


@dataclass(frozen=True)
class SwapSides:
    """X's and O's players (kind, level, evaluation) change places."""


@dataclass(frozen=True)
class NewGame:
    pass


@dataclass(frozen=True)
class Undo:
    pass


@dataclass(frozen=True)
class Hint:
    pass


@dataclass(frozen=True)
class AnalyseGame:
    """The Analyse game button or the key a: step through the game with perfect play (again: back to the game)."""


@dataclass(frozen=True)
class LeaveAnalysis:
    """Esc: back from the analysis to the game as it was (nothing else)."""


@dataclass(frozen=True)
class LoadGame:
    """The page's Load: make the game that of this game code (a ``set_board`` string)."""

    code: str


@dataclass(frozen=True)
class KeepScores:
    on: bool


@dataclass(frozen=True)
class SetKind:
    ox: str
    kind: str  # HUMAN or AI


@dataclass(frozen=True)
class SetLevel:
    ox: str
    level: Level


@dataclass(frozen=True)
class SetTiebreak:
    tiebreak: str


@dataclass(frozen=True)
class SetEvaluation:
    ox: str
    evaluation: str


@dataclass(frozen=True)
class SetLanguage:
    """The page's language menu: ``en`` or ``nl``; every text is said again in it, the game goes on."""

    code: str


@dataclass(frozen=True)
class TogglePause:
    pass


@dataclass(frozen=True)
class ResetView:
    pass


Intent = (
    PlayColumn
    | Hover
    | MoveSelection
    | DropSelection
    | Flip
    | SetVariant
    | SetSize
    | SwapSides
    | NewGame
    | Undo
    | Hint
    | AnalyseGame
    | LeaveAnalysis
    | LoadGame
    | KeepScores
    | SetKind
    | SetLevel
    | SetTiebreak
    | SetEvaluation
    | SetLanguage
    | TogglePause
    | ResetView
)
