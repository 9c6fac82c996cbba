"""``vp-connect4 tourney a.py b.py ...``: a round robin of player files (and our levels) to a table and a file."""

from __future__ import annotations

import csv
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ROOT

from vp_connect4.board import RulesBoard
from vp_connect4.player import Player
from vp_connect4.students.files import BuiltinPlayer, PlayerFile
from vp_connect4.students.tourney import Tournament, entrants_of, sources_of

pytestmark = pytest.mark.timeout(240)

ENV = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONIOENCODING="utf-8")
EXAMPLES = ROOT / "examples"


def tourney(*arguments: str, cwd: Path = ROOT) -> tuple[int, str, str]:
    result = subprocess.run(
        [sys.executable, "-m", "vp_connect4", "tourney", *arguments],
        capture_output=True,
        timeout=200,
        env=ENV,
        cwd=cwd,
        stdin=subprocess.DEVNULL,
    )
    return result.returncode, result.stdout.decode(), result.stderr.decode()


@pytest.mark.slow
def test_three_examples_and_our_levels_play_to_a_table_and_a_file_and_the_hanging_one_forfeits(tmp_path: Path) -> None:
    for name in ("player.py", "wrong_player.py", "hanging_player.py"):
        (tmp_path / name).write_text((EXAMPLES / name).read_text())
    code, out, err = tourney(
        "player.py", "wrong_player.py", "hanging_player.py", "--with-builtin", "--builtin-levels", "1",
        "--ply", "1", "--move-time", "2", "--seed", "7", "--out", "results.json", cwd=tmp_path,
    )  # fmt: skip
    assert code == 0, out + err
    assert "Traceback" not in err and "12/12 games" in err  # the progress, on stderr
    lines = out.splitlines()
    assert lines[0].startswith("Tournament: 4 players, 12 games at ply 1 (seed 7), ")  # ... 2 at a time (cores)
    header = next(index for index, line in enumerate(lines) if line.startswith("#  player"))
    assert lines[header].split() == ["#", "player", "games", "won", "drawn", "lost", "forfeited", "points"]
    table = {line.split()[1]: line.split()[2:] for line in lines[header + 2 : header + 6]}
    assert set(table) == {"player.py", "wrong_player.py", "hanging_player.py", "built-in"}
    assert table["hanging_player.py"] == ["6", "0", "0", "6", "6", "0"]  # every game forfeited: lost
    assert lines[header + 5].split()[1] == "hanging_player.py"  # last
    assert "hanging_player.py forfeited 6 games; the first time:" in out
    assert "gave no answer within 2 s, so its process was stopped" in out
    assert "Every game and its moves: results.json" in out
    assert "did not follow its own scores" not in out  # wrong_player.py's moves follow its own (wrong) scores
    results = json.loads((tmp_path / "results.json").read_text())
    assert results["settings"] == {
        "ply": 1, "games_per_colour": 1, "seed": 7, "format": "round-robin", "tiebreak": "RANDOM", "move_time": 2.0,
        "players": ["player.py", "wrong_player.py", "hanging_player.py", "built-in ply 1"],
    }  # fmt: skip
    assert [standing["player"] for standing in results["standings"]][-1] == "hanging_player.py"
    games = results["games"]
    names = [_name(word) for word in table]
    assert sorted((game["x"], game["o"]) for game in games) == sorted((x, o) for x in names for o in names if x != o)
    for game in games:
        board = RulesBoard()
        board.set_board(game["moves"])  # a real game, to be replayed
        if "hanging_player.py" in (game["x"], game["o"]):
            assert game["forfeit"] == "hanging_player.py" and game["winner"] not in ("", "hanging_player.py")
        else:
            assert game["forfeit"] == "" and (board.is_full() or board.wins_for("X") or board.wins_for("O"))


def _name(first_word: str) -> str:
    return "built-in ply 1" if first_word == "built-in" else first_word


def test_the_csv_file_has_a_row_per_game_with_its_moves(tmp_path: Path) -> None:
    (tmp_path / "player.py").write_text((EXAMPLES / "player.py").read_text())
    code, out, err = tourney("player.py", "--with-builtin", "--builtin-levels", "0", "--ply", "1", "--games", "2",
                             "--seed", "3", cwd=tmp_path)  # fmt: skip
    assert code == 0, out + err
    with (tmp_path / "tourney.csv").open(newline="") as file:
        rows = list(csv.DictReader(file))
    assert [row["game"] for row in rows] == ["1", "2", "3", "4"]
    assert list(rows[0]) == ["game", "seed", "x", "o", "result", "winner", "forfeit", "reason", "moves",
                             "ply", "games_per_colour", "tourney_seed", "players", "format", "tiebreak",
                             "strayed", "failure"]  # fmt: skip
    assert {row["strayed"] for row in rows} == {""}  # its moves follow its own scores
    assert [row["tourney_seed"] for row in rows] == ["3"] * 4 and rows[0]["players"] == "2"
    assert {row["result"] for row in rows} <= {"1-0", "0-1", "1/2-1/2"} and all(row["moves"] for row in rows)


def test_the_same_seed_plays_the_same_games_however_many_run_at_once() -> None:
    sources = sources_of([str(EXAMPLES / "player.py")], ["1"])
    entrants = entrants_of(sources, 30.0)
    first = Tournament(entrants, ply=1, games=2, seed=11)
    first.play(workers=2)
    again = Tournament(entrants, ply=1, games=2, seed=11)
    again.play(workers=1)
    assert [r.moves for r in first.results] == [r.moves for r in again.results]
    other = Tournament(entrants, ply=1, games=2, seed=12)
    other.play(workers=2)
    assert [r.moves for r in other.results] != [r.moves for r in first.results]  # RANDOM tiebreaks drawn anew


def test_a_file_that_does_not_load_forfeits_every_game_without_playing(tmp_path: Path) -> None:
    broken = tmp_path / "broken.py"
    broken.write_text("def scores_for(b):\n    return [\n")
    entrants = entrants_of([PlayerFile.parse(str(broken)), *sources_of([], ["0"])], 30.0)
    assert entrants[0].failure is not None and "SyntaxError" in entrants[0].failure.lines[-1]
    assert entrants[1].failure is None and isinstance(entrants[1].source, BuiltinPlayer)
    tournament = Tournament(entrants, ply=1, seed=1)
    tournament.play(workers=1)
    assert [(r.winner, r.forfeit, r.moves) for r in tournament.results] == [("O", "X", ""), ("X", "O", "")]
    standings = tournament.standings()
    assert standings[0].entrant.name == "built-in ply 0" and standings[0].points == 2
    assert standings[1].forfeits == 2


def test_bad_command_lines_are_one_line_errors() -> None:
    code, _, err = tourney("examples/player.py")
    assert code == 2 and err.strip().splitlines()[-1].endswith(
        "a tournament needs at least two players (files, or --with-builtin); got 1"
    )
    code, _, err = tourney("examples/player.py", "examples/nothere.py")
    assert code == 2 and err.strip().endswith("examples/nothere.py: there is no such file.")
    code, _, err = tourney("examples/player.py", "--with-builtin", "--out", "results.txt")
    assert code == 2 and "must be a file name ending in .csv, .jsonl or .json, got 'results.txt'" in err


@pytest.mark.slow
def test_a_file_that_runs_out_of_time_is_waited_for_once_then_forfeits_its_later_games_at_once(tmp_path: Path) -> None:
    for name, example in (("a.py", "player.py"), ("b.py", "player.py"), ("hangs.py", "hanging_player.py")):
        (tmp_path / name).write_text((EXAMPLES / example).read_text())
    code, out, err = tourney("a.py", "b.py", "hangs.py", "--ply", "1", "--games", "3", "--move-time", "3",
                             "--seed", "2", cwd=tmp_path)  # fmt: skip
    assert code == 0, out + err
    with (tmp_path / "tourney.csv").open(newline="") as file:
        rows = [row for row in csv.DictReader(file) if row["forfeit"] == "hangs.py"]
    assert len(rows) == 12  # all its games, lost
    waited = [row for row in rows if "gave no answer within 3 s" in row["reason"]]
    assert 1 <= len(waited) <= max(2, len(os.sched_getaffinity(0)))  # the games in flight when it first ran out
    assert all("gave no answer in time in an earlier game" in row["reason"] and row["moves"] == ""
               for row in rows if row not in waited)  # fmt: skip


@pytest.mark.parametrize(
    ("name", "content"),
    [
        ("bytes.csv", b"\xff\xfe\x00not text"),
        ("nested.json", b"[" * 100_000),
        ("nested.jsonl", b'{"settings": {}}\n' + b"[" * 100_000 + b"\n{}\n"),
    ],
)
def test_resuming_a_file_that_is_no_results_file_is_one_line(tmp_path: Path, name: str, content: bytes) -> None:
    (tmp_path / name).write_bytes(content)
    for player in ("a.py", "b.py"):
        (tmp_path / player).write_text((ROOT / "examples" / "player.py").read_text())
    code, out, err = tourney("a.py", "b.py", "--resume", name, cwd=tmp_path)
    assert code == 2 and "Traceback" not in err and f"{name} holds" in err, out + err


def test_tiebreak_sets_every_players_tiebreak_and_is_part_of_the_tournament(tmp_path: Path) -> None:
    for name in ("a.py", "b.py"):
        (tmp_path / name).write_text((EXAMPLES / "player.py").read_text())
    moves = []
    for seed in ("1", "2"):
        code, out, err = tourney("a.py", "b.py", "--ply", "2", "--tiebreak", "LEFT", "--seed", seed,
                                 "--out", f"{seed}.csv", cwd=tmp_path)  # fmt: skip
        assert code == 0, out + err
        with (tmp_path / f"{seed}.csv").open(newline="") as file:
            rows = list(csv.DictReader(file))
        assert {row["tiebreak"] for row in rows} == {"LEFT"}
        moves.append([row["moves"] for row in rows])
    assert moves[0] == moves[1]  # LEFT: no chance left in the games, whatever the seed
    code, _, err = tourney("a.py", "b.py", "--tiebreak", "RIGHT", "--resume", "1.csv", cwd=tmp_path)
    assert code == 2 and "1.csv holds the results of another tournament" in err


@pytest.mark.slow
def test_check_runs_the_check_on_every_file_first_and_shows_its_verdict_as_a_column(tmp_path: Path) -> None:
    for name, example in (("right.py", "player.py"), ("wrong.py", "wrong_player.py")):
        (tmp_path / name).write_text((EXAMPLES / example).read_text())
    code, out, err = tourney("right.py", "wrong.py", "--with-builtin", "--builtin-levels", "1", "--ply", "2",
                             "--check", "--seed", "1", cwd=tmp_path)  # fmt: skip
    assert code == 0, out + err
    lines = out.splitlines()
    head = next(index for index, line in enumerate(lines) if line.split()[:2] == ["#", "player"])
    assert lines[head].split()[-1] == "check"
    rows = [re.split(r"\s{2,}", line.strip()) for line in lines[head + 2 : head + 5]]
    verdicts = {row[1]: row[8] if len(row) > 8 else "" for row in rows}
    assert verdicts == {"right.py": "agrees", "wrong.py": "differs: scores_for, ply 2", "built-in ply 1": ""}


def test_check_says_why_a_file_fails(tmp_path: Path) -> None:
    """``fails`` with what kind of failure, and where (issue 37: ``fails`` said nothing more)."""
    (tmp_path / "right.py").write_text((EXAMPLES / "player.py").read_text())
    (tmp_path / "raising.py").write_text((EXAMPLES / "raising_player.py").read_text())
    (tmp_path / "broken.py").write_text("x = (\n")
    code, out, err = tourney("right.py", "raising.py", "broken.py", "--ply", "1", "--check", "--seed", "1",
                             cwd=tmp_path)  # fmt: skip
    assert code == 0, out + err
    lines = out.splitlines()
    head = next(index for index, line in enumerate(lines) if line.split()[:2] == ["#", "player"])
    rows = [re.split(r"\s{2,}", line.strip()) for line in lines[head + 2 : head + 5]]
    verdicts = {row[1]: row[8] for row in rows}
    assert verdicts == {"right.py": "agrees", "raising.py": "fails: next_move, ply 0, raises an error",
                        "broken.py": "fails: does not load"}  # fmt: skip


# Its scores_for is the reference's (examples/player.py's), and so is its next_move where the check asks it (right
# after scores_for on the same board); in a game it plays the rightmost column that is open, whatever its scores say.
TWO_FACED = '''

    def scores_for(self, b):
        self.asked_on = [row[:] for row in b.data]
        return self.reference_scores_for(b)

    def next_move(self, b):
        if getattr(self, "asked_on", None) == b.data:
            return self.tiebreak_move(self.reference_scores_for(b))
        return max(col for col in range(b.width) if b.allows_move(col))
'''

# Its next_move plays its scores_for_tourney (scores_for's scores, the right of equal ones a little higher).
PLAYS_ITS_TOURNEY_SCORES = '''

    def scores_for_tourney(self, b):
        return [score + col / 1000 if score >= 0 else score for col, score in enumerate(self.scores_for(b))]

    def next_move(self, b):
        return self.tiebreak_move(self.scores_for_tourney(b))
'''


def _two_faced() -> str:
    """examples/player.py with :data:`TWO_FACED` added to its Player (its own scores_for still there, as
    ``reference_scores_for``)."""
    text = (EXAMPLES / "player.py").read_text()
    text = text.replace("    def scores_for(self, b):", "    def reference_scores_for(self, b):")
    text = text.replace("op.scores_for(b)", "op.reference_scores_for(b)")
    return text + TWO_FACED


@pytest.mark.slow
def test_a_file_whose_moves_do_not_follow_its_own_scores_is_reported_and_its_check_does_not_agree(
    tmp_path: Path,
) -> None:
    (tmp_path / "right.py").write_text((EXAMPLES / "player.py").read_text())
    (tmp_path / "two_faced.py").write_text(_two_faced())
    (tmp_path / "smart.py").write_text((EXAMPLES / "player.py").read_text() + PLAYS_ITS_TOURNEY_SCORES)
    code, out, err = tourney("right.py", "two_faced.py", "smart.py", "--ply", "1", "--tiebreak", "LEFT", "--check",
                             "--seed", "5", "--out", "results.jsonl", cwd=tmp_path)  # fmt: skip
    assert code == 0, out + err
    lines = out.splitlines()
    head = next(index for index, line in enumerate(lines) if line.split()[:2] == ["#", "player"])
    rows = [re.split(r"\s{2,}", line.strip()) for line in lines[head + 2 : head + 5]]
    verdicts = {row[1]: row[8] for row in rows}
    assert verdicts["right.py"] == "agrees"
    assert verdicts["two_faced.py"] == "differs: next_move in its games"  # the check alone: agrees
    assert verdicts["smart.py"] == "differs: next_move, ply 0"  # the check's: its next_move plays the right of ties
    said = out[out.index("two_faced.py: in ") :].split("\n\n")[0].splitlines()
    assert re.fullmatch(
        r"two_faced\.py: in [1-4] of its 4 games the move checked did not follow its own scores \(it is flagged; "
        r"the games stand as played\)\. The first:",
        said[0],
    ), said
    move = r"  game (\d+), ([XO]) to move, b\.set_board\('(\d*)'\): its next_move\(b\) played (\d)"
    found = re.fullmatch(move, said[1])
    assert found is not None, said
    game, side, before, played = found.groups()
    board = RulesBoard()
    board.set_board(before)
    scores = Player(side, "LEFT", 1).scores_for(board)
    assert int(played) == max(col for col in range(7) if board.allows_move(col))  # the rightmost open column
    assert said[2] == f"  its scores_for(b) there: {scores}, by which tiebreak LEFT plays {scores.index(max(scores))}"
    assert len(said) == 3
    assert "right.py: in " not in out and "smart.py: in " not in out  # their moves follow their own scores
    rows_read = [json.loads(line) for line in (tmp_path / "results.jsonl").read_text().splitlines()[1:]]
    strays = {row["game"]: row["strayed"] for row in rows_read if row["strayed"]}
    assert {stray["player"] for strayed in strays.values() for stray in strayed} == {"two_faced.py"}
    assert strays[int(game)][0] == {"player": "two_faced.py", "side": side, "before": before, "played": int(played),
                                    "asked": [{"method": "scores_for", "scores": scores,
                                               "best": [scores.index(max(scores))], "error": ""}]}  # fmt: skip
    # read back: the same report, nothing played again
    code, again, err = tourney("right.py", "two_faced.py", "smart.py", "--resume", "results.jsonl", cwd=tmp_path)
    assert code == 0 and "\n".join(said) in again, again + err


def test_the_strays_go_into_the_csv_file_after_the_settings_and_come_back_on_resume(tmp_path: Path) -> None:
    (tmp_path / "two_faced.py").write_text(_two_faced())
    code, out, err = tourney("two_faced.py", "--with-builtin", "--builtin-levels", "0", "--ply", "1", "--tiebreak",
                             "LEFT", "--seed", "3", cwd=tmp_path)  # fmt: skip
    assert code == 0, out + err
    with (tmp_path / "tourney.csv").open(newline="") as file:
        rows = list(csv.DictReader(file))
    assert list(rows[0])[-2:] == ["strayed", "failure"]
    strays = [json.loads(row["strayed"]) for row in rows if row["strayed"]]
    assert strays and all(stray["player"] == "two_faced.py" for strayed in strays for stray in strayed)
    said = out[out.index("two_faced.py: in ") :].split("\n\n")[0]
    code, again, err = tourney("two_faced.py", "--with-builtin", "--builtin-levels", "0", "--resume", "tourney.csv",
                               cwd=tmp_path)  # fmt: skip
    assert code == 0 and said in again, again + err
