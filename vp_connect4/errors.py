"""Typed errors (all are ValueErrors, so callers may catch either), and why a move can be refused."""

from enum import Enum


class Connect4Error(ValueError):
    """Base class of every error this package raises for bad input."""


class IllegalMoveError(Connect4Error):
    """A move that the rules do not allow: a column off the board or full, or the game is over."""


class InvalidSettingError(Connect4Error):
    """A setting outside its allowed values: a checker, tiebreak, ply, evaluation or board size."""


class Refusal(Enum):
    """Why a column cannot be played now; ``wording`` says it in words."""

    NOT_A_COLUMN = "not a column"  # not a whole number
    OFF_BOARD = "off the board"
    FULL = "full"
    GAME_OVER = "game over"
