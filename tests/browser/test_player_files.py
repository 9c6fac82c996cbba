"""A student's player file in the 3D scene, in a real browser: ``main.py --o examples/...py`` + headless Chromium.

The student's moves come from its own process under the scene's AI worker; the page's O slider sets its ply; when
its ``next_move`` raises, the page says so (the status line, the box with the file's own lines) and the game goes on.
"""

from __future__ import annotations

import pytest

from browser.scene_page import ScenePage
from vp_connect4 import Board, Player
from vp_connect4.levels import Level
from vp_connect4.vp3d.control.intents import PlayColumn
from vp_connect4.vp3d.control.keys import key_intent
from vp_connect4.vp3d.view.sliders import level_to_slider

STUDENT_TIMEOUT = 60.0  # seconds for a student's move: its process starts and imports the file first
# X's columns, and O's ply from that move on: at ply 2 O blocks X's three on the bottom row, where ply 1 plays 0
X_MOVES = ((0, 1), (1, 2), (2, 2))
BOX_TEXT = "() => document.getElementById('c4-player-error').innerText"
BOX_SHOWN = "() => getComputedStyle(document.getElementById('c4-player-error')).display !== 'none'"
STATUS_TEXT = "() => document.getElementById('c4-status').textContent"


def key_for(col: int) -> str:
    """The key that plays column ``col`` (0-based), whichever digits the page gives the columns."""
    return next(key for key in "0123456789" if key_intent(key) == PlayColumn(col))


def student_answer(board: Board, ply: int) -> int:
    """What the example player (the seed's Player) plays as O at ``ply`` with the tiebreak LEFT."""
    return Player("O", "LEFT", ply).next_move(board)


@pytest.mark.scene("--o", "examples/player.py", "--o-ply", "1", "--tiebreak", "LEFT")
def test_a_students_player_plays_o_at_the_ply_of_the_slider(view: ScenePage) -> None:
    """You (X) against a student's player file as O (examples/player.py) at ply 1, tiebreak LEFT."""
    seat = "() => document.querySelector('#c4-o-player option:checked').textContent"
    view.page.wait_for_function(f"() => ({seat})() === 'O (blue): examples/player.py'", timeout=10_000)
    board = Board()
    ply = 1
    for number, (x_col, o_ply) in enumerate(X_MOVES):
        if o_ply != ply:
            view.drag_slider("#c4-o-ply", level_to_slider(Level(o_ply)))
            view.wait_log(rf"^setting: O ply {o_ply}$")
            ply = o_ply
        view.play(2 * number + 1, "X", x_col, lambda c=x_col: view.press(key_for(c)))
        board.add_move(x_col, "X")
        answer = view.wait_log(rf"^(move {2 * number + 2}: O column \d|error: .*)$", STUDENT_TIMEOUT)
        assert answer == f"move {2 * number + 2}: O column {student_answer(board, ply)}"
        board.add_move(int(answer[-1]), "O")
    assert board.data[-1][3] == "O", "at ply 2 the student's player blocks X's three"
    before = Board()
    before.set_board("00102")
    assert student_answer(before, 1) != 3, "ply 1 would not have blocked: the slider made the difference"
    assert not view.page.evaluate(BOX_SHOWN)


@pytest.mark.scene("--o", "examples/raising_player.py", "--o-ply", "1", "--tiebreak", "LEFT")
def test_a_raising_next_move_is_shown_on_the_page_and_the_game_goes_on(view: ScenePage) -> None:
    """You (X) against a student's player file whose next_move raises (examples/raising_player.py)."""
    view.play(1, "X", 3, lambda: view.press(key_for(3)))
    error = view.wait_log(r"^(move 2|error): ", STUDENT_TIMEOUT)
    assert error.startswith("error: examples/raising_player.py: Player('O', 'LEFT', 1).next_move(b) raised an error")
    assert error.endswith("ValueError: 100.0 is not in list")
    view.page.wait_for_function(BOX_SHOWN, timeout=10_000)
    box = view.page.evaluate(BOX_TEXT)
    assert "examples/raising_player.py" in box and "ValueError: 100.0 is not in list" in box
    assert 'File "examples/raising_player.py", line 71, in next_move' in box
    view.page.wait_for_function(f"() => ({STATUS_TEXT})().includes('raising_player.py failed')", timeout=10_000)

    view.page.click("#c4-retry")  # Try again: asked again (and it fails again)
    assert view.wait_log(r"^(move 2|error): ", STUDENT_TIMEOUT).startswith("error: examples/raising_player.py")

    view.page.select_option("#c4-o-player", label="O (blue): AI")  # another player: the game goes on
    assert view.wait_log(r"^setting: ") == "setting: O player ai"
    view.wait_log(r"^move 2: O column \d$")
    view.page.wait_for_function(f"() => !({BOX_SHOWN})()", timeout=10_000)

    # the Player file field adds the correct example to the menus; O plays it from the next move on
    field = "input[name=c4-player-file]"
    view.page.fill(field, "examples/player.py")
    view.page.press(field, "Enter")
    assert view.wait_log(r"^(player file|ignored): ", STUDENT_TIMEOUT) == "player file: examples/player.py"
    view.page.wait_for_function(
        "() => [...document.querySelectorAll('#c4-o-player option')].some(o => o.textContent.endsWith('player.py'))"
        " && document.querySelector('input[name=c4-player-file]').value === ''",
        timeout=10_000,
    )
    view.page.select_option("#c4-o-player", label="O (blue): examples/player.py")
    assert view.wait_log(r"^setting: ") == "setting: O player examples/player.py"
    moves = view.page.evaluate("() => document.getElementById('c4-moves').dataset.code")
    view.play(3, "X", 4, lambda: view.press(key_for(4)))
    board = Board()
    board.set_board(moves + "4")
    answer = view.wait_log(r"^(move 4|error): ", STUDENT_TIMEOUT)
    assert answer == f"move 4: O column {student_answer(board, 1)}"
