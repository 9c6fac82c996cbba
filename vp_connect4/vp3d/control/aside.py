"""A view aside of the game, Analyse game or Think's tree: the game waits while it is shown, and going back to the
game is one thing, whichever view it was."""

from __future__ import annotations

from .context import Context
from .games import Results
from .hinting import Hints


def back_to_the_game(ctx: Context, results: Results, hints: Hints, still_worked_out: bool, left: str) -> None:
    """Back to the game as it was from a view aside, once its part has forgotten and hidden it: the worker's job for
    the view dropped if it is ``still_worked_out``, the log's line ``left``, the game's rack, its result and the
    hint's labels if they are still for it."""
    if still_worked_out:
        ctx.jobs.drop()
    ctx.log(left)
    ctx.view.redraw(ctx.game)
    results.show_again(glow=True)
    hints.show()
