"""Whether the exact solver takes a board's positions, and if not why: the rules or the size."""

from __future__ import annotations

from enum import Enum

from ..engine.mechanics import Mechanics


class SolverRefusal(Enum):
    """Why the exact solver does not take a board: its rules are not the standard game's seen from gravity's side
    (``RULES``), or its bitboard does not fit the solver's 64 bits (``SIZE``)."""

    RULES = "rules"
    SIZE = "size"


def solver_refusal(mechanics: Mechanics) -> SolverRefusal | None:
    """Why the exact solver does not take positions under ``mechanics``, or None where it does: the rules are the
    standard game's, seen from gravity's side, and gravity's board fits the solver's 64 bits
    (:func:`.engine.exact.solver.takes`: not 9x7, 8x8, 10x6 or larger)."""
    from ..engine.exact.solver import takes  # the solver's module only where it is asked

    if not mechanics.straight_only:
        return SolverRefusal.RULES
    if not takes(mechanics.frames[mechanics.start_frame].geom):
        return SolverRefusal.SIZE
    return None
