"""The page's own HTML, JavaScript and CSS, as files beside this module (``importlib.resources``: found in an
installed wheel as in the checkout). Nothing here imports VPython.

- ``page_closed.js``: when the websocket closes, a banner says why and the widgets go dead; before the page
  unloads, it closes its websocket quietly (``server.web``, in VPython's page);
- ``busy_page.html``: the page a second tab gets while the game is open (``server.web``);
- ``turning_drag.js``: a right-drag or Ctrl+drag turns the camera gently (``view.camera``);
- ``widgets.js``: the widgets' ids, no context menu, the keys that play, the game code's field and Copy
  (``view.controls``);
- ``page.css``: the page's layout, each element in a box of its own that no text changes (the status lines above,
  the canvas, the panel of widgets beside it), and ``page_layout.js``: the canvas as large as its place, whatever
  the window's size, and a text too long for its box in a smaller font (``view.controls``);
- ``text_styles.css``: the style attribute of each text the widgets show (``view.controls``).

A ``%(name)s`` in a file is a placeholder, filled with Python's ``%`` (:func:`filled`, :func:`script`).
"""

from __future__ import annotations

import re
from importlib.resources import files

_RULE = re.compile(r"\.([\w-]+)\s*\{([^}]*)\}")
_COMMENT = re.compile(r"/\*.*?\*/", re.DOTALL)


def text(name: str) -> str:
    """The file ``name`` of this folder, as it is."""
    return files(__name__).joinpath(name).read_text(encoding="utf-8")


def filled(name: str, **values: object) -> str:
    """The file ``name`` with its ``%(name)s`` placeholders filled from ``values``."""
    return text(name) % values


def script(name: str, **values: object) -> str:
    """A ``<script>`` element of the JavaScript file ``name`` (its placeholders filled, if ``values`` are given)."""
    return "<script>\n" + (filled(name, **values) if values else text(name)) + "</script>"


def style(name: str) -> str:
    """A ``<style>`` element of the CSS file ``name``."""
    return "<style>\n" + text(name) + "</style>"


def inline_styles(name: str) -> dict[str, str]:
    """The rules ``.name { declarations }`` of the CSS file ``name`` as ``{name: declarations}``, each on one line
    without its last semicolon: what a ``style`` attribute holds."""
    rules = _RULE.findall(_COMMENT.sub("", text(name)))
    return {selector: " ".join(body.split()).removesuffix(";") for selector, body in rules}
