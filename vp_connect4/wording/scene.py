"""Sentences of the 3D scene: status line, banner, cues, hints, captions, menus and buttons."""

from __future__ import annotations

from .language import N_, _, _n, choice, name_sentences, sentence
from .rules import side

__all__ = [
    "ai_bad_column",
    "ai_duel_description",
    "ai_error",
    "ai_failed",
    "ai_to_move",
    "analysing",
    "analysis_failed",
    "analysis_help",
    "analysis_refusal",
    "analysis_step",
    "analysis_summary",
    "bad_reload_grace",
    "best_columns",
    "best_moves",
    "button",
    "copied",
    "copy_by_hand",
    "evaluation",
    "evaluation_caption",
    "falling",
    "game_code_caption",
    "game_ended",
    "game_open_elsewhere",
    "help_summary",
    "hint_unfinished",
    "hint_working",
    "human_to_move",
    "link_offer_question",
    "link_offer_waiting",
    "link_refusal",
    "link_seat",
    "link_stopped_in_scene",
    "link_waiting_for_draws",
    "link_waiting_for_join",
    "link_waiting_for_move",
    "load_caption",
    "look_ahead_caption",
    "move_kept",
    "no_moves_yet",
    "outcome_label",
    "page_closed_waiting",
    "paused",
    "puzzle_goal",
    "result_in_scene",
    "scene_help",
    "scene_starting",
    "seat_kind",
    "side_outcome",
    "sides_help",
    "size_caption",
    "tally",
    "thinking",
    "tiebreak",
    "title",
    "variant_caption",
    "variant_refusal",
    "variant_scene_description",
    "verdict",
    "vs_ai_description",
    "with_hint",
]

# -- the 3D scene -------------------------------------------------------------------------


# The page's title.
title = sentence(N_("Connect Four"))


def result_in_scene(winner: str | None, humans: list[str], draw: str = "full") -> str:
    """The result banner and status line (``winner`` None: a draw).

    ``draw``: why a game is drawn (``Termination``'s values): ``full`` (every cell holds a checker), ``both fours``
    (both sides have four in a row at once), ``no move`` or ``move limit``.
    """
    if winner is None:
        if draw == "both fours":
            return _("Draw: both sides have four in a row. Press New game to play again.")
        if draw == "full":
            return _("Draw: the board is full. Press New game to play again.")
        return _("Draw. Press New game to play again.")
    if len(humans) == 1:
        if winner in humans:
            return _("You win! {side} has four in a row.").format(side=side(winner))
        return _("You lose: {side} has four in a row.").format(side=side(winner))
    return _("{side} wins with four in a row!").format(side=side(winner))


def falling(ox: str, line: str, number: int) -> str:
    """A move under way: ``line`` column, row or flip; ``number`` counted from 0, as the rack's labels."""
    if line == "flip":
        return _("{side} flips the rack…").format(side=side(ox))
    if line == "row":
        return _("{side} plays row {row}…").format(side=side(ox), row=number)
    return _("{side} plays column {col}…").format(side=side(ox), col=number)


def move_kept(line: str, number: int | None) -> str:
    """A move asked for while a checker falls, kept until it has landed: ``line`` column, row or flip; ``number``
    counted from 0, as the rack's labels (None: the column chosen with the arrows, when it lands)."""
    if line == "flip":
        return _("you flip the rack once the checker has landed")
    if number is None:
        return _("your move comes once the checker has landed")
    if line == "row":
        return _("row {row} comes once the checker has landed").format(row=number)
    return _("column {col} comes once the checker has landed").format(col=number)


def ai_error(ox: str, error: str) -> str:
    return _("{side}: {error}. Change a setting or press New game.").format(side=side(ox), error=error)


def ai_failed(moving: bool, error: object) -> str:
    if moving:
        return _("the AI could not move: {error}").format(error=error)
    return _("the AI could not give a hint: {error}").format(error=error)


ai_bad_column = sentence(N_("the AI chose column {col}, which cannot be played"), "col")


def paused(ox: str, is_ai: bool = True) -> str:
    if is_ai:
        return _("Paused: {side} to move (AI). Press Resume.").format(side=side(ox))
    return _("Paused: {side} to move. Press Resume.").format(side=side(ox))


def thinking(ox: str) -> str:
    return _("{side} is thinking…").format(side=side(ox))


def ai_to_move(ox: str) -> str:
    return _("{side} to move (AI)").format(side=side(ox))


def human_to_move(ox: str, line: str, slots: int, flip: bool, alone: bool) -> str:
    """The status line when a person is to move (``alone``: one person against the AI): what to click or press.

    ``line``: what a move names, ``column`` or ``row`` (gravity sideways; rows counted from the bottom);
    ``slots``: how many (numbered from 0, as the keys and the rack's labels); ``flip``: flips are played (key f).
    """
    if line == "row":
        if alone:
            text = _("Your turn: {side}. Click a row or press 0-{last} (0 is the bottom row).")
        else:
            text = _("To move: {side}. Click a row or press 0-{last} (0 is the bottom row).")
    elif alone:
        text = _("Your turn: {side}. Click a column or press 0-{last}.")
    else:
        text = _("To move: {side}. Click a column or press 0-{last}.")
    text = text.format(side=side(ox), last=slots - 1)
    return text + " " + _("Or press f to flip the rack.") if flip else text


def best_moves(ox: str, line: str, numbers: list[int], flip: bool, verdict: str) -> str:
    """The hint's line in a rule variant: the best columns or rows (counted from 0) and/or the flip."""
    if line == "column" and not flip:
        return best_columns(ox, numbers, verdict)
    shown = ", ".join(str(number) for number in numbers)
    if line == "row":
        moves = _n("row {numbers}", "rows {numbers}", len(numbers)).format(numbers=shown)
    else:
        moves = _n("column {numbers}", "columns {numbers}", len(numbers)).format(numbers=shown)
    if not flip:
        return _("Best for {ox}: {moves} ({verdict})").format(ox=ox, moves=moves, verdict=verdict)
    if not numbers:
        return _("Best for {ox}: flip the rack ({verdict})").format(ox=ox, verdict=verdict)
    return _("Best for {ox}: {moves} or flip the rack ({verdict})").format(ox=ox, moves=moves, verdict=verdict)


def best_columns(ox: str, cols: list[int], verdict: str) -> str:
    """The hint's line: ``Best for X: column 3 (wins)``; ``cols`` counted from 0, as the rack's labels."""
    shown = ", ".join(str(col) for col in cols)
    text = _n("Best for {ox}: column {cols} ({verdict})", "Best for {ox}: columns {cols} ({verdict})", len(cols))
    return text.format(ox=ox, cols=shown, verdict=verdict)


def verdict(score: float | None = None, distance: int | None = None, ply: int | None = None) -> str:
    """How good the best column is: by a seed score (100 wins, 50 neither, 0 loses within the look-ahead)
    or, for the perfect level, by the solver's exact ``distance`` in moves (both sides' moves counted).

    ``ply``: the look-ahead the score comes from, if known: a 50 then says what was proved, no win or loss
    within that many moves (the perfect level's deepest search, where the solver cannot answer, has none to name).
    """
    if distance is not None:
        if distance > 0:
            return _n("wins in {n} move", "wins in {n} moves", distance).format(n=distance)
        if distance < 0:
            return _n(
                "all moves lose, the slowest in {n} move", "all moves lose, the slowest in {n} moves", -distance
            ).format(n=-distance)
        return _("holds the draw")
    if score is not None and score >= 100:
        return _("wins")
    if score is not None and score <= 0:
        return _("all moves lose")
    if ply == 0:
        return _("no look-ahead")
    if ply is not None:
        return _n("no win or loss within {n} move", "no win or loss within {n} moves", ply).format(n=ply)
    return _("no win or loss in sight")


def hint_unfinished(ox: str, known: int, columns: int, given_up: bool) -> str:
    """The perfect hint's line while the exact outcomes are not all worked out (``known`` of ``columns``), or,
    ``given_up``, when they were out of reach in the time the hint had."""
    if given_up:
        text = _("For {ox}: the exact outcomes are out of reach here ({known} of {columns} columns worked out)")
    else:
        text = _("For {ox}: working out the exact outcomes ({known} of {columns} columns so far)")
    return text.format(ox=ox, known=known, columns=columns)


# The hint's line while the look-ahead works out its scores (it takes a while; the perfect level's outcomes:
# :func:`hint_unfinished`).
help_summary = sentence(N_("Help: how to play, the keys, Analyse game"))


scene_starting = sentence(N_("Starting: the 3D view is being drawn and the AI's worker started…"))


hint_working = sentence(N_("For {ox}: working out the hint"), "ox")


# The status line followed by the hint's line.
with_hint = sentence(N_("{status} {hint}."), "status, hint")


def puzzle_goal() -> str:
    """The task of the puzzle scene (``scenes/puzzle.py``), in the terminal and on the page."""
    return _("Puzzle: you are {x}, to move. Find the move that wins within three, whatever O does.").format(x=side("X"))


def vs_ai_description(ply: int) -> str:
    """What ``scenes/vs_ai.py`` prints in the terminal."""
    return _("You are {x} and move first; the AI plays {o} at ply {ply}.").format(x=side("X"), o=side("O"), ply=ply)


def ai_duel_description(x_ply: int, o_ply: int) -> str:
    """What ``scenes/ai_duel.py`` prints in the terminal."""
    return _("AI duel: {x} looks {x_ply} moves ahead, {o} {o_ply}.").format(
        x=side("X"), o=side("O"), x_ply=x_ply, o_ply=o_ply
    )


def variant_scene_description(rules: str, ply: int) -> str:
    """What a rule variant's scene (``scenes/tetris.py``...) prints in the terminal; ``rules``: the rules' name."""
    return _("Rules: {rules}. You are {x} and move first; the AI plays {o} at ply {ply}.").format(
        rules=rules, x=side("X"), o=side("O"), ply=ply
    )


# The score across the games of a scene.
tally = sentence(N_("Score: X {x} – O {o}, draws {draws}"), "x, o, draws")


# Shown over the scene's page when the program has stopped (Ctrl-C, the terminal closed).
game_ended = sentence(N_("The game has ended: the program stopped. Start it again to play."))


# Shown instead of the scene to a second tab while the game is open in another one.
game_open_elsewhere = sentence(N_("The game is open in another tab. Close this tab and play there."))


def page_closed_waiting(seconds: float, url: str) -> str:
    """The terminal's line when the game's page has gone (a closed tab, or a reload that has not come back yet)."""
    return _n(
        "The game's page has gone. To go on with this game, reload it or open {url} within {seconds} second; "
        "if no page comes back by then, the program ends (Ctrl-C ends it now).",
        "The game's page has gone. To go on with this game, reload it or open {url} within {seconds} seconds; "
        "if no page comes back by then, the program ends (Ctrl-C ends it now).",
        round(seconds),
    ).format(seconds=f"{seconds:g}", url=url)


# The environment variable ``name`` that sets how long the game waits for a reload is not a number above 0.
bad_reload_grace = sentence(
    N_(
        "{name} must be a number of seconds above 0, not {text!r}; "
        "the program waits the usual {default:g} seconds for a reloaded page"
    ),
    "name, text, default",
)


def seat_kind(ox: str, is_ai: bool) -> str:
    """A choice of the X and O menus: ``X (orange): human`` / ``X (orange): AI``."""
    kind = _("AI") if is_ai else _("human")
    return _("{side}: {kind}").format(side=side(ox), kind=kind)


# The label in front of a side's look-ahead slider.
look_ahead_caption = sentence(N_("{ox} look-ahead"), "ox")


evaluation_caption = sentence(N_("evaluation"))


def evaluation(name: str) -> str:
    """A choice of the evaluation menu (``name``: simple or smart)."""
    return _("simple 0-50-100") if name == "simple" else _("smart")


# A choice of the tiebreak menu (``name``: LEFT, RIGHT or RANDOM, as the seed, ``--tiebreak`` and the log spell them;
# each choice is a sentence of its own, so the Dutch page says it in Dutch).
tiebreak = choice(
    "name",
    {
        "LEFT": N_("tiebreak LEFT"),
        "RIGHT": N_("tiebreak RIGHT"),
        "RANDOM": N_("tiebreak RANDOM"),
    },
)


# The label of a button or checkbox of the scene.
button = choice(
    "name",
    {
        "new": N_("New game"),
        "undo": N_("Undo"),
        "redo": N_("Redo"),
        "hint": N_("Hint"),
        "keep": N_("keep scores shown"),
        "pause": N_("Pause"),
        "resume": N_("Resume"),
        "reset": N_("Reset view"),
        "swap": N_("Swap sides"),
        "load": N_("Load"),
        "copy": N_("Copy"),
        "flip": N_("Flip the rack"),
        "analyse": N_("Analyse game"),
        "back": N_("Back to the game"),
        "accept": N_("Accept (y)"),  # the other side's offer over a link
        "refuse": N_("Refuse (Esc)"),
    },
)


# In front of the game's moves as a ``set_board`` string (the log's ``moves:``, ``--moves``).
game_code_caption = sentence(N_("Game code (columns counted from 0, as --moves takes it):"))


no_moves_yet = sentence(N_("(no moves yet)"))


# The Copy button says so for a moment after it copied the game code.
copied = sentence(N_("Copied"))


# The browser would not let the page copy: the person can select the code.
copy_by_hand = sentence(N_("Select it and copy"))


load_caption = sentence(N_("Load a game code:"))


def sides_help(x_colour: str, o_colour: str) -> str:
    """The help's first line: which checkers are whose (HTML; ``x_colour``, ``o_colour``: the CSS colours of the
    words orange and blue)."""
    return _(
        "<b>X</b> plays the <b style='color:{x}'>orange</b> checkers and moves first; "
        "<b>O</b> plays the <b style='color:{o}'>blue</b> ones, each with a white ring. Four in a row wins."
    ).format(x=x_colour, o=o_colour)


def scene_help(width: int) -> str:
    """The help text under the scene's widgets, after :func:`sides_help` (HTML)."""
    return _(
        "<b>Play:</b> click a column or press its number, 0-{last}. "
        "<b>Rotate view:</b> drag with the right mouse button (or Ctrl + drag). "
        "<b>Zoom:</b> mouse wheel.\n"
        "<b>Keys:</b> ← → choose a column, Enter or Space drops the checker; "
        "<b>n</b> New game, <b>u</b> Undo, <b>r</b> Redo, <b>h</b> Hint.\n"
        "<b>Hint</b> shows the AI's score of each column for the side to move: "
        "<span style='color:#2e7d32'>100 wins</span>, 50 neither, "
        "<span style='color:#c62828'>0 loses</span> (within the AI's look-ahead)."
    ).format(last=width - 1)


# -- perfect play: the hint's labels, Analyse game ----------------------------------------------


def outcome_label(distance: int | None, working: bool = False) -> str:
    """A column's exact outcome on its label above the rack, short, on two lines: ``wins in 7``, ``draws``,
    ``loses in 12`` (moves of both sides counted, this one included); unknown: ``…`` while it is being worked
    out (``working``), ``?`` when it was not worked out in time."""
    if distance is None:
        return "…" if working else "?"
    if distance > 0:
        return _("wins\nin {n}").format(n=distance)
    if distance < 0:
        return _("loses\nin {n}").format(n=-distance)
    return _("draws")


def side_outcome(ox: str, distance: int | None, won: bool = False) -> str:
    """The outcome of a position for ``ox`` with perfect play: ``X wins in 35``, ``X draws``, ``X loses in 12``
    (moves of both sides counted from then); ``won``: ``ox``'s move made four; None: not worked out in time (said
    in words: a ``?`` would read like a result)."""
    if won:
        return _("{ox} has won").format(ox=ox)
    if distance is None:
        return _("outcome for {ox} not worked out in time").format(ox=ox)
    if distance > 0:
        return _("{ox} wins in {n}").format(ox=ox, n=distance)
    if distance < 0:
        return _("{ox} loses in {n}").format(ox=ox, n=-distance)
    return _("{ox} draws").format(ox=ox)


def analysis_step(
    number: int, count: int, ox: str, col: int, before: str, after: str, changed: bool, kept: list[int] | None = None
) -> str:
    """Analyse game's status line for one move: ``Move 7 of 23: X (orange) played column 3: X wins in 35 → X draws``
    (``number`` counted from 1, ``col`` from 0, as the rack's labels; ``before`` and ``after``: :func:`side_outcome`'s
    words); ``changed``: ``← the result changed here``, and ``kept``: the columns that would have kept it."""
    text = _("Move {number} of {count}: {side} played column {col}: {before} → {after}").format(
        number=number, count=count, side=side(ox), col=col, before=before, after=after
    )
    if not changed:
        return text + "."
    if not kept:
        return text + " " + _("← the result changed here.")
    shown = ", ".join(str(kept_col) for kept_col in kept)
    return (
        text
        + " "
        + _n(
            "← the result changed here: column {cols} kept it.",
            "← the result changed here: columns {cols} kept it.",
            len(kept),
        ).format(cols=shown)
    )


def analysis_summary(changed_at: int | None, unknown: int, shown: int) -> str:
    """After a step's line: where the result first changed hands (``changed_at``: the move's number; nothing if
    that is the move ``shown``), or that no move certainly did (``unknown``: positions not worked out in time);
    then the keys."""
    if changed_at == shown:
        where = ""
    elif changed_at is not None:
        where = _("The result first changed hands at move {number}.").format(number=changed_at)
    elif unknown:
        where = _n(
            "No move certainly changed the result ({n} position was not worked out in time).",
            "No move certainly changed the result ({n} positions were not worked out in time).",
            unknown,
        ).format(n=unknown)
    else:
        where = _("No move changed the result.")
    keys = _("← → other moves; Esc: back to the game.")
    return f"{where} {keys}" if where else keys


def analysing(seconds: float = 0.0) -> str:
    """The status line while the AI works out every position of the game, for ``seconds`` so far (said from 1 s
    on: it usually takes a fraction of a second, but a position the solver finds hard may take a few seconds)."""
    if seconds < 1:
        return _("Analysing the game with perfect play…")
    return _("Analysing the game with perfect play… ({n} s so far)").format(n=int(seconds))


# Why Analyse game cannot start: ``no_moves`` (an empty board), ``rules`` (a rule variant), ``size`` (a board
# whose bitboard passes the solver's 64 bits).
analysis_refusal = choice(
    "kind",
    {
        "no_moves": N_("there is no move to analyse yet"),
        "rules": N_("Analyse game knows the standard rules only"),
        "size": N_("Analyse game knows boards whose width × (height + 1) is at most 64 only, such as 8x7 or 10x5"),
    },
)


analysis_failed = sentence(N_("the analysis failed: {error}"), "error")


# The help's line on the perfect level's hint and Analyse game (HTML).
analysis_help = sentence(
    N_(
        "<b>Perfect:</b> with the look-ahead at perfect, Hint shows each column's exact outcome: "
        "<span style='color:#2e7d32'>wins in 7</span>, draws, <span style='color:#c62828'>loses in 12</span> "
        "(moves of both sides counted; … being worked out, ? not worked out in time).\n"
        "<b>Analyse game</b> (key <b>a</b>) steps through the game with perfect play (← →; Esc goes back to "
        "the game) and shows first the move where the result changed hands."
    )
)


# -- rule variants in the scene --------------------------------------------------------------------


# In front of the rule variants' menu.
variant_caption = sentence(N_("Rules:"))


# In front of the board size's menu.
size_caption = sentence(N_("Board:"))


# Why input is refused in a rule variant (a cue): ``no_flips``, ``beside_rows`` (a click beside the rows of the rack
# when a move names a row), ``no_row`` (Enter or Space with no row chosen).
variant_refusal = choice(
    "kind",
    {
        "no_flips": N_("this game has no flips: choose flip in the Rules menu"),
        "beside_rows": N_("click on a row of the rack"),
        "no_row": N_("choose a row first: the arrow keys move the checker beside the rack"),
    },
)


# -- a game over a link in the scene (--listen, --join without --text) --


# Why something the page offers does nothing in a game over a link (a cue, and an ``ignored:`` line of the log).
link_refusal = choice(
    "what",
    {
        "redo": N_("Redo does not work over a link (yet)"),
        "load": N_("a game code cannot be loaded over a link (yet): the game goes on"),
        "rules": N_("the rules and the board's size are the host's over a link: they cannot change now"),
        "remote_seat": N_("that side is played on the other machine: its player is chosen there"),
        "not_joined": N_("wait for the other side to join: the game starts then"),
        "remote_turn": N_("it is the other machine's turn: wait for its move"),
        "stopped": N_("the link ended: the game stopped, its moves are kept"),
        "over": N_("the game is over and its link closed: nothing more is asked of the other side"),
        "asking": N_("the other side has not answered yet: wait for its answer"),
        "answer_first": N_("answer the other side first: y accepts, Esc refuses"),
        "no_offer": N_("the other side asks nothing: there is nothing to answer"),
        "nothing_to_undo": N_("you have no move of this game to take back"),
        "drawing": N_("the host is drawing where your checker goes (chance): wait for it"),
    },
)


# The other side's offer, asked of the person here: the status line until it is answered (y or Esc).
link_offer_question = choice(
    "kind",
    {
        "undo": N_(
            "The other side asks to take back its last move and your reply to it: accept? (y: yes, Esc: no)"
        ),
        "new": N_("The other side asks for a new game, with the same settings: accept? (y: yes, Esc: no)"),
        "swap": N_("The other side asks to swap sides, the board as it is: accept? (y: yes, Esc: no)"),
    },
)

# This side's offer, sent: the status line until the other side answers.
link_offer_waiting = choice(
    "kind",
    {
        "undo": N_("Asked the other side to take back your last move and its reply: waiting for its answer."),
        "new": N_("Asked the other side for a new game, with the same settings: waiting for its answer."),
        "swap": N_("Asked the other side to swap sides, the board as it is: waiting for its answer."),
    },
)


link_waiting_for_join = sentence(
    N_("Waiting for the other side to join with the invite {code} (the terminal shows it too)."), "code"
)


def link_seat(ox: str) -> str:
    """The only choice of the X or O menu of the side played on the other machine: ``O (blue): the other machine``."""
    return _("{side}: the other machine").format(side=side(ox))


def link_waiting_for_move(ox: str) -> str:
    """The status line while the side played on the other machine is to move."""
    return _("{side} is played on the other machine: waiting for its move.").format(side=side(ox))


link_waiting_for_draws = sentence(
    N_("Your move went to the host, who draws where chance sends it: waiting for its draw.")
)


def link_stopped_in_scene(why: object, moves: str) -> str:
    """The banner and status line once the link ended before the game did: ``why`` (the link's own sentence, a
    Phrase said now) and the game's moves, kept."""
    return _("{why} The game stopped here; its moves are kept: {moves}").format(why=why, moves=moves or _("(none)"))


name_sentences(globals())
