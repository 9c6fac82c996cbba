"""The seed's transcripts, word for word, in Dutch and in English; and our own terminal game in both.

``tests/data/seed_host_game.nl.txt`` is seed 003's ``host_game`` example (what IPython shows between
``In [2]: b.host_game()`` and ``In [3]:``, IPython's own blank line before ``In [3]:`` left out);
``.en.txt`` is the same in English. A terminal echoes what the student types after the prompt
(``Keuze van X:  3``: the prompt ``Keuze van X: ``, then `` 3``); a pipe does not.
"""

from __future__ import annotations

import builtins
import os
import re
import subprocess
import sys

import pytest
from conftest import ROOT

from vp_connect4 import Board, Player, wording

DATA = ROOT / "tests" / "data"
SEED_MOVES = ["3", "4", "2", "4", "1", "2", "0"]  # seed 003's game: X wins along the bottom row
TYPED = re.compile(r"^((?:Keuze van [XO]|[XO]'s choice): ) (\d)\n", re.MULTILINE)


def seed_host_game(lang: str) -> str:
    return (DATA / f"seed_host_game.{lang}.txt").read_text()


def piped(transcript: str) -> str:
    """The transcript as stdout holds it when the moves come from a pipe: no echo of what was typed."""
    return TYPED.sub(r"\1", transcript)


def typing(monkeypatch: pytest.MonkeyPatch, answers: list[str]) -> None:
    """input() as a terminal shows it: the prompt, then what the student types (`` 3``) and Enter."""
    queue = list(answers)

    def fake_input(prompt: str = "") -> str:
        answer = queue.pop(0)
        print(prompt + answer)
        return answer

    monkeypatch.setattr(builtins, "input", fake_input)


def environment(**language: str) -> dict[str, str]:
    """This environment with only the given language variables, and this checkout on the path."""
    env = {key: value for key, value in os.environ.items() if key not in wording.ENVIRONMENT}
    env.update(language, PYTHONPATH=str(ROOT))
    return env


def run(code_or_args: list[str], stdin: str, **language: str) -> str:
    result = subprocess.run(
        [sys.executable, *code_or_args],
        input=stdin,
        capture_output=True,
        text=True,
        env=environment(**language),
        cwd=ROOT,
        timeout=120,
    )
    assert result.returncode in (0, 1), result.stderr
    return result.stdout


HOST_GAME = ["-c", "from vp_connect4 import Board; Board(7, 6).host_game()"]


@pytest.mark.parametrize("lang", ["nl", "en"])
def test_host_game_prints_the_seed_transcript_word_for_word(monkeypatch: pytest.MonkeyPatch, capsys, lang) -> None:
    wording.use_language(lang)
    typing(monkeypatch, [" " + move for move in SEED_MOVES])
    Board(7, 6).host_game()
    assert capsys.readouterr().out == seed_host_game(lang) + "\n"


@pytest.mark.parametrize(
    "language, lang",
    [
        ({"LANG": "nl_NL.UTF-8"}, "nl"),
        ({"LANGUAGE": "nl", "LANG": "C"}, "nl"),  # LANGUAGE first, as gettext reads it
        ({"LANG": "C"}, "en"),
        ({}, "en"),
        ({"LANG": "fr_FR.UTF-8"}, "en"),  # no French catalogue: English
    ],
)
def test_host_game_in_a_real_program_speaks_the_environments_language(language, lang) -> None:
    out = run(HOST_GAME, "".join(move + "\n" for move in SEED_MOVES), **language)
    assert out == piped(seed_host_game(lang)) + "\n"


SEED_GAMES = [(0, 0, "X"), (1, 1, "X"), (3, 2, "O")]  # seed 000's three play_game examples


@pytest.mark.parametrize("x_ply, o_ply, winner", SEED_GAMES)
@pytest.mark.parametrize("lang, wins", [("nl", "{} wint!"), ("en", "{} wins!")])
def test_play_game_ends_as_the_seed_shows(capsys, x_ply, o_ply, winner, lang, wins) -> None:
    wording.use_language(lang)
    b = Board(7, 6)
    b.play_game(Player("X", "LEFT", x_ply), Player("O", "LEFT", o_ply))
    out = capsys.readouterr().out
    # "# Veel borden overgeslagen..." then the last board, a blank line and the winner
    assert out.endswith(f"\n{b!r}\n\n{wins.format(winner)}\n")
    assert "Moves" not in out and "Zetten" not in out and "plays column" not in out  # the seed prints boards only


@pytest.mark.parametrize("lang, ending", [("nl", "Gelijkspel!"), ("en", "Draw!")])
def test_play_game_draw_in_the_seeds_style(monkeypatch: pytest.MonkeyPatch, capsys, lang, ending) -> None:
    wording.use_language(lang)
    typing(monkeypatch, ["0", "1", "0", "1"])
    b = Board(2, 2)
    b.play_game("human", "human")
    assert capsys.readouterr().out.endswith(f"{b!r}\n\n{ending}\n")


HOST_GAME_DRAWS = [("nl", "Gelijkspel -- het bord is vol!"), ("en", "Draw -- the board is full!")]


@pytest.mark.parametrize("lang, ending", HOST_GAME_DRAWS)
def test_host_game_draw_in_the_seeds_style(monkeypatch: pytest.MonkeyPatch, capsys, lang, ending) -> None:
    wording.use_language(lang)
    typing(monkeypatch, ["0", "1", "0", "1"])
    b = Board(2, 2)
    b.host_game()
    assert capsys.readouterr().out.endswith(f"\n\n{ending}\n\n{b!r}\n")


@pytest.mark.parametrize(
    "options, language, words",
    [
        (["--lang", "nl"], {"LANG": "C"}, ["Welkom bij Vier op een rij!", "Keuze van X (0-6): ", "X wint!",
                                           "Zetten: 3424120"]),
        ([], {"LANG": "nl_NL.UTF-8"}, ["Keuze van O (0-6): ", "X wint!", "Zetten: 3424120"]),
        (["--lang", "en"], {"LANG": "nl_NL.UTF-8"}, ["Welcome to Connect Four!", "X's choice (0-6): ", "X wins!",
                                                    "Moves: 3424120"]),
        ([], {"LANG": "C"}, ["O's choice (0-6): ", "X wins!", "Moves: 3424120"]),
    ],
)  # fmt: skip
def test_the_text_game_speaks_lang_or_the_environment(options, language, words) -> None:
    out = run(["main.py", "--text", "--o", "human", *options], "".join(m + "\n" for m in SEED_MOVES), **language)
    for text in words:
        assert text in out


def test_the_text_game_says_bad_input_in_dutch() -> None:
    out = run(["main.py", "--text", "--o", "human", "--lang", "nl"], "x\n9\n3\n", LANG="C")
    assert "Typ een kolomnummer van 0 tot en met 6." in out
    assert "Dat kan niet: kolom 9 ligt buiten het bord: de kolommen zijn 0-6. Kies een andere kolom." in out
    assert "Spel gestopt. Zetten tot nu toe: 3" in out


def test_help_and_option_errors_in_dutch() -> None:
    result = subprocess.run(
        [sys.executable, "main.py", "--help"], capture_output=True, text=True, env=environment(LANG="nl_NL.UTF-8"),
        cwd=ROOT, timeout=60,
    )  # fmt: skip
    assert result.stdout.startswith("gebruik: vp-connect4")
    assert "toon deze hulptekst en stop" in result.stdout and "speel in de terminal" in result.stdout
    result = subprocess.run(
        [sys.executable, "main.py", "--lang", "nl", "--x-ply", "diep"], capture_output=True, text=True,
        env=environment(LANG="C"), cwd=ROOT, timeout=60,
    )  # fmt: skip
    assert result.returncode == 2
    expected = (
        "vp-connect4: fout: argument --x-ply: moet een geheel getal zijn van 0 tot en met het aantal vakken van het "
        "bord, of perfect, niet 'diep'\n"
    )
    assert result.stderr == expected  # one line: no usage lines before it


def test_errors_of_bad_input_are_said_in_the_language_of_the_moment() -> None:
    wording.use_language("nl")
    with pytest.raises(ValueError, match="kolom 7 ligt buiten het bord") as caught:
        Board(7, 6).add_move(7, "X")
    with pytest.raises(ValueError, match="ply moet een geheel getal"):
        Player("X", "LEFT", -1)
    wording.use_language("en")
    assert str(caught.value) == "column 7 is off the board: columns are 0-6"  # said when shown
