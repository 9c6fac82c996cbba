"""Typed errors (all are ValueErrors, so callers may catch either), and why a move can be refused."""

from enum import Enum


class Connect4Error(ValueError):
    """Base class of every error this package raises for bad input.

    The message may be a ``wording.Phrase``: it is said when the error is shown, in the language of
    that moment (the scene logs it in English and shows it in the page's language).
    """

    def __str__(self) -> str:
        message = self.args[0] if len(self.args) == 1 else super().__str__()
        return message() if callable(message) else str(message)


class IllegalMoveError(Connect4Error):
    """A move that the rules do not allow: a column off the board or full, or the game is over."""


class InvalidSettingError(Connect4Error):
    """A setting outside its allowed values: a checker, tiebreak, ply, evaluation or board size."""


class Refusal(Enum):
    """Why a move (a column, a row or a flip) cannot be made now; ``wording`` says it in words."""

    NOT_A_COLUMN = "not a column"  # not a whole number
    OFF_BOARD = "off the board"
    FULL = "full"
    GAME_OVER = "game over"
    FLIPPED_LAST = "flipped last time"  # a variant with flips: no side flips twice in a row
    FLIP_CHANGES_NOTHING = "flip changes nothing"  # the rack looks the same turned round
