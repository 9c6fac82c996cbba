"""``tourney``'s format options: ``--rounds N`` (a Swiss system), ``--gauntlet`` (against our levels), or neither (a
round robin); on ``--resume``, the format the file states unless one is given."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass

from ... import wording
from ...levels import Level
from ..check import Difference, run_check
from ..errors import StudentError
from ..files import PlayerFile
from ..results import strays_by_entrant
from ..tournament.formats import Format, Gauntlet, RoundRobin, Swiss, most_rounds
from ..tourney import Tournament

LADDER = (Level(0), Level(2), Level(4), Level(6), Level(None))  # --gauntlet's levels unless --builtin-levels


@dataclass(frozen=True)
class Chosen:
    """The format asked for: our levels that take part (after the files), and the format, made once the seed and
    the number of entrants are known (``make(seed)``)."""

    builtin: list[Level]
    make: Callable[[int], Format]
    rounds: int | None = None
    gauntlet: bool = False


def add_format_options(parser: argparse.ArgumentParser, rounds_type: Callable[[str], int]) -> None:
    parser.add_argument("--rounds", type=rounds_type, default=None, metavar="N",
                        help=wording.tourney_format_help("rounds"))  # fmt: skip
    parser.add_argument("--gauntlet", action="store_true", help=wording.tourney_format_help("gauntlet"))


def chosen_format(parser: argparse.ArgumentParser, args: argparse.Namespace, stated: dict[str, object],
                  ply: int) -> Chosen:  # fmt: skip
    """The format of ``args`` (or of the resumed file's ``stated`` settings); a combination that cannot be: an error
    of the command line."""
    named = str(stated.get("format", ""))
    given = args.rounds is not None or args.gauntlet
    rounds = args.rounds if given else _stated_rounds(named)
    gauntlet = args.gauntlet or (not given and named == Gauntlet(0).name)
    if rounds is not None and gauntlet:
        parser.error(wording.tourney_format_refused("both"))
    if gauntlet:
        if args.with_builtin:
            parser.error(wording.tourney_format_refused("with_builtin"))
        if not args.files:
            parser.error(wording.tourney_format_refused("no_file"))
        ladder = sorted(set(args.builtin_levels or LADDER), key=strength)
        return Chosen(ladder, lambda seed: Gauntlet(len(ladder)), gauntlet=True)
    builtin = list(dict.fromkeys(args.builtin_levels or [Level(ply), Level(None)])) if args.with_builtin else []
    if rounds is not None:
        players = len(args.files) + len(builtin)
        if rounds > most_rounds(players):
            parser.error(wording.tourney_format_refused("rounds", rounds, players, most_rounds(players)))
        return Chosen(builtin, lambda seed: Swiss(rounds, seed), rounds=rounds)
    return Chosen(builtin, lambda seed: RoundRobin())


def format_heading(tournament: Tournament) -> str:
    """The line under the tournament's heading that says its format (a round robin: none)."""
    shape = tournament.format
    if isinstance(shape, Swiss):
        return wording.swiss_heading(shape.rounds, tournament.games)
    if isinstance(shape, Gauntlet):
        ladder = tournament.entrants[len(tournament.entrants) - shape.rungs :]
        return wording.gauntlet_heading(", ".join(str(entrant.name) for entrant in ladder), tournament.games)
    return ""


def add_check_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--check", action="store_true", help=wording.tourney_format_help("check"))


@dataclass(frozen=True)
class Verdict:
    """A file's check: ``agrees``, ``differs`` or ``fails``; the method and ply where it differs or failed, and what
    kind of failure (a :class:`StudentError`'s ``kind``)."""

    verdict: str
    method: str = ""
    ply: int = 0
    why: str = ""


def check_verdicts(tournament: Tournament, workers: int) -> dict[int, Verdict]:
    """``--check``: each player file's check at plies 0 to the tournament's (``vp-connect4 check``), by entrant (in
    words after the games: :func:`verdict_words`); the files one after the other, each on ``workers`` processes."""
    found: dict[int, Verdict] = {}
    plies = tuple(range(tournament.ply + 1))
    for index, entrant in enumerate(tournament.entrants):
        if not isinstance(entrant.source, PlayerFile):
            continue
        if entrant.failure is not None:
            found[index] = Verdict("fails", why=entrant.failure.kind)
            continue
        try:
            report = run_check(entrant.source, plies, tournament.time_limit, workers)
        except StudentError as error:
            found[index] = Verdict("fails", why=error.kind)
            continue
        problem = report.problem
        if problem is None:
            found[index] = Verdict("agrees")
        elif isinstance(problem, Difference):
            found[index] = Verdict("differs", problem.method, problem.ply)
        else:
            found[index] = Verdict("fails", problem.method, problem.ply, problem.error.kind)
    return found


def verdict_words(tournament: Tournament, verdicts: dict[int, Verdict]) -> dict[int, str]:
    """The check's verdicts as the table shows them, after the games: a file that agreed with the reference but
    whose moves in the games did not follow its own scores (``tournament.move_check.MoveCheck``) does not agree."""
    strayed = strays_by_entrant(tournament)
    said = {}
    for index, found in verdicts.items():
        verdict = "strayed" if found.verdict == "agrees" and index in strayed else found.verdict
        said[index] = wording.tourney_check_verdict(verdict, found.method, found.ply, found.why)
    return said


def strength(level: Level) -> tuple[bool, int]:
    """Weakest first: by ply, perfect last."""
    return (level.ply is None, level.ply or 0)


def _stated_rounds(named: str) -> int | None:
    kind, _, rounds = named.partition(":")
    return int(rounds) if kind == "swiss" and rounds.isdigit() else None
