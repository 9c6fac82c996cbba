"""A Player with the classic mistake: ``scores_for`` takes the opponent's best score as its own, instead of 100
minus it (it forgets to turn the opponent's scores around). ``vp-connect4 check`` finds the first position
where that shows."""

from vp_connect4 import Player as CorrectPlayer


class Player(CorrectPlayer):
    """The correct seed Player, with the opponent's scores not turned around."""

    def scores_for(self, b):
        scores = [50.0] * b.width
        for col in range(b.width):
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
                    scores[col] = 50.0
                else:
                    op = Player(self.opp_ch(), self.tbt, self.ply - 1)
                    scores[col] = max(op.scores_for(b))  # the bug: 100.0 - max(...)
                b.del_move(col)
        return scores
