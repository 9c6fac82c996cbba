"""Your own Player: a student's player file played, checked against the reference, and in a tournament.

A student's file is untrusted code: it runs in a process of its own (``worker``), in a sandbox (``sandbox``),
with a time limit per call, and is imported only there, never in ours; what comes back is checked
(``answers``).

- :class:`StudentPlayer` (``player``): one side of a game, ``next_move``/``scores_for`` like our ``Player``
  (the text game takes it for ``--x``/``--o player.py``); :class:`StudentError` when it fails, in words;
- ``check`` (with ``positions``, ``check_text``): ``vp-connect4 check player.py``, the first position where
  it differs from the reference;
- ``tourney`` (with ``results``, ``parallel``, ``progress``): ``vp-connect4 tourney a.py b.py ...``, a round
  robin in parallel;
- ``commands``: the command lines (``cli`` hands them over);
- ``grading``: ``check --gradescope/--junit`` (a test per method and ply, with points) and ``vp-connect4
  autograder``, the zip Gradescope takes.
"""

from .errors import StudentError
from .files import CLASS_NAMES, BuiltinPlayer, PlayerFile, names_player_file
from .player import StudentPlayer
from .process import DEFAULT_TIME_LIMIT

__all__ = [
    "CLASS_NAMES",
    "DEFAULT_TIME_LIMIT",
    "BuiltinPlayer",
    "PlayerFile",
    "StudentError",
    "StudentPlayer",
    "names_player_file",
]
