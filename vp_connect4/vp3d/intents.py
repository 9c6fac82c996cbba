"""What a person asks of the 3D scene. Widget and mouse callbacks only put these on a queue."""

from __future__ import annotations

from dataclasses import dataclass

from ..levels import Level


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
class NewGame:
    pass


@dataclass(frozen=True)
class Undo:
    pass


@dataclass(frozen=True)
class Hint:
    pass


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
class TogglePause:
    pass


@dataclass(frozen=True)
class ResetView:
    pass


Intent = (
    PlayColumn
    | Hover
    | NewGame
    | Undo
    | Hint
    | KeepScores
    | SetKind
    | SetLevel
    | SetTiebreak
    | SetEvaluation
    | TogglePause
    | ResetView
)
