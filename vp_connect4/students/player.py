"""A student's Player playing one side: ``StudentPlayer(path, ox, tiebreak, ply, time_limit)``.

It answers like our ``Player`` (``next_move(b)``, ``scores_for(b)``, ``scores_for_tourney(b)``, ``ox``,
``ply``), so it can sit in any game loop (``game.ai_chooser(student)``): each call runs in the student's own
worker process (:mod:`.process`) on a copy of ``b``, within the time limit. What fails raises a
:class:`.errors.StudentError` whose message is ready to show; a column that cannot be played is one of them
(saying why). The student's ``RANDOM`` tiebreak draws from ``random``, seeded from ``rng`` at every call:
a seeded ``rng`` makes a game repeatable.
"""

from __future__ import annotations

import random
from typing import Any

from .. import wording
from ..board import RulesBoard, check_checker
from ..errors import InvalidSettingError
from ..player import check_board, check_ply, check_tiebreak
from ..think.compare import Comparison, compare_trees, differs
from ..think.recorded import recorded_tree
from ..think.reference import reference_tree
from . import errors
from .errors import call_text
from .files import PlayerFile, Source
from .process import DEFAULT_TIME_LIMIT, Loaded, StudentProcess

FORGED_OURS = "a recording that says its method is vp_connect4's, which its sandbox does not hold"

SEEDS = 2**32  # the student's random.seed(...) at each call: one of these


class StudentPlayer:
    """A student's player class from a file (see ``files.CLASS_NAMES``), made as ``Player(ox, tiebreak, ply)``.

    The file is loaded at once: StudentError if it does not import or has no player class.
    ``close()`` (or ``with``) ends its process. ``process``: one of this file's processes to use (a tournament's,
    from an earlier game), instead of a new one.
    """

    def __init__(
        self,
        source: str | Source,
        ox: str,
        tiebreak: str = "RANDOM",
        ply: int = 4,
        time_limit: float = DEFAULT_TIME_LIMIT,
        rng: random.Random | None = None,
        process: StudentProcess | None = None,
    ) -> None:
        self.source = PlayerFile.parse(source) if isinstance(source, str) else source
        self.ox = check_checker(ox)
        self.tbt = check_tiebreak(tiebreak)
        self.ply = check_ply(ply)
        self.rng = rng if rng is not None else random.Random()
        self.process = process if process is not None else StudentProcess(self.source, time_limit)
        self.loaded: Loaded = self.process.load()

    def __repr__(self) -> str:
        return f"StudentPlayer({self.source.name!r}, {self.ox!r}, {self.tbt!r}, {self.ply})"

    @property
    def label(self) -> str:
        """As the terminal names it: ``examples/player.py, ply 4``."""
        return f"{self.source.name}, {wording.level(self.ply)}"

    def call_text(self, method: str) -> str:
        """``Player('X', 'RANDOM', 4).next_move(b)``: the call, as the student would write it."""
        return call_text(self.loaded.class_name, self.ox, self.tbt, self.ply, method)

    def next_move(self, b: RulesBoard, seed: int | None = None) -> int:
        """The student's column on ``b``: StudentError if it fails, answers no column, or one that cannot be played.
        ``seed``: the student's ``random.seed`` for this call (None: drawn from ``rng``, as every call's is)."""
        col = self._call("next_move", b, seed)
        reason = b.why_not(col, self.ox)
        if reason is not None:
            raise errors.illegal_move(self.source.name, self.call_text("next_move"), col, b.refusal(reason, col))
        return col  # type: ignore[no-any-return]

    def scores_for(self, b: RulesBoard, seed: int | None = None) -> list[float]:
        return self._call("scores_for", b, seed)  # type: ignore[no-any-return]

    def scores_for_tourney(self, b: RulesBoard, seed: int | None = None) -> list[float]:
        return self._call("scores_for_tourney", b, seed)  # type: ignore[no-any-return]

    def think(self, b: RulesBoard, moves: str = "", smart: bool = False) -> Comparison:
        """The student's ``scores_for`` (``smart``: ``scores_for_tourney``) recursion on ``b``, every call their code
        makes recorded in their process, beside the reference's with the calls that differ marked (:mod:`..think`).
        StudentError if the worker fails outright (the call that raised or ran out of time is in the tree)."""
        method = "scores_for_tourney" if smart else "scores_for"
        message = call_message("think", method, b, self.ox, self.tbt, self.ply, self.rng.randrange(SEEDS))
        found = self.process.request(message | {"seconds": self.process.time_limit}, self.call_text(method))
        if found["ours"] and self.process.sandboxed:  # the sandbox holds no Player of ours: a forged recording
            self.process.close()
            raise errors.forged(self.source.name, self.call_text(method), FORGED_OURS)
        reference = reference_tree(b, self.ox, self.ply, self.tbt, moves, smart)
        student = None if found["ours"] else recorded_tree(found["calls"], b.width, b.height, self.tbt, moves, smart)
        comparison = compare_trees(student, reference)
        if student is not None and found["returned"]:
            self._held_to_its_answer(comparison, method, b)
        return comparison

    def _held_to_its_answer(self, comparison: Comparison, method: str, b: RulesBoard) -> None:
        """The verdict at the top is check's: the method asked as check asks it, its answer held to the reference's
        (a recording is the file's process's word: a file could forge one that agrees)."""
        student = comparison.student
        assert student is not None
        root = student.root
        root.scores = tuple(float(score) for score in self._call(method, b))
        was = root.differs
        root.differs = differs(root, comparison.reference.root)
        comparison.marked += root.differs - was

    def close(self) -> None:
        self.process.close()

    def __enter__(self) -> StudentPlayer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _call(self, method: str, b: RulesBoard, seed: int | None = None) -> Any:
        seed = seed if seed is not None else self.rng.randrange(SEEDS)
        message = call_message("call", method, b, self.ox, self.tbt, self.ply, seed)
        return self.process.request(message, self.call_text(method))


def call_message(
    op: str, method: str, b: RulesBoard, ox: str, tiebreak: str, ply: int, seed: int | None
) -> dict[str, Any]:
    """A request for the worker (see ``worker.serve``): ``method`` of the player ``(ox, tiebreak, ply)`` on ``b``.

    InvalidSettingError if ``b`` plays other rules than the standard game (the seeds' players know only those).
    """
    check_board(b)
    if b.variant.parts:
        raise InvalidSettingError(wording.phrase(wording.student_standard_rules))
    rows = ["".join(row) for row in b.data]
    return {"op": op, "method": method, "ox": ox, "tiebreak": tiebreak, "ply": ply, "width": b.width,
            "height": b.height, "rows": rows, "seed": seed}  # fmt: skip
