"""What a move does: the rules layer every front end and every player goes through.

* :class:`Variant` (:mod:`.variant`): a rule set, the standard game's changed by parts (one module each:
  :mod:`.gravity`, :mod:`.turn`, :mod:`.tetris`, :mod:`.flip`, :mod:`.chance`, :mod:`.swap`), parsed from a
  short text (``tetris+flip``); ``Variant()`` is the standard game;
* :class:`Referee` (:mod:`.referee`): those rules on one board: legal moves and why not, a move and the events
  that followed, undo, the outcome, whose turn, the position the exact solver can take (or None);
* :mod:`.events` (what happened in a move), :mod:`.outcome` (how a game ended), :mod:`.movecode` (moves as
  text), :mod:`.cells` (the checkers, and how rows are numbered).

Below: the engine (bitboards, search, solver), which this layer feeds. Above: ``Board``, ``Game``, the
players, the terminal and the scene; none of them asks which rules are played.
"""

from .cells import CHECKERS, EMPTY, Cell, Path, Spot, cell_of, check_checker, data_row, other, spot_of
from .events import Cleared, Dropped, Event, Flipped, GravityTurned, Played, Replayed, Swapped, Veered, describe
from .exactness import SolverRefusal
from .gravity import DIAGONAL_GRAVITIES
from .movecode import FLIP, FLIP_CHAR, SWAP_CHAR
from .outcome import Outcome, Termination
from .part import Part
from .referee import Referee, Snapshot
from .variant import PARTS, STANDARD, Variant

__all__ = [
    "CHECKERS",
    "DIAGONAL_GRAVITIES",
    "EMPTY",
    "FLIP",
    "FLIP_CHAR",
    "PARTS",
    "STANDARD",
    "SWAP_CHAR",
    "Cell",
    "Cleared",
    "Dropped",
    "Event",
    "Flipped",
    "GravityTurned",
    "Outcome",
    "Part",
    "Path",
    "Played",
    "Referee",
    "Replayed",
    "Snapshot",
    "SolverRefusal",
    "Spot",
    "Swapped",
    "Termination",
    "Variant",
    "Veered",
    "cell_of",
    "check_checker",
    "data_row",
    "describe",
    "other",
    "spot_of",
]
