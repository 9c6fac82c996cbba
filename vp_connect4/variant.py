"""Rule variants (seed 000's "Een variatie op Vier op een rij!"): what changes, parsed from a short text.

A :class:`Variant` says which rules differ from the standard game; every part composes with the
others:

* ``gravity:down|up|left|right``: checkers fall that way; with ``left``/``right`` a move names a row
  (counted from the bottom, from 0), not a column. ``gravity:turn[:k]``: gravity starts down and turns a
  quarter clockwise (down, left, up, right, down...) after every ``k`` moves (default 4); every checker
  then slides to the new floor.
* ``tetris``: a full row (a full line across gravity) vanishes and everything above it falls one row.
  A four made by a move counts before the row is cleared. Checkers vanish, so a game may last long:
  it is a draw after ``TETRIS_MOVE_LIMIT`` x the cells moves.
* ``flip``: instead of dropping a checker, the side to move may turn the rack 180 degrees: every checker
  keeps to its line, now mirrored, and falls to the new floor. A flip is a move (the turn passes); a
  side may not flip twice in a row, nor make a flip that changes nothing.
* ``chance[:p]``: with probability ``p`` (default 0.1, at most 0.5) a dropped checker goes into a random
  other open column (or row) instead; a flip is never replaced.
* ``swap[:k]``: after every ``k`` moves (default 6), one random X checker and one random O checker change
  colours.

After every move and every event both sides are looked at: one side with four in a row wins, both at
once is a draw, and a side to move without a legal move is a draw too.

The AI sees the deterministic rules (gravity, turns, tetris, flips) exactly; chance and swaps it does
not foresee: it plays as if they did not happen.

Nothing here searches or draws: the rules on bitboards are :mod:`.engine.variant`; ``Board`` and
``Game`` use them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from . import wording
from .errors import InvalidSettingError

GRAVITIES = ("down", "left", "up", "right")  # in the order gravity turns: a quarter clockwise each time
TURN = "turn"
DEFAULT_TURN_EVERY = 4
DEFAULT_CHANCE = 0.1
MAX_CHANCE = 0.5
DEFAULT_SWAP_EVERY = 6
MAX_EVERY = 99
TETRIS_MOVE_LIMIT = 2  # a tetris game is a draw after this many times the cells moves
MAX_VARIANT_SIDE = 10  # a move is one digit: a variant board has at most 10 columns and 10 rows
PARTS = ("gravity", "tetris", "flip", "chance", "swap")
STANDARD = "standard"


@dataclass(frozen=True)
class Variant:
    """Which rules differ from the standard game (the defaults are the standard game)."""

    gravity: str = "down"  # the direction at the start
    turn_every: int = 0  # gravity turns a quarter clockwise after every ``turn_every`` moves; 0: never
    tetris: bool = False
    flip: bool = False
    chance: float = 0.0  # the probability that a dropped checker goes elsewhere
    swap_every: int = 0  # an X and an O checker change colours after every ``swap_every`` moves; 0: never

    def __post_init__(self) -> None:
        if self.gravity not in GRAVITIES:
            raise InvalidSettingError(wording.phrase(wording.bad_gravity, self.gravity, GRAVITIES))
        for name in ("turn_every", "swap_every"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_EVERY:
                raise InvalidSettingError(wording.phrase(wording.bad_every, name, MAX_EVERY, value))
        if self.turn_every and self.gravity != "down":
            raise InvalidSettingError(wording.phrase(wording.turn_starts_down, self.gravity))
        chance = self.chance
        if isinstance(chance, bool) or not isinstance(chance, (int, float)) or not 0 <= chance <= MAX_CHANCE:
            raise InvalidSettingError(wording.phrase(wording.bad_chance, MAX_CHANCE, chance))
        object.__setattr__(self, "chance", float(chance))

    # -- text --------------------------------------------------------------------------------

    @classmethod
    def parse(cls, text: object) -> Variant:
        """A variant from its text: ``standard``, or parts joined by ``+`` (see the module docstring).

        E.g. ``tetris``, ``chance:0.2``, ``gravity:left``, ``gravity:turn:6``, ``flip+swap:4``.
        A ``Variant`` or None (the standard game) is returned as it is. InvalidSettingError says what is wrong.
        """
        if isinstance(text, Variant):
            return text
        if text is None:
            return cls()
        if not isinstance(text, str):
            raise InvalidSettingError(wording.phrase(wording.bad_variant, text))
        fields: dict[str, object] = {}
        seen: set[str] = set()
        stripped = text.strip().lower()
        if stripped in ("", STANDARD):
            return cls()
        for part in stripped.split("+"):
            name, _, value = part.strip().partition(":")
            if name not in PARTS:
                raise InvalidSettingError(wording.phrase(wording.bad_variant, text))
            if name in seen:
                raise InvalidSettingError(wording.phrase(wording.variant_twice, name, text))
            seen.add(name)
            fields.update(_parse_part(name, value, text))
        return cls(**fields)  # type: ignore[arg-type]

    def __str__(self) -> str:
        """The text :meth:`parse` reads back: ``standard`` or the parts, e.g. ``tetris+chance:0.2``."""
        parts = []
        if self.turn_every:
            parts.append(f"gravity:{TURN}:{self.turn_every}")
        elif self.gravity != "down":
            parts.append(f"gravity:{self.gravity}")
        if self.tetris:
            parts.append("tetris")
        if self.flip:
            parts.append("flip")
        if self.chance:
            parts.append(f"chance:{self.chance!r}")
        if self.swap_every:
            parts.append(f"swap:{self.swap_every}")
        return "+".join(parts) or STANDARD

    # -- what it means ---------------------------------------------------------------------------

    @property
    def is_standard(self) -> bool:
        return self == Variant()

    @property
    def is_random(self) -> bool:
        """Chance or swaps: events the AI does not foresee."""
        return bool(self.chance or self.swap_every)

    @property
    def rules(self) -> Variant:
        """The deterministic part (what the AI searches): this variant without chance and swaps."""
        return Variant(self.gravity, self.turn_every, self.tetris, self.flip)

    @property
    def fixed_gravity_only(self) -> bool:
        """The deterministic part is the standard game seen from another side (gravity fixed, nothing else)."""
        return not (self.turn_every or self.tetris or self.flip)


def _parse_part(name: str, value: str, text: str) -> dict[str, object]:
    if name == "gravity":
        direction, _, every = value.partition(":")
        if direction == TURN:
            return {"turn_every": _whole(every, DEFAULT_TURN_EVERY, "turn_every", text)}
        if every or direction not in GRAVITIES:
            raise InvalidSettingError(wording.phrase(wording.bad_gravity, value, GRAVITIES))
        return {"gravity": direction}
    if name in ("tetris", "flip"):
        if value:
            raise InvalidSettingError(wording.phrase(wording.bad_variant, text))
        return {name: True}
    if name == "chance":
        if not value:
            return {"chance": DEFAULT_CHANCE}
        try:
            chance = float(value)
        except ValueError:
            chance = math.nan
        if not 0 <= chance <= MAX_CHANCE:  # NaN fails too
            raise InvalidSettingError(wording.phrase(wording.bad_chance, MAX_CHANCE, value))
        return {"chance": chance}
    return {"swap_every": _whole(value, DEFAULT_SWAP_EVERY, "swap_every", text)}


def _whole(value: str, default: int, name: str, text: str) -> int:
    if not value:
        return default
    if not (value.isascii() and value.isdigit()) or not 1 <= int(value) <= MAX_EVERY:
        raise InvalidSettingError(wording.phrase(wording.bad_every, name, MAX_EVERY, value))
    return int(value)


def check_board_size(variant: Variant, width: int, height: int) -> None:
    """A variant board names its moves with one digit: at most MAX_VARIANT_SIDE columns and rows."""
    if not variant.is_standard and max(width, height) > MAX_VARIANT_SIDE:
        raise InvalidSettingError(wording.phrase(wording.variant_board_too_big, MAX_VARIANT_SIDE, width, height))


# -- what happens in a move, for the front ends ----------------------------------------------------------

Cell = tuple[int, int]
"""A cell of the rack: ``(column, row)``, both from 0, the row counted from the bottom."""
Path = tuple[Cell, Cell]
"""A checker that moved: ``(from, to)``."""


@dataclass(frozen=True)
class Dropped:
    """A checker landed in ``cell``."""

    cell: Cell


@dataclass(frozen=True)
class Flipped:
    """The rack turned 180 degrees; every checker went along ``paths`` (from its cell to where it fell)."""

    paths: tuple[Path, ...]


@dataclass(frozen=True)
class Cleared:
    """A full line vanished (tetris): ``line`` 'row' or 'column' number ``index``; the checkers beyond it fell."""

    line: str
    index: int
    cells: tuple[Cell, ...]
    falls: tuple[Path, ...]


@dataclass(frozen=True)
class GravityTurned:
    """Gravity now pulls ``gravity``; every checker slid along ``paths`` (those that stayed are in them too)."""

    gravity: str
    paths: tuple[Path, ...]


@dataclass(frozen=True)
class Swapped:
    """An X checker and an O checker changed colours."""

    first: Cell
    second: Cell


@dataclass(frozen=True)
class Veered:
    """Chance: the checker meant for slot ``chosen`` went into slot ``played``."""

    chosen: int
    played: int


Event = Dropped | Flipped | Cleared | GravityTurned | Swapped | Veered


def describe(event: Event, ox: str, line: str = "column") -> str:
    """What happened, in words (empty for a checker's landing, which the move itself tells).

    ``ox``: the side that moved; ``line``: what its move named, ``column`` or ``row`` (moves counted from 0).
    """
    if isinstance(event, Veered):
        return wording.chance_text(line, event.chosen, event.played)
    if isinstance(event, Flipped):
        return wording.flip_text(ox)
    if isinstance(event, Cleared):
        return wording.cleared_text(event.line, event.index)
    if isinstance(event, GravityTurned):
        return wording.gravity_text(event.gravity)
    if isinstance(event, Swapped):
        return wording.swap_text(event.first, event.second)
    return ""
