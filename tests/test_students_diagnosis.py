"""Planted bugs, written as students write them (the Dutch seed's ``Player`` and CS111's ``AIPlayer``): every report
(``check`` in the terminal, Gradescope's results, JUnit) names the method that holds the bug, never one that is
right, and the ``think`` command it suggests runs, says the file differs and says the report's diagnosis sentence
(issue 37)."""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from conftest import ROOT
from player_sources import BUGS, planted

pytestmark = pytest.mark.timeout(300)

ENV = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONIOENCODING="utf-8")
METHODS = ("opp_ch", "opponent_checker", "score_board", "tiebreak_move", "max_score_column", "scores_for",
           "next_move")  # fmt: skip
CASES = [(bug, flavour) for bug in BUGS for flavour in ("hanze", "cs111") if BUGS[bug][1 + (flavour == "cs111")]]


def blamed(text: str) -> set[str]:
    """The methods a report's sentences point at ('look at M', 'the mistake is in M'), else the one whose own
    answer it shows wrong ('differs from the reference in M, asked on its own')."""
    pointers = ("Look at {} first", "look at {}", "the mistake is in {}", "look at {} itself")
    said = {method for method in METHODS for pointer in pointers if pointer.format(method) in text}
    return said or {method for method in METHODS if f"the reference in {method}, asked on its own" in text}


def run(*arguments: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "vp_connect4", *arguments], capture_output=True, text=True,
                          timeout=240, env=ENV, cwd=cwd, stdin=subprocess.DEVNULL)  # fmt: skip


@pytest.mark.slow
@pytest.mark.parametrize(("bug", "flavour"), CASES)
def test_every_report_names_the_method_that_holds_the_planted_bug(tmp_path: Path, bug: str, flavour: str) -> None:
    text, culprit = planted(bug, flavour)
    (tmp_path / "mine.py").write_text(text)
    done = run("check", "mine.py", "--ply", "2", "--gradescope", "r.json", "--junit", "j.xml", cwd=tmp_path)
    assert done.returncode == 1, done.stdout + done.stderr
    terminal = done.stdout
    if bug == "look-ahead never counted down":  # a failure, said in words of its own, in its course's names
        assert f"its {culprit} asks the opponent with the same look-ahead" in terminal, terminal
        named, other = ("lookahead", "ply") if flavour == "cs111" else ("ply", "lookahead")
        sentence = next(line for line in terminal.splitlines() if "would never end" in line)
        assert f"so {named} is never counted down." in sentence and other not in sentence, sentence
    else:
        assert blamed(terminal) == {culprit}, terminal
    results = json.loads((tmp_path / "r.json").read_text())
    failed = [test for test in results["tests"] if test["status"] == "failed"]
    assert failed, results
    for test in failed:  # each failed test's words point at the culprit, never at a right method
        pointed = blamed(test["output"])
        assert pointed <= {culprit}, (test["name"], test["output"])
        assert pointed or test["name"].startswith(culprit) or "never counted down" in test["output"], test
    cases = ET.parse(tmp_path / "j.xml").getroot().findall("testcase")
    junit = {case.get("name"): case.find("failure").text for case in cases if case.find("failure") is not None}
    assert junit == {test["name"]: test["output"] for test in failed}
    suggested: dict[str, list[str]] = {}  # each think command, with the reports that suggest it
    for report in (terminal, *junit.values()):
        for line in report.splitlines():
            if line.startswith("Every call of this recursion"):
                suggested.setdefault(line.split(": ", 1)[1], []).append(report)
    for command, reports in sorted(suggested.items())[:2]:
        argv = shlex.split(command)
        assert argv[0] == "vp-connect4" and argv[1] == "think"
        shown = run(*argv[1:], cwd=tmp_path)
        assert shown.returncode == 1 and "from the reference" in shown.stdout, shown.stdout + shown.stderr
        assert_think_says_the_diagnosis(reports, shown.stdout, culprit)
        if bug == "look-ahead never counted down":  # the tree's words name the look-ahead as the file does
            assert f"so {named} is never counted down and it would never end" in shown.stdout, shown.stdout
            assert "CS111: " not in shown.stdout, shown.stdout


def diagnosis_sentences(report: str) -> list[str]:
    """The sentences of a report that say which method holds the mistake (or why the file failed)."""
    return [line for line in report.splitlines() if blamed(line) or "would never end" in line]


def assert_think_says_the_diagnosis(reports: list[str], shown: str, culprit: str) -> None:
    """``think`` at the position the ``reports`` suggest says one of those reports' diagnosis sentences word for word
    (that of a scores_for or of a part method: at a next_move report's position think asks its scores_for, whose
    sentence is its own), and points at the method that holds the bug, never at another."""
    assert all(diagnosis_sentences(report) for report in reports), reports
    lines = shown.splitlines()
    exact = [diagnosis_sentences(report) for report in reports if ".next_move(" not in report]
    assert not exact or any(all(sentence in lines for sentence in said) for said in exact), (exact, shown)
    assert blamed(shown) == {culprit} or ("would never end" in shown and not blamed(shown)), shown


def test_a_score_board_that_scores_a_win_50_fails_the_check_in_score_board(tmp_path: Path) -> None:
    text, _ = planted("a win scored 50", "hanze")
    (tmp_path / "mine.py").write_text(text)
    done = run("check", "mine.py", "--ply", "1", cwd=tmp_path)
    assert done.returncode == 1, done.stdout
    lines = done.stdout.splitlines()
    assert lines[0] == "mine.py differs from the reference in score_board, asked on its own on this position (a game "\
                       "already won):"  # fmt: skip
    assert lines[-6:-2] == [
        "Player('X', 'LEFT', 0).score_board(b)",
        "  mine.py:   50.0",
        "  reference: 100.0",
        "score_board(b) gives 100.0 if b is won by the player itself, 0.0 if by its opponent, else 50.0.",
    ]
    command = lines[-1].split(": ", 1)[1]  # think on that position says the same
    assert command.startswith("vp-connect4 think --moves ") and " --ply 0 --side X --tiebreak LEFT " in command
    shown = run(*shlex.split(command)[1:], cwd=tmp_path)
    assert shown.returncode == 1 and "Every one of the 1 calls agrees with the reference." in shown.stdout
    assert shown.stdout.rstrip("\n").endswith("\n".join(lines[:-2]).rstrip("\n")), shown.stdout


def test_next_move_after_wrong_scores_points_at_scores_for_not_the_tiebreak(tmp_path: Path) -> None:
    text, _ = planted("min for max", "hanze")
    (tmp_path / "mine.py").write_text(text)
    done = run("check", "mine.py", "--ply", "2", "--gradescope", "r.json", cwd=tmp_path)
    outputs = {test["name"]: test["output"] for test in json.loads((tmp_path / "r.json").read_text())["tests"]}
    moves = [output for name, output in outputs.items() if name.startswith("next_move") and "All " not in output]
    assert moves and done.returncode == 1
    for output in moves:
        assert "not the reference's scores, so next_move picks among wrong scores." in output, output
        assert "Look at scores_for first." in output and "tiebreak_move" not in output, output


@pytest.mark.slow
@pytest.mark.parametrize("flavour", ["hanze", "cs111"])
def test_think_says_the_diagnosis_of_the_first_call_that_differs_below_a_top_call_that_agrees(
    tmp_path: Path, flavour: str
) -> None:
    """At ply 2 on 11111 a full column scored 0 shows only two calls down (column 1 filled): the top call agrees, so
    think asks the diagnosis at the first call that differs (O at ply 0 after O 0, X 1) and says check's sentence."""
    text, culprit = planted("a full column scored 0", flavour)
    (tmp_path / "mine.py").write_text(text)
    checked = run("check", "mine.py", "--ply", "2", cwd=tmp_path)
    said = diagnosis_sentences(checked.stdout)
    assert checked.returncode == 1 and said and blamed(checked.stdout) == {culprit}, checked.stdout
    shown = run("think", "--moves", "11111", "--ply", "2", "--player", "mine.py", cwd=tmp_path)
    lines = shown.stdout.splitlines()
    assert shown.returncode == 1 and not lines[2].lstrip().startswith("* "), shown.stdout  # the top call agrees
    assert "the first, in the order the code makes them: the call after O 0, X 1." in shown.stdout, shown.stdout
    lead = "The call at the top agrees with the reference; asked at the first call that differs (O, ply 0), check says:"
    assert lines[-1 - len(said)] == lead and lines[-len(said) :] == said, shown.stdout
    assert blamed(shown.stdout) == {culprit}, shown.stdout
