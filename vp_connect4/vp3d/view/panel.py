"""The control panel as one list of rows: :data:`ROWS`, each widget's id, kind, words and intent, in the page's order.

``view.controls.Controls`` makes the widgets from these rows, says their words again (``relabel``) and binds each to
its intent (a callback only puts the intent on the queue). The menus', sliders' and buttons' ids are given in the
page by ``assets/widgets.js``, by the order the widgets are made: this one. A row's words (``label``) are a
button's ``wording.button`` key, or a function of the ``Controls`` (``c``) that says a text or lists a menu's
choices in the language spoken now. No VPython here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ... import wording
from ...player import EVALUATIONS, TIEBREAKS
from ..control.intents import (
    ChangeRules,
    Command,
    Intent,
    KeepScores,
    LoadGame,
    SetLanguage,
    SetSeat,
    SetTiebreak,
    ThinkSpeed,
)
from ..texts.rules_menu import size_name
from . import markup
from .player_panel import seat_who
from .sliders import slider_to_level

LANGUAGE_CODES = tuple(wording.LANGUAGES)
LANGUAGE_LABEL = "Language / Taal"

LINE, TEXT, PLACEHOLDER, MENU, SLIDER, BUTTON, CHECKBOX, FIELD = (
    "line", "text", "placeholder", "menu", "slider", "button", "checkbox", "field"
)  # fmt: skip
SIDES = ("X", "O")
Words = Callable[[Any], Any]  # what a text says, or a menu's choices, in the language spoken now
Ask = Callable[[Any, Any], Intent]  # the intent of a widget used (given the widget)


@dataclass(frozen=True)
class Row:
    """One widget of the panel. ``id``: its element's id on the page (``assets/widgets.js`` gives the menus, sliders
    and buttons theirs by the order they are made: that of :data:`ROWS`; a text's is its name); ``kind``; ``label``:
    a button's words (``wording.button``'s key), or what a text says or a menu offers (said again by ``relabel``);
    ``intent``: what using it asks (a command, or made from the widget)."""

    id: str
    kind: str
    label: str | Words | None = None
    intent: Command | Ask | None = None


NEW_LINE = Row("", LINE)


def _side_rows(ox: str) -> list[Row]:
    """A side's three lines: its player, its look-ahead slider with its value, its evaluation."""
    x = ox.lower()
    return [
        Row(f"c4-{x}-player", MENU, lambda c: c.kinds(ox),
            lambda c, m: SetSeat(ox, "kind", seat_who(c.files, m.index))),
        NEW_LINE,
        Row(f"c4-{x}-ply-label", TEXT, lambda c: markup.ply_label(ox, wording.look_ahead_caption(ox))),
        Row(f"c4-{x}-ply", SLIDER, None, lambda c, s: SetSeat(ox, "level", slider_to_level(s.value, c.top))),
        Row(f"c4-{x}-ply-value", TEXT),  # ``ply 4 (medium)`` / ``perfect``: show_settings says it
        NEW_LINE,
        Row(f"c4-{x}-eval-label", TEXT, lambda c: markup.caption(wording.evaluation_caption())),
        Row(f"c4-{x}-eval", MENU, lambda c: c.evaluations(),
            lambda c, m: SetSeat(ox, "evaluation", EVALUATIONS[m.index])),
        NEW_LINE,
    ]  # fmt: skip


ROWS: tuple[Row, ...] = (
    *_side_rows("X"),
    *_side_rows("O"),
    Row("c4-tiebreak", MENU, lambda c: c.tiebreaks(), lambda c, m: SetTiebreak(TIEBREAKS[m.index])),
    NEW_LINE,
    Row("c4-new", BUTTON, "new", Command.NEW_GAME),
    Row("c4-undo", BUTTON, "undo", Command.UNDO),
    Row("c4-redo", BUTTON, "redo", Command.REDO),  # plays again what Undo took back
    Row("c4-hint", BUTTON, "hint", Command.HINT),
    NEW_LINE,
    Row("c4-keep", CHECKBOX, "keep", lambda c, box: KeepScores(box.checked)),
    NEW_LINE,
    Row("c4-pause", BUTTON, "pause", Command.TOGGLE_PAUSE),  # ``Resume`` while paused
    Row("c4-reset-view", BUTTON, "reset", Command.RESET_VIEW),
    Row("c4-swap", BUTTON, "swap", Command.SWAP_SIDES),  # X's and O's players change places
    NEW_LINE,
    Row("c4-variant-caption", TEXT, lambda c: markup.caption(wording.variant_caption(), "short")),
    Row("c4-variant", MENU, lambda c: c.variant_names(), lambda c, m: ChangeRules(variant=str(c.variants[m.index]))),
    NEW_LINE,
    Row("c4-size-caption", TEXT, lambda c: markup.caption(wording.size_caption(), "short")),
    Row("c4-size", MENU, lambda c: c.size_names(), lambda c, m: ChangeRules(size=size_name(c.sizes[m.index]))),
    NEW_LINE,
    Row("c4-flip", BUTTON, "flip", Command.FLIP),  # a move; greyed without flips
    Row("c4-analyse", BUTTON, "analyse", Command.ANALYSE_GAME),  # ``Back to the game`` while the analysis is shown
    NEW_LINE,
    Row("c4-think", BUTTON, "think", Command.THINK),  # ``Back to the game`` while the tree is shown
    Row("c4-think-step", BUTTON, "step", Command.THINK_STEP),  # Step, Play and the speed greyed without the tree
    Row("c4-think-play", BUTTON, "play", Command.THINK_PLAY),  # ``Stop`` while the calls play
    NEW_LINE,
    Row("c4-think-speed-label", TEXT, lambda c: markup.caption(wording.think_speed_caption())),
    Row("c4-think-speed", SLIDER, None, lambda c, s: ThinkSpeed(int(s.value))),
    NEW_LINE,
    Row("c4-tally", PLACEHOLDER),  # ``Score: X 2 – O 1, draws 0``
    NEW_LINE,
    Row("c4-lang-caption", TEXT, lambda c: markup.caption(LANGUAGE_LABEL, "load")),  # in both: findable in either
    Row("c4-lang", MENU, lambda c: list(wording.LANGUAGES.values()), lambda c, m: SetLanguage(LANGUAGE_CODES[m.index])),
    NEW_LINE,
    Row("c4-moves", TEXT, lambda c: markup.moves(c.code)),  # the game code, and the page's own Copy button
    NEW_LINE,
    Row("c4-load-caption", TEXT, lambda c: markup.caption(wording.load_caption(), "load")),
    Row("c4-load-code", FIELD),  # a game code to load (widgets.js: its keys are typing; Enter loads)
    Row("c4-load", BUTTON, "load", lambda c, _: LoadGame(c.load_field.text)),
    Row("c4-help", TEXT, lambda c: c.help_text()),
    Row("c4-scores", PLACEHOLDER),  # the hint's labels as they read
    Row("c4-page-script", TEXT),  # a script the page runs once (loading it again: reload_page)
    Row("c4-page", TEXT, lambda c: markup.PAGE_STYLE + markup.PAGE_SCRIPT),
)  # fmt: skip
