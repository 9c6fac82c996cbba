"""A reload (F5) resumes the game: what the scene saves when its tab closes, and how it is read back.

VPython cannot give a reloaded page the same scene (see :mod:`.server`), so when the game's tab
closes the program saves its game here and restarts itself in place (``server.restart``: the same
process id, the same listening sockets). The saved game travels in the environment variable
:data:`RESUME_ENV` as JSON: the moves from the empty board (a variant's chance and swaps as they
fell), the start moves (so New game still returns to the start), the rule variant, the board's size (the
size menu reloads the page: the rack is made anew), both seats (a player file's too), the
tiebreak, the seed, and the scene's own state
(``control.context.SceneState``: whether the result was logged, the score across games, Pause, shown scores). The
restarted program runs the same command line (``python -m vp_connect4 ...``, ``python main.py ...``
or a ``scenes/*.py`` script), so the scene builds its game as before and :func:`resumed_game`
replaces it with the saved one. Nothing here imports vpython.
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass
from typing import Any

from ...board import RulesBoard
from ...game import Game, Seat
from ..control.context import SceneState
from ..texts import log_lines

RESUME_ENV = "VP_CONNECT4_RESUME"


@dataclass
class Resumed:
    """A game read back after a restart, with what the restarted scene needs besides the game."""

    game: Game
    seed: int | None
    state: SceneState

    def farewell(self, log: Any = print) -> None:
        """The program ends before a page reconnected (the tab was closed): log the moves, once."""
        if self.game.history and not self.state.result_logged:
            log(log_lines.Line.MOVES(self.game.move_string))


def saved_game(game: Game, seed: int | None, state: SceneState) -> str:
    """``game``, the scene's settings and ``state`` as the JSON text of :data:`RESUME_ENV`."""
    seats = {
        ox: {"kind": seat.kind, "level": str(seat.level), "evaluation": seat.evaluation, "source": seat.source}
        for ox, seat in game.seats.items()
    }
    return json.dumps(
        {
            "moves": game.move_string,
            "start": game.start_moves,
            "variant": str(game.board.variant),
            "size": [game.board.width, game.board.height],
            "seats": seats,
            "tiebreak": game.tiebreak,
            "first": game.first,
            "seed": seed,
            "scene": asdict(state),
        }
    )


def resumed_game(game: Game, seed: int | None) -> Resumed | None:
    """The game saved by the program this process replaced, if any (read once: the variable is removed).

    ``game`` is the one the command line built; everything but its ``rng`` is the saved game's.
    """
    text = os.environ.pop(RESUME_ENV, None)
    if text is None:
        return None
    saved = json.loads(text)
    seats = {
        ox: Seat(s["kind"], s["level"], evaluation=s["evaluation"], source=s.get("source"))
        for ox, s in saved["seats"].items()
    }
    width, height = saved["size"]
    board = RulesBoard(width, height, variant=saved["variant"])
    start = saved["start"]
    resumed = Game(board, seats, start_moves=start, tiebreak=saved["tiebreak"], first=saved["first"], rng=game.rng)
    resumed.replay(saved["moves"][len(start) :])
    scene = saved["scene"]
    state = SceneState(
        result_logged=bool(scene["result_logged"]) and resumed.is_over,
        tally=tuple(scene["tally"]),  # type: ignore[arg-type]
        paused=bool(scene["paused"]),
        keep_scores=bool(scene["keep_scores"]),
    )
    return Resumed(resumed, saved["seed"], state)
