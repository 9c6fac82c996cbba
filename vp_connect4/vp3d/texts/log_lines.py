"""Every line of the scene's log that scripts and tests read, made here: one small function per kind of line.

The log is fixed English in any language (log lines are not sentences: nothing here goes through ``wording``
but the English of an error or a refusal, which the caller passes). One line per event, printed flushed::

    log: columns 0-<w-1>, counted from the left   printed once, first: the log counts columns from 0
    log: rows 0-<h-1>, counted from the bottom    once, when the rules played can name rows (gravity sideways)
    move <n>: <X|O> column <c>      c counted from 0, as on the page, n counted from the empty board
    move <n>: <X|O> row <r>         a rule variant with gravity sideways: r 0-based, from the bottom
    move <n>: <X|O> flip            a rule variant with flips: the rack turned over (n: moves made)
    event: chance column <c> -> <c2>   after its move: chance sent the checker elsewhere (or ``row``)
    event: row <r> cleared          tetris: a full row vanished (``column <c>`` when gravity pulls sideways)
    event: gravity <down|left|up|right>   gravity turned
    event: swap <c>,<r> <c>,<r>     the X and the O checker on these cells changed colours
    result: X wins | result: O wins | result: draw
    moves: <digits>                  the game so far, as set_board accepts it (at the end of a game;
                                     in a variant also f a flip, s and four digits a swap)
    setting: <X|O> ply <n|perfect>   also: <X|O> player human|ai|<file>, <X|O> evaluation ..., tiebreak ...,
                                     language en|nl, variant <rules>, size <W>x<H> (a new game follows)
    hint: <X|O> <score> ...          one score per move: per column (-1 full), or row; the flip's last
    outcomes: <X|O> <d> ...          after ``hint:`` at the perfect level: each column's exact signed distance
                                     (+7 wins with the 7th move from now, both sides' counted, 0 a draw, -12
                                     loses), ``?`` not worked out in time, ``full``; the labels show them in words
    analysis: result changed at move <k> | analysis: no change found   Analyse game's answer; `` (<u> unknown)``
                                     follows if u positions were not worked out in time
    analysis: move <k> <X|O> column <c> <before> -> <after>   each step shown (c 0-based; the mover's signed
                                     distances: +35, 0, -12, ? unknown, ``won`` after a move that made four)
    analysis: back to the game
    think: <X|O> ply <n>, <k> calls  Think's tree arrived from the worker: the side, its look-ahead, the calls
    think ready: <k> calls drawn, <e> ends, <f> folded   the tree first drawn: the calls drawn, the columns drawn
                                     that need no call (full, a win, the board filled), the calls folded away
    think opened <line>: <k> calls drawn, <e> ends, <f> folded   a click opened a folded call (line: its moves
                                     from the rack's position, 0-based columns, ``-`` the root)
    think: node <line>               a click picked the item of that line
    think: step <k> of <n>           Step (or → ←) played the calls to the k-th of their n events
    think: returned <score> ...      the calls played (Step, Play) reached the first call's return: its list
    think closed                     back to the game
    ignored: <reason>                input refused (also the server's: a message from the page it refused)
    kept: <what>                     a move asked for while a checker falls: played (or refused) once it lands
    error: <text>                    the AI could not move or hint; a player file failed: its error in English, then
                                     its last traceback line
    player file: <name>              the Player file field's file loaded: the X and O menus list it
    undo: <k> move(s) | redo: <k> move(s) | new game | paused | resumed
    loaded: <digits>                 the page's Load made the game that of this game code (after ``moves:``
                                     of the game it replaced, if unfinished)
    resumed: <n> checkers down       the program restarted after a reload and resumed its game
    offer sent: <undo|new|swap>      over a link: this side's offer, sent to the other side
    offer answer: <kind> accepted|refused   the other side's answer to it
    offer received: <kind>           the other side's offer, asked of the person here or answered by a computer
    offer answered: <kind> accepted|refused   this side's answer to it, sent

Nothing here imports VPython.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import Enum
from typing import TYPE_CHECKING

from ...game import Move
from ...rules import Cell, Cleared, Event, GravityTurned, Swapped, Veered

if TYPE_CHECKING:
    from ..worker.analysis import GameAnalysis, Step
    from ..worker.jobs import HintAnswer


class Line(Enum):
    """The lines that are a fixed text around their values, as data: ``Line.MOVES(code)`` is ``moves: <code>``."""

    RESULT = "result: {}"  # the outcome: ``X wins``, ``O wins``, ``draw``
    MOVES = "moves: {}"  # the game so far (or at its end), as its game code
    IGNORED = "ignored: {}"  # why input was refused, in English
    KEPT = "kept: {}"  # a move kept until the falling checker lands, in English
    ERROR = "error: {}"  # what went wrong, in English
    PLAYER_FILE = "player file: {}"  # the Player file field's file joined the X and O menus
    LOADED = "loaded: {}"  # the game code the page's Load made the game
    NEW_GAME = "new game"
    RESUMED = "resumed: {} checkers down"  # the program restarted after a reload and resumed its game
    OFFER_SENT = "offer sent: {}"  # over a link: this side's offer (its kind)
    OFFER_ANSWER = "offer answer: {} {}"  # the other side's answer to it: the kind, accepted or refused
    OFFER_RECEIVED = "offer received: {}"  # the other side's offer
    OFFER_ANSWERED = "offer answered: {} {}"  # this side's answer to it
    ANALYSIS_LEFT = "analysis: back to the game"
    THINK = "think: {} ply {}, {} calls"  # the side, its look-ahead, the calls of its tree
    THINK_READY = "think ready: {} calls drawn, {} ends, {} folded"
    THINK_OPENED = "think opened {}: {} calls drawn, {} ends, {} folded"
    THINK_NODE = "think: node {}"
    THINK_DIFFERS = "think differs: {} calls, first {}"  # a player file's calls not the reference's; the first
    THINK_STEP = "think: step {} of {}"
    THINK_RETURNED = "think: returned {}"
    THINK_LEFT = "think closed"

    def __call__(self, *values: object) -> str:
        return self.value.format(*values)


def columns(width: int) -> str:
    return f"log: columns 0-{width - 1}, counted from the left"


def rows(height: int) -> str:
    return f"log: rows 0-{height - 1}, counted from the bottom"


def move_lines(move: Move) -> list[str]:
    """The log lines of ``move``: the move, then one per event (the checker's landing and a flip have none)."""
    lines = [f"move {move.number}: {move.ox} {move.words()}"]
    for event in move.events:
        line = event_line(event, move.line)
        if line:
            lines.append(line)
    return lines


def event_line(event: Event, line: str = "column") -> str:
    """One event's log line (empty for a landing or a flip, which the move line tells)."""
    if isinstance(event, Veered):
        return f"event: chance {line} {event.chosen} -> {event.played}"
    if isinstance(event, Cleared):
        return f"event: {event.line} {event.index} cleared"
    if isinstance(event, GravityTurned):
        return f"event: gravity {event.gravity}"
    if isinstance(event, Swapped):
        return f"event: swap {_cell(event.first)} {_cell(event.second)}"
    return ""


def _cell(cell: Cell) -> str:
    return f"{cell[0]},{cell[1]}"


def setting(*words: object) -> str:
    """``setting: tiebreak LEFT``, ``setting: X ply 4``, ``setting: variant tetris``..."""
    return "setting: " + " ".join(str(word) for word in words)


def size_setting(width: int, height: int) -> str:
    return setting("size", f"{width}x{height}")


def hint(ox: str, scores: Iterable[float]) -> str:
    return f"hint: {ox} " + " ".join(f"{score:g}" for score in scores)


def outcomes(ox: str, hint: HintAnswer) -> str:
    """``outcomes: X -40 -42 0 +41 0 -42 -40``: per column its signed distance, ``?`` (not worked out in time) or
    ``full``."""
    tokens = ["full" if score < 0 else value_token(hint.outcome(col)) for col, score in enumerate(hint.scores)]
    return f"outcomes: {ox} " + " ".join(tokens)


def value_token(distance: int | None, won: bool = False) -> str:
    """An outcome in the log: ``+35``, ``0``, ``-12``; ``?`` not worked out in time; ``won`` the move made four."""
    if won:
        return "won"
    if distance is None:
        return "?"
    return f"{distance:+d}" if distance else "0"


def analysis_step(step: Step) -> str:
    """The line for a step shown: ``analysis: move 7 X column 3 +35 -> 0`` (column 0-based)."""
    before, after = value_token(step.before), value_token(step.after, step.won)
    return f"analysis: move {step.number} {step.ox} column {step.col} {before} -> {after}"


def analysis_summary(analysis: GameAnalysis, found: list[Step]) -> str:
    """The line when the analysis arrives: ``analysis: result changed at move 7`` (the first step ``found``
    changed) or ``analysis: no change found``, then `` (<u> unknown)`` if ``u`` positions were not worked out in
    time."""
    changed_at = next((step.number for step in found if step.changed), None)
    text = "analysis: no change found" if changed_at is None else f"analysis: result changed at move {changed_at}"
    return text + (f" ({analysis.unknown} unknown)" if analysis.unknown else "")


def ignored_left_out(count: int) -> str:
    """The server's: how many ``ignored:`` lines were left out (a page sending junk cannot flood the log)."""
    return Line.IGNORED(f"{count} more like these, not logged")


def undo(count: int, redo: bool = False) -> str:
    """``undo: 2 moves``; ``redo``: ``redo: 1 move``."""
    return f"{'redo' if redo else 'undo'}: {count} move{'s' if count != 1 else ''}"


def paused(on: bool) -> str:
    return "paused" if on else "resumed"


def think_line(line: tuple[int, ...]) -> str:
    """A tree item's line for the log: its moves, 0-based columns (``3 4 3``), ``-`` for the root."""
    return " ".join(map(str, line)) if line else "-"


def scores_text(scores: Iterable[float]) -> str:
    """A list of scores as the log writes them: ``50 100 -1`` (whole numbers without a point)."""
    return " ".join(f"{score:g}" for score in scores)
