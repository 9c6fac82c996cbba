"""Level ladder: each AI level the players can choose against the next one up, on the 7x6 board.

The numbered levels climb 0, 1, 2, 4, 6 with each evaluation (simple, the default, and smart);
then the perfect level meets ply 6 with the smart evaluation, the strongest numbered level.
A match is played in pairs of games from the same random opening (:data:`OPENING_MOVES` random
moves), the stronger level X in one game of the pair and O in the other: without openings the
numbered levels with the smart evaluation play nearly the same game again and again (their scores
rarely tie, so the RANDOM tiebreak hardly matters), and a match says little. All tiebreaks are
RANDOM from one seeded ``random.Random``. The stronger level must not lose the match (more losses
than wins). The perfect level thinks against the clock (see ``vp_connect4.levels``), so its games
are not exactly repeatable from run to run.
"""

from __future__ import annotations

import itertools
import random
import time

from vp_connect4.game import AI, Game, Seat, ai_chooser, play_out
from vp_connect4.levels import PERFECT
from vp_connect4.player import EVALUATIONS

NUMBERED: tuple[int, ...] = (0, 1, 2, 4, 6)
RUNGS: tuple[tuple[Seat, Seat], ...] = (
    *(
        (Seat(AI, weaker, evaluation), Seat(AI, stronger, evaluation))
        for evaluation in EVALUATIONS
        for weaker, stronger in itertools.pairwise(NUMBERED)
    ),
    (Seat(AI, NUMBERED[-1], "smart"), Seat(AI, PERFECT)),  # the perfect level's fallback search is smart too
)
GAMES, QUICK_GAMES = 50, 10
SEED = 4
OPENING_MOVES = 2  # random moves, one each, before the levels take over; X moves next
WIDTH = 7  # the standard board, which the ladder plays on


def play_game(x_seat: Seat, o_seat: Seat, opening: str, rng: random.Random) -> str | None:
    """Play one game on the 7x6 board from ``opening`` (a move string); the winner, None for a draw."""
    game = Game(seats={"X": x_seat, "O": o_seat}, start_moves=opening)
    return play_out(game, {ox: ai_chooser(game.player(ox, rng)) for ox in "XO"}).winner


def match(weaker: Seat, stronger: Seat, games: int, rng: random.Random) -> tuple[int, int, int]:
    """``games`` games (an even number), in pairs from one opening: (wins, draws, losses) of the stronger level."""
    results = {"wins": 0, "draws": 0, "losses": 0}
    for _ in range(games // 2):
        opening = "".join(str(rng.randrange(WIDTH)) for _ in range(OPENING_MOVES))
        for strong_side in "XO":
            seats = dict.fromkeys("XO", weaker) | {strong_side: stronger}
            winner = play_game(seats["X"], seats["O"], opening, rng)
            results["draws" if winner is None else "wins" if winner == strong_side else "losses"] += 1
    return results["wins"], results["draws"], results["losses"]


def label(seat: Seat) -> str:
    return seat.level.label if seat.level.is_perfect else f"{seat.level.label} {seat.evaluation}"


def run(quick: bool) -> None:
    """Print one row per rung: the stronger level's wins, draws and losses."""
    games = QUICK_GAMES if quick else GAMES
    rng = random.Random(SEED)
    print(f"Level ladder on 7x6: each level against the next, {games} games in pairs from {OPENING_MOVES}-move random")
    print("openings (the stronger level X in one game of a pair, O in the other), RANDOM tiebreaks;")
    print("the stronger level's results")
    print(f"{'weaker':<13} {'stronger':<13} {'wins':>5} {'draws':>5} {'losses':>6} {'verdict':<8} {'seconds':>8}")
    for weaker, stronger in RUNGS:
        start = time.perf_counter()
        wins, draws, losses = match(weaker, stronger, games, rng)
        verdict = "ok" if wins >= losses else "LOST"
        seconds = time.perf_counter() - start
        print(
            f"{label(weaker):<13} {label(stronger):<13} {wins:>5} {draws:>5} {losses:>6} {verdict:<8} {seconds:>8.1f}",
            flush=True,
        )
