"""Think without a browser: the tree shown (what is drawn, folded, picked, played) and the controller's part."""

from __future__ import annotations

import pytest
from test_vp3d_controller import HandRunner, make, settle

from vp_connect4 import wording
from vp_connect4.board import RulesBoard
from vp_connect4.game import AI, HUMAN
from vp_connect4.think.reference import reference_tree
from vp_connect4.think.tree import CALL
from vp_connect4.vp3d.control.intents import Command, MoveSelection, PickNode, PlayColumn, ThinkSpeed
from vp_connect4.vp3d.control.keys import key_intent
from vp_connect4.vp3d.control.think.part import SPEEDS
from vp_connect4.vp3d.control.think.shown import (
    DONE,
    FULL_DEPTH,
    RUNNING,
    WAITING,
    TreeShown,
    play_order,
    rows_after,
    who_moved,
)
from vp_connect4.vp3d.texts.log_lines import scores_text
from vp_connect4.vp3d.worker.jobs import AiRequest

MID_GAME = "33224"  # five checkers: O to move


def tree_of(moves: str, ox: str, ply: int, width: int = 7):
    board = RulesBoard(width, 6)
    board.set_board(moves)
    return reference_tree(board, ox, ply, "LEFT", moves)


def sight(shown: TreeShown, line: tuple[int, ...]) -> PickNode:
    """A click straight at the item of ``line``, the camera in front of it."""
    x, y, z = shown.position(line)
    return PickNode((x, y, z + 0.01), (0.0, -0.2, -1.0))


# -- the tree shown ----------------------------------------------------------------------------


def test_the_whole_tree_is_drawn_to_ply_3_and_deeper_calls_are_folded_until_opened() -> None:
    for ply in (1, 2, 3):
        shown = TreeShown(tree_of(MID_GAME, "O", ply), "O")
        items = shown.items()
        assert sum(1 for item in items if item.kind == CALL) == shown.calls  # every call drawn
        assert not any(item.folded for item in items)
    shown = TreeShown(tree_of(MID_GAME, "O", 4), "O")
    items = shown.items()
    assert max(len(item.line) for item in items) == FULL_DEPTH
    folded = [item for item in items if item.folded]
    assert folded and all(len(item.line) == FULL_DEPTH for item in folded)
    assert sum(1 for item in items if item.kind == CALL) + sum(item.folded for item in items) == shown.calls
    line = folded[0].line
    assert shown.open(line) and not shown.open(line)
    opened = shown.items()
    assert len(opened) > len(items) and any(item.line[:-1] == line for item in opened)


def test_items_stand_apart_and_a_click_picks_the_one_it_points_at() -> None:
    shown = TreeShown(tree_of(MID_GAME, "O", 3), "O")
    items = shown.items()
    points = {shown.position(item.line) for item in items}
    assert len(points) == len(items)  # no two on one spot
    for item in items[:: max(len(items) // 40, 1)]:
        assert shown.pick(sight(shown, item.line).pos, sight(shown, item.line).ray) == item.line
    assert shown.pick((1e6, 0.0, 0.0), (0.0, 0.0, -1.0)) is None


def test_the_calls_play_depth_first_and_fill_their_parents_list() -> None:
    tree = tree_of(MID_GAME, "O", 2)
    events = play_order(tree.root)
    assert events[0] == ("start", ()) and events[-1] == ("return", ())
    starts = [line for kind, line in events if kind == "start"]
    assert starts == [node.line for node in tree.root.walk()]  # the order the code makes the calls
    shown = TreeShown(tree, "O")
    assert shown.state((0,)) == DONE  # before Step or Play every score is shown
    shown.play_to(1)
    assert shown.state(()) == RUNNING and shown.state((0,)) == WAITING
    shown.play_to(2)
    assert shown.state((0,)) == RUNNING
    shown.play_to(len(events))
    assert shown.finished and all(shown.state(item.line) == DONE for item in shown.items())
    shown.play_to(1)  # back
    assert shown.state((0,)) == WAITING


def test_lines_in_words_and_positions_after_a_move() -> None:
    assert who_moved("O", (3, 4, 3)) == [("O", 3), ("X", 4), ("O", 3)]
    assert wording.think_moves(who_moved("X", (3, 4, 3))) == "X 3, O 4, X 3"
    assert wording.think_moves([]) == "the position on the rack"
    rows = ("   ", "X  ")
    assert rows_after(rows, 0, "O") == ("O  ", "X  ")
    assert rows_after(rows, 1, "O") == ("   ", "XO ")


def test_the_worker_builds_the_seats_tree() -> None:
    from vp_connect4.game import Seat

    tree = AiRequest(7, 6, MID_GAME, "O", Seat(AI, 3), "LEFT").think()
    board = RulesBoard(7, 6)
    board.set_board(MID_GAME)
    from vp_connect4.player import Player

    assert list(tree.root.scores) == [float(s) for s in Player("O", "LEFT", 3).scores_for(board)]


# -- the controller's part ------------------------------------------------------------------------


def test_think_draws_the_side_to_moves_tree_and_esc_goes_back_as_it_was() -> None:
    controller, view, runner, log, clock = make(x=HUMAN, o=HUMAN, o_ply=3, start_moves=MID_GAME)
    assert key_intent("t") == Command.THINK
    controller.handle(Command.THINK)
    assert view.think and runner.jobs[-1][0] == "think"
    settle(controller, clock, 1)
    tree = tree_of(MID_GAME, "O", 3)
    calls = sum(1 for _ in tree.root.walk())
    assert log[0] == f"think: O ply 3, {calls} calls"
    assert log[1].startswith(f"think ready: {calls} calls drawn") and log[1].endswith(", 0 folded")
    assert view.tree is not None and view.status.startswith("O (blue) looks 3 moves ahead")
    view.calls.clear()
    controller.handle(PlayColumn(3))  # input that plays goes back to the game; nothing is played
    assert log[-1] == "think closed" and view.tree is None and not view.think
    assert controller.game.move_string == MID_GAME and ("redraw", MID_GAME) in view.calls  # the game's rack again


def test_a_click_shows_a_node_and_opens_a_folded_one() -> None:
    controller, view, _runner, log, clock = make(x=HUMAN, o=HUMAN, o_ply=4, start_moves=MID_GAME)
    controller.handle(Command.THINK)
    settle(controller, clock, 1)
    shown = view.tree
    folded = next(item for item in shown.items() if item.folded)
    controller.handle(sight(shown, folded.line))
    words = ", ".join(f"{ox} {col}" for ox, col in who_moved("O", folded.line))
    assert log[-1] == "think: node " + " ".join(map(str, folded.line))
    assert view.status.startswith(words + ": ") and "folded" in view.status
    controller.handle(sight(shown, folded.line))  # again: it opens
    assert log[-1].startswith("think opened " + " ".join(map(str, folded.line)) + ":")
    assert any(item.line[:-1] == folded.line for item in view.tree.items())
    controller.handle(Command.LEAVE_ANALYSIS)
    assert log[-1] == "think closed"


def test_step_and_play_reach_the_roots_list_driven_by_the_loop() -> None:
    controller, view, _runner, log, clock = make(x=HUMAN, o=HUMAN, o_ply=2, start_moves=MID_GAME)
    controller.handle(Command.THINK)
    settle(controller, clock, 1)
    shown = view.tree
    controller.handle(Command.THINK_STEP)
    assert shown.step == 1 and "scores_for is called" in view.status
    controller.handle(MoveSelection(1))
    assert shown.step == 2
    controller.handle(ThinkSpeed(len(SPEEDS) - 1))
    controller.handle(Command.THINK_PLAY)
    assert view.think_playing
    settle(controller, clock, 5, 0.5)
    assert shown.finished and not view.think_playing
    root = shown.tree.root
    assert log[-1] == "think: returned " + scores_text(root.scores)
    assert "scores_for returns" in view.status


def test_think_refuses_a_perfect_level_and_the_rule_variants() -> None:
    controller, view, _runner, log, _clock = make(x=AI, o=HUMAN, x_ply="perfect")
    controller.handle(Command.THINK)
    assert not view.__dict__.get("think") and log[-1].startswith("ignored: a perfect player's moves")


def test_the_game_waits_while_the_tree_is_shown() -> None:
    runner = HandRunner()
    controller, _view, runner, log, clock = make(x=HUMAN, o=AI, runner=runner, start_moves="3")
    controller.handle(Command.THINK)
    assert runner.jobs[-1][0] == "think"
    runner.finish(len(runner.pending) - 1)
    settle(controller, clock, 3)
    assert controller.game.move_string == "3" and not any(job[0] == "best_column" for job in runner.jobs)
    controller.handle(Command.THINK)  # again: back
    assert log[-1] == "think closed"


def test_a_player_files_tree_is_its_own_calls_and_opens_at_the_first_that_differs() -> None:
    from conftest import ROOT
    from test_vp3d_controller import COLUMNS_LINE, Clock, FakeView, SyncRunner

    from vp_connect4.game import Game, Seat
    from vp_connect4.vp3d.control.controller import Controller

    seats = {"X": Seat(AI, 2, source=str(ROOT / "examples" / "wrong_player.py")), "O": Seat(HUMAN, 2)}
    game = Game(seats=seats, start_moves="1211244445", tiebreak="RIGHT")
    view, runner, log, clock = FakeView(), SyncRunner(), [], Clock()
    controller = Controller(game, view, runner, log=log.append, clock=clock)
    controller.start()
    assert log.pop(0) == COLUMNS_LINE
    controller.handle(Command.THINK)
    settle(controller, clock, 1)
    think_lines = [line for line in log if line.startswith("think")]
    assert think_lines[0] == "think: X ply 2, 51 calls"
    assert "think differs: 1 calls, first -" in think_lines, log  # wrong_player.py: only the top call differs
    shown = view.tree
    assert shown is not None and shown.selected == () and shown.tree.root.differs
    assert [node.line for node in shown.tree.nodes() if node.differs] == [()]
    assert "differ from the reference" in view.status


def test_a_tree_too_large_to_draw_is_refused_in_words_with_its_size(monkeypatch: object) -> None:
    import pytest

    from vp_connect4.think.tree import TreeTooLarge, count
    from vp_connect4.vp3d.worker import think

    board = RulesBoard()
    board.set_board(MID_GAME)
    with pytest.raises(TreeTooLarge):
        reference_tree(board, "O", 3, "LEFT", MID_GAME, limit=300)  # 304 calls
    assert sum(1 for _ in reference_tree(board, "O", 3, "LEFT", limit=304).root.walk()) == 304
    monkeypatch.setattr(think, "MAX_DRAWN_CALLS", 300)  # type: ignore[attr-defined]
    controller, view, _runner, log, clock = make(x=HUMAN, o=HUMAN, o_ply=3, start_moves=MID_GAME)
    controller.handle(Command.THINK)
    settle(controller, clock, 1)
    assert view.cues[-1] == wording.capitalised(wording.think_too_large("O", 3, 300, count(3), 2))
    assert f"more than 300 calls (up to {count(3)})" in view.cues[-1] and log[-1] == "think closed"
    assert view.tree is None and not view.think


HANZE_OPP_CH = (
    "Its scores_for(b) calls opp_ch, which is wrong when asked on its own: Player('X', 'LEFT', 0).opp_ch() returned "
    "'X', not 'O'. Look at opp_ch first."
)  # check's sentence for this file's scores_for (tests/test_students_diagnosis.py)
CS111_MIN_FOR_MAX = (
    "It calls opponent_checker, which agrees with the reference when asked on its own on the check's positions: look "
    "at scores_for itself first."
)


def think_on(path: object, moves: str, tiebreak: str, ply: int) -> object:
    """The fake view after Think on X's tree, X played by the player file ``path``."""
    from test_vp3d_controller import Clock, FakeView, SyncRunner

    from vp_connect4.game import Game, Seat
    from vp_connect4.vp3d.control.controller import Controller

    seats = {"X": Seat(AI, ply, source=str(path)), "O": Seat(HUMAN, 2)}
    view, clock = FakeView(), Clock()
    controller = Controller(Game(seats=seats, start_moves=moves, tiebreak=tiebreak), view, SyncRunner(),
                            log=lambda line: None, clock=clock)  # fmt: skip
    controller.start()
    controller.handle(Command.THINK)
    settle(controller, clock, 1)
    return view


def test_think_on_a_player_file_says_checks_diagnosis_in_the_status_line(tmp_path: object) -> None:
    import pickle

    from player_sources import planted

    from vp_connect4.students.diagnosis.here import Here
    from vp_connect4.vp3d.view import markup

    wanted = [("its own checker", "hanze", "1211244445", "RIGHT", 2, HANZE_OPP_CH),
              ("min for max", "cs111", "55221626230216", "RANDOM", 1, CS111_MIN_FOR_MAX)]  # fmt: skip
    for bug, flavour, moves, tiebreak, ply, sentence in wanted:
        path = tmp_path / f"{flavour}.py"  # type: ignore[operator]
        path.write_text(planted(bug, flavour)[0])
        view = think_on(path, moves, tiebreak, ply)
        tree = view.tree.tree  # type: ignore[attr-defined]
        assert isinstance(tree.diagnosis, Here) and tree.root.differs, view.status  # type: ignore[attr-defined]
        status = view.status  # type: ignore[attr-defined]
        assert "differ from the reference" in status and status.endswith(" " + sentence), status
        assert sentence in markup.status(status)  # the page shows it escaped (no markup in these words)
        assert pickle.loads(pickle.dumps(tree)).diagnosis == tree.diagnosis  # as the AI worker sends it
    path.write_text(planted("min for max", "cs111")[0].replace("min(opponent", "max(opponent"))  # the bug fixed
    view = think_on(path, "55221626230216", "RANDOM", 1)
    assert view.tree.tree.diagnosis is None and "look at" not in view.status.lower()  # type: ignore[attr-defined]


def test_think_says_the_diagnosis_of_the_first_call_that_differs_where_the_top_call_agrees(tmp_path: object) -> None:
    from player_sources import planted

    path = tmp_path / "hanze.py"  # type: ignore[operator]
    path.write_text(planted("a full column scored 0", "hanze")[0])
    view = think_on(path, "1111", "LEFT", 2)  # X at ply 2: column 1 is full two calls down, after X 1, O 1
    tree = view.tree.tree  # type: ignore[attr-defined]
    assert not tree.root.differs and tree.diagnosis.line == tree.first_difference().line == (1, 1)
    lead = "The call at the top agrees with the reference; asked at the first call that differs (X, ply 0), check says:"
    sentence = ("It calls opp_ch, which agrees with the reference when asked on its own on the check's positions: "
                "look at scores_for itself first.")  # fmt: skip
    assert view.status.endswith(f" {lead} {sentence}"), view.status  # type: ignore[attr-defined]



NEVER_ENDS = {  # each course's file with the look-ahead never counted down: its class, its name of it, its line
    "hanze": ("Player", "ply", "mine.py, line 69: scores[col] = 100.0 - max(op.scores_for(b))"),
    "cs111": ("AIPlayer", "lookahead", "mine.py, line 79: scores[col] = 100 - max(opponent.scores_for(board))"),
}


@pytest.mark.slow
def test_a_recursion_never_counted_down_is_said_in_the_courses_names_with_the_line_that_fails(tmp_path: object) -> None:
    """Think's status line for the look-ahead never counted down: the call that did not return named (the view opens
    on it) as terminal think names it, check's sentence with the file's name of the look-ahead (Hanze: ply, CS111:
    lookahead) and the file's line that makes the call, not its traceback."""
    import os
    import subprocess
    import sys

    from conftest import ROOT
    from player_sources import planted

    lead = "2 of this file's calls differ from the reference's (ringed in red); the call that did not return: X 0: "
    failed = "2 of the 2 calls differ from the reference (marked *); the call that did not return: the call after X 0."
    for flavour, (class_name, named, line) in NEVER_ENDS.items():
        folder = tmp_path / flavour  # type: ignore[operator]
        folder.mkdir()
        (folder / "mine.py").write_text(planted("look-ahead never counted down", flavour)[0])
        view = think_on(folder / "mine.py", "1211244445", "LEFT", 2)
        status = view.status.replace(f"{folder}{os.sep}", "")  # type: ignore[attr-defined]
        assert view.tree.selected == (0,), status  # type: ignore[attr-defined]  # the call after X 0: stopped there
        assert status.startswith(lead + "O looks 2 moves ahead from here; its scores: ?. "), status
        sentence = (f"mine.py: {class_name}('X', 'LEFT', 2).scores_for(b) would never end: its scores_for asks the "
                    f"opponent with the same look-ahead, so {named} is never counted down.")  # fmt: skip
        assert sentence in status and status.endswith(" " + line), status
        assert "^" not in status and "Traceback" not in status and "CS111" not in status, status
        command = [sys.executable, "-m", "vp_connect4", "think", "--moves", "1211244445", "--ply", "2", "--player",
                   "mine.py"]  # fmt: skip
        done = subprocess.run(command, capture_output=True, text=True, timeout=120, cwd=folder,
                              env=dict(os.environ, PYTHONPATH=str(ROOT)), stdin=subprocess.DEVNULL)  # fmt: skip
        assert failed in done.stdout.splitlines(), done.stdout + done.stderr  # the same call, in the same words
        assert sentence in done.stdout and "Traceback" in done.stdout, done.stdout  # the terminal: the traceback


def test_a_student_error_in_a_line_says_the_files_line_and_pythons_last_line() -> None:
    from vp_connect4.students.errors import StudentError

    lines = ("Traceback (most recent call last):", '  File "mine.py", line 12, in scores_for',
             "    return 1 / 0", "           ~~^~~", "ZeroDivisionError: division by zero")  # fmt: skip
    error = StudentError("mine.py: Player('X', 'LEFT', 2).scores_for(b) raised an error:", lines=lines)
    said = [error.summary, "mine.py, line 12: return 1 / 0", "ZeroDivisionError: division by zero"]
    assert error.short_lines() == said and not error.never_counts_down
    assert StudentError("it failed").short_lines() == ["it failed"]
