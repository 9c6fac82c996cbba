"""A reload (F5) resumes the game (issue 9): same checkers, same settings, the log counts on; closing the tab ends it.

VPython cannot re-send a scene to a new page, so a closed tab restarts the program in place (same pid,
same ports, see ``vp_connect4.vp3d.server.restart.keep_serving``); the reloaded page gets a fresh scene of the
same game. No page within a minute (5 s in these tests, ``VP_CONNECT4_RELOAD_GRACE``): the tab was closed, and
the program ends with exit code 0.
"""

from __future__ import annotations

import re
import signal
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from slowness import slowness

from browser.scene_page import CANVAS_JS, READY_TIMEOUT, ScenePage
from browser.scene_process import SceneProcess, descendants, wait_gone
from vp_connect4 import Board, wording
from vp_connect4.engine.exact import solver
from vp_connect4.engine.position import geometry
from vp_connect4.game import AI, Seat
from vp_connect4.levels import Level, exact_on
from vp_connect4.vp3d.texts.rules_menu import menu_sizes
from vp_connect4.vp3d.view.sliders import level_to_slider

RELOAD_WITHIN = 20.0  # seconds from the reload to the scene ready again (2 idle cores, software WebGL; times slowness)
STATUS_JS = "() => document.getElementById('c4-status').textContent"


def is_checker_orange(rgb: tuple[int, int, int]) -> bool:
    r, g, b = rgb
    return r > 150 and 50 < g < 210 and b < 60 and r - g > 40


def test_a_reload_resumes_the_game_and_its_settings_then_closing_the_tab_ends_it(context: Any) -> None:
    with SceneProcess.main("--o-ply", "1", "--tiebreak", "LEFT") as scene:
        view = ScenePage.open(context, scene)
        view.play(1, "X", 3, lambda: view.press("3"))
        o_col = int(view.wait_log(r"^move 2: O column \d$")[-1])
        view.drag_slider("#c4-o-ply", level_to_slider(Level(3)))
        view.wait_log(r"^setting: O ply 3$")
        view.page.click("#c4-keep")  # keep scores shown: a hint for X now, and after the reload
        view.wait_log(r"^hint: X ")
        pid = scene.process.pid

        started = time.monotonic()
        view.page.reload()
        view.wait_log(r"^scene ready$", READY_TIMEOUT)
        view.page.wait_for_function(f"() => {CANVAS_JS} !== undefined", timeout=READY_TIMEOUT * 1000)
        took = time.monotonic() - started
        print(f"reload to scene ready: {took:.1f} s")
        assert took < RELOAD_WITHIN * slowness(), took
        assert scene.process.pid == pid and scene.process.poll() is None, scene.describe()
        assert "resumed: 2 checkers down" in scene.lines, scene.describe()
        assert not any(line.startswith("moves:") for line in scene.lines), scene.describe()

        # the same checkers, your turn as X, the changed level
        yours = wording.human_to_move("X", "column", 7, False, alone=True)
        view.page.wait_for_function(f"() => ({STATUS_JS})().startsWith({yours!r})", timeout=10_000)  # then the hint
        assert view.canvas_image().share(is_checker_orange) > 0, "the orange checker is not shown after the reload"
        assert view.page.is_checked("#c4-keep"), "keep scores shown is ticked again"
        view.wait_log(r"^hint: X ")  # and the scores are shown again
        view.page.wait_for_function(
            "() => document.querySelector('#c4-o-ply').parentElement.textContent.includes('ply 3')", timeout=10_000
        )
        # the game goes on from the same position, counted from the empty board, O at ply 3
        board = Board()
        board.set_board(f"3{o_col}3")
        expected = Seat(AI, 3).player("O", "LEFT").next_move(board)
        view.play(3, "X", 3, lambda: view.press("3"))
        assert view.wait_log(r"^move 4: O column \d$") == f"move 4: O column {expected}"

        family = descendants(pid)
        assert family, "the AI should run in a worker process again"
        closed = time.monotonic()
        view.page.close()
        assert scene.wait_exit() == 0, scene.describe()
        print(f"tab closed to exit: {time.monotonic() - closed:.1f} s")
        assert wait_gone(family) == set()
        moves = [line for line in scene.lines if line.startswith("moves:")]
        assert moves == [f"moves: 3{o_col}3{expected}"], scene.describe()
        assert not re.search(r"Traceback|Error", scene.stderr), scene.stderr


def test_the_size_menu_starts_a_new_game_on_that_board_in_the_page_loaded_again(context: Any) -> None:
    with SceneProcess.main("--o-ply", "1", "--tiebreak", "LEFT") as scene:
        view = ScenePage.open(context, scene)
        view.play(1, "X", 3, lambda: view.press("3"))
        view.wait_log(r"^move 2: O column \d$")
        pid = scene.process.pid
        view.page.select_option("#c4-size", "9x7")
        assert re.fullmatch(r"moves: 3\d", view.wait_log(r"^moves: "))  # the unfinished game's moves, first
        view.wait_log(r"^setting: size 9x7$")
        view.wait_log(r"^new game$")
        view.wait_log(r"^resumed: 0 checkers down$", READY_TIMEOUT)
        view.wait_log(r"^scene ready$", READY_TIMEOUT)
        view.page.wait_for_function(f"() => {CANVAS_JS} !== undefined", timeout=READY_TIMEOUT * 1000)
        assert scene.process.pid == pid and scene.process.poll() is None, scene.describe()
        assert view.page.evaluate("() => document.getElementById('c4-size').selectedOptions[0].textContent") == "9x7"
        view.play(1, "X", 8, lambda: view.press("8"))  # the ninth column: there is one now
        view.wait_log(r"^move 2: O column \d$")
        view.page.reload()  # a reload keeps the size
        view.wait_log(r"^resumed: 2 checkers down$", READY_TIMEOUT)
        view.wait_log(r"^scene ready$", READY_TIMEOUT)
        view.page.wait_for_function(f"() => {CANVAS_JS} !== undefined", timeout=READY_TIMEOUT * 1000)
        assert view.page.evaluate("() => document.getElementById('c4-size').selectedOptions[0].textContent") == "9x7"
        assert not re.search(r"Traceback|Error", scene.stderr), scene.stderr


SIGTERM_CAUGHT = 1 << (signal.SIGTERM - 1)  # its bit in /proc/PID/status's SigCgt


def catches_sigterm(pid: int) -> bool | None:
    """Whether process ``pid`` has a handler for SIGTERM now (None: it is gone)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return None
    caught = next(line.split()[1] for line in status.splitlines() if line.startswith("SigCgt:"))
    return bool(int(caught, 16) & SIGTERM_CAUGHT)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_sigterm_while_the_restarted_program_starts_ends_it_with_143_and_its_moves_once(context: Any) -> None:
    with SceneProcess.main("--o-ply", "1", "--tiebreak", "LEFT") as scene:
        view = ScenePage.open(context, scene)
        view.play(1, "X", 3, lambda: view.press("3"))
        o_col = int(view.wait_log(r"^move 2: O column \d$")[-1])
        pid = scene.process.pid
        assert catches_sigterm(pid)
        view.page.close()  # the program restarts in place: a new program, without its handlers for a moment
        deadline = time.monotonic() + READY_TIMEOUT
        while catches_sigterm(pid):
            assert time.monotonic() < deadline, scene.describe()
        scene.process.send_signal(signal.SIGTERM)  # in that moment, while the new program starts
        assert scene.wait_exit() == 128 + signal.SIGTERM, scene.describe()
        assert [line for line in scene.lines if line.startswith("moves:")] == [f"moves: 3{o_col}"], scene.describe()
        assert "Traceback" not in scene.stderr, scene.stderr


def test_the_perfect_level_plays_on_a_sample_of_the_board_menus_sizes(context: Any) -> None:
    """Issue 40: the smallest board, 7x6, the largest, and the first size of the menu the solver does not take
    (its bitboard passes 64 bits): after X's first move O's perfect level answers, and its slider says what it is
    there (``perfect`` where it plays exactly from the first move, else ``deepest search``)."""
    first_not_taken = next(f"{w}x{h}" for w, h in menu_sizes() if not solver.takes(geometry(w, h)))  # 9x7
    with SceneProcess.main("--o-ply", "perfect", "--tiebreak", "LEFT") as scene:
        view = ScenePage.open(context, scene)
        for size in ["7x6", "4x4", first_not_taken, "10x10"]:
            width, height = map(int, size.split("x"))
            if size != "7x6":
                view.page.select_option("#c4-size", size)
                view.wait_log(rf"^setting: size {size}$")
                view.wait_log(r"^resumed: 0 checkers down$", READY_TIMEOUT)
                view.wait_log(r"^scene ready$", READY_TIMEOUT)
                view.page.wait_for_function(f"() => {CANVAS_JS} !== undefined", timeout=READY_TIMEOUT * 1000)
            col = width // 2
            view.play(1, "X", col, lambda col=col: view.press(str(col)))
            view.wait_log(r"^move 2: O column \d$")
            name = "perfect" if exact_on(Board(width, height)) else "deepest search"
            view.page.wait_for_function(
                f"() => document.querySelector('#c4-o-ply').parentElement.textContent.includes({name!r})",
                timeout=10_000,
            )
        assert not re.search(r"Traceback|Error", scene.stderr), scene.stderr
