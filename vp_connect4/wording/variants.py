"""Sentences of the rule variants: their errors, their names, what happened (a flip, a cleared row...)."""

from __future__ import annotations

from .language import N_, _, _n, name_sentences, sentence

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
    "chance_help",
    "chance_note",
    "chance_part_name",
    "chance_text",
    "cleared_note",
    "cleared_text",
    "flip_in_terminal",
    "flip_note",
    "flip_part_name",
    "flip_rule",
    "flip_scene_hint",
    "flip_text",
    "gravity_name",
    "gravity_part_name",
    "gravity_rule",
    "gravity_scene_hint",
    "gravity_text",
    "gravity_turned_note",
    "no_swaps_here",
    "not_a_move",
    "not_the_last_move",
    "nothing_to_take_back",
    "rules_help",
    "standard_rules_name",
    "swap_help",
    "swap_note",
    "swap_part_name",
    "swap_text",
    "swap_without_move",
    "tetris_help",
    "tetris_part_name",
    "turn_part_name",
    "turn_rule",
    "turn_scene_hint",
    "variant_board_legend",
    "variant_board_too_big",
    "variant_twice",
]

VARIANT_SYNTAX = (
    "standard, gravity:down|up|left|right|down-left|down-right|turn[:k], tetris, flip, chance[:p], swap[:k]"
)


def bad_variant(text: object) -> str:
    return _("unknown variant {text!r}: variants are {syntax}, joined with + (e.g. tetris+chance:0.2)").format(
        text=text, syntax=VARIANT_SYNTAX
    )


variant_twice = sentence(N_("{name} is given twice in the variant {text!r}"), "name, text")


def bad_gravity(value: object, gravities: tuple[str, ...]) -> str:
    return _("gravity must be one of {gravities} or turn[:k], got {value!r}").format(
        gravities=", ".join(gravities), value=value
    )


# ``name``: ``turn_every`` or ``swap_every``, a number of moves.
bad_every = sentence(N_("{name} must be a whole number of moves from 1 to {most}, got {value!r}"), "name, most, value")


bad_chance = sentence(N_("chance must be a probability from 0 to {most:g}, got {value!r}"), "most, value")


def variant_board_too_big(most: int, width: int, height: int) -> str:
    text = _("a variant board has at most {most} columns and {most} rows (a move is one digit), got {width}x{height}")
    return text.format(most=most, width=width, height=height)


ARROWS = {"down": "↓", "up": "↑", "left": "←", "right": "→", "down-left": "↙", "down-right": "↘"}


def variant_board_legend(gravity: str, slots: int, flip: int | None) -> str:
    """The line under a variant board: where gravity pulls, what a move names, how to flip."""
    arrows = ARROWS
    if gravity in ("left", "right"):
        text = _("gravity {arrow} {gravity}: a move names a row, 0-{last} (0 is the bottom row)")
    elif gravity in ("down-left", "down-right"):
        text = _("gravity {arrow} {gravity}: a move names a column, 0-{last}; the checker slides down the diagonal")
    else:
        text = _("gravity {arrow} {gravity}: a move names a column, 0-{last}")
    text = text.format(arrow=arrows[gravity], gravity=gravity_name(gravity), last=slots - 1)
    if flip is not None:
        text += "; " + _("f (move {flip}) flips the rack").format(flip=flip)
    return text


def gravity_name(gravity: str) -> str:
    """Where gravity pulls, in words (as in ``gravity pulls {name}``)."""
    directions = ("down", "left", "up", "right", "down-left", "down-right")
    names = (_("down"), _("left"), _("up"), _("right"), _("down-left"), _("down-right"))
    return names[directions.index(gravity)]


bad_swap = sentence(N_("a swap needs an X and an O checker, got the cells {first} and {second}"), "first, second")


bad_swap_code = sentence(
    N_("move {number} of {moves!r}: s must be followed by four digits, two cells' column and row"), "number, moves"
)


def bad_variant_move_char(number: int, moves: str, char: str) -> str:
    text = _("move {number} of {moves!r} is {char!r}: moves are digits, f (a flip) or s and four digits (a swap)")
    return text.format(number=number, moves=moves, char=char)


no_swaps_here = sentence(N_("move {number} of {moves!r} is a swap, but these rules have no swaps"), "number, moves")


swap_without_move = sentence(
    N_("move {number} of {moves!r} is a swap before any move: a swap follows the move it came after"), "number, moves"
)


nothing_to_take_back = sentence(N_("there is no move to take back"))


not_the_last_move = sentence(
    N_("on a variant board del_move takes back the last move, which was {last}, not {move!r}"), "move, last"
)


# -- the terminal game on a variant board --------------------------------------------------------------


def ask_move(ox: str, line: str, slots: int, flip: bool) -> str:
    """The prompt: ``X's choice (row 0-5, f flips the rack): ``."""
    if line == "row":
        text = _("{ox}'s choice (row 0-{last}, f flips the rack): ") if flip else _("{ox}'s choice (row 0-{last}): ")
    else:
        text = _("{ox}'s choice (column 0-{last}, f flips the rack): ") if flip else _("{ox}'s choice (0-{last}): ")
    return text.format(ox=ox, last=slots - 1)


def not_a_move(line: str, slots: int, flip: int | None) -> str:
    if line == "row":
        text = _("Please type a row number from 0 to {last} (0 is the bottom row).")
    else:
        text = _("Please type a column number from 0 to {last}.")
    text = text.format(last=slots - 1)
    return text + " " + _("Or f to flip the rack.") if flip is not None else text


def ai_makes(ox: str, level_label: str, line: str, move: int) -> str:
    """An AI's move on a variant board: a column, a row, or the flip."""
    if line == "flip":
        return _("{ox} ({level}) flips the rack.").format(ox=ox, level=level_label)
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


flip_text = sentence(N_("{ox} flips the rack: every checker falls to the new floor."), "ox")


def cleared_text(line: str, index: int) -> str:
    if line == "row":
        return _("Row {index} is full: it vanishes, and the checkers behind it fall one row.").format(index=index)
    return _("Column {index} is full: it vanishes, and the checkers behind it fall one column.").format(index=index)


def gravity_text(gravity: str) -> str:
    return _("Gravity turns: it pulls {gravity} now, and every checker slides.").format(gravity=gravity_name(gravity))


# How to flip at the terminal's prompt (the line under the board numbers the flip's move ``flip``).
flip_in_terminal = sentence(N_("(Type f to flip the rack: the line under the board calls it move {flip}.)"), "flip")


def chance_note(line: str) -> str:
    """After the first chance in a terminal game: how to read it."""
    if line == "row":
        return _(
            "(That was the chance rule: nobody foresees it, the computer neither. The moves keep the row it went into.)"
        )
    return _(
        "(That was the chance rule: nobody foresees it, the computer neither. The moves keep the column it went into.)"
    )


# After the first flip in a terminal game: how to read it.
flip_note = sentence(
    N_(
        "(A flip is a move: the turn passes, and the same side may not flip again at its next turn. The moves "
        "write it f; the line under the board calls it move {flip}.)"
    ),
    "flip",
)


# After the first cleared line (tetris) in a terminal game: how its number is counted.
cleared_note = sentence(N_("(Rows are counted from 0, the bottom row; columns from 0, the leftmost.)"))


# After gravity first turned in a terminal game: where to read where it pulls.
gravity_turned_note = sentence(N_("(The line under the board says where gravity pulls now and what a move names.)"))


# After the first swap in a terminal game: how its cells are named and how the moves write it.
swap_note = sentence(
    N_(
        "(A cell is named by its column and row, both counted from 0, row 0 at the bottom. The moves write a swap "
        "as s and those four digits, after the move it followed.)"
    )
)


def swap_text(first: tuple[int, int], second: tuple[int, int]) -> str:
    return _("Swap! The checkers at {first} and {second} change colours.").format(
        first=cell_name(first), second=cell_name(second)
    )


# -- the parts of the rules: their names (the rules menu), their rules in words (the scene's help, the terminal's
# start), and what the scene adds to a rule (its arrow, buttons and keys) ----------------------------------------


standard_rules_name = sentence(N_("standard rules"))


def gravity_part_name(direction: str) -> str:
    return _("gravity {direction}").format(direction=gravity_name(direction))


def turn_part_name(every: int) -> str:
    return _n("gravity turns every {k} move", "gravity turns every {k} moves", every).format(k=every)


tetris_part_name = sentence(N_("tetris"))


flip_part_name = sentence(N_("flip"))


def chance_part_name(probability: float) -> str:
    return _("chance {percent}%").format(percent=f"{probability * 100:g}")


def swap_part_name(every: int) -> str:
    return _n("swap every {k} move", "swap every {k} moves", every).format(k=every)


def gravity_rule(direction: str) -> str:
    """Gravity that pulls ``direction`` (not down), in words any front end can show."""
    if direction == "up":
        return _("Gravity pulls up: a checker rises into its column from below.")
    if direction in ("down-left", "down-right"):
        return _(
            "Gravity pulls {direction}: a checker dropped into a column slides along the diagonal from that "
            "column's top, down to the lowest free cell. Cells no such diagonal reaches stay empty."
        ).format(direction=gravity_name(direction))
    return _(
        "Gravity pulls {direction}: a checker comes in from the side and slides {direction}; a move names a row."
    ).format(direction=gravity_name(direction))


def gravity_scene_hint(direction: str, rows: int) -> str:
    """What the scene adds to :func:`gravity_rule`: the arrow, and how to name a row when gravity pulls sideways."""
    if direction in ("left", "right"):
        return _(
            "The arrow beside the rack shows where gravity pulls. Click a row or press its number, 0-{last} (0 is the "
            "bottom row); ↑ ↓ choose one."
        ).format(last=rows - 1)
    return _("The arrow beside the rack shows where gravity pulls.")


def turn_rule(every: int) -> str:
    return _n(
        "Gravity turns a quarter clockwise after every {k} move and every checker slides to the new floor; "
        "while it pulls sideways a move names a row.",
        "Gravity turns a quarter clockwise after every {k} moves and every checker slides to the new floor; "
        "while it pulls sideways a move names a row.",
        every,
    ).format(k=every)


def turn_scene_hint(rows: int) -> str:
    """What the scene adds to :func:`turn_rule`."""
    return _(
        "The arrow beside the rack shows where gravity pulls; to name a row, click it or press its number, 0-{last} "
        "(0 is the bottom row)."
    ).format(last=rows - 1)


tetris_help = sentence(
    N_("A full row vanishes and the checkers above it fall one row; a four made by the move counts first.")
)


flip_rule = sentence(
    N_(
        "Instead of dropping a checker you may flip the rack over: every checker falls to the new floor. "
        "Nobody flips it twice in a row."
    )
)


# What the scene adds to :func:`flip_rule`.
flip_scene_hint = sentence(
    N_("The Flip the rack button or f does it. (A drag with the right mouse button only rotates your view of it.)")
)


def chance_help(probability: float) -> str:
    return _("Chance: {percent}% of the time a checker goes into another column (or row) than the one chosen.").format(
        percent=f"{probability * 100:g}"
    )


def swap_help(every: int) -> str:
    return _n(
        "Swap: after every {k} move an X and an O checker change colours.",
        "Swap: after every {k} moves an X and an O checker change colours.",
        every,
    ).format(k=every)


def rules_help(sentences: list[str]) -> str:
    """The rules' sentences as the scene's help shows them (HTML); empty for the standard game (no sentences)."""
    if not sentences:
        return ""
    return _("<b>Rules:</b> {rules}").format(rules="<br>".join(sentences))


name_sentences(globals())
