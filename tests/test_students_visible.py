"""Nothing raw from a student's file reaches a person: control, format (bidirectional) and other invisible characters
of a class's name, a traceback, an error's message, a returned value's repr and a file's name are shown made visible
(``\\x1b``, ``\\u202e``) by check, its JUnit and Gradescope files, the tournament's table and results files, think
and the terminal game. The hostile files: ``hostile_texts``."""

from __future__ import annotations

import csv
import json
import os
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import hostile_texts
import pytest
from conftest import ROOT
from hostile_texts import raw

from vp_connect4.students import answers
from vp_connect4.students.grading import gradescope, junit
from vp_connect4.students.grading.config import Settings
from vp_connect4.students.grading.finding import find_player
from vp_connect4.students.grading.verdicts import unanswered
from vp_connect4.students.worker.visible import visible

pytestmark = pytest.mark.timeout(120)

ENV = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONIOENCODING="utf-8")
EXAMPLES = ROOT / "examples"
ESCAPED = "\\x1b[2J\\x1b[H"  # hostile_texts.CLEAR as it is shown


def vp(*arguments: str, cwd: Path, stdin: bytes = b"") -> tuple[int, str, str]:
    done = subprocess.run(
        [sys.executable, "-m", "vp_connect4", *arguments], input=stdin, capture_output=True, timeout=100, env=ENV,
        cwd=cwd,
    )  # fmt: skip
    return done.returncode, done.stdout.decode(errors="replace"), done.stderr.decode(errors="replace")


def forged_lines(text: str) -> list[str]:
    """The lines of ``text`` that a hostile text made to look like ours: the forged check, the forged table row."""
    lines = (re.sub(r"\x1b\[[0-9;]*m", "", line) for line in text.splitlines())  # as a terminal shows them
    return [line for line in lines if line.startswith((hostile_texts.FORGED, "1  forged.py"))]


# -- the function ------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("\x1b[2J", "\\x1b[2J"),
        ("a\nb\rc\td", "a\\nb\\rc\\td"),
        ("\x00\x07\x7f\x85\x9b", "\\x00\\x07\\x7f\\x85\\x9b"),
        ("\u202egnp.exe\u202c", "\\u202egnp.exe\\u202c"),
        ("\u061c\u200e\u200f\u2066\u2067\u2068\u2069\u202a\u202b\u202d", "\\u061c\\u200e\\u200f\\u2066\\u2067\\u2068"
         "\\u2069\\u202a\\u202b\\u202d"),
        ("\u200b\ufeff\u00ad\U000e0041", "\\u200b\\ufeff\\xad\\U000e0041"),
        ("\ud800\udfff\ufffe\uffff\ufdd0\U0010ffff\u2028\u2029", "\\ud800\\udfff\\ufffe\\uffff\\ufdd0\\U0010ffff"
         "\\u2028\\u2029"),
    ],
)  # fmt: skip
def test_every_control_format_and_unassigned_character_is_written_as_its_escape(text: str, shown: str) -> None:
    assert visible(text) == shown
    assert visible(text, lines=True) == shown.replace("\\n", "\n")


def test_text_to_read_stays_as_it_is_and_a_text_made_visible_stays_the_same() -> None:
    for text in ("player.py", "Spieler_ß.py:Jöö", "Ελληνικά 中文 עברית العربية", "C:\\files\\x1b.py", "a\u00a0b\ue000",
                 "| |X|O|"):  # fmt: skip
        assert visible(text) == text
    assert visible("one\ntwo", lines=True) == "one\ntwo"
    hostile = hostile_texts.MESSAGE + hostile_texts.NOT_XML + hostile_texts.FILE_NAME
    assert raw(visible(hostile)) == [] and "\n" not in visible(hostile)
    assert raw(visible(hostile, lines=True)) == []
    assert visible(visible(hostile)) == visible(hostile)
    ET.fromstring(f"<a b={json.dumps(visible(hostile))}>{visible(hostile, lines=True)}</a>")  # XML 1.0 takes it


def test_a_workers_answer_comes_in_made_visible_whatever_its_code_wrote() -> None:
    """Where the worker's texts enter our process: a class's name, traceback lines (a newline in one is shown, not a
    line of its own), a returned value's repr, a recorded call's lines and cells (one character each: ``?``)."""
    loaded = ["ok", {"class_name": hostile_texts.CLASS_NAME, "flavour": "hanze", "methods": ["next_move"]}]
    assert answers.checked(loaded, {"op": "load"})[1]["class_name"] == visible(hostile_texts.CLASS_NAME)
    lines = [hostile_texts.MESSAGE, hostile_texts.NOT_XML]
    assert answers.checked(["raised", lines], {"op": "call"}) == ("raised", [visible(line) for line in lines])
    bad = ["bad answer", [hostile_texts.MESSAGE, "column", 7]]
    assert answers.checked(bad, {"op": "call"})[1][0] == visible(hostile_texts.MESSAGE)
    rows = "\x1b\u202e" + " " * 40
    think = {"op": "think", "method": "scores_for", "width": 7, "height": 6}
    found = answers.checked(["ok", {"ours": False, "calls": [[-1, rows, "X", 1, None, lines]]}], think)[1]
    assert found["calls"][0][1] == "??" + " " * 40 and found["calls"][0][5] == [visible(line) for line in lines]


# -- check, and its grades ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", list(hostile_texts.FILES))
def test_check_shows_a_hostile_files_texts_made_visible(name: str, tmp_path: Path) -> None:
    hostile_texts.write(tmp_path, name)
    code, out, err = vp("check", name, "--ply", "1", cwd=tmp_path)
    assert code == 1 and "Traceback" not in err, err
    assert raw(out + err) == [] and forged_lines(out) == []
    assert ESCAPED in out
    if hostile_texts.FILES[name][0] != "Player":  # the class's name: one line, in the call
        assert f"Player\\n\\x1b[32m{hostile_texts.FORGED}\\x1b[0m\\u202e" in out


def test_a_hostile_file_name_forges_no_line_of_checks_report(tmp_path: Path) -> None:
    shutil.copy(EXAMPLES / "wrong_player.py", tmp_path / "plain.py")
    shutil.copy(EXAMPLES / "wrong_player.py", tmp_path / hostile_texts.FILE_NAME)
    _, plain, _ = vp("check", "plain.py", "--ply", "2", cwd=tmp_path)
    code, out, err = vp("check", hostile_texts.FILE_NAME, "--ply", "2", cwd=tmp_path)
    assert code == 1 and "Traceback" not in err, err
    assert raw(out + err) == [] and forged_lines(out) == []
    assert len(out.splitlines()) == len(plain.splitlines())  # the same report, line for line
    assert visible(hostile_texts.FILE_NAME) in out


@pytest.mark.slow
@pytest.mark.parametrize("name", list(hostile_texts.FILES))
def test_junit_and_gradescope_files_of_a_hostile_file_are_well_formed_and_show_its_texts_made_visible(
    name: str, tmp_path: Path
) -> None:
    hostile_texts.write(tmp_path, name)
    code, out, err = vp("check", name, "--ply", "1", "--junit", "j.xml", "--gradescope", "r.json", cwd=tmp_path)
    assert code == 1 and "Traceback" not in err, err
    suite = ET.parse(tmp_path / "j.xml").getroot()  # well-formed XML
    texts = [suite.get("name", "")] + [text for element in suite.iter() for text in (element.text or "",
             *element.attrib.values())]  # fmt: skip
    assert raw("".join(texts)) == [] and any(ESCAPED in text for text in texts)
    results = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
    outputs = [results["output"], *(test["output"] for test in results["tests"])]
    assert raw("".join(outputs)) == [] and any(ESCAPED in output for output in outputs)
    assert raw(out + err) == []


def test_the_junit_and_gradescope_writers_make_whatever_they_are_given_visible(tmp_path: Path) -> None:
    """The writers' own guard, whatever a grade holds (here: a reason no check would give)."""
    reason = "\n".join(["not_xml.py: " + hostile_texts.MESSAGE + hostile_texts.NOT_XML, "a second line"])
    grade = unanswered(hostile_texts.FILE_NAME, reason, (0, 1), Settings())
    junit.write(tmp_path / "j.xml", grade)
    suite = ET.parse(tmp_path / "j.xml").getroot()  # well-formed XML
    texts = [text for element in suite.iter() for text in (element.text or "", *element.attrib.values())]
    assert raw("".join(texts)) == [] and visible(hostile_texts.FILE_NAME) in suite.get("name", "")
    failure = suite.find("testcase/failure")
    assert failure is not None and failure.text == visible(reason, lines=True)
    assert failure.get("message") == visible(reason.split("\n")[0])
    gradescope.write(tmp_path / "r.json", gradescope.results(grade, Settings()))
    results = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
    assert [test["output"] for test in results["tests"]] == [visible(reason, lines=True)] * 4
    assert raw(results["output"]) == [] and ESCAPED in results["output"]


def test_the_autograders_sentence_names_a_submissions_files_made_visible(tmp_path: Path) -> None:
    for name in ("player.py", hostile_texts.FILE_NAME):  # two players, neither clearly the one: both named
        (tmp_path / name).write_text("class Player:\n    pass\n")
    said = find_player(tmp_path)
    assert isinstance(said, str) and raw(said) == [] and "\n" not in said
    assert visible(hostile_texts.FILE_NAME) in said


# -- the tournament ----------------------------------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("suffix", [".csv", ".jsonl"])
def test_the_tournaments_table_and_results_file_show_hostile_names_and_errors_made_visible(
    suffix: str, tmp_path: Path
) -> None:
    names = hostile_texts.write(tmp_path, "named.py", "not_loaded.py", "returns.py")
    shutil.copy(EXAMPLES / "player.py", tmp_path / "player.py")
    (tmp_path / hostile_texts.FILE_NAME).write_text(hostile_texts.source("not_xml.py"), errors="surrogatepass")
    entrants = ["player.py", *names, hostile_texts.FILE_NAME]
    code, out, err = vp("tourney", *entrants, "--ply", "1", "--move-time", "5", "--seed", "3", "--out",
                        f"results{suffix}", cwd=tmp_path)  # fmt: skip
    assert code == 0 and "Traceback" not in err, out + err
    assert raw(out + err) == [] and forged_lines(out) == []
    lines = out.splitlines()
    header = next(index for index, line in enumerate(lines) if line.startswith("#  player"))
    table = lines[header + 2 : lines.index("", header)]
    assert [line.split()[0] for line in table] == [str(place) for place in range(1, len(entrants) + 1)]
    assert ESCAPED in out and visible(hostile_texts.FILE_NAME) in out
    text = (tmp_path / f"results{suffix}").read_text(encoding="utf-8")
    if suffix == ".csv":
        rows = list(csv.DictReader(text.splitlines(keepends=True)))
    else:
        rows = [json.loads(line) for line in text.splitlines()[1:]]
    assert len(rows) == len(entrants) * (len(entrants) - 1)
    values = "".join(str(value) for row in rows for value in row.values())
    assert raw(text) == [] and raw(values) == [] and "\n" not in values
    assert ESCAPED in values and visible(hostile_texts.FILE_NAME) in values


# -- think and the terminal game ---------------------------------------------------------------------------------------


def test_think_shows_a_hostile_files_texts_made_visible(tmp_path: Path) -> None:
    hostile_texts.write(tmp_path, "named.py")
    shutil.copy(tmp_path / "named.py", tmp_path / hostile_texts.FILE_NAME)
    for name in ("named.py", hostile_texts.FILE_NAME):
        code, out, err = vp("think", "--moves", "33", "--ply", "1", "--player", name, cwd=tmp_path)
        assert code == 1 and "Traceback" not in err, out + err
        assert raw(out + err) == [] and forged_lines(out) == []
        assert ESCAPED in out


def test_the_terminal_games_message_shows_a_hostile_files_texts_made_visible(tmp_path: Path) -> None:
    hostile_texts.write(tmp_path, "named.py")
    shutil.copy(tmp_path / "named.py", tmp_path / hostile_texts.FILE_NAME)
    code, out, err = vp("--text", "--x", hostile_texts.FILE_NAME, "--o", "named.py", "--ply", "1", cwd=tmp_path,
                        stdin=b"3\n3\n2\n2\n4\n4\n1\n")  # fmt: skip
    assert code == 0 and "Traceback" not in err, out + err
    assert raw(out + err) == [] and forged_lines(out) == []
    assert ESCAPED in out and visible(hostile_texts.FILE_NAME) in out
    assert f"Player\\n\\x1b[32m{hostile_texts.FORGED}" in out
