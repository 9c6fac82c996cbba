"""A student's tree held to the reference's: every call of theirs whose scores are not the reference's call's (on the
same position, by the same player, at the same look-ahead) is marked, and so is a call the reference never
makes (a position off the reference's tree) and the call that raised or ran out of time."""

from __future__ import annotations

from dataclasses import dataclass

from .tree import Node, Tree, same


@dataclass
class Comparison:
    """A player's recursion beside the reference's: ``student`` None where the player's ``scores_for`` is ours
    (nothing of theirs to record); ``marked``: how many of the student's calls differ."""

    student: Tree | None
    reference: Tree
    marked: int = 0

    @property
    def shown(self) -> Tree:
        """The tree to open on: the student's where there is one."""
        return self.student if self.student is not None else self.reference


def compare_trees(student: Tree | None, reference: Tree) -> Comparison:
    return Comparison(student, reference, 0 if student is None else compared(student, reference))


def compared(student: Tree, reference: Tree) -> int:
    """Mark ``student``'s calls that differ from ``reference``'s (``Node.differs``); how many were marked."""
    marked = 0
    for node in student.root.walk():
        node.differs = differs(node, reference.at(node.line))
        marked += node.differs
    return marked


def differs(node: Node, ours: Node | None) -> bool:
    """Whether the student's call ``node`` is not the reference's call ``ours`` (None: the reference makes none)."""
    if ours is None or node.error is not None or node.scores is None or ours.scores is None:
        return True
    if (node.ox, node.ply) != (ours.ox, ours.ply) or len(node.scores) != len(ours.scores):
        return True
    return not all(same(mine, theirs) for mine, theirs in zip(node.scores, ours.scores, strict=True))
