"""The terminal game: the seed's play_game runs, host_game, and a person typing anything at all."""

import builtins

import pytest

import main
from vp_connect4 import Board, Player
from vp_connect4.text_ui import play_in_terminal


def scripted(answers):
    """An input function that answers from a list, then raises EOFError like a closed terminal."""
    answers = list(answers)
    prompts = []

    def fake_input(prompt=""):
        prompts.append(prompt)
        if not answers:
            raise EOFError
        answer = answers.pop(0)
        if isinstance(answer, BaseException):
            raise answer
        return answer

    fake_input.prompts = prompts
    return fake_input


SEED_GAMES = [
    (
        0,
        0,
        "X",
        ["|O|O|O| | | | |", "|X|X|X| | | | |", "|O|O|O| | | | |", "|X|X|X| | | | |", "|O|O|O| | | | |",
         "|X|X|X|X| | | |"],
    ),
    (
        1,
        1,
        "X",
        ["|O|O| | | | | |", "|X|X| | | | | |", "|O|O| | | | | |", "|X|X| | | | | |", "|O|O|O| | | | |",
         "|X|X|X|X| | | |"],
    ),
    (
        3,
        2,
        "O",
        ["|O|O|X|X|O|O| |", "|X|X|O|O|X|X| |", "|O|O|X|X|O|O| |", "|X|X|O|O|X|X| |", "|O|O|X|O|O|O|O|",
         "|X|X|X|O|X|X|X|"],
    ),
]  # fmt: skip


@pytest.mark.parametrize("x_ply, o_ply, winner, rows", SEED_GAMES)
def test_play_game_seed_runs(capsys, x_ply, o_ply, winner, rows):
    b = Board(7, 6)
    assert b.play_game(Player("X", "LEFT", x_ply), Player("O", "LEFT", o_ply)) is None
    assert repr(b).split("\n")[:6] == rows
    assert b.wins_for(winner) and not b.wins_for("O" if winner == "X" else "X")
    out = capsys.readouterr().out
    assert f"{winner} wins!" in out


def test_host_game_two_people(monkeypatch, capsys):
    # the seed's sample game: X wins along the bottom row
    monkeypatch.setattr(builtins, "input", scripted(["3", "4", "2", "4", "1", "2", "0"]))
    b = Board(7, 6)
    b.host_game()
    assert b.data[5] == ["X", "X", "X", "X", "O", " ", " "]
    out = capsys.readouterr().out
    assert "X wins -- Congratulations!" in out  # the seed's transcript (tests/test_transcripts.py), not our --text game
    assert "Moves:" not in out


class Collect:
    """An ``out`` function that keeps what the game prints."""

    def __init__(self):
        self.lines = []

    def __call__(self, *parts):
        self.lines.append(" ".join(str(part) for part in parts))

    @property
    def text(self):
        return "\n".join(self.lines)


def test_bad_input_is_asked_again():
    out = Collect()
    # X: 2; then columns 0 filled alternately O X O X O X; the 7th '0' is refused; then 1
    answers = scripted(["", "abc", "7", "-1", "3.5", " 2 ", "0", "0", "0", "0", "0", "0", "0", "1"])
    b = Board(7, 6)
    outcome = play_in_terminal(b, "human", "human", input_fn=answers, out=out)
    assert "Please type a column number from 0 to 6." in out.text
    assert "column 7 is off the board" in out.text
    assert "column -1 is off the board" in out.text
    assert "column 0 is full" in out.text
    assert outcome is None  # input ran out before anyone won
    assert b.data[5][2] == "X"
    assert [row[0] for row in b.data] == ["X", "O", "X", "O", "X", "O"]
    assert b.data[5][1] == "O"  # the refused '0' did not cost O its turn
    assert "Game stopped. Moves so far: 20000001" in out.text


@pytest.mark.parametrize("ending", [EOFError(), KeyboardInterrupt()])
def test_end_of_input_or_ctrl_c_ends_cleanly(ending):
    out = Collect()
    b = Board(7, 6)
    outcome = play_in_terminal(b, "human", Player("O", "LEFT", 1), input_fn=scripted(["3", ending]), out=out)
    assert outcome is None
    assert "Game stopped. Moves so far: 30" in out.text
    assert b.count("X") == 1 and b.count("O") == 1


def test_a_human_loses_against_the_ai_and_is_told():
    out = Collect()
    b = Board(7, 6)
    # a 1-ply LEFT AI stacks column 0 and takes the win the person leaves it
    outcome = play_in_terminal(b, "human", Player("O", "LEFT", 1), input_fn=scripted(["6", "6", "6", "5"]), out=out)
    assert outcome.winner == "O" and len(outcome.spots) == 4
    assert "O wins -- the computer beats you this time." in out.text
    assert "Moves: 60606050" in out.text


def test_a_human_wins_against_the_ai_and_is_told():
    out = Collect()
    outcome = play_in_terminal(Board(7, 6), "human", Player("O", "LEFT", 0), input_fn=scripted("3456"), out=out)
    assert outcome.winner == "X"
    assert "X wins -- you win, congratulations!" in out.text


def test_draw_is_announced():
    out = Collect()
    b = Board(2, 2)
    outcome = play_in_terminal(b, "human", "human", input_fn=scripted(["0", "1", "0", "1"]), out=out)
    assert outcome.winner is None and str(outcome) == "draw"
    assert "It's a draw: the board is full." in out.text


def test_players_must_match_their_side():
    with pytest.raises(ValueError, match="give it checker 'X'"):
        play_in_terminal(Board(), Player("O", "LEFT", 1), "human")
    with pytest.raises(ValueError, match="'human'"):
        play_in_terminal(Board(), "robot", "human")


def test_main_text_game_two_ais(capsys):
    assert main.main(["--text", "--x", "ai", "--o", "ai", "--x-ply", "1", "--o-ply", "2", "--tiebreak", "LEFT"]) == 0
    out = capsys.readouterr().out
    assert "Moves: " in out
    assert "wins!" in out or "draw" in out


def test_main_text_game_human_against_ai(monkeypatch, capsys):
    monkeypatch.setattr(builtins, "input", scripted(["x", "9", "3"]))
    assert main.main(["--text", "--o-ply", "1", "--seed", "1"]) == 1  # input ends: stopped, exit 1
    out = capsys.readouterr().out
    assert "Please type a column number" in out
    assert "column 9 is off the board" in out
    assert "O (ply 1) plays column" in out


def test_a_perfect_ai_is_named_perfect(capsys):
    options = ["--x", "ai", "--o", "ai", "--x-ply", "1", "--o-ply", "perfect", "--tiebreak", "LEFT"]
    assert main.main(["--text", *options]) == 0
    out = capsys.readouterr().out
    assert "X (ply 1) plays column" in out and "O (perfect) plays column" in out
    assert "O wins!" in out  # perfect play beats ply 1


@pytest.mark.parametrize("bad", [["--x-ply", "-2"], ["--o-ply", "deep"], ["--x", "robot"], ["--tiebreak", "MIDDLE"]])
def test_main_rejects_bad_options(bad, capsys):
    with pytest.raises(SystemExit) as info:
        main.main(["--text", *bad])
    assert info.value.code == 2
    assert "error" in capsys.readouterr().err


def test_a_question_mark_shows_each_columns_outcome_with_perfect_play_and_asks_again():
    out = Collect()
    answers = scripted(["?", "3", "?"])  # the empty board, then O's answers after X's centre
    outcome = play_in_terminal(Board(7, 6), "human", "human", input_fn=answers, out=out)
    assert outcome is None
    assert "Type ? instead of a column" in out.text
    analyses = [line for line in out.lines if line.startswith("With perfect play")]
    assert analyses == [
        "With perfect play, for X (moves of both sides counted): 0: loses in 40  1: loses in 42  2: draw  "
        "3: wins in 41  4: draw  5: loses in 42  6: loses in 40",
        "With perfect play, for O (moves of both sides counted): 0: loses in 34  1: loses in 38  2: loses in 38  "
        "3: loses in 40  4: loses in 38  5: loses in 38  6: loses in 34",
    ]
    assert "Game stopped. Moves so far: 3" in out.text  # the question cost no turn


def test_an_analysis_not_ready_at_once_says_it_is_being_worked_out_then_gives_the_outcomes(monkeypatch):
    from vp_connect4.engine.exact import perfect

    asked = []

    def slow_then_done(position, seconds):  # the first, quick try runs out of time on columns 2 and 4
        asked.append(seconds)
        if len(asked) == 1:
            return [-40, -42, None, 41, None, -42, -40], False
        return [-40, -42, 0, 41, 0, -42, -40], True

    monkeypatch.setattr(perfect, "outcomes_in_time", slow_then_done)
    out = Collect()
    play_in_terminal(Board(7, 6), "human", "human", input_fn=scripted(["?"]), out=out)
    assert asked[0] < 1 and sum(asked) == pytest.approx(10)  # a quick try, then the rest of the 10 s
    assert "(Working out the outcomes with perfect play: 5 of 7 columns so far…)" in out.lines
    analysis = next(line for line in out.lines if line.startswith("With perfect play"))
    assert analysis.endswith("2: draw  3: wins in 41  4: draw  5: loses in 42  6: loses in 40")  # no "?" left


@pytest.mark.parametrize(
    ("size", "variant", "exact"),
    [((7, 6), "standard", True), ((4, 4), "gravity:left", True), ((4, 6), "standard", True),
     ((5, 6), "standard", False), ((7, 6), "flip", False)],
)  # fmt: skip
def test_the_top_level_says_perfect_only_where_perfect_play_is_within_reach(size, variant, exact):
    from vp_connect4.levels import PerfectPlayer

    out = Collect()
    board = Board(*size, variant=variant)
    perfect = PerfectPlayer("O", "LEFT", move_budget=0.05, solver_budget=0.05)
    play_in_terminal(board, "human", perfect, input_fn=scripted(["0"]), out=out)
    announced = [line for line in out.text.splitlines() if line.startswith("O (")]
    assert announced and announced[0].startswith("O (perfect) " if exact else "O (deepest search) ")
    assert ("O at the top level: perfect play is out of reach" in out.text) is not exact
