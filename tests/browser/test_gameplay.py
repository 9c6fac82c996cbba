"""The 3D game in a real browser, played as a person would: ``main.py --no-browser`` + headless Chromium.

What each test does is in its name; the game's log (stdout) says what the game made of it.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from browser.conftest import scene_fixture
from browser.scene_page import ScenePage
from browser.scene_process import ROOT, SceneProcess, free_port
from vp_connect4 import Board, Player
from vp_connect4.levels import Level
from vp_connect4.vp3d.view.rack import RackLayout
from vp_connect4.vp3d.view.sliders import level_to_slider

LAYOUT = RackLayout()
MIDDLE_ROW = LAYOUT.height // 2
MY_PLY = 3  # the test's own X plays at this look-ahead: enough to beat ply 1 within a few moves
DUEL_TIMEOUT = 120.0  # seconds for an AI duel to reach its result
MIN_COLOURS = 12  # distinct (quantised) colours in a drawn scene; a blank canvas has 1
MAX_SHARE = 0.8  # no single colour covers more of a drawn scene than this
MIN_RACK_SHARE = 0.05  # the grey rack covers at least this part of the canvas
MIN_TURN_CHANGE = 0.05  # a turned view changes at least this part of the picture
MIN_TURN = 0.05  # how far (change of the unit forward vector) the right-drag must turn the camera
DRAG = (55, 12)  # pixels of the right-drag: about a 13 degree turn (0.004 rad per pixel, see camera.py)
WHEEL = 200  # pixels of mouse-wheel scrolling: zooms in a little
# (X's column, O's answer at ply 2, LEFT): after X's third checker on the bottom row ply 2 blocks at 3,
# where ply 1 would play 0 again (checked by test_the_blocking_line_tells_ply_2_from_ply_1)
BLOCKED_AT_PLY_2 = ((0, 0), (1, 0), (2, 3))


def is_rack_grey(rgb: tuple[int, int, int]) -> bool:
    return max(rgb) - min(rgb) < 16 and 60 < rgb[0] < 230


def is_checker_orange(rgb: tuple[int, int, int]) -> bool:
    r, g, b = rgb
    return r > 150 and 50 < g < 210 and b < 60 and r - g > 40


def outcome_of(board: Board) -> str | None:
    for ox in "XO":
        if board.wins_for(ox):
            return f"{ox} wins"
    return "draw" if board.is_full() else None


vs_ply_1 = scene_fixture(
    "--o-ply", "1", "--tiebreak", "LEFT", doc="You (X) against the AI at ply 1 (O), deterministic tiebreak."
)


def test_the_rack_is_drawn_turns_with_a_right_drag_and_play_goes_on(context: Any, vs_ply_1: SceneProcess) -> None:
    view = ScenePage.open(context, vs_ply_1)
    canvas = view.page.evaluate("() => document.querySelector('canvas') !== null")
    assert canvas
    prevented = view.page.evaluate(
        "() => { const e = new MouseEvent('contextmenu', {bubbles: true, cancelable: true, button: 2});"
        " document.querySelector('canvas').dispatchEvent(e); return e.defaultPrevented; }"
    )
    assert prevented, "the page should stop the context menu (a right-drag rotates the view)"

    before = view.canvas_image()
    colours = before.colours()
    assert len(colours) >= MIN_COLOURS, f"a nearly blank canvas: {colours.most_common(5)}"
    assert colours.most_common(1)[0][1] / (before.width * before.height) < MAX_SHARE
    assert before.share(is_rack_grey) > MIN_RACK_SHARE, "no grey rack in the picture"

    forward = view.camera_forward()
    view.right_drag(*DRAG)
    view.page.wait_for_function(
        "([x, y, z, turn]) => { const cv = glowObjs.find(o => o && o.__renderer && o.camera);"
        " const a = cv.__axis.norm(); return Math.hypot(a.x - x, a.y - y, a.z - z) > turn; }",
        arg=[*forward, MIN_TURN],
        timeout=10_000,
    )
    turned = view.canvas_image()
    assert before.difference(turned) > MIN_TURN_CHANGE, "the picture did not change with the view"

    range_js = "() => glowObjs.find(o => o && o.__renderer && o.camera).__range"
    zoomed_out = view.page.evaluate(range_js)
    view.page.mouse.wheel(0, -WHEEL)  # the mouse is still over the canvas: zoom in
    view.page.wait_for_function(f"() => ({range_js})() < {zoomed_out}", timeout=10_000)

    # play on at the new angle: a click on the first column, then the key of the last
    view.play(1, "X", 0, lambda: view.click_world(LAYOUT.cell(MIDDLE_ROW, 0)))
    view.wait_log(r"^move 2: O column \d$")
    last = LAYOUT.width - 1
    view.play(3, "X", last, lambda: view.press(str(last)))
    view.wait_log(r"^move 4: O column \d$")
    after = view.canvas_image()
    assert after.share(is_checker_orange) > turned.share(is_checker_orange), "X's checkers do not show"


# The number on the rack's base under a column: the 3D text (GlowScript keeps its text in ``__text``) standing at
# that column's label centre.
LABEL_TEXT_JS = """([x, y, z]) => glowObjs
  .filter(o => o && typeof o.__text === 'string' && o.__pos && o.visible !== false)
  .filter(o => Math.abs(o.__pos.x - x) < 0.01 && Math.abs(o.__pos.z - z) < 0.01 && Math.abs(o.__pos.y - y) < 0.5)
  .map(o => o.__text)"""


two_people = scene_fixture("--x", "human", "--o", "human", doc="Two people at one screen: no AI moves.")


def test_the_keys_0_to_6_play_columns_0_to_6_as_their_labels_the_log_and_the_game_code_say(
    context: Any, two_people: SceneProcess
) -> None:
    view = ScenePage.open(context, two_people)
    status = "() => document.getElementById('c4-status').textContent"
    assert view.page.evaluate(status) == "To move: X (orange). Click a column or press 0-6."
    for col in range(LAYOUT.width):  # X 0, O 1, X 2, ... X 6: the bottom row, nobody has four
        label = view.page.evaluate(LABEL_TEXT_JS, list(LAYOUT.label_centre(col)))
        assert label == [str(col)], f"the label under column {col} reads {label}"
        view.play(col + 1, "XO"[col % 2], col, lambda c=col: view.press(str(c)))  # logs move N: X column c
    code = "() => document.getElementById('c4-moves').dataset.code"
    view.page.wait_for_function(f"() => ({code})() === '0123456'", timeout=10_000)


def test_a_game_to_its_end_with_keys_and_clicks_against_ply_1(context: Any, vs_ply_1: SceneProcess) -> None:
    view = ScenePage.open(context, vs_ply_1)
    board = Board()
    me = Player("X", "LEFT", MY_PLY)
    number = 0
    while outcome_of(board) is None:
        col = me.next_move(board)
        number += 1
        if number % 4 == 1:  # X's moves alternate: a key, a click, a key, ...
            view.play(number, "X", col, lambda c=col: view.press(str(c)))
        else:
            view.play(number, "X", col, lambda c=col: view.click_world(LAYOUT.cell(MIDDLE_ROW, c)))
        board.add_move(col, "X")
        if outcome_of(board) is not None:
            break
        number += 1
        answer = view.wait_log(rf"^move {number}: O column (\d)$")
        board.add_move(int(answer[-1]), "O")
    outcome = outcome_of(board)
    assert view.wait_log("^result: ") == f"result: {outcome}"
    moves = view.wait_log("^moves: ").removeprefix("moves: ")
    replay = Board()
    replay.set_board(moves)
    assert str(replay) == str(board)
    assert len(moves) == number
    assert vs_ply_1.process.poll() is None, "the game ended, the scene stays open"

    view.press("3")  # too late: refused with a cue, nothing played
    assert view.wait_log("^(ignored|move)").startswith("ignored: ")
    view.page.wait_for_function("() => document.getElementById('c4-cue').textContent.trim() !== ''", timeout=10_000)


def test_the_blocking_line_tells_ply_2_from_ply_1() -> None:
    board = Board()
    answers: dict[int, list[int]] = {1: [], 2: []}
    for x_col, o_col in BLOCKED_AT_PLY_2:
        board.add_move(x_col, "X")
        for ply, found in answers.items():
            found.append(Player("O", "LEFT", ply).next_move(board))
        board.add_move(o_col, "O")
    assert answers[2] == [o_col for _, o_col in BLOCKED_AT_PLY_2]
    assert answers[1] != answers[2]


def test_the_ply_slider_sets_the_ai_level(context: Any, vs_ply_1: SceneProcess) -> None:
    view = ScenePage.open(context, vs_ply_1)
    # the first drag of a slider counts too; values passed on the way may be logged before the last. Across the
    # slider and back: each drag ends where the mouse let go (a busy machine once pulled the handle back mid-drag)
    for level, logged in ((Level(4), "4"), (Level(None), "perfect"), (Level(0), "0"), (Level(2), "2")):
        view.drag_slider("#c4-o-ply", level_to_slider(level))
        view.wait_log(rf"^setting: O ply {logged}$")
        assert view.page.evaluate("() => $('#c4-o-ply').slider('value')") == level_to_slider(level)
    view.page.wait_for_function(
        "() => document.querySelector('#c4-o-ply').parentElement.textContent.includes('ply 2')", timeout=10_000
    )
    # and O plays at ply 2 from its next move: it blocks X's three on the bottom row, which ply 1 does not see
    for number, (x_col, o_col) in enumerate(BLOCKED_AT_PLY_2):
        view.play(2 * number + 1, "X", x_col, lambda c=x_col: view.press(str(c)))
        assert view.wait_log(rf"^move {2 * number + 2}: O column \d$") == f"move {2 * number + 2}: O column {o_col}"


duel = scene_fixture(
    "--x",
    "ai",
    "--o",
    "ai",
    "--x-ply",
    "2",
    "--o-ply",
    "1",
    "--tiebreak",
    "LEFT",
    doc="An AI duel at two levels: X at ply 2, O at ply 1.",
)


def test_an_ai_duel_plays_itself_to_its_result(context: Any, duel: SceneProcess) -> None:
    view = ScenePage.open(context, duel)
    result = view.wait_log("^result: ", DUEL_TIMEOUT)
    moves = view.wait_log("^moves: ").removeprefix("moves: ")
    logged = [line for line in duel.lines if line.startswith("move ")]
    assert logged == [f"move {n + 1}: {'XO'[n % 2]} column {c}" for n, c in enumerate(moves)]
    board = Board()
    board.set_board(moves)
    assert result == f"result: {outcome_of(board)}"
    picture = view.canvas_image()
    assert picture.share(is_checker_orange) > 0, "X's checkers do not show"


def test_redo_plays_again_what_undo_took_back_by_button_and_key(context: Any, vs_ply_1: SceneProcess) -> None:
    view = ScenePage.open(context, vs_ply_1)
    code = "(id) => document.getElementById(id).dataset.code"
    assert view.page.evaluate("() => document.getElementById('c4-redo').textContent") == "Redo"
    view.press("ArrowRight")  # the first arrow chooses the middle column
    view.play(1, "X", 3, lambda: view.press("Enter"))
    view.wait_log(r"^move 2: O column \d$")
    view.page.wait_for_function(f"() => ({code})('c4-moves').length === 2")
    played = view.page.evaluate(code, "c4-moves")
    view.press("u")
    view.wait_log(r"^undo: 2 moves$")
    view.page.evaluate("() => document.getElementById('c4-redo').click()")
    view.wait_log(r"^redo: 2 moves$")
    view.page.wait_for_function(f"(moves) => ({code})('c4-moves') === moves", arg=played)
    view.press("u")
    view.wait_log(r"^undo: 2 moves$")
    view.press("r")
    view.wait_log(r"^redo: 2 moves$")
    view.press("r")  # nothing left to play again: refused with a cue
    assert view.wait_log(r"^(ignored|redo|move)") == "ignored: nothing to redo"
    view.page.wait_for_function("() => document.getElementById('c4-cue').textContent.includes('Nothing to redo')")
    view.press("ArrowRight")
    view.play(3, "X", 4, lambda: view.press("Enter"))  # the game goes on from the position Redo gave back
    view.wait_log(r"^move 4: O column \d$")


@pytest.fixture
def puzzle() -> Iterator[SceneProcess]:
    """The puzzle scene: X (you) to move and win; O at ply 6, LEFT."""
    port = free_port()
    with SceneProcess([str(ROOT / "scenes" / "puzzle.py"), "--no-browser", "--port", str(port)], port) as scene:
        yield scene


def test_keys_buttons_goal_and_tally_on_the_puzzle_page(context: Any, puzzle: SceneProcess) -> None:
    view = ScenePage.open(context, puzzle)
    text = "(id) => document.getElementById(id).textContent"
    assert "Find the move" in view.page.evaluate(text, "c4-goal")
    assert view.page.evaluate(text, "c4-tally") == "Score: X 0 – O 0, draws 0"
    for _ in range(3):  # the first arrow chooses the middle column (3), then 4, 5
        view.press("ArrowRight")
    view.press("h")
    view.wait_log(r"^hint: X ")
    view.page.wait_for_function("() => document.getElementById('c4-status').textContent.includes('Best for X')")
    for key in ("ArrowRight", " "):  # they play: the page must not scroll with them
        prevented = view.page.evaluate(
            "(key) => { const e = new KeyboardEvent('keydown', {key, bubbles: true, cancelable: true});"
            " document.body.dispatchEvent(e); return e.defaultPrevented; }",
            key,
        )
        assert prevented, f"{key!r} would scroll the page"
    view.play(9, "X", 5, lambda: view.press("Enter"))
    view.wait_log(r"^move 10: O column \d$")
    view.press("u")
    view.wait_log(r"^undo: 2 moves$")
    view.page.evaluate("() => document.getElementById('c4-swap').click()")
    assert view.wait_log(r"^setting: ") == "setting: X player ai"
    view.wait_log(r"^move 9: X column \d$")  # X is the AI now
    view.press("n")
    view.wait_log(r"^new game$")


dutch_vs_ply_1 = scene_fixture(
    "--lang", "nl", "--o-ply", "1", "--tiebreak", "LEFT", doc="You against the AI at ply 1, the page in Dutch."
)


PAGE_TEXTS_JS = """() => ({
  status: document.getElementById('c4-status').textContent,
  newGame: document.getElementById('c4-new').textContent,
  hint: document.getElementById('c4-hint').textContent,
  label: document.getElementById('c4-x-ply-label').textContent,
  value: document.getElementById('c4-o-ply-value').textContent,
  seat: document.querySelector('#c4-o-player option:checked').textContent,
  tally: document.getElementById('c4-tally').textContent,
  language: document.querySelector('#c4-lang option:checked').textContent,
})"""


def test_the_scene_in_dutch_switches_to_english_mid_game(context: Any, dutch_vs_ply_1: SceneProcess) -> None:
    view = ScenePage.open(context, dutch_vs_ply_1)
    view.page.wait_for_function("() => document.getElementById('c4-status').textContent.startsWith('Jij bent')")
    assert view.page.evaluate(PAGE_TEXTS_JS) == {
        "status": "Jij bent aan de beurt: X (oranje). Klik op een kolom of druk op 0-6.",
        "newGame": "Nieuw spel",
        "hint": "Tip",
        "label": "X kijkt vooruit",
        "value": "ply 1 (beginner)",
        "seat": "O (blauw): computer",
        "tally": "Stand: X 0 – O 0, gelijk 0",
        "language": "Nederlands",
    }
    view.play(1, "X", 3, lambda: view.press("3"))
    view.wait_log(r"^move 2: O column 0$")  # ply 1, LEFT: the leftmost of equal columns

    view.page.select_option("#c4-lang", label="English")
    assert view.wait_log(r"^setting: ") == "setting: language en"
    view.page.wait_for_function("() => document.getElementById('c4-status').textContent.startsWith('Your turn')")
    # the menus' choices are selected again a moment later (controls.RESELECT_AFTER)
    seat = "() => document.querySelector('#c4-o-player option:checked').textContent.endsWith('AI')"
    view.page.wait_for_function(seat)
    assert view.page.evaluate(PAGE_TEXTS_JS) == {
        "status": "Your turn: X (orange). Click a column or press 0-6.",
        "newGame": "New game",
        "hint": "Hint",
        "label": "X look-ahead",
        "value": "ply 1 (beginner)",
        "seat": "O (blue): AI",
        "tally": "Score: X 0 – O 0, draws 0",
        "language": "English",
    }
    view.play(3, "X", 4, lambda: view.press("4"))  # the game goes on where it was
    view.wait_log(r"^move 4: O column \d$")
    assert view.page.evaluate("() => document.getElementById('c4-x-player').id") == "c4-x-player"


CODE_JS = "() => document.getElementById('c4-moves').dataset.code"
FIELD = "input[name=c4-load-code]"


def test_the_page_shows_the_game_code_copies_it_and_loads_one(context: Any, vs_ply_1: SceneProcess) -> None:
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    view = ScenePage.open(context, vs_ply_1)
    assert view.page.evaluate(CODE_JS) == ""
    view.play(1, "X", 3, lambda: view.press("3"))
    o_col = int(view.wait_log(r"^move 2: O column \d$")[-1])
    view.page.wait_for_function(f"() => ({CODE_JS})() === '3{o_col}'", timeout=10_000)

    view.page.click("#c4-copy")
    view.page.wait_for_function("() => document.getElementById('c4-copy').textContent === 'Copied'", timeout=10_000)
    assert view.page.evaluate("navigator.clipboard.readText()") == f"3{o_col}"

    view.page.fill(FIELD, "5")  # typing in the field is not playing: the next move comes from the key 6
    view.play(3, "X", 6, lambda: view.press("6"))
    view.wait_log(r"^move 4: O column \d$")

    view.page.fill(FIELD, "2255")
    view.page.press(FIELD, "Enter")
    assert view.wait_log(r"^(loaded|ignored): ") == "loaded: 2255"
    view.page.wait_for_function(f"() => ({CODE_JS})() === '2255'", timeout=10_000)
    assert view.page.input_value(FIELD) == ""
    view.play(5, "X", 0, lambda: view.press("0"))  # the loaded game goes on
    assert view.wait_log(r"^move 6: O column \d$")

    view.page.fill(FIELD, "229")  # a bad code: a cue says why, the game stays
    view.page.click("#c4-load")
    refused = "ignored: move 3 of '229': column 9 is off the board: columns are 0-6"
    assert view.wait_log(r"^(loaded|ignored): ") == refused
    view.page.wait_for_function(
        "() => document.getElementById('c4-cue').textContent.includes('column 9 is off the board')", timeout=10_000
    )
    assert view.page.evaluate(CODE_JS).startswith("22550")
