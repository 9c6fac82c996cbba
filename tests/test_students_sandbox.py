"""The sandbox of a student's file, tried as an adversary would: every hostile file of ``hostile_players`` plays a
tournament against a correct file and forfeits with a reason in words, while the correct file's results stay
what they would be, no file of the teacher's changes, no process it started is left, and the results file is
complete. Then: a folder full of modules named like Python's and ours, forged answers, check and the terminal
game, and the sandbox's one line where the tool is missing."""

from __future__ import annotations

import csv
import hashlib
import json
import os
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import hostile_players
import pytest
from conftest import ROOT

from vp_connect4.students import answers, sandbox
from vp_connect4.students.worker import protocol

pytestmark = pytest.mark.timeout(240)
needs_the_tool = pytest.mark.skipif(not sandbox.protections().isolated, reason="no sandbox tool here (one line says)")

EXAMPLES = ROOT / "examples"
GONE_WAIT = 20.0  # seconds for a killed sandbox's processes to be gone


# as the console script vp-connect4 starts (python -m would put the current folder first on the path)
SCRIPT = f"import sys; sys.path.insert(0, {str(ROOT)!r}); from vp_connect4.cli import main; sys.exit(main())"


def run(*arguments: str, cwd: Path, env: dict[str, str] | None = None) -> tuple[int, str, str]:
    result = subprocess.run(
        [sys.executable, "-I", "-c", SCRIPT, *arguments], capture_output=True, timeout=200, cwd=cwd,
        env=dict(os.environ, PYTHONIOENCODING="utf-8", **{sandbox.REQUIRED_ENV: "1", **(env or {})}),
        stdin=subprocess.DEVNULL,
    )  # fmt: skip
    return result.returncode, result.stdout.decode(errors="replace"), result.stderr.decode(errors="replace")


def snapshot(folder: Path) -> dict[str, str]:
    """Every file below ``folder`` and its contents (not Python's own byte-code caches, which our process writes)."""
    files = (path for path in folder.rglob("*") if path.is_file() and "__pycache__" not in path.parts)
    return {str(path): hashlib.sha256(path.read_bytes()).hexdigest() for path in files}


def processes_with(mark: str) -> list[str]:
    found = []
    for entry in Path("/proc").iterdir():
        try:
            if entry.name.isdigit() and mark.encode() in (entry / "cmdline").read_bytes():
                found.append(entry.name)
        except OSError:
            pass
    return found


def wait_until_gone(mark: str) -> list[str]:
    deadline = time.monotonic() + GONE_WAIT
    while (left := processes_with(mark)) and time.monotonic() < deadline:
        time.sleep(0.1)
    return left


@pytest.fixture
def listener() -> Iterator[socket.socket]:
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen()
    server.setblocking(False)
    yield server
    server.close()


@pytest.fixture
def classroom(tmp_path: Path) -> Path:
    """The teacher's folder: a class's files side by side (the correct one, alice.py), and a secret."""
    folder = tmp_path / "class"
    folder.mkdir()
    (folder / "alice.py").write_text((EXAMPLES / "player.py").read_text())
    (folder / "secret.txt").write_text("the teacher's secret")
    return folder


@needs_the_tool
@pytest.mark.parametrize("name", [name for name in hostile_players.ATTACKS if name not in hostile_players.SLOW])
def test_a_hostile_file_forfeits_in_words_and_is_contained(name: str, classroom: Path, listener: socket.socket) -> None:
    mark = f"hostile-{uuid.uuid4().hex}"
    fields = {"mark": mark, "teacher": classroom, "other": classroom / "alice.py", "secret": classroom / "secret.txt",
              "port": listener.getsockname()[1], "home": Path.home(), "package": ROOT / "vp_connect4"}  # fmt: skip
    (classroom / f"{name}.py").write_text(hostile_players.source(name, **fields))
    before = snapshot(classroom) | snapshot(ROOT / "vp_connect4")
    results = classroom.parent / "results.csv"
    code, out, err = run(
        "tourney", f"{name}.py", "alice.py", "--ply", "1", "--move-time", "10", "--seed", "1", "--out", str(results),
        cwd=classroom,
    )  # fmt: skip
    assert code == 0, out + err
    assert "vp_connect4/" not in out + err and "Traceback" not in err  # no line of ours, no traceback of ours
    assert len(out) < 100_000
    assert f"{name}.py forfeited 2 games; the first time:" in out, out
    reason = out.split("the first time:", 1)[1]
    assert "LEAKED" not in reason and "CONNECTED" not in reason and "the teacher's secret" not in out
    with results.open(newline="") as file:
        rows = list(csv.DictReader(file))
    assert len(rows) == 2 and all(row["forfeit"] for row in rows), rows
    standings = [line.split() for line in out.splitlines() if line.strip().startswith(("1 ", "2 "))]
    assert standings[0][1:6] == ["alice.py", "2", "2", "0", "0"], out  # the correct file: its two wins
    assert snapshot(classroom) | snapshot(ROOT / "vp_connect4") == before  # nothing written, nothing new
    assert not Path(f"/tmp/{mark}.txt").exists() and not (Path.home() / "written.txt").exists()
    assert wait_until_gone(mark) == []
    with pytest.raises(BlockingIOError):
        listener.accept()  # no connection came


@needs_the_tool
def test_the_processes_a_file_starts_are_held_to_a_few(classroom: Path) -> None:
    (classroom / "many.py").write_text(hostile_players.source("two_hundred_processes", mark=uuid.uuid4().hex))
    code, out, _ = run("tourney", "many.py", "alice.py", "--ply", "1", "--seed", "1", "--out", "r.csv", cwd=classroom)
    assert code == 0 and "Resource temporarily unavailable" in out, out


@pytest.mark.slow
@needs_the_tool
@pytest.mark.timeout(300)
def test_a_file_that_sleeps_at_import_forfeits_after_the_load_limit(classroom: Path) -> None:
    (classroom / "sleepy.py").write_text(hostile_players.source("sleeps_100_s_at_import"))
    code, out, _ = run("tourney", "sleepy.py", "alice.py", "--ply", "1", "--seed", "1", "--out", "r.csv", cwd=classroom)
    assert code == 0 and "sleepy.py forfeited 2 games" in out and "gave no answer within 30 s" in out, out


@needs_the_tool
@pytest.mark.parametrize("name", ["a_child_that_leaves_its_session", "stops_its_parent", "kills_its_parent",
                                  "interrupts_its_parent", "memory_in_a_move", "forges_ok_abc",
                                  "writes_the_kernels_settings"])  # fmt: skip
@pytest.mark.slow
def test_check_and_the_terminal_game_contain_it_too(name: str, classroom: Path) -> None:
    mark = f"hostile-{uuid.uuid4().hex}"
    (classroom / "h.py").write_text(hostile_players.source(name, mark=mark))
    code, out, err = run("check", "h.py", "--ply", "1", "--move-time", "10", cwd=classroom)
    assert code == 1 and "h.py failed on this position" in out and "Traceback" not in err, out + err
    assert "LEAKED" not in out
    code, out, err = run("--text", "--x", "h.py", "--o", "ai", "--ply", "1", cwd=classroom)
    assert code != 0 and "h.py" in out + err and "Traceback (most recent call last)" not in err, out + err
    assert "LEAKED" not in out + err
    assert wait_until_gone(mark) == []


SLEEPER = """
import time

class Player:
    def __init__(self, ox, tbt, ply):
        self.ox, self.tbt, self.ply = ox, tbt, ply

    def next_move(self, b):
        time.sleep(3)  # meanwhile, the other file writes
        return next(col for col in range(b.width) if b.allows_move(col))
"""


@needs_the_tool
def test_a_file_that_writes_before_it_is_asked_forfeits_and_our_memory_stays_small(classroom: Path) -> None:
    (classroom / "flood.py").write_text(hostile_players.player(hostile_players.FLOODS))
    (classroom / "sleeper.py").write_text(SLEEPER)
    script = (  # the teacher's process, measured from its parent: its largest size, after the game
        "import resource, subprocess, sys\n"
        f"run = subprocess.run([sys.executable, '-I', '-c', {SCRIPT!r}, '--text', '--x', 'flood.py', '--o', "
        "'sleeper.py'], capture_output=True, text=True, stdin=subprocess.DEVNULL)\n"
        "print(run.stdout + run.stderr)\nprint('largest', resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
    )
    result = subprocess.run([sys.executable, "-I", "-c", script], capture_output=True, text=True, timeout=200,
                            cwd=classroom, env=dict(os.environ, **{sandbox.REQUIRED_ENV: "1"}))  # fmt: skip
    said = "flood.py: the process running Player('X', 'RANDOM', 4).next_move(b) sent something that is not an answer"
    assert said in result.stdout, result.stdout  # one not asked for (or torn, where its sandbox had no CPU till asked)
    largest_kib = int(result.stdout.rsplit("largest", 1)[1])
    assert largest_kib < 600 * 1024, result.stdout  # it read none of the flood (each message 16 MiB)


def test_a_link_to_another_file_is_refused_not_followed(classroom: Path) -> None:
    (classroom / "notes.txt").write_text("class Player:  # THE TEACHER'S NOTES\n")
    (classroom / "linked.py").symlink_to(classroom / "notes.txt")
    code, out, _ = run("check", "linked.py", "--ply", "0", cwd=classroom)
    assert code == 1 and "linked.py was not run: it is a link to another file" in out, out
    assert "NOTES" not in out
    code, out, _ = run("check", "linked.py", "--ply", "0", "--gradescope", "r.json", cwd=classroom)
    assert "NOTES" not in out + (classroom / "r.json").read_text()


needs_whole_limits = pytest.mark.skipif(
    not {"memory", "cpu"} <= sandbox.protections().whole, reason="no cgroup here for the whole sandbox (one line says)"
)


@pytest.mark.slow
@needs_the_tool
@needs_whole_limits
def test_the_memory_limit_holds_for_the_whole_sandbox(classroom: Path) -> None:
    mark = f"hostile-{uuid.uuid4().hex}"
    (classroom / "many.py").write_text(hostile_players.player(hostile_players.CHILDREN_MEMORY, mark=mark))
    code, out, err = run("check", "many.py", "--ply", "0", "--memory-limit", "256M", cwd=classroom)
    assert code == 1 and "many.py failed on this position" in out and "children left" in out, out + err
    assert "RuntimeError: LEAKED" not in out  # 6 x 100 MiB: not within 256 MiB
    assert wait_until_gone(mark) == []


THINKER = """
import time

class Player:
    def __init__(self, ox, tbt, ply):
        self.ox, self.tbt, self.ply = ox, tbt, ply

    def next_move(self, b):
        start = time.process_time()
        while time.process_time() - start < 1.5:  # a move that needs 1.5 s of a core
            pass
        return next(col for col in range(b.width) if b.allows_move(col))
"""


@pytest.mark.slow
@needs_the_tool
@needs_whole_limits
def test_a_file_that_keeps_processes_busy_cannot_make_its_opponent_lose_on_time(classroom: Path) -> None:
    mark = f"hostile-{uuid.uuid4().hex}"
    burns = "if not hasattr(self, 'burning'):\n    self.burning = " + hostile_players.BURNERS
    (classroom / "burner.py").write_text(hostile_players.player(burns, mark=mark))
    (classroom / "thinker.py").write_text(THINKER)
    code, out, err = run("tourney", "burner.py", "thinker.py", "--ply", "1", "--move-time", "8", "--seed", "1",
                         "--out", "r.csv", cwd=classroom)  # fmt: skip
    assert code == 0 and "forfeit" not in out.split("Every game")[0].split("points", 1)[1], out + err
    assert "thinker.py" in out and "gave no answer" not in out, out
    assert wait_until_gone(mark) == []


def test_without_the_sandbox_grading_refuses_unless_told_it_is_unsafe(classroom: Path) -> None:
    off = {"VP_CONNECT4_BWRAP": "off", sandbox.REQUIRED_ENV: ""}
    code, out, _ = run("check", "alice.py", "--ply", "0", cwd=classroom, env=off)
    assert code == 1 and "alice.py was not run: there is no sandbox here" in out and "--unsafe-no-sandbox" in out
    code, out, _ = run("check", "alice.py", "--ply", "0", "--unsafe-no-sandbox", cwd=classroom, env=off)
    assert code == 0 and "agree with the reference" in out, out
    (classroom / "grading.toml").write_text("ply = 0\nunsafe_no_sandbox = true\n")  # the autograder's way
    code, out, _ = run("check", "alice.py", "--grading", "grading.toml", "--gradescope", "r.json", cwd=classroom,
                       env=off)  # fmt: skip
    assert code == 0 and json.loads((classroom / "r.json").read_text())["score"] == 2, out


SHADOWS = ("random", "json", "numbers", "signal", "typing", "struct", "threading", "subprocess")


def test_modules_named_like_pythons_and_ours_in_the_current_folder_break_nothing(tmp_path: Path) -> None:
    for name in SHADOWS:
        (tmp_path / f"{name}.py").write_text("raise ImportError('the shadow was imported')\n")
    (tmp_path / "vp_connect4").mkdir()
    (tmp_path / "vp_connect4" / "__init__.py").write_text("raise ImportError('the shadow package was imported')\n")
    (tmp_path / "base.py").write_text((EXAMPLES / "player.py").read_text())
    player = str(EXAMPLES / "player.py")
    code, out, err = run("tourney", "base.py", player, "--ply", "1", "--seed", "1", "--out", "r.csv", cwd=tmp_path)
    assert code == 0 and "forfeit" not in out.split("Every game")[0].split("points", 1)[1], out + err
    code, out, _ = run("check", "base.py", "--ply", "1", cwd=tmp_path)
    assert code == 0 and "agree with the reference" in out, out
    code, out, err = run("--text", "--x", "base.py", "--o", "ai", "--ply", "1", "--seed", "1", cwd=tmp_path)
    assert code == 0 and "moves:" in out.lower(), out + err


def test_python_m_in_a_folder_of_submissions_imports_none_of_them_into_our_process(tmp_path: Path) -> None:
    for name in SHADOWS:
        (tmp_path / f"{name}.py").write_text("raise ImportError('the shadow was imported')\n")
    (tmp_path / "base.py").write_text((EXAMPLES / "player.py").read_text())
    result = subprocess.run(
        [sys.executable, "-m", "vp_connect4", "check", "base.py", "--ply", "1"], capture_output=True, text=True,
        timeout=200, cwd=tmp_path, env=dict(os.environ, **{sandbox.REQUIRED_ENV: "1"}), stdin=subprocess.DEVNULL,
    )  # fmt: skip
    assert result.returncode == 0 and "agree with the reference" in result.stdout, result.stdout + result.stderr


def test_the_scenes_ai_worker_ignores_modules_of_the_current_folder(tmp_path: Path) -> None:
    for name in SHADOWS:
        (tmp_path / f"{name}.py").write_text("raise ImportError('the shadow was imported')\n")
    script = (
        f"import os, sys; sys.path.insert(0, {str(ROOT)!r}); os.chdir({str(tmp_path)!r})\n"
        "from vp_connect4.vp3d.worker.ai import ProcessAiRunner\n"
        "runner = ProcessAiRunner(); runner.start(); print(runner.submit(abs, -3).result(60)); runner.close()\n"
    )
    result = subprocess.run([sys.executable, "-I", "-c", script], capture_output=True, text=True, timeout=120,
                            stdin=subprocess.DEVNULL)  # fmt: skip
    assert result.stdout.strip() == "3", result.stderr


@pytest.mark.parametrize(
    ("answer", "request_"),
    [
        (["raised", 5], {"op": "call", "method": "next_move", "width": 7}),
        (["ok", "abc"], {"op": "call", "method": "next_move", "width": 7}),
        (["ok", True], {"op": "call", "method": "next_move", "width": 7}),
        (["ok", [1, 2, 3]], {"op": "call", "method": "scores_for", "width": 7}),
        (["ok", ["a"] * 7], {"op": "call", "method": "scores_for", "width": 7}),
        (["ok", [10**400] * 7], {"op": "call", "method": "scores_for", "width": 7}),
        (["ok", {"class_name": "P", "flavour": "x", "methods": []}], {"op": "load"}),
        (["ok", []], {"op": "load"}),
        (["no class", "abc"], {"op": "load"}),
        (["no method", [1, 2]], {"op": "call", "method": "next_move", "width": 7}),
        (["bad answer", ["x", "column"]], {"op": "call", "method": "next_move", "width": 7}),
        (["hello", None], {"op": "load"}),
        ("ok", {"op": "load"}),
        ([], {"op": "load"}),
    ],
)
def test_every_forged_answer_is_refused(answer: object, request_: dict[str, object]) -> None:
    with pytest.raises(answers.Forged):
        answers.checked(answer, request_)


def test_good_answers_pass_as_they_are() -> None:
    assert answers.checked(["ok", 3], {"op": "call", "method": "next_move", "width": 7}) == ("ok", 3)
    scores = answers.checked(["ok", [50, 0.5, -1, 100, 0, 50, 50]], {"op": "call", "method": "scores_for", "width": 7})
    assert scores == ("ok", [50.0, 0.5, -1.0, 100.0, 0.0, 50.0, 50.0])
    assert answers.checked(["raised", ["a", "b"]], {"op": "load"}) == ("raised", ["a", "b"])


def test_a_header_that_announces_too_much_is_no_message(tmp_path: Path) -> None:
    path = tmp_path / "pipe"
    path.write_bytes((2**62).to_bytes(8, "big") + b"[]")
    with path.open("rb") as pipe, pytest.raises(protocol.TooLong):
        protocol.receive(pipe)


def test_without_the_tool_one_line_says_what_holds_and_a_correct_file_plays(classroom: Path) -> None:
    (classroom / "greedy.py").write_text(hostile_players.source("memory_in_a_move"))
    code, out, err = run("tourney", "greedy.py", "alice.py", "--ply", "1", "--seed", "1", "--out", "r.csv",
                         "--unsafe-no-sandbox", cwd=classroom, env={"VP_CONNECT4_BWRAP": "off"})  # fmt: skip
    lines = [line for line in err.splitlines() if line.startswith("Player files run without a sandbox")]
    assert len(lines) == 1 and "memory 1 GiB a process" in lines[0], err
    assert code == 0 and "greedy.py forfeited 2 games" in out and "MemoryError" in out, out


def test_the_memory_limit_is_an_option(classroom: Path) -> None:
    (classroom / "modest.py").write_text("x = bytearray(300 * 2**20)\n" + (EXAMPLES / "player.py").read_text())
    code, out, _ = run("check", "modest.py", "--ply", "0", cwd=classroom)
    assert code == 0, out
    code, out, _ = run("check", "modest.py", "--ply", "0", "--memory-limit", "200M", cwd=classroom)
    assert code == 1 and "MemoryError" in out, out
    code, _, err = run("check", "modest.py", "--memory-limit", "12k", cwd=classroom)
    assert code == 2 and "is not a memory limit" in err and "Traceback" not in err
    (classroom / "grading.toml").write_text('ply = 0\nmemory_limit = "200M"\n')  # the autograder's way
    code, out, _ = run("check", "modest.py", "--grading", "grading.toml", "--gradescope", "r.json", cwd=classroom)
    assert code == 1 and "MemoryError" in (classroom / "r.json").read_text(), out
    (classroom / "grading.toml").write_text('memory_limit = "a lot"\n')
    code, _, err = run("check", "modest.py", "--grading", "grading.toml", "--gradescope", "r.json", cwd=classroom)
    assert code == 2 and "memory_limit" in err and "512M" in err, err


@needs_the_tool
def test_a_file_imports_the_modules_beside_it_but_never_sees_another_entrant(classroom: Path) -> None:
    (classroom / "ps9pr2.py").write_text("class Player:\n    HELPER = 'from the file beside it'\n")
    cs111 = (EXAMPLES / "cs111_player.py").read_text()
    (classroom / "ps9pr3.py").write_text("from ps9pr2 import Player as Beside\nassert Beside.HELPER\n" + cs111)
    code, out, _ = run("check", "ps9pr3.py", "--ply", "1", cwd=classroom)
    assert code == 0 and "agree with the reference" in out, out  # CS111's layout: ps9pr3 imports ps9pr2
    (classroom / "peeker.py").write_text(
        "import alice\n" + (EXAMPLES / "player.py").read_text()
    )  # a file that needs another entrant's: in the tournament, alice.py is not there for it
    code, out, _ = run("tourney", "peeker.py", "alice.py", "--ply", "1", "--seed", "1", "--out", "r.csv", cwd=classroom)
    assert code == 0 and "peeker.py forfeited 2 games" in out and "No module named 'alice'" in out, out


def test_a_sandbox_required_refuses_a_file_where_there_is_none(classroom: Path) -> None:
    code, out, err = run("check", "alice.py", "--ply", "0", cwd=classroom, env={"VP_CONNECT4_BWRAP": "off"})
    assert code == 1 and "alice.py was not run: there is no sandbox here" in out, out + err
