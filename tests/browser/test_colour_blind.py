"""The sides tell apart without colour: a game by chance, played to its end in the browser.

Two AIs at ply 0 with the RANDOM tiebreak play random legal columns (the seed is new each run and said in any
failure). While they play, every mark (the ring on an O checker's face) is seen on a checker, in front of it,
also while the checker falls; at the end every checker on the rack is where the game's moves put one, and the
checkers with a mark are exactly O's. The page's scene objects are read (GlowScript's spheres and rings): no
colour is looked at.
"""

from __future__ import annotations

import random
import time
from typing import Any

from browser.scene_page import ScenePage
from browser.scene_process import SceneProcess
from vp_connect4 import Board
from vp_connect4.vp3d.view.checkers import MARK_OUT, MARK_RADIUS
from vp_connect4.vp3d.view.rack import CHECKER_RADIUS, RackLayout

LAYOUT = RackLayout()
GAME_TIMEOUT = 90.0  # seconds for the game to reach its result
LOOK_EVERY = 0.2  # seconds between looks at the scene during the game
NEAR = 0.02  # world units: a mark on its checker's face, a checker in its cell
SIZES = (0.8 * CHECKER_RADIUS, 1.2 * CHECKER_RADIUS)  # a checker's radius, pulsing or shrinking included

# GlowScript's own objects in the page: every visible sphere and ring, as [x, y, z, radius, opacity]
SCENE_JS = """() => {
  const seen = (kind) => glowObjs.filter((o) => o && o.constructor && o.constructor.name === kind && o.visible)
    .map((o) => [o.pos.x, o.pos.y, o.pos.z, o.radius, o.opacity]);
  return {spheres: seen('sphere'), rings: seen('ring')};
}"""

Thing = tuple[float, float, float, float, float]


def look(view: ScenePage) -> tuple[list[Thing], list[Thing]]:
    """The checkers seen (opaque spheres of a checker's size: not the ghost) and the marks (rings of a mark's
    size: not the last move's ring or the winners')."""
    scene = view.page.evaluate(SCENE_JS)
    checkers = [s for s in scene["spheres"] if s[4] == 1 and SIZES[0] <= s[3] <= SIZES[1]]
    marks = [r for r in scene["rings"] if r[3] < 1.5 * MARK_RADIUS]
    return checkers, marks


def wearer(mark: Thing, checkers: list[Thing]) -> Thing | None:
    """The checker ``mark`` lies on: the same x and y, the ring on its face (as far out as its size)."""
    x, y, z, radius, _ = mark
    for checker in checkers:
        cx, cy, cz, size, _ = checker
        scale = size / CHECKER_RADIUS
        if max(abs(cx - x), abs(cy - y), abs(cz + MARK_OUT * scale - z), abs(radius - MARK_RADIUS * scale)) < NEAR:
            return checker
    return None


def cell_of(checker: Thing) -> tuple[int, int] | None:
    """The cell a checker at rest fills, or None (between cells: falling)."""
    x, y, z, _, _ = checker
    for row in range(LAYOUT.height):
        for col in range(LAYOUT.width):
            cx, cy, cz = LAYOUT.cell(row, col)
            if max(abs(cx - x), abs(cy - y), abs(cz - z)) < NEAR:
                return (row, col)
    return None


def test_a_game_by_chance_shows_each_o_checker_marked_and_no_x_checker(context: Any) -> None:
    seed = random.randrange(10**6)
    duel = ("--x", "ai", "--o", "ai", "--x-ply", "0", "--o-ply", "0", "--tiebreak", "RANDOM", "--seed", str(seed))
    with SceneProcess.main(*duel) as scene:
        view = ScenePage.open(context, scene)
        looks = falling = 0
        deadline = time.monotonic() + GAME_TIMEOUT
        while not any(line.startswith("result: ") for line in scene.lines):
            assert time.monotonic() < deadline, f"seed {seed}: no result; {scene.describe()}"
            checkers, marks = look(view)
            for mark in marks:
                assert wearer(mark, checkers) is not None, f"seed {seed}: a mark on no checker: {mark}"
            looks += 1
            falling += any(cell_of(wearer(mark, checkers)) is None for mark in marks)  # type: ignore[arg-type]
            time.sleep(LOOK_EVERY)
        view.wait_log("^result: ")
        moves = view.wait_log("^moves: ").removeprefix("moves: ")
        view.wait_redraws()

        board = Board()
        board.set_board(moves)
        checkers, marks = look(view)
        cells = {cell_of(checker): checker for checker in checkers}
        assert None not in cells, f"seed {seed}: a checker outside the cells at the end"
        filled = {(row, col) for row, line in enumerate(board.data) for col, cell in enumerate(line) if cell != " "}
        assert set(cells) == filled, f"seed {seed}, moves {moves}"
        marked = {cell_of(wearer(mark, checkers)) for mark in marks}  # type: ignore[arg-type]
        o_cells = {(row, col) for row, col in filled if board.data[row][col] == "O"}
        assert marked == o_cells, f"seed {seed}, moves {moves}: the marked checkers are not O's"
        assert len(marks) == len(o_cells) > 0 and len(filled - marked) > 0  # both sides on the rack, told apart
        assert looks > 0
    print(f"seed {seed}: {len(moves)} moves, {looks} looks during the game, {falling} with a marked checker falling")
