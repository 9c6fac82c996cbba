"""A student's player file on the page: the Player file field, and the box where a failure shows.

Made after the other widgets (:mod:`.controls`), so they come last on the page: under the help, the caption
``Player file (...):`` and its field (``input[name=c4-player-file]``; Enter, or leaving it, asks the controller to
add the file to the X and O menus); and the box ``#c4-player-error`` over the 3D view's top left corner, over the
sky, hidden until a player file fails: the error in words (``#c4-player-error-heading``), the student's own
traceback lines (``#c4-player-error-lines``), what to do (``#c4-player-error-advice``) and the button ``#c4-retry``
(Try again). The box lies over the canvas, so it moves nothing on the page (``assets/player_panel.js``).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from ... import wording
from ...game import AI, KINDS, Seat
from ...students.worker.visible import visible
from .. import assets
from ..control.intents import AddPlayerFile, Command, Intent

FIELD_WIDTH = 260  # pixels


class PlayerPanel:
    """The Player file field and the failure box of one canvas; ``relabel`` says their fixed texts again."""

    def __init__(self, canvas: Any, put: Callable[[Intent], None]) -> None:
        import vpython as vp

        anchor = canvas.caption_anchor
        self.caption = vp.wtext(pos=anchor, text="")
        self.field = vp.winput(pos=anchor, type="string", width=FIELD_WIDTH, bind=lambda w: put(AddPlayerFile(w.text)))
        self.retry = vp.button(pos=anchor, text=wording.try_again_button(), bind=lambda _: put(Command.RETRY))
        vp.wtext(pos=anchor, text=assets.script("player_panel.js"))
        self.box = vp.wtext(pos=anchor, text="")  # a script that fills (or hides) the box
        self._shown: tuple[str, list[str], str, bool] = ("", [], "", False)
        self.relabel()

    def relabel(self) -> None:
        _set(self.caption, "text", wording.player_file_caption() + "\n")  # the field on a line of its own
        _set(self.retry, "text", wording.try_again_button())

    def show_error(self, heading: str, code: list[str], advice: str, retry: bool) -> None:
        """Fill the box (``heading`` empty: hide it); see :meth:`.control.view_protocol.View.show_player_error`."""
        shown = (heading, list(code), advice, retry)
        if shown == self._shown:
            return
        self._shown = shown
        arguments = ", ".join(map(_js, shown))
        self.box.text = f"<script>c4PlayerError({arguments})</script>"

    def clear_field(self) -> None:
        self.field.text = ""


def seat_choices(ox: str, files: list[str]) -> list[str]:
    """The X or O menu: ``X (orange): human``, ``X (orange): AI``, then ``X (orange): player.py`` for each file."""
    files_shown = [wording.player_file_seat(ox, visible(name)) for name in files]
    return [wording.seat_kind(ox, kind == AI) for kind in KINDS] + files_shown


def seat_index(seat: Seat, files: list[str]) -> int:
    """The X or O menu's choice for ``seat`` (its player file is one of ``files``)."""
    return KINDS.index(seat.kind) if seat.source is None else len(KINDS) + files.index(seat.source)


def seat_who(files: list[str], index: int) -> str:
    """Who the X or O menu's choice ``index`` names: HUMAN, AI or a player file (``SetSeat``'s ``kind``)."""
    return [*KINDS, *files][index]


def _js(value: object) -> str:
    """``value`` as a JavaScript literal that is safe inside a ``<script>`` element."""
    return json.dumps(value).replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def _set(widget: Any, attr: str, value: object) -> None:
    if getattr(widget, attr) != value:
        setattr(widget, attr, value)
