"""The widgets around the scene. Their callbacks only put an intent on the queue.

The page, top to bottom (VPython renders widgets as plain HTML elements):

- title: ``#c4-status`` the status line: ``Your turn: X (red). Click a column or press 1-7.`` /
  ``To move: ...`` (two people) / ``O (yellow) is thinking…`` / ``O (yellow) to move (AI)`` /
  ``X (red) plays column 4…`` (a checker falls) / ``Paused: ...`` / ``You win! ...`` /
  ``You lose: ...`` / ``X (red) wins with four in a row!`` /
  ``Draw: the board is full. ...``; then ``#c4-cue``: a refused input's reason (e.g.
  ``Column 4 is full``), shown for a few seconds.
- the canvas (click a column; right-drag or Ctrl-drag rotates; the wheel zooms).
- caption, in this order:

  ========================  ==========================  ================================================
  element                   id (set by a small script)  what
  ========================  ==========================  ================================================
  ``<select>``              ``c4-x-player``             ``X (red): human`` / ``X (red): AI``
  jQuery-UI slider          ``c4-x-ply``                X's ply, 0 .. MAX_PLY, then ``perfect``
  text                      ``c4-x-ply-value``          the value: ``ply 4`` / ``ply perfect``
  ``<select>``              ``c4-x-eval``               ``simple 0-50-100`` / ``smart``
  the same four for O       ``c4-o-...``                ``O (yellow): human`` / ``O (yellow): AI`` ...
  ``<select>``              ``c4-tiebreak``             ``tiebreak LEFT`` / ``tiebreak RIGHT`` / ``tiebreak RANDOM``
  ``<button>``              ``c4-new``                  ``New game``
  ``<button>``              ``c4-undo``                 ``Undo``
  ``<button>``              ``c4-hint``                 ``Hint``
  ``<input type=checkbox>`` ``c4-keep``                 ``keep scores shown``
  ``<button>``              ``c4-pause``                ``Pause`` / ``Resume``
  ``<button>``              ``c4-reset-view``           ``Reset view``
  ========================  ==========================  ================================================

  and a help text naming the colours and how to play, rotate and zoom.
The same script stops the browser's context menu, so a right-drag rotates.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..game import AI, HUMAN, PERFECT, Seat
from ..player import EVALUATIONS, TIEBREAKS
from .controller import (
    COLOUR_NAMES,
    Hint,
    Intent,
    KeepScores,
    NewGame,
    ResetView,
    SetEvaluation,
    SetKind,
    SetPly,
    SetTiebreak,
    TogglePause,
    Undo,
)

MAX_PLY = 10  # the slider's deepest look-ahead before "perfect"; the engine answers it in well under a second
KINDS = (HUMAN, AI)
EVALUATION_LABELS = {"simple": "simple 0-50-100", "smart": "smart"}
SLIDER_LENGTH = 200
STATUS_STYLE = "font: bold 20px sans-serif; color: #1a237e"
CUE_STYLE = "font: bold 16px sans-serif; color: #c62828"

# Runs once in the page, after the widgets exist: stable ids for tests, no context menu on right-drag.
PAGE_SCRIPT = """<script>
(function () {
  document.addEventListener('contextmenu', function (e) { e.preventDefault(); });
  var selects = document.querySelectorAll('select');
  ['c4-x-player', 'c4-x-eval', 'c4-o-player', 'c4-o-eval', 'c4-tiebreak'].forEach(function (id, i) {
    if (selects[i]) selects[i].id = id;
  });
  var sliders = document.querySelectorAll('.ui-slider');
  ['c4-x-ply', 'c4-o-ply'].forEach(function (id, i) { if (sliders[i]) sliders[i].id = id; });
  var buttons = {'New game': 'c4-new', 'Undo': 'c4-undo', 'Hint': 'c4-hint', 'Pause': 'c4-pause',
                 'Resume': 'c4-pause', 'Reset view': 'c4-reset-view'};
  document.querySelectorAll('button').forEach(function (b) {
    var id = buttons[b.textContent.trim()]; if (id) b.id = id;
  });
  var box = document.querySelector('input[type=checkbox]'); if (box) box.id = 'c4-keep';
})();
</script>"""


def ply_to_slider(ply: int | str) -> int:
    return MAX_PLY + 1 if ply == PERFECT else min(int(ply), MAX_PLY)


def slider_to_ply(value: float) -> int | str:
    step = round(value)
    return PERFECT if step > MAX_PLY else max(step, 0)


def ply_text(ply: int | str) -> str:
    return f"ply {ply}"


def side_label(ox: str) -> str:
    return f"{ox} ({COLOUR_NAMES[ox]})"


class Controls:
    """Status line, cue, menus, sliders, buttons and captions of one canvas."""

    def __init__(self, canvas: Any, put: Callable[[Intent], None], width: int) -> None:
        import vpython as vp

        self._vp = vp
        self._put = put
        canvas.title = "<b style='font: bold 24px sans-serif'>Connect Four</b>&nbsp;&nbsp;"
        self.status = vp.wtext(pos=canvas.title_anchor, text="<span id='c4-status'></span>")
        vp.wtext(pos=canvas.title_anchor, text="&nbsp;&nbsp;")
        self.cue = vp.wtext(pos=canvas.title_anchor, text="<span id='c4-cue'></span>")
        vp.wtext(pos=canvas.title_anchor, text="\n")
        canvas.caption = ""
        anchor = canvas.caption_anchor
        self.kind: dict[str, Any] = {}
        self.ply: dict[str, Any] = {}
        self.ply_value: dict[str, Any] = {}
        self.evaluation: dict[str, Any] = {}
        for ox in ("X", "O"):
            self.kind[ox] = vp.menu(
                pos=anchor,
                choices=[f"{side_label(ox)}: {'AI' if kind == AI else kind}" for kind in KINDS],
                bind=self._on_kind(ox),
            )
            vp.wtext(pos=anchor, text="&nbsp;&nbsp;")
            self.ply[ox] = vp.slider(
                pos=anchor, min=0, max=MAX_PLY + 1, step=1, value=0, length=SLIDER_LENGTH, bind=self._on_ply(ox)
            )
            self.ply_value[ox] = vp.wtext(pos=anchor, text="")
            vp.wtext(pos=anchor, text="&nbsp;&nbsp;evaluation ")
            self.evaluation[ox] = vp.menu(
                pos=anchor,
                choices=[EVALUATION_LABELS[name] for name in EVALUATIONS],
                bind=self._on_evaluation(ox),
            )
            vp.wtext(pos=anchor, text="\n")
        self.tiebreak = vp.menu(pos=anchor, choices=[f"tiebreak {name}" for name in TIEBREAKS], bind=self._on_tiebreak)
        vp.wtext(pos=anchor, text="&nbsp;&nbsp;")
        vp.button(pos=anchor, text="New game", bind=lambda _: put(NewGame()))
        vp.button(pos=anchor, text="Undo", bind=lambda _: put(Undo()))
        vp.button(pos=anchor, text="Hint", bind=lambda _: put(Hint()))
        self.keep = vp.checkbox(pos=anchor, text="keep scores shown", bind=lambda box: put(KeepScores(box.checked)))
        vp.wtext(pos=anchor, text="&nbsp;&nbsp;")
        self.pause = vp.button(pos=anchor, text="Pause", bind=lambda _: put(TogglePause()))
        vp.button(pos=anchor, text="Reset view", bind=lambda _: put(ResetView()))
        vp.wtext(
            pos=anchor,
            text=(
                f"\n\n<b>X</b> plays the <b style='color:#d32f2f'>red</b> checkers and moves first; "
                f"<b>O</b> plays the <b style='color:#b8860b'>yellow</b> ones. Four in a row wins.\n"
                f"<b>Play:</b> click a column or press the keys 1-{width}. "
                "<b>Turn the rack:</b> drag with the right mouse button (or Ctrl + drag). "
                "<b>Zoom:</b> mouse wheel.\n"
                "<b>Hint</b> shows the AI's score of each column for the side to move: "
                "<span style='color:#2e7d32'>100 wins</span>, 50 neither, "
                "<span style='color:#c62828'>0 loses</span> (within the AI's look-ahead)."
            ),
        )
        vp.wtext(pos=anchor, text=PAGE_SCRIPT)

    # -- callbacks: intents only ---------------------------------------------------------

    def _on_kind(self, ox: str) -> Callable[[Any], None]:
        return lambda m: self._put(SetKind(ox, KINDS[m.index]))

    def _on_ply(self, ox: str) -> Callable[[Any], None]:
        return lambda s: self._put(SetPly(ox, slider_to_ply(s.value)))

    def _on_evaluation(self, ox: str) -> Callable[[Any], None]:
        return lambda m: self._put(SetEvaluation(ox, EVALUATIONS[m.index]))

    def _on_tiebreak(self, m: Any) -> None:
        self._put(SetTiebreak(TIEBREAKS[m.index]))

    # -- shown state ---------------------------------------------------------------------

    def show_status(self, text: str) -> None:
        self.status.text = f"<span id='c4-status' style='{STATUS_STYLE}'>{text}</span>"

    def show_cue(self, text: str) -> None:
        self.cue.text = f"<span id='c4-cue' style='{CUE_STYLE}'>{text}</span>"

    def show_settings(self, seats: dict[str, Seat], paused: bool) -> None:
        """Make each widget agree with the seats; touch only those that differ (a drag is not fought)."""
        for ox, seat in seats.items():
            _set(self.kind[ox], "index", KINDS.index(seat.kind))
            _set(self.ply[ox], "value", ply_to_slider(seat.ply))
            _set(self.ply_value[ox], "text", ply_text(seat.ply))
            if seat.evaluation in EVALUATIONS:
                _set(self.evaluation[ox], "index", EVALUATIONS.index(seat.evaluation))
        # one menu for both sides: it shows how the AI breaks ties (X's when both or neither are AIs)
        tiebreak = next((seat.tiebreak for seat in seats.values() if seat.kind == AI), seats["X"].tiebreak)
        _set(self.tiebreak, "index", TIEBREAKS.index(tiebreak))
        _set(self.pause, "text", "Resume" if paused else "Pause")


def _set(widget: Any, attr: str, value: object) -> None:
    if getattr(widget, attr) != value:
        setattr(widget, attr, value)
