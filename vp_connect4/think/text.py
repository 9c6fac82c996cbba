"""A recursion tree in words, for the terminal (``vp-connect4 think``): the root's call with each column's case,
then every call below, indented by its depth. Calls deeper than :data:`FULL_DEPTH` are summarised (how many
calls below); a student's call that differs is marked ``*`` with the reference's list beside it."""

from __future__ import annotations

from .. import wording
from ..board import other
from .compare import Comparison
from .tree import CALL, NOT_COUNTED_DOWN, STOPS, UNKNOWN_MOVE, Node, Tree

FULL_DEPTH = 2  # calls this deep below the root are shown one by one; deeper ones counted
LONGEST_LINE = 8  # moves of a line written out; a longer one is cut
MOST_LINES = 12  # of the traceback of the call that raised


def tree_text(comparison: Comparison, file: str = "", look_ahead: str = "ply") -> str:
    """The shown tree (the student's, else the reference's), its marks, and the line ``next_move`` plays;
    ``look_ahead``: the file's name of it (its seed's: ``ply``, CS111's ``lookahead``)."""
    tree = comparison.shown
    method = "scores_for_tourney" if tree.smart else "scores_for"
    lines = []
    if file and comparison.student is None:
        lines.append(wording.think_ours(file, method))
    root = tree.root
    lines.append(wording.think_heading(root.ox, root.ply, method, tree.tiebreak, tree.moves))
    lines.append(f"  {_scores(root.scores)}")
    lines += _marks(root, comparison.reference, "  ", look_ahead)
    for col, slot in enumerate(root.slots):
        if slot.kind != CALL:
            lines.append("  " + wording.think_case(slot.kind).format(ox=root.ox, col=col, score=_score(slot.score)))
    for child in root.children:
        lines += _call_lines(child, comparison, 1, look_ahead)
    best = root.best(tree.tiebreak)
    if best is not None:
        lines.append(wording.think_picks(best, wording.think_line(_line_words(tree))))
    lines.append(_summary(comparison, look_ahead))
    return "\n".join(lines)


def _call_lines(node: Node, comparison: Comparison, depth: int, look_ahead: str) -> list[str]:
    indent = "  " * depth
    mover = other(node.ox) if node.ox in ("X", "O") else "?"
    col = "?" if node.col in (None, UNKNOWN_MOVE) else node.col
    text = wording.think_call(mover, col, node.ox, node.ply, _scores(node.scores))
    marks = _marks(node, comparison.reference, indent + "  ", look_ahead)
    lines = [f"{indent}{'* ' if node.differs else ''}{text}", *marks]
    if depth >= FULL_DEPTH:
        below = sum(1 for _ in node.walk()) - 1
        if below:
            lines.append(f"{indent}  {wording.think_below(below)}")
        return lines
    for child in node.children:
        lines += _call_lines(child, comparison, depth + 1, look_ahead)
    return lines


def _marks(node: Node, reference: Tree, indent: str, look_ahead: str) -> list[str]:
    if not node.differs:
        return []
    if node.error is not None:
        lines = [_stopped(node.error, look_ahead)] if node.error in STOPS else node.error.splitlines()
        return [indent + wording.think_error(), *(indent + "  " + line for line in lines)]
    ours = reference.at(node.line)
    return [indent + wording.think_differs(_scores(ours.scores) if ours is not None else "-")]


def _summary(comparison: Comparison, look_ahead: str) -> str:
    """How many calls differ and which to look at: the call that did not return (raised, ran out of time or was
    stopped), else the first that differs in the order the code makes them."""
    student = comparison.student
    calls = len(comparison.shown.nodes())
    if student is None or not comparison.marked:
        return wording.think_agrees(calls)
    failed = student.failed_call()
    first = failed if failed is not None else student.first_difference()
    where = _words(student, first.line) if first is not None and first.line else ""
    place = wording.think_after(where) if where else wording.think_top()
    if failed is None or failed.error is None:
        return wording.think_summary(comparison.marked, calls, place)
    summary = wording.think_summary_failed(comparison.marked, calls, place)
    said = _error_lines(failed.error, look_ahead)
    return "\n".join([summary, wording.think_error(), *("  " + line for line in said)])


def _error_lines(error: str, look_ahead: str) -> list[str]:
    """The student's traceback lines (the last of them), or why the recording stopped the recursion, in words."""
    if error in STOPS:
        return [_stopped(error, look_ahead)]
    return error.splitlines()[-MOST_LINES:]


def _stopped(error: str, look_ahead: str) -> str:
    """Why the recording stopped the recursion, in words (the look-ahead in the file's name of it)."""
    return wording.think_not_counted_down(look_ahead) if error == NOT_COUNTED_DOWN else wording.think_stopped(error)


def _line_words(tree: Tree) -> str:
    return _words(tree, tuple(tree.principal()))


def _words(tree: Tree, line: tuple[int, ...]) -> str:
    """``X 3, O 4, X 3``: who played which column, from the root's side (``?``: no one move; a long line cut)."""
    side = tree.root.ox
    words = []
    for col in line:
        words.append(f"{side} {'?' if col == UNKNOWN_MOVE else col}")
        side = other(side) if side in ("X", "O") else side
    if len(words) > LONGEST_LINE:
        return ", ".join([*words[: LONGEST_LINE // 2], wording.think_deep(len(words))])
    return ", ".join(words)


def _scores(scores: tuple[float, ...] | None) -> str:
    return "-" if scores is None else "[" + ", ".join(_score(score) for score in scores) + "]"


def _score(score: float | None) -> str:
    return "-" if score is None else repr(float(score))


def think_command(file: str, moves: str, ply: int, side: str, tiebreak: str) -> str:
    """The ``vp-connect4 think`` command (``students.commands.think``) that shows this recursion: ``check`` prints
    it under a difference, in the language spoken (``--lang`` where that is not English)."""
    command = f"vp-connect4 think --moves '{moves}' --ply {ply} --side {side} --tiebreak {tiebreak} --player {file}"
    language = wording.language()
    return command if language == "en" else f"{command} --lang {language}"

