"""The positions ``vp-connect4 check`` asks a student's player about: the same ones every time.

Each is a move string on the 7x6 board (the size the seed texts test on), the side asked and a tiebreak
(the three taken in turn). They are of every kind the seed texts talk about: the empty board, the seed's own
example, positions reached by random games, almost full boards, a win at once, a win set up two moves
ahead, a threat to block, a lost position, and a game already won (``scores_for``'s base cases).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..board import RulesBoard, other
from ..player import TIEBREAKS, Player

WIDTH, HEIGHT = 7, 6
SEED = 20260422  # the random games' seed: the check asks about the same positions every time
SEED_EXAMPLE = "1211244445"  # the seed texts' example for scores_for and next_move (both APIs)
FEWEST_MOVES = 4  # a random position has at least this many checkers
MOST_GAMES = 4000  # random games drawn at most while looking for positions of each kind

# kinds of position, and how many of each (in this order)
EMPTY = "empty"
SEED_TEXT = "seed example"
RANDOM = "random"
ALMOST_FULL = "almost full"
WINS_AT_ONCE = "wins at once"
SETS_UP_WIN = "sets up a win"
MUST_BLOCK = "must block"
LOST = "lost"
WON_ALREADY = "won already"
WANTED = {RANDOM: 12, ALMOST_FULL: 5, WINS_AT_ONCE: 3, SETS_UP_WIN: 3, MUST_BLOCK: 3, LOST: 3}


@dataclass(frozen=True)
class Case:
    """One position to check: ``moves`` (``set_board``'s string), the side asked (``ox``) and its tiebreak."""

    kind: str
    moves: str
    ox: str
    tiebreak: str

    def board(self) -> RulesBoard:
        board = RulesBoard(WIDTH, HEIGHT)
        board.set_board(self.moves)
        return board

    @property
    def is_over(self) -> bool:
        """Someone has won already: no next move to ask for."""
        board = self.board()
        return board.wins_for("X") or board.wins_for("O")


def cases() -> list[Case]:
    """Every position the check asks about, in a fixed order (the kinds above; tiebreaks LEFT, RIGHT, RANDOM in
    turn)."""
    found = [(EMPTY, "", "X"), (SEED_TEXT, SEED_EXAMPLE, "X"), (SEED_TEXT, SEED_EXAMPLE, "O"), *_drawn()]
    return [Case(kind, moves, ox, TIEBREAKS[index % len(TIEBREAKS)]) for index, (kind, moves, ox) in enumerate(found)]


def _drawn() -> list[tuple[str, str, str]]:
    """Positions of random games, sorted into the kinds of :data:`WANTED`, and two games just won."""
    rng = random.Random(SEED)
    wanted = dict(WANTED)
    kept: dict[str, list[tuple[str, str, str]]] = {kind: [] for kind in [*WANTED, WON_ALREADY]}
    seen = {"", SEED_EXAMPLE}  # asked about already (see cases)
    for _ in range(MOST_GAMES):
        if not any(wanted.values()) and len(kept[WON_ALREADY]) >= 2:
            break
        moves, won = _random_game(rng)
        if won and len(kept[WON_ALREADY]) < 2:
            loser = other(_mover(moves[:-1]))  # the side to move, who has lost; then the winner, asked as well
            kept[WON_ALREADY].append((WON_ALREADY, moves, loser if not kept[WON_ALREADY] else other(loser)))
        cut = rng.randrange(len(moves) - 1 if won else len(moves))  # a position before the game was over
        if wanted[ALMOST_FULL] and not won and len(moves) == WIDTH * HEIGHT:
            cut = len(moves) - rng.randint(1, 4)
        position = moves[:cut]
        if position in seen:
            continue
        kind = _kind(position, wanted)
        if kind is not None:
            seen.add(position)
            wanted[kind] -= 1
            kept[kind].append((kind, position, _mover(position)))
    return [case for kind in kept for case in kept[kind]]


def _random_game(rng: random.Random) -> tuple[str, bool]:
    """A game of random moves to its end: its move string, and whether it was won (else the board is full)."""
    board = RulesBoard(WIDTH, HEIGHT)
    moves, ox = "", "X"
    while not board.is_full():
        col = rng.choice([col for col in range(WIDTH) if board.allows_move(col)])
        board.add_move(col, ox)
        moves += str(col)
        if board.wins_for(ox):
            return moves, True
        ox = other(ox)
    return moves, False


def _mover(moves: str) -> str:
    return "X" if len(moves) % 2 == 0 else "O"


def _kind(moves: str, wanted: dict[str, int]) -> str | None:
    """The first kind still wanted that the position is (None: none of them)."""
    board = RulesBoard(WIDTH, HEIGHT)
    board.set_board(moves)
    ox = _mover(moves)

    def best(ply: int) -> list[float]:
        return [score for score in Player(ox, "LEFT", ply).scores_for(board) if score >= 0]

    empty = WIDTH * HEIGHT - len(moves)
    kinds = {
        ALMOST_FULL: lambda: 1 <= empty <= 4,
        WINS_AT_ONCE: lambda: 100.0 in best(1),
        SETS_UP_WIN: lambda: 100.0 not in best(1) and 100.0 in best(3),
        MUST_BLOCK: lambda: 100.0 not in best(1) and 0.0 in best(2) and max(best(2)) > 0.0,
        LOST: lambda: 100.0 not in best(1) and max(best(2)) == 0.0,
        RANDOM: lambda: empty > 4 and len(moves) >= FEWEST_MOVES,
    }
    for kind, test in kinds.items():
        if wanted[kind] and test():
            return kind
    return None
