"""What the controller asks of the scene (``View``); ``view.view.SceneView`` implements it on a VPython canvas.

Here, beside the controller, so that ``control`` never imports ``view``: the controller's tests drive a fake view.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from ...game import Game, Move

if TYPE_CHECKING:
    from .think.shown import TreeShown


class View(Protocol):
    """What the scene shows; every method returns at once (animations run in ``animate``)."""

    def is_busy(self) -> bool:
        """True while a checker is still falling (or a move's events are still shown moving)."""

    def drop(self, move: Move, after: list[list[str]] | None = None) -> None:
        """Animate ``move``: its checker falling into its cell, then its events in order (a rule variant: chance,
        a flip, a cleared row, gravity turning, a swap); mark the last move when it lands. ``after``: the board's
        ``data`` after the move, what the scene shows when the animation ends."""

    def redraw(self, game: Game) -> None:
        """Show ``game``'s board at once (after an undo, a new game, a load): checkers, last move, no highlight,
        gravity's arrow, the flip's button."""

    def show_events(self, text: str) -> None:
        """What happened in the last move besides its checker's fall (chance, a flip...); empty: nothing."""

    def highlight_win(self, cells: tuple[tuple[int, int], ...]) -> None:
        """Make the winning checkers glow; ``cells`` are ``(row, col)`` in ``Board.data``."""

    def announce(self, text: str | None) -> None:
        """The result, large over the rack; ``None`` hides it."""

    def show_status(self, text: str) -> None: ...

    def cue(self, text: str) -> None:
        """Flash a short warning: input was refused."""

    def show_scores(self, scores: list[float] | None, words: list[str] | None = None) -> None:
        """Large scores, one per move (per column; per row when gravity pulls sideways; the flip's last), where
        the moves come in, coloured by score; ``words``: shown instead of the numbers (the perfect level's exact
        outcomes, ``wins\nin 7``); ``None`` hides them."""

    def show_position(self, data: list[list[str]], last: tuple[int, int] | None) -> None:
        """Show the board ``data`` at once (Analyse game: a position of the game's history), ``last`` ``(row, col)``
        ringed; no highlight, no banner. ``redraw`` shows the game again."""

    def show_analysing(self, on: bool) -> None:
        """The Analyse game button says *Back to the game* while the analysis is shown."""

    def show_chart(self, points: list[tuple[int, int]] | None, moves: int = 0, current: int = 0) -> None:
        """Analyse game's chart: X's outcome after each move (``points``: move number, ``+s`` X wins with ``s``
        checkers to spare, ``-s`` O wins, ``0`` a draw) of a game of ``moves`` moves, ``current`` marked;
        ``None`` hides it."""

    def show_think(self, on: bool) -> None:
        """The Think button says *Back to the game* while the tree is shown; Step, Play and the speed are greyed
        otherwise."""

    def show_tree(self, shown: TreeShown | None) -> None:
        """Think's tree where the rack was, as ``shown`` has it (drawn anew where its items changed, else only
        their colours; the item selected on a small rack); ``None``: the rack and the camera as they were."""

    def show_think_playing(self, on: bool) -> None:
        """Think's Play button says *Stop* while the calls play on their own."""

    def show_ghost(self, col: int | None, ox: str) -> None:
        """A translucent ``ox`` checker over ``col``; ``None`` hides it."""

    def show_settings(self, game: Game, paused: bool, held: str | None = None) -> None:
        """Make the widgets agree with the game's seats and tiebreak (and Pause/Resume with ``paused``), all but
        the ply slider of the side ``held`` (its drag set the level: the page holds that value or a newer one)."""

    def show_linked(self, remote: str) -> None:
        """A game over a link: the side ``remote`` is played on the other machine; its widgets, and the rules and
        size menus (the host's), are greyed (from the next ``show_settings`` on)."""

    def show_answers(self, on: bool) -> None:
        """Over a link, the other side's offer waits for the person's answer here: Accept and Refuse shown (a click
        presses ``y`` or Esc); False: no longer."""

    def reload_page(self) -> None:
        """Load the page again: the scene is made anew for the game as it is (a board of another size)."""

    def show_tally(self, text: str) -> None:
        """The score across games (``Score: X 2 – O 1, draws 0``)."""

    def show_keep_scores(self, on: bool) -> None:
        """Tick (or untick) "keep scores shown"."""

    def show_moves(self, code: str) -> None:
        """The game so far as a game code (a ``set_board`` string: the log's ``moves:``, ``--moves``)."""

    def clear_load_field(self) -> None:
        """Empty the field where a game code to load is typed (it was loaded)."""

    def show_thinking(self, ox: str | None) -> None:
        """A sign in the 3D view that ``ox``'s AI is thinking; ``None`` hides it."""

    def show_player_files(self, files: list[str]) -> None:
        """The player files the X and O menus offer besides human and AI (``player.py``, ``player.py:ClassName``)."""

    def show_player_error(self, heading: str, code: list[str], advice: str, retry: bool) -> None:
        """The box over the rack: a player file's failure in words (``heading``; empty: the box hides), its own
        traceback lines (``code``), what to do (``advice``) and, if ``retry``, the Try again button."""

    def clear_player_file_field(self) -> None:
        """Empty the Player file field (its file joined the menus)."""

    def reset_view(self) -> None: ...

    def relabel(self) -> None:
        """Say the page's fixed texts again in the language spoken now (the language menu)."""
