"""A student's player file in the text game: ``--x examples/player.py`` against a person typing on stdin."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from conftest import ROOT

pytestmark = pytest.mark.timeout(180)

ENV = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONIOENCODING="utf-8")
EVERY_COLUMN = "".join(f"{col}\n" * 6 for col in range(7)).encode()  # a person who fills the columns in turn


def game(*options: str, stdin: bytes = b"") -> tuple[int, str, str]:
    result = subprocess.run(
        [sys.executable, "-m", "vp_connect4", *options], input=stdin, capture_output=True, timeout=150, env=ENV,
        cwd=ROOT,
    )  # fmt: skip
    return result.returncode, result.stdout.decode(), result.stderr.decode()


def test_the_example_player_plays_x_against_a_person_to_a_result() -> None:
    code, out, err = game("--text", "--x", "examples/player.py", "--o", "human", "--ply", "2", stdin=EVERY_COLUMN)
    assert code == 0 and err == "", err
    assert "X (examples/player.py, ply 2) plays column" in out
    lines = out.strip().splitlines()
    assert lines[-2] == "X wins -- the computer beats you this time." and lines[-1].startswith("Moves: ")


def test_a_player_file_as_o_with_its_own_ply_and_time_limit() -> None:
    code, out, err = game("--text", "--o", "examples/cs111_player.py", "--o-ply", "1", "--move-time", "20",
                          "--x", "human", stdin=EVERY_COLUMN)  # fmt: skip
    assert code == 0 and err == "", err
    assert "O (examples/cs111_player.py, ply 1) plays column" in out
    assert out.strip().splitlines()[-1].startswith("Moves: ")


def test_when_the_file_fails_the_person_makes_its_move_and_the_game_goes_on() -> None:
    code, out, err = game("--text", "--o", "examples/raising_player.py", "--ply", "1", stdin=b"3\n3\n2\n2\n4\n4\n1\n")
    assert code == 0 and "Traceback (most recent call last)" not in err
    assert (
        "examples/raising_player.py: Player('O', 'RANDOM', 1).next_move(b) raised an error (the lines of "
        "examples/raising_player.py below):"
    ) in out
    assert 'File "examples/raising_player.py", line 71, in next_move' in out
    assert "Make O's move yourself this time (its file is asked again next move), or press Ctrl-D to stop." in out
    assert "O (examples/raising_player.py, ply 1) plays column" not in out  # its moves were the person's
    lines = out.strip().splitlines()
    assert lines[-2] == "X wins -- you win, congratulations!" and lines[-1] == "Moves: 3322441"


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (["--x", "robot"], "argument --x: must be human, ai, or a player file ending in .py, got 'robot'"),
        (["--o", "examples/nothere.py"], "argument --o: examples/nothere.py: there is no such file."),
        (["--x", "examples/player.py", "--x-ply", "perfect"], "a player file looks a whole number of moves ahead"),
        (["--x", "examples/player.py", "--variant", "tetris"], "a student's Player plays the standard rules only"),
        (["--move-time", "0"], "argument --move-time: must be a number of seconds above 0 and at most 86400, got '0'"),
    ],
)
def test_bad_player_options_are_one_line_errors(options: list[str], message: str) -> None:
    code, _, err = game("--text", *options)
    assert code == 2 and message in err.strip().splitlines()[-1], err


def test_the_scene_refuses_a_player_file_under_a_rule_variant_before_it_starts() -> None:
    code, _, err = game("--x", "examples/player.py", "--variant", "tetris", "--no-browser")
    assert code == 2 and err.strip().endswith("a student's Player plays the standard rules only (no --variant)")


def test_a_file_that_does_not_load_ends_the_game_before_it_starts_in_words(tmp_path) -> None:  # type: ignore[no-untyped-def]
    broken = tmp_path / "broken.py"
    broken.write_text("class Player(:\n")
    code, out, err = game("--text", "--o", str(broken))
    assert code == 1 and out == ""
    assert err.startswith(f"{broken} could not be loaded") and "SyntaxError" in err


def test_a_game_over_already_with_a_player_file_is_nothing_to_play() -> None:
    """Exit code 3, as without a player file: the game given by --moves is over (X's four in column 0)."""
    code, out, err = game("--text", "--x", "examples/player.py", "--o", "human", "--moves", "0101010")
    assert (code, err) == (3, ""), err
    assert "X wins" in out


@pytest.mark.parametrize(
    ("options", "english", "dutch"),
    [
        (["--o", "examples/player.py"],
         "X: a person at this keyboard; O: the player file examples/player.py (ply 4). X moves first.",
         "X: iemand aan dit toetsenbord; O: het spelersbestand examples/player.py (ply 4). X begint."),
        (["--x", "examples/player.py", "--x-ply", "2", "--o", "ai", "--o-ply", "3"],
         "X: the player file examples/player.py (ply 2); O: the computer (ply 3). X moves first.",
         "X: het spelersbestand examples/player.py (ply 2); O: de computer (ply 3). X begint."),
        (["--x", "examples/player.py", "--o", "examples/wrong_player.py", "--ply", "1"],
         "X: the player file examples/player.py (ply 1); O: the player file examples/wrong_player.py (ply 1). "
         "X moves first.",
         "X: het spelersbestand examples/player.py (ply 1); O: het spelersbestand examples/wrong_player.py (ply 1). "
         "X begint."),
    ],
)  # fmt: skip
def test_the_opening_line_names_each_sides_player_file_in_english_and_dutch(options, english, dutch) -> None:
    for language, line in (("en", english), ("nl", dutch)):
        _, out, err = game("--text", "--lang", language, *options, "--moves", "33332211", stdin=b"")
        opening = out.strip().splitlines()[1]
        assert opening == line.replace(" X moves first.", " The game goes on after the moves 33332211: X to move.")\
            .replace(" X begint.", " Het spel gaat verder na de zetten 33332211: X is aan zet."), (opening, err)
