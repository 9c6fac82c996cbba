"""Marks only for a file's own work: in the sandbox a student's file finds nothing of this project to use (the
reference Player, the solver, the worker that checks), what it does to its own process cannot make a wrong
method agree, and ``think``'s verdict is check's."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import player_sources
import pytest
from test_students_check import TOURNEY
from test_students_sandbox import needs_the_tool, run

pytestmark = [pytest.mark.timeout(240), needs_the_tool]

BORROWS = "from vp_connect4 import Player  # the reference, as the student's own\n"
SOLVER_IN_A_MOVE = (
    player_sources.correct("Correct")
    + '''

class Player(Correct):
    def next_move(self, b):
        from vp_connect4.engine.exact import perfect  # plays like the reference when checked, perfectly in a game
        return perfect
'''
)
PATCHES_THE_RECURSION = '''
import sys

def _patched(board, ox, ply, horizon, below=None):  # the file's own scores_for_tourney, whatever is asked
    return Player(ox, "LEFT", ply).scores_for_tourney(board)

for _module in list(sys.modules.values()):  # every seed_scores it can find, in our worker or anywhere
    if hasattr(_module, "seed_scores"):
        _module.seed_scores = _patched
'''


@pytest.fixture
def classroom(tmp_path: Path) -> Path:
    """The teacher's folder, with a correct file (alice.py)."""
    (tmp_path / "alice.py").write_text(player_sources.correct())
    return tmp_path


FORGES_ITS_RECORDING = '''
import sys

def _agreeing(player, method, board, seconds, cwd):  # "my method is vp_connect4's own": nothing to hold it to
    return {"ours": True, "calls": []}

for _module in list(sys.modules.values()):
    if hasattr(_module, "record") and hasattr(_module, "TimeIsUp"):
        _module.record = _agreeing
'''


def test_a_file_that_only_calls_the_reference_is_told_it_may_not_and_earns_nothing(classroom: Path) -> None:
    (classroom / "borrows.py").write_text(BORROWS)
    code, out, _ = run("check", "borrows.py", "--ply", "1", "--gradescope", "r.json", cwd=classroom)
    results = json.loads((classroom / "r.json").read_text())
    assert code == 1 and results["score"] == 0, out
    assert all(test["score"] == 0 for test in results["tests"])
    said = "borrows.py imports vp_connect4, this project, which a player file may not use"
    assert said in out and said in results["tests"][0]["output"], out


def test_a_file_that_would_call_the_solver_in_a_game_forfeits_saying_why(classroom: Path) -> None:
    (classroom / "sly.py").write_text(SOLVER_IN_A_MOVE)
    code, out, err = run("tourney", "sly.py", "alice.py", "--ply", "1", "--seed", "1", "--out", "r.csv",
                         cwd=classroom)  # fmt: skip
    assert code == 0 and "sly.py forfeited 2 games" in out, out + err
    assert "sly.py imports vp_connect4, this project, which a player file may not use" in out


def test_patching_what_it_finds_cannot_make_a_wrong_recursion_agree(classroom: Path) -> None:
    wrong = textwrap.dedent(TOURNEY.format(below="scores_for_tourney", result="scores[::-1]"))
    (classroom / "patcher.py").write_text(player_sources.correct("Correct") + wrong + PATCHES_THE_RECURSION)
    code, out, _ = run("check", "patcher.py", "--ply", "2", cwd=classroom)
    assert code == 1 and ").scores_for_tourney(b)\n" in out, out  # held to the recursion run on our side


def test_thinks_verdict_is_checks_even_where_the_file_forges_its_recording(classroom: Path) -> None:
    source = (Path(player_sources.EXAMPLE).parent / "wrong_player.py").read_text() + FORGES_ITS_RECORDING
    (classroom / "forger.py").write_text(source)
    code, out, _ = run("check", "forger.py", "--ply", "2", cwd=classroom)
    assert code == 1 and "differs from the reference" in out, out
    code, out, err = run("think", "--player", "forger.py", "--ply", "2", cwd=classroom)
    assert "agree" not in out.lower() or "differ" in out.lower(), out
    assert "vp_connect4's own Player" not in out and code != 0, out + err
