"""A class of 300: ``--rounds N`` (a Swiss system ranked by openskill ratings with their uncertainty) and
``--gauntlet`` (every file against our levels: the level it plays like). The pairings and ratings through the
public classes with games decided by a known strength (fast), then real tournaments of player files."""

from __future__ import annotations

import random
import re
import signal
import statistics
import subprocess
import sys
from collections import Counter
from pathlib import Path

import player_sources
import pytest
from conftest import ROOT
from test_students_tourney_survives import ENV, csv_rows, start, table_of, tourney, wait_for

from vp_connect4 import Board, Player
from vp_connect4.levels import Level
from vp_connect4.students.files import BuiltinPlayer
from vp_connect4.students.tournament.formats import Gauntlet, Swiss
from vp_connect4.students.tourney import Entrant, GameResult, Pairing, Tournament

pytestmark = pytest.mark.timeout(240)


def decided_by(strength: list[float], draws: float = 0.0, seed: int = 0):
    """A runner that plays no game: the stronger entrant wins (the weaker now and then, by chance)."""
    rng = random.Random(seed)

    def run(tournament: Tournament, pairings: list[Pairing]):
        for pairing in pairings:
            gap = strength[pairing.x] - strength[pairing.o]
            luck = rng.gauss(0, 1)
            winner = None if abs(gap + luck) < draws else ("X" if gap + luck > 0 else "O")
            yield GameResult(pairing, winner, "")

    return run


def entrants(count: int) -> list[Entrant]:
    return [Entrant(f"p{index}", BuiltinPlayer(Level(1))) for index in range(count)]


@pytest.mark.parametrize(("count", "rounds", "games"), [(60, 7, 1), (7, 3, 1), (9, 4, 2), (2, 1, 3), (12, 6, 1)])
def test_a_swiss_system_pairs_no_one_twice_and_gives_each_the_same_games_with_each_colour(count, rounds, games):
    tournament = Tournament(entrants(count), 1, games, seed=5, format=Swiss(rounds, 5))
    tournament.play(runner=decided_by([random.Random(index).random() * 3 for index in range(count)]))
    assert len(tournament.results) == tournament.total() == rounds * (count // 2) * 2 * games
    met = Counter(frozenset((result.x, result.o)) for result in tournament.results)
    assert set(met.values()) == {2 * games}  # each pair: its games with each colour, and never again
    as_x = Counter(result.x for result in tournament.results)
    as_o = Counter(result.o for result in tournament.results)
    played = rounds - 1 if count % 2 else rounds  # an odd class: each sits out one round at most
    assert as_x == as_o and min(as_x.values()) >= played * games and max(as_x.values()) == rounds * games
    if count % 2:
        assert sum(1 for index in range(count) if as_x[index] < rounds * games) == rounds  # a bye a round


def test_a_swiss_round_pairs_equal_points_the_next_round_is_paired_only_when_one_has_ended():
    tournament = Tournament(entrants(8), 1, seed=2, format=Swiss(3, 2))
    first = tournament.schedule()
    assert [pairing.number for pairing in first] == list(range(1, 9))  # round 1 only
    tournament.play(runner=decided_by(list(range(8))))
    points = {s.entrant.name: s.points for s in tournament.standings()}
    second = tournament.results[8:16]
    for result in second[::2]:  # the first game of each pair: after round 1, winners meet winners
        before = [r for r in tournament.results[:8] if {r.x, r.o} & {result.x, result.o}]
        x_points = sum(r.points_of(result.x) for r in before if result.x in (r.x, r.o))
        o_points = sum(r.points_of(result.o) for r in before if result.o in (r.x, r.o))
        assert x_points == o_points
    assert points  # the table has every entrant
    with pytest.raises(ValueError):
        Swiss(3, 2).sides(9, 8, 1, [])  # round 2 before round 1 has ended


def test_ratings_rank_by_strength_and_say_how_sure_each_place_is():
    strength = [group * 2.0 for group in range(4) for _ in range(15)]  # four groups of 15
    tournament = Tournament(entrants(60), 1, seed=1, format=Swiss(7, 1))
    tournament.play(runner=decided_by(strength, draws=0.2, seed=1))
    table = tournament.standings()
    means = [statistics.mean(s.rating.mu for s in table if strength[int(s.entrant.name[1:])] == g * 2.0)
             for g in range(4)]  # fmt: skip
    assert means == sorted(means) and means[0] < 25 < means[3]
    assert [s.rating.mu for s in table] == sorted((s.rating.mu for s in table), reverse=True)
    assert all(0 < s.rating.sigma < 25 / 3 for s in table)  # every game made it surer


def test_a_gauntlet_plays_every_file_against_every_level_with_each_colour_and_no_file_against_another():
    count, rungs, games = 5, 3, 2
    shape = Gauntlet(rungs)
    sides = [shape.sides(number, count, games, []) for number in range(1, shape.total(count, games) + 1)]
    assert len(sides) == 2 * 3 * 2 * 2
    assert Counter(sides) == {(f, r): games for f in range(2) for r in range(2, 5)} | {
        (r, f): games for f in range(2) for r in range(2, 5)
    }


def test_a_player_without_its_own_random_draws_from_the_random_module_as_the_seed_does():
    board = Board()
    board.set_board("3")
    picks = []
    for _ in range(2):
        random.seed(11)
        picks.append([Player("O", "RANDOM", 0).next_move(board) for _ in range(12)])
    assert picks[0] == picks[1] and len(set(picks[0])) > 1  # repeatable (random.seed), and random


# -- real tournaments of player files -------------------------------------------------------------------------

GROUPS = ("0", "1", "3", "strong")  # strong: a negamax to depth 4 of its own (plies 0, 1, 3: the seed's)
PER_GROUP = 3  # files of each strength: 12 in all (the pairing of 60 in 7 rounds is the Swiss unit test's)
ROUNDS = 4
GAMES = ROUNDS * (len(GROUPS) * PER_GROUP // 2) * 2  # a pair a round plays one game with each colour


@pytest.mark.slow
@pytest.mark.timeout(600)
def test_rounds_ranks_files_of_four_strengths_in_order_with_their_uncertainty(tmp_path: Path):
    names = []
    for group in GROUPS:
        for index in range(PER_GROUP):
            name = f"ply{group}_{index:02}.py"
            seed = 100 * len(names) + 7
            text = player_sources.strong(4, seed) if group == "strong" else player_sources.like_ply(group, seed)
            (tmp_path / name).write_text(text)
            names.append(name)
    done = subprocess.run(
        [sys.executable, "-m", "vp_connect4", "tourney", *names, "--rounds", str(ROUNDS), "--seed", "3"],
        capture_output=True, text=True, timeout=500, env=ENV, cwd=tmp_path, stdin=subprocess.DEVNULL,
    )  # fmt: skip
    code, out, err = done.returncode, done.stdout, done.stderr
    assert code == 0, out + err
    assert f"Swiss system: {ROUNDS} rounds" in out and f"{GAMES} games" in out
    rows = [re.split(r"\s{2,}", line.strip()) for line in table_of(out)[2:]]
    assert len(rows) == len(names)
    ratings = {row[1]: (float(row[8]), float(row[9])) for row in rows}  # rating, ± (uncertainty)
    means = [statistics.mean(mu for name, (mu, _) in ratings.items() if name.startswith(f"ply{g}_")) for g in GROUPS]
    assert means == sorted(means), means
    assert all(0 < margin < 2 * 25 / 3 for _, margin in ratings.values())
    assert all(row[10].endswith("%") for row in rows[:-1])  # how sure each place is
    assert "±: the strength lies in that range with about 95 % certainty" in out
    results = csv_rows(tmp_path / "tourney.csv")
    assert len(results) == GAMES and {row["format"] for row in results} == {f"swiss:{ROUNDS}"}
    assert len({frozenset((row["x"], row["o"])) for row in results}) == GAMES // 2  # no pair twice


def example_players(folder: Path, count: int) -> list[str]:
    names = [f"p{index}.py" for index in range(count)]
    for name in names:
        (folder / name).write_text((ROOT / "examples" / "player.py").read_text())
    return names


@pytest.mark.slow
def test_sigkill_in_a_swiss_round_then_resume_gives_the_table_and_file_of_an_uninterrupted_run(tmp_path: Path):
    setup = [*example_players(tmp_path, 3), "--with-builtin", "--builtin-levels", "1", "--ply", "1", "--rounds", "2"]
    setup += ["--games", "2", "--seed", "8"]
    code, whole, err = tourney(tmp_path, *setup, "--out", "whole.csv")
    assert code == 0, whole + err
    assert len(csv_rows(tmp_path / "whole.csv")) == 16
    process = start(tmp_path, *setup, "--out", "cut.csv")
    wait_for(lambda: len(csv_rows(tmp_path / "cut.csv")) >= 10, process)  # into round 2
    process.send_signal(signal.SIGKILL)
    process.wait(timeout=60)
    kept = len(csv_rows(tmp_path / "cut.csv"))
    assert 10 <= kept < 16
    setup_again = [part for part in setup if part not in ("--rounds", "2", "--games", "--seed", "8")]  # the file's
    code, resumed, err = tourney(tmp_path, *setup_again, "--resume", "cut.csv")
    assert code == 0, resumed + err
    assert table_of(resumed) == table_of(whole)
    assert (tmp_path / "cut.csv").read_text() == (tmp_path / "whole.csv").read_text()


@pytest.mark.slow
def test_gauntlet_says_the_level_each_file_plays_like(tmp_path: Path):
    (tmp_path / "like0.py").write_text(player_sources.like_ply(0, 5))
    (tmp_path / "strong.py").write_text(player_sources.strong(5, 6))
    code, out, err = tourney(tmp_path, "like0.py", "strong.py", "--gauntlet", "--builtin-levels", "perfect,2,0",
                             "--games", "2", "--seed", "1")  # fmt: skip
    assert code == 0, out + err
    assert "Gauntlet: every file plays 2 games with each colour against each of built-in ply 0, built-in ply 2, " \
           "built-in perfect." in out  # fmt: skip
    table = table_of(out)
    assert table[0].split() == ["#", "player", "vs", "ply", "0", "vs", "ply", "2", "vs", "perfect", "plays", "like"]
    first, second = (re.split(r"\s{2,}", line.strip()) for line in table[2:])
    assert first[1:3] == ["strong.py", "4/4"] and first[3] in ("3.5/4", "4/4")
    assert first[5] == ("perfect" if first[4] in ("2/4", "2.5/4") else "ply 2")  # X wins perfect play: half of them
    assert second[1] == "like0.py" and second[4] == "0/4" and second[5] in ("ply 0", "below the weakest")
    rows = csv_rows(tmp_path / "tourney.csv")
    assert len(rows) == 2 * 3 * 2 * 2 and all("built-in" in row["x"] + row["o"] for row in rows)


@pytest.mark.parametrize(
    ("arguments", "said"),
    [
        (["--rounds", "2", "--gauntlet"], "--rounds and --gauntlet are two formats: give one of them"),
        (["--gauntlet", "--with-builtin"], "--gauntlet plays against our levels already: leave out --with-builtin"),
        (["--rounds", "2"], "--rounds 2 is too many for 3 players: at most 1, half the players (so that no pair "),
        (["--rounds", "0"], "--rounds: "),
    ],
)
def test_a_format_that_cannot_be_is_refused_in_one_line(tmp_path: Path, arguments: list[str], said: str):
    code, out, err = tourney(tmp_path, *example_players(tmp_path, 3), *arguments)
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1 and said in err, err
    assert not (tmp_path / "tourney.csv").exists()
