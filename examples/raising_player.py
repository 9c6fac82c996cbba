"""A Player whose ``next_move`` raises: it looks for the best score with ``scores.index(...)`` of a score that is
not there (a typo: 100 instead of the highest score). The error shows with this file's own lines."""

from vp_connect4 import Player as CorrectPlayer


class Player(CorrectPlayer):
    """The correct seed Player, with a broken ``next_move``."""

    def next_move(self, b):
        scores = self.scores_for(b)
        return scores.index(100.0)  # ValueError when no move wins: the highest score was meant
