"""Sentences of the command line (``--help``, its errors) and the terminal game; CS111's fixed English."""

from __future__ import annotations

from .language import _

__all__ = [
    "CS111",
    "analysis",
    "analysis_tip",
    "analysis_unfinished",
    "bad_level_option",
    "bad_port_option",
    "command_error",
    "draw_reason",
    "help_eval",
    "help_line",
    "help_ply",
    "help_size",
    "help_tiebreak",
    "host_game_result",
    "moves_played",
    "no_analysis",
    "not_possible",
    "outcome_words",
    "play_game_result",
    "port_unavailable",
    "result_in_terminal",
    "seed_prompt",
    "stopped",
    "top_level_searches",
    "welcome",
    "working_out",
]

# -- the command line (--help) ------------------------------------------------------------


def help_line(name: str) -> str:
    """A fixed text of ``--help`` (an option's help by its name: ``text``, ``seed``, ``port``...; argparse's own
    ``usage``, ``positionals``, ``options``, ``help``; the program's ``description``)."""
    texts = {
        "usage": _("usage: "),
        "positionals": _("positional arguments"),
        "options": _("options"),
        "help": _("show this help message and exit"),
        "description": _("Connect Four against a look-ahead AI. By default you play X against the AI as O."),
        "text": _("play in the terminal (ASCII board)"),
        "seed": _("seed for the RANDOM tiebreak (repeatable games)"),
        "no_browser": _("3D scene: start the server, print its URL, open no browser"),
        "port": _("3D scene: the port to serve on, 1-65535 (default: a free one)"),
        "moves": _("start from the position after these moves (columns 0-6, X first, as the log's moves: line)"),
        "variant": _(
            "rule variant: standard (default), gravity:down|up|left|right|down-left|down-right|turn[:k], tetris, flip, "
            "chance[:p], swap[:k], or several joined with + (e.g. tetris+chance:0.2); see the README for the rules"
        ),
        "analyse": _(
            "print each column's outcome with perfect play where the game starts (--moves, or the empty board); exit"
        ),
        "lang": _("language of the game: en (English) or nl (Nederlands); default: from the environment (LANG)"),
    }
    return texts[name]


def command_error(prog: str, message: str) -> str:
    return _("{prog}: error: {message}").format(prog=prog, message=message)


def help_ply(ox: str, perfect: str, default: int) -> str:
    return _("look-ahead of an AI playing {ox}: 0, 1, 2, ... or {perfect} (default: {default})").format(
        ox=ox, perfect=perfect, default=default
    )


def help_eval(ox: str) -> str:
    return _("how an AI playing {ox} judges its horizon: simple 0-50-100 or smart").format(ox=ox)


def help_tiebreak(default: str) -> str:
    return _("how the AIs choose among equal moves, one setting for the game (default: {default})").format(
        default=default
    )


def help_size(width: int, height: int) -> str:
    return _("the board: WxH, width and height each from 4 to 10 (default: {width}x{height})").format(
        width=width, height=height
    )


# -- the terminal game -----------------------------------------------------------------------


def welcome() -> str:
    return _("Welcome to Connect Four!")


def seed_prompt(ox: str) -> str:
    """The prompt of the seed's ``host_game``/``play_game``, as seed 003 shows it: ``Keuze van X: ``."""
    return _("{ox}'s choice: ").format(ox=ox)


def not_possible(reason: str, line: str = "column", flips: bool = False) -> str:
    """A move the rules refuse now; ``line``: what a drop names, ``flips``: whether the rules play flips."""
    if line == "column" and not flips:
        return _("Not possible: {reason}. Choose another column.").format(reason=reason)
    return _("Not possible: {reason}. Choose another move.").format(reason=reason)


def stopped(moves: str) -> str:
    return _("Game stopped. Moves so far: {moves}").format(moves=moves or _("(none)"))


def moves_played(moves: str) -> str:
    return _("Moves: {moves}").format(moves=moves)


def result_in_terminal(winner: str | None, humans: list[str], termination: str = "full") -> str:
    """The closing line of a terminal game (``winner`` None: a draw), worded for the people who played.

    ``termination``: why a draw ended the game (``Termination``'s values: full, both fours, move limit, no move).
    """
    if winner is None:
        return draw_reason(termination)
    if len(humans) == 1:
        if winner in humans:
            return _("{ox} wins -- you win, congratulations!").format(ox=winner)
        return _("{ox} wins -- the computer beats you this time.").format(ox=winner)
    return _("{ox} wins!").format(ox=winner)


def draw_reason(termination: str) -> str:
    """Why the game is a draw, as a sentence."""
    texts = {
        "full": _("It's a draw: the board is full."),
        "both fours": _("It's a draw: both sides have four in a row."),
        "move limit": _("It's a draw: the game reached its move limit."),
        "no move": _("It's a draw: no move is left."),
    }
    return texts.get(termination, _("It's a draw."))


def host_game_result(winner: str | None) -> str:
    """The seed's ``host_game`` ends with this (seed 003): ``X wins -- Congratulations!``."""
    if winner is None:
        return _("Draw -- the board is full!")
    return _("{ox} wins -- Congratulations!").format(ox=winner)


def play_game_result(winner: str | None) -> str:
    """The seed's ``play_game`` ends with this (seed 000): ``X wins!``."""
    if winner is None:
        return _("Draw!")
    return _("{ox} wins!").format(ox=winner)


# -- the command line -------------------------------------------------------------------------


def bad_level_option(perfect: str, text: str) -> str:
    """A ``--x-ply``/``--o-ply`` value that is not a level."""
    return _("must be a whole number 0 or more, or {perfect}, got {text!r}").format(perfect=perfect, text=text)


def bad_port_option(highest: int, text: str) -> str:
    return _("must be a whole number from 0 to {highest}, got {text!r}").format(highest=highest, text=text)


def port_unavailable(port: int, reason: str) -> str:
    return _("port {port} cannot be used: {reason}").format(port=port, reason=reason)


# -- CS111's sentences: that course's texts fix them in English ------------------------------

CS111 = {
    "welcome": "Welcome to Connect Four!",
    "need_both": "need one X player and one O player.",
    "turn": "{player}'s turn",
    "wins": "{player} wins in {moves} moves.",
    "congratulations": "Congratulations!",
    "tie": "It's a tie!",
    "ask": "Enter a column: ",
    "again": "Try again!",
    "stopped": "Game stopped.",
}


# -- analysis: each column's outcome with perfect play ----------------------------------------------------


def outcome_words(distance: int | None, full: bool = False) -> str:
    """One column's outcome with perfect play by both sides, as Pons' solver shows it: ``wins in 7``,
    ``draw``, ``loses in 12`` (moves of both sides counted); ``full``; ``?`` when not worked out in time."""
    if full:
        return _("full")
    if distance is None:
        return "?"
    if distance > 0:
        return _("wins in {n}").format(n=distance)
    if distance < 0:
        return _("loses in {n}").format(n=-distance)
    return _("draw")


def analysis(ox: str, entries: list[str], first: int = 0) -> str:
    """The analysis of the position for ``ox``: ``entries`` per column, numbered from ``first``."""
    columns = "  ".join(f"{col + first}: {text}" for col, text in enumerate(entries))
    return _("With perfect play, for {ox} (moves of both sides counted): {columns}").format(ox=ox, columns=columns)


def no_analysis() -> str:
    return _("(There is no analysis for these rules: the solver plays the standard game, seen from any side.)")


def top_level_searches(sides: list[str]) -> str:
    """The perfect level of ``sides`` cannot play perfectly here (another size, other rules): what it does instead."""
    return _(
        "({sides} at the top level: perfect play is out of reach on this board under these rules, so it searches as "
        "deep as it can in about a second a move, exact only where the solver finishes in time.)"
    ).format(sides=" and ".join(sides))


def analysis_tip() -> str:
    return _("(Type ? instead of a column to see each column's outcome with perfect play.)")


def working_out(known: int, columns: int) -> str:
    """The analysis is not ready at once: the solver is at work (``known`` of ``columns`` worked out so far)."""
    return _("(Working out the outcomes with perfect play: {known} of {columns} columns so far…)").format(
        known=known, columns=columns
    )


def analysis_unfinished(seconds: float) -> str:
    return _("(? : not worked out within {seconds:g} s)").format(seconds=seconds)
