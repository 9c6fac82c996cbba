"""Player files for tests, each standing alone as a student's must (the sandbox hides vp_connect4 from it):
the seed's correct Player under any class name, one that plays like a fixed ply, and a stronger one."""

from __future__ import annotations

from pathlib import Path

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "player.py"
STRONG = '''"""A player of its own: a negamax with alpha-beta to depth {depth}, the centre first, open lines
counted at its horizon. Stronger than the seed's textbook plies, far from perfect."""

import random


WINDOWS = {}


def windows(width, height):
    if (width, height) not in WINDOWS:
        found = []
        for row in range(height):
            for col in range(width):
                for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                    cells = [(row + dr * k, col + dc * k) for k in range(4)]
                    if all(0 <= r < height and 0 <= c < width for r, c in cells):
                        found.append(cells)
        WINDOWS[width, height] = found
    return WINDOWS[width, height]


class Player:
    def __init__(self, ox, tbt, ply):
        self.ox, self.tbt, self.ply = ox, tbt, ply
        self.rng = random.Random({seed})

    def opp(self, ox):
        return "O" if ox == "X" else "X"

    def value(self, b, ox):
        score, data, opp = 0, b.data, self.opp(ox)
        for cells in windows(b.width, b.height):
            line = [data[r][c] for r, c in cells]
            mine, theirs = line.count(ox), line.count(opp)
            if theirs == 0:
                score += (0, 1, 4, 16, 0)[mine]
            if mine == 0:
                score -= (0, 1, 4, 16, 0)[theirs]
        return score

    def negamax(self, b, ox, depth, alpha, beta, order):
        if b.is_full():
            return 0
        if depth == 0:
            return self.value(b, ox)
        best = -10**9
        for col in order:
            if b.allows_move(col):
                b.add_move(col, ox)
                won = b.wins_for(ox)
                found = 10**6 + depth if won else -self.negamax(b, self.opp(ox), depth - 1, -beta, -alpha, order)
                b.del_move(col)
                best, alpha = max(best, found), max(alpha, found)
                if alpha >= beta:
                    break
        return best

    def next_move(self, b):
        centre = (b.width - 1) / 2
        order = sorted(range(b.width), key=lambda col: abs(col - centre))
        best, moves = None, []
        for col in order:
            if b.allows_move(col):
                b.add_move(col, self.ox)
                won = b.wins_for(self.ox)
                found = 10**7 if won else -self.negamax(b, self.opp(self.ox), {depth} - 1, -10**9, 10**9, order)
                b.del_move(col)
                if best is None or found > best:
                    best, moves = found, [col]
                elif found == best:
                    moves.append(col)
        return self.rng.choice(moves)
'''


def correct(name: str = "Player") -> str:
    """examples/player.py, its class (and the opponents its recursion makes) called ``name``."""
    text = EXAMPLE.read_text()
    return text.replace("class Player:", f"class {name}:").replace("op = Player(", f"op = {name}(")


def like_ply(ply: int | str, seed: int | str) -> str:
    """A file that plays like the seed's ``ply`` whatever the tournament's, its RANDOM tiebreak seeded."""
    return correct("Seed") + f'''

class Player(Seed):
    """Plays like ply {ply}, whatever the tournament's ply; its RANDOM tiebreak has a seed of its own."""

    def __init__(self, ox, tbt, ply):
        super().__init__(ox, tbt, {ply})
        self.rng = random.Random({seed})

    def tiebreak_move(self, scores):
        best = max(scores)
        columns = [col for col in range(len(scores)) if scores[col] == best]
        return {{"LEFT": columns[0], "RIGHT": columns[-1]}}.get(self.tbt, self.rng.choice(columns))
'''


def strong(depth: int, seed: int | str) -> str:
    """A stronger file of its own (see :data:`STRONG`)."""
    return STRONG.replace("{depth}", str(depth)).replace("{seed}", str(seed))
