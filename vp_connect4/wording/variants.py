"""Sentences of the rule variants: their errors, their names, what happened (a flip, a cleared row...)."""

from __future__ import annotations

from .language import _

__all__ = [
    "ai_makes",
    "ask_move",
    "bad_chance",
    "bad_every",
    "bad_gravity",
    "bad_swap",
    "bad_swap_code",
    "bad_variant",
    "bad_variant_move_char",
    "cell_name",
    "chance_text",
    "cleared_text",
    "flip_text",
    "gravity_name",
    "gravity_text",
    "no_swaps_here",
    "not_a_move",
    "not_possible_move",
    "not_the_last_move",
    "nothing_to_take_back",
    "swap_text",
    "swap_without_move",
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


def no_swaps_here(number: int, moves: str) -> str:
    return _("move {number} of {moves!r} is a swap, but these rules have no swaps").format(number=number, moves=moves)


def swap_without_move(number: int, moves: str) -> str:
    return _("move {number} of {moves!r} is a swap before any move: a swap follows the move it came after").format(
        number=number, moves=moves
    )


def nothing_to_take_back() -> str:
    return _("there is no move to take back")


def not_the_last_move(move: object, last: int) -> str:
    return _("on a variant board del_move takes back the last move, which was {last}, not {move!r}").format(
        last=last, move=move
    )


# -- the terminal game on a variant board --------------------------------------------------------------


def ask_move(ox: str, line: str, slots: int, flip: bool) -> str:
    """The prompt: ``X's choice (row 0-5, f turns the rack): ``."""
    if line == "row":
        text = _("{ox}'s choice (row 0-{last}, f turns the rack): ") if flip else _("{ox}'s choice (row 0-{last}): ")
    else:
        text = _("{ox}'s choice (column 0-{last}, f turns the rack): ") if flip else _("{ox}'s choice (0-{last}): ")
    return text.format(ox=ox, last=slots - 1)


def not_a_move(line: str, slots: int, flip: int | None) -> str:
    if line == "row":
        text = _("Please type a row number from 0 to {last} (0 is the bottom row).")
    else:
        text = _("Please type a column number from 0 to {last}.")
    text = text.format(last=slots - 1)
    return text + " " + _("Or f to turn the rack.") if flip is not None else text


def not_possible_move(reason: str) -> str:
    return _("Not possible: {reason}. Choose another move.").format(reason=reason)


def ai_makes(ox: str, level_label: str, line: str, move: int) -> str:
    """An AI's move on a variant board: a column, a row, or the flip."""
    if line == "flip":
        return _("{ox} ({level}) turns the rack.").format(ox=ox, level=level_label)
    if line == "row":
        return _("{ox} ({level}) plays row {row}.").format(ox=ox, level=level_label, row=move)
    return _("{ox} ({level}) plays column {col}.").format(ox=ox, level=level_label, col=move)


def cell_name(cell: tuple[int, int]) -> str:
    col, row = cell
    return _("column {col} row {row}").format(col=col, row=row)


def chance_text(line: str, chosen: int, played: int) -> str:
    if line == "row":
        text = _("Chance! The checker meant for row {chosen} went into row {played}.")
    else:
        text = _("Chance! The checker meant for column {chosen} went into column {played}.")
    return text.format(chosen=chosen, played=played)


def flip_text(ox: str) -> str:
    return _("{ox} turns the rack: every checker falls to the new floor.").format(ox=ox)


def cleared_text(line: str, index: int) -> str:
    if line == "row":
        return _("Row {index} is full: it vanishes, and the checkers behind it fall one row.").format(index=index)
    return _("Column {index} is full: it vanishes, and the checkers behind it fall one column.").format(index=index)


def gravity_text(gravity: str) -> str:
    return _("Gravity turns: it pulls {gravity} now, and every checker slides.").format(gravity=gravity_name(gravity))


def swap_text(first: tuple[int, int], second: tuple[int, int]) -> str:
    return _("Swap! The checkers at {first} and {second} change colours.").format(
        first=cell_name(first), second=cell_name(second)
    )
