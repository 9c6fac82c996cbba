"""Sentences about a student's player file playing in the 3D scene: its seat, its failures, the Player file field."""

from __future__ import annotations

from .language import N_, _, name_sentences, sentence
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


# A seat given a player file that is not one, or to a human's seat.
bad_seat_source = sentence(
    N_("a player file plays an AI's seat and is a file name, got {kind!r} with {source!r}"), "kind, source"
)


# The look-ahead slider of a side that a player file plays went to perfect.
player_file_not_perfect = sentence(N_("a player file looks a whole number of moves ahead, not perfect"))


# A player file chosen (or asked to move) under a rule variant.
player_file_standard_rules = sentence(N_("a player file plays the standard rules only: choose standard rules first"))


def player_file_seat(ox: str, file: str) -> str:
    """A choice of the X and O menus: ``O (blue): player.py``."""
    return _("{side}: {file}").format(side=side(ox), file=file)


def player_file_failed(ox: str, file: str) -> str:
    """The status line when a side's player file failed (short: the box over the rack says the rest)."""
    return _("{side}: {file} failed: see the box at the top left.").format(side=side(ox), file=file)


# Under a player file's error and its own lines, in the box over the rack.
player_error_advice = sentence(
    N_(
        "Fix the file and press Try again (it is loaded again), or change {ox}'s look-ahead, press Undo, "
        "or choose another player for {ox}."
    ),
    "ox",
)


# Under the error of a file the Player file field named, which did not load.
player_load_advice = sentence(N_("Fix the file and press Enter in the Player file field again."))


# The caption of the field where a player file is named, to add it to the X and O menus.
player_file_caption = sentence(N_("Player file (.py; Enter adds it to the menus):"))


# The Player file field got something that does not name a Python file.
player_file_not_a_file = sentence(N_("{text!r} is not a player file: name a Python file ending in .py"), "text")


# The button in the box over the rack: ask the failed player file for its move again.
try_again_button = sentence(N_("Try again"))

name_sentences(globals())
