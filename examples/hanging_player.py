"""A Player that never answers: its ``scores_for`` makes the opponent with the same ply instead of one less, so
the recursion only stops when the board is full (7 to the power 42 boards). The time limit stops it."""

from vp_connect4 import Player as CorrectPlayer


class Player(CorrectPlayer):
    """The correct seed Player, except that it looks ahead without end."""

    def scores_for(self, b):
        scores = [50.0] * b.width
        for col in range(b.width):
            if not b.allows_move(col):
                scores[col] = -1.0
            elif b.wins_for(self.ox):
                scores[col] = 100.0
            elif b.wins_for(self.opp_ch()):
                scores[col] = 0.0
            else:
                b.add_move(col, self.ox)
                op = Player(self.opp_ch(), self.tbt, self.ply)  # the bug: self.ply - 1
                scores[col] = 100.0 - max(op.scores_for(b))
                b.del_move(col)
        return scores
