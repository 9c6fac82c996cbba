"""What the controller's parts are given (``Context``), and what a reload keeps of the scene (``SceneState``).

Each part of the controller (:mod:`.playing`, :mod:`.games`, :mod:`.settings`, :mod:`.hinting`,
:mod:`.analysing`, :mod:`.player_files`) owns its own state and gets one ``Context``: the game, the view, the AI's
jobs, the log and the clock, and the few facts every part reads or changes (the position's generation, Pause,
the error the game waits on, a reload under way). A part that must forget something when the position changes
(a move, an undo, a load...) says so once with :meth:`Context.when_position_changes`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ... import wording
from ...game import Game, Move, Seat
from ..texts import log_lines
from ..worker.jobs import AiJobs, AiRequest
from .view_protocol import View


@dataclass(frozen=True)
class SceneState:
    """What the scene keeps across a reload besides the game and its settings."""

    result_logged: bool = False  # the game is over and its ``result:``/``moves:`` lines are already in the log
    tally: tuple[int, int, int] = (0, 0, 0)  # the score across games: X's wins, O's wins, draws
    paused: bool = False  # an AI duel was paused
    keep_scores: bool = False  # "keep scores shown" was ticked


class Context:
    """The game, the view, the AI's jobs, the log and the clock, shared by the controller's parts, with the facts
    they all read: ``generation`` (bumped whenever the position changes: older AI answers are dropped),
    ``paused``, ``error`` (the AI or a player file could not move: the game waits) and ``reloading`` (the page
    loads again, a board of another size: nothing more is shown here)."""

    def __init__(
        self,
        game: Game,
        view: View,
        jobs: AiJobs,
        log: Callable[[str], None],
        clock: Callable[[], float],
        move_time: float,
        paused: bool = False,
    ) -> None:
        self.game, self.view, self.jobs, self.log, self.clock = game, view, jobs, log, clock
        self.move_time = move_time  # the seconds a player file may take for a move
        self.paused = paused
        self.generation = 0
        self.error: wording.Phrase | None = None
        self.reloading = False
        self._forget: list[Callable[[], None]] = []
        self.after_move: Callable[[Move], None] = lambda move: None  # a game over a link tells the link each move
        self.link_hold: Callable[[], wording.Phrase | None] = lambda: None  # over a link: why nobody moves now
        self.sent_first: Callable[[int], bool] = lambda move: False  # over a link, a guest under chance: True,
        # the move sent to the host first, played once its draws are read

    def when_position_changes(self, forget: Callable[[], None]) -> None:
        """Call ``forget`` whenever the position changes (in the order the parts asked)."""
        self._forget.append(forget)

    def position_changed(self) -> None:
        """A move, an undo, a new game, a load...: older AI answers are dropped, the side to move may try again
        (the error was the position's), and every part forgets what it showed of the old position."""
        self.generation += 1
        self.error = None
        for forget in self._forget:
            forget()

    def refuse(self, reason: str | wording.Phrase | Exception) -> None:
        """Log why in English, show it as a cue in the language spoken."""
        self.log(log_lines.Line.IGNORED(wording.said_in_english(reason)))
        shown = str(reason) if isinstance(reason, Exception) else wording.said(reason)
        self.view.cue(wording.capitalised(shown))

    def request(self, ox: str, seat: Seat, seed: int | None = None) -> AiRequest:
        """The AI worker's request for ``ox`` to move in the game's position, played by ``seat``."""
        board = self.game.board
        moves, tiebreak = self.game.move_string, self.game.tiebreak
        return AiRequest(board.width, board.height, moves, ox, seat, tiebreak, seed, str(board.variant), self.move_time)

    def show_settings(self, held: str | None = None) -> None:
        """The widgets agree with the game's seats and tiebreak, Pause/Resume with ``paused``; ``held``: the side
        whose ply slider is left where the page holds it."""
        self.view.show_settings(self.game, self.paused, held)
