"""Watch a Player think: the recursion tree of ``scores_for``, the reference's and a student's, and ``vp-connect4
think``. Every node of the reference's tree is held to our ``Player`` on that node's position; a student's marks
are held to the same, computed apart from the comparison."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ROOT
from hypothesis import given, settings
from hypothesis import strategies as st

from vp_connect4 import Board, Player
from vp_connect4.students import StudentPlayer
from vp_connect4.think import Tree, count, reference_tree
from vp_connect4.think.tree import CALL, same

pytestmark = pytest.mark.timeout(240)
EXAMPLES = ROOT / "examples"
SEED_EXAMPLE = "1211244445"


def board_of(rows: tuple[str, ...], width: int = 7, height: int = 6) -> Board:
    board = Board(width, height)
    board.data = [list(row) for row in rows]
    return board


def ours(node_rows: tuple[str, ...], ox: str, ply: int, smart: bool, size: tuple[int, int] = (7, 6)) -> list[float]:
    player = Player(ox, "LEFT", ply)
    board = board_of(node_rows, *size)
    return player.scores_for_tourney(board) if smart else player.scores_for(board)


@st.composite
def positions(draw: st.DrawFn) -> tuple[Board, str]:
    width, height = draw(st.sampled_from([(7, 6), (5, 4), (4, 4), (6, 7)]))
    board = Board(width, height)
    moves = ""
    for _ in range(draw(st.integers(0, width * height - 1))):
        open_columns = [col for col in range(width) if board.allows_move(col)]
        col = draw(st.sampled_from(open_columns))
        board.add_move(col, board.to_move())  # may go on past a four: finished games are positions too
        moves += str(col)
    return board, moves


@settings(max_examples=60, deadline=None)
@given(positions(), st.integers(0, 3), st.sampled_from("XO"), st.sampled_from(["LEFT", "RIGHT", "RANDOM"]),
       st.booleans())  # fmt: skip
def test_every_node_of_the_reference_tree_is_our_players_scores_there(
    found: tuple[Board, str], ply: int, ox: str, tiebreak: str, smart: bool
) -> None:
    board, moves = found
    tree = reference_tree(board, ox, ply, tiebreak, moves, smart)
    size = (board.width, board.height)
    expected = Player(ox, tiebreak, ply)
    assert list(tree.root.scores) == (expected.scores_for_tourney(board) if smart else expected.scores_for(board))
    nodes = tree.nodes()
    assert len(nodes) <= count(ply, board.width)
    for node in nodes:
        assert list(node.scores) == ours(node.rows, node.ox, node.ply, smart, size), node.line
        for col, slot in enumerate(node.slots):
            assert (slot.child is not None) == (slot.kind == CALL)
            if slot.child is not None:
                assert slot.child.line == (*node.line, col) and slot.child.ply == node.ply - 1
                assert same(node.scores[col], 100.0 - max(slot.child.scores))


def test_the_seed_example_at_ply_2_and_3() -> None:
    board = Board()
    board.set_board(SEED_EXAMPLE)
    for ply, scores in ((2, [0.0, 0.0, 0.0, 50.0, 0.0, 0.0, 0.0]), (3, [0.0, 0.0, 0.0, 100.0, 0.0, 0.0, 0.0])):
        tree = reference_tree(board, "X", ply, "LEFT", SEED_EXAMPLE)
        assert list(tree.root.scores) == scores and tree.principal()[0] == 3


WRONG_FILES = {
    "full_column.py": (EXAMPLES / "player.py").read_text().replace("scores[col] = -1.0", "scores[col] = 50.0"),
    "no_count_down.py": (EXAMPLES / "player.py").read_text().replace("self.ply - 1", "self.ply"),
}
NEARLY_FULL = ("X      ", "O      ", "X      ", "OX     ", "XO     ", "OXO    ")


def expected_marks(tree: Tree, reference: Tree) -> list[tuple[int, ...]]:
    """The calls whose scores are not our Player's on that call's position, worked out apart from the comparison."""
    marked = []
    for node in tree.nodes():
        theirs = reference.at(node.line)
        right = theirs is not None and node.scores is not None and (node.ox, node.ply) == (theirs.ox, theirs.ply)
        reference_scores = ours(node.rows, node.ox, node.ply, False)
        right = right and len(node.scores) == len(reference_scores)
        right = right and all(same(a, b) for a, b in zip(node.scores, reference_scores, strict=False))
        if not right:
            marked.append(node.line)
    return marked


@pytest.mark.parametrize("name", ["player.py", "wrong_player.py", "full_column.py", "no_count_down.py"])
def test_a_students_marks_are_the_calls_whose_scores_differ(name: str, tmp_path: Path) -> None:
    path = EXAMPLES / name if name in ("player.py", "wrong_player.py") else tmp_path / name
    if not path.exists():
        path.write_text(WRONG_FILES[name])
    board = board_of(NEARLY_FULL) if name == "no_count_down.py" else Board()
    if name != "no_count_down.py":
        board.set_board(SEED_EXAMPLE)
    with StudentPlayer(str(path), "X", "RIGHT", 2, time_limit=20) as player:
        comparison = player.think(board, SEED_EXAMPLE)
    student = comparison.student
    assert student is not None
    marked = [node.line for node in student.nodes() if node.differs]
    assert marked == expected_marks(student, comparison.reference)
    assert (marked == []) == (name == "player.py"), marked
    if marked:
        assert student.first_difference().line == marked[0]


def test_a_raising_file_marks_the_call_that_raised(tmp_path: Path) -> None:
    deep = "        if self.ply == 0 and b.data[-1][6] == 'O':\n            raise ValueError('deep down')\n"
    text = (EXAMPLES / "player.py").read_text().replace(
        "        scores = [50.0] * b.width\n", "        scores = [50.0] * b.width\n" + deep, 1
    )
    (tmp_path / "deep.py").write_text(text)
    board = Board()
    board.set_board(SEED_EXAMPLE)
    with StudentPlayer(str(tmp_path / "deep.py"), "X", "LEFT", 2, time_limit=20) as player:
        student = player.think(board, SEED_EXAMPLE).student
    failed = [node for node in student.nodes() if node.error is not None]
    assert len(failed) == 1 and "ValueError: deep down" in failed[0].error and failed[0].differs
    assert failed[0].ply == 0 and failed[0].rows[-1][6] == "O" and failed[0].line[-1] == 6


def think(*arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "vp_connect4", "think", *arguments], capture_output=True, text=True, timeout=120,
        env=dict(os.environ, PYTHONPATH=str(ROOT), PYTHONIOENCODING="utf-8"), cwd=ROOT, stdin=subprocess.DEVNULL,
    )  # fmt: skip


def test_the_think_command_prints_the_seed_examples_tree() -> None:
    done = think("--moves", SEED_EXAMPLE, "--ply", "2")
    lines = done.stdout.splitlines()
    assert done.returncode == 0 and lines[0] == f"X looks 2 moves ahead on {SEED_EXAMPLE} (scores_for, tiebreak LEFT):"
    assert lines[1] == "  [0.0, 0.0, 0.0, 50.0, 0.0, 0.0, 0.0]"
    assert "next_move plays column 3; the line: X 3, O 0" in done.stdout
    assert done.stdout.strip().endswith("Every one of the 51 calls agrees with the reference.")


def test_the_think_command_marks_a_students_first_difference() -> None:
    done = think("--moves", SEED_EXAMPLE, "--ply", "2", "--player", "examples/wrong_player.py", "--tiebreak", "RIGHT")
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert "* differs from the reference, whose call returns [0.0, 0.0, 0.0, 50.0, 0.0, 0.0, 0.0]" in done.stdout
    assert "1 of the 51 calls differ from the reference (marked *)" in done.stdout


@pytest.mark.parametrize(
    "arguments",
    [["--moves", "19"], ["--ply", "x"], ["--side", "Z"], ["--moves", "333322114", "--3d"], ["--player", "nothing.py"]],
)  # fmt: skip
def test_bad_input_is_one_line_and_exit_code_2(arguments: list[str]) -> None:
    done = think(*arguments)
    assert done.returncode == 2 and done.stdout == "" and len(done.stderr.strip().splitlines()) == 1, done.stderr


def test_a_finished_game_shows_the_seeds_scores_there_in_the_terminal() -> None:
    done = think("--moves", "333322114", "--side", "O")  # X has four: check asks about such positions too
    assert done.returncode == 0 and "[0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]" in done.stdout, done.stdout


def test_think_3d_opens_the_scene_on_the_position_with_think_shown() -> None:
    process = subprocess.Popen(
        [sys.executable, "-m", "vp_connect4", "think", "--moves", SEED_EXAMPLE, "--ply", "2", "--3d", "--no-browser"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=dict(os.environ, PYTHONPATH=str(ROOT)), cwd=ROOT,
        stdin=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        line = process.stdout.readline().decode()  # the scene's first line: where its page is
        assert line.startswith("Open http://127.0.0.1:") and line.strip().endswith("in your browser"), line
    finally:
        process.terminate()
        process.wait(30)


def test_the_worker_and_the_tree_say_the_same_words_where_a_recording_stopped() -> None:
    from vp_connect4.students.worker import kinds
    from vp_connect4.think import tree

    words = (kinds.TIME_IS_UP, kinds.TOO_MANY_CALLS, kinds.NOT_COUNTED_DOWN)
    assert words == (tree.TIME_IS_UP, tree.TOO_MANY_CALLS, tree.NOT_COUNTED_DOWN) == tree.STOPS


def test_a_recursion_that_never_counts_down_is_stopped_at_its_first_call_and_said_so(tmp_path: Path) -> None:
    import player_sources

    path = tmp_path / "same_ply.py"
    path.write_text(player_sources.correct().replace("self.tbt, self.ply - 1)", "self.tbt, self.ply)  # the bug"))
    done = think("--player", str(path), "--ply", "2")
    said = "this call looks as far ahead as the one that made it, so ply is never counted down"  # a Player's name
    assert done.returncode == 1 and said in done.stdout, done.stdout + done.stderr
    assert "2 of the 2 calls differ" in done.stdout  # stopped at its first call below the top, not 40,000 calls on
