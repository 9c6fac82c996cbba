"""Sentences of the rules: sides and levels, why a move is refused, the errors of bad input."""

from __future__ import annotations

from ..errors import Refusal
from .language import N_, _, name_sentences, sentence

__all__ = [
    "ai_turn_refusal",
    "bad_board_size",
    "bad_checker",
    "bad_choice",
    "bad_level",
    "bad_move_digit",
    "bad_move_string",
    "bad_player",
    "bad_ply",
    "bad_rng",
    "bad_seat_kind",
    "bad_size",
    "capitalised",
    "colour",
    "level",
    "level_searching",
    "level_too_deep",
    "level_value",
    "move_refused",
    "no_move_board_full",
    "no_move_game_over",
    "no_scores",
    "not_a_board",
    "not_a_seat",
    "refusal",
    "refusal_in_scene",
    "side",
    "thinking_refusal",
    "too_many_moves",
    "wrong_checker",
]

# -- sides and levels ---------------------------------------------------------------------


def colour(ox: str) -> str:
    """The colour of a side's checkers in the scene (a colour-blind-safe pair; O's checkers carry a ring too)."""
    return _("orange") if ox == "X" else _("blue")


def side(ox: str) -> str:
    """A side as the scene names it: ``X (orange)``."""
    return _("{ox} ({colour})").format(ox=ox, colour=colour(ox))


def level(ply: int | None) -> str:
    """An AI level: ``ply 4``, or ``perfect`` (``ply`` None)."""
    return _("perfect") if ply is None else _("ply {ply}").format(ply=ply)


# The top level where perfect play is out of reach (another size, other rules): it searches.
level_searching = sentence(N_("deepest search"))


def level_value(ply: int | None, exact: bool = True) -> str:
    """A level beside its slider, named where it has a name: ``ply 4 (medium)``, ``ply 3``, ``perfect`` (or, where
    perfect play is out of reach, ``deepest search``: not ``exact``)."""
    names = {1: _("beginner"), 2: _("easy"), 4: _("medium"), 8: _("hard")}
    if ply in names:
        return _("{level} ({name})").format(level=level(ply), name=names[ply])
    return level(ply) if ply is not None or exact else level_searching()


# -- why a move is refused -------------------------------------------------------------------


def refusal(reason: Refusal, col: object, width: int, line: str = "column") -> str:
    """Why ``col`` (0-based) cannot be played, as an error message says it, e.g. ``column 3 is full``.

    ``width``: how many moves there are; ``line``: what a move names, ``column`` or (gravity sideways) ``row``.
    """
    if reason is Refusal.GAME_OVER:
        return _("the game is over: start a new game")
    if reason is Refusal.FLIPPED_LAST:
        return _("you flipped the rack last time: drop a checker now")
    if reason is Refusal.FLIP_CHANGES_NOTHING:
        return _("flipping the rack now would change nothing")
    if line == "row":
        if reason is Refusal.NOT_A_COLUMN:
            return _("a move must be a whole number 0-{last}, got {col!r}").format(last=width - 1, col=col)
        if reason is Refusal.OFF_BOARD:
            return _("row {col} is off the board: rows are 0-{last}").format(col=col, last=width - 1)
        return _("row {col} is full").format(col=col)
    if reason is Refusal.NOT_A_COLUMN:
        return _("column must be a whole number 0-{last}, got {col!r}").format(last=width - 1, col=col)
    if reason is Refusal.OFF_BOARD:
        return _("column {col} is off the board: columns are 0-{last}").format(col=col, last=width - 1)
    return _("column {col} is full").format(col=col)


def no_move_game_over(winner: str) -> str:
    return _("there is no move to make: the game is over, {ox} has four in a row").format(ox=winner)


no_move_board_full = sentence(N_("there is no move to make: the board is full"))


def refusal_in_scene(reason: Refusal | str, col: int | None = None, line: str = "column") -> str:
    """Why input is refused in the 3D scene, as its cue shows it (columns and rows counted from 0, as the keys).

    ``reason``: a :class:`Refusal` of the rules, or one of the scene's own: ``"falling"`` (a checker
    is still falling), ``"beside"`` (a click beside the rack), ``"nothing_to_undo"``, ``"nothing_to_redo"``,
    ``"no_selection"``
    (Enter or Space with no column chosen), ``"no_code"`` (Load with an empty game code).
    ``line``: what a move names, ``column`` or (gravity sideways) ``row``.
    """
    number = col or 0
    if line == "row" and reason in (Refusal.OFF_BOARD, Refusal.FULL):
        if reason is Refusal.OFF_BOARD:
            return _("there is no row {row}").format(row=number)
        return _("row {row} is full").format(row=number)
    texts = {
        Refusal.GAME_OVER: _("the game is over: press New game"),
        Refusal.OFF_BOARD: _("there is no column {col}").format(col=number),
        Refusal.FULL: _("column {col} is full").format(col=number),
        Refusal.FLIPPED_LAST: _("you flipped the rack last time: drop a checker now"),
        Refusal.FLIP_CHANGES_NOTHING: _("flipping the rack now would change nothing"),
        "falling": _("wait for the checker to land"),
        "beside": _("click on a column of the rack"),
        "nothing_to_undo": _("nothing to undo"),
        "nothing_to_redo": _("nothing to redo"),
        "no_selection": _("choose a column first: the arrow keys move the checker above the rack"),
        "no_code": _("type a game code to load first"),
    }
    return texts[reason]


ai_turn_refusal = sentence(N_("it is the AI's turn ({ox})"), "ox")


thinking_refusal = sentence(N_("wait: {ox} is thinking"), "ox")


def capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]


# -- bad input: the errors' messages ------------------------------------------------------


def bad_checker(ox: object) -> str:
    return _("checker must be 'X' or 'O' (capital letters), got {value!r}").format(value=ox)


# ``name``: the parameter, ``width`` or ``height``.
bad_size = sentence(N_("{name} must be a whole number from 1 to {top}, got {value!r}"), "name, top, value")


bad_move_string = sentence(N_("move_string must be a string of column digits, got {value!r}"), "value")


bad_move_digit = sentence(
    N_("move {number} of {moves!r} is {char!r}: only digits 0-{last} are allowed"), "number, moves, char, last"
)


too_many_moves = sentence(N_("a game code has at most {cells} characters, got {count}"), "cells, count")


move_refused = sentence(N_("move {number} of {moves!r}: {error}"), "number, moves, error")


def bad_choice(name: str, choices: tuple[str, ...], value: object) -> str:
    """``name``: the parameter (``tiebreak``, ``evaluation``)."""
    return _("{name} must be one of {choices}, got {value!r}").format(
        name=name, choices=", ".join(choices), value=value
    )


bad_ply = sentence(N_("ply must be a whole number 0 or more, got {value!r}"), "value")


level_too_deep = sentence(
    N_("must be a whole number from 0 to {cells} (the cells of the board), or {perfect}, got {value!r}"),
    "cells, perfect, value",
)


bad_board_size = sentence(
    N_("a board size is WxH, width and height each from {least} to {most} (e.g. 7x6), got {value!r}"),
    "least, most, value",
)


bad_level = sentence(N_("a level is a whole number 0 or more, or {perfect!r}, got {value!r}"), "perfect, value")


def bad_rng(value: object) -> str:
    return _("rng must be a random.Random, e.g. random.Random(1), got {value}").format(value=repr(value)[:40])


def not_a_board(value: object) -> str:
    return _("expected a Board, got {kind} {value}").format(kind=type(value).__name__, value=repr(value)[:40])


def no_scores(scores: object) -> str:
    return _("scores must hold at least one score that is a number, got {value!r}").format(value=scores)


def bad_seat_kind(kind: object) -> str:
    return _("a seat is 'human' or 'ai', got {value!r}").format(value=kind)


not_a_seat = sentence(N_("seat must be a Seat, got {value!r}"), "value")


bad_player = sentence(N_("{ox} must be a Player or the string 'human', got {value!r}"), "ox, value")


wrong_checker = sentence(N_("the Player for {ox} plays {plays!r}: give it checker {ox!r}"), "ox, plays")

name_sentences(globals())
