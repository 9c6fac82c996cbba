"""A Player that recurses forever: its ``scores_for`` hands the work to a helper, ``look``, that calls itself again
on the same board instead of stopping (its base case tests ``depth == 0`` but the depth only grows), until
Python's recursion limit raises RecursionError. Its lines show where."""


class Player:
    """The seed Player's ``scores_for``, except that its helper's recursion never gets closer to the end."""

    def __init__(self, ox, tbt, ply):
        self.ox, self.tbt, self.ply = ox, tbt, ply

    def look(self, b, depth):
        if depth == 0:
            return 50.0
        return 100.0 - self.look(b, depth + 1)  # the bug: depth - 1

    def scores_for(self, b):
        return [self.look(b, self.ply + 1) for col in range(b.width)]
