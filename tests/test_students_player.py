"""A student's player file through the public API (``vp_connect4.students.StudentPlayer``): loaded in a process of
its own, asked on a copy of the board of its own API, its failures in words with its own traceback lines."""

from __future__ import annotations

import os
import pickle
import textwrap
from pathlib import Path

import pytest
from conftest import ROOT

from vp_connect4 import Board, cs111, wording
from vp_connect4.player import Player
from vp_connect4.students import StudentError, StudentPlayer, errors
from vp_connect4.students.files import PlayerFile

pytestmark = pytest.mark.timeout(120)

EXAMPLES = ROOT / "examples"
SEED_EXAMPLE = "1211244445"


def board(moves: str = "") -> Board:
    b = Board(7, 6)
    b.set_board(moves)
    return b


def player_file(tmp_path: Path, body: str, name: str = "student.py") -> str:
    path = tmp_path / name
    path.write_text(textwrap.dedent(body))
    return str(path)


def player_class_file(tmp_path: Path, init: str, next_move: str) -> str:
    """A student's file of one ``class Player``: its ``__init__(self, ox, tbt, ply)`` runs ``init``, its
    ``next_move(self, b)`` runs ``next_move`` (each a block of lines)."""
    return player_file(
        tmp_path,
        "class Player:\n    def __init__(self, ox, tbt, ply):\n"
        + textwrap.indent(textwrap.dedent(init).strip(), " " * 8)
        + "\n    def next_move(self, b):\n"
        + textwrap.indent(textwrap.dedent(next_move).strip(), " " * 8)
        + "\n",
    )


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # a zombie is not alive (waited for by its parent: not here)
    with open(f"/proc/{pid}/stat") as stat:
        return stat.read().split()[2] != "Z"


@pytest.mark.parametrize("ply", [0, 1, 2, 3])
@pytest.mark.parametrize("example", ["player.py", "cs111_player.py"])
def test_the_correct_examples_give_the_references_scores_and_moves(example: str, ply: int) -> None:
    b = board(SEED_EXAMPLE)
    for ox in "XO":
        with StudentPlayer(str(EXAMPLES / example), ox, "LEFT", ply) as student:
            reference = Player(ox, "LEFT", ply)
            assert student.scores_for(b) == reference.scores_for(b)
            assert student.next_move(b) == reference.next_move(b)
    assert b.moves_made == len(SEED_EXAMPLE)  # untouched


def test_each_api_gets_the_seeds_own_board(tmp_path: Path) -> None:
    body = """
        class {name}:
            def __init__(self, {params}):
                pass
            def scores_for(self, b):
                return [float(type(b).__name__ == "Board" and hasattr(b, "{attribute}"))] * b.width
    """
    hanze = player_file(
        tmp_path, body.format(name="Player", params="ox, tbt, ply", attribute="set_board")
    )
    cs = player_file(
        tmp_path,
        body.format(
            name="AIPlayer", params="checker, tiebreak, lookahead", attribute="slots"
        ),
        "cs.py",
    )
    for path, flavour in ((hanze, "hanze"), (cs, "cs111")):
        with StudentPlayer(path, "X", "LEFT", 1) as student:
            assert student.loaded.flavour == flavour
            assert student.scores_for(board("33")) == [1.0] * 7


def test_a_cs111_file_with_both_classes_plays_its_aiplayer_and_another_class_can_be_named() -> None:
    with StudentPlayer(str(EXAMPLES / "cs111_player.py"), "O", "RIGHT", 2) as student:
        assert student.loaded.class_name == "AIPlayer" and student.loaded.flavour == "cs111"
        b = cs111.Board(6, 7)
        b.add_checkers(SEED_EXAMPLE)
        assert student.scores_for(b) == [float(s) for s in cs111.AIPlayer("O", "RIGHT", 2).scores_for(b)]
    with pytest.raises(StudentError) as raised:  # the human Player(checker) takes no tiebreak and ply
        StudentPlayer(f"{EXAMPLES / 'cs111_player.py'}:Player", "O", "RIGHT", 2).next_move(board())
    assert raised.value.kind == errors.RAISED and "TypeError" in raised.value.lines[-1]


def test_nothing_the_student_does_to_its_board_reaches_the_game(tmp_path: Path) -> None:
    next_move = """
        b.data = [["O"] * b.width for _ in range(b.height)]
        b.width = 1
        return 3
    """
    path = player_class_file(tmp_path, "self.ox = ox", next_move)
    b = board(SEED_EXAMPLE)
    before = [row[:] for row in b.data]
    with StudentPlayer(path, "X", "LEFT", 2) as student:
        assert student.next_move(b) == 3
    assert b.data == before and b.width == 7


def test_an_error_is_told_in_words_with_the_students_own_traceback_lines_only() -> None:
    with StudentPlayer(str(EXAMPLES / "raising_player.py"), "X", "LEFT", 1) as student:
        with pytest.raises(StudentError) as raised:
            student.next_move(board())
        error = raised.value
        assert error.kind == errors.RAISED
        said = str(error)
        assert said.startswith(
            f"{EXAMPLES / 'raising_player.py'}: Player('X', 'LEFT', 1).next_move(b) raised an error (the lines of"
        )
        assert 'raising_player.py", line 71, in next_move' in said
        assert error.lines[-1] == "ValueError: 100.0 is not in list"
        assert "vp_connect4" not in "\n".join(error.lines)  # never our frames
        assert student.next_move(board("223344")) == 1  # the same process answers again: X wins there
    restored = pickle.loads(pickle.dumps(error))
    assert str(restored) == said and restored.kind == error.kind


def test_a_recursion_without_end_shows_its_line_once_and_the_error() -> None:
    with (
        StudentPlayer(str(EXAMPLES / "recursing_player.py"), "X", "LEFT", 1) as student,
        pytest.raises(StudentError) as raised,
    ):
        student.scores_for(board())
    lines = raised.value.lines
    assert lines[-1].startswith("RecursionError") and any("Previous line repeated" in line for line in lines)
    assert len(lines) <= 60


def test_a_hang_is_stopped_at_the_time_limit_and_the_next_call_gets_a_fresh_process(tmp_path: Path) -> None:
    path = player_class_file(tmp_path, "self.ply = ply", "while self.ply == 3:\n    pass\nreturn 2")
    with StudentPlayer(path, "X", "LEFT", 3, time_limit=1.0) as student:
        first = student.process.pid
        with pytest.raises(StudentError) as raised:
            student.next_move(board())
        assert raised.value.kind == errors.TIMED_OUT
        assert "gave no answer within 1 s, so its process was stopped" in str(raised.value)
        assert first is not None and not alive(first)
        student.ply = 2
        assert student.next_move(board()) == 2
        second = student.process.pid
        assert second is not None and second != first
    assert not alive(second)  # closed with the player


@pytest.mark.parametrize(
    ("answer", "kind", "words"),
    [
        ("7", errors.ILLEGAL_MOVE, "returned column 7, which cannot be played: column 7 is off the board"),
        ("0", errors.ILLEGAL_MOVE, "returned column 0, which cannot be played: column 0 is full"),
        ("'3'", errors.BAD_ANSWER, "returned '3', which is not a column number (a whole number 0 to 6)"),
        ("True", errors.BAD_ANSWER, "returned True, which is not a column number"),
        ("__import__('os')._exit(3)", errors.ENDED, "ended without an answer (exit code 3)"),
        ("exit()", errors.RAISED, "SystemExit"),
        ("int(input())", errors.RAISED, "EOFError"),
    ],
)
def test_a_move_that_is_no_move_is_refused_with_the_reason(tmp_path: Path, answer: str, kind: str, words: str) -> None:
    # what a student prints goes nowhere, and never into the answers
    path = player_class_file(tmp_path, "pass", f'print("thinking...")\nreturn {answer}')
    with StudentPlayer(path, "X", "LEFT", 1) as student, pytest.raises(StudentError) as raised:
        student.next_move(board("000000"))
    assert raised.value.kind == kind and words in str(raised.value)


def test_files_that_cannot_be_played_are_said_so(tmp_path: Path) -> None:
    broken = player_file(tmp_path, "class Player:\n    def next_move(self, b)\n        return 3\n", "broken.py")
    with pytest.raises(StudentError) as raised:
        StudentPlayer(broken, "X", "LEFT", 1)
    assert raised.value.kind == errors.NOT_LOADED and raised.value.lines[-1].startswith("SyntaxError")
    assert 'broken.py", line 2' in str(raised.value)
    other = player_file(
        tmp_path,
        "class Helper:\n    pass\nclass MyAI:\n    def __init__(self, ox, tbt, ply):\n        pass\n",
        "other.py",
    )
    with pytest.raises(StudentError) as raised:
        StudentPlayer(other, "X", "LEFT", 1)
    assert raised.value.kind == errors.NO_CLASS
    assert str(raised.value) == (
        f"{other} has no class AIPlayer or Player; it has Helper, MyAI. Name the class after the file: "
        f"{other}:ClassName."
    )
    with StudentPlayer(f"{other}:MyAI", "X", "LEFT", 1) as student, pytest.raises(StudentError) as raised:
        student.next_move(board())
    assert raised.value.kind == errors.NO_METHOD and "the class MyAI has no method next_move" in str(raised.value)


def test_the_words_are_dutch_when_dutch_is_spoken() -> None:
    student = StudentPlayer(str(EXAMPLES / "raising_player.py"), "X", "LEFT", 1)
    with student, pytest.raises(StudentError) as raised:
        student.next_move(board())
    wording.use_language("nl")
    assert "gaf een fout (de regels van" in str(raised.value)


def test_a_class_name_after_the_file_is_read_but_a_drive_letter_is_not() -> None:
    assert PlayerFile.parse("a/b.py:MyPlayer").class_name == "MyPlayer"
    assert PlayerFile.parse("a/b.py").class_name is None
    assert PlayerFile.parse("C:/b.py").class_name is None
