"""Match table: the smart evaluation against the simple 0-50-100 one, at the same ply.

Both players are the AI seats' players (the seed's ``Player``, defending longest when lost) on a
7x6 board with the RANDOM tiebreak (each with its own seeded ``random.Random``, so a run is
repeatable); the smart player takes X in even-numbered games and O in odd
ones. The target (issue 4): the smart player wins at least 70% of the
decided games at ply 2 and at ply 4.
"""

from __future__ import annotations

import random
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from vp_connect4.game import AI, Game, Seat, ai_chooser, play_out

PLIES = (2, 4)
GAMES = 200
QUICK_GAMES = 20
WORKERS = 2  # the machine has two cores
SEED = 20240404
WIDTH, HEIGHT = 7, 6

SMART_WON, DRAWN, SIMPLE_WON = 1, 0, -1

HEADER = (
    f"{'ply':>3} {'games':>6} {'smart wins':>11} {'draws':>6} {'simple wins':>12} {'smart share':>12} {'seconds':>8}"
)


@dataclass(frozen=True)
class MatchResult:
    ply: int
    games: int
    smart_wins: int
    draws: int
    simple_wins: int
    seconds: float

    @property
    def smart_share(self) -> float:
        """The smart player's share of the games that someone won (0.0 if none was)."""
        decided = self.smart_wins + self.simple_wins
        return self.smart_wins / decided if decided else 0.0


def play_game(ply: int, smart_is_x: bool, seed: int) -> int:
    """Play one game; SMART_WON, DRAWN or SIMPLE_WON."""
    evaluations = {"X": "smart", "O": "simple"} if smart_is_x else {"X": "simple", "O": "smart"}
    game = Game(seats={ox: Seat(AI, ply, evaluation) for ox, evaluation in evaluations.items()}, tiebreak="RANDOM")
    choosers = {ox: ai_chooser(game.player(ox, random.Random(f"{seed}-{ox}"))) for ox in "XO"}
    outcome = play_out(game, choosers)
    if outcome.winner is None:
        return DRAWN
    return SMART_WON if evaluations[outcome.winner] == "smart" else SIMPLE_WON  # type: ignore[index]


def run_match(ply: int, games: int, workers: int = WORKERS) -> MatchResult:
    """``games`` games at ``ply``, sides alternating, spread over ``workers`` processes."""
    smart_is_x = [game % 2 == 0 for game in range(games)]
    seeds = [SEED + game for game in range(games)]
    start = time.perf_counter()
    with ProcessPoolExecutor(max_workers=workers) as pool:
        chunks = max(1, games // (4 * workers))
        outcomes = list(pool.map(play_game, [ply] * games, smart_is_x, seeds, chunksize=chunks))
    seconds = time.perf_counter() - start
    return MatchResult(
        ply=ply,
        games=games,
        smart_wins=outcomes.count(SMART_WON),
        draws=outcomes.count(DRAWN),
        simple_wins=outcomes.count(SIMPLE_WON),
        seconds=seconds,
    )


def format_row(result: MatchResult) -> str:
    return (
        f"{result.ply:>3} {result.games:>6} {result.smart_wins:>11} {result.draws:>6} "
        f"{result.simple_wins:>12} {result.smart_share:>12.1%} {result.seconds:>8.1f}"
    )


def run(quick: bool) -> None:
    games = QUICK_GAMES if quick else GAMES
    print(f"Smart vs simple evaluation, same ply, {WIDTH}x{HEIGHT}, RANDOM tiebreaks, sides alternating")
    print(HEADER)
    for ply in PLIES:
        print(format_row(run_match(ply, games)), flush=True)
    print("smart share = smart wins / decided games (target: at least 70%)")
