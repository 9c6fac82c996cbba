"""``vp-connect4 check player.py``: agreement with the reference, or the first difference, in words.

The command runs for real (``python -m vp_connect4 check``) on the example players of ``examples/``.
"""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
import textwrap
from pathlib import Path

import player_sources
import pytest
from conftest import ROOT

from vp_connect4 import wording
from vp_connect4.player import TIEBREAKS, Player
from vp_connect4.students import positions

pytestmark = pytest.mark.timeout(240)

ENV = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONIOENCODING="utf-8")


def check(*arguments: str, timeout: float = 180) -> tuple[int, str, str]:
    result = subprocess.run(
        [sys.executable, "-m", "vp_connect4", "check", *arguments],
        capture_output=True,
        timeout=timeout,
        env=ENV,
        cwd=ROOT,
        stdin=subprocess.DEVNULL,
    )
    return result.returncode, result.stdout.decode(), result.stderr.decode()


@pytest.mark.slow
def test_the_correct_example_agrees_everywhere() -> None:
    code, out, err = check("examples/player.py")
    assert code == 0, out + err
    count = len(positions.cases())
    assert out.strip() == (
        f"examples/player.py: all {count * 5} checks agree with the reference: {count} positions at plies 0 to 4 "
        f"(opp_ch, score_board, tiebreak_move, scores_for, next_move; {out.split('; ')[1].split(' ')[0]} answers "
        "compared)."
    )
    assert "Traceback" not in err and f"{count * 5}/{count * 5} checks (positions at plies)" in err  # the same count


def test_the_correct_cs111_example_agrees_too() -> None:
    code, out, err = check("examples/cs111_player.py", "--ply", "2")
    assert code == 0, out + err
    assert "checks agree with the reference" in out and "positions at plies 0 to 2" in out


def test_scores_not_turned_around_show_the_first_difference_with_board_ply_and_both_lists() -> None:
    code, out, err = check("examples/wrong_player.py")
    assert code == 1 and "Traceback" not in err
    assert out.splitlines() == [
        "examples/wrong_player.py differs from the reference here (ply 2, the seed text's example):",
        "",
        "b = Board(7, 6)",
        "b.set_board('1211244445')",
        "print(b)",
        "| | | | | | | |",
        "| | | | | | | |",
        "| | | | |X| | |",
        "| |O| | |O| | |",
        "| |X|X| |X| | |",
        "| |X|O| |O|O| |",
        "---------------",
        " 0 1 2 3 4 5 6",
        "",
        "Player('X', 'RIGHT', 2).scores_for(b)",
        "  examples/wrong_player.py: [100.0, 100.0, 100.0, 50.0, 100.0, 100.0, 100.0]",
        "  reference:                [0.0, 0.0, 0.0, 50.0, 0.0, 0.0, 0.0]",
        "Column 0 differs: 100.0 from your file, 0.0 from the reference.",
        "It calls opp_ch, which agrees with the reference when asked on its own on the check's positions: look at "
        "scores_for itself first.",
        "",
        "Every call of this recursion, yours beside the reference's: vp-connect4 think --moves '1211244445' --ply 2 "
        "--side X --tiebreak RIGHT --player examples/wrong_player.py",
    ]
    code, out, _ = check("examples/wrong_player.py", "--lang", "nl")
    assert code == 1
    assert (
        out.splitlines()[0]
        == "examples/wrong_player.py wijkt hier af van de referentie (ply 2, het voorbeeld uit de opgave):"
    )
    assert out.splitlines()[-4] == "Kolom 0 verschilt: 100.0 uit jouw bestand, 0.0 uit de referentie."


def test_a_wrong_tiebreak_shows_the_move_and_the_columns_the_reference_plays(tmp_path: Path) -> None:
    path = tmp_path / "leftist.py"
    path.write_text(
        player_sources.correct("Correct") + "\n\n"
        "class Player(Correct):\n"
        "    def tiebreak_move(self, scores):\n"
        "        return scores.index(max(scores))  # LEFT, whatever the tiebreak\n"
    )
    (tmp_path / "player.py").write_text((ROOT / "examples" / "player.py").read_text())
    code, out, _ = check(str(path), "--ply", "1")
    assert code == 1
    lines = out.splitlines()
    assert lines[0] == (
        f"{path} differs from the reference in tiebreak_move, asked on its own on this position (the seed text's "
        "example):"
    )
    assert lines[-5:] == [
        "scores = [50.0, 50.0, 50.0, 50.0, 50.0, 50.0, 50.0]",
        "Player('X', 'RIGHT', 0).tiebreak_move(scores)",
        f"  {path}: 0",
        f"  {'reference:'.ljust(len(str(path)) + 1)} 6",
        "tiebreak_move(scores) gives the column of the best score: with tiebreak RIGHT the rightmost best column.",
    ]
    assert "next_move" not in out  # the method that holds the mistake is named, not the one that calls it


TOURNEY = """
    class Player(Correct):
        def score_board_for_tourney(self, b):
            if b.wins_for(self.ox):
                return 100.0
            if b.wins_for(self.opp_ch()):
                return 0.0
            return 50.0 + sum(row.count(self.ox) for row in b.data[3:]) - len(b.data[0]) * 0.25

        def scores_for_tourney(self, b):
            scores = [50.0] * b.width
            for col in range(b.width):
                if not b.allows_move(col):
                    scores[col] = -1.0
                elif b.wins_for(self.ox):
                    scores[col] = 100.0
                elif b.wins_for(self.opp_ch()):
                    scores[col] = 0.0
                elif self.ply == 0:
                    scores[col] = self.score_board_for_tourney(b)
                else:
                    b.add_move(col, self.ox)
                    if b.wins_for(self.ox):
                        scores[col] = 100.0
                    elif b.is_full():
                        scores[col] = 50.0
                    else:
                        op = Player(self.opp_ch(), self.tbt, self.ply - 1)
                        scores[col] = 100.0 - max(op.{below}(b))
                    b.del_move(col)
            return {result}
"""


@pytest.mark.parametrize(
    ("below", "result", "agrees"),
    [
        ("scores_for_tourney", "scores", True),  # the evaluation at every horizon
        ("scores_for", "scores", True),  # the seed text's recipe to the letter: scores_for below the top
        ("scores_for_tourney", "scores[::-1]", False),
    ],
)
@pytest.mark.slow
def test_scores_for_tourney_is_held_to_the_seeds_recursion_with_the_students_own_evaluation(
    tmp_path: Path, below: str, result: str, agrees: bool
) -> None:
    (tmp_path / "player.py").write_text((ROOT / "examples" / "player.py").read_text())
    path = tmp_path / "smart.py"
    path.write_text(player_sources.correct("Correct") + textwrap.dedent(TOURNEY.format(below=below, result=result)))
    code, out, _ = check(str(path), "--ply", "2")
    if agrees:
        assert code == 0 and "scores_for, next_move, scores_for_tourney;" in out, out
    else:
        assert code == 1 and "differs from the reference here (ply 0" in out, out
        assert ").scores_for_tourney(b)\n" in out, out


@pytest.mark.slow
@pytest.mark.parametrize("example", ["recursing_player.py", "hanging_player.py"])
def test_a_player_that_recurses_forever_or_loops_fails_in_words_naming_the_file(example: str) -> None:
    code, out, err = check(f"examples/{example}", "--move-time", "3", timeout=60)
    assert code == 1 and "Traceback" not in err
    assert out.startswith(f"examples/{example} failed on this position (ply 0, the empty board):")
    if example == "recursing_player.py":
        assert out.strip().splitlines()[-1] == "RecursionError: maximum recursion depth exceeded"
        assert f'File "examples/{example}", line 15, in look' in out
    else:
        assert out.strip().endswith(
            "gave no answer within 3 s, so its process was stopped (does it loop or recurse forever?)."
        )
    assert "vp_connect4" not in out  # not a line of ours


def test_files_that_do_not_load_have_no_player_or_are_not_there_get_a_clear_message(tmp_path: Path) -> None:
    broken = tmp_path / "broken.py"
    broken.write_text("import numpyy\n")
    code, out, err = check(str(broken))
    assert code == 1 and "Traceback" not in err
    assert out.startswith(f"{broken} could not be loaded: importing it raised an error (its lines below):")
    assert out.strip().endswith("ModuleNotFoundError: No module named 'numpyy'")
    empty = tmp_path / "empty.py"
    empty.write_text("x = 1\n")
    code, out, _ = check(str(empty))
    assert code == 1 and out.strip() == f"{empty} has no class AIPlayer or Player, nor any other class."
    many = tmp_path / "many.py"
    many.write_text("".join(f"class Helper{index}:\n    pass\n" for index in range(250)))  # and no player class
    code, out, _ = check(str(many))
    assert code == 1 and out.strip().startswith(f"{many} has no class AIPlayer or Player;"), out
    code, out, _ = check("examples/nothere.py")
    assert code == 1 and out.strip() == "examples/nothere.py: there is no such file."


def test_the_positions_are_of_every_kind_and_tiebreak_and_the_same_every_time() -> None:
    cases = positions.cases()
    assert cases == positions.cases()
    kinds = {case.kind for case in cases}
    assert kinds == {positions.EMPTY, positions.SEED_TEXT, positions.WON_ALREADY, *positions.WANTED}
    assert all(wording.check_kind(kind) != kind for kind in kinds)  # each kind is said in words
    assert {case.tiebreak for case in cases} == set(TIEBREAKS)
    assert len({(case.moves, case.ox) for case in cases}) == len(cases)
    for case in cases:
        board = case.board()
        scores = [score for score in Player(case.ox, "LEFT", 3).scores_for(board) if score >= 0]
        shallow = [score for score in Player(case.ox, "LEFT", 1).scores_for(board) if score >= 0]
        assert case.is_over == (case.kind == positions.WON_ALREADY)
        if case.kind == positions.WINS_AT_ONCE:
            assert 100.0 in shallow
        if case.kind == positions.SETS_UP_WIN:
            assert 100.0 not in shallow and 100.0 in scores
        if case.kind == positions.LOST:
            assert max(Player(case.ox, "LEFT", 2).scores_for(board)) == 0.0
        if case.kind == positions.ALMOST_FULL:
            assert 1 <= board.width * board.height - board.moves_made <= 4


NONE_UNDER_RIGHT = player_sources.correct("Seed") + '''

class Player(Seed):
    def tiebreak_move(self, scores):
        columns = [col for col, score in enumerate(scores) if score == max(scores)]
        if self.tbt in ("LEFT", "RANDOM"):
            return columns[0]
'''


def test_a_tiebreak_move_of_none_under_right_is_named_in_tiebreak_move(tmp_path) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "none_right.py").write_text(NONE_UNDER_RIGHT)
    code, out, err = check(str(tmp_path / "none_right.py"), "--ply", "1")
    assert code == 1, out + err
    assert out.startswith(f"{tmp_path / 'none_right.py'} differs from the reference in tiebreak_move, asked on its own")
    assert "Player('X', 'RIGHT', 0).tiebreak_move(scores) returned None, which is not a column number" in out


MIN_FOR_MAX = player_sources.correct().replace(
    "100.0 - max(op.scores_for(b))", "100.0 - min(op.scores_for(b))  # the bug"
)


@pytest.mark.slow
@pytest.mark.parametrize("language", ["en", "nl"])
def test_the_suggested_think_command_runs_in_the_language_of_the_check_and_says_the_file_differs(
    tmp_path: Path, language: str
) -> None:
    path = tmp_path / "min_for_max.py"
    path.write_text(MIN_FOR_MAX)
    assert "the bug" in MIN_FOR_MAX
    code, out, _ = check(str(path), "--lang", language)
    command = out.strip().splitlines()[-1].split(": ", 1)[1]  # the last line: "... recursion ...: vp-connect4 think"
    assert code == 1 and command.startswith("vp-connect4 think ") and ("--lang nl" in command) == (language == "nl")
    argv = [sys.executable, "-m", "vp_connect4", *shlex.split(command)[1:]]
    done = subprocess.run(argv, capture_output=True, text=True, timeout=120, env=ENV, cwd=ROOT,
                          stdin=subprocess.DEVNULL)  # fmt: skip
    said = {"en": "differ from the reference", "nl": "wijken af van de referentie"}[language]
    shown = done.stdout.splitlines()
    assert done.returncode == 1 and said in shown[-3], done.stdout + done.stderr  # 1: it differs; the summary
    assert shown[-2] == "" and shown[-1] in out.splitlines() and "scores_for" in shown[-1], shown  # check's diagnosis


NEVER_COUNTED_DOWN = player_sources.correct().replace(
    "op = Player(self.opp_ch(), self.tbt, self.ply - 1)", "op = Player(self.opp_ch(), self.tbt, self.ply)  # the bug"
)


def test_a_recursion_that_never_counts_its_look_ahead_down_is_named_at_once(tmp_path: Path) -> None:
    path = tmp_path / "same_ply.py"
    path.write_text(NEVER_COUNTED_DOWN)
    assert "# the bug" in NEVER_COUNTED_DOWN
    code, out, _ = check(str(path), "--ply", "2")  # the move time, 30 s, is not waited for
    assert code == 1 and "would never end: its scores_for asks the opponent with the same look-ahead" in out, out
    assert "scores[col] = 100.0 - max(op.scores_for(b))" in out  # the line that makes that call
