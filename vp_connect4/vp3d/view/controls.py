"""The widgets around the scene. Their callbacks only put an intent on the queue.

The page (VPython renders widgets as plain HTML elements; ``assets/page.css`` lays them out, each in a box of
its own that no text changes, and ``assets/page_layout.js`` gives the canvas the rest of the window):

- above the canvas (its title anchor): the title, then ``#c4-status`` the status line (two lines; a long text gets
  a smaller font): ``Your turn: X (orange). Click a column or press 0-6.`` /
  ``To move: ...`` (two people) / ``O (blue) is thinking…`` / ``O (blue) to move (AI)`` /
  ``X (orange) plays column 3…`` (a checker falls) / ``Paused: ...`` / ``You win! ...`` /
  ``You lose: ...`` / ``X (orange) wins with four in a row!`` /
  ``Draw: the board is full. ...``; under it ``#c4-events``, what happened in the last move of a rule variant
  besides its checker's fall (chance, a flip, a cleared row, gravity turning, a swap), and ``#c4-cue``: a refused
  input's reason (e.g. ``column 3 is full``), shown for a few seconds; ``#c4-banner``, the result over the canvas.
- the canvas (click a column; right-drag or Ctrl-drag rotates; the wheel zooms).
- the panel right of the canvas (its caption anchor), a setting a line: ``#c4-goal``, a puzzle's task (only when
  the scene has one), then the widgets of :data:`.panel.ROWS` (a row each: its id, kind, words, intent), in the page's
  order: X's player (``human`` / ``AI`` / a file, :mod:`.player_panel`), look-ahead slider (0 .. MAX_PLY or deeper,
  then ``perfect``) and evaluation, the same for O (a human side's slider and evaluation menu are greyed; the sides'
  lines line up), the tiebreak, New game, Undo, Redo, Hint, *keep scores shown*, Pause / Resume, Reset view, Swap
  sides, the rules and size menus (a new game under them), Flip the rack (greyed without flips), Analyse game /
  Back to the game, the score (New game keeps it), the language (every text in it), the game code with its Copy
  button, the field and button that load a game code (its keys do not play columns; a bad code: a cue), the help
  (the colours, how to play, rotate and zoom, a rule variant's rules) and, last, ``#c4-scores``, visually hidden
  (for screen readers and tests): the hint's labels above the rack as they read, ``50 | 100 | ...`` or ``loses in
  40 | draw | ...`` (``-`` for a hidden one), empty without a hint.
The same script (``assets/widgets.js``) stops the browser's context menu, so a right-drag rotates, keeps the
arrow keys and Space from scrolling the page (they choose and drop a column) and takes the focus off a clicked
button; ``assets/page_layout.js`` sizes the canvas. The HTML of each text (status, cue, events, the game code...)
is :mod:`.markup`'s.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from ... import wording
from ...board import RulesBoard
from ...game import Game
from ...levels import exact_on
from ...player import EVALUATIONS, TIEBREAKS
from ...rules import Variant
from .. import assets
from ..control.intents import Command, Intent
from ..control.think.part import DEFAULT_SPEED, SPEEDS
from ..texts.rules_help import rules_help
from ..texts.rules_menu import menu_sizes, menu_variants, size_name
from . import markup
from .panel import BUTTON, CHECKBOX, FIELD, LANGUAGE_CODES, LINE, MENU, PLACEHOLDER, ROWS, SIDES, SLIDER, TEXT, Row
from .player_panel import seat_choices, seat_index
from .sliders import MAX_PLY, level_to_slider

SLIDER_LENGTH = 160  # VPython's length: the track is 112 pixels wide, its margins 12 each side
LOAD_FIELD_WIDTH = 160  # pixels
# VPython sends a frame's changed attributes as a set, in no order: a menu's new ``choices`` (which select
# their first entry in the page) may arrive after its ``selected``. So the choices are selected again later.
RESELECT_AFTER = (0.2, 1.0)  # seconds after a relabel
THINK_BUTTONS = ("think", "step", "play")  # their words are ``wording.think_button``'s (Think's: Back to the game)
THINK_SPEED = "c4-think-speed"


class Controls:
    """Status line, cue, menus, sliders, buttons and captions of one canvas; ``relabel`` says them all again."""

    def __init__(
        self,
        canvas: Any,
        put: Callable[[Intent], None],
        width: int,
        top: int = MAX_PLY,
        goal: str | wording.Phrase = "",
        variant: Variant | None = None,
        height: int = 6,
        initial: Game | None = None,
        paused: bool = False,
    ) -> None:
        """``variant``: the rules the scene starts with (the rules menu shows them, added if not a usual choice);
        ``initial``: the game it starts with, whose settings the widgets show from the first frame on (and the
        status line says that the scene is starting, until the controller says what it is)."""
        import vpython as vp

        self._vp = vp
        self._put = put
        self.top = top
        self.width = width
        self.height = height
        self.goal_text = goal
        self.rules = variant if variant is not None else Variant()
        self.variants = menu_variants(self.rules)
        self.sizes = menu_sizes((width, height))
        self._events_text = ""
        self._answering = False  # the other side's offer waits for this side's answer: its buttons shown
        self.remote: str | None = None  # over a link: the side played on the other machine (see show_linked)
        self.code = ""
        self._analysing = False
        self._think_shown = False  # Think's tree is shown
        self._think_playing = False
        self._paused = False
        self._reselect_at: list[float] = []
        self.files: list[str] = []  # the player files the X and O menus offer after human and AI
        self._initial = initial  # the widgets are made showing its settings: none is corrected in a later frame
        if initial is not None:
            self.files = list(dict.fromkeys(seat.source for seat in initial.seats.values() if seat.source))
        canvas.title = ""
        head = canvas.title_anchor  # the lines above the canvas; their boxes are the page's (assets/page.css)
        self.title = vp.wtext(pos=head, text="")
        self.status = vp.wtext(pos=head, text=markup.status(wording.scene_starting()))
        self.cue = vp.wtext(pos=head, text=markup.placeholder("c4-cue"))
        self.events = vp.wtext(pos=head, text=markup.placeholder("c4-events"))
        self.banner = vp.wtext(pos=head, text=markup.banner(""))
        canvas.caption = ""
        self._anchor = canvas.caption_anchor  # the panel beside the canvas: a setting a line
        self.goal = vp.wtext(pos=self._anchor, text="") if goal else None  # a puzzle's task, above the widgets
        self.widgets: dict[str, Any] = {}
        for row in ROWS:
            widget = self._make(row)
            if row.kind != LINE:
                self.widgets[row.id] = widget
        self._name_widgets()
        self.relabel()
        self.show_think(False)
        if initial is not None:
            self.show_settings(initial, paused)

    def _make(self, row: Row) -> Any:
        """The widget of ``row``, in the panel (after the ones before it)."""
        vp, at = self._vp, self._anchor
        if row.kind == LINE:
            return vp.wtext(pos=at, text="\n")
        if row.kind == PLACEHOLDER:
            return vp.wtext(pos=at, text=markup.placeholder(row.id))
        if row.kind == TEXT:
            return vp.wtext(pos=at, text=self._words(row))
        if row.kind == FIELD:
            return vp.winput(pos=at, type="string", width=LOAD_FIELD_WIDTH, bind=lambda _: None)
        bind = self._bind(row)
        if row.kind == SLIDER and row.id == THINK_SPEED:
            last = len(SPEEDS) - 1
            return vp.slider(pos=at, min=0, max=last, step=1, value=DEFAULT_SPEED, length=SLIDER_LENGTH, bind=bind)
        if row.kind == SLIDER:
            value = self._selected(row.id) or 0
            return vp.slider(pos=at, min=0, max=self.top + 1, step=1, value=value, length=SLIDER_LENGTH, bind=bind)
        if row.kind == MENU:
            index = self._selected(row.id)
            chosen = {} if index is None else {"index": index}
            # ``disabled``: VPython 7.6.5's menu has none until it is given one
            return vp.menu(pos=at, choices=self._words(row), bind=bind, disabled=False, **chosen)
        maker = vp.checkbox if row.kind == CHECKBOX else vp.button
        return maker(pos=at, text=self._words(row), bind=bind)

    def _bind(self, row: Row) -> Callable[[Any], None]:
        """The widget's callback: it puts the row's intent on the queue, nothing else."""
        intent = row.intent
        if isinstance(intent, Command):
            return lambda _: self._put(intent)
        assert intent is not None, row
        return lambda widget: self._put(intent(self, widget))

    def _words(self, row: Row) -> Any:
        """What ``row``'s widget says now: a button's words, a text, a menu's choices ("" for a text said later)."""
        if isinstance(row.label, str):
            name = row.label
            if name == "pause" and self._paused:
                name = "resume"
            elif name == "analyse" and self._analysing:
                name = "back"
            if name in THINK_BUTTONS:
                if name == "think" and self._think_shown:
                    return wording.button("back")
                return wording.think_button("stop" if name == "play" and self._think_playing else name)
            return wording.button(name)
        return "" if row.label is None else row.label(self)

    def _selected(self, row_id: str) -> int | None:
        """A menu's first choice (a ply slider's first value), where it is not the first of its choices (0)."""
        sizes = self.sizes.index((self.width, self.height))
        chosen = {"c4-variant": self.variants.index(self.rules), "c4-size": sizes}
        game = self._initial
        if game is not None:  # the game's settings, from the first frame on
            chosen["c4-tiebreak"] = TIEBREAKS.index(game.tiebreak)
            for ox, seat in game.seats.items():
                x = ox.lower()
                chosen[f"c4-{x}-player"] = seat_index(seat, self.files)
                chosen[f"c4-{x}-eval"] = EVALUATIONS.index(seat.evaluation)
                chosen[f"c4-{x}-ply"] = level_to_slider(seat.level, self.top)
        return chosen.get(row_id, LANGUAGE_CODES.index(wording.language()) if row_id == "c4-lang" else None)

    def _name_widgets(self) -> None:
        """The widgets by what they are for (the sides' by side)."""
        w = self.widgets

        def sides(name: str) -> dict[str, Any]:
            return {ox: w[f"c4-{ox.lower()}-{name}"] for ox in SIDES}

        self.kind, self.ply_label = sides("player"), sides("ply-label")
        self.ply, self.ply_value = sides("ply"), sides("ply-value")
        self.evaluation_label, self.evaluation = sides("eval-label"), sides("eval")
        self.tiebreak, self.keep, self.pause, self.flip = w["c4-tiebreak"], w["c4-keep"], w["c4-pause"], w["c4-flip"]
        self.variant_caption, self.variant = w["c4-variant-caption"], w["c4-variant"]
        self.size_caption, self.size = w["c4-size-caption"], w["c4-size"]
        self.tally, self.language, self.moves = w["c4-tally"], w["c4-lang"], w["c4-moves"]
        self.load_caption, self.load_field = w["c4-load-caption"], w["c4-load-code"]
        self.help, self.score_texts, self.page_script = w["c4-help"], w["c4-scores"], w["c4-page-script"]
        self.think_speed = w[THINK_SPEED]
        own = ("c4-pause", "c4-flip")  # Pause's words follow the game; the flip is greyed with the rules
        self.buttons = {row.label: w[row.id] for row in ROWS if row.kind == BUTTON and row.id not in own}

    def kinds(self, ox: str) -> list[str]:
        return [wording.link_seat(ox)] if ox == self.remote else seat_choices(ox, self.files)

    def show_player_files(self, files: list[str]) -> None:
        """The player files the X and O menus offer after human and AI."""
        self.files = list(files)
        for ox in ("X", "O"):
            _relabel_menu(self.kind[ox], self.kinds(ox))
        self._reselect_at = [time.monotonic() + delay for delay in RESELECT_AFTER]  # new choices: see RESELECT_AFTER

    def evaluations(self) -> list[str]:
        return [wording.evaluation(name) for name in EVALUATIONS]

    def tiebreaks(self) -> list[str]:
        return [wording.tiebreak(name) for name in TIEBREAKS]

    def variant_names(self) -> list[str]:
        return [variant.name() for variant in self.variants]

    def help_text(self) -> str:
        return markup.help_text(self.width, rules_help(self.rules, self.height))

    def size_names(self) -> list[str]:
        return list(map(size_name, self.sizes))

    def relabel(self) -> None:
        """Say every fixed text of the page again, in the language spoken now (menus keep their choice).

        The controller re-sends what depends on the game: status, settings (slider values), tally and banner.
        """
        _set(self.title, "text", markup.title())
        if self.goal is not None:
            _set(self.goal, "text", markup.goal(wording.said(self.goal_text)))
        for row in ROWS:
            if row.label is None:
                continue
            if row.kind == MENU:
                _relabel_menu(self.widgets[row.id], self._words(row))
            else:
                _set(self.widgets[row.id], "text", self._words(row))
        _set(self.language, "index", LANGUAGE_CODES.index(wording.language()))
        self.show_events(self._events_text)
        now = time.monotonic()
        self._reselect_at = [now + delay for delay in RESELECT_AFTER]

    def menus(self) -> list[Any]:
        return [self.widgets[row.id] for row in ROWS if row.kind == MENU]

    def settle(self, now: float) -> None:
        """Once a frame: after a relabel, send each menu's selected choice again (see RESELECT_AFTER)."""
        if not self._reselect_at or now < self._reselect_at[0]:
            return
        self._reselect_at.pop(0)
        for menu in self.menus():
            if menu.index is not None:
                menu.selected = menu.choices[menu.index]

    # -- shown state ---------------------------------------------------------------------

    def show_status(self, text: str) -> None:
        self.status.text = markup.status(text)

    def show_cue(self, text: str) -> None:
        self.cue.text = markup.cue(text)

    def show_banner(self, text: str | None) -> None:
        """The result over the canvas (``#c4-banner``); None or empty: none."""
        _set(self.banner, "text", markup.banner(text or ""))

    def show_events(self, text: str) -> None:
        """What happened in the last move besides its fall (a rule variant's chance, flip, ...), on the line under
        the status; the line keeps its place (empty) between events."""
        self._events_text = text
        _set(self.events, "text", markup.events(text, self._answering))

    def show_answers(self, on: bool) -> None:
        """Over a link, the other side's offer asked here: Accept and Refuse first on the events' line (``on``)."""
        self._answering = on
        self.show_events(self._events_text)

    def reload_page(self) -> None:
        self.page_script.text = assets.script("reload.js")

    def show_analysing(self, on: bool) -> None:
        """Analyse game's button says *Back to the game* while the analysis is shown."""
        self._analysing = on
        _set(self.buttons["analyse"], "text", wording.button("back" if on else "analyse"))  # as _words says it

    def show_think(self, on: bool) -> None:
        """Think's button says *Back to the game* while the tree is shown; Step, Play and the speed are greyed
        without it."""
        self._think_shown = on
        if not on:
            self._think_playing = False
        for name in THINK_BUTTONS:
            _set(self.buttons[name], "text", self._words(Row("", BUTTON, name)))
        for widget in (self.buttons["step"], self.buttons["play"], self.think_speed):
            _set(widget, "disabled", not on)

    def show_think_playing(self, on: bool) -> None:
        """Think's Play says *Stop* while the calls play on their own."""
        self._think_playing = on
        _set(self.buttons["play"], "text", self._words(Row("", BUTTON, "play")))

    def show_score_texts(self, texts: list[str]) -> None:
        """The hint's labels as they read (``#c4-scores``, see the module docstring); ``[]``: none shown."""
        _set(self.score_texts, "text", markup.score_texts(texts))

    def show_tally(self, text: str) -> None:
        self.tally.text = markup.tally(text)

    def show_keep_scores(self, on: bool) -> None:
        _set(self.keep, "checked", on)

    def show_moves(self, code: str) -> None:
        self.code = code
        _set(self.moves, "text", markup.moves(self.code))

    def clear_load_field(self) -> None:
        self.load_field.text = ""

    def show_settings(self, game: Game, paused: bool, held: str | None = None) -> None:
        """Make each widget agree with the game; touch only those that differ, and not the ply slider of the side
        ``held``, whose drag is not fought."""
        for ox, seat in game.seats.items():
            if seat.source not in (None, *self.files):
                self.show_player_files([*self.files, seat.source])  # type: ignore[list-item]
            _set(self.kind[ox], "index", 0 if ox == self.remote else seat_index(seat, self.files))
            if ox != held:
                _set(self.ply[ox], "value", level_to_slider(seat.level, self.top))
            value = wording.level_value(seat.level.ply, exact_on(game.board))
            _set(self.ply_value[ox], "text", markup.ply_value(ox, value))
            _set(self.evaluation[ox], "index", EVALUATIONS.index(seat.evaluation))
            remote = ox == self.remote  # played on the other machine: chosen there
            _set(self.kind[ox], "disabled", remote)
            _set(self.ply[ox], "disabled", not seat.is_ai or remote)  # a person's side: greyed
            own = seat.source is not None  # a player file: its own evaluation
            _set(self.evaluation[ox], "disabled", not seat.is_ai or own or remote)
        _set(self.tiebreak, "index", TIEBREAKS.index(game.tiebreak))
        self._paused = paused
        _set(self.pause, "text", wording.button("resume" if paused else "pause"))
        self.show_rules(game.board)
        size = (game.board.width, game.board.height)
        if size not in self.sizes:
            self.sizes = menu_sizes(*self.sizes, size)
            _relabel_menu(self.size, self.size_names())
        _set(self.size, "index", self.sizes.index(size))
        for menu in (self.variant, self.size):  # over a link: the host's, for the whole game
            _set(menu, "disabled", self.remote is not None)

    def show_linked(self, remote: str) -> None:
        """A game over a link, ``remote`` played on the other machine: its menu says so; it and its slider, and the
        rules and size menus, are greyed from the next :meth:`show_settings` on. Shown again after a swap: the other
        side's menu offers this machine's players again (:meth:`show_settings` selects its seat's)."""
        self.remote = remote
        for ox in ("X", "O"):
            menu, choices = self.kind[ox], self.kinds(ox)
            if menu.choices != choices:
                menu.choices, menu.selected = choices, choices[0]

    def show_rules(self, board: RulesBoard) -> None:
        """The rules menu shows ``board``'s rules (added to its choices if need be); the flip's button is greyed
        where the rules play no flips; the help says the rules."""
        variant = board.variant
        if variant not in self.variants:
            self.variants = menu_variants(*self.variants, variant)
            _relabel_menu(self.variant, self.variant_names())
        _set(self.variant, "index", self.variants.index(variant))
        _set(self.flip, "disabled", board.flip_move() is None)
        if variant != self.rules:
            self.rules = variant
            _set(self.help, "text", self.help_text())
            self.show_events(self._events_text)


def _relabel_menu(menu: Any, choices: list[str]) -> None:
    """New words for a menu's choices; the same choice stays selected."""
    if menu.choices == choices:
        return
    index = menu.index
    menu.choices = choices
    if index is not None:
        menu.selected = choices[index]


def _set(widget: Any, attr: str, value: object) -> None:
    if getattr(widget, attr) != value:
        setattr(widget, attr, value)
