"""The command line as a person meets it: odd input, a closed pipe, Ctrl-C, bad options, a start position.

Each runs the real program (``python -m vp_connect4``) in a subprocess with bytes on its stdin.
"""

from __future__ import annotations

import os
import shlex
import signal
import socket
import subprocess
import sys
import time

import pytest
from conftest import ROOT

pytestmark = pytest.mark.timeout(120)

ENV = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONIOENCODING="utf-8")


def run(*options: str, stdin: bytes = b"", timeout: float = 60) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "vp_connect4", *options],
        input=stdin,
        capture_output=True,
        timeout=timeout,
        env=ENV,
        cwd=ROOT,
    )  # type: ignore[call-overload]


def text(result: subprocess.CompletedProcess[bytes]) -> tuple[str, str]:
    return result.stdout.decode("utf-8", "replace"), result.stderr.decode("utf-8", "replace")


@pytest.mark.parametrize(
    "answer",
    ["²", "①", "٣", "\u20033\u2003", "--3", "3-", "+3", "3.0", "0x3", "1" * 5000, "9" * 10_000_000],
    ids=["superscript", "circled", "arabic-indic", "em-spaces", "double-minus", "minus-after", "plus", "float", "hex",
         "5000-digits", "10-MB-line"],
)  # fmt: skip
def test_only_ascii_digits_are_columns_and_anything_else_is_asked_again(answer: str) -> None:
    out, err = text(run("--text", "--x", "human", "--o", "human", stdin=answer.encode() + b"\n3\n"))
    assert "Traceback" not in err, err[-2000:]
    assert out.count("X's choice") == 2  # the odd answer was asked again ...
    assert "Please type a column number from 0 to 6." in out or "off the board" in out
    assert "Moves so far: 3" in out  # ... and then 3 was played


def test_invalid_utf8_on_stdin_is_asked_again() -> None:
    out, err = text(run("--text", "--x", "human", "--o", "human", stdin=b"\xff\xfe\x80\n2\n"))
    assert "Traceback" not in err, err
    assert "Please type a column number from 0 to 6." in out and "Moves so far: 2" in out


def test_a_closed_stdout_ends_quietly() -> None:
    """Like ``| head -1``: one line is read, the pipe closes, and the game writes on (after X's answer, so the
    game cannot have ended and left its output in the pipe before it closed)."""
    command = [sys.executable, "-m", "vp_connect4", "--text", "--x", "human", "--o", "ai", "--o-ply", "1"]
    pipes = {"stdin": subprocess.PIPE, "stdout": subprocess.PIPE, "stderr": subprocess.PIPE}
    game = subprocess.Popen(command, env=ENV, **pipes)  # type: ignore[call-overload]
    assert game.stdin is not None and game.stdout is not None and game.stderr is not None
    game.stdout.readline()  # the prompt's flush sends the first lines
    game.stdout.close()
    game.stdin.write(b"3\n")
    game.stdin.close()
    assert game.wait(timeout=60) == 1
    assert game.stderr.read().decode() == ""


def test_ctrl_c_while_the_ai_thinks_stops_the_game_like_at_the_prompt() -> None:
    command = [sys.executable, "-m", "vp_connect4", "--text", "--x", "ai", "--o", "ai", "--x-ply", "30", "--o-ply", "1"]
    game = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=ENV)
    time.sleep(3)  # X searches 30 plies deep from the empty board: it is thinking
    game.send_signal(signal.SIGINT)
    out, err = game.communicate(timeout=30)
    assert game.returncode == 1
    assert "Game stopped. Moves so far: (none)" in out.decode()
    assert err.decode() == ""


def test_ctrl_c_pressed_again_and_again_never_shows_a_traceback() -> None:
    command = [sys.executable, "-m", "vp_connect4", "--text", "--x", "ai", "--o", "ai", "--x-ply", "30", "--o-ply", "1"]
    game = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=ENV)
    time.sleep(3)  # X is thinking
    for _ in range(200):  # the first stops the game; the others land while it says so, or as it ends
        if game.poll() is not None:
            break
        game.send_signal(signal.SIGINT)
        time.sleep(0.0005)
    out, err = game.communicate(timeout=30)
    assert game.returncode in (1, 130), (out, err)
    assert err.decode() == ""


@pytest.mark.parametrize(
    ("options", "message"),  # the options as typed after vp-connect4 --text
    [
        ("--port 99999", "--port: must be a whole number from 0 to 65535, got '99999'"),
        ("--port -1", "--port: must be a whole number from 0 to 65535, got '-1'"),
        ("--o-ply 99999999999999999999", "--o-ply: must be a whole number from 0 to 42 (the cells of the board)"),
        ("--o-ply 21 --size 5x4", "--o-ply: must be a whole number from 0 to 20 (the cells of the board)"),
        ("--x-ply ٣", "--x-ply: must be a whole number from 0 to the cells of the board, or perfect, got '٣'"),
        ("--size 3x3", "--size: a board size is WxH, width and height each from 4 to 10 (e.g. 7x6), got '3x3'"),
        ("--size 11x6", "--size: a board size is WxH, width and height each from 4 to 10 (e.g. 7x6), got '11x6'"),
        ("--size 7", "--size: a board size is WxH, width and height each from 4 to 10 (e.g. 7x6), got '7'"),
        ("--moves 3a", "--moves: move 2 of '3a' is 'a'"),
        ("--moves 0000000", "--moves: move 7 of '0000000': column 0 is full"),
        ("--variant=", "--variant: unknown variant '': variants are standard, gravity:"),
        ("--variant ' '", "--variant: unknown variant ' ': variants are standard, gravity:"),
        ("--variant chance:0.9", "--variant: chance must be a probability from 0 to 0.5, got '0.9'"),
        ("--seed x", "--seed: must be a whole number (e.g. 7), got 'x'"),
        ("--seed ٣", "--seed: must be a whole number (e.g. 7), got '٣'"),
        ("--lang fr", "--lang: invalid choice: 'fr' (choose from 'en', 'nl')"),
        ("--port", "--port: expected one argument (vp-connect4 --help lists the options)"),
        ("--colour blue", "unrecognized arguments: --colour blue (vp-connect4 --help lists the options)"),
    ],
)
def test_bad_options_are_one_line_errors(options: str, message: str) -> None:
    result = run("--text", *shlex.split(options))
    _out, err = text(result)
    assert result.returncode == 2, err
    lines = err.splitlines()
    assert len(lines) == 1 and message in lines[0] and lines[0].startswith("vp-connect4: error: "), err


@pytest.mark.parametrize(
    ("options", "allowed"),
    [
        (["--port", "99999"], "from 0 to 65535"),
        (["--x-ply", "deep"], "from 0 to the cells of the board"),
        (["--size", "11x6"], "from 4 to 10"),
        (["--seed", "x"], "a whole number"),
        (["--variant", "chance:0.9"], "from 0 to 0.5"),
        (["--variant", "swap:0"], "from 1 to 99"),
        (["--variant", "gravity:turn:100"], "from 1 to 99"),
        (["--variant", "sideways"], "gravity:down|up|left|right|down-left|down-right"),
        (["--moves", "7"], "0-6"),
        (["--lang", "fr"], "nl"),
    ],
)
def test_help_and_the_errors_name_the_same_range(options: list[str], allowed: str) -> None:
    """What ``--help`` says an option takes is what its error says is allowed, word for word."""
    helped = " ".join(text(run("--help"))[0].split())  # argparse wraps its lines
    listed = helped[helped.index(" options: ") :]
    entry = listed.split(f" {options[0]} ", 1)[1].split(" --")[0]  # the option's help, up to the next option
    _out, err = text(run("--text", *options))
    assert allowed in entry, entry
    assert allowed in err and options[0] in err, err


def test_stdin_closed_is_one_line_and_a_non_zero_exit() -> None:
    command = ["sh", "-c", 'exec "$0" -m vp_connect4 --text <&-', sys.executable]
    result = subprocess.run(command, capture_output=True, timeout=60, env=ENV, cwd=ROOT)
    out, err = text(result)
    assert result.returncode == 1, (out, err)
    assert err.splitlines() == [
        "vp-connect4: error: there is no input (stdin is closed), so nobody can type a move: give the game a "
        "terminal, or let the computer play both sides (--x ai --o ai)"
    ]
    assert out == ""
    command[2] = 'exec "$0" -m vp_connect4 --text --x ai --o ai --x-ply 1 --o-ply 1 --seed 1 <&-'  # needs no input
    result = subprocess.run(command, capture_output=True, timeout=60, env=ENV, cwd=ROOT)
    assert result.returncode == 0 and text(result)[1] == "" and "Moves: " in text(result)[0]


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full here")
@pytest.mark.parametrize(
    "options",
    [("--text", "--x", "ai", "--o", "ai", "--x-ply", "1", "--o-ply", "1"), ("--analyse", "--moves", "33"), ("--help",),
     ("--text",)],
)  # fmt: skip
def test_a_full_disk_is_one_line_and_a_non_zero_exit(options: tuple[str, ...]) -> None:
    with open("/dev/full", "wb") as full:
        result = subprocess.run(
            [sys.executable, "-m", "vp_connect4", *options], stdin=subprocess.DEVNULL, stdout=full,
            stderr=subprocess.PIPE, timeout=60, env=ENV, cwd=ROOT,
        )  # fmt: skip
    err = result.stderr.decode()
    assert result.returncode == 1, err
    assert err.splitlines() == ["vp-connect4: error: cannot write the output: No space left on device"]


def test_a_finished_game_given_by_moves_is_shown_as_finished_with_exit_code_3() -> None:
    result = run("--text", "--moves", "0101010", stdin=b"3\n")
    out, err = text(result)
    assert result.returncode == 3 and err == "", err
    assert "|X|O| | | | | |" in out and "choice" not in out  # the board; nothing asked
    assert out.splitlines()[-3:] == [
        "X wins!", "(Nothing to play: the moves given had ended the game.)", "Moves: 0101010"
    ]  # fmt: skip
    assert "congratulations" not in out.lower()
    helped = " ".join(text(run("--help"))[0].split())
    assert "3 nothing to play: the game given by --moves is over already" in helped
    readme = " ".join((ROOT / "README.md").read_text().split())
    assert "3 nothing to play, as the game given by `--moves` is over already" in readme


def test_a_port_in_use_is_a_one_line_error() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        number = taken.getsockname()[1]
        result = run("--no-browser", "--port", str(number), timeout=30)
    out, err = text(result)
    assert result.returncode == 2, (out, err)
    assert f"port {number} cannot be used" in err.strip().splitlines()[-1]
    assert "Traceback" not in err


def test_moves_start_the_text_game_from_a_position_and_the_last_line_replays_it() -> None:
    out, err = text(run("--text", "--moves", "334455", "--x", "human", "--o", "human", stdin=b"0\n"))
    assert "Traceback" not in err
    assert "| | | |X|X|X| |" in out  # the start position is on the first board shown
    assert "Moves so far: 3344550" in out  # the start moves and the move played, from the empty board
    out, _ = text(run("--text", "--moves", "334455", "--x", "human", "--o", "human", stdin=b"2\n"))
    assert "X wins!" in out and "Moves: 3344552" in out


def test_analyse_prints_each_columns_outcome_where_the_game_starts_and_exits() -> None:
    out, err = text(run("--analyse", "--moves", "3344"))
    assert err == ""
    assert out.splitlines()[-1] == (
        "With perfect play, for X (moves of both sides counted): 0: loses in 32  1: loses in 34  2: wins in 3  "
        "3: wins in 35  4: wins in 35  5: wins in 3  6: loses in 34"
    )
    out, _ = text(run("--analyse", "--moves", "3344", "--lang", "nl"))
    dutch = "Bij perfect spel, voor X (zetten van beide kanten geteld): 0: verliest in 32"
    assert out.splitlines()[-1].startswith(dutch)
    result = run("--analyse", "--moves", "0101010")
    assert result.returncode == 3 and "X has four in a row" in text(result)[0]  # nothing to analyse


@pytest.mark.parametrize(
    "options",
    [
        ("--variant", "gravity:down-right"),
        ("--variant", "gravity:down-left", "--size", "9x7"),
        ("--size", "9x7"),
        ("--variant", "gravity:down-right+tetris+flip", "--size", "5x4"),
        ("--size", "5x4"),
    ],
)
def test_an_ai_duel_plays_to_a_result_under_any_rules_on_any_size(options: tuple[str, ...]) -> None:
    result = run("--text", "--x", "ai", "--o", "ai", "--x-ply", "2", "--o-ply", "2", "--seed", "1", *options)
    out, err = text(result)
    assert result.returncode == 0 and err == "", err
    last = out.strip().splitlines()
    assert last[-2].startswith(("X wins", "O wins", "It's a draw")) and last[-1].startswith("Moves: ")
    width = int(options[options.index("--size") + 1][0]) if "--size" in options else 7
    numbers = next(line for line in out.splitlines() if line.startswith(" 0 1 2 3"))
    assert numbers.endswith(f" {width - 1}")  # the board drawn is as wide as asked: its last column's number


def test_the_help_names_every_command_a_student_or_teacher_types() -> None:
    said = " ".join(run("--help").stdout.decode().split())  # the help's lines joined again
    for command in ("check player.py", "think --player player.py", "tourney a.py b.py", "autograder", "cluster-keys"):
        assert f"vp-connect4 {command}" in said, said
