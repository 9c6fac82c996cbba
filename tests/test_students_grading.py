"""Grades of a player file: ``check --gradescope/--junit``, the grading file, and the autograder's zip run as
Gradescope runs it (``run_autograder`` in a temporary tree of ``source``, ``submission`` and ``results``).

Everything runs for real, in subprocesses: ``python -m vp_connect4 autograder``, ``bash run_autograder``.
"""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
import zipfile
from pathlib import Path

import player_sources
import pytest
from conftest import ROOT
from slowness import slowness

from vp_connect4.students.grading import config

pytestmark = pytest.mark.timeout(240)

ENV = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONIOENCODING="utf-8")
EXAMPLES = ROOT / "examples"
VISIBILITIES = {"visible", "hidden", "after_due_date", "after_published"}
TOP_KEYS = {"score", "execution_time", "output", "output_format", "visibility", "stdout_visibility", "extra_data",
            "tests", "leaderboard"}  # fmt: skip
TEST_KEYS = {"score", "max_score", "status", "name", "number", "output", "output_format", "tags", "visibility",
             "extra_data"}  # fmt: skip
GRADING = """
ply = 2
move_time = 2
visibility = "visible"
stdout_visibility = "hidden"

[points]
default = 1
2 = 3

[test_visibility]
2 = "after_due_date"
"""
NAMES = ["scores_for, ply 0", "next_move, ply 0", "scores_for, ply 1", "next_move, ply 1", "scores_for, ply 2",
         "next_move, ply 2"]  # fmt: skip


def vp(*arguments: str, cwd: Path = ROOT, timeout: float = 180) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "vp_connect4", *arguments], capture_output=True, text=True, timeout=timeout,
        env=ENV, cwd=cwd, stdin=subprocess.DEVNULL,
    )  # fmt: skip


def valid(results: dict) -> dict:
    """``results`` holds Gradescope's documented fields, with values of their kinds; the score is the tests'."""
    assert set(results) <= TOP_KEYS and {"score", "output", "tests"} <= set(results), results.keys()
    assert results["visibility"] in VISIBILITIES and results["stdout_visibility"] in VISIBILITIES
    assert isinstance(results["output"], str) and results["output"].strip()
    for test in results["tests"]:
        assert set(test) <= TEST_KEYS and {"name", "score", "max_score", "status", "output", "visibility"} <= set(test)
        assert test["status"] in ("passed", "failed") and test["visibility"] in VISIBILITIES
        assert isinstance(test["output"], str) and test["output"].strip()
        assert "Traceback (most recent" not in test["output"]
        assert 0 <= test["score"] <= test["max_score"]
        assert test["score"] == (test["max_score"] if test["status"] == "passed" else 0)
    assert results["score"] == sum(test["score"] for test in results["tests"])
    return results


@pytest.fixture(scope="module")
def bundle(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("bundle")
    (folder / "grading.toml").write_text(GRADING)
    done = vp("autograder", "--out", str(folder / "autograder.zip"), "--grading", str(folder / "grading.toml"))
    assert done.returncode == 0, done.stdout + done.stderr
    assert "autograder.zip (6 tests, 10 points)" in done.stdout
    return folder / "autograder.zip"


def autograde(bundle: Path, tree: Path, files: dict[str, str], **env: str) -> tuple[dict, str, float]:
    """Gradescope's steps for one submission: the zip in ``source``, ``files`` in ``submission``, run_autograder;
    the results (checked valid), what it printed, and the seconds it took."""
    for part in ("source", "submission", "results"):
        (tree / part).mkdir(parents=True)
    with zipfile.ZipFile(bundle) as opened:
        opened.extractall(tree / "source")
    for name, text in files.items():
        (tree / "submission" / name).write_text(text)
    environment = {**ENV, "VP_CONNECT4_AUTOGRADER_ROOT": str(tree), "VP_CONNECT4_PYTHON": sys.executable, **env}
    start = time.monotonic()
    done = subprocess.run(
        ["bash", str(tree / "source" / "run_autograder")], capture_output=True, text=True, timeout=200,
        env=environment, cwd=tree, stdin=subprocess.DEVNULL,
    )  # fmt: skip
    took = time.monotonic() - start
    assert "Traceback" not in done.stdout + done.stderr, done.stdout + done.stderr
    return valid(json.loads((tree / "results" / "results.json").read_text())), done.stdout, took


def example(name: str) -> str:
    return (EXAMPLES / name).read_text()


def submitted(name: str) -> dict[str, str]:
    """An example as a student submits it: with ``player.py`` if it imports that (else it imports ours)."""
    text = example(name)
    return {name: text, **({"player.py": example("player.py")} if "from player import" in text else {})}


def statuses(results: dict, required: bool = False) -> dict[str, str]:
    """Each test's status; ``required``: scores_for's and next_move's only (an example that inherits our Player
    has scores_for_tourney too)."""
    return {test["name"]: test["status"] for test in results["tests"] if not required or test["name"] in NAMES}


def test_the_correct_example_gets_full_marks(bundle: Path, tmp_path: Path) -> None:
    results, out, _ = autograde(bundle, tmp_path, {"player.py": example("player.py")})
    assert list(statuses(results, required=True)) == NAMES and set(statuses(results).values()) == {"passed"}
    assert list(statuses(results))[:3] == ["opp_ch", "score_board", "tiebreak_move, ply 0"]  # each on its own
    assert results["score"] == 10 == sum(test["max_score"] for test in results["tests"])
    points = {test["name"]: test["max_score"] for test in results["tests"]}
    assert [points[name] for name in NAMES] == [1, 1, 1, 1, 3, 3] and sum(points.values()) == 10  # the grading file's
    assert [test["visibility"] for test in results["tests"]][-2:] == ["after_due_date"] * 2
    assert results["output"] == "player.py: 11 of 11 tests passed (10 of 10 points)."
    assert "all 102 checks agree with the reference: 34 positions at plies 0 to 2" in out  # the check, for the teacher


def test_a_submission_that_brings_modules_named_like_ours_gets_a_true_grade(bundle: Path, tmp_path: Path) -> None:
    shadow = "open(__file__ + '.ran', 'w').write('ran with the teacher rights')\nraise ImportError('shadow')\n"
    files = {"player.py": example("player.py"), "random.py": shadow, "json.py": shadow, "vp_connect4.py": shadow}
    results, _, _ = autograde(bundle, tmp_path, files)
    assert results["score"] == 10, results["output"]  # the check and the worker imported none of them
    assert not list((tmp_path / "submission").glob("*.ran"))


def test_the_wrong_example_gets_part_and_the_first_differing_position(bundle: Path, tmp_path: Path) -> None:
    results, _, _ = autograde(bundle, tmp_path, submitted("wrong_player.py"))
    assert statuses(results, required=True) == dict(zip(NAMES, ["passed"] * 4 + ["failed"] * 2, strict=True))
    assert results["score"] == 4 and sum(test["max_score"] for test in results["tests"]) == 10  # tourney's: 0
    failed = next(test for test in results["tests"] if test["name"] == "scores_for, ply 2")["output"].splitlines()
    assert failed[0] == "wrong_player.py differs from the reference here (ply 2, the seed text's example):"
    assert "b.set_board('1211244445')" in failed and "Player('X', 'RIGHT', 2).scores_for(b)" in failed
    assert failed[-6:] == [
        "  wrong_player.py: [100.0, 100.0, 100.0, 50.0, 100.0, 100.0, 100.0]",
        "  reference:       [0.0, 0.0, 0.0, 50.0, 0.0, 0.0, 0.0]",
        "Column 0 differs: 100.0 from your file, 0.0 from the reference.",
        "It calls opp_ch, which agrees with the reference when asked on its own on the check's positions: look at "
        "scores_for itself first.",
        "",
        "Every call of this recursion, yours beside the reference's: vp-connect4 think --moves '1211244445' --ply 2 "
        "--side X --tiebreak RIGHT --player wrong_player.py",
    ]
    assert "The first test that failed: scores_for, ply 2" in results["output"]


def test_a_syntax_error_fails_every_test_with_its_line(bundle: Path, tmp_path: Path) -> None:
    broken = "class Player:\n    def scores_for(self, b)\n        pass\n"
    results, _, _ = autograde(bundle, tmp_path, {"mine.py": broken})
    assert list(statuses(results)) == NAMES and results["score"] == 0
    assert set(statuses(results).values()) == {"failed"}
    output = results["tests"][0]["output"]
    assert output.startswith("mine.py could not be loaded") and "SyntaxError" in output and "line 2" in output
    assert "Nothing could be asked of your file" in results["output"]


def test_a_file_without_a_player_says_so(bundle: Path, tmp_path: Path) -> None:
    results, _, _ = autograde(bundle, tmp_path, {"mine.py": "class Speler:\n    pass\n"})
    assert results["score"] == 0 and set(statuses(results).values()) == {"failed"}
    assert results["tests"][0]["output"] == "mine.py has no class AIPlayer or Player; it has Speler. Name the class " \
        "after the file: mine.py:ClassName."  # fmt: skip


@pytest.mark.slow
def test_a_hanging_file_fails_within_a_few_move_times(bundle: Path, tmp_path: Path) -> None:
    results, _, took = autograde(bundle, tmp_path, submitted("hanging_player.py"))
    assert list(statuses(results, required=True)) == NAMES
    assert set(statuses(results, required=True).values()) == {"failed"}  # its scores_for_tourney may be ours
    outputs = {test["name"]: test["output"] for test in results["tests"]}
    assert "gave no answer within 2 s" in outputs["scores_for, ply 0"]
    assert outputs["scores_for, ply 1"].startswith("Not asked: scores_for gave no answer in time at ply 0")
    assert took < 40 * slowness(), took  # 102 positions would be 200 s and more, asked one by one


def test_a_check_that_crashes_still_leaves_results(bundle: Path, tmp_path: Path) -> None:
    crash = shlex.join([sys.executable, "-c", "import os; os._exit(3)"])
    results, _, _ = autograde(bundle, tmp_path, {"player.py": example("player.py")}, VP_CONNECT4_COMMAND=crash)
    assert results["score"] == 0 and set(statuses(results).values()) == {"failed"}
    assert results["tests"][0]["output"] == "The check ended without writing its results (exit code 3)."


def test_without_a_working_python_the_scripts_own_results_say_so(bundle: Path, tmp_path: Path) -> None:
    results, _, _ = autograde(bundle, tmp_path, {"player.py": "x = 1\n"}, VP_CONNECT4_PYTHON=str(tmp_path / "none"))
    assert results["score"] == 0 and list(statuses(results)) == NAMES
    assert results["tests"][0]["output"] == "The autograder could not start the check (its output says why)."


@pytest.mark.parametrize(
    ("files", "said"),
    [
        ({}, "No Python file (.py) was found in your submission"),
        ({"a.py": "class Player:\n    pass\n", "b.py": "class AIPlayer:\n    pass\n"}, "several Python files"),
    ],
)
def test_no_file_or_no_clear_file_is_said(bundle: Path, tmp_path: Path, files: dict[str, str], said: str) -> None:
    results, _, _ = autograde(bundle, tmp_path, files)
    assert results["score"] == 0 and said in results["tests"][0]["output"] and said in results["output"]


def test_the_file_finder_reads_a_submissions_files_only_so_far(tmp_path: Path) -> None:
    from vp_connect4.students.grading.finding import MOST_BYTES, find_player

    (tmp_path / "player.py").write_text("class Player:\n    pass\n")
    (tmp_path / "huge.py").write_text("x = 1\n" * (MOST_BYTES // 6 + 1) + "class Player:\n    pass\n")  # past it
    assert find_player(tmp_path) == tmp_path / "player.py"


def test_the_file_finder_takes_no_link_of_a_submission(tmp_path: Path) -> None:
    from vp_connect4.students.grading.finding import find_player

    secret = tmp_path / "teacher" / "reference.py"
    secret.parent.mkdir()
    secret.write_text("class Player:  # the teacher's reference\n    pass\n")
    submission = tmp_path / "submission"
    submission.mkdir()
    (submission / "player.py").symlink_to(secret)
    assert find_player(submission) != submission / "player.py"  # no file of its own: none is taken
    (submission / "mine.py").write_text("class Player:\n    pass\n")
    assert find_player(submission) == submission / "mine.py"


def test_junit_counts_the_same_tests_and_failures_as_gradescope(tmp_path: Path) -> None:
    done = vp("check", "examples/wrong_player.py", "--ply", "2", "--gradescope", str(tmp_path / "r.json"),
              "--junit", str(tmp_path / "j.xml"))  # fmt: skip
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert done.stdout.startswith("examples/wrong_player.py differs from the reference here (ply 2")  # check's text
    results = valid(json.loads((tmp_path / "r.json").read_text()))
    suite = ET.parse(tmp_path / "j.xml").getroot()
    cases = suite.findall("testcase")
    assert suite.tag == "testsuite" and int(suite.get("tests")) == len(cases) == len(results["tests"]) >= 6
    failed = [case for case in cases if case.find("failure") is not None]
    assert int(suite.get("failures")) == len(failed) == sum(t["status"] == "failed" for t in results["tests"]) == 2
    assert [case.get("name") for case in cases] == [test["name"] for test in results["tests"]]
    assert [case.get("name") for case in failed] == ["scores_for, ply 2", "next_move, ply 2"]
    outputs = {test["name"]: test["output"] for test in results["tests"]}
    assert failed[0].find("failure").text == outputs["scores_for, ply 2"]


def test_all_passed_is_exit_code_0_and_a_dutch_grade(tmp_path: Path) -> None:
    grading = tmp_path / "grading.toml"
    grading.write_text('language = "nl"\nply = 1\n')
    done = vp("check", "examples/player.py", "--grading", str(grading), "--junit", str(tmp_path / "j.xml"))
    assert done.returncode == 0, done.stdout + done.stderr
    suite = ET.parse(tmp_path / "j.xml").getroot()
    assert suite.get("tests") == "8" and suite.get("failures") == "0"  # opp_ch, score_board: 2; then 3 a ply
    assert suite.find("system-out").text == "examples/player.py: 8 van 8 tests geslaagd (4 van 4 punten)."


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("ply = ", "grading.toml is not valid TOML: "),
        ("plies = 3", "grading.toml: unknown key 'plies'; the keys are ply, move_time, memory_limit, total_time, "),
        ('visibility = "sometimes"', "grading.toml: visibility must be one of visible, hidden, after_due_date, "),
        ("move_time = 0", "grading.toml: move_time must be a number of seconds above 0, got 0"),
        ("[points]\nfirst = 2", "grading.toml [points]: unknown key 'first'; the keys are 0, 1, 2, ..., default"),
        ('[points]\n2 = "two"', "grading.toml [points]: 2 must be a number of points, 0 or more, got 'two'"),
    ],
)
def test_a_bad_grading_file_is_one_line_and_exit_code_2(tmp_path: Path, text: str, said: str) -> None:
    (tmp_path / "grading.toml").write_text(text + "\n")
    for command in (["check", "player.py", "--gradescope", "r.json"], ["autograder"]):
        done = vp(*command, "--grading", "grading.toml", cwd=tmp_path, timeout=60)
        assert done.returncode == 2 and done.stdout == "", done.stdout
        assert done.stderr.startswith(said) and done.stderr.count("\n") == 1, done.stderr
    assert not (tmp_path / "autograder.zip").exists() and not (tmp_path / "r.json").exists()


@pytest.mark.parametrize("name", ["grading.json", "grading.toml"])
def test_a_grading_file_nested_deeper_than_python_reads_is_one_line(tmp_path: Path, name: str) -> None:
    (tmp_path / name).write_text("[" * 100_000 if name.endswith(".json") else "x = " + "[" * 100_000)
    done = vp("autograder", "--grading", name, cwd=tmp_path, timeout=60)
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
    assert done.stderr.startswith(name) and done.stderr.count("\n") == 1, done.stderr


def test_the_zip_holds_executable_scripts_and_an_installable_source_copy(bundle: Path, tmp_path: Path) -> None:
    with zipfile.ZipFile(bundle) as opened:
        names = opened.namelist()
        modes = {info.filename: info.external_attr >> 16 for info in opened.infolist()}
        opened.extractall(tmp_path / "source")
    assert {"setup.sh", "run_autograder", "grading.json", "grading.toml"} <= set(names)
    assert modes["setup.sh"] & 0o111 and modes["run_autograder"] & 0o111
    setup = (tmp_path / "source" / "setup.sh").read_text()
    assert "apt-get install" in setup and "bubblewrap" in setup and "vp_connect4_source" in setup
    for script in ("setup.sh", "run_autograder"):
        subprocess.run(["bash", "-n", str(tmp_path / "source" / script)], check=True, timeout=30)
    assert json.loads((tmp_path / "source" / "grading.json").read_text())["points"] == {"default": 1.0, "2": 3.0}
    target = tmp_path / "installed"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-build-isolation", "--no-index",
         "--target", str(target), str(tmp_path / "source" / "vp_connect4_source")],
        check=True, timeout=180, capture_output=True,
    )  # fmt: skip
    package = target / "vp_connect4"
    assert (package / "locale" / "nl" / "LC_MESSAGES" / "vp_connect4.mo").is_file()
    assert (package / "students" / "grading" / "templates" / "run_autograder").is_file()
    assert (package / "data" / "opening.bin").is_file()


def test_the_teachers_example_grading_file_reads_as_documented(tmp_path: Path) -> None:
    text = (ROOT / "docs" / "teachers.md").read_text().split("```toml\n", 1)[1].split("```", 1)[0]
    (tmp_path / "grading.toml").write_text(text)
    settings = config.read(tmp_path / "grading.toml")
    assert (settings.ply, settings.move_time, settings.language, settings.file) == (4, 10.0, "nl", "player.py")
    assert settings.memory_limit == 2**30
    assert [settings.points_at(ply) for ply in range(5)] == [1, 1, 1, 2, 4]
    assert [settings.visibility_at(ply) for ply in (0, 4)] == ["visible", "after_due_date"]
    (tmp_path / "grading.json").write_text(json.dumps(settings.as_json()))
    assert config.read(tmp_path / "grading.json") == settings  # the zip's grading.json says the same


def test_a_missing_file_still_gets_a_results_file(tmp_path: Path) -> None:
    done = vp("check", "nothing.py", "--ply", "0", "--gradescope", "r.json", cwd=tmp_path, timeout=60)
    assert done.returncode == 1 and "Traceback" not in done.stderr
    results = valid(json.loads((tmp_path / "r.json").read_text()))
    assert results["score"] == 0 and [test["output"] for test in results["tests"]] == [
        "nothing.py: there is no such file."
    ] * 2


def test_without_tomllib_the_grading_file_says_what_to_do(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "tomllib", None)  # Python 3.10, no tomli
    monkeypatch.setitem(sys.modules, "tomli", None)
    (tmp_path / "grading.toml").write_text("ply = 2\n")
    with pytest.raises(config.GradingFileError, match=r"cannot read TOML: use Python 3\.11 or later, or install"):
        config.read(tmp_path / "grading.toml")
    (tmp_path / "grading.json").write_text('{"ply": 2}')
    assert config.read(tmp_path / "grading.json").ply == 2


def test_a_missing_next_move_fails_its_tests_only(tmp_path: Path) -> None:
    (tmp_path / "mine.py").write_text(
        player_sources.correct("Correct") + "\n\n"
        "class Player:\n"
        "    def __init__(self, ox, tbt, ply):\n"
        "        self.correct = Correct(ox, tbt, ply)\n\n"
        "    def scores_for(self, b):\n"
        "        return self.correct.scores_for(b)\n"
    )
    done = vp("check", "mine.py", "--ply", "1", "--gradescope", "r.json", cwd=tmp_path, timeout=120)
    assert done.returncode == 1, done.stdout + done.stderr
    results = valid(json.loads((tmp_path / "r.json").read_text()))
    assert statuses(results) == dict(zip(NAMES[:4], ["passed", "failed"] * 2, strict=True))
    assert results["tests"][1]["output"] == "mine.py: the class Player has no method next_move."
