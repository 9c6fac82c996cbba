"""A tournament survives: its results file fills as games end, so a closed stdout, SIGTERM, SIGHUP or SIGKILL loses
only the games in flight; ``--resume`` plays the rest to the same table; a bad ``--out`` and too many games are
refused before any game. Real ``vp-connect4 tourney`` processes, waited on by the file's rows (no fixed sleeps)."""

from __future__ import annotations

import csv
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import ROOT

from vp_connect4.board import RulesBoard

pytestmark = pytest.mark.timeout(240)

ENV = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONIOENCODING="utf-8")
FIELDS = ["game", "seed", "x", "o", "result", "winner", "forfeit", "reason", "moves"]


def players(folder: Path) -> list[str]:
    """Three copies of the example player and our ply 1: 12 games a --games."""
    for name in ("a.py", "b.py", "c.py"):
        (folder / name).write_text((ROOT / "examples" / "player.py").read_text())
    return ["a.py", "b.py", "c.py", "--with-builtin", "--builtin-levels", "1", "--ply", "1"]


def start(folder: Path, *arguments: str, stdout: int = subprocess.DEVNULL) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-m", "vp_connect4", "tourney", *arguments],
        stdin=subprocess.DEVNULL, stdout=stdout, stderr=subprocess.DEVNULL, env=ENV, cwd=folder,
    )  # fmt: skip


def tourney(folder: Path, *arguments: str) -> tuple[int, str, str]:
    result = subprocess.run(
        [sys.executable, "-m", "vp_connect4", "tourney", *arguments],
        capture_output=True, timeout=200, env=ENV, cwd=folder, stdin=subprocess.DEVNULL,
    )  # fmt: skip
    return result.returncode, result.stdout.decode(), result.stderr.decode()


def csv_rows(path: Path) -> list[dict[str, str]]:
    if not path.exists():
        return []
    with path.open(newline="", encoding="utf-8") as file:
        return list(csv.DictReader(file))


def jsonl_rows(path: Path) -> list[dict[str, object]]:
    if not path.exists():
        return []
    lines = path.read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines[1:] if line.endswith("}")]


def wait_for(condition: Callable[[], bool], process: subprocess.Popen[bytes], timeout: float = 150) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert process.poll() is None, "the tournament ended before the state waited for"
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


def children(pid: int) -> set[int]:
    """The processes ``pid`` started that run now (Linux's /proc)."""
    found = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if int(fields[1]) == pid and fields[0] != "Z":
            found.add(int(stat.parent.name))
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state != "Z"


def assert_complete_games(rows: list[dict[str, str]]) -> None:
    """Every row whole: its fields, a real game (a win, a full board), each game number once."""
    assert len({row["game"] for row in rows}) == len(rows)
    for row in rows:
        assert None not in row.values() and list(row)[: len(FIELDS)] == FIELDS
        board = RulesBoard()
        board.set_board(row["moves"])
        assert row["result"] in ("1-0", "0-1", "1/2-1/2") and row["forfeit"] == ""
        assert board.is_full() or board.wins_for("X") or board.wins_for("O")


def table_of(out: str) -> list[str]:
    lines = out.splitlines()
    head = next(index for index, line in enumerate(lines) if line.split()[:2] == ["#", "player"])
    end = lines.index("", head)
    return lines[head:end]


def test_a_closed_stdout_neither_stops_the_games_nor_loses_the_file(tmp_path: Path) -> None:
    process = start(tmp_path, *players(tmp_path), "--games", "2", "--out", "r.csv", stdout=subprocess.PIPE)
    assert process.stdout is not None
    assert process.stdout.readline().startswith(b"Tournament: 4 players, 24 games")
    process.stdout.close()  # | head -1
    assert process.wait(timeout=200) == 1
    rows = csv_rows(tmp_path / "r.csv")
    assert [row["game"] for row in rows] == [str(number) for number in range(1, 25)]  # all, in game order
    assert_complete_games(rows)


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP])
def test_sigterm_and_sighup_keep_every_finished_game(tmp_path: Path, signum: int) -> None:
    out = tmp_path / "out.txt"
    with out.open("wb") as said:
        process = start(tmp_path, *players(tmp_path), "--games", "4", "--out", "r.csv", stdout=said.fileno())
        wait_for(lambda: len(csv_rows(tmp_path / "r.csv")) >= 3, process)
        wait_for(lambda: bool(children(process.pid)), process)  # a game in flight
        playing = children(process.pid)
        process.send_signal(signum)
        assert process.wait(timeout=60) == 128 + signum
    deadline = time.monotonic() + 30
    while any(alive(pid) for pid in playing):  # the games in flight ended with it: their processes killed
        assert time.monotonic() < deadline, f"left running: {[pid for pid in playing if alive(pid)]}"
        time.sleep(0.05)
    rows = csv_rows(tmp_path / "r.csv")
    assert 3 <= len(rows) < 48
    assert_complete_games(rows)
    stopped = f"Tournament stopped after {len(rows)} of 48 games; the games played are in r.csv."
    assert f"{stopped} The same command with --resume r.csv plays the rest." in out.read_text()


@pytest.mark.slow
def test_sigkill_half_way_then_resume_gives_the_table_of_an_uninterrupted_run(tmp_path: Path) -> None:
    setup = [*players(tmp_path), "--games", "2", "--seed", "17"]
    code, whole, err = tourney(tmp_path, *setup, "--out", "whole.jsonl")
    assert code == 0, whole + err
    process = start(tmp_path, *setup, "--out", "cut.jsonl")
    wait_for(lambda: len(jsonl_rows(tmp_path / "cut.jsonl")) >= 12, process)
    process.kill()
    process.wait(timeout=60)
    kept = len(jsonl_rows(tmp_path / "cut.jsonl"))
    assert 12 <= kept < 24
    code, _, err = tourney(tmp_path, *players(tmp_path), "--ply", "2", "--resume", "cut.jsonl")
    assert code == 2 and "cut.jsonl holds the results of another tournament" in err  # another ply: refused
    code, resumed, err = tourney(tmp_path, *players(tmp_path), "--resume", "cut.jsonl")  # seed, games: the file's
    assert code == 0, resumed + err
    assert f"Resuming: {kept} of 24 games are already in cut.jsonl." in resumed
    assert table_of(resumed) == table_of(whole)
    assert (tmp_path / "cut.jsonl").read_text() == (tmp_path / "whole.jsonl").read_text()  # each game once


def test_a_results_file_cut_in_a_line_resumes_with_that_game_played_again(tmp_path: Path) -> None:
    setup = [*players(tmp_path), "--seed", "4"]
    code, whole, _ = tourney(tmp_path, *setup, "--out", "whole.csv")
    assert code == 0
    text = (tmp_path / "whole.csv").read_text()
    (tmp_path / "cut.csv").write_text(text[: text.index("\n", len(text) // 2) - 5])  # a row cut short
    code, resumed, err = tourney(tmp_path, *setup, "--resume", "cut.csv")
    assert code == 0, resumed + err
    assert table_of(resumed) == table_of(whole) and (tmp_path / "cut.csv").read_text() == text


def test_a_bad_out_is_refused_before_the_first_game(tmp_path: Path) -> None:
    setup = players(tmp_path)
    started = time.monotonic()
    code, out, err = tourney(tmp_path, *setup, "--out", "missing/r.csv")
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1
    assert "could not be written to missing/r.csv" in err
    assert time.monotonic() - started < 30  # no game played (12 games take longer on a busy machine)
    if os.geteuid() != 0:  # root writes anywhere
        (tmp_path / "locked").mkdir(mode=0o500)
        code, out, err = tourney(tmp_path, *setup, "--out", "locked/r.json")
        assert code == 2 and out == "" and "could not be written to locked/r.json" in err


def test_too_many_games_are_refused_in_one_line_at_once(tmp_path: Path) -> None:
    code, out, err = tourney(tmp_path, *players(tmp_path), "--games", "999999999")
    assert code == 2 and out == "" and err.strip() == (
        "vp-connect4 tourney: error: 11999999988 games are too many for one tournament (at most 1000000): "
        "give fewer --games or fewer players"
    )
    assert not (tmp_path / "tourney.csv").exists()


def test_a_resumed_forfeits_reason_ends_with_the_students_error(tmp_path: Path) -> None:
    for name in ("player.py", "raising_player.py"):
        (tmp_path / name).write_text((ROOT / "examples" / name).read_text())
    code, out, err = tourney(tmp_path, "player.py", "raising_player.py", "--ply", "1", "--seed", "2", "--out", "r.csv")
    assert code == 0 and "raising_player.py forfeited 2 games" in out, out + err
    code, resumed, err = tourney(tmp_path, "player.py", "raising_player.py", "--ply", "1", "--resume", "r.csv")
    assert code == 0, resumed + err
    reason = resumed.split("the first time:", 1)[1].strip().splitlines()[0]
    assert reason.endswith("below): ValueError: 100.0 is not in list"), resumed  # the error, not nothing


@pytest.mark.slow
def test_a_resumed_tournament_does_not_wait_again_for_a_file_that_ran_out_of_time(tmp_path: Path) -> None:
    """The results file says what kind of failure a forfeit was: resumed after the game in which a file hung, its
    later games are forfeited at once, as in the run that was stopped (the time limit is waited for once)."""
    for name in ("player.py", "hanging_player.py"):
        (tmp_path / name).write_text((ROOT / "examples" / name).read_text())
    setup = ("player.py", "hanging_player.py", "--ply", "1", "--seed", "3", "--move-time", "2")
    code, whole, err = tourney(tmp_path, *setup, "--out", "r.csv")
    assert code == 0 and "hanging_player.py forfeited 2 games" in whole, whole + err
    rows = csv_rows(tmp_path / "r.csv")
    assert [row["failure"] for row in rows] == ["timed out", "timed out"], rows
    first = next(row for row in rows if row["game"] == "1")
    with (tmp_path / "cut.csv").open("w", newline="", encoding="utf-8") as file:
        writer = csv.DictWriter(file, fieldnames=list(first))
        writer.writeheader()
        writer.writerow(first)
    code, resumed, err = tourney(tmp_path, *setup, "--resume", "cut.csv")
    assert code == 0, resumed + err
    second = next(row for row in csv_rows(tmp_path / "cut.csv") if row["game"] == "2")
    assert second["reason"].startswith("hanging_player.py gave no answer in time in an earlier game"), second
