"""Sentences of the rule variants: their errors, their names, what happened (a flip, a cleared row...)."""

from __future__ import annotations

from .language import _

__all__ = [
    "bad_chance",
    "bad_every",
    "bad_gravity",
    "bad_swap",
    "bad_swap_code",
    "bad_variant",
    "bad_variant_move_char",
    "gravity_name",
    "not_the_last_move",
    "nothing_to_take_back",
    "turn_starts_down",
    "variant_board_legend",
    "variant_board_too_big",
    "variant_twice",
]

VARIANT_SYNTAX = "standard, gravity:down|up|left|right|turn[:k], tetris, flip, chance[:p], swap[:k]"


def bad_variant(text: object) -> str:
    return _("unknown variant {text!r}: variants are {syntax}, joined with + (e.g. tetris+chance:0.2)").format(
        text=text, syntax=VARIANT_SYNTAX
    )


def variant_twice(name: str, text: str) -> str:
    return _("{name} is given twice in the variant {text!r}").format(name=name, text=text)


def bad_gravity(value: object, gravities: tuple[str, ...]) -> str:
    return _("gravity must be one of {gravities} or turn[:k], got {value!r}").format(
        gravities=", ".join(gravities), value=value
    )


def bad_every(name: str, most: int, value: object) -> str:
    """``name``: ``turn_every`` or ``swap_every``, a number of moves."""
    return _("{name} must be a whole number of moves from 1 to {most}, got {value!r}").format(
        name=name, most=most, value=value
    )


def turn_starts_down(gravity: str) -> str:
    return _("turning gravity starts down, got {gravity!r}").format(gravity=gravity)


def bad_chance(most: float, value: object) -> str:
    return _("chance must be a probability from 0 to {most:g}, got {value!r}").format(most=most, value=value)


def variant_board_too_big(most: int, width: int, height: int) -> str:
    text = _("a variant board has at most {most} columns and {most} rows (a move is one digit), got {width}x{height}")
    return text.format(most=most, width=width, height=height)


def variant_board_legend(gravity: str, slots: int, flip: int | None) -> str:
    """The line under a variant board: where gravity pulls, what a move names, how to flip."""
    arrows = {"down": "↓", "up": "↑", "left": "←", "right": "→"}
    if gravity in ("left", "right"):
        text = _("gravity {arrow} {gravity}: a move names a row, 0-{last} (0 is the bottom row)")
    else:
        text = _("gravity {arrow} {gravity}: a move names a column, 0-{last}")
    text = text.format(arrow=arrows[gravity], gravity=gravity_name(gravity), last=slots - 1)
    if flip is not None:
        text += "; " + _("f (move {flip}) turns the rack").format(flip=flip)
    return text


def gravity_name(gravity: str) -> str:
    names = {"down": _("down"), "up": _("up"), "left": _("left"), "right": _("right")}
    return names[gravity]


def bad_swap(first: object, second: object) -> str:
    return _("a swap needs an X and an O checker, got the cells {first} and {second}").format(
        first=first, second=second
    )


def bad_swap_code(number: int, moves: str) -> str:
    return _("move {number} of {moves!r}: s must be followed by four digits, two cells' column and row").format(
        number=number, moves=moves
    )


def bad_variant_move_char(number: int, moves: str, char: str) -> str:
    text = _("move {number} of {moves!r} is {char!r}: moves are digits, f (a flip) or s and four digits (a swap)")
    return text.format(number=number, moves=moves, char=char)


def nothing_to_take_back() -> str:
    return _("there is no move to take back")


def not_the_last_move(move: object, last: int) -> str:
    return _("on a variant board del_move takes back the last move, which was {last}, not {move!r}").format(
        last=last, move=move
    )
