"""The command lines ``vp-connect4 check player.py``, ``vp-connect4 tourney a.py b.py ...`` and
``vp-connect4 cluster-keys FOLDER`` (the keys of ``tourney --cluster``).

``cli.main`` hands them the arguments when the first one names a command (:data:`COMMANDS`); everything else
is the game's. Both print in the language spoken (``--lang``), their progress on stderr.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

from ... import wording
from ...levels import Level
from ...options import Parser, add_language, choose_language, level
from ...player import TIEBREAKS
from .. import parallel, sandbox
from ..check import run_check
from ..check_text import report_text
from ..errors import StudentError
from ..files import PlayerFile
from ..grading import command as grading
from ..process import DEFAULT_TIME_LIMIT, MOST_PLY, MOST_TIME_LIMIT
from ..progress import ProgressBar
from ..results import failures, report, strayed
from ..tournament import cluster_keys, journal, stopping
from ..tourney import TIEBREAK, Entrant, Tournament, entrants_of, sources_of
from .formats import (
    add_check_option,
    add_format_options,
    check_verdicts,
    chosen_format,
    format_heading,
    verdict_words,
)
from .think import think_main

if TYPE_CHECKING:
    from ..tournament.cluster import ClusterGames

COMMANDS = ("check", "tourney", "autograder", "think", "cluster-keys")
DEFAULT_PLY = 4
DEFAULT_OUT = "tourney.csv"
MAX_GAMES = 1_000_000  # one tournament's games at most: its schedule and results in some hundreds of MB


def names_command(argv: list[str]) -> bool:
    """Whether the command line is one of :data:`COMMANDS` (its first argument)."""
    return bool(argv) and argv[0] in COMMANDS


def run_command(argv: list[str]) -> int:
    """Run the command ``argv[0]`` with the rest of the arguments; its exit code."""
    choose_language(argv)
    command, rest = argv[0], argv[1:]
    if command == "autograder":
        return autograder_main(rest)
    if command == "think":
        return think_main(rest, add_move_time, ply)
    if command == "cluster-keys":
        return cluster_keys_main(rest)
    return check_main(rest) if command == "check" else tourney_main(rest)


# -- check -------------------------------------------------------------------------------------------


def check_main(argv: list[str]) -> int:
    """``vp-connect4 check player.py [--ply N] [--move-time S] [--gradescope F] [--junit F] [--grading F]``: 0 when
    it agrees everywhere, else 1 (2: a grading file that cannot be used)."""
    parser = Parser(prog="vp-connect4 check", description=wording.command_help("check"))
    parser.add_argument("file", metavar="player.py", help=wording.command_help("check_file"))
    parser.add_argument("--ply", type=ply, default=DEFAULT_PLY, metavar="N", help=wording.command_help("check_ply"))
    add_move_time(parser)
    add_language(parser)
    grading.add_options(parser)  # --gradescope, --junit, --grading
    settings = grading.settings_for(parser, argv)
    if isinstance(settings, str):
        print(settings, file=sys.stderr)
        return grading.EXIT_BAD_GRADING
    args = parser.parse_args(argv)
    use_limits(args, grading=True)
    source = PlayerFile.parse(args.file)
    if grading.wanted(args):
        return grading.check_and_grade(source, args, settings)
    if not source.path.is_file():
        print(wording.student_no_file(source.shown))
        return 1
    bar = ProgressBar("positions")
    try:
        report = run_check(source, tuple(range(args.ply + 1)), args.move_time, progress=bar)
    except StudentError as error:
        bar.finish()
        print(error)
        return 1
    bar.finish()
    print(report_text(report))
    return 0 if report.problem is None else 1


def autograder_main(argv: list[str]) -> int:
    """``vp-connect4 autograder --out autograder.zip [--grading FILE] [--ply N] [--move-time S]`` (see grading)."""
    parser = Parser(prog="vp-connect4 autograder", description=wording.grading_help("autograder"))
    parser.add_argument("--ply", type=ply, default=None, metavar="N", help=wording.grading_help("ply"))
    add_move_time(parser)
    parser.set_defaults(move_time=None)
    return grading.autograder_main(parser, argv)


# -- tourney -----------------------------------------------------------------------------------------


def tourney_main(argv: list[str]) -> int:
    """``vp-connect4 tourney a.py b.py ... [--ply N] [--games G] [--with-builtin] [--seed S] [--out FILE | --resume
    FILE]``: the table; the results file fills as games end (:mod:`..tournament.journal`); SIGTERM, SIGHUP and
    Ctrl-C stop it with every finished game in the file; a closed stdout does not stop it (:mod:`..stopping`)."""
    parser = tourney_parser()
    args = parser.parse_args(argv)
    use_limits(args, grading=True)
    stopping.stop_on_signals()
    for name in args.files:
        if not PlayerFile.parse(name).path.is_file():
            parser.error(wording.student_no_file(name))
    if args.resume is not None and args.out is not None:
        parser.error(wording.tourney_resume_and_out())
    path = args.resume or args.out or Path(DEFAULT_OUT)
    stated, rows = resumed_file(parser, args.resume)
    ply_ = _setting(args.ply, stated, "ply", DEFAULT_PLY)
    per_colour = _setting(args.games, stated, "games_per_colour", 1)
    chosen = chosen_format(parser, args, stated, ply_)
    sources = sources_of(args.files, chosen.builtin)
    if len(sources) < 2:
        parser.error(wording.tourney_needs_two(len(sources)))
    seed = _setting(args.seed, stated, "seed", None)
    seed = seed if seed is not None else random.randrange(10**6)
    entrants = [Entrant.of(source) for source in sources]
    tiebreak = args.tiebreak or str(stated.get("tiebreak") or TIEBREAK)
    tournament = Tournament(entrants, ply_, per_colour, seed, args.move_time, format=chosen.make(seed),
                            tiebreak=tiebreak)  # fmt: skip
    if tournament.total() > MAX_GAMES:
        parser.error(wording.tourney_too_many(tournament.total(), MAX_GAMES))
    try:
        tournament.resume(journal.results_of(rows, stated, tournament))
    except journal.NotThisTournament:
        parser.error(wording.tourney_resume_other(str(path)))
    cluster = connect_cluster(parser, args.cluster, args.cluster_keys)
    results = journal.ResultsFile(path, tournament)
    try:
        results.open()  # before the first game: a file that cannot be written is said now
    except OSError as error:
        parser.error(wording.tourney_not_written(str(path), error.strerror or str(error)))
    return play_tourney(tournament, results, args.resume is not None, cluster, args.check)


def connect_cluster(parser: Parser, address: str | None, keys: Path | None) -> ClusterGames | None:
    """``--cluster``'s games, their scheduler connected with ``--cluster-keys``'s (Dask is imported only here); one
    that cannot be reached, does not let the keys in, or has no workers: an error of the command line."""
    if address is None:
        if keys is not None:
            parser.error(wording.tourney_cluster_keys_alone())
        return None
    if keys is None:
        parser.error(wording.tourney_cluster_needs_keys())
    from ..tournament import cluster

    try:
        return cluster.cluster_games(address, keys)
    except cluster.Unreachable as error:
        parser.error(str(error))


def play_tourney(
    tournament: Tournament, results: journal.ResultsFile, resumed: bool, cluster: ClusterGames | None = None,
    check: bool = False,
) -> int:
    """Load the files, play the games not yet played (here, or on ``cluster``), say the table; the exit code."""
    say, workers, total = stopping.Output(), parallel.cores(), tournament.total()
    bar = ProgressBar("games")
    try:
        loaded = entrants_of([entrant.source for entrant in tournament.entrants], tournament.time_limit, workers)
        tournament.entrants[:] = loaded
        if cluster is None:
            say(wording.tourney_heading(len(loaded), total, tournament.ply, tournament.seed, min(workers, total)))
        else:
            say(cluster.heading(len(loaded), total, tournament.ply, tournament.seed))
        if format_heading(tournament):
            say(format_heading(tournament))
        if resumed:
            say(wording.tourney_resumed(len(tournament.results), total, str(results.path)))
        for entrant in loaded:
            if entrant.failure is not None:
                say("\n".join(["", wording.tourney_not_loaded(entrant.name), str(entrant.failure)]))
        start = time.monotonic()  # the whole run: its checks too
        checked = check_verdicts(tournament, workers) if check else None
        tournament.play(workers, progress=say.guarded(bar), record=results.add, runner=cluster)
        results.finish()
    except KeyboardInterrupt as stop:
        results.close()
        bar.finish()
        say(wording.tourney_stopped(results.written, total, str(results.path)))
        return stopping.exit_code(stop)
    except OSError as error:
        results.close()
        say(wording.tourney_not_written(str(results.path), error.strerror or str(error)))
        return 1
    except stopping.Unfinished as error:  # the cluster could not go on
        results.close()
        bar.finish()
        say("\n".join([str(error), wording.tourney_stopped(results.written, total, str(results.path))]))
        return 1
    finally:
        if cluster is not None:
            cluster.close()
    bar.finish()
    words = None if checked is None else verdict_words(tournament, checked)
    for paragraph in ["", *report(tournament, words), *failures(tournament.standings()), *strayed(tournament)]:
        say(paragraph if not paragraph else paragraph + "\n")
    say(wording.tourney_written(str(results.path)))
    say(wording.tourney_took(time.monotonic() - start))
    return 1 if say.lost else 0


def tourney_parser() -> Parser:
    parser = Parser(prog="vp-connect4 tourney", description=wording.command_help("tourney"))
    parser.add_argument("files", nargs="*", metavar="player.py", help=wording.command_help("tourney_files"))
    parser.add_argument("--ply", type=ply, default=None, metavar="N", help=wording.command_help("tourney_ply"))
    parser.add_argument("--games", type=games, default=None, metavar="G", help=wording.command_help("games"))
    parser.add_argument("--with-builtin", action="store_true", help=wording.command_help("with_builtin"))
    builtin_help = wording.command_help("builtin_levels")
    parser.add_argument("--builtin-levels", type=levels, default=None, metavar="LEVELS", help=builtin_help)
    parser.add_argument("--seed", type=int, default=None, help=wording.command_help("tourney_seed"))
    parser.add_argument("--out", type=out_file, default=None, metavar="FILE", help=wording.command_help("out"))
    parser.add_argument("--resume", type=out_file, default=None, metavar="FILE", help=wording.command_help("resume"))
    parser.add_argument("--cluster", type=cluster_address, default=None, metavar="ADDRESS", help=wording.help_cluster())
    parser.add_argument("--cluster-keys", type=Path, default=None, metavar="FOLDER", help=wording.help_cluster_keys())
    add_format_options(parser, games)
    add_check_option(parser)
    parser.add_argument("--tiebreak", choices=TIEBREAKS, default=None, help=wording.tourney_format_help("tiebreak"))
    add_move_time(parser)
    add_language(parser)
    return parser


def cluster_keys_main(argv: list[str]) -> int:
    """``vp-connect4 cluster-keys FOLDER``: the keys of a lab cluster written there (:mod:`.cluster_keys`), and
    which machine takes which of them; one line and exit code 2 if the folder holds keys already or cannot be
    written."""
    parser = Parser(prog="vp-connect4 cluster-keys", description=wording.command_help("cluster_keys"))
    parser.add_argument("folder", type=Path, metavar="FOLDER", help=wording.command_help("cluster_keys_folder"))
    add_language(parser)
    args = parser.parse_args(argv)
    try:
        until = cluster_keys.make(args.folder)
    except cluster_keys.KeysExist as error:
        parser.error(wording.cluster_keys_exist(str(error)))
    except OSError as error:
        parser.error(wording.cluster_keys_not_written(error.filename or str(args.folder), error.strerror or str(error)))
    print(cluster_keys.made(args.folder, until))
    return 0


def resumed_file(parser: Parser, path: Path | None) -> tuple[dict[str, object], list[dict[str, object]]]:
    """The settings and game rows of the file to resume (none without ``--resume``); one that cannot be read: an
    error of the command line."""
    if path is None:
        return {}, []
    try:
        return journal.read(path)
    except OSError as error:
        parser.error(wording.tourney_resume_unreadable(str(path), error.strerror or str(error)))
    except journal.NotThisTournament:
        parser.error(wording.tourney_resume_other(str(path)))


def _setting(given: int | None, stated: dict[str, object], key: str, default: int | None) -> int | None:
    """An option as given; else as the resumed file states it; else its default (a file that differs from an
    option given is refused later, with every game of it)."""
    if given is not None:
        return given
    try:
        return int(str(stated[key])) if key in stated else default
    except ValueError:
        return default


# -- the options' values -------------------------------------------------------------------------------


def add_move_time(parser: argparse.ArgumentParser) -> None:
    """``--move-time`` and ``--memory-limit``: what a player file's process may take (:func:`use_limits` after)."""
    help_text = wording.help_move_time(DEFAULT_TIME_LIMIT)
    parser.add_argument("--move-time", type=seconds, default=DEFAULT_TIME_LIMIT, metavar="S", help=help_text)
    add_memory_limit(parser)


def add_memory_limit(parser: argparse.ArgumentParser) -> None:
    """``--memory-limit`` and ``--unsafe-no-sandbox``: the sandbox of a player file's process."""
    help_text = wording.help_memory_limit(sandbox.settings.shown_size(sandbox.settings.DEFAULT_MEMORY))
    parser.add_argument("--memory-limit", type=memory_size, default=None, metavar="SIZE", help=help_text)
    parser.add_argument("--unsafe-no-sandbox", action="store_true", help=wording.help_unsafe_no_sandbox())


def use_limits(args: argparse.Namespace, grading: bool = False) -> None:
    """The parsed ``--memory-limit`` and ``--unsafe-no-sandbox``, for every player file's process from now on (this
    one's and its workers'); ``grading``: a command whose verdicts must be the file's own work needs the sandbox."""
    if args.memory_limit is not None:
        sandbox.set_memory_limit(args.memory_limit)
    if args.unsafe_no_sandbox or grading:
        sandbox.require(unsafe=args.unsafe_no_sandbox)


def memory_size(text: str) -> int:
    try:
        return sandbox.parse_memory(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def ply(text: str) -> int:
    """A look-ahead as typed: a whole number from 0 to the cells of the board (no game looks further)."""
    if not (text.isascii() and text.isdigit() and len(text) <= len(str(MOST_PLY)) and int(text) <= MOST_PLY):
        raise argparse.ArgumentTypeError(wording.bad_whole_number_up_to(0, MOST_PLY, text))
    return int(text)


def games(text: str) -> int:
    if not (text.isascii() and text.isdigit() and int(text) >= 1):
        raise argparse.ArgumentTypeError(wording.bad_whole_number(1, text))
    return int(text)


def levels(text: str) -> list[Level]:
    """Our levels as typed: ``2,4,perfect``."""
    return [level(part) for part in text.split(",")]


def seconds(text: str) -> float:
    """A move time as typed: above 0 and at most a day (a wait longer than a clock can count is refused here)."""
    try:
        value = float(text)
    except ValueError:
        value = 0.0
    if not 0 < value <= MOST_TIME_LIMIT:
        raise argparse.ArgumentTypeError(wording.bad_seconds(MOST_TIME_LIMIT, text))
    return value


def cluster_address(text: str) -> str:
    """``--cluster``'s address as typed: ``tls://HOST:PORT`` (an address without TLS is refused, as not secured)."""
    try:
        return cluster_keys.scheduler_address(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def out_file(text: str) -> Path:
    path = Path(text)
    if path.suffix.lower() not in journal.SUFFIXES:
        raise argparse.ArgumentTypeError(wording.tourney_bad_out(text))
    return path
