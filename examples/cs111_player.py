"""A correct CS111 player (Boston University, problem set 9): ``AIPlayer(checker, tiebreak, lookahead)`` on CS111's
``Board(height, width)`` (``slots``, ``add_checker``, ``remove_checker``, ``can_add_to``, ``is_win_for``), below
the human ``Player(checker)`` it inherits from. The game takes ``AIPlayer`` from a file that has both.

Play it: ``python main.py --text --o examples/cs111_player.py``; check it: ``vp-connect4 check
examples/cs111_player.py``.
"""

import random


class Player:
    """A human player: it types its columns."""

    def __init__(self, checker):
        assert checker == "X" or checker == "O"
        self.checker = checker
        self.num_moves = 0

    def __repr__(self):
        return "Player " + self.checker

    def opponent_checker(self):
        if self.checker == "X":
            return "O"
        return "X"

    def next_move(self, board):
        self.num_moves += 1
        while True:
            col = int(input("Enter a column: "))
            if board.can_add_to(col):
                return col
            print("Try again!")


class AIPlayer(Player):
    """A player that looks ahead ``lookahead`` moves and breaks ties by ``tiebreak``."""

    def __init__(self, checker, tiebreak, lookahead):
        assert checker == "X" or checker == "O"
        assert tiebreak == "LEFT" or tiebreak == "RIGHT" or tiebreak == "RANDOM"
        assert lookahead >= 0
        super().__init__(checker)
        self.tiebreak = tiebreak
        self.lookahead = lookahead

    def __repr__(self):
        return "Player " + self.checker + " (" + self.tiebreak + ", " + str(self.lookahead) + ")"

    def max_score_column(self, scores):
        best = max(scores)
        columns = [col for col in range(len(scores)) if scores[col] == best]
        if self.tiebreak == "LEFT":
            return columns[0]
        if self.tiebreak == "RIGHT":
            return columns[-1]
        return random.choice(columns)

    def scores_for(self, board):
        scores = [50] * board.width
        for col in range(board.width):
            if not board.can_add_to(col):
                scores[col] = -1
            elif board.is_win_for(self.checker):
                scores[col] = 100
            elif board.is_win_for(self.opponent_checker()):
                scores[col] = 0
            elif self.lookahead == 0:
                scores[col] = 50
            else:
                board.add_checker(self.checker, col)
                if board.is_win_for(self.checker):
                    scores[col] = 100
                elif board.is_full():  # the last move, and nobody won: a draw
                    scores[col] = 50
                else:
                    opponent = AIPlayer(self.opponent_checker(), self.tiebreak, self.lookahead - 1)
                    scores[col] = 100 - max(opponent.scores_for(board))
                board.remove_checker(col)
        return scores

    def next_move(self, board):
        self.num_moves += 1
        return self.max_score_column(self.scores_for(board))
