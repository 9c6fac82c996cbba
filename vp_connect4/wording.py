"""Every sentence a person reads, in one place, behind gettext (the message ids are English).

Both front ends (the terminal game and the 3D scene) and the errors of bad input take their
sentences from here. Each function looks its text up when it is called, so a language chosen
later (``gettext`` catalogues under ``vp_connect4/locale``) applies at once.

The language: :func:`use_language` (``en``, ``nl``, or None for the environment as gettext reads it:
LANGUAGE, LC_ALL, LC_MESSAGES, LANG; English when no catalogue matches). ``--lang`` and the scene's
language menu call it. A :class:`Phrase` is a sentence said later, in the language of that moment
(error messages, the scene's refusals); :func:`english` makes a block English for the log.
New sentences: ``make translations`` (``tests/catalogue.py``) adds their ids to the ``.po`` files and
lists every id still without a translation.

Not here: the log lines that scripts read (``move 3: X column 2``, ``result: X wins``,
``moves: ...``, ``setting: ...``); they never change. And CS111's exact sentences
(:data:`CS111`), which that course's texts fix in English.

Column numbers: the terminal game and the API count columns from 0, as ``set_board`` strings do;
the 3D scene counts them from 1, as its keys do. Functions that name a column take ``first``,
the number of the leftmost column.
"""

from __future__ import annotations

import gettext
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from .errors import Refusal

DOMAIN = "vp_connect4"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
LANGUAGES = {"en": "English", "nl": "Nederlands"}  # each language named in itself (the scene's language menu)
ENGLISH = "en"  # the message ids: no catalogue
ENVIRONMENT = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")  # where gettext looks, in this order

_translation: gettext.NullTranslations = gettext.NullTranslations()
_language = ENGLISH
_local = threading.local()  # a thread's own translation while it speaks English (:func:`english`)


def _(message: str) -> str:
    return _current().gettext(message)


def _n(singular: str, plural: str, n: int) -> str:
    return _current().ngettext(singular, plural, n)


def _current() -> gettext.NullTranslations:
    return getattr(_local, "translation", None) or _translation


def language_from_environment() -> str:
    """The language gettext chooses from LANGUAGE, LC_ALL, LC_MESSAGES and LANG; English if none has a catalogue."""
    found = gettext.find(DOMAIN, LOCALE_DIR)  # .../locale/<code>/LC_MESSAGES/vp_connect4.mo
    return Path(found).parent.parent.name if found else ENGLISH


def use_language(code: str | None = None) -> str:
    """Speak ``code`` (``en`` or ``nl``) from now on, or (None) the environment's language; returns the code.

    Every function here looks its text up when called, so what is shown next is in the new language.
    """
    global _translation, _language
    if code is None:
        code = language_from_environment()
    if code not in LANGUAGES:
        raise ValueError(bad_language(code))
    if code == ENGLISH:
        _translation = gettext.NullTranslations()
    else:
        _translation = gettext.translation(DOMAIN, LOCALE_DIR, languages=[code])
    _language = code
    return code


def language() -> str:
    """The code of the language spoken now: ``en`` or ``nl``."""
    return _language


@contextmanager
def english() -> Iterator[None]:
    """Within the block, this thread's sentences are English (the log lines scripts read never change)."""
    previous = getattr(_local, "translation", None)
    _local.translation = gettext.NullTranslations()
    try:
        yield
    finally:
        _local.translation = previous


@dataclass(frozen=True)
class Phrase:
    """A sentence said later, in the language of that moment: ``Phrase(refusal_in_scene, "falling")()``."""

    say: Callable[..., str]
    args: tuple[object, ...] = ()

    def __call__(self) -> str:
        return self.say(*self.args)

    def in_english(self) -> str:
        with english():
            return self()


def phrase(say: Callable[..., str], *args: object) -> Phrase:
    return Phrase(say, args)


def said(text: str | Phrase) -> str:
    """A sentence now: a Phrase said, a string as it is."""
    return text() if isinstance(text, Phrase) else text


def said_in_english(text: str | Phrase | BaseException) -> str:
    with english():
        return str(text) if isinstance(text, BaseException) else said(text)


use_language()  # the environment's language until told otherwise (--lang, the scene's menu)


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


# -- bad input: the errors' messages ------------------------------------------------------


def bad_checker(ox: object) -> str:
    return _("checker must be 'X' or 'O' (capital letters), got {value!r}").format(value=ox)


def bad_size(name: str, top: int, value: object) -> str:
    """``name``: the parameter, ``width`` or ``height``."""
    return _("{name} must be a whole number from 1 to {top}, got {value!r}").format(name=name, top=top, value=value)


def bad_move_string(value: object) -> str:
    return _("move_string must be a string of column digits, got {value!r}").format(value=value)


def bad_move_digit(number: int, moves: str, char: str, last: int) -> str:
    return _("move {number} of {moves!r} is {char!r}: only digits 0-{last} are allowed").format(
        number=number, moves=moves, char=char, last=last
    )


def move_refused(number: int, moves: str, error: object) -> str:
    return _("move {number} of {moves!r}: {error}").format(number=number, moves=moves, error=error)


def bad_choice(name: str, choices: tuple[str, ...], value: object) -> str:
    """``name``: the parameter (``tiebreak``, ``evaluation``)."""
    return _("{name} must be one of {choices}, got {value!r}").format(
        name=name, choices=", ".join(choices), value=value
    )


def bad_ply(value: object) -> str:
    return _("ply must be a whole number 0 or more, got {value!r}").format(value=value)


def bad_level(perfect: str, value: object) -> str:
    return _("a level is a whole number 0 or more, or {perfect!r}, got {value!r}").format(perfect=perfect, value=value)


def bad_rng(value: object) -> str:
    return _("rng must be a random.Random, e.g. random.Random(1), got {value}").format(value=repr(value)[:40])


def not_a_board(value: object) -> str:
    return _("expected a Board, got {kind} {value}").format(kind=type(value).__name__, value=repr(value)[:40])


def no_scores(scores: object) -> str:
    return _("scores must hold at least one score that is a number, got {value!r}").format(value=scores)


def bad_seat_kind(kind: object) -> str:
    return _("a seat is 'human' or 'ai', got {value!r}").format(value=kind)


def not_a_seat(value: object) -> str:
    return _("seat must be a Seat, got {value!r}").format(value=value)


def bad_player(ox: str, value: object) -> str:
    return _("{ox} must be a Player or the string 'human', got {value!r}").format(ox=ox, value=value)


def wrong_checker(ox: str, plays: str) -> str:
    return _("the Player for {ox} plays {plays!r}: give it checker {ox!r}").format(ox=ox, plays=plays)


def bad_language(value: object) -> str:
    return _("language must be one of {choices}, got {value!r}").format(choices=", ".join(LANGUAGES), value=value)


# -- the command line (--help) ------------------------------------------------------------


def usage_prefix() -> str:
    return _("usage: ")


def help_positionals() -> str:
    return _("positional arguments")


def help_options() -> str:
    return _("options")


def help_help() -> str:
    return _("show this help message and exit")


def command_error(prog: str, message: str) -> str:
    return _("{prog}: error: {message}").format(prog=prog, message=message)


def help_description() -> str:
    return _("Connect Four against a look-ahead AI. By default you play X against the AI as O.")


def help_text() -> str:
    return _("play in the terminal (ASCII board)")


def help_seat(ox: str, default: str) -> str:
    if ox == "X":
        return _("who plays X, who moves first (default: {default})").format(default=default)
    return _("who plays O (default: {default})").format(default=default)


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


def help_seed() -> str:
    return _("seed for the RANDOM tiebreak (repeatable games)")


def help_no_browser() -> str:
    return _("3D scene: start the server, print its URL, open no browser")


def help_port() -> str:
    return _("3D scene: the port to serve on, 1-65535 (default: a free one)")


def help_moves() -> str:
    return _("start from the position after these moves (columns 0-6, X first, as the log's moves: line)")


def help_lang() -> str:
    return _("language of the game: en (English) or nl (Nederlands); default: from the environment (LANG)")


# -- the terminal game -----------------------------------------------------------------------


def welcome() -> str:
    return _("Welcome to Connect Four!")


def ask_column(ox: str, width: int) -> str:
    """The prompt of ``python main.py --text``: ``X's choice (0-6): ``."""
    return _("{ox}'s choice (0-{last}): ").format(ox=ox, last=width - 1)


def seed_prompt(ox: str) -> str:
    """The prompt of the seed's ``host_game``/``play_game``, as seed 003 shows it: ``Keuze van X: ``."""
    return _("{ox}'s choice: ").format(ox=ox)


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


def bad_level_option(deepest: int, perfect: str, text: str) -> str:
    """A ``--x-ply``/``--o-ply`` value that is not a level."""
    return _("must be a whole number from 0 to {deepest}, or {perfect}, got {text!r}").format(
        deepest=deepest, perfect=perfect, text=text
    )


def bad_port_option(highest: int, text: str) -> str:
    return _("must be a whole number from 0 to {highest}, got {text!r}").format(highest=highest, text=text)


def port_unavailable(port: int, reason: str) -> str:
    return _("port {port} cannot be used: {reason}").format(port=port, reason=reason)


# -- the 3D scene -------------------------------------------------------------------------


def title() -> str:
    """The page's title."""
    return _("Connect Four")


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


def ai_bad_column(col: object) -> str:
    return _("the AI chose column {col}, which cannot be played").format(col=col)


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


def vs_ai_description(ply: int) -> str:
    """What ``scenes/vs_ai.py`` prints in the terminal."""
    return _("You are X (red) and move first; the AI plays O (yellow) at ply {ply}.").format(ply=ply)


def ai_duel_description(x_ply: int, o_ply: int) -> str:
    """What ``scenes/ai_duel.py`` prints in the terminal."""
    return _("AI duel: X (red) looks {x} moves ahead, O (yellow) {o}.").format(x=x_ply, o=o_ply)


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
