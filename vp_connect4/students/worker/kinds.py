"""The words of the messages between our process and a student's worker: statuses, methods, flavours, classes.

Both sides read them from here: the worker, which stands alone in the sandbox, and our side (``students.answers``,
``students.errors``, ``think.tree``), which holds every answer to them.
"""

from __future__ import annotations

OK = "ok"
NOT_LOADED = "not loaded"  # the file is missing, or raised while it was imported
NO_CLASS = "no class"
NO_METHOD = "no method"
RAISED = "raised"
BAD_ANSWER = "bad answer"  # not a column number, not a list of scores

MOVE_METHODS = ("next_move",)
SCORE_METHODS = ("scores_for", "scores_for_tourney")
CHECKER_METHODS = ("opp_ch", "opponent_checker")  # the opponent's checker: the Dutch seed's name, CS111's
BOARD_SCORE = "score_board"  # the Dutch seed's 100/50/0 of one board (CS111's scores_for has it inline)
TIEBREAK_METHODS = ("tiebreak_move", "max_score_column")  # the column of the best score, tiebreak applied
PART_METHODS = (*CHECKER_METHODS, BOARD_SCORE, *TIEBREAK_METHODS)  # asked on their own (the request "part")
EVALUATION = "score_board_for_tourney"  # a board's score at the horizon of the smarter recursion
CLASS_NAMES = ("AIPlayer", "Player")  # looked for in this order when the command line names no class
HANZE, CS111 = "hanze", "cs111"  # the two seeds' flavours of Player and Board
LOOK_AHEAD = {HANZE: "ply", CS111: "lookahead"}  # each seed's name of the look-ahead (Player's ply)
TIME_IS_UP, TOO_MANY_CALLS = "time is up", "too many calls"  # where a recording stopped it (think.tree's words)
NOT_COUNTED_DOWN = "not counted down"  # a recording stopped it: a call asked with its caller's look-ahead or more
OURS = "vp_connect4"  # this project's package, which a student's file may not import (the reference, the solver)
