"""The 3D game's controller in rule variants, without a browser: the fake view and AI runners of
``test_vp3d_controller``. What each test checks is in its name; the log lines are the controller's docstring's."""

from __future__ import annotations

import os
import random
import runpy
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from conftest import ROOT
from test_vp3d_controller import COLUMNS_LINE, Clock, FakeView, HandRunner, SyncRunner, settle

from vp_connect4.board import RulesBoard
from vp_connect4.game import AI, HUMAN, Game, Seat
from vp_connect4.rules import Variant
from vp_connect4.vp3d.control.controller import Controller
from vp_connect4.vp3d.control.intents import (
    ChangeRules,
    Command,
    Hover,
    MoveSelection,
    PlayColumn,
    SetLanguage,
)
from vp_connect4.vp3d.control.keys import key_intent
from vp_connect4.vp3d.texts.hints import best_line
from vp_connect4.vp3d.texts.log_lines import event_line, move_lines
from vp_connect4.vp3d.texts.telling import told
from vp_connect4.vp3d.worker.jobs import AiRequest, solver_outcomes

ROWS_LINE = "log: rows 0-5, counted from the bottom"
FULL_BOTTOM_ROW = (0, 1, 2, 3, 4, 5, 6)  # X and O take turns along the bottom row: tetris clears it


def make_variant(
    variant: str,
    x: str = HUMAN,
    o: str = HUMAN,
    runner: SyncRunner | None = None,
    seed: int = 1,
    ply: int = 2,
    **kwargs: Any,
) -> tuple[Controller, FakeView, SyncRunner, list[str], Clock]:
    game = Game(
        RulesBoard(7, 6, variant=variant),
        seats={"X": Seat(x, ply), "O": Seat(o, ply)},
        tiebreak="LEFT",
        rng=random.Random(seed),
    )
    view, log, clock = FakeView(), [], Clock()
    runner = runner or SyncRunner()
    controller = Controller(game, view, runner, log=log.append, clock=clock, **kwargs)
    controller.start()
    assert log.pop(0) == COLUMNS_LINE
    return controller, view, runner, log, clock


def play(controller: Controller, clock: Clock, *moves: int) -> None:
    for move in moves:
        controller.handle(PlayColumn(move))
        settle(controller, clock, 1)


# -- the log: a line per move and per event ------------------------------------------------------------


def test_tetris_logs_the_cleared_row_and_the_view_gets_the_move_with_its_events() -> None:
    controller, view, _, log, clock = make_variant("tetris")
    play(controller, clock, *FULL_BOTTOM_ROW)
    assert log == [f"move {n + 1}: {'XO'[n % 2]} column {c}" for n, c in enumerate(FULL_BOTTOM_ROW)] + [
        "event: row 0 cleared"
    ]
    move, after = view.played[-1]
    assert [type(event).__name__ for event in move.events] == ["Dropped", "Cleared"]
    assert after == [[" "] * 7 for _ in range(6)]  # the row is gone: what the scene shows when it ends
    assert view.events.startswith("Row 0 is full")  # the page counts rows from 0, as the log and its keys do


def test_gravity_turning_logs_rows_counted_from_the_bottom_and_the_turn() -> None:
    controller, view, _, log, clock = make_variant("gravity:turn:2")
    assert log == [ROWS_LINE]  # said once, at the start: these rules name rows
    play(controller, clock, 3, 3)
    assert log[1:] == ["move 1: X column 3", "move 2: O column 3", "event: gravity left"]
    assert controller.game.board.move_line() == "row"
    assert view.status == "To move: X (orange). Click a row or press 0-5 (0 is the bottom row)."
    play(controller, clock, 0)
    assert log[-1] == "move 3: X row 0"
    assert "Gravity turns: it pulls left now" in told(controller.game.history[1])


def test_a_swap_is_logged_with_both_cells() -> None:
    controller, view, _, log, clock = make_variant("swap:2")
    play(controller, clock, 0, 1)
    assert log == ["move 1: X column 0", "move 2: O column 1", "event: swap 0,0 1,0"]
    assert controller.game.board.data[-1][:2] == ["O", "X"]
    assert view.events == "Swap! The checkers at column 0 row 0 and column 1 row 0 change colours."


def test_chance_logs_the_column_chosen_and_where_the_checker_went() -> None:
    controller, view, _, log, clock = make_variant("chance:0.5", seed=3)
    play(controller, clock, 0)
    assert log == ["move 1: X column 5", "event: chance column 0 -> 5"]
    assert view.events == "Chance! The checker meant for column 0 went into column 5."
    controller.view.busy = True  # while it veers and falls, the status names the column chosen
    controller.tick()
    assert view.status == "X (orange) plays column 0…"


def test_event_lines_of_every_kind() -> None:
    game = Game(RulesBoard(7, 6, variant="gravity:turn:1+tetris"), rng=random.Random(0))
    move = game.play(3)
    assert move_lines(move) == ["move 1: X column 3", "event: gravity left"]
    assert event_line(move.events[0]) == ""  # the landing: the move line tells it


# -- the rules menu -------------------------------------------------------------------------------


def test_the_rules_menu_starts_a_new_game_under_those_rules_after_logging_the_old_one() -> None:
    controller, view, _, log, clock = make_variant("standard")
    play(controller, clock, 3, 4)
    log.clear()
    view.calls.clear()
    controller.handle(ChangeRules(variant="gravity:left"))
    assert log == ["moves: 34", "setting: variant gravity:left", ROWS_LINE, "new game"]
    assert controller.game.board.variant == Variant.parse("gravity:left") and controller.game.history == []
    assert view.calls == [("redraw", "")] and view.moves == ""
    controller.handle(ChangeRules(variant="gravity:left"))  # the same rules: nothing happens
    assert log[-1] == "new game" and len(log) == 4
    controller.handle(ChangeRules(variant="tetris"))
    assert log[-2:] == ["setting: variant tetris", "new game"]  # nothing played: no moves line; rows said once
    controller.handle(ChangeRules(variant="tetris+gravity:sideways"))
    assert log[-1].startswith("ignored: gravity must be one of") and view.cues
    assert controller.game.board.variant == Variant.parse("tetris")


def test_new_game_keeps_the_rules() -> None:
    controller, _view, _, log, clock = make_variant("flip")
    play(controller, clock, 2)
    controller.handle(Command.NEW_GAME)
    assert log[-2:] == ["moves: 2", "new game"] and controller.game.board.variant == Variant.parse("flip")


def test_the_size_menu_starts_a_new_game_on_that_board_and_loads_the_page_again() -> None:
    controller, view, _, log, clock = make_variant("gravity:left", x=HUMAN, o=AI)
    play(controller, clock, 3)
    log.clear()
    controller.handle(ChangeRules(size="7x6"))  # the size played: nothing happens
    assert log == [] and view.reloads == 0
    controller.handle(ChangeRules(size="11x6"))
    assert log[-1].startswith("ignored: a board size is WxH") and view.reloads == 0
    controller.handle(ChangeRules(size="9x7"))
    assert log[-2:] == ["setting: size 9x7", "new game"] and log[-3].startswith("moves: 3")  # X's row 3, O's answer
    board = controller.game.board
    assert (board.width, board.height, board.variant) == (9, 7, Variant.parse("gravity:left"))
    assert controller.game.history == [] and view.reloads == 1
    shown = len(view.calls)
    controller.handle(PlayColumn(3))  # the page is loading again: nothing more happens here
    clock.now += 1.0
    controller.tick()
    assert controller.game.history == [] and len(view.calls) == shown and view.reloads == 1


# -- the flip: a button and a key ------------------------------------------------------------------


def test_the_flip_button_and_key_flip_the_rack_where_flips_are_played() -> None:
    assert key_intent("f") == Command.FLIP and key_intent("F") == Command.FLIP
    controller, view, _, log, clock = make_variant("flip")
    assert view.status == "To move: X (orange). Click a column or press 0-6. Or press f to flip the rack."
    play(controller, clock, 0, 0)
    controller.handle(key_intent("f"))
    assert log[-1] == "move 3: X flip"
    move, after = view.played[-1]
    assert move.line == "flip" and type(move.events[0]).__name__ == "Flipped"
    assert after is not None and after[-1][6] == "O" and after[-2][6] == "X"  # turned over: O at the bottom
    assert view.events == "X flips the rack: every checker falls to the new floor."
    settle(controller, clock, 1)
    controller.handle(Command.FLIP)  # O may: it did not flip it last
    assert log[-1] == "move 4: O flip"
    settle(controller, clock, 1)
    controller.handle(Command.FLIP)
    assert view.cues[-1] == "You flipped the rack last time: drop a checker now"


def test_there_is_no_flip_in_the_standard_game() -> None:
    controller, view, _, log, _clock = make_variant("standard")
    controller.handle(Command.FLIP)
    assert view.cues[-1] == "This game has no flips: choose flip in the Rules menu"
    assert log == ["ignored: this game has no flips: choose flip in the Rules menu"]


def test_a_key_beyond_the_slots_is_never_the_flip() -> None:
    controller, view, *_ = make_variant("flip")
    controller.handle(key_intent("7"))  # the flip's move number, but keys name columns
    assert view.cues[-1] == "There is no column 7" and not controller.game.history


# -- rows when gravity pulls sideways --------------------------------------------------------------


def test_rows_are_picked_by_number_and_keys_beyond_them_are_refused() -> None:
    controller, view, _, log, clock = make_variant("gravity:right", o=AI)
    assert view.status == "Your turn: X (orange). Click a row or press 0-5 (0 is the bottom row)."
    controller.handle(key_intent("6"))
    assert view.cues[-1] == "There is no row 6"
    controller.handle(PlayColumn(None))
    assert view.cues[-1] == "Click on a row of the rack"
    controller.handle(key_intent("\n"))
    assert view.cues[-1].startswith("Choose a row first")
    controller.handle(MoveSelection(1, vertical=True))  # the first arrow selects the middle row
    assert view.ghost == (3, "X")
    for _ in range(5):
        controller.handle(key_intent("down"))
    assert view.ghost == (0, "X")
    controller.handle(key_intent("up"))
    controller.handle(key_intent(" "))
    assert [line for line in log if line.startswith("move")] == ["move 1: X row 1"]
    assert controller.game.board.data[-2][-1] == "X"  # row 1 from the bottom, against the right side
    settle(controller, clock)
    assert log[-1].startswith("move 2: O row ")


def test_when_gravity_pulls_sideways_the_digit_keys_name_rows_from_0_the_bottom_row() -> None:
    controller, view, _, log, clock = make_variant("gravity:left")
    controller.handle(key_intent("0"))
    assert log[-1] == "move 1: X row 0" and view.status == "X (orange) plays row 0…"
    assert controller.game.board.data[-1][0] == "X"  # the bottom row, against the left side
    settle(controller, clock, 1)
    controller.handle(key_intent("5"))
    assert log[-1] == "move 2: O row 5" and controller.game.board.data[0][0] == "O"  # the top row
    settle(controller, clock, 1)
    controller.handle(key_intent("3"))
    assert log[-1] == "move 3: X row 3" and controller.game.board.data[-4][0] == "X"


def test_up_and_down_do_nothing_where_moves_name_columns() -> None:
    controller, view, *_ = make_variant("tetris")
    controller.handle(key_intent("up"))
    assert view.ghost == (None, "X")
    controller.handle(key_intent("left"))
    assert view.ghost == (3, "X")


def test_a_row_hovered_before_gravity_turned_is_no_ghost_once_it_is_off_the_board() -> None:
    controller, view, _, _log, clock = make_variant("gravity:turn:1")
    play(controller, clock, 6)  # gravity turns left: 6 rows
    controller.handle(Hover(6))
    assert view.ghost == (None, "O")
    controller.handle(Hover(5))
    assert view.ghost == (5, "O")


# -- hints ------------------------------------------------------------------------------------------


def test_a_hint_scores_every_move_and_the_flip_last() -> None:
    controller, view, runner, log, clock = make_variant("flip", o=AI)
    play(controller, clock, 3)
    settle(controller, clock)
    controller.handle(Command.HINT)
    settle(controller, clock, 1)
    scores = view.scores
    assert scores is not None and len(scores) == 8  # 7 columns and the flip
    expected = AiRequest(7, 6, controller.game.move_string, "X", Seat(AI, 2), "LEFT", variant="flip").scores()
    assert scores == expected
    assert log[-1] == "hint: X " + " ".join(f"{score:g}" for score in expected)
    assert runner.jobs[-1][1].variant == "flip"


def test_the_hint_line_names_rows_and_the_flip() -> None:
    assert best_line("X", [50, 100, 0], line="row") == "Best for X: row 1 (wins)"
    assert best_line("X", [50, 0, 100], line="column", flip=2) == "Best for X: flip the rack (wins)"
    assert best_line("O", [100, 50, 100], line="row", flip=2) == "Best for O: row 0 or flip the rack (wins)"
    assert best_line("O", [100, 100, 50], line="column", flip=2) == "Best for O: columns 0, 1 (wins)"
    assert best_line("O", [100, 100], line="column") == "Best for O: columns 0, 1 (wins)"


def test_a_perfect_hint_in_sideways_gravity_is_the_solvers_in_gravitys_frame() -> None:
    moves = "3302433232414121"  # gravity left, X to move: row 4 wins at once, anything else loses
    answer = AiRequest(7, 6, moves, "X", Seat(AI, "perfect"), "LEFT", variant="gravity:left").hint()
    assert answer.outcomes == [-2, -2, -2, -2, 1, -2] and answer.scores == [0, 0, 0, 0, 100, 0]
    assert best_line("X", answer.scores, answer.outcomes, "row") == "Best for X: row 4 (wins in 1 move)"
    assert solver_outcomes(RulesBoard(7, 6, variant="tetris"), "X", 1.0) is None  # the solver does not take tetris


# -- undo, new game, an AI duel --------------------------------------------------------------------


def test_undo_in_a_tetris_game_brings_the_cleared_row_back() -> None:
    controller, view, _, log, clock = make_variant("tetris", o=AI, ply=1)
    for col in (0, 2, 4, 6):
        controller.handle(PlayColumn(col))
        settle(controller, clock)
    assert not any(line.startswith("event:") for line in log)
    board = [row[:] for row in controller.game.board.data]
    view.calls.clear()
    controller.handle(Command.UNDO)
    assert log[-1] == "undo: 2 moves" and view.calls == [("redraw", controller.game.move_string)]
    controller.handle(PlayColumn(6))
    settle(controller, clock)
    assert controller.game.board.data == board


def test_an_ai_duel_under_turning_gravity_and_tetris_plays_to_a_result() -> None:
    controller, _view, _, log, clock = make_variant("gravity:turn:3+tetris", x=AI, o=AI, ply=2, duel_pause=0.0)
    for _ in range(200):
        if controller.game.is_over and log[-1].startswith("moves:"):
            break
        settle(controller, clock, 1)
    assert log[-2].startswith("result: ") and log[-1] == f"moves: {controller.game.move_string}"
    assert any(line.startswith("event: gravity ") for line in log)
    assert any(" row " in line for line in log if line.startswith("move "))
    replay = RulesBoard(7, 6, variant="gravity:turn:3+tetris")
    replay.set_board(controller.game.move_string)
    assert replay.data == controller.game.board.data
    moves = [line for line in log if line.startswith("move ")]
    assert len(moves) == len(controller.game.history)


def test_an_ai_duel_with_chance_and_swaps_is_the_same_with_the_same_seed() -> None:
    logs = []
    for _ in range(2):
        controller, _view, _, log, clock = make_variant("chance:0.3+swap:3", x=AI, o=AI, ply=1, seed=7, duel_pause=0)
        for _ in range(200):
            if controller.game.is_over and log[-1].startswith("moves:"):
                break
            settle(controller, clock, 1)
        logs.append(log)
    assert logs[0] == logs[1] and logs[0][-2].startswith("result: ")
    assert any(line.startswith("event: chance ") for line in logs[0])
    assert any(line.startswith("event: swap ") for line in logs[0])


def test_the_ai_may_flip_the_rack() -> None:
    request = AiRequest(7, 6, "0000", "X", Seat(AI, 2), "LEFT", variant="flip")
    scores = request.scores()
    assert len(scores) == 8 and request.best_column() in range(8)


def test_the_events_line_is_said_again_in_another_language_and_cleared_by_undo() -> None:
    controller, view, _, _log, clock = make_variant("swap:1", runner=HandRunner())
    play(controller, clock, 0, 1)
    english = view.events
    controller.handle(SetLanguage("nl"))
    try:
        assert view.events  # said again (in Dutch once it is translated)
    finally:
        controller.handle(SetLanguage("en"))
    assert view.events == english
    controller.handle(Command.UNDO)
    assert view.events == ""


# -- the ready-made scenes ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("scene", "rules", "name"),
    [
        ("tetris", "tetris", "tetris"),
        ("flip", "flip", "flip"),
        ("gravity", "gravity:turn:4", "gravity turns every 4 moves"),
        ("chance", "chance:0.1", "chance 10%"),
        ("swap", "swap:6", "swap every 6 moves"),
    ],
)
def test_each_variant_has_a_scene_of_its_own(
    scene: str, rules: str, name: str, monkeypatch: pytest.MonkeyPatch, capsys: Any
) -> None:
    from vp_connect4.vp3d import app

    games: list[Game] = []
    monkeypatch.setattr(app, "run_scene", lambda game, **options: games.append(game) or 0)
    monkeypatch.setattr(sys, "argv", [f"{scene}.py", "--no-browser", "--seed", "3"])
    monkeypatch.syspath_prepend(str(ROOT / "scenes"))  # as ``python scenes/x.py`` has it: the script's folder first
    with pytest.raises(SystemExit) as ended:
        runpy.run_path(str(ROOT / "scenes" / f"{scene}.py"), run_name="__main__")
    assert ended.value.code == 0
    (game,) = games
    assert str(game.board.variant) == rules and game.seats["O"] == Seat(AI, 4) and not game.seats["X"].is_ai
    assert f"Rules: {name}. You are X (orange)" in capsys.readouterr().out
    assert game.rng.random() == random.Random(3).random()  # --seed: the same chances and swaps every time


def test_a_variant_scene_runs_from_any_folder(tmp_path: Path) -> None:
    """Started from another folder, a scene script still finds the helper the variant scenes share."""
    result = subprocess.run(
        [sys.executable, str(ROOT / "scenes" / "chance.py"), "--lang", "en", "--help"],  # --help: no server
        cwd=tmp_path,
        env=dict(os.environ, PYTHONPATH=str(ROOT)),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert "Rules: chance 10%. You are X (orange)" in " ".join(result.stdout.split())  # argparse wraps its lines
