"""A student's player file in the 3D scene, without a browser: its moves from the AI worker's side, its failures
(the status line, the box, the log, Try again, another player), the X and O menus, the Player file field."""

from __future__ import annotations

import os
import shutil
import time
from collections.abc import Iterator
from pathlib import Path

import hostile_texts
import pytest
from browser.scene_process import descendants, wait_gone
from test_vp3d_controller import COLUMNS_LINE, Clock, FakeView, HandRunner, SyncRunner, settle

from vp_connect4 import Board, Player
from vp_connect4.errors import InvalidSettingError
from vp_connect4.game import AI, HUMAN, Game, Seat
from vp_connect4.levels import Level
from vp_connect4.students.worker.visible import visible
from vp_connect4.vp3d.control.context import SceneState
from vp_connect4.vp3d.control.controller import Controller
from vp_connect4.vp3d.control.intents import AddPlayerFile, ChangeRules, Command, PlayColumn, SetSeat
from vp_connect4.vp3d.server.resume import resumed_game, saved_game
from vp_connect4.vp3d.view.player_panel import seat_choices
from vp_connect4.vp3d.worker import student_moves
from vp_connect4.vp3d.worker.ai import ProcessAiRunner
from vp_connect4.vp3d.worker.jobs import AiRequest
from vp_connect4.vp3d.worker.student_moves import PlayerFileCheck

CORRECT, RAISING, HANGING = "examples/player.py", "examples/raising_player.py", "examples/hanging_player.py"
RAISED_LOG = (
    "error: examples/raising_player.py: Player('O', 'LEFT', 2).next_move(b) raised an error (the lines of "
    "examples/raising_player.py below): ValueError: 100.0 is not in list"
)


@pytest.fixture(autouse=True)
def in_the_project(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Player files are named from the project's folder; the players this process kept (a SyncRunner runs the
    worker's jobs here) end with each test."""
    monkeypatch.chdir(Path(__file__).resolve().parents[1])
    yield
    student_moves.forget_all()


def make(o_source: str | None, o_ply: int = 2, move_time: float = 30.0, runner: SyncRunner | None = None):  # type: ignore[no-untyped-def]
    seats = {"X": Seat(HUMAN), "O": Seat(AI, o_ply, source=o_source)}
    view, log, clock = FakeView(), [], Clock()
    runner = runner or SyncRunner()
    game = Game(seats=seats, tiebreak="LEFT")
    controller = Controller(game, view, runner, log=log.append, clock=clock, move_time=move_time)
    controller.start()
    assert log.pop(0) == COLUMNS_LINE
    return controller, view, runner, log, clock


def reference(moves: str, ply: int) -> int:
    board = Board()
    board.set_board(moves)
    return Player("O", "LEFT", ply).next_move(board)


# -- the worker's side -------------------------------------------------------------------------


def test_a_player_file_seat_plays_the_students_next_move_as_the_seed_player_would() -> None:
    for moves, ply in (("3", 2), ("3322", 3), ("0", 1)):
        request = AiRequest(7, 6, moves, "O", Seat(AI, ply, source=CORRECT), "LEFT")
        assert request.best_column() == reference(moves, ply)


def test_the_worker_keeps_one_process_per_file_and_loads_it_again_when_the_file_changes(tmp_path: Path) -> None:
    mine = tmp_path / "mine.py"
    mine.write_text((Path(CORRECT)).read_text())
    source = str(mine)
    assert PlayerFileCheck(source, 30.0).load() == "Player"
    first = student_moves._kept[source].player.process.pid
    request = AiRequest(7, 6, "3", "O", Seat(AI, 2, source=source), "LEFT")
    assert request.best_column() == reference("3", 2)
    assert student_moves._kept[source].player.process.pid == first  # the same process, the file imported once
    mine.write_text(mine.read_text().replace("def next_move(self, b):", "def next_move(self, b):\n        return 6"))
    os.utime(mine, (time.time() + 5, time.time() + 5))  # edited (a later time, whatever the clock's grain)
    assert request.best_column() == 6
    assert student_moves._kept[source].player.process.pid != first


def test_a_player_file_is_refused_under_a_rule_variant_in_words() -> None:
    request = AiRequest(7, 6, "3", "O", Seat(AI, 2, source=CORRECT), "LEFT", variant="tetris")
    with pytest.raises(InvalidSettingError, match="plays the standard rules only"):
        request.best_column()


def test_the_workers_end_ends_the_students_process_too() -> None:
    runner = ProcessAiRunner()
    try:
        request = AiRequest(7, 6, "3", "O", Seat(AI, 1, source=CORRECT), "LEFT")
        assert runner.submit(request.best_column).result(60) == reference("3", 1)
        assert runner.pid is not None
        family = {runner.pid, *descendants(runner.pid)}
        assert len(family) >= 2  # the worker and the student's process under it
    finally:
        runner.close()
    assert wait_gone(family) == set()


def test_a_seat_takes_a_player_file_only_as_an_ai_at_a_whole_number_of_moves() -> None:
    with pytest.raises(InvalidSettingError, match="plays an AI's seat"):
        Seat(HUMAN, source=CORRECT)
    with pytest.raises(InvalidSettingError, match="not perfect"):
        Seat(AI, "perfect", source=CORRECT)
    assert Seat(AI, 3, source=CORRECT).player("O", "LEFT").ply == 3  # the hints stay our AI's


def test_a_reload_keeps_a_sides_player_file() -> None:
    game = Game(seats={"X": Seat(HUMAN), "O": Seat(AI, 3, source=CORRECT)}, start_moves="", tiebreak="LEFT")
    os.environ["VP_CONNECT4_RESUME"] = saved_game(game, 7, SceneState())
    resumed = resumed_game(Game(), None)
    assert resumed is not None and resumed.game.seats == game.seats


# -- the controller ----------------------------------------------------------------------------


def test_the_student_plays_o_and_the_ply_slider_sets_its_look_ahead() -> None:
    controller, view, _, log, clock = make(CORRECT, o_ply=1)
    assert view.files == [CORRECT]
    controller.handle(PlayColumn(3))
    settle(controller, clock)
    assert log[-1] == f"move 2: O column {reference('3', 1)}"
    controller.handle(SetSeat("O", "level", Level(3)))
    assert log[-1] == "setting: O ply 3"
    controller.handle(PlayColumn(3))
    settle(controller, clock)
    assert log[-1] == f"move 4: O column {reference(controller.game.move_string[:3], 3)}"
    assert view.player_error == ("", [], "", False)


def test_a_raising_next_move_is_shown_with_its_own_lines_and_the_game_waits_for_try_again() -> None:
    controller, view, runner, log, clock = make(RAISING)
    controller.handle(PlayColumn(3))
    settle(controller, clock)
    assert log[-2:] == ["move 1: X column 3", RAISED_LOG]
    assert view.status == "O (blue): raising_player.py failed: see the box at the top left."
    heading, code, advice, retry = view.player_error
    assert heading.startswith("examples/raising_player.py: Player('O', 'LEFT', 2).next_move(b) raised an error")
    assert '  File "examples/raising_player.py", line 71, in next_move' in code
    assert code[-1] == "ValueError: 100.0 is not in list"
    assert "Try again" in advice and retry
    asked = len(runner.jobs)
    settle(controller, clock, 5)
    assert len(runner.jobs) == asked  # it waits: nothing is asked again by itself
    controller.handle(Command.RETRY)
    settle(controller, clock)
    assert len(runner.jobs) == asked + 1 and log[-1] == RAISED_LOG  # asked again (the file loaded again)
    controller.handle(SetSeat("O", "kind", AI))  # another player: our AI moves, the box goes
    settle(controller, clock)
    assert log[-2] == "setting: O player ai" and log[-1].startswith("move 2: O column ")
    assert view.player_error == ("", [], "", False)
    assert not view.status.startswith("O (blue): raising")


def test_undo_after_a_failure_lets_the_person_play_on() -> None:
    controller, view, _, log, clock = make(RAISING)
    controller.handle(PlayColumn(3))
    settle(controller, clock)
    controller.handle(Command.UNDO)
    settle(controller, clock)
    assert log[-1] == "undo: 1 move" and view.player_error[0] == ""
    assert view.status.startswith("Your turn: X")


def test_the_failure_is_said_again_in_dutch() -> None:
    from vp_connect4 import wording
    from vp_connect4.vp3d.control.intents import SetLanguage

    controller, view, _, log, clock = make(RAISING)
    controller.handle(PlayColumn(3))
    settle(controller, clock)
    try:
        controller.handle(SetLanguage("nl"))
        controller.tick()
        assert view.status == "O (blauw): raising_player.py ging mis: zie het vak linksboven."
        assert view.player_error[0].startswith("examples/raising_player.py: Player('O', 'LEFT', 2).next_move(b) ")
        assert "Opnieuw proberen" in view.player_error[2]
        assert log[-1] == "setting: language nl"
    finally:
        wording.use_language("en")


def test_a_hang_is_stopped_at_the_move_time_and_said_so() -> None:
    controller, view, _, log, clock = make(HANGING, move_time=1.0)
    controller.handle(PlayColumn(3))
    settle(controller, clock)
    assert log[-1].startswith("error: examples/hanging_player.py: Player('O', 'LEFT', 2).next_move(b) gave no answer")
    assert "within 1 s" in view.player_error[0] and view.player_error[3]


def test_the_menus_offer_a_player_file_which_plays_at_a_whole_number_of_moves() -> None:
    controller, view, _, log, clock = make(None, o_ply="perfect")
    controller.handle(AddPlayerFile(f"  {CORRECT} "))
    settle(controller, clock, 1)
    assert log[-1] == f"player file: {CORRECT}" and view.files == [CORRECT]
    assert ("clear_player_file_field", None) in view.calls
    controller.handle(SetSeat("O", "kind", CORRECT))
    assert log[-2:] == [f"setting: O player {CORRECT}", "setting: O ply 4"]  # perfect is ours alone
    controller.handle(SetSeat("O", "level", Level.parse("perfect")))
    assert log[-1] == "ignored: a player file looks a whole number of moves ahead, not perfect"
    assert controller.game.seats["O"] == Seat(AI, 4, source=CORRECT)
    controller.handle(SetSeat("X", "kind", CORRECT))  # both sides may play it
    assert controller.game.seats["X"].source == CORRECT and log[-1] == f"setting: X player {CORRECT}"


def test_a_hostile_files_name_and_texts_reach_the_log_the_menus_and_the_box_made_visible(tmp_path: Path) -> None:
    hostile_texts.write(tmp_path, "named.py")
    hostile = str(tmp_path / hostile_texts.FILE_NAME)
    shutil.copy(tmp_path / "named.py", hostile)
    shown = visible(hostile)
    controller, view, _, log, clock = make(None)
    controller.handle(AddPlayerFile(hostile))  # the Player file field: it loads, and joins the menus
    settle(controller, clock, 1)
    assert view.files == [hostile] and log[-1] == f"player file: {shown}"
    assert seat_choices("O", view.files)[-1] == f"O (blue): {shown}"
    controller.handle(SetSeat("O", "kind", hostile))
    assert log[-1] == f"setting: O player {shown}"
    controller.handle(PlayColumn(3))
    settle(controller, clock)
    assert log[-1].startswith(f"error: {shown}: Player\\n\\x1b[32m{hostile_texts.FORGED}")
    heading, code, advice, retry = view.player_error
    assert heading.startswith(f"{shown}: Player\\n\\x1b[32m") and retry
    assert hostile_texts.raw("".join([*log, view.status, *view.cues, heading, *code, advice])) == []
    assert "\n" not in "".join([*log, heading, *code])


@pytest.mark.parametrize(
    ("typed", "refusal"),
    [
        ("robot", "ignored: 'robot' is not a player file: name a Python file ending in .py"),
        ("examples/nothere.py", "ignored: examples/nothere.py: there is no such file."),
    ],
)
def test_the_player_file_field_refuses_what_is_not_a_player_file(typed: str, refusal: str) -> None:
    controller, view, _, log, clock = make(None)
    controller.handle(AddPlayerFile(typed))
    settle(controller, clock, 1)
    assert log[-1] == refusal and view.files == []


def test_the_player_file_field_refuses_a_file_that_does_not_load_with_its_lines(tmp_path: Path) -> None:
    broken = tmp_path / "broken.py"
    broken.write_text("class Player(:\n")
    controller, view, _, log, clock = make(None)
    controller.handle(AddPlayerFile(str(broken)))
    settle(controller, clock, 1)
    assert log[-1].startswith(f"ignored: {broken} could not be loaded") and "SyntaxError" in log[-1]
    assert view.files == [] and view.cues[-1].startswith(f"{broken} could not be loaded")
    heading, code, advice, retry = view.player_error
    assert heading.startswith(str(broken)) and any("SyntaxError" in line for line in code) and not retry
    assert "Player file field" in advice
    controller.handle(PlayColumn(3))  # the game goes on; the box goes with the next move
    settle(controller, clock)
    assert view.player_error[0] == ""


def test_a_player_file_is_refused_under_a_rule_variant_in_the_menu() -> None:
    controller, _, _, log, clock = make(None)
    controller.handle(AddPlayerFile(CORRECT))
    settle(controller, clock, 1)
    controller.handle(ChangeRules(variant="tetris"))
    controller.handle(SetSeat("O", "kind", CORRECT))
    assert log[-1] == "ignored: a player file plays the standard rules only: choose standard rules first"
    assert controller.game.seats["O"].source is None


def test_a_move_of_a_file_that_waits_in_the_worker_is_dropped_when_its_side_becomes_human() -> None:
    runner = HandRunner()
    controller, _, runner, log, clock = make(CORRECT, runner=runner)
    controller.handle(PlayColumn(3))
    settle(controller, clock)
    assert controller.thinking
    controller.handle(SetSeat("O", "kind", HUMAN))
    assert not controller.thinking and log[-1] == f"setting: O player {HUMAN}"


def test_a_file_loading_in_the_player_file_field_does_not_hold_up_the_ais_move() -> None:
    seats = {"X": Seat(AI, 1), "O": Seat(HUMAN)}
    view, log, clock = FakeView(), [], Clock()
    runner, loader = HandRunner(), HandRunner()
    controller = Controller(Game(seats=seats, tiebreak="LEFT"), view, runner, log=log.append, clock=clock,
                            loader=loader)  # fmt: skip
    controller.start()
    settle(controller, clock, 1)
    controller.handle(AddPlayerFile(HANGING))  # it would hang while it loads
    settle(controller, clock, 1)
    assert [name for name, _ in loader.jobs] == ["load"] and [name for name, _ in runner.jobs] == ["best_column"]
    runner.finish()  # the AI's move comes back while the file still loads
    settle(controller, clock)
    assert any(line.startswith("move 1: X column ") for line in log), log


@pytest.mark.timeout(120)
def test_the_scenes_two_workers_a_hanging_load_and_a_move_at_the_same_time(tmp_path: Path) -> None:
    looping = tmp_path / "looping.py"
    looping.write_text("while True:\n    pass\n")
    runner, loader = ProcessAiRunner(), ProcessAiRunner()
    try:
        loading = loader.submit(PlayerFileCheck(str(looping), 30.0).load)
        move = runner.submit(AiRequest(7, 6, "", "X", Seat(AI, 2), "LEFT").best_column)  # the AI's worker: free
        assert isinstance(move.result(timeout=60), int)
        assert not loading.done()  # the file still loads (its 30 s limit), and held nothing up
    finally:
        runner.close()
        loader.close()
