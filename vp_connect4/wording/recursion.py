"""Sentences of ``vp-connect4 think``: a ``scores_for`` recursion in words, call by call (the scene's own are in
:mod:`.think`)."""

from __future__ import annotations

from .language import N_, _, _n, choice, sentence

__all__ = [
    "think_after",
    "think_agrees",
    "think_below",
    "think_call",
    "think_case",
    "think_deep",
    "think_diagnosis_below",
    "think_differs",
    "think_error",
    "think_game_over",
    "think_heading",
    "think_help",
    "think_line",
    "think_not_counted_down",
    "think_ours",
    "think_picks",
    "think_see",
    "think_stopped",
    "think_summary",
    "think_summary_failed",
    "think_top",
]


def think_heading(ox: str, ply: int, method: str, tiebreak: str, moves: str) -> str:
    position = moves or _("the empty board")
    return _n(
        "{ox} looks {ply} move ahead on {position} ({method}, tiebreak {tiebreak}):",
        "{ox} looks {ply} moves ahead on {position} ({method}, tiebreak {tiebreak}):",
        ply,
    ).format(ox=ox, ply=ply, position=position, method=method, tiebreak=tiebreak)


def think_call(mover: str, col: int, ox: str, ply: int, scores: str) -> str:
    """One call below the root: the move that led to it, who is asked, how far, and what it returned."""
    return _n(
        "after {mover} {col}: {ox} looks {ply} move ahead: {scores}",
        "after {mover} {col}: {ox} looks {ply} moves ahead: {scores}",
        ply,
    ).format(mover=mover, col=col, ox=ox, ply=ply, scores=scores)


think_case = choice(
    "kind",
    {
        "full": N_("column {col} is full: -1"),
        "won": N_("{ox} has four in a row already: 100"),
        "lost": N_("the opponent has four in a row already: 0"),
        "horizon": N_("column {col}: no look further (ply 0): {score}"),
        "wins": N_("{ox} {col} wins at once: 100"),
        "fills": N_("{ox} {col} fills the board: 50"),
        "call": N_("{ox} {col}: the opponent's call below"),
    },
)

think_below = sentence(N_("... and {calls} calls below"), "calls")

think_line = sentence(N_("the line: {line}"), "line")

think_picks = sentence(N_("next_move plays column {col}; {line}"), "col, line")

think_differs = sentence(N_("* differs from the reference, whose call returns {scores}"), "scores")

think_error = sentence(N_("* this call did not return (where it raised or ran out of time):"), "")

think_ours = sentence(
    N_("{file}: its {method} is vp_connect4's own Player's, so its recursion is the reference's:"), "file, method"
)

think_deep = sentence(N_("... ({moves} moves deep)"), "moves")

think_stopped = choice(
    "why",
    {
        "time is up": N_("its time ran out here (the recursion was stopped)"),
        "too many calls": N_("the recursion was stopped here: it had made too many calls (does it end?)"),
    },
)

think_not_counted_down = sentence(
    N_(
        "the recursion was stopped here: this call looks as far ahead as the one that made it, so {ply} is never "
        "counted down and it would never end"
    ),
    "ply",
)

think_top = sentence(N_("the call at the top"), "")

think_after = sentence(N_("the call after {line}"), "line")

think_see = sentence(N_("Every call of this recursion, yours beside the reference's: {command}"), "command")

think_game_over = sentence(N_("the game on {moves} is over already: there is no recursion to show"), "moves")

# Above the diagnosis' sentence where the top call agrees: what check says of the first call that differs.
think_diagnosis_below = sentence(
    N_("The call at the top agrees with the reference; asked at the first call that differs ({ox}, ply {ply}), "
       "check says:"),
    "ox, ply",
)

think_agrees = sentence(N_("Every one of the {calls} calls agrees with the reference."), "calls")

think_summary = sentence(
    N_("{marked} of the {calls} calls differ from the reference (marked *); the first, in the order the code makes "
       "them: {where}."),
    "marked, calls, where",
)

# A recursion with a call that raised, ran out of time or was stopped: that call is named, whichever differs first.
think_summary_failed = sentence(
    N_("{marked} of the {calls} calls differ from the reference (marked *); the call that did not return: {where}."),
    "marked, calls, where",
)

think_help = choice(
    "name",
    {
        "think": N_("print a player's scores_for recursion as a tree, call by call (and where a player file's "
                    "differs from the reference)"),
        "moves": N_("the position: set_board's digits, X first (default: the empty board)"),
        "ply": N_("how many moves ahead (default 2)"),
        "player": N_("a player file (player.py or player.py:ClassName): its own calls, beside the reference"),
        "side": N_("whose scores_for: X or O (default: the side to move)"),
        "tiebreak": N_("the tiebreak: LEFT, RIGHT or RANDOM (default LEFT)"),
        "smart": N_("scores_for_tourney: the smart evaluation at the horizon"),
        "3d": N_("open the 3D scene on the position instead, Think shown: the tree to turn, step through and click"),
    },
)
