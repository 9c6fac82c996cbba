"""Each rule variant in the real scene, at the moment its event happens: the browser tests and the pictures.

A :class:`VariantScene` is a short game from a start position: X is a person (the test presses keys), O
the AI at a low level with the ``LEFT`` tiebreak, so every move is known, and ``--seed`` fixes chance's
and the swaps' draws. :func:`at_the_event` opens it and plays X's keys up to the event; then X is to move
(or the AI is paused), so the scene waits, still, once the animation is over: the test looks at the
picture (``cells_seen``: which checker each cell shows, read from the pixels at the cells' middles), and
``to_the_end`` plays on to the result. ``make screenshot`` takes the README's pictures
(``docs/variants/<name>.png``) at the same moments.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from playwright.sync_api import TimeoutError as PlaywrightTimeout

from vp_connect4.board import EMPTY, RulesBoard
from vp_connect4.vp3d.view.rack import RackLayout

from .pixels import Image
from .scene_page import MOVE_TIMEOUT, ScenePage
from .scene_process import SceneProcess

LAYOUT = RackLayout()
PATCH = 4  # pixels each side of a cell's middle looked at
SHARE = 0.3  # a cell shows a checker when this part of its patch has the checker's colour
WHITE = 170  # a pixel whose channels are all above this is white (O's mark) or a shine: no colour to count

Key = tuple[str, str]
"""A person's move: the key pressed and the log line it makes (``move 9: X column 0``)."""


@dataclass(frozen=True)
class VariantScene:
    """A game under ``variant`` from ``moves``: X's keys ``before`` the event (its log line ``event``, or none: the
    last of those moves is the event; with
    ``pause`` the AI is paused before the last of them, so it does not answer), then ``after`` it, to ``result``."""

    name: str
    variant: str
    moves: str
    options: tuple[str, ...]
    before: tuple[Key, ...]
    event: str
    after: tuple[Key, ...]
    result: str
    pause: bool = False
    size: tuple[int, int] = (LAYOUT.width, LAYOUT.height)

    def command(self) -> tuple[str, ...]:
        size = ("--size", f"{self.size[0]}x{self.size[1]}")
        return ("--variant", self.variant, "--moves", self.moves, "--tiebreak", "LEFT", *size, *self.options)

    @property
    def layout(self) -> RackLayout:
        return RackLayout(*self.size)


SCENES = {
    scene.name: scene
    for scene in (
        # gravity turns after every 2 moves: after moves 9 and 10 it pulls left, the checkers slide to the left wall
        VariantScene("gravity", "gravity:turn:2", "00215652", ("--o-ply", "1"),
                     (("0", "move 9: X column 0"),), r"^event: gravity left$",
                     (("4", "move 11: X row 4"), ("0", "move 13: X column 0")), "O wins"),
        # X's checker fills the bottom row: it flashes away and the rows above fall; X wins two moves later
        VariantScene("tetris", "tetris", "6222462160221605", ("--o-ply", "1"),
                     (("3", "move 17: X column 3"),), r"^event: row 0 cleared$",
                     (("3", "move 19: X column 3"),), "X wins", pause=True),
        # X flips the rack: the checkers fall to the new floor, and four X in the bottom row win
        VariantScene("flip", "flip", "4536654250", ("--o-ply", "2"),
                     (("f", "move 11: X flip"),), r"^result: X wins$", (), "X wins"),
        # chance (half the time, seed 1) sends X's checker meant for column 3 into column 0
        VariantScene("chance", "chance:0.5", "00261565", ("--o-ply", "1", "--seed", "1"),
                     (("3", "move 9: X column 0"),), r"^event: chance column 3 -> 0$",
                     (("3", "move 11: X column 3"),), "X wins", pause=True),
        # after every 2nd move an X and an O checker change colours (seed 0: the bottom row's 5th and 3rd)
        VariantScene("swap", "swap:2", "63024336623241", ("--o-ply", "1", "--seed", "0"),
                     (("2", "move 15: X column 2"),), r"^event: swap 4,0 2,0$",
                     (("5", "move 17: X column 5"),), "X wins"),
        # gravity pulls down and right: X's checker dropped into column 4 slides down the diagonal to the right wall
        VariantScene("diagonal", "gravity:down-right", "1030", ("--o-ply", "1"),
                     (("4", "move 5: X column 4"),), "",
                     (("2", "move 7: X column 2"),), "X wins", pause=True),
        # the standard game on a 9x7 board: X's four on the bottom row, columns 4 to 7
        VariantScene("9x7", "standard", "4455", ("--o-ply", "1"),
                     (("6", "move 5: X column 6"),), "",
                     (("0", "move 7: X column 0"), ("7", "move 9: X column 7")), "X wins", pause=True, size=(9, 7)),
    )
}  # fmt: skip


@dataclass
class AtTheEvent:
    """A scene at its event: the page, the scene's process, the picture before X's last key."""

    scene: VariantScene
    view: ScenePage
    process: SceneProcess
    before: Image | None = None
    event: str = ""  # the event's log line

    def to_the_end(self) -> str:
        """Play on (the AI resumed) to the result; returns the log's ``result:`` line."""
        if self.event.startswith("result: "):  # the event ended the game
            return self.event
        if self.scene.pause:
            self.view.page.evaluate("() => document.getElementById('c4-pause').click()")
            self.view.wait_log("^resumed$")
        for key in self.scene.after:
            press_move(self.view, *key)
        return self.view.wait_log("^result: ", MOVE_TIMEOUT)


@contextlib.contextmanager
def at_the_event(context: Any, scene: VariantScene) -> Iterator[AtTheEvent]:
    """The scene open at its event, the scene waiting for X, the animation over."""
    with SceneProcess.main(*scene.command()) as process:
        there = AtTheEvent(scene, ScenePage.open(context, process), process)
        view = there.view
        for index, key in enumerate(scene.before):
            if index == len(scene.before) - 1:
                if scene.pause:
                    view.page.evaluate("() => document.getElementById('c4-pause').click()")
                    view.wait_log("^paused$")
                there.before = view.canvas_image()
            press_move(view, *key)
        there.event = view.wait_log(scene.event, MOVE_TIMEOUT) if scene.event else scene.before[-1][1]
        view.wait_still()  # the animation over (a row flashing away, then the rows above falling)
        yield there


def press_move(view: ScenePage, key: str, line: str) -> None:
    """Press ``key`` until the scene plays it (a refused key: a checker still falling, the AI thinking)."""
    view.play_line(line, lambda: view.press(key))


GAME_CODE_JS = "() => document.getElementById('c4-moves').dataset.code"


def game_code(view: ScenePage, logged: str | None = None) -> str:
    """The game code the page shows; given the ``logged`` one, once the page shows it too (the page is told a
    frame after the log, later on a busy machine), or after :data:`MOVE_TIMEOUT` whatever it shows."""
    if logged is not None:
        with contextlib.suppress(PlaywrightTimeout):  # the code shown is compared by the caller
            view.page.wait_for_function(f"(code) => ({GAME_CODE_JS})() === code", arg=logged,
                                        timeout=MOVE_TIMEOUT * 1000)  # fmt: skip
    return view.page.evaluate(GAME_CODE_JS)


def board_of(scene: VariantScene, code: str) -> RulesBoard:
    board = RulesBoard(*scene.size, variant=scene.variant)
    board.set_board(code)
    return board


def is_orange(rgb: tuple[int, int, int]) -> bool:
    """X's checkers (the floor is browner, darker)."""
    r, g, b = rgb
    return r > 150 and 50 < g < 210 and b < 60 and r - g > 40


def is_blue(rgb: tuple[int, int, int]) -> bool:
    """O's checkers (the sky behind the rack is much lighter, the arrow purple)."""
    r, g, b = rgb
    return b > 80 and r < 60 and b > g + 40


def is_arrow_purple(rgb: tuple[int, int, int]) -> bool:
    r, g, b = rgb
    return b > 100 and g < 70 and b > r + 25 and r > 50


def cells_seen(view: ScenePage, image: Image, layout: RackLayout = LAYOUT) -> list[list[str]]:
    """What each cell of the rack (``layout``) shows in ``image`` (a screenshot of the canvas): 'X', 'O' or ' ', rows
    top first."""
    box = view.canvas_box()
    cells = [(row, col) for row in range(layout.height) for col in range(layout.width)]
    points = view.project([layout.cell(row, col) for row, col in cells])
    seen = [[EMPTY] * layout.width for _ in range(layout.height)]
    for (row, col), (x, y) in zip(cells, points, strict=True):
        patch = pixels_around(image, round(x - box["x"]), round(y - box["y"]))
        patch = [rgb for rgb in patch if min(rgb) <= WHITE] or patch  # not O's ring, not a checker's shine
        orange = sum(map(is_orange, patch)) / len(patch)
        blue = sum(map(is_blue, patch)) / len(patch)
        if max(orange, blue) >= SHARE:
            seen[row][col] = "X" if orange > blue else "O"
    return seen


def pixels_around(image: Image, x: int, y: int, size: int = PATCH) -> list[tuple[int, int, int]]:
    found = []
    for py in range(max(y - size, 0), min(y + size + 1, image.height)):
        for px in range(max(x - size, 0), min(x + size + 1, image.width)):
            i = 3 * (py * image.width + px)
            found.append((image.rgb[i], image.rgb[i + 1], image.rgb[i + 2]))
    return found


def purple_height(view: ScenePage, image: Image, point: tuple[float, float, float], reach: int = 60) -> int:
    """How many pixels high gravity's arrow is where it passes the world ``point`` (a vertical strip through it)."""
    box = view.canvas_box()
    ((x, y),) = view.project([point])
    column, middle = round(x - box["x"]), round(y - box["y"])
    rows = range(max(middle - reach, 0), min(middle + reach + 1, image.height))
    return sum(1 for row in rows if any(map(is_arrow_purple, pixels_around(image, column, row, 1))))
