"""Level ladder: each AI level the players can choose against the next one up, on the 7x6 board.

Every match alternates sides (the stronger level is X in the even-numbered
games), all tiebreaks are RANDOM from one seeded ``random.Random``, and the
numbered levels use the smart evaluation (with the seed's simple 0-50-100,
ply 4 against ply 6 came out 23-10-17 over 50 games here: too close to call
a ladder; with the smart one 25-25-0). The stronger level must
not lose the match (more losses than wins). The perfect level thinks against
the clock (see ``vp_connect4.levels``), so its games are not exactly
repeatable from run to run.
"""

from __future__ import annotations

import itertools
import random
import time

from vp_connect4 import Board
from vp_connect4.game import AI, DRAW, PERFECT, Game, Seat

LADDER: tuple[int | str, ...] = (0, 1, 2, 4, 6, PERFECT)
GAMES, QUICK_GAMES = 50, 10
SEED = 4
EVALUATION = "smart"  # of the numbered levels (the perfect level's fallback search uses it too)


def play_game(x_seat: Seat, o_seat: Seat, rng: random.Random) -> str:
    """Play one game from the empty 7x6 board; the outcome: 'X', 'O' or 'draw'."""
    game = Game(Board(), seats={"X": x_seat, "O": o_seat})
    players = {ox: game.seats[ox].player(ox, rng) for ox in "XO"}
    while not game.is_over:
        game.play(players[game.to_move].next_move(game.board))
    return game.outcome  # type: ignore[return-value]


def match(weaker: int | str, stronger: int | str, games: int, rng: random.Random) -> tuple[int, int, int]:
    """``games`` games, sides alternating: (wins, draws, losses) of the stronger level."""
    wins = draws = losses = 0
    for number in range(games):
        strong_side = "X" if number % 2 == 0 else "O"
        weak_side = "O" if strong_side == "X" else "X"
        seats = {
            strong_side: Seat(AI, ply=stronger, evaluation=EVALUATION),
            weak_side: Seat(AI, ply=weaker, evaluation=EVALUATION),
        }
        outcome = play_game(seats["X"], seats["O"], rng)
        if outcome == DRAW:
            draws += 1
        elif outcome == strong_side:
            wins += 1
        else:
            losses += 1
    return wins, draws, losses


def label(level: int | str) -> str:
    return "perfect" if level == PERFECT else f"ply {level}"


def run(quick: bool) -> None:
    """Print one row per rung: the stronger level's wins, draws and losses."""
    games = QUICK_GAMES if quick else GAMES
    rng = random.Random(SEED)
    print(f"Level ladder on 7x6: each level against the next, {games} games, sides alternating, RANDOM tiebreaks,")
    print(f"numbered levels with the {EVALUATION} evaluation; the stronger level's results")
    print(f"{'weaker':<8} {'stronger':<8} {'wins':>5} {'draws':>5} {'losses':>6} {'verdict':<8} {'seconds':>8}")
    for weaker, stronger in itertools.pairwise(LADDER):
        start = time.perf_counter()
        wins, draws, losses = match(weaker, stronger, games, rng)
        verdict = "ok" if wins >= losses else "LOST"
        seconds = time.perf_counter() - start
        print(f"{label(weaker):<8} {label(stronger):<8} {wins:>5} {draws:>5} {losses:>6} {verdict:<8} {seconds:>8.1f}")
