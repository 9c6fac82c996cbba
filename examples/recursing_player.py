"""A Player that recurses forever: ``scores_for`` asks the opponent for its scores before it has made its own
move and without lowering the ply, so each call makes the same call again, until Python's recursion limit
raises RecursionError. Its lines show where."""


class Player:
    """The seed Player's ``scores_for``, except that its recursion never gets closer to the end."""

    def __init__(self, ox, tbt, ply):
        self.ox, self.tbt, self.ply = ox, tbt, ply

    def opp_ch(self):
        return "O" if self.ox == "X" else "X"

    def scores_for(self, b):
        scores = [50.0] * b.width
        for col in range(b.width):
            op = Player(self.opp_ch(), self.tbt, self.ply)  # the bug: no move made, and not self.ply - 1
            scores[col] = 100.0 - max(op.scores_for(b))
        return scores
