"""A Player that never answers: its ``scores_for`` goes through the columns with a ``while`` loop that never counts
its column up, so it goes round the first column for ever. The time limit stops it. (A recursion that never
counts its look-ahead down, in ``scores_for`` itself, is caught at once instead: no time limit to wait.)"""

import random


class Player:
    """An AI player for Connect Four."""

    def __init__(self, ox, tbt, ply):
        """Construct a player for a given checker, tie-breaking type, and ply."""
        self.ox = ox
        self.tbt = tbt
        self.ply = ply

    def __repr__(self):
        """Create a string representation of the player."""
        return "Player: ox = " + self.ox + ", tbt = " + self.tbt + ", ply = " + str(self.ply)

    def opp_ch(self):
        """The opponent's checker."""
        if self.ox == "X":
            return "O"
        return "X"

    def score_board(self, b):
        """100.0 if b is won by this player, 0.0 if by the opponent, else 50.0."""
        if b.wins_for(self.ox):
            return 100.0
        if b.wins_for(self.opp_ch()):
            return 0.0
        return 50.0

    def tiebreak_move(self, scores):
        """The column of the highest score; ties broken LEFT, RIGHT or RANDOM."""
        best = max(scores)
        columns = [col for col in range(len(scores)) if scores[col] == best]
        if self.tbt == "LEFT":
            return columns[0]
        if self.tbt == "RIGHT":
            return columns[-1]
        return random.choice(columns)

    def scores_for(self, b):
        """One score per column: -1.0 full, 0.0 a loss, 50.0 neither, 100.0 a win, looking ply moves ahead."""
        scores = [50.0] * b.width
        col = 0
        while col < b.width:  # the bug: col += 1 is missing at the end of the loop
            if not b.allows_move(col):
                scores[col] = -1.0
            elif b.wins_for(self.ox):
                scores[col] = 100.0
            elif b.wins_for(self.opp_ch()):
                scores[col] = 0.0
            elif self.ply == 0:
                scores[col] = 50.0
            else:
                b.add_move(col, self.ox)
                if b.wins_for(self.ox):
                    scores[col] = 100.0
                elif b.is_full():
                    scores[col] = 50.0  # the last move, and nobody won: a draw
                else:
                    op = Player(self.opp_ch(), self.tbt, self.ply - 1)
                    scores[col] = 100.0 - max(op.scores_for(b))
                b.del_move(col)
        return scores

    def next_move(self, b):
        """The column this player plays on b."""
        return self.tiebreak_move(self.scores_for(b))
