"""Junk in, one line out: numbers out of range, a flood on stdin, an output that cannot encode a character, a move
after the game was won. Never a traceback, never runaway memory, never a wrong result (real processes)."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ROOT

from vp_connect4.wording import CS111

pytestmark = pytest.mark.timeout(180)

ENV = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONIOENCODING="utf-8")
PLAYER = str(ROOT / "examples" / "player.py")
WON_THEN_MORE = "3333221144556"  # X has four in a row at move 9 (0-based 8); moves 10 to 13 come after


def run(*arguments: str, env: dict[str, str] | None = None, stdin: int | None = subprocess.DEVNULL,
        cwd: Path = ROOT, memory: int | None = None) -> subprocess.CompletedProcess[str]:  # fmt: skip
    def cap() -> None:
        if memory is not None:
            resource.setrlimit(resource.RLIMIT_AS, (memory, memory))

    return subprocess.run(
        [sys.executable, "-m", "vp_connect4", *arguments], capture_output=True, text=True, timeout=120,
        env=env or ENV, stdin=stdin, cwd=cwd, preexec_fn=cap, encoding="utf-8", errors="replace",
    )  # fmt: skip


def one_line_error(done: subprocess.CompletedProcess[str], said: str) -> None:
    assert done.returncode == 2, done.stdout + done.stderr
    assert "Traceback" not in done.stderr and len(done.stderr.strip().splitlines()) == 1, done.stderr
    assert said in done.stderr, done.stderr


@pytest.mark.parametrize(
    "arguments",
    [["check", PLAYER], ["tourney", PLAYER, PLAYER.replace("player.py", "wrong_player.py")], ["--text", "--x", PLAYER]],
)
def test_a_move_time_beyond_a_day_is_refused_in_one_line(arguments: list[str]) -> None:
    one_line_error(run(*arguments, "--move-time", "1e10"), "must be a number of seconds above 0 and at most 86400")


def test_a_ply_beyond_the_board_is_refused_before_anything_is_checked() -> None:
    done = run("check", PLAYER, "--ply", "100000000", memory=2 << 30)
    one_line_error(done, "argument --ply: must be a whole number from 0 to 42, got '100000000'")


def test_a_flood_without_line_ends_on_stdin_ends_the_game_in_bounded_memory() -> None:
    with open(os.devnull.replace("null", "zero"), "rb") as zeros:
        done = run("--text", stdin=zeros.fileno(), memory=2 << 30)  # before: 3 GB in 6 s, then MemoryError
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert "Game stopped. Moves so far: (none)" in done.stdout


CS111_GAME = "from vp_connect4.cs111 import *; connect_four(Player('X'), RandomPlayer('O'))"


def test_the_cs111_human_reads_a_flood_without_line_ends_in_bounded_memory() -> None:
    """``connect_four`` with a person at the keyboard, ``< /dev/zero``: the end of input, as at the end of a file: the
    game stops (before: ``input()`` grew until MemoryError)."""
    with open(os.devnull.replace("null", "zero"), "rb") as zeros:
        done = subprocess.run(
            [sys.executable, "-c", CS111_GAME], capture_output=True, text=True, timeout=120, env=ENV,
            stdin=zeros.fileno(), cwd=ROOT, preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_AS, (1 << 30,) * 2),
        )  # fmt: skip
    assert done.returncode == 0 and not done.stderr, done.stderr[-500:]
    assert done.stdout.rstrip().endswith(CS111["stopped"]), done.stdout[-300:]


def test_a_long_line_is_no_move_and_the_next_line_is_asked_for(tmp_path: Path) -> None:
    (tmp_path / "answers").write_text("0" * 5000 + "\n3\n")
    with (tmp_path / "answers").open("rb") as answers:
        done = run("--text", "--x", "human", "--o", "ai", "--o-ply", "1", "--seed", "1", stdin=answers.fileno())
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert "Game stopped. Moves so far: 3" in done.stdout  # the 5000 characters were no move; 3 was


@pytest.mark.parametrize(
    ("encoding", "arguments"),
    [
        ("cp1252", ["--text", "--variant", "gravity:left", "--x", "ai", "--o", "ai", "--x-ply", "1", "--o-ply", "1"]),
        ("ascii", ["--lang", "nl", "--help"]),
    ],
)
def test_an_output_that_cannot_encode_a_character_gets_a_stand_in_not_a_traceback(encoding, arguments) -> None:
    done = run(*arguments, env=dict(ENV, PYTHONIOENCODING=encoding))
    assert done.returncode == 0 and "Traceback" not in done.stderr + done.stdout, done.stderr
    assert done.stdout.strip()


def test_a_tourney_of_a_file_whose_name_the_output_cannot_encode_writes_its_results(tmp_path: Path) -> None:
    for name in ("spéler_ü ☃.py", "b.py"):
        (tmp_path / name).write_text(Path(PLAYER).read_text())
    done = run("tourney", "spéler_ü ☃.py", "b.py", "--ply", "1", "--out", "r.csv", cwd=tmp_path,
               env=dict(ENV, PYTHONIOENCODING="ascii"))  # fmt: skip
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    assert "sp?ler_? ?.py" in done.stdout and "spéler_ü ☃.py" in (tmp_path / "r.csv").read_text(encoding="utf-8")


@pytest.mark.parametrize(
    "arguments",
    [["--text", "--x", "ai", "--o", "ai"], ["--analyse"], ["think", "--ply", "1"]],
)
def test_a_move_after_the_game_was_won_is_refused_with_its_number(arguments: list[str]) -> None:
    one_line_error(run(*arguments, "--moves", WON_THEN_MORE), f"move 10 of '{WON_THEN_MORE}': the game is over")
