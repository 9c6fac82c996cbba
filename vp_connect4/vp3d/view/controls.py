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
  the scene has one), then

  ========================  ==========================  ================================================
  element                   id (set by a small script)  what
  ========================  ==========================  ================================================
  ``<select>``              ``c4-x-player``             ``X (orange): human`` / ``AI`` / a file (``player_panel``)
  text                      ``c4-x-ply-label``          ``X look-ahead``
  jQuery-UI slider          ``c4-x-ply``                X's ply, 0 .. MAX_PLY (or deeper), then ``perfect``
  text                      ``c4-x-ply-value``          the value: ``ply 4 (medium)`` / ``perfect``
  ``<select>``              ``c4-x-eval``               ``simple 0-50-100`` / ``smart``
  (a human side's slider and evaluation menu are disabled, greyed; the sides' lines line up)
  the same four for O       ``c4-o-...``                ``O (blue): human`` / ``O (blue): AI`` ...
  ``<select>``              ``c4-tiebreak``             ``tiebreak LEFT`` / ``tiebreak RIGHT`` / ``tiebreak RANDOM``
  ``<button>``              ``c4-new``                  ``New game``
  ``<button>``              ``c4-undo``                 ``Undo``
  ``<button>``              ``c4-redo``                 ``Redo``: plays again what Undo took back
  ``<button>``              ``c4-hint``                 ``Hint``
  ``<input type=checkbox>`` ``c4-keep``                 ``keep scores shown``
  ``<button>``              ``c4-pause``                ``Pause`` / ``Resume``
  ``<button>``              ``c4-reset-view``           ``Reset view``
  ``<button>``              ``c4-swap``                 ``Swap sides``: X's and O's players change places
  ``<select>``              ``c4-variant``              the rules (``texts.rules_menu``): a new game under them
  ``<button>``              ``c4-flip``                 ``Flip the rack``: a move (greyed without flips)
  ``<button>``              ``c4-analyse``              ``Analyse game`` / ``Back to the game``
  text                      ``c4-tally``                ``Score: X 2 – O 1, draws 0`` (New game keeps it)
  ``<select>``              ``c4-lang``                 ``English`` / ``Nederlands``: every text in it
  ``<code>``                ``c4-moves``                the game code: the moves so far, as ``--moves`` takes
  ``<button>``              ``c4-copy``                 ``Copy``: the game code to the clipboard (``Copied``)
  ``<input type=text>``     name ``c4-load-code``       a game code to load (its keys do not play columns)
  ``<button>``              ``c4-load``                 ``Load`` (or Enter): that game; a bad code: a cue
  ========================  ==========================  ================================================

  and a help text naming the colours and how to play, rotate and zoom, and a rule variant's rules; last,
  ``#c4-scores``, visually hidden (for screen readers and tests): the hint's labels above the rack as they
  read, ``50 | 100 | ...`` or ``loses in 40 | draw | ...`` (``-`` for a hidden one), empty without a hint.
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
from ...board import Board
from ...game import Game
from ...levels import exact_on
from ...player import EVALUATIONS, TIEBREAKS
from ...rules import Variant
from .. import assets
from ..control.intents import (
    ChangeRules,
    Command,
    Intent,
    KeepScores,
    LoadGame,
    SetLanguage,
    SetSeat,
    SetTiebreak,
)
from ..texts.rules_help import rules_help
from ..texts.rules_menu import menu_sizes, menu_variants, size_name
from . import markup
from .player_panel import seat_choices, seat_index, seat_who
from .sliders import MAX_PLY, level_to_slider, slider_to_level

SLIDER_LENGTH = 160  # VPython's length: the track is 112 pixels wide, its margins 12 each side
LOAD_FIELD_WIDTH = 160  # pixels
# VPython sends a frame's changed attributes as a set, in no order: a menu's new ``choices`` (which select
# their first entry in the page) may arrive after its ``selected``. So the choices are selected again later.
RESELECT_AFTER = (0.2, 1.0)  # seconds after a relabel

LANGUAGE_CODES = tuple(wording.LANGUAGES)
LANGUAGE_LABEL = "Language / Taal"


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
    ) -> None:
        """``variant``: the rules the scene starts with (the rules menu shows them, added if not a usual choice)."""
        import vpython as vp

        self._vp = vp
        self._put = put
        self.top = top
        self.width = width
        self.height = height
        self.goal_text = goal
        self.rules = variant if variant is not None else Variant()
        self.variants = menu_variants(self.rules)
        self._events_text = ""
        self._analysing = False
        self._reselect_at: list[float] = []
        self.files: list[str] = []  # the player files the X and O menus offer after human and AI
        canvas.title = ""
        head = canvas.title_anchor  # the lines above the canvas; their boxes are the page's (assets/page.css)
        self.title = vp.wtext(pos=head, text="")
        self.status = vp.wtext(pos=head, text=markup.placeholder("c4-status"))
        self.cue = vp.wtext(pos=head, text=markup.placeholder("c4-cue"))
        self.events = vp.wtext(pos=head, text=markup.placeholder("c4-events"))
        self.banner = vp.wtext(pos=head, text=markup.banner(""))
        canvas.caption = ""
        anchor = canvas.caption_anchor  # the panel beside the canvas: a setting a line

        def new_line() -> None:
            vp.wtext(pos=anchor, text="\n")

        self.goal = vp.wtext(pos=anchor, text="") if goal else None  # a puzzle's task, above the widgets
        self.kind: dict[str, Any] = {}
        self.ply_label: dict[str, Any] = {}
        self.ply: dict[str, Any] = {}
        self.ply_value: dict[str, Any] = {}
        self.evaluation_label: dict[str, Any] = {}
        self.evaluation: dict[str, Any] = {}
        for ox in ("X", "O"):
            self.kind[ox] = vp.menu(pos=anchor, choices=self._kinds(ox), bind=self._on_kind(ox))
            new_line()
            self.ply_label[ox] = vp.wtext(pos=anchor, text="")
            self.ply[ox] = vp.slider(
                pos=anchor, min=0, max=top + 1, step=1, value=0, length=SLIDER_LENGTH, bind=self._on_ply(ox)
            )
            self.ply_value[ox] = vp.wtext(pos=anchor, text="")
            new_line()
            self.evaluation_label[ox] = vp.wtext(pos=anchor, text="")
            self.evaluation[ox] = vp.menu(
                pos=anchor,
                choices=self._evaluations(),
                bind=self._on_evaluation(ox),
                disabled=False,  # VPython 7.6.5's menu has no ``disabled`` until it is given one
            )
            new_line()
        self.tiebreak = vp.menu(pos=anchor, choices=self._tiebreaks(), bind=self._on_tiebreak)
        new_line()
        self.buttons = {
            name: vp.button(pos=anchor, text=wording.button(name), bind=lambda _, intent=intent: put(intent))
            for name, intent in (
                ("new", Command.NEW_GAME),
                ("undo", Command.UNDO),
                ("redo", Command.REDO),
                ("hint", Command.HINT),
            )
        }
        new_line()
        self.keep = vp.checkbox(pos=anchor, text=wording.button("keep"), bind=lambda box: put(KeepScores(box.checked)))
        new_line()
        self.pause = vp.button(pos=anchor, text=wording.button("pause"), bind=lambda _: put(Command.TOGGLE_PAUSE))
        self.buttons["reset"] = vp.button(
            pos=anchor, text=wording.button("reset"), bind=lambda _: put(Command.RESET_VIEW)
        )
        self.buttons["swap"] = vp.button(
            pos=anchor, text=wording.button("swap"), bind=lambda _: put(Command.SWAP_SIDES)
        )
        new_line()
        self.variant_caption = vp.wtext(pos=anchor, text="")
        self.variant = vp.menu(
            pos=anchor, choices=self._variant_names(), index=self.variants.index(self.rules), bind=self._on_variant
        )
        new_line()
        self.sizes = menu_sizes((width, height))
        self.size_caption = vp.wtext(pos=anchor, text="")
        self.size = vp.menu(
            pos=anchor, choices=list(map(size_name, self.sizes)), index=self.sizes.index((width, height)),
            bind=lambda m: put(ChangeRules(size=size_name(self.sizes[m.index]))),
        )  # fmt: skip
        new_line()
        self.flip = vp.button(pos=anchor, text=wording.button("flip"), bind=lambda _: put(Command.FLIP))
        self.buttons["analyse"] = vp.button(
            pos=anchor, text=wording.button("analyse"), bind=lambda _: put(Command.ANALYSE_GAME)
        )
        new_line()
        self.tally = vp.wtext(pos=anchor, text=markup.placeholder("c4-tally"))
        new_line()
        # the language menu's label is in both languages: findable in either
        vp.wtext(pos=anchor, text=markup.caption(LANGUAGE_LABEL, "load"))
        self.language = vp.menu(
            pos=anchor,
            choices=list(wording.LANGUAGES.values()),
            index=LANGUAGE_CODES.index(wording.language()),
            bind=self._on_language,
        )
        new_line()
        self._code = ""
        self.moves = vp.wtext(pos=anchor, text="")
        new_line()
        self.load_caption = vp.wtext(pos=anchor, text="")
        self.load_field = vp.winput(pos=anchor, type="string", width=LOAD_FIELD_WIDTH, bind=lambda _: None)
        self.buttons["load"] = vp.button(
            pos=anchor, text=wording.button("load"), bind=lambda _: put(LoadGame(self.load_field.text))
        )
        self.help = vp.wtext(pos=anchor, text="")
        self.score_texts = vp.wtext(pos=anchor, text=markup.placeholder("c4-scores"))
        self.page_script = vp.wtext(pos=anchor, text="")  # a script the page runs once: loading it again
        vp.wtext(pos=anchor, text=markup.PAGE_STYLE + markup.PAGE_SCRIPT)
        self.relabel()

    def _kinds(self, ox: str) -> list[str]:
        return seat_choices(ox, self.files)

    def show_player_files(self, files: list[str]) -> None:
        """The player files the X and O menus offer after human and AI."""
        self.files = list(files)
        for ox in ("X", "O"):
            _relabel_menu(self.kind[ox], self._kinds(ox))
        self._reselect_at = [time.monotonic() + delay for delay in RESELECT_AFTER]  # new choices: see RESELECT_AFTER

    def _evaluations(self) -> list[str]:
        return [wording.evaluation(name) for name in EVALUATIONS]

    def _tiebreaks(self) -> list[str]:
        return [wording.tiebreak(name) for name in TIEBREAKS]

    def _variant_names(self) -> list[str]:
        return [variant.name() for variant in self.variants]

    def _help(self) -> str:
        return markup.help_text(self.width, rules_help(self.rules, self.height))

    def relabel(self) -> None:
        """Say every fixed text of the page again, in the language spoken now (menus keep their choice).

        The controller re-sends what depends on the game: status, settings (slider values, Pause/Resume),
        tally and banner.
        """
        _set(self.title, "text", markup.title())
        if self.goal is not None:
            _set(self.goal, "text", markup.goal(wording.said(self.goal_text)))
        for ox in ("X", "O"):
            _relabel_menu(self.kind[ox], self._kinds(ox))
            _set(self.ply_label[ox], "text", markup.ply_label(ox, wording.look_ahead_caption(ox)))
            _set(self.evaluation_label[ox], "text", markup.caption(wording.evaluation_caption()))
            _relabel_menu(self.evaluation[ox], self._evaluations())
        _relabel_menu(self.tiebreak, self._tiebreaks())
        _set(self.variant_caption, "text", markup.caption(wording.variant_caption(), "short"))
        _relabel_menu(self.variant, self._variant_names())
        _set(self.size_caption, "text", markup.caption(wording.size_caption(), "short"))
        for name, widget in self.buttons.items():
            _set(widget, "text", wording.button("back" if name == "analyse" and self._analysing else name))
        _set(self.flip, "text", wording.button("flip"))
        _set(self.keep, "text", wording.button("keep"))
        _set(self.language, "index", LANGUAGE_CODES.index(wording.language()))
        _set(self.moves, "text", markup.moves(self._code))
        _set(self.load_caption, "text", markup.caption(wording.load_caption(), "load"))
        _set(self.help, "text", self._help())
        self.show_events(self._events_text)
        now = time.monotonic()
        self._reselect_at = [now + delay for delay in RESELECT_AFTER]

    def menus(self) -> list[Any]:
        return [*self.kind.values(), *self.evaluation.values(), self.tiebreak, self.variant, self.size, self.language]

    def settle(self, now: float) -> None:
        """Once a frame: after a relabel, send each menu's selected choice again (see RESELECT_AFTER)."""
        if not self._reselect_at or now < self._reselect_at[0]:
            return
        self._reselect_at.pop(0)
        for menu in self.menus():
            if menu.index is not None:
                menu.selected = menu.choices[menu.index]

    # -- callbacks: intents only ---------------------------------------------------------

    def _on_kind(self, ox: str) -> Callable[[Any], None]:
        return lambda m: self._put(SetSeat(ox, "kind", seat_who(self.files, m.index)))

    def _on_ply(self, ox: str) -> Callable[[Any], None]:
        return lambda s: self._put(SetSeat(ox, "level", slider_to_level(s.value, self.top)))

    def _on_evaluation(self, ox: str) -> Callable[[Any], None]:
        return lambda m: self._put(SetSeat(ox, "evaluation", EVALUATIONS[m.index]))

    def _on_tiebreak(self, m: Any) -> None:
        self._put(SetTiebreak(TIEBREAKS[m.index]))

    def _on_variant(self, m: Any) -> None:
        self._put(ChangeRules(variant=str(self.variants[m.index])))

    def _on_language(self, m: Any) -> None:
        self._put(SetLanguage(LANGUAGE_CODES[m.index]))

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
        _set(self.events, "text", markup.events(text))

    def reload_page(self) -> None:
        self.page_script.text = assets.script("reload.js")

    def show_analysing(self, on: bool) -> None:
        """Analyse game's button says *Back to the game* while the analysis is shown."""
        self._analysing = on
        _set(self.buttons["analyse"], "text", wording.button("back" if on else "analyse"))

    def show_score_texts(self, texts: list[str]) -> None:
        """The hint's labels as they read (``#c4-scores``, see the module docstring); ``[]``: none shown."""
        _set(self.score_texts, "text", markup.score_texts(texts))

    def show_tally(self, text: str) -> None:
        self.tally.text = markup.tally(text)

    def show_keep_scores(self, on: bool) -> None:
        _set(self.keep, "checked", on)

    def show_moves(self, code: str) -> None:
        self._code = code
        _set(self.moves, "text", markup.moves(self._code))

    def clear_load_field(self) -> None:
        self.load_field.text = ""

    def show_settings(self, game: Game, paused: bool) -> None:
        """Make each widget agree with the game; touch only those that differ (a drag is not fought)."""
        for ox, seat in game.seats.items():
            if seat.source not in (None, *self.files):
                self.show_player_files([*self.files, seat.source])  # type: ignore[list-item]
            _set(self.kind[ox], "index", seat_index(seat, self.files))
            _set(self.ply[ox], "value", level_to_slider(seat.level, self.top))
            value = wording.level_value(seat.level.ply, exact_on(game.board))
            _set(self.ply_value[ox], "text", markup.ply_value(ox, value))
            _set(self.evaluation[ox], "index", EVALUATIONS.index(seat.evaluation))
            _set(self.ply[ox], "disabled", not seat.is_ai)  # a person's side: greyed
            _set(self.evaluation[ox], "disabled", not seat.is_ai or seat.source is not None)  # a file: its own
        _set(self.tiebreak, "index", TIEBREAKS.index(game.tiebreak))
        _set(self.pause, "text", wording.button("resume" if paused else "pause"))
        self.show_rules(game.board)
        size = (game.board.width, game.board.height)
        if size not in self.sizes:
            self.sizes = menu_sizes(*self.sizes, size)
            _relabel_menu(self.size, list(map(size_name, self.sizes)))
        _set(self.size, "index", self.sizes.index(size))

    def show_rules(self, board: Board) -> None:
        """The rules menu shows ``board``'s rules (added to its choices if need be); the flip's button is greyed
        where the rules play no flips; the help says the rules."""
        variant = board.variant
        if variant not in self.variants:
            self.variants = menu_variants(*self.variants, variant)
            _relabel_menu(self.variant, self._variant_names())
        _set(self.variant, "index", self.variants.index(variant))
        _set(self.flip, "disabled", board.flip_move() is None)
        if variant != self.rules:
            self.rules = variant
            _set(self.help, "text", self._help())
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
