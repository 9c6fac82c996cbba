"""Sentences of Think: a side's ``scores_for`` recursion drawn as a tree in the scene, and played call by call."""

from __future__ import annotations

from .language import N_, _, _n, choice, name_sentences, sentence
from .rules import side

__all__ = [
    "think_button",
    "think_call_returns",
    "think_call_starts",
    "think_differs_failed",
    "think_differs_here",
    "think_failed",
    "think_folded",
    "think_moves",
    "think_node",
    "think_ready",
    "think_refusal",
    "think_root_returns",
    "think_slot",
    "think_speed_caption",
    "think_too_large",
    "think_working",
]


# The buttons of Think (the tree of a side's scores_for) in the panel.
think_button = choice(
    "name",
    {
        "think": N_("Think"),
        "step": N_("Step"),
        "play": N_("Play"),
        "stop": N_("Stop"),
    },
)


# Before Think's speed slider: how many calls a second Play shows.
think_speed_caption = sentence(N_("Speed:"))


# Why Think cannot draw a tree: ``perfect`` (that level's moves come from the solver), ``rules`` (a rule variant).
think_refusal = choice(
    "kind",
    {
        "perfect": N_(
            "a perfect player's moves do not come from scores_for: set its look-ahead to a number to see its tree"
        ),
        "rules": N_("Think draws the tree for the standard rules only"),
    },
)


think_failed = sentence(N_("the tree could not be worked out: {error}"), "error")


def think_too_large(ox: str, ply: int, limit: int, most: int, fits: int) -> str:
    """Think refused: the tree of ``ox`` at ``ply`` has more than ``limit`` calls (at most ``most`` at that ply);
    a look-ahead of ``fits`` or less can be drawn."""
    return _(
        "The tree of {side} at ply {ply} has more than {limit} calls (up to {most}): too many to draw. "
        "A look-ahead of {fits} or less can be drawn."
    ).format(side=side(ox), ply=ply, limit=limit, most=most, fits=fits)


def think_working(ox: str, ply: int, seconds: float) -> str:
    """The status line while the worker builds the tree."""
    return _n(
        "Working out how {side} looks {ply} move ahead… ({n} s so far)",
        "Working out how {side} looks {ply} moves ahead… ({n} s so far)",
        ply,
    ).format(side=side(ox), ply=ply, n=int(seconds))


def think_moves(moves: list[tuple[str, int]]) -> str:
    """A node's line of moves from the rack's position: ``X 3, O 4, X 3``; the root's: ``the position on the rack``."""
    if not moves:
        return _("the position on the rack")
    return ", ".join(f"{ox} {col}" for ox, col in moves)


def _looks(ox: str, ply: int) -> str:
    return _n("{ox} looks {ply} move ahead", "{ox} looks {ply} moves ahead", ply).format(ox=ox, ply=ply)


def think_ready(ox: str, ply: int, calls: int, col: int | None) -> str:
    """The status line when the tree is drawn: how many calls, and the column next_move picks."""
    text = _n(
        "{looks}: {calls} call of scores_for.",
        "{looks}: {calls} calls of scores_for.",
        calls,
    ).format(looks=_looks(side(ox), ply), calls=calls)
    if col is not None:
        text += " " + _("next_move picks column {col} (its line is marked in gold).").format(col=col)
    return text + " " + _("Click a node to see it; → steps through the calls, Space plays them, Esc goes back.")


def think_node(line: str, ox: str, ply: int, scores: str) -> str:
    """The status line for a node clicked: its line of moves, who looks how far ahead there, its list."""
    return _("{line}: {looks} from here; its scores: {scores}").format(
        line=line, looks=_looks(ox, ply), scores=scores
    )


# A node that stands for a whole subtree not drawn yet; a click opens it.
think_folded = sentence(N_("{calls} calls below it are folded: click it again to open them."), "calls")


# What a column that is not a call scores, by the seed's case: the status line of a slot clicked.
think_slot = choice(
    "kind",
    {
        "full": N_("the column is full: -1"),
        "won": N_("the game is already won here: 100"),
        "lost": N_("the game is already lost here: 0"),
        "horizon": N_("the look-ahead is spent: 50"),
        "wins": N_("this move wins: 100"),
        "fills": N_("this move fills the board: 50"),
    },
)


def think_call_starts(ox: str, ply: int, line: str) -> str:
    """Playing the calls: a call starts."""
    return _("{looks} from here ({line}): scores_for is called.").format(looks=_looks(ox, ply), line=line)


def think_call_returns(ox: str, ply: int, best: int, top: str, col: int, score: str, parent: str) -> str:
    """Playing the calls: a call returns its list; its best, turned round, is its parent's score for the move."""
    return _(
        "{looks} from here: column {best} scores {top} for {ox}, so column {col} scores {score} for {parent}."
    ).format(looks=_looks(ox, ply), best=best, top=top, ox=ox, col=col, score=score, parent=parent)


def think_root_returns(ox: str, ply: int, scores: str, col: int | None) -> str:
    """Playing the calls: the first call returns; its list is scores_for's answer."""
    text = _("{looks}: scores_for returns {scores}.").format(looks=_looks(ox, ply), scores=scores)
    if col is not None:
        text += " " + _("next_move plays column {col}.").format(col=col)
    return text


think_differs_here = sentence(
    N_("{marked} of this file's calls differ from the reference's (ringed in red); the first in the order its code "
       "makes them: {about}."),
    "marked, about",
)

# A player file's call raised, ran out of time or was stopped: the view opens on it (terminal think names it too).
think_differs_failed = sentence(
    N_("{marked} of this file's calls differ from the reference's (ringed in red); the call that did not return: "
       "{about}."),
    "marked, about",
)


name_sentences(globals())
