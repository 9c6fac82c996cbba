"""The seed's look-ahead scores, exactly: the public face of :mod:`.forced` and :mod:`.evaluated`.

:func:`column_scores` is the seed's ``scores_for`` (and, given an evaluation,
its ``scores_for_tourney``); what the scores mean is told in :mod:`.scores`.
:func:`new_searcher` makes the searcher it uses, for callers that keep tables
across calls (iterative deepening with :meth:`.scores.SeedSearch.deepen`).
"""

from __future__ import annotations

from .budget import Budget
from .evaluated import EvaluatedSearch
from .forced import ForcedSearch
from .position import Geometry, Position
from .scores import DRAW, FULL_COLUMN, LOSS, WIN, Evaluation, SeedSearch

__all__ = ["DRAW", "FULL_COLUMN", "LOSS", "WIN", "column_scores", "new_searcher"]


def new_searcher(
    geom: Geometry, evaluate: Evaluation | None = None, deadline: float | None = None, bounded: bool = True
) -> SeedSearch:
    """A searcher with empty tables and a fresh budget for ``geom``'s board size.

    A :class:`.forced.ForcedSearch`, or with ``evaluate`` a :class:`.evaluated.EvaluatedSearch`.
    ``deadline`` is a ``time.perf_counter()`` value; ``bounded`` as in :func:`column_scores`.
    """
    budget = Budget(deadline)
    if evaluate is None:
        return ForcedSearch(geom, budget)
    return EvaluatedSearch(geom, evaluate, budget, bounded=bounded)


def column_scores(
    position: Position,
    ply: int,
    evaluate: Evaluation | None = None,
    deadline: float | None = None,
    bounded: bool = True,
) -> list[float]:
    """The seed's ``scores_for``: one score per column for the side to move of ``position``.

    -1.0 full column; 100.0 a forced win within ``ply`` plies; 0.0 a forced
    loss within ``ply`` plies; 50.0 otherwise. With ``evaluate`` the seed's
    ``scores_for_tourney``: ``evaluate`` replaces 50.0 at the horizon.
    Raises :class:`.budget.OutOfTime` once ``time.perf_counter()`` passes ``deadline``.
    ``bounded``: ``evaluate`` keeps to [0, 100] like every seed score, which
    allows faster search (a ValueError if it does not); pass False for any real scores.
    Each call starts with empty tables (a searcher of :func:`new_searcher` keeps them, and counts the positions
    it searched in its ``budget.nodes``).
    """
    searcher = new_searcher(position.geom, evaluate, deadline, bounded)
    ply = min(ply, position.geom.cells - position.moves_played)  # no game goes on past a full board
    return searcher.column_scores(position, ply)
