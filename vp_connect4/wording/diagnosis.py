"""Sentences of the one diagnosis (``students.diagnosis``): which of a student's methods holds the mistake a check
found, said in the course's names (``opp_ch`` or ``opponent_checker``, ``tiebreak_move`` or ``max_score_column``),
which fill the fields; and a method asked on its own (``opp_ch()``, ``score_board(b)``, ``tiebreak_move(scores)``).
"""

from __future__ import annotations

from .language import N_, _, _n, name_sentences, sentence

__all__ = [
    "diagnosis_board_rule",
    "diagnosis_calls_wrong_part",
    "diagnosis_checker_rule",
    "diagnosis_follows_scores",
    "diagnosis_ignores_tiebreak",
    "diagnosis_look_at",
    "diagnosis_no_tiebreak",
    "diagnosis_part_differs",
    "diagnosis_part_differs_here",
    "diagnosis_parts_agree",
    "diagnosis_scores_failed",
    "diagnosis_tiebreak_rule",
    "diagnosis_tiebreak_wrong",
    "student_not_a_number",
]


student_not_a_number = sentence(N_("{file}: {call} returned {value}, not a number."), "file, call, value")


diagnosis_part_differs = sentence(
    N_("{file} differs from the reference in {method}, asked on its own:"), "file, method"
)


diagnosis_part_differs_here = sentence(
    N_("{file} differs from the reference in {method}, asked on its own on this position ({kind}):"),
    "file, method, kind",
)


diagnosis_checker_rule = sentence(
    N_("{method}() gives the opponent's checker: 'O' for a player of 'X', 'X' for a player of 'O'."), "method"
)


diagnosis_board_rule = sentence(
    N_("{method}(b) gives 100.0 if b is won by the player itself, 0.0 if by its opponent, else 50.0."), "method"
)


def diagnosis_tiebreak_rule(method: str, tiebreak: str) -> str:
    """What ``tiebreak_move(scores)`` (CS111: ``max_score_column``) gives under ``tiebreak``."""
    if tiebreak == "LEFT":
        said = _("{method}(scores) gives the column of the best score: with tiebreak LEFT the leftmost best column.")
    elif tiebreak == "RIGHT":
        said = _("{method}(scores) gives the column of the best score: with tiebreak RIGHT the rightmost best column.")
    else:
        said = _("{method}(scores) gives the column of the best score: with tiebreak RANDOM any of the best columns.")
    return said.format(method=method)


diagnosis_calls_wrong_part = sentence(
    N_(
        "Its {method}(b) calls {part}, which is wrong when asked on its own: {call} returned {theirs}, not {ours}. "
        "Look at {part} first."
    ),
    "method, part, call, theirs, ours",
)


def diagnosis_parts_agree(parts: list[str], method: str) -> str:
    """The part methods ``method`` called, each asked on its own on every position of the check and right."""
    return _n(
        "It calls {parts}, which agrees with the reference when asked on its own on the check's positions: look at "
        "{method} itself first.",
        "It calls {parts}, which agree with the reference when asked on their own on the check's positions: look at "
        "{method} itself first.",
        len(parts),
    ).format(parts=", ".join(parts), method=method)


diagnosis_follows_scores = sentence(
    N_("Its {scores}(b) gave {theirs} here, not the reference's scores, so {method} picks among wrong scores."),
    "scores, theirs, method",
)


diagnosis_look_at = sentence(N_("Look at {method} first."), "method")


diagnosis_scores_failed = sentence(
    N_("Its {scores}(b) failed on this position too, so {method} could not work: look at {scores} first."),
    "scores, method",
)


diagnosis_tiebreak_wrong = sentence(
    N_(
        "Its {scores}(b) gave the reference's scores here, but {tiebreak}(scores) with them returned {col}, where "
        "tiebreak {name} plays {columns}: look at {tiebreak}."
    ),
    "scores, tiebreak, col, name, columns",
)


diagnosis_ignores_tiebreak = sentence(
    N_(
        "Its {scores}(b) gave the reference's scores here and {tiebreak}(scores) with them returned {col}, a column "
        "the reference plays, yet {method}(b) played {played}: the mistake is in {method}, which should return "
        "{tiebreak}({scores}(b))."
    ),
    "scores, tiebreak, col, method, played",
)


diagnosis_no_tiebreak = sentence(
    N_(
        "Its {scores}(b) gave the reference's scores here, so the mistake is in how {method} picks among the best "
        "columns (tiebreak {name})."
    ),
    "scores, method, name",
)


name_sentences(globals())
