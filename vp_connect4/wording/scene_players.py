"""Sentences about a student's player file playing in the 3D scene: its seat, its failures, the Player file field."""

from __future__ import annotations

from .language import _
from .rules import side

__all__ = [
    "bad_seat_source",
    "player_error_advice",
    "player_file_caption",
    "player_file_failed",
    "player_file_not_a_file",
    "player_file_not_perfect",
    "player_file_seat",
    "player_file_standard_rules",
    "player_load_advice",
    "try_again_button",
]


def bad_seat_source(kind: object, source: object) -> str:
    """A seat given a player file that is not one, or to a human's seat."""
    return _("a player file plays an AI's seat and is a file name, got {kind!r} with {source!r}").format(
        kind=kind, source=source
    )


def player_file_not_perfect() -> str:
    """The look-ahead slider of a side that a player file plays went to perfect."""
    return _("a player file looks a whole number of moves ahead, not perfect")


def player_file_standard_rules() -> str:
    """A player file chosen (or asked to move) under a rule variant."""
    return _("a player file plays the standard rules only: choose standard rules first")


def player_file_seat(ox: str, file: str) -> str:
    """A choice of the X and O menus: ``O (blue): player.py``."""
    return _("{side}: {file}").format(side=side(ox), file=file)


def player_file_failed(ox: str, file: str) -> str:
    """The status line when a side's player file failed (short: the box over the rack says the rest)."""
    return _("{side}: {file} failed: see the box at the top left.").format(side=side(ox), file=file)


def player_error_advice(ox: str) -> str:
    """Under a player file's error and its own lines, in the box over the rack."""
    return _(
        "Fix the file and press Try again (it is loaded again), or change {ox}'s look-ahead, press Undo, "
        "or choose another player for {ox}."
    ).format(ox=ox)


def player_load_advice() -> str:
    """Under the error of a file the Player file field named, which did not load."""
    return _("Fix the file and press Enter in the Player file field again.")


def player_file_caption() -> str:
    """The caption of the field where a player file is named, to add it to the X and O menus."""
    return _("Player file (.py; Enter adds it to the menus):")


def player_file_not_a_file(text: str) -> str:
    """The Player file field got something that does not name a Python file."""
    return _("{text!r} is not a player file: name a Python file ending in .py").format(text=text)


def try_again_button() -> str:
    """The button in the box over the rack: ask the failed player file for its move again."""
    return _("Try again")
