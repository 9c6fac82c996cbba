"""Typed errors. All are ValueErrors, so callers may catch either."""


class Connect4Error(ValueError):
    """Base class of every error this package raises for bad input."""


class IllegalMoveError(Connect4Error):
    """A move that the rules do not allow: a column off the board or full, or the game is over."""


class InvalidSettingError(Connect4Error):
    """A setting outside its allowed values: a checker, tiebreak, ply, evaluation or board size."""
