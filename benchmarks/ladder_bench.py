"""Level ladder: each AI level the players can choose against the next one up, on the 7x6 board.

A match is played in pairs of games from the same random opening (:data:`OPENING_MOVES` random
moves), the stronger level X in one game of the pair and O in the other: without openings the
numbered levels with the smart evaluation play nearly the same game again and again (their scores
rarely tie, so the RANDOM tiebreak hardly matters), and a match says little. All tiebreaks are
RANDOM from one seeded ``random.Random``; the numbered levels use the smart evaluation. The
stronger level must not lose the match (more losses than wins). The perfect level thinks against
the clock (see ``vp_connect4.levels``), so its games are not exactly repeatable from run to run.
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
OPENING_MOVES = 2  # random moves, one each, before the levels take over; X moves next
WIDTH = 7  # the standard board, which the ladder plays on


def play_game(x_seat: Seat, o_seat: Seat, opening: str, rng: random.Random) -> str:
    """Play one game on the 7x6 board from ``opening`` (a move string); the outcome: 'X', 'O' or 'draw'."""
    game = Game(Board(), seats={"X": x_seat, "O": o_seat})
    for col in opening:
        game.play(int(col))
    players = {ox: game.seats[ox].player(ox, rng) for ox in "XO"}
    while not game.is_over:
        game.play(players[game.to_move].next_move(game.board))
    return game.outcome  # type: ignore[return-value]


def match(weaker: int | str, stronger: int | str, games: int, rng: random.Random) -> tuple[int, int, int]:
    """``games`` games (an even number), in pairs from one opening: (wins, draws, losses) of the stronger level."""
    results = {"wins": 0, "draws": 0, "losses": 0}
    for _ in range(games // 2):
        opening = "".join(str(rng.randrange(WIDTH)) for _ in range(OPENING_MOVES))
        for strong_side in "XO":
            seats = {ox: Seat(AI, ply=weaker, evaluation=EVALUATION) for ox in "XO"}
            seats[strong_side] = Seat(AI, ply=stronger, evaluation=EVALUATION)
            outcome = play_game(seats["X"], seats["O"], opening, rng)
            results["draws" if outcome == DRAW else "wins" if outcome == strong_side else "losses"] += 1
    return results["wins"], results["draws"], results["losses"]


def label(level: int | str) -> str:
    return "perfect" if level == PERFECT else f"ply {level}"


def run(quick: bool) -> None:
    """Print one row per rung: the stronger level's wins, draws and losses."""
    games = QUICK_GAMES if quick else GAMES
    rng = random.Random(SEED)
    print(f"Level ladder on 7x6: each level against the next, {games} games in pairs from {OPENING_MOVES}-move random")
    print("openings (the stronger level X in one game of a pair, O in the other), RANDOM tiebreaks,")
    print(f"numbered levels with the {EVALUATION} evaluation; the stronger level's results")
    print(f"{'weaker':<8} {'stronger':<8} {'wins':>5} {'draws':>5} {'losses':>6} {'verdict':<8} {'seconds':>8}")
    for weaker, stronger in itertools.pairwise(LADDER):
        start = time.perf_counter()
        wins, draws, losses = match(weaker, stronger, games, rng)
        verdict = "ok" if wins >= losses else "LOST"
        seconds = time.perf_counter() - start
        print(f"{label(weaker):<8} {label(stronger):<8} {wins:>5} {draws:>5} {losses:>6} {verdict:<8} {seconds:>8.1f}")
