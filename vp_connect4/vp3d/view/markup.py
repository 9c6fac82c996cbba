"""The HTML of the texts around the canvas, each made from what it says: the title, a puzzle's goal, the status
line, the cue, a move's events, the result's banner, the captions of the widgets and the sliders' values, the hint's
labels as read, the score, the game code with its Copy button and the help. No VPython: :mod:`.controls` puts them
into VPython's ``wtext`` widgets (the element ids are in its docstring).

Their styles are ``assets/text_styles.css``'s; the page's layout (:data:`PAGE_STYLE`, ``assets/page.css``) gives
each its box, and the page's own scripts (:data:`PAGE_SCRIPT`: ``assets/widgets.js`` and ``assets/page_layout.js``)
give the widgets their ids, the canvas its size and a long text a smaller font.
"""

from __future__ import annotations

import html

from ... import wording
from .. import assets
from . import palette

PAGE_STYLE = assets.style("page.css")  # the layout: status lines on top, the canvas, the widgets' panel beside it
STYLES = assets.inline_styles("text_styles.css")  # the style attribute of each text the widgets show
TITLE_STYLE = STYLES["title"]
STATUS_STYLE = STYLES["status"]
GOAL_STYLE = STYLES["goal"]
CODE_STYLE = STYLES["code"]
TALLY_STYLE = STYLES["tally"]
CUE_STYLE = STYLES["cue"]
EVENTS_STYLE = STYLES["events"]
HELP_STYLE = STYLES["help"]  # long lines wrap; their own line breaks stay
BANNER_STYLE = STYLES["banner"]
HIDDEN_STYLE = STYLES["hidden"]  # read, not seen

# Runs once in the page, after the widgets exist (vp3d/assets/widgets.js): stable ids for tests, no context menu on
# right-drag, no page scroll for the keys that play, the game code's field and its Copy button; then
# (vp3d/assets/page_layout.js) the canvas as large as its place on the page, whatever the window's size.
PAGE_SCRIPT = assets.script("widgets.js") + assets.script("page_layout.js")


def placeholder(element_id: str) -> str:
    """An empty element that a text will fill (it has its id before the first text)."""
    return f"<span id='{element_id}'></span>"


def title() -> str:
    return f"<span class='c4-title' style='{TITLE_STYLE}'>{wording.title()}</span>"


def goal(words: str) -> str:
    """A puzzle's task, above the widgets (its lines wrap)."""
    return f"<span id='c4-goal' style='{GOAL_STYLE}'>{words}</span>"


def caption(words: str, kind: str = "") -> str:
    """A widget's caption, in a box as wide in every language (``kind``: ``short`` or ``load``, page.css)."""
    return f"<span class='c4-caption{'-' + kind if kind else ''}'>{words}</span>"


def ply_label(ox: str, label: str) -> str:
    return f"<span class='c4-ply-label' id='c4-{ox.lower()}-ply-label'>{label}</span> "


def ply_value(ox: str, value: str) -> str:
    return f"<span class='c4-ply-value' id='c4-{ox.lower()}-ply-value'>{value}</span>"


def status(text: str) -> str:
    """The status line: plain words (a player file's name or error among them: ``<``, ``&`` shown, not read)."""
    return f"<span id='c4-status' style='{STATUS_STYLE}'>{html.escape(text, quote=False)}</span>"


def cue(text: str) -> str:
    """The cue under the rack: plain words (a player file's error among them), escaped like the status."""
    return f"<span id='c4-cue' style='{CUE_STYLE}'>{html.escape(text, quote=False)}</span>"


ANSWER_KEYS = {"accept": 89, "refuse": 27}  # the keys an answer's button presses (their codes): y, Esc


def events(text: str, answers: bool = False) -> str:
    """What happened in the last move besides its fall, on the line under the status (its box stays, empty,
    between events); ``answers``: first, the buttons that answer the other side's offer over a link (a click
    presses their key: the page's script)."""
    buttons = "".join(
        f"<button type='button' class='c4-own c4-answer' id='c4-{name}' data-which='{which}'>"
        f"{html.escape(wording.button(name))}</button> "
        for name, which in ANSWER_KEYS.items()
    )
    shown = (buttons if answers else "") + text
    return f"<span id='c4-events' style='{EVENTS_STYLE}' title='{html.escape(text, quote=True)}'>{shown}</span>"


def banner(text: str) -> str:
    """The result, over the canvas; empty: none."""
    shown = f"<span style='{BANNER_STYLE}'>{html.escape(text)}</span>" if text else ""
    return f"<span id='c4-banner'>{shown}</span>"


def score_texts(texts: list[str]) -> str:
    """The hint's labels as they read (``#c4-scores``), ``-`` for a hidden one; empty if none is shown."""
    shown = " | ".join(text.replace("\n", " ") or "-" for text in texts) if any(texts) else ""
    return f"<span id='c4-scores' style='{HIDDEN_STYLE}'>{html.escape(shown)}</span>"


def tally(text: str) -> str:
    return f"<span id='c4-tally' class='c4-line' style='{TALLY_STYLE}'>{text}</span>"


def moves(code: str) -> str:
    """The game code with its caption and the page's own Copy button (see PAGE_SCRIPT)."""
    shown = html.escape(code) if code else wording.no_moves_yet()
    words = {"copy": wording.button("copy"), "copied": wording.copied(), "byhand": wording.copy_by_hand()}
    data = " ".join(f"data-{name}='{html.escape(text, quote=True)}'" for name, text in words.items())
    return (
        f"<span class='c4-code-caption'>{wording.game_code_caption()}</span>\n<code id='c4-moves' "
        f"data-code='{html.escape(code)}' style='{CODE_STYLE}'>{shown}</code> "
        f"<button type='button' class='c4-own' id='c4-copy' {data}>{html.escape(words['copy'])}</button>"
    )


def help_text(width: int, rules: str) -> str:
    """The help under the widgets, folded away behind its one-line summary (a click opens it), so that every
    control, the Player file field too, fits the panel of a small window: how to play on a board ``width`` columns
    wide, Analyse game, and ``rules`` (a rule variant's, HTML; empty for the standard game)."""
    shown = f"\n{rules}" if rules else ""
    sides = wording.sides_help(palette.TEXT_COLOURS["X"], palette.TEXT_COLOURS["O"])
    text = f"{sides}\n{wording.scene_help(width)}\n{wording.analysis_help()}{shown}"
    return (f"<details id='c4-help-box'><summary>{wording.help_summary()}</summary>"
            f"<span style='{HELP_STYLE}'>{text}</span></details>")  # fmt: skip
