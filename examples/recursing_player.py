"""A Player that recurses forever: ``scores_for`` asks the opponent for its scores before it has made its own
move and without lowering the ply, so each call makes the same call again, until Python's recursion limit
raises RecursionError. Its lines show where."""

from player import Player as CorrectPlayer


class Player(CorrectPlayer):
    """The correct seed Player, except that its recursion never gets closer to the end."""

    def scores_for(self, b):
        scores = [50.0] * b.width
        for col in range(b.width):
            op = Player(self.opp_ch(), self.tbt, self.ply)  # the bug: no move made, and not self.ply - 1
            scores[col] = 100.0 - max(op.scores_for(b))
        return scores
