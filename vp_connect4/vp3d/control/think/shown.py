"""Think's tree as the scene shows it, without VPython: which items are drawn, where each stands, which one a
click picks, and the calls played one by one in the order the code makes them.

An *item* is one column of a call that is drawn: the opponent's call after that move (a :class:`...think.tree.Node`,
kind ``call``), or a column the seed scores without a call (full, a win, the board filled: the :class:`Slot`'s
kind). The look-ahead's last calls (ply 0) are the leaves: their columns are theirs, not drawn. An item is named
by its *line*, the moves from the root's position to it; the root's line is ``()``.

Level of detail: the top :data:`FULL_DEPTH` layers are drawn at once (the whole tree to ply 3: 400 calls on 7
columns); a call on the last of them with calls below it is *folded* (it stands for its subtree) until a click
opens it (its columns drawn, folded in turn). The layout alternates its axes: a call's columns spread along x,
theirs along z, and so on, each layer :data:`LAYER` below the one above; a layer's spacing leaves room for all
the layers under it, so an opened subtree fits its place.

Playing the calls (``events``): a call starts, its columns that need no call are filled in order, each call
below it starts and returns (its scores, turned round, fill its parent's column), and it returns. ``step`` is
how many events are played; before the first Step or Play every score is shown (``played`` False).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ....think.tree import CALL, HORIZON, Node, Tree

FULL_DEPTH = 3  # layers drawn at once; below them each subtree is folded into its call until it is opened
SPREAD_DEPTH = 4  # the layout leaves room down to this depth (deeper opened layers are packed closer)
LAYER = 6.0  # world units between layers
GAP = 1.3  # room between neighbouring groups, over their width
ORIGIN = (0.0, -1000.0, 0.0)  # where the root stands: far below the rack, out of the camera's sight of it
START, FILL, RETURN = "start", "fill", "return"
WAITING, RUNNING, DONE = "waiting", "running", "done"  # an item while the calls are played


@dataclass(frozen=True)
class Item:
    """One drawn column (the root: the first call): its ``kind`` (``call`` or the slot's), the call (``node``,
    kinds ``call``), its parent call, the score its parent gives it (the root: its best), and how many calls
    are folded into it (0: none)."""

    line: tuple[int, ...]
    kind: str
    node: Node | None
    parent: Node | None
    score: float | None
    folded: int = 0


def play_order(root: Node) -> list[tuple[str, tuple[int, ...]]]:
    """The events of the calls as the code makes them (see the module's docstring)."""
    events: list[tuple[str, tuple[int, ...]]] = []

    def call(node: Node) -> None:
        events.append((START, node.line))
        for col, slot in enumerate(node.slots):
            if slot.child is not None:
                call(slot.child)
            elif slot.kind != HORIZON:
                events.append((FILL, (*node.line, col)))
        events.append((RETURN, node.line))

    call(root)
    return events


def spacing(width: int, deepest: int) -> dict[int, float]:
    """The distance between neighbouring columns at each depth (1 = the root's columns) up to depth 12."""
    space = {depth: 1.0 for depth in (deepest, deepest - 1)}
    for depth in range(deepest - 2, 0, -1):
        space[depth] = width * GAP * space[depth + 2]
    for depth in range(deepest + 1, 13):
        space[depth] = space[depth - 2] / (width * GAP)
    return space


def who_moved(root_ox: str, line: tuple[int, ...]) -> list[tuple[str, int]]:
    """The line's moves with their movers: the root's side first, then in turn."""
    other = "O" if root_ox == "X" else "X"
    return [(root_ox if index % 2 == 0 else other, col) for index, col in enumerate(line)]


def rows_after(rows: tuple[str, ...], col: int, ox: str) -> tuple[str, ...]:
    """A position (``data``'s rows, top first) with ``ox``'s checker dropped into column ``col``."""
    for index in range(len(rows) - 1, -1, -1):
        if rows[index][col] == " ":
            row = rows[index]
            return (*rows[:index], row[:col] + ox + row[col + 1 :], *rows[index + 1 :])
    return rows


class TreeShown:
    """One tree on the scene: what is drawn (``items``), opened, picked (``selected``) and played (``step``)."""

    def __init__(self, tree: Tree, ox: str) -> None:
        self.tree, self.ox = tree, ox
        self.width = max(len(tree.root.slots), 1)
        self._space = spacing(self.width, min(max(tree.root.ply, 1), SPREAD_DEPTH))
        self.opened: set[tuple[int, ...]] = set()
        self.selected: tuple[int, ...] | None = None
        self.events = play_order(tree.root)
        self.step = 0
        self.played = False
        self._filled: set[tuple[int, ...]] = set()
        self._started: set[tuple[int, ...]] = set()
        self.calls = sum(1 for _ in tree.root.walk())
        self.principal = tuple(tree.principal())

    # -- what is drawn -------------------------------------------------------------------

    def is_open(self, node: Node) -> bool:
        return len(node.line) < FULL_DEPTH or node.line in self.opened

    def items(self) -> list[Item]:
        """Every drawn item, depth first (the root first)."""
        root = self.tree.root
        top = max(root.scores) if root.scores else None
        found = [Item((), CALL, root, None, top, 0 if self.is_open(root) else _calls_below(root))]
        self._items_below(root, found)
        return found

    def _items_below(self, node: Node, found: list[Item]) -> None:
        if not self.is_open(node) or node.ply == 0:
            return
        for col, slot in enumerate(node.slots):
            line = (*node.line, col)
            child = slot.child
            folded = 0 if child is None or self.is_open(child) else _calls_below(child)
            found.append(Item(line, slot.kind, child, node, slot.score, folded))
            if child is not None:
                self._items_below(child, found)

    def position(self, line: tuple[int, ...]) -> tuple[float, float, float]:
        """Where the item of ``line`` stands (world units; the root at :data:`ORIGIN`)."""
        x, y, z = ORIGIN
        middle = (self.width - 1) / 2
        for index, col in enumerate(line):
            offset = (col - middle) * self._space[min(index + 1, 12)]
            if index % 2 == 0:
                x += offset
            else:
                z += offset
        return (x, y - LAYER * len(line), z)

    def pick(self, pos: tuple[float, float, float], ray: tuple[float, float, float]) -> tuple[int, ...] | None:
        """The drawn item nearest the line of sight through ``pos`` along ``ray`` (None: none near it)."""
        length = math.sqrt(sum(c * c for c in ray)) or 1.0
        direction = tuple(c / length for c in ray)
        best, best_distance = None, math.inf
        for item in self.items():
            point = self.position(item.line)
            v = tuple(p - q for p, q in zip(point, pos, strict=True))
            along = sum(a * b for a, b in zip(v, direction, strict=True))
            distance = math.sqrt(max(sum(c * c for c in v) - along * along, 0.0))
            reach = 0.45 * self._space[min(len(item.line), 12)] if item.line else LAYER / 3
            if distance < min(reach, LAYER / 3) and distance < best_distance:
                best, best_distance = item.line, distance
        return best

    def open(self, line: tuple[int, ...]) -> bool:
        """Open a folded call (True), so its columns are drawn."""
        node = self.tree.at(line)
        if node is None or self.is_open(node) or node.ply == 0:
            return False
        self.opened.add(line)
        return True

    def reveal(self, line: tuple[int, ...]) -> None:
        """Select the call of ``line``, every folded call above it opened, so it is drawn."""
        for depth in range(len(line)):
            self.open(line[:depth])
        self.selected = line

    def rows(self, line: tuple[int, ...]) -> tuple[str, ...]:
        """The position of the item of ``line``: its call's, or its parent's with the move made."""
        node = self.tree.at(line)
        if node is not None:
            return node.rows
        parent = self.tree.at(line[:-1])
        assert parent is not None and line
        return rows_after(parent.rows, line[-1], who_moved(self.ox, line)[-1][0])

    # -- playing the calls ------------------------------------------------------------------

    def play_to(self, step: int) -> None:
        """Show the calls as they are after ``step`` events (the first Step or Play starts the playing)."""
        step = min(max(step, 0), len(self.events))
        self.played = True
        if step < self.step:
            self._filled, self._started, self.step = set(), set(), 0
        for kind, line in self.events[self.step : step]:
            (self._started if kind == START else self._filled).add(line)
        self.step = step

    @property
    def finished(self) -> bool:
        return self.step >= len(self.events)

    def state(self, line: tuple[int, ...]) -> str:
        """An item while the calls are played: not yet called, its call running, or scored (every item before
        the first Step or Play)."""
        if not self.played or line in self._filled:
            return DONE
        return RUNNING if line in self._started else WAITING

    def current(self) -> tuple[str, tuple[int, ...]] | None:
        """The last event played (None before the first)."""
        return self.events[self.step - 1] if self.played and self.step else None

    def items_folded(self, line: tuple[int, ...]) -> int:
        """How many calls are folded into the item of ``line`` (0: none, or it is open)."""
        node = self.tree.at(line)
        return 0 if node is None or self.is_open(node) or node.ply == 0 else _calls_below(node)

    def shown_line(self, line: tuple[int, ...]) -> tuple[int, ...]:
        """The drawn item that stands for ``line``: itself, or the folded call it is under, or the last call of the
        look-ahead (ply 0) it goes past (a leaf's columns are not drawn: the line ``next_move`` picks ends in one)."""
        for depth in range(len(line)):
            node = self.tree.at(line[:depth])
            if node is None or not self.is_open(node) or node.ply == 0:
                return line[:depth]
        return line

    def strong_line(self) -> tuple[int, ...]:
        """The line ``next_move`` picks as it is drawn: down to the last item drawn on it."""
        return self.shown_line(self.principal)


def _calls_below(node: Node) -> int:
    return sum(1 for _ in node.walk()) - 1
