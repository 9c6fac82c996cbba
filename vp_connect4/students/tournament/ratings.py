"""The Swiss system's ranking: a rating per entrant with its uncertainty, from openskill (imported here only).

Every game, in game order, updates the two players' ratings with openskill's Plackett-Luce model (Weng and Lin's
Bayesian approximation, which TrueSkill's ratings follow): a win, a draw, or a loss (a forfeit is a loss; a
game that neither side could play changes nothing). A rating is ``mu`` (the estimated strength; a newcomer has
25) and ``sigma`` (how unsure that estimate is: it starts at 25/3 and shrinks with every game). The table shows
``mu ± 2 sigma``, the range the strength lies in with about 95 % certainty, and how sure each place is: the
chance that this entrant is truly stronger than the one placed just below it, from both ratings' normal
distributions (50 %: a coin toss; 97 %: almost certainly the right order).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol


class Played(Protocol):
    """What a format and the ratings read of a finished game (``tourney.GameResult``): its number, the entrants
    who played X and O, and the points each scored."""

    @property
    def number(self) -> int: ...

    @property
    def x(self) -> int: ...

    @property
    def o(self) -> int: ...

    def points_of(self, entrant: int) -> float: ...

SURE = 2  # the table's ± is this many sigmas (about 95 %)


@dataclass(frozen=True)
class Rating:
    mu: float
    sigma: float

    @property
    def margin(self) -> float:
        """The table's ±: ``SURE`` sigmas."""
        return SURE * self.sigma


def ratings(count: int, results: Sequence[Played]) -> list[Rating]:
    """Each of ``count`` entrants' rating after ``results`` (taken in game order)."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    players = [model.rating() for _ in range(count)]
    for result in sorted(results, key=lambda result: result.number):
        x, o = players[result.x], players[result.o]
        x_points, o_points = result.points_of(result.x), result.points_of(result.o)
        if x_points == o_points == 0:  # neither file could play
            continue
        ranks = [0, 0] if x_points == o_points else ([0, 1] if x_points > o_points else [1, 0])
        [[players[result.x]], [players[result.o]]] = model.rate([[x], [o]], ranks=ranks)
    return [Rating(player.mu, player.sigma) for player in players]


def stronger(above: Rating, below: Rating) -> float:
    """The chance that ``above``'s true strength is greater than ``below``'s (0 to 1)."""
    spread = math.hypot(above.sigma, below.sigma)
    return 0.5 * (1 + math.erf((above.mu - below.mu) / (spread * math.sqrt(2)))) if spread else 0.5
