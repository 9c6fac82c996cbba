"""Every sentence a person reads, in one place, behind gettext (the message ids are English).

Both front ends (the terminal game and the 3D scene) and the errors of bad input take their
sentences from here. Each function looks its text up when it is called, so a language chosen
later (``gettext`` catalogues under ``vp_connect4/locale``) applies at once.

Not here: the log lines that scripts read (``move 3: X column 2``, ``result: X wins``,
``moves: ...``, ``setting: ...``); they never change. And CS111's exact sentences
(:data:`CS111`), which that course's texts fix in English.

Column numbers: the terminal game and the API count columns from 0, as ``set_board`` strings do;
the 3D scene counts them from 1, as its keys do. Functions that name a column take ``first``,
the number of the leftmost column.
"""

from __future__ import annotations

import gettext
from pathlib import Path

from .errors import Refusal

DOMAIN = "vp_connect4"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"

_translation: gettext.NullTranslations = gettext.translation(DOMAIN, LOCALE_DIR, fallback=True)


def _(message: str) -> str:
    return _translation.gettext(message)


def _n(singular: str, plural: str, n: int) -> str:
    return _translation.ngettext(singular, plural, n)


# -- sides and levels ---------------------------------------------------------------------


def colour(ox: str) -> str:
    return _("red") if ox == "X" else _("yellow")


def side(ox: str) -> str:
    """A side as the scene names it: ``X (red)``."""
    return _("{ox} ({colour})").format(ox=ox, colour=colour(ox))


def level(ply: int | None) -> str:
    """An AI level: ``ply 4``, or ``perfect`` (``ply`` None)."""
    return _("perfect") if ply is None else _("ply {ply}").format(ply=ply)


def level_value(ply: int | None) -> str:
    """A level beside its slider, named where it has a name: ``ply 4 (medium)``, ``ply 3``, ``perfect``."""
    names = {1: _("beginner"), 2: _("easy"), 4: _("medium"), 8: _("hard")}
    if ply in names:
        return _("{level} ({name})").format(level=level(ply), name=names[ply])
    return level(ply)


# -- why a move is refused -------------------------------------------------------------------


def refusal(reason: Refusal, col: object, width: int) -> str:
    """Why ``col`` (0-based) cannot be played, as an error message says it, e.g. ``column 3 is full``."""
    if reason is Refusal.GAME_OVER:
        return _("the game is over: start a new game")
    if reason is Refusal.NOT_A_COLUMN:
        return _("column must be a whole number 0-{last}, got {col!r}").format(last=width - 1, col=col)
    if reason is Refusal.OFF_BOARD:
        return _("column {col} is off the board: columns are 0-{last}").format(col=col, last=width - 1)
    return _("column {col} is full").format(col=col)


def no_move_game_over(winner: str) -> str:
    return _("there is no move to make: the game is over, {ox} has four in a row").format(ox=winner)


def no_move_board_full() -> str:
    return _("there is no move to make: the board is full")


def refusal_in_scene(reason: Refusal | str, col: int | None = None) -> str:
    """Why input is refused in the 3D scene, as its cue shows it (columns counted from 1).

    ``reason``: a :class:`Refusal` of the rules, or one of the scene's own: ``"falling"`` (a checker
    is still falling), ``"beside"`` (a click beside the rack), ``"nothing_to_undo"``, ``"no_selection"``
    (Enter or Space with no column chosen).
    """
    texts = {
        Refusal.GAME_OVER: _("the game is over: press New game"),
        Refusal.OFF_BOARD: _("there is no column {col}").format(col=(col or 0) + 1),
        Refusal.FULL: _("column {col} is full").format(col=(col or 0) + 1),
        "falling": _("wait for the checker to land"),
        "beside": _("click on a column of the rack"),
        "nothing_to_undo": _("nothing to undo"),
        "no_selection": _("choose a column first: the arrow keys move the checker above the rack"),
    }
    return texts[reason]


def ai_turn_refusal(ox: str) -> str:
    return _("it is the AI's turn ({ox})").format(ox=ox)


def thinking_refusal(ox: str) -> str:
    return _("wait: {ox} is thinking").format(ox=ox)


def capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]


# -- the terminal game -----------------------------------------------------------------------


def welcome() -> str:
    return _("Welcome to Connect Four!")


def ask_column(ox: str, width: int) -> str:
    return _("{ox}'s choice (0-{last}): ").format(ox=ox, last=width - 1)


def not_a_column(width: int) -> str:
    return _("Please type a column number from 0 to {last}.").format(last=width - 1)


def not_possible(reason: str) -> str:
    return _("Not possible: {reason}. Choose another column.").format(reason=reason)


def ai_plays(ox: str, level_label: str, col: int) -> str:
    return _("{ox} ({level}) plays column {col}.").format(ox=ox, level=level_label, col=col)


def stopped(moves: str) -> str:
    return _("Game stopped. Moves so far: {moves}").format(moves=moves or _("(none)"))


def moves_played(moves: str) -> str:
    return _("Moves: {moves}").format(moves=moves)


def result_in_terminal(winner: str | None, humans: list[str]) -> str:
    """The closing line of a terminal game (``winner`` None: a draw), worded for the people who played."""
    if winner is None:
        return _("It's a draw: the board is full.")
    if len(humans) == 1:
        if winner in humans:
            return _("{ox} wins -- you win, congratulations!").format(ox=winner)
        return _("{ox} wins -- the computer beats you this time.").format(ox=winner)
    return _("{ox} wins!").format(ox=winner)


# -- the command line -------------------------------------------------------------------------


def bad_level_option(deepest: int, perfect: str, text: str) -> str:
    return _("must be a whole number from 0 to {deepest}, or {perfect}, got {text!r}").format(
        deepest=deepest, perfect=perfect, text=text
    )


def bad_port_option(highest: int, text: str) -> str:
    return _("must be a whole number from 0 to {highest}, got {text!r}").format(highest=highest, text=text)


def port_unavailable(port: int, reason: str) -> str:
    return _("port {port} cannot be used: {reason}").format(port=port, reason=reason)


# -- the 3D scene -------------------------------------------------------------------------


def result_in_scene(winner: str | None, humans: list[str]) -> str:
    """The result banner and status line (``winner`` None: a draw)."""
    if winner is None:
        return _("Draw: the board is full. Press New game to play again.")
    if len(humans) == 1:
        if winner in humans:
            return _("You win! {side} has four in a row.").format(side=side(winner))
        return _("You lose: {side} has four in a row.").format(side=side(winner))
    return _("{side} wins with four in a row!").format(side=side(winner))


def falling(ox: str, col: int) -> str:
    """A checker is falling into ``col`` (0-based; shown counted from 1)."""
    return _("{side} plays column {col}…").format(side=side(ox), col=col + 1)


def ai_error(ox: str, error: str) -> str:
    return _("{side}: {error}. Change a setting or press New game.").format(side=side(ox), error=error)


def ai_failed(moving: bool, error: object) -> str:
    if moving:
        return _("the AI could not move: {error}").format(error=error)
    return _("the AI could not give a hint: {error}").format(error=error)


def paused(ox: str, is_ai: bool = True) -> str:
    if is_ai:
        return _("Paused: {side} to move (AI). Press Resume.").format(side=side(ox))
    return _("Paused: {side} to move. Press Resume.").format(side=side(ox))


def thinking(ox: str) -> str:
    return _("{side} is thinking…").format(side=side(ox))


def ai_to_move(ox: str) -> str:
    return _("{side} to move (AI)").format(side=side(ox))


def human_to_move(ox: str, width: int, alone: bool) -> str:
    """The status line when a person is to move (``alone``: one person against the AI)."""
    if alone:
        return _("Your turn: {side}. Click a column or press 1-{width}.").format(side=side(ox), width=width)
    return _("To move: {side}. Click a column or press 1-{width}.").format(side=side(ox), width=width)


def best_columns(ox: str, cols: list[int], verdict: str) -> str:
    """The hint's line: ``Best for X: column 5 (wins)``; ``cols`` 0-based (shown counted from 1)."""
    shown = ", ".join(str(col + 1) for col in cols)
    text = _n("Best for {ox}: column {cols} ({verdict})", "Best for {ox}: columns {cols} ({verdict})", len(cols))
    return text.format(ox=ox, cols=shown, verdict=verdict)


def verdict(score: float | None = None, distance: int | None = None) -> str:
    """How good the best column is: by a seed score (100 wins, 50 neither, 0 loses within the look-ahead)
    or, for the perfect level, by the solver's exact ``distance`` in moves (both sides' moves counted).
    """
    if distance is not None:
        if distance > 0:
            return _n("wins in {n} move", "wins in {n} moves", distance).format(n=distance)
        if distance < 0:
            return _n(
                "all moves lose, the slowest in {n} move", "all moves lose, the slowest in {n} moves", -distance
            ).format(n=-distance)
        return _("holds the draw")
    if score is not None and score >= 100:
        return _("wins")
    if score is not None and score <= 0:
        return _("all moves lose")
    return _("no win or loss in sight")


def with_hint(status: str, hint: str) -> str:
    """The status line followed by the hint's line."""
    return _("{status} {hint}.").format(status=status, hint=hint)


def puzzle_goal() -> str:
    """The task of the puzzle scene (``scenes/puzzle.py``), in the terminal and on the page."""
    return _("Puzzle: you are X (red), to move. Find the move that wins within three, whatever O does.")


def tally(x: int, o: int, draws: int) -> str:
    """The score across the games of a scene."""
    return _("Score: X {x} – O {o}, draws {draws}").format(x=x, o=o, draws=draws)


def game_ended() -> str:
    """Shown over the scene's page when the program has stopped (Ctrl-C, the terminal closed)."""
    return _("The game has ended: the program stopped. Start it again to play.")


def game_open_elsewhere() -> str:
    """Shown instead of the scene to a second tab while the game is open in another one."""
    return _("The game is open in another tab. Close this tab and play there.")


def seat_kind(ox: str, is_ai: bool) -> str:
    """A choice of the X and O menus: ``X (red): human`` / ``X (red): AI``."""
    kind = _("AI") if is_ai else _("human")
    return _("{side}: {kind}").format(side=side(ox), kind=kind)


def look_ahead_caption(ox: str) -> str:
    """The label in front of a side's look-ahead slider."""
    return _("{ox} look-ahead").format(ox=ox)


def evaluation_caption() -> str:
    return _("evaluation")


def evaluation(name: str) -> str:
    """A choice of the evaluation menu (``name``: simple or smart)."""
    return _("simple 0-50-100") if name == "simple" else _("smart")


def tiebreak(name: str) -> str:
    """A choice of the tiebreak menu (``name``: LEFT, RIGHT or RANDOM, kept as the seed spells them)."""
    return _("tiebreak {name}").format(name=name)


def button(name: str) -> str:
    """The label of a button or checkbox of the scene."""
    labels = {
        "new": _("New game"),
        "undo": _("Undo"),
        "hint": _("Hint"),
        "keep": _("keep scores shown"),
        "pause": _("Pause"),
        "resume": _("Resume"),
        "reset": _("Reset view"),
        "swap": _("Swap sides"),
    }
    return labels[name]


def scene_help(width: int) -> str:
    """The help text under the scene's widgets (HTML)."""
    return _(
        "<b>X</b> plays the <b style='color:#d32f2f'>red</b> checkers and moves first; "
        "<b>O</b> plays the <b style='color:#b8860b'>yellow</b> ones. Four in a row wins.\n"
        "<b>Play:</b> click a column or press the keys 1-{width}. "
        "<b>Turn the rack:</b> drag with the right mouse button (or Ctrl + drag). "
        "<b>Zoom:</b> mouse wheel.\n"
        "<b>Keys:</b> ← → choose a column, Enter or Space drops the checker; "
        "<b>n</b> New game, <b>u</b> Undo, <b>h</b> Hint.\n"
        "<b>Hint</b> shows the AI's score of each column for the side to move: "
        "<span style='color:#2e7d32'>100 wins</span>, 50 neither, "
        "<span style='color:#c62828'>0 loses</span> (within the AI's look-ahead)."
    ).format(width=width)


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
