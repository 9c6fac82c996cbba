"""Who plays whom: a tournament's format numbers its games and says, for each number, which entrant has X and which O.

- :class:`RoundRobin` (the default): every ordered pair of entrants ``games`` times, round after round.
- :class:`Gauntlet` (``--gauntlet``): every file against each of our levels (the ladder: the last entrants), with
  each colour, ``games`` times; the files never meet. Each file's level is the strongest rung it scores at least
  half the points against (:func:`plays_like`).
- :class:`Swiss` (``--rounds N``): N rounds; in each, the entrants are sorted by their points so far (ties in a
  seeded order of their own) and paired down the list, each pair with no game before between them, and every pair
  plays ``games`` games with each colour. A round is paired only once the one before it has ended, so the games of
  a round are played together, then the next round is paired. With an odd number of entrants, one sits out each
  round: the lowest placed who has not sat out yet (it plays one round fewer; a bye scores nothing). At most
  :func:`most_rounds` rounds: half the entrants.

Game numbers start at 1; the numbers of a round follow those of the round before. A format is told the
tournament's entrants count, games per colour and the results so far (the Swiss system needs them); it keeps
nothing but what it worked out from complete rounds (which never change).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol, TypeVar

from .ratings import Played, Rating, ratings

Sides = tuple[int, int]  # the entrants' indices for X and O
PAIRING_STEPS = 200_000  # the Swiss pairing's search gives up after this many tries and lets a pair meet again


class Ranked(Protocol):
    """A line of the table (``tourney.Standing``), as a format ranks it."""

    points: float
    wins: int
    rating: Rating | None


class Format(Protocol):
    name: str  # as the results file states it: ``round-robin``, ``gauntlet``, ``swiss:7``

    def total(self, count: int, games: int) -> int: ...

    def sides(self, number: int, count: int, games: int, done: Sequence[Played]) -> Sides: ...

    def playable(self, count: int, games: int, done: Sequence[Played]) -> range: ...

    def ranked(self, table: list[R], done: Sequence[Played]) -> list[R]: ...


R = TypeVar("R", bound=Ranked)


def by_points(table: list[R], done: Sequence[Played] = ()) -> list[R]:
    """Points, then wins (then the order the entrants were given)."""
    return sorted(table, key=lambda line: (-line.points, -line.wins))


@dataclass(frozen=True)
class RoundRobin:
    name: str = "round-robin"

    def total(self, count: int, games: int) -> int:
        return count * (count - 1) * games

    def sides(self, number: int, count: int, games: int, done: Sequence[Played]) -> Sides:
        x, o = divmod((number - 1) % (count * (count - 1)), count - 1)
        return x, o + (o >= x)

    def playable(self, count: int, games: int, done: Sequence[Played]) -> range:
        return range(1, self.total(count, games) + 1)

    def ranked(self, table: list[R], done: Sequence[Played]) -> list[R]:
        return by_points(table)


@dataclass(frozen=True)
class Gauntlet:
    """The files (the first entrants) each against every rung of the ladder (the last ``rungs`` entrants)."""

    rungs: int
    name: str = "gauntlet"

    def total(self, count: int, games: int) -> int:
        return (count - self.rungs) * self.rungs * 2 * games

    def sides(self, number: int, count: int, games: int, done: Sequence[Played]) -> Sides:
        files = count - self.rungs
        rest = (number - 1) % (files * self.rungs * 2)  # every file meets every rung, then again
        rung, rest = divmod(rest, files * 2)
        student, colour = divmod(rest, 2)
        ladder = files + rung
        return (student, ladder) if colour == 0 else (ladder, student)

    def playable(self, count: int, games: int, done: Sequence[Played]) -> range:
        return range(1, self.total(count, games) + 1)

    def ranked(self, table: list[R], done: Sequence[Played]) -> list[R]:
        return by_points(table)


@dataclass
class Swiss:
    """``rounds`` rounds paired by score, no pair twice; ``seed`` orders entrants of equal points."""

    rounds: int
    seed: int = 0
    _paired: dict[int, list[Sides]] = field(default_factory=dict, repr=False)

    @property
    def name(self) -> str:
        return f"swiss:{self.rounds}"

    def per_round(self, count: int, games: int) -> int:
        return count // 2 * 2 * games

    def total(self, count: int, games: int) -> int:
        return self.rounds * self.per_round(count, games)

    def round_of(self, number: int, count: int, games: int) -> int:
        """The round (from 1) of game ``number``."""
        return (number - 1) // self.per_round(count, games) + 1

    def sides(self, number: int, count: int, games: int, done: Sequence[Played]) -> Sides:
        """ValueError if the rounds before game ``number``'s have not all ended in ``done``."""
        per_round = self.per_round(count, games)
        round_ = self.round_of(number, count, games)
        pair, game = divmod((number - 1) % per_round, 2 * games)
        first, second = self.pairs(round_, count, games, done)[pair]
        return (first, second) if game % 2 == 0 else (second, first)

    def playable(self, count: int, games: int, done: Sequence[Played]) -> range:
        """The games of the first round that has not ended (none once the last has)."""
        per_round = self.per_round(count, games)
        finished = {game.number for game in done}
        for round_ in range(1, self.rounds + 1):
            numbers = range((round_ - 1) * per_round + 1, round_ * per_round + 1)
            if any(number not in finished for number in numbers):
                return numbers
        return range(0)

    def ranked(self, table: list[R], done: Sequence[Played]) -> list[R]:
        """By rating (``table`` in the entrants' order, each line given its :class:`.Rating`), then points."""
        for line, rating in zip(table, ratings(len(table), done), strict=True):
            line.rating = rating
        return sorted(table, key=lambda line: (-line.rating.mu if line.rating else 0.0, -line.points))

    def pairs(self, round_: int, count: int, games: int, done: Sequence[Played]) -> list[Sides]:
        """Round ``round_``'s pairs, in the order of their games."""
        if round_ not in self._paired:
            before = self._before(round_, count, games, done)
            self._paired[round_] = self._pair(round_, count, games, before)
        return self._paired[round_]

    def _before(self, round_: int, count: int, games: int, done: Sequence[Played]) -> list[Played]:
        last = (round_ - 1) * self.per_round(count, games)
        before = [game for game in done if game.number <= last]
        if len({game.number for game in before}) < last:
            raise ValueError(f"round {round_} cannot be paired before round {round_ - 1} has ended")
        return before

    def _pair(self, round_: int, count: int, games: int, before: list[Played]) -> list[Sides]:
        points = [0.0] * count
        rounds_played: list[set[int]] = [set() for _ in range(count)]
        met: set[frozenset[int]] = set()
        for game in before:
            for entrant in (game.x, game.o):
                points[entrant] += game.points_of(entrant)
                rounds_played[entrant].add(self.round_of(game.number, count, games))
            met.add(frozenset((game.x, game.o)))
        order_key = random.Random(f"{self.seed}/swiss/{round_}").sample(range(count), count)
        order = sorted(range(count), key=lambda entrant: (-points[entrant], order_key[entrant]))
        candidates: list[int | None] = [None]
        if count % 2:  # one sits out: the lowest placed who has not yet, if the rest can then be paired
            sat_out = {entrant for entrant in range(count) if len(rounds_played[entrant]) < round_ - 1}
            candidates = sorted(reversed(order), key=lambda entrant: entrant in sat_out)  # type: ignore[assignment]
        for resting in candidates:
            pairs = _match([entrant for entrant in order if entrant != resting], met, [PAIRING_STEPS])
            if pairs is not None:
                return pairs
        return _match(order[: count - count % 2], set(), [PAIRING_STEPS]) or []  # not within MOST_ROUNDS


def most_rounds(count: int) -> int:
    """The rounds a Swiss system of ``count`` entrants may have: so many that a pairing with no pair meeting twice
    always exists (each entrant has not met at least half the others: Dirac's theorem gives a perfect matching)."""
    return max(count // 2, 1)


def _match(order: list[int], met: set[frozenset[int]], steps: list[int]) -> list[Sides] | None:
    """Pairs down ``order`` (the first with the next it has not met, and so on, trying the next one where the rest
    cannot be paired), or None when there are none (or the search ran out of steps)."""
    if not order:
        return []
    first, rest = order[0], order[1:]
    for index, other in enumerate(rest):
        steps[0] -= 1
        if steps[0] < 0:
            return None
        if frozenset((first, other)) in met:
            continue
        paired = _match(rest[:index] + rest[index + 1 :], met, steps)
        if paired is not None:
            return [(first, other), *paired]
    return None
