"""One position at one ply of a check: each of the student's methods asked at most once, when first needed, its
answer compared with the reference's and, where it differs, diagnosed (:mod:`.diagnosis`) from the file's other
answers at this very position (asked then if they were not yet).

``scores_for`` must give the reference's scores; the tiebreak method (``tiebreak_move``, CS111's
``max_score_column``), given the reference's scores, a column the tiebreak plays with them; ``next_move`` a column
the reference could play; ``scores_for_tourney`` the seed's recursion with the file's own evaluation at the
horizon (:mod:`.recursion`).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping

from ...board import RulesBoard
from ...player import Player
from .. import diagnosis
from ..errors import StudentError, call_text
from ..player import call_message
from ..positions import Case
from ..process import Loaded, StudentProcess
from ..recursion import with_their_horizon
from ..worker.kinds import SCORE_METHODS, TIEBREAK_METHODS
from .findings import Difference, Failure, best_columns, first_difference

SCORES, MOVE, TOURNEY = "scores_for", "next_move", "scores_for_tourney"
EVALUATIONS_A_REQUEST = 4096  # boards of the horizon asked of the student's process at once

Verdict = Difference | Failure | bool  # True: it agreed; False: not asked (no next move after a game won)


class PositionCheck:
    """The student's answers at one position and ply (``parts``: each part method's first problem, asked on its
    own before: what a ``scores_for`` that called it is diagnosed with)."""

    def __init__(
        self,
        process: StudentProcess,
        loaded: Loaded,
        case: Case,
        ply: int,
        parts: Mapping[str, Difference | Failure],
    ) -> None:
        self.process, self.loaded, self.case, self.ply, self.parts = process, loaded, case, ply, parts
        self.reference = Player(case.ox, case.tiebreak, ply).scores_for(case.board())
        self.seed = random.Random(f"{case.moves}/{case.ox}/{case.tiebreak}/{ply}").randrange(2**32)
        self.verdicts: dict[str, Verdict] = {}
        self.columns: dict[str, int] = {}  # the tiebreak method's column here

    def verdict(self, method: str) -> Verdict:
        """``method``'s verdict here, asked the first time only."""
        if method not in self.verdicts:
            try:
                found = self._asked(method)
            except StudentError as error:
                found = Failure(self.case, self.ply, error, method)
            self.verdicts[method] = self._diagnosed(method, found)
        return self.verdicts[method]

    def _diagnosed(self, method: str, found: Verdict) -> Verdict:
        if isinstance(found, Difference) and method in SCORE_METHODS:
            return dataclasses.replace(found, blame=diagnosis.for_scores(method, found.uses, self.parts))
        if isinstance(found, Difference) and method == MOVE:
            scores = self.verdict(SCORES) if SCORES in self.loaded.methods else True
            tiebreak = diagnosis.tiebreak_of(self.loaded.methods)
            tiebreak_verdict = self.verdict(tiebreak) if tiebreak is not None else None
            scores_blame = scores.blame if isinstance(scores, Difference) else None
            blame = diagnosis.for_move(
                method, scores, scores_blame, tiebreak, tiebreak_verdict, self.columns.get(tiebreak or "")
            )
            return dataclasses.replace(found, blame=blame)
        return found

    def _call(self, method: str, arguments: str = "b") -> str:
        case = self.case
        return call_text(self.loaded.class_name, case.ox, case.tiebreak, self.ply, method, arguments)

    def _ask(self, method: str, op: str = "call", arguments: str = "b", **extra: object) -> object:
        case = self.case
        message = call_message(op, method, case.board(), case.ox, case.tiebreak, self.ply, self.seed)
        return self.process.request(message | extra, self._call(method, arguments))

    def _differs(self, method: str, theirs: object, reference: object, **extra: object) -> Difference:
        call = self._call(method, "scores" if method in TIEBREAK_METHODS else "b")
        return Difference(self.case, self.ply, method, call, theirs, reference, **extra)  # type: ignore[arg-type]

    def _asked(self, method: str) -> Verdict:
        case, reference = self.case, self.reference
        if method == SCORES:
            theirs, used = self._ask(method, trace=True)  # type: ignore[misc]
            column = first_difference(theirs, reference)
            return True if column is None else self._differs(method, theirs, reference, column=column, uses=tuple(used))
        if method in TIEBREAK_METHODS:
            col = self._ask(method, "part", "scores", scores=reference)
            self.columns[method] = col  # type: ignore[assignment]
            allowed = best_columns(reference, case.tiebreak)
            return True if col in allowed else self._differs(method, col, reference, column=col, allowed=allowed)
        if method == MOVE:
            if case.is_over:
                return False
            col, allowed = self._ask(method), best_columns(reference, case.tiebreak)
            return True if col in allowed else self._differs(method, col, reference, column=col, allowed=allowed)
        return self._tourney()

    def _tourney(self) -> Verdict:
        case, ply = self.case, self.ply

        def evaluate(boards: list[tuple[str, RulesBoard]]) -> list[float]:
            found: list[float] = []
            for start in range(0, len(boards), EVALUATIONS_A_REQUEST):
                part = boards[start : start + EVALUATIONS_A_REQUEST]
                batch = [[side, ["".join(row) for row in one.data]] for side, one in part]
                found += self._ask(TOURNEY, "evaluate", boards=batch)  # type: ignore[operator]
            return found

        def seed_recipe(literal: bool) -> list[float]:
            return with_their_horizon(case.board(), case.ox, ply, evaluate, literal)

        theirs, full = self._ask(TOURNEY, trace=True), seed_recipe(literal=False)
        scores, used = theirs  # type: ignore[misc]
        column = first_difference(scores, full)
        if column is not None and first_difference(scores, seed_recipe(literal=True)) is not None:
            return self._differs(TOURNEY, scores, full, column=column, uses=tuple(used))
        return True
