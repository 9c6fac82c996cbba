"""Watch a Player think: its ``scores_for`` recursion as a tree of calls (:mod:`.tree`), the reference's
(:mod:`.reference`), a student's as recorded in their process (:mod:`.recorded`), the two compared
(:mod:`.compare`), and the tree in words (:mod:`.text`). The scene draws it (``vp3d``); ``vp-connect4 think``
prints it."""

from .compare import Comparison, compare_trees
from .recorded import recorded_tree
from .reference import reference_tree
from .tree import KINDS, Node, Slot, Tree, count

__all__ = ["KINDS", "Comparison", "Node", "Slot", "Tree", "compare_trees", "count", "recorded_tree", "reference_tree"]
