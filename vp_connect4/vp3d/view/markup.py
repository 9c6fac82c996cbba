"""The HTML of the texts around the canvas, each made from what it says: the title, a puzzle's goal, the status
line, the cue, a move's events, the sliders' captions and values, the hint's labels as read, the score, the game
code with its Copy button and the help. No VPython: :mod:`.controls` puts them into VPython's ``wtext`` widgets
(the element ids are in its docstring).

Their styles are ``assets/text_styles.css``'s; the page's own script and the stylesheet that lines up the rows of
settings (:data:`PAGE_SCRIPT`, :data:`ROW_STYLE`) are ``assets/widgets.js`` and ``assets/widgets.css``.
"""

from __future__ import annotations

import html

from ... import wording
from .. import assets

ROW_STYLE = assets.style("widgets.css")  # the rows of settings line up
STYLES = assets.inline_styles("text_styles.css")  # the style attribute of each text the widgets show
TITLE_STYLE = STYLES["title"]
STATUS_STYLE = STYLES["status"]  # wraps beside the title instead of running off the page
GOAL_STYLE = STYLES["goal"]
CODE_STYLE = STYLES["code"]
TALLY_STYLE = STYLES["tally"]
CUE_STYLE = STYLES["cue"]
EVENTS_STYLE = STYLES["events"]
HELP_STYLE = STYLES["help"]  # long lines wrap; their own line breaks stay
HIDDEN_STYLE = STYLES["hidden"]  # read, not seen

# Runs once in the page, after the widgets exist (vp3d/assets/widgets.js): stable ids for tests, no context menu on
# right-drag, no page scroll for the keys that play, the game code's field and its Copy button.
PAGE_SCRIPT = assets.script("widgets.js")


def placeholder(element_id: str) -> str:
    """An empty element that a text will fill (it has its id before the first text)."""
    return f"<span id='{element_id}'></span>"


def title() -> str:
    return f"<b style='{TITLE_STYLE}'>{wording.title()}</b>&nbsp;&nbsp;"


def goal(words: str) -> str:
    """A puzzle's task, on a line above the widgets."""
    return f"<span id='c4-goal' style='{GOAL_STYLE}'>{words}</span>\n"


def ply_label(ox: str, label: str) -> str:
    return f"<span class='c4-ply-label' id='c4-{ox.lower()}-ply-label'>{label}</span> "


def ply_value(ox: str, value: str) -> str:
    return f"<span class='c4-ply-value' id='c4-{ox.lower()}-ply-value'>{value}</span>"


def status(text: str) -> str:
    return f"<span id='c4-status' style='{STATUS_STYLE}'>{text}</span>"


def cue(text: str) -> str:
    return f"<span id='c4-cue' style='{CUE_STYLE}'>{text}</span>"


def events(text: str) -> str:
    """What happened in the last move besides its fall, on a line under the status; the line stays (empty)
    between events, so the canvas does not jump."""
    return f"<br><span id='c4-events' style='{EVENTS_STYLE}'>{text or '&nbsp;'}</span>"


def score_texts(texts: list[str]) -> str:
    """The hint's labels as they read (``#c4-scores``), ``-`` for a hidden one; empty if none is shown."""
    shown = " | ".join(text.replace("\n", " ") or "-" for text in texts) if any(texts) else ""
    return f"<span id='c4-scores' style='{HIDDEN_STYLE}'>{html.escape(shown)}</span>"


def tally(text: str) -> str:
    return f"<span id='c4-tally' style='{TALLY_STYLE}'>{text}</span>"


def moves(code: str) -> str:
    """The game code with its caption and the page's own Copy button (see PAGE_SCRIPT)."""
    shown = html.escape(code) if code else wording.no_moves_yet()
    words = {"copy": wording.button("copy"), "copied": wording.copied(), "byhand": wording.copy_by_hand()}
    data = " ".join(f"data-{name}='{html.escape(text, quote=True)}'" for name, text in words.items())
    return (
        f"{wording.game_code_caption()} <code id='c4-moves' data-code='{html.escape(code)}' "
        f"style='{CODE_STYLE}'>{shown}</code> "
        f"<button type='button' class='c4-own' id='c4-copy' {data}>{html.escape(words['copy'])}</button>"
    )


def help_text(width: int, rules: str) -> str:
    """The help under the widgets: how to play on a board ``width`` columns wide, Analyse game, and ``rules`` (a
    rule variant's, HTML; empty for the standard game)."""
    shown = f"\n<span style='{HELP_STYLE}'>{rules}</span>" if rules else ""
    analysis = f"\n<span style='{HELP_STYLE}'>{wording.analysis_help()}</span>"
    return "\n\n" + wording.scene_help(width) + analysis + shown
