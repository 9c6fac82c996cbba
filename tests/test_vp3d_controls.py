"""The scene's widgets without a browser: ``Controls`` built on a fake ``vpython`` module that records them."""

from __future__ import annotations

import runpy
import sys
import types
from typing import Any

import pytest
from conftest import ROOT

from vp_connect4 import wording
from vp_connect4.game import AI, HUMAN, Game, Seat
from vp_connect4.levels import Level
from vp_connect4.vp3d.control.intents import SetSeat
from vp_connect4.vp3d.view.controls import Controls
from vp_connect4.vp3d.view.player_panel import seat_choices
from vp_connect4.vp3d.view.sliders import MAX_PLY, level_to_slider, slider_to_level, slider_top


class Widget:
    def __init__(self, kind: str, **attrs: Any) -> None:
        self.kind = kind
        if kind != "menu":  # as in VPython 7.6.5: reading a menu's ``disabled`` fails unless it was given
            self.disabled = False
        self.text = ""
        self.index = 0
        self.value = 0
        self.__dict__.update(attrs)
        self.made_with = dict(attrs)  # what it showed when made, before any later change


class FakeVpython(types.ModuleType):
    """``vpython`` as far as Controls uses it: each widget made is kept, in order, in ``made``."""

    def __init__(self) -> None:
        super().__init__("vpython")
        self.made: list[Widget] = []
        for kind in ("wtext", "menu", "slider", "button", "checkbox", "winput"):
            setattr(self, kind, self._maker(kind))

    def _maker(self, kind: str) -> Any:
        def make(**attrs: Any) -> Widget:
            widget = Widget(kind, **attrs)
            self.made.append(widget)
            return widget

        return make

    def page_text(self) -> str:
        return "".join(w.text for w in self.made if w.kind == "wtext")


class Canvas:
    title = caption = ""
    title_anchor = caption_anchor = None


@pytest.fixture
def vp(monkeypatch: pytest.MonkeyPatch) -> FakeVpython:
    fake = FakeVpython()
    monkeypatch.setitem(sys.modules, "vpython", fake)
    return fake


def controls_for(game: Game, put: Any = None) -> Controls:
    controls = Controls(Canvas(), put or (lambda intent: None), game.board.width, slider_top(game))
    controls.show_settings(game, paused=False)
    return controls


def test_the_widgets_are_made_showing_the_settings_the_game_starts_with(vp: FakeVpython) -> None:
    game = Game(seats={"X": Seat(AI, 2), "O": Seat(AI, 3, "smart")}, tiebreak="RIGHT")
    top = slider_top(game)
    controls = Controls(Canvas(), lambda intent: None, 7, top, initial=game)  # not corrected in a later frame:
    made = {ox: (controls.kind[ox].made_with, controls.ply[ox].made_with) for ox in "XO"}  # a busy page shows it
    assert [made[ox][0]["index"] for ox in "XO"] == [1, 1]  # AI
    assert [made[ox][1]["value"] for ox in "XO"] == [level_to_slider(Level(2), top), level_to_slider(Level(3), top)]
    assert controls.evaluation["O"].made_with["index"] == 1 and controls.evaluation["X"].made_with["index"] == 0
    assert controls.tiebreak.made_with["index"] == 1  # LEFT, RIGHT, RANDOM


def test_each_slider_has_a_label_and_its_value_with_the_level_name(vp: FakeVpython) -> None:
    controls = controls_for(Game(seats={"X": Seat(AI, 1), "O": Seat(AI, 4)}))
    text = vp.page_text()
    assert "X look-ahead" in text and "O look-ahead" in text
    assert text.index("X look-ahead") < text.index("O look-ahead")
    assert "ply 1 (beginner)" in controls.ply_value["X"].text
    assert "ply 4 (medium)" in controls.ply_value["O"].text
    controls.show_settings(Game(seats={"X": Seat(AI, 3), "O": Seat(AI, "perfect")}), paused=False)
    assert ">ply 3<" in controls.ply_value["X"].text and ">perfect<" in controls.ply_value["O"].text
    assert "#c4-x-player, #c4-o-player, #c4-tiebreak { width:" in text  # the sides' lines line up: as wide menus


def test_a_human_sides_slider_and_evaluation_are_disabled(vp: FakeVpython) -> None:
    game = Game(seats={"X": Seat(HUMAN), "O": Seat(AI, 4)})
    controls = controls_for(game)
    assert controls.ply["X"].disabled and controls.evaluation["X"].disabled
    assert not controls.ply["O"].disabled and not controls.evaluation["O"].disabled
    game.update_seat("X", kind=AI)
    controls.show_settings(game, paused=False)
    assert not controls.ply["X"].disabled and not controls.evaluation["X"].disabled


def test_the_slider_reaches_the_deepest_level_the_scene_started_with(vp: FakeVpython) -> None:
    put: list[Any] = []
    controls = controls_for(Game(seats={"X": Seat(HUMAN), "O": Seat(AI, 12)}), put.append)
    slider = controls.ply["O"]
    assert slider.max == 13 and slider.value == 12  # not pinned at MAX_PLY
    slider.value = 12
    slider.bind(slider)
    assert put == [SetSeat("O", "level", Level(12))]
    slider.value = 13
    slider.bind(slider)
    assert put[-1] == SetSeat("O", "level", Level(None))
    assert controls_for(Game()).ply["O"].max == MAX_PLY + 1  # the usual range otherwise


def test_slider_values_with_a_deeper_top() -> None:
    assert level_to_slider(Level(12), 12) == 12 and level_to_slider(Level(None), 12) == 13
    assert slider_to_level(12, 12) == Level(12) and slider_to_level(13, 12).is_perfect
    assert slider_top(Game(seats={"O": Seat(AI, 3)})) == MAX_PLY


def test_a_goal_is_a_line_above_the_widgets_and_none_by_default(vp: FakeVpython) -> None:
    Controls(Canvas(), lambda intent: None, 7, MAX_PLY, "Find the win")
    goal = next(w for w in vp.made if "c4-goal" in w.text)
    assert "Find the win" in goal.text and vp.made.index(goal) < next(
        i for i, w in enumerate(vp.made) if w.kind == "menu"
    )
    vp.made.clear()
    Controls(Canvas(), lambda intent: None, 7)
    assert "c4-goal" not in vp.page_text()


def test_the_puzzle_scene_shows_its_goal_on_the_page(monkeypatch: pytest.MonkeyPatch, capsys: Any) -> None:
    from vp_connect4 import wording
    from vp_connect4.vp3d import app

    calls: list[dict[str, Any]] = []
    monkeypatch.setattr(app, "run_scene", lambda game, **options: calls.append(options) or 0)
    monkeypatch.setattr(sys, "argv", ["puzzle.py", "--no-browser"])
    with pytest.raises(SystemExit) as ended:
        runpy.run_path(str(ROOT / "scenes" / "puzzle.py"), run_name="__main__")
    assert ended.value.code == 0
    goal = wording.said(calls[0]["goal"])  # a Phrase: said in the page's language of the moment
    assert goal == wording.puzzle_goal() and "Find the move" in goal
    assert calls[0]["open_browser"] is False
    assert wording.puzzle_goal() in capsys.readouterr().out  # and in the terminal, as before


def test_relabel_says_every_widget_again_in_the_language_spoken(vp: FakeVpython) -> None:
    from vp_connect4 import wording
    from vp_connect4.vp3d.control.intents import SetLanguage

    put: list[Any] = []
    game = Game(seats={"X": Seat(HUMAN), "O": Seat(AI, 4)})
    controls = Controls(Canvas(), put.append, 7, MAX_PLY, wording.phrase(wording.puzzle_goal))
    controls.show_settings(game, paused=False)
    assert controls.kind["O"].choices == ["O (blue): human", "O (blue): AI"]
    assert controls.language.choices == ["English", "Nederlands"] and controls.language.index == 0
    controls.language.index = 1
    controls.language.bind(controls.language)
    assert put == [SetLanguage("nl")]

    wording.use_language("nl")
    controls.relabel()
    controls.show_settings(game, paused=True)
    assert controls.kind["O"].choices == ["O (blauw): mens", "O (blauw): computer"]
    assert controls.kind["O"].selected == "O (blauw): computer"  # the same choice, in other words
    assert controls.evaluation["X"].choices == ["eenvoudig 0-50-100", "slim"]
    assert controls.tiebreak.choices == [
        "bij gelijke score: links",
        "bij gelijke score: rechts",
        "bij gelijke score: willekeurig",
    ]
    assert [b.text for b in controls.buttons.values()] == [
        "Nieuw spel", "Terugnemen", "Opnieuw", "Tip", "Beeld herstellen", "Wissel van kant", "Partij analyseren",
        "Denk na", "Stap", "Afspelen", "Laden",
    ]  # fmt: skip
    controls.show_analysing(True)
    assert controls.buttons["analyse"].text == "Terug naar het spel"
    controls.relabel()  # said again, it still says so
    assert controls.buttons["analyse"].text == "Terug naar het spel"
    controls.show_analysing(False)
    assert "Spelcode (kolommen geteld vanaf 0" in controls.moves.text and "Kopiëren" in controls.moves.text
    assert "Spelcode laden" in controls.load_caption.text
    assert controls.keep.text == "scores blijven staan" and controls.pause.text == "Verder"
    assert "O kijkt vooruit" in controls.ply_label["O"].text and "ply 4 (gemiddeld)" in controls.ply_value["O"].text
    assert "Vier op een rij" in controls.title.text and "Puzzel: jij bent X (oranje)" in controls.goal.text
    assert "<b>Spelen:</b> klik op een kolom" in controls.help.text
    assert "<b>Partij analyseren</b> (toets <b>a</b>)" in controls.help.text
    assert controls.language.index == 1
    wording.use_language("en")
    controls.relabel()
    assert controls.buttons["new"].text == "New game" and "Puzzle: you are X" in controls.goal.text


def test_the_rules_menu_lists_the_variants_and_the_rules_played_and_starts_a_new_game(vp: FakeVpython) -> None:
    from vp_connect4.board import RulesBoard
    from vp_connect4.rules import Variant
    from vp_connect4.vp3d.control.intents import (
        ChangeRules,
        Command,
    )
    from vp_connect4.vp3d.texts.rules_menu import MENU_VARIANTS

    put: list[Any] = []
    odd = Variant.parse("chance:0.3+swap:4")
    controls = Controls(Canvas(), put.append, 7, MAX_PLY, "", odd, 6)
    names = controls.variant.choices
    assert names[: len(MENU_VARIANTS)] == [
        "standard rules", "gravity up", "gravity left", "gravity right", "gravity turns every 4 moves", "tetris",
        "flip", "chance 10%", "swap every 6 moves", "tetris + flip", "gravity turns every 4 moves + tetris",
        "chance 10% + swap every 6 moves",
    ]  # fmt: skip
    assert names[-1] == "chance 30% + swap every 4 moves" and controls.variant.index == len(names) - 1
    controls.variant.index = 5
    controls.variant.bind(controls.variant)
    assert put == [ChangeRules(variant="tetris")]
    game = Game(RulesBoard(7, 6, variant="gravity:left+flip"))
    controls.show_settings(game, paused=False)
    assert controls.variant.choices[controls.variant.index] == "gravity left + flip"  # added: the rules played
    assert not controls.flip.disabled and controls.flip.text == "Flip the rack"
    assert "Gravity pulls left" in controls.help.text and "flip the rack over" in controls.help.text
    controls.flip.bind(controls.flip)
    assert put[-1] == Command.FLIP
    controls.show_settings(Game(), paused=False)
    assert controls.flip.disabled and "Rules:" not in controls.help.text
    assert controls.variant.index == 0


def test_the_events_line_keeps_its_place_under_any_rules(vp: FakeVpython) -> None:
    from vp_connect4.rules import Variant
    from vp_connect4.vp3d.view import markup

    for variant in (Variant.parse("tetris"), Variant()):  # the standard game too: the canvas never jumps
        controls = Controls(Canvas(), lambda intent: None, 7, MAX_PLY, "", variant, 6)
        assert controls.events.text.startswith("<span id='c4-events'")  # its box is the page's (page.css)
        controls.show_events("Row 1 is full")
        assert "Row 1 is full" in controls.events.text and controls.events.text.startswith("<span id='c4-events'")
        controls.show_events("")
        assert controls.events.text.startswith("<span id='c4-events'")
    assert "#c4-events { grid-area:" in markup.PAGE_STYLE and "height: var(--c4-line)" in markup.PAGE_STYLE


def test_each_text_style_is_a_style_attribute_on_one_line() -> None:
    from vp_connect4.vp3d import assets
    from vp_connect4.vp3d.view import markup

    styles = assets.inline_styles("text_styles.css")
    assert set(styles) == {"title", "status", "goal", "code", "tally", "cue", "events", "help", "banner", "hidden"}
    for name, style in styles.items():
        assert style and not style.endswith(";") and not set(style) & set("\n{}/*'\""), name
    assert markup.STATUS_STYLE == "font: bold 20px sans-serif; color: #1a237e"  # its box is page.css's


def test_the_panels_rows_give_the_ids_widgets_js_gives_by_their_order() -> None:
    """The page's script names the menus, sliders and buttons by the order they are made: that of the rows."""
    import re

    from vp_connect4.vp3d import assets
    from vp_connect4.vp3d.view.panel import BUTTON, MENU, ROWS, SLIDER

    script = assets.script("widgets.js")

    def named(variable: str) -> list[str]:
        listed = re.search(variable + r" = \[([^\]]*)\]", script)
        assert listed is not None, variable
        return re.findall(r"'([^']+)'", listed.group(1))

    assert [row.id for row in ROWS if row.kind == MENU] == named("selectIds")
    assert [row.id for row in ROWS if row.kind == BUTTON] == named("buttonIds")
    sliders = ["c4-x-ply", "c4-o-ply", "c4-think-speed"]
    assert [row.id for row in ROWS if row.kind == SLIDER] == sliders  # widgets.js's order too


def test_the_panel_is_made_in_the_order_of_its_rows(vp: FakeVpython) -> None:
    from vp_connect4.vp3d.view.panel import LINE, ROWS

    Controls(Canvas(), lambda intent: None, 7)
    made = vp.made[5:]  # after the title, status, cue, events and banner above the canvas
    kinds = {"text": "wtext", "placeholder": "wtext", "line": "wtext", "field": "winput"}
    assert [widget.kind for widget in made] == [kinds.get(row.kind, row.kind) for row in ROWS]
    assert all(widget.text == "\n" for widget, row in zip(made, ROWS, strict=True) if row.kind == LINE)


def test_a_player_files_words_in_the_status_and_the_cue_are_shown_not_read_as_the_page(vp: FakeVpython) -> None:
    controls = Controls(Canvas(), lambda intent: None, 7, MAX_PLY, "", None, 6)
    said = "evil.py: Player('X', 'LEFT', 1).next_move(b) raised <img src=x onerror=alert(1)> & more"
    controls.show_status(said)
    controls.show_cue(said)
    for text in (controls.status.text, controls.cue.text):
        assert "<img" not in text and "&lt;img src=x onerror=alert(1)&gt; &amp; more" in text, text


def test_over_a_link_the_other_machines_menu_follows_a_swap_of_sides(vp: FakeVpython) -> None:
    """The side played on the other machine: its menu's one choice says so, greyed with its slider; after an
    accepted swap (shown again with the other letter) the first menu offers this machine's players again."""
    game = Game(seats={"X": Seat(HUMAN), "O": Seat(AI, 4)})
    controls = controls_for(game)
    controls.show_linked("O")
    controls.show_settings(game, paused=False)
    assert controls.kind["O"].choices == [wording.link_seat("O")] and controls.kind["O"].disabled
    assert controls.kind["X"].choices == seat_choices("X", []) and not controls.kind["X"].disabled
    game.set_seat("X", game.seats["O"])  # the swap: this machine's person plays O, X is the other machine's
    game.set_seat("O", Seat(HUMAN))
    controls.show_linked("X")
    controls.show_settings(game, paused=False)
    assert controls.kind["X"].choices == [wording.link_seat("X")] and controls.kind["X"].disabled
    assert controls.ply["X"].disabled and controls.evaluation["X"].disabled
    assert controls.kind["O"].choices == seat_choices("O", []) and not controls.kind["O"].disabled
    assert controls.kind["O"].index == 0, "O's menu shows this machine's person"
