"""Player files for tests, each standing alone as a student's must (the sandbox hides vp_connect4 from it):
the seed's correct Player under any class name, one that plays like a fixed ply, a stronger one, and the seven
planted bugs of issue 37 (:data:`BUGS`) in a Hanze or a CS111 file (:func:`planted`)."""

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


CS111_EXAMPLE = (EXAMPLE.parent / "cs111_player.py").read_text()
HANZE_NAMES = {"checker": "opp_ch", "tiebreak": "tiebreak_move"}
CS111_NAMES = {"checker": "opponent_checker", "tiebreak": "max_score_column"}

# each bug: where it is (the method named), and the text replaced in each flavour's correct file (None: not there)
BUGS = {
    "min for max": ("scores_for", ("100.0 - max(op.scores_for(b))", "100.0 - min(op.scores_for(b))"),
                    ("100 - max(opponent.scores_for(board))", "100 - min(opponent.scores_for(board))")),
    "a full column scored 0": ("scores_for", ("scores[col] = -1.0", "scores[col] = 0.0"),
                               ("scores[col] = -1", "scores[col] = 0")),
    "look-ahead never counted down": (
        "scores_for", ("self.tbt, self.ply - 1)", "self.tbt, self.ply)"),
        ("self.tiebreak, self.lookahead - 1)", "self.tiebreak, self.lookahead)")),
    "its own checker": ("checker", ('        if self.ox == "X":\n            return "O"\n        return "X"',
                                    "        return self.ox"),
                        ('        if self.checker == "X":\n            return "O"\n        return "X"',
                         "        return self.checker")),
    "a win scored 50": ("score_board", ("            return 100.0\n        if b.wins_for(self.opp_ch()):",
                                        "            return 50.0\n        if b.wins_for(self.opp_ch()):"), None),
    "LEFT and RIGHT swapped": (
        "tiebreak", ('"LEFT":\n            return columns[0]', '"LEFT":\n            return columns[-1]'),
        ('"LEFT":\n            return columns[0]', '"LEFT":\n            return columns[-1]')),
    "the worst column": ("next_move", ("return self.tiebreak_move(self.scores_for(b))",
                                       "scores = self.scores_for(b)\n        return scores.index(min(scores))"),
                         ("return self.max_score_column(self.scores_for(board))",
                          "scores = self.scores_for(board)\n        return scores.index(min(scores))")),
}  # fmt: skip


def planted(bug: str, flavour: str) -> tuple[str, str]:
    """The file's text with the bug, and the method that holds it in the flavour's names."""
    where, *replacements = BUGS[bug]
    old, new = replacements[flavour == "cs111"]
    text = correct() if flavour == "hanze" else CS111_EXAMPLE
    assert text.count(old) == 1, (bug, flavour)
    names = CS111_NAMES if flavour == "cs111" else HANZE_NAMES
    return text.replace(old, new), names.get(where, where)
