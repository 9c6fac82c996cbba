"""Sentences of the 3D scene: status line, banner, cues, hints, captions, menus and buttons."""

from __future__ import annotations

from .language import _, _n
from .rules import side

__all__ = [
    "ai_bad_column",
    "ai_duel_description",
    "ai_error",
    "ai_failed",
    "ai_to_move",
    "best_columns",
    "button",
    "copied",
    "copy_by_hand",
    "evaluation",
    "evaluation_caption",
    "falling",
    "game_code_caption",
    "game_ended",
    "game_open_elsewhere",
    "human_to_move",
    "load_caption",
    "look_ahead_caption",
    "no_moves_yet",
    "paused",
    "puzzle_goal",
    "result_in_scene",
    "scene_help",
    "seat_kind",
    "tally",
    "thinking",
    "tiebreak",
    "title",
    "verdict",
    "vs_ai_description",
    "with_hint",
]

# -- the 3D scene -------------------------------------------------------------------------


def title() -> str:
    """The page's title."""
    return _("Connect Four")


def result_in_scene(winner: str | None, humans: list[str]) -> str:
    """The result banner and status line (``winner`` None: a draw)."""
    if winner is None:
        return _("Draw: the board is full. Press New game to play again.")
    if len(humans) == 1:
        if winner in humans:
            return _("You win! {side} has four in a row.").format(side=side(winner))
        return _("You lose: {side} has four in a row.").format(side=side(winner))
    return _("{side} wins with four in a row!").format(side=side(winner))


def falling(ox: str, col: int) -> str:
    """A checker is falling into ``col`` (0-based; shown counted from 1)."""
    return _("{side} plays column {col}…").format(side=side(ox), col=col + 1)


def ai_error(ox: str, error: str) -> str:
    return _("{side}: {error}. Change a setting or press New game.").format(side=side(ox), error=error)


def ai_failed(moving: bool, error: object) -> str:
    if moving:
        return _("the AI could not move: {error}").format(error=error)
    return _("the AI could not give a hint: {error}").format(error=error)


def ai_bad_column(col: object) -> str:
    return _("the AI chose column {col}, which cannot be played").format(col=col)


def paused(ox: str, is_ai: bool = True) -> str:
    if is_ai:
        return _("Paused: {side} to move (AI). Press Resume.").format(side=side(ox))
    return _("Paused: {side} to move. Press Resume.").format(side=side(ox))


def thinking(ox: str) -> str:
    return _("{side} is thinking…").format(side=side(ox))


def ai_to_move(ox: str) -> str:
    return _("{side} to move (AI)").format(side=side(ox))


def human_to_move(ox: str, width: int, alone: bool) -> str:
    """The status line when a person is to move (``alone``: one person against the AI)."""
    if alone:
        return _("Your turn: {side}. Click a column or press 1-{width}.").format(side=side(ox), width=width)
    return _("To move: {side}. Click a column or press 1-{width}.").format(side=side(ox), width=width)


def best_columns(ox: str, cols: list[int], verdict: str) -> str:
    """The hint's line: ``Best for X: column 5 (wins)``; ``cols`` 0-based (shown counted from 1)."""
    shown = ", ".join(str(col + 1) for col in cols)
    text = _n("Best for {ox}: column {cols} ({verdict})", "Best for {ox}: columns {cols} ({verdict})", len(cols))
    return text.format(ox=ox, cols=shown, verdict=verdict)


def verdict(score: float | None = None, distance: int | None = None) -> str:
    """How good the best column is: by a seed score (100 wins, 50 neither, 0 loses within the look-ahead)
    or, for the perfect level, by the solver's exact ``distance`` in moves (both sides' moves counted).
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
    return _("no win or loss in sight")


def with_hint(status: str, hint: str) -> str:
    """The status line followed by the hint's line."""
    return _("{status} {hint}.").format(status=status, hint=hint)


def puzzle_goal() -> str:
    """The task of the puzzle scene (``scenes/puzzle.py``), in the terminal and on the page."""
    return _("Puzzle: you are X (red), to move. Find the move that wins within three, whatever O does.")


def vs_ai_description(ply: int) -> str:
    """What ``scenes/vs_ai.py`` prints in the terminal."""
    return _("You are X (red) and move first; the AI plays O (yellow) at ply {ply}.").format(ply=ply)


def ai_duel_description(x_ply: int, o_ply: int) -> str:
    """What ``scenes/ai_duel.py`` prints in the terminal."""
    return _("AI duel: X (red) looks {x} moves ahead, O (yellow) {o}.").format(x=x_ply, o=o_ply)


def tally(x: int, o: int, draws: int) -> str:
    """The score across the games of a scene."""
    return _("Score: X {x} – O {o}, draws {draws}").format(x=x, o=o, draws=draws)


def game_ended() -> str:
    """Shown over the scene's page when the program has stopped (Ctrl-C, the terminal closed)."""
    return _("The game has ended: the program stopped. Start it again to play.")


def game_open_elsewhere() -> str:
    """Shown instead of the scene to a second tab while the game is open in another one."""
    return _("The game is open in another tab. Close this tab and play there.")


def seat_kind(ox: str, is_ai: bool) -> str:
    """A choice of the X and O menus: ``X (red): human`` / ``X (red): AI``."""
    kind = _("AI") if is_ai else _("human")
    return _("{side}: {kind}").format(side=side(ox), kind=kind)


def look_ahead_caption(ox: str) -> str:
    """The label in front of a side's look-ahead slider."""
    return _("{ox} look-ahead").format(ox=ox)


def evaluation_caption() -> str:
    return _("evaluation")


def evaluation(name: str) -> str:
    """A choice of the evaluation menu (``name``: simple or smart)."""
    return _("simple 0-50-100") if name == "simple" else _("smart")


def tiebreak(name: str) -> str:
    """A choice of the tiebreak menu (``name``: LEFT, RIGHT or RANDOM, kept as the seed spells them)."""
    return _("tiebreak {name}").format(name=name)


def button(name: str) -> str:
    """The label of a button or checkbox of the scene."""
    labels = {
        "new": _("New game"),
        "undo": _("Undo"),
        "hint": _("Hint"),
        "keep": _("keep scores shown"),
        "pause": _("Pause"),
        "resume": _("Resume"),
        "reset": _("Reset view"),
        "swap": _("Swap sides"),
        "load": _("Load"),
        "copy": _("Copy"),
    }
    return labels[name]


def game_code_caption() -> str:
    """In front of the game's moves as a ``set_board`` string (the log's ``moves:``, ``--moves``)."""
    return _("Game code (columns counted from 0, as --moves takes it):")


def no_moves_yet() -> str:
    return _("(no moves yet)")


def copied() -> str:
    """The Copy button says so for a moment after it copied the game code."""
    return _("Copied")


def copy_by_hand() -> str:
    """The browser would not let the page copy: the person can select the code."""
    return _("Select it and copy")


def load_caption() -> str:
    return _("Load a game code:")


def scene_help(width: int) -> str:
    """The help text under the scene's widgets (HTML)."""
    return _(
        "<b>X</b> plays the <b style='color:#d32f2f'>red</b> checkers and moves first; "
        "<b>O</b> plays the <b style='color:#b8860b'>yellow</b> ones. Four in a row wins.\n"
        "<b>Play:</b> click a column or press the keys 1-{width}. "
        "<b>Turn the rack:</b> drag with the right mouse button (or Ctrl + drag). "
        "<b>Zoom:</b> mouse wheel.\n"
        "<b>Keys:</b> ← → choose a column, Enter or Space drops the checker; "
        "<b>n</b> New game, <b>u</b> Undo, <b>h</b> Hint.\n"
        "<b>Hint</b> shows the AI's score of each column for the side to move: "
        "<span style='color:#2e7d32'>100 wins</span>, 50 neither, "
        "<span style='color:#c62828'>0 loses</span> (within the AI's look-ahead)."
    ).format(width=width)
