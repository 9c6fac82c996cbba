"""The rule variants and the seed's recursion under them, written plainly over a grid: the engine's yardstick.

Independent of ``vp_connect4.engine`` and ``vp_connect4.rules`` on purpose: a rack is a list of columns
(``grid[col][row]``, row 0 at the bottom) of ' ', 'X', 'O'; gravity is a direction; every rule is a loop over
cells; the rules are read from their text here (:func:`rules_of`). Deliberately slow and simple. The rules (see
``vp_connect4.rules``):

- a drop goes into a column (gravity down or up) or a row (left or right), to the cell nearest the floor;
  under diagonal gravity (down-left, down-right) into a column: along the diagonal through the column's top
  cell, to its lowest free cell;
- a flip turns the rack 180 degrees, then every checker falls to the floor; no two flips in a row by one
  side, no flip that changes nothing;
- after a move: fours (one side: it wins, both: a draw); then tetris clears the full lines across
  gravity (and the rest falls), fours again; then gravity may turn (every checker falls to the new
  floor), fours, tetris again, fours; then a side to move without a move, or the tetris move limit,
  makes a draw. Under diagonal gravity tetris clears the full rows, then every checker slides down its diagonal.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

GRAVITIES = ("down", "left", "up", "right")  # the order gravity turns in
STEP = {"down": (0, -1), "left": (-1, 0), "up": (0, 1), "right": (1, 0), "down-left": (-1, -1), "down-right": (1, -1)}
DIAGONAL = ("down-left", "down-right")
TETRIS_MOVE_LIMIT = 2  # times the cells


@dataclass(frozen=True)
class Rules:
    """The deterministic rules (chance and swaps are not foreseen: left out)."""

    gravity: str = "down"
    turn_every: int = 0
    tetris: bool = False
    flip: bool = False


def rules_of(text: str) -> Rules:
    """The deterministic rules of a variant text such as ``gravity:turn:2+tetris+chance:0.2``, read plainly."""
    fields: dict[str, object] = {}
    for part in text.split("+"):
        name, _, value = part.partition(":")
        if name == "gravity" and value.startswith("turn"):
            fields["turn_every"] = int(value.partition(":")[2] or 4)
        elif name == "gravity":
            fields["gravity"] = value
        elif name in ("tetris", "flip"):
            fields[name] = True
    return Rules(**fields)  # type: ignore[arg-type]


def other(ox: str) -> str:
    return "O" if ox == "X" else "X"


@dataclass(frozen=True)
class Rack:
    grid: tuple[tuple[str, ...], ...]  # columns, bottom first
    gravity: str
    moves: int  # made since the empty rack
    flipped: frozenset[str]  # sides whose last move was a flip

    @property
    def width(self) -> int:
        return len(self.grid)

    @property
    def height(self) -> int:
        return len(self.grid[0])


def empty_rack(variant: Rules, width: int = 7, height: int = 6) -> Rack:
    return Rack(tuple((" ",) * height for _ in range(width)), variant.gravity, 0, frozenset())


def diagonals(width: int, height: int, gravity: str) -> list[list[tuple[int, int]]]:
    """Every diagonal along ``gravity``, its cells from the low end (the floor or a wall) up."""
    step_col, step_row = STEP[gravity]
    lines = []
    for col in range(width):
        for row in range(height):
            if 0 <= col + step_col < width and 0 <= row + step_row < height:
                continue  # not a low end
            line, c, r = [], col, row
            while 0 <= c < width and 0 <= r < height:
                line.append((c, r))
                c, r = c - step_col, r - step_row
            lines.append(line)
    return lines


def settle(grid: list[list[str]], gravity: str) -> list[list[str]]:
    """Every checker falls towards ``gravity`` as far as it can (in the order it stands)."""
    width, height = len(grid), len(grid[0])
    new = [[" "] * height for _ in range(width)]
    if gravity in DIAGONAL:
        for line in diagonals(width, height, gravity):
            stack = [grid[c][r] for c, r in line if grid[c][r] != " "]
            for index, cell in enumerate(stack):
                c, r = line[index]
                new[c][r] = cell
    elif gravity in ("down", "up"):
        for col in range(width):
            stack = [grid[col][row] for row in range(height) if grid[col][row] != " "]
            if gravity == "up":
                stack = [grid[col][row] for row in reversed(range(height)) if grid[col][row] != " "]
            for i, cell in enumerate(stack):
                new[col][i if gravity == "down" else height - 1 - i] = cell
    else:
        for row in range(height):
            cols = range(width) if gravity == "left" else reversed(range(width))
            stack = [grid[col][row] for col in cols if grid[col][row] != " "]
            for i, cell in enumerate(stack):
                new[i if gravity == "left" else width - 1 - i][row] = cell
    return new


def slots(rack: Rack) -> int:
    return rack.height if rack.gravity in ("left", "right") else rack.width


def line_cells(rack: Rack, slot: int) -> list[tuple[int, int]]:
    """The cells of a drop's line, from the floor outwards."""
    if rack.gravity in DIAGONAL:
        top = (slot, rack.height - 1)  # where the checker comes in
        return next(line for line in diagonals(rack.width, rack.height, rack.gravity) if line[-1] == top)
    if rack.gravity == "down":
        return [(slot, row) for row in range(rack.height)]
    if rack.gravity == "up":
        return [(slot, row) for row in reversed(range(rack.height))]
    if rack.gravity == "left":
        return [(col, slot) for col in range(rack.width)]
    return [(col, slot) for col in reversed(range(rack.width))]


@cache
def runs_of_four(width: int, height: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """The cells of every run of four on a ``width`` x ``height`` rack: across, up, both diagonals."""
    runs = []
    for col in range(width):
        for row in range(height):
            for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
                cells = tuple((col + k * dc, row + k * dr) for k in range(4))
                if all(0 <= c < width and 0 <= r < height for c, r in cells):
                    runs.append(cells)
    return tuple(runs)


def four(grid: list[list[str]] | tuple[tuple[str, ...], ...], ox: str) -> bool:
    return any(all(grid[c][r] == ox for c, r in run) for run in runs_of_four(len(grid), len(grid[0])))


def fours_result(grid: list[list[str]], mover: str) -> str | None:
    """'win', 'loss' or 'draw' for the mover if fours are on the rack, else None."""
    mine, theirs = four(grid, mover), four(grid, other(mover))
    if mine and theirs:
        return "draw"
    if mine:
        return "win"
    return "loss" if theirs else None


def clear_full_lines(grid: list[list[str]], gravity: str) -> list[list[str]]:
    width, height = len(grid), len(grid[0])
    if gravity in ("down", "up", *DIAGONAL):  # rows
        for row in range(height):
            if all(grid[col][row] != " " for col in range(width)):
                for col in range(width):
                    grid[col][row] = " "
    else:
        for col in range(width):
            if all(grid[col][row] != " " for row in range(height)):
                grid[col] = [" "] * height
    return settle(grid, gravity)


def flipped(rack: Rack) -> list[list[str]]:
    width, height = rack.width, rack.height
    turned = [[rack.grid[width - 1 - col][height - 1 - row] for row in range(height)] for col in range(width)]
    return settle(turned, rack.gravity)


def legal(rack: Rack, variant: Rules, move: int, mover: str) -> bool:
    if move < slots(rack):
        return any(rack.grid[c][r] == " " for c, r in line_cells(rack, move))
    if move == slots(rack) and variant.flip:
        return mover not in rack.flipped and flipped(rack) != [list(column) for column in rack.grid]
    return False


def play(rack: Rack, variant: Rules, move: int, mover: str) -> tuple[Rack, str | None]:
    """The rack after ``mover`` makes ``move`` (legal), and the result for the mover ('win', 'loss', 'draw')."""
    if move == slots(rack):
        grid = flipped(rack)
        flips = rack.flipped | {mover}
    else:
        grid = [list(column) for column in rack.grid]
        col, row = next((c, r) for c, r in line_cells(rack, move) if grid[c][r] == " ")
        grid[col][row] = mover
        flips = rack.flipped - {mover}
    gravity, moves = rack.gravity, rack.moves + 1
    result = fours_result(grid, mover)
    if result is None and variant.tetris:
        grid = clear_full_lines(grid, gravity)
        result = fours_result(grid, mover)
    if result is None and variant.turn_every and moves % variant.turn_every == 0:
        gravity = GRAVITIES[(GRAVITIES.index(gravity) + 1) % 4]
        grid = settle(grid, gravity)
        result = fours_result(grid, mover)
        if result is None and variant.tetris:
            grid = clear_full_lines(grid, gravity)
            result = fours_result(grid, mover)
    after = Rack(tuple(tuple(column) for column in grid), gravity, moves, frozenset(flips))
    if result is None:
        limit = TETRIS_MOVE_LIMIT * rack.width * rack.height
        stuck = not any(legal(after, variant, m, other(mover)) for m in range(slots(after) + 1))
        if (variant.tetris and moves >= limit) or stuck:
            result = "draw"
    return after, result


SCORES = {"win": 100.0, "loss": 0.0, "draw": 50.0}

Horizon = Callable[[Rack, str], float]
"""A judgement of a rack for the side to move, at ply 0 (the seed's: 50.0)."""
Recurse = Callable[[Rack, str, int], list[float]]


def reference_variant_scores(
    rack: Rack, variant: Rules, ox: str, ply: int, horizon: Horizon | None = None, recurse: Recurse | None = None
) -> list[float]:
    """The seed's ``scores_for`` for ``ox`` (to move) on ``rack`` under ``variant``'s rules, plainly.

    ``horizon(rack, ox)``, if given, scores the legal moves at ply 0 instead of 50.0 (``scores_for_tourney``);
    ``recurse(rack, ox, ply)`` gives the other side's scores one level down (by default this same function).
    """
    if recurse is None:

        def recurse(after: Rack, next_ox: str, next_ply: int) -> list[float]:
            return reference_variant_scores(after, variant, next_ox, next_ply, horizon)

    count = slots(rack) + (1 if variant.flip else 0)
    scores = [-1.0] * count
    already = fours_result([list(column) for column in rack.grid], ox)
    for move in range(count):
        if not legal(rack, variant, move, ox):
            continue
        if already is not None:
            scores[move] = SCORES[already]
        elif ply == 0:
            scores[move] = 50.0 if horizon is None else horizon(rack, ox)
        else:
            after, result = play(rack, variant, move, ox)
            if result is not None:
                scores[move] = SCORES[result]
            else:
                scores[move] = 100.0 - max(recurse(after, other(ox), ply - 1))
    return scores


def memo_reference_variant_scores(
    rack: Rack, variant: Rules, ox: str, ply: int, horizon: Horizon | None = None
) -> list[float]:
    """``reference_variant_scores`` with a memo keyed by (rack, side, ply): the same recursion, for deeper plies."""
    memo: dict[tuple[Rack, str, int], list[float]] = {}

    def scores(here: Rack, here_ox: str, here_ply: int) -> list[float]:
        key = (here, here_ox, here_ply)
        if key not in memo:
            memo[key] = reference_variant_scores(here, variant, here_ox, here_ply, horizon, recurse=scores)
        return memo[key]

    return list(scores(rack, ox, ply))
