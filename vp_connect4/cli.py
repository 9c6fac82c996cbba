"""Start Connect Four: ``vp-connect4``, ``python -m vp_connect4`` or ``python main.py`` (see ``--help``).

Exit codes (``--help`` and the README say them too): 0 all went well (a game played to its end, the scene's
tab closed, ``--analyse`` or ``--help`` printed); 1 the game ended before its end: Ctrl-D or Ctrl-C at a prompt or
while the AI thinks, no input at all (stdin closed), output that cannot be written (a closed pipe: quietly; a full
disk: one line on stderr); 2 a bad option (one line on stderr); 3 nothing to play: the game given by ``--moves``
is over already (``--text``, ``--analyse``); 130 Ctrl-C while the program starts.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import os
import random
import signal
import sys
import threading
from typing import TYPE_CHECKING

from . import wording
from .board import RulesBoard
from .errors import Connect4Error
from .game import AI, DEFAULT_TIEBREAK, HUMAN, Game, Seat
from .levels import DEFAULT_PLY, PERFECT, Level, check_size
from .link import LEFT, OVER, REMOTE, invite_code, link_problem, listen_address
from .options import Parser, add_language, choose_language, level, port, seed
from .player import EVALUATIONS, TIEBREAKS
from .rules import Variant
from .rules.chance import DEFAULT_CHANCE, MOST_CHANCE
from .rules.part import MOST_EVERY
from .rules.swap import Swap
from .rules.turn import Turn
from .students import StudentError, StudentPlayer
from .students.commands import add_memory_limit, names_command, run_command, seconds, use_limits
from .students.files import PlayerFile, names_player_file
from .students.process import DEFAULT_TIME_LIMIT
from .students.sandbox import keep_apart
from .text_ui import analysis_text, play_in_terminal

if TYPE_CHECKING:
    from .link.peer import Link
    from .link.scene import SceneLink

PROG = "vp-connect4"  # the program's name in --help and in its errors
SIZE = (7, 6)  # the board of both front ends, unless --size says otherwise
EXIT_PLAYED, EXIT_STOPPED, EXIT_BAD_OPTION, EXIT_NOTHING_TO_PLAY = 0, 1, 2, 3
EXIT_INTERRUPTED = 128 + signal.SIGINT  # the shell's convention for a program ended by Ctrl-C
FULL_DISK = tuple(getattr(errno, name) for name in ("ENOSPC", "EDQUOT", "EFBIG") if hasattr(errno, name))  # no room


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog=PROG,
        description=wording.help_line("description"),
        epilog=wording.command_help("commands")
        + " "
        + wording.help_exit_codes(EXIT_PLAYED, EXIT_STOPPED, EXIT_BAD_OPTION, EXIT_NOTHING_TO_PLAY, EXIT_INTERRUPTED),
    )
    parser.add_argument("--text", action="store_true", help=wording.help_line("text"))
    parser.add_argument("--x", type=seat_kind, default=None, metavar="WHO", help=wording.help_player_seat("X", HUMAN))
    parser.add_argument("--o", type=seat_kind, default=None, metavar="WHO", help=wording.help_player_seat("O", AI))
    for ox in ("X", "O"):
        ply_help = wording.help_ply(ox, PERFECT, DEFAULT_PLY, SIZE)
        parser.add_argument(f"--{ox.lower()}-ply", type=level, default=None, metavar="N", help=ply_help)
    parser.add_argument("--ply", type=level, default=Level(DEFAULT_PLY), metavar="N", help=wording.help_ply_both())
    for ox in ("X", "O"):
        parser.add_argument(f"--{ox.lower()}-eval", choices=EVALUATIONS, default="simple", help=wording.help_eval(ox))
    parser.add_argument(
        "--tiebreak",
        choices=TIEBREAKS,
        default=DEFAULT_TIEBREAK,
        help=wording.help_tiebreak(DEFAULT_TIEBREAK),
    )
    parser.add_argument("--seed", type=seed, default=None, help=wording.help_line("seed"))
    parser.add_argument(
        "--moves",
        default="",
        metavar="DIGITS",
        help=wording.help_line("moves"),
    )
    parser.add_argument("--analyse", action="store_true", help=wording.help_line("analyse"))
    rules_help = wording.help_variant(Turn.default, Swap.default, MOST_EVERY, DEFAULT_CHANCE, MOST_CHANCE)
    parser.add_argument("--variant", type=variant, default=Variant(), metavar="RULES", help=rules_help)
    parser.add_argument("--size", type=size, default=SIZE, metavar="WxH", help=wording.help_size(*SIZE))
    parser.add_argument("--no-browser", action="store_true", help=wording.help_line("no_browser"))
    parser.add_argument("--think", action="store_true", help=wording.help_line("think"))
    parser.add_argument("--port", type=port, default=0, help=wording.help_line("port"))
    listen_help = wording.help_line("listen")
    parser.add_argument("--listen", type=listen_address, default=None, metavar="ADDRESS:PORT", help=listen_help)
    parser.add_argument("--join", type=invite_code, default=None, metavar="CODE", help=wording.help_line("join"))
    move_time_help = wording.help_move_time(DEFAULT_TIME_LIMIT)
    parser.add_argument("--move-time", type=seconds, default=DEFAULT_TIME_LIMIT, metavar="S", help=move_time_help)
    add_memory_limit(parser)
    add_language(parser)
    return parser


def seat_kind(text: str) -> str | PlayerFile:
    """Who plays a side, as typed: ``human``, ``ai``, ``remote`` (over a link: ``--listen``), or a player file
    (``player.py``, ``player.py:ClassName``)."""
    if text in (HUMAN, AI, REMOTE):
        return text
    if not names_player_file(text):
        raise argparse.ArgumentTypeError(wording.bad_player_option(text))
    source = PlayerFile.parse(text)
    if not source.path.is_file():
        raise argparse.ArgumentTypeError(wording.student_no_file(source.shown))
    return source


def size(text: str) -> tuple[int, int]:
    """A board size as typed: ``WxH``, each from 4 to 10."""
    try:
        return check_size(text)
    except Connect4Error as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def variant(text: str) -> Variant:
    """A rule variant as typed (``tetris``, ``chance:0.2``, ``gravity:left``, ``flip+swap``...); not empty."""
    if not text.strip():  # --variant= : a value forgotten, not the standard game asked for
        raise argparse.ArgumentTypeError(wording.bad_variant(text))
    try:
        return Variant.parse(text)
    except Connect4Error as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def seats_from(args: argparse.Namespace) -> dict[str, Seat]:
    """The seats of the game; a player file's side is an AI seat with the file as its ``source`` (the scene's worker
    runs it; the text game makes its player apart: see ``_main``); a remote side plays itself here: an AI seat."""
    seats = {}
    sides = (("X", args.x, args.x_ply, args.x_eval), ("O", args.o, args.o_ply, args.o_eval))
    for ox, who, seat_level, evaluation in sides:
        if isinstance(who, PlayerFile):
            seats[ox] = Seat(AI, seat_level, evaluation=evaluation, source=who.name)
        elif who == REMOTE:
            seats[ox] = Seat(AI, seat_level, evaluation=evaluation)
        else:
            seats[ox] = Seat(who, seat_level, evaluation=evaluation)
    return seats


def _replace_what_cannot_be_written() -> None:
    """An output whose encoding lacks a character (``PYTHONIOENCODING=ascii``, a cp1252 console) gets ``?`` for it,
    not an error: the sentence, the board and the file names stay readable."""
    for stream in (sys.stdout, sys.stderr):
        if stream is not None and hasattr(stream, "reconfigure"):
            with contextlib.suppress(ValueError, OSError):
                stream.reconfigure(errors="replace")


def main(argv: list[str] | None = None) -> int:
    """Run the game (exit codes: see the module docstring); a closed output pipe (``| head -1``) ends it quietly,
    with exit code 1; output that cannot be written otherwise (a full disk) with one line on stderr, exit code 1.

    Ctrl-C at a prompt or while the AI thinks ends the game, which says so (exit code 1); a Ctrl-C
    anywhere else (while it says so, while the program starts) ends it quietly with exit code 130.
    Only the first Ctrl-C counts: the program is leaving, and later ones are ignored, so none can
    interrupt its goodbye (this is an entry point: it sets the SIGINT handler; the scene sets its own).
    """
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, _interrupt_once)
    _replace_what_cannot_be_written()
    try:
        try:
            return _main(argv)
        finally:  # what is still buffered is written now (--help too): a full disk is found here, not at exit
            if sys.stdout is not None:
                sys.stdout.flush()
    except BrokenPipeError:
        _quiet_stdout()  # so the exit's flush stays quiet too
        return EXIT_STOPPED
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    except OSError as error:  # the output (or the input) failed: one line, no traceback
        _quiet_stdout()
        reason = error.strerror or str(error)
        said = wording.output_failed(reason) if error.errno in FULL_DISK else wording.io_failed(reason)
        _say_error(said)
        return EXIT_STOPPED


def _quiet_stdout() -> None:
    """Send what stdout still holds to nowhere, so the interpreter's last flush raises nothing."""
    if sys.stdout is not None:
        with contextlib.suppress(OSError, ValueError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def _say_error(message: str) -> None:
    """One line on stderr (if stderr can be written at all)."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        print(wording.command_error(PROG, message), file=sys.stderr, flush=True)


def _interrupt_once(signum: int, frame: object) -> None:
    """SIGINT (over a link also SIGTERM, SIGHUP): a KeyboardInterrupt, the first time; from then on these signals
    are ignored, so none can interrupt the goodbye."""
    for name in ("SIGINT", "SIGTERM", "SIGHUP"):
        number = getattr(signal, name, None)
        if number is not None and signal.getsignal(number) is _interrupt_once:
            signal.signal(number, signal.SIG_IGN)
    raise KeyboardInterrupt


def _main(argv: list[str] | None) -> int:
    arguments = sys.argv[1:] if argv is None else list(argv)
    if names_command(arguments):  # vp-connect4 check ..., vp-connect4 tourney ...
        return run_command(arguments)
    choose_language(argv)
    parser = build_parser()
    args = parser.parse_args(argv)
    use_limits(args)
    args.x_ply = args.ply if args.x_ply is None else args.x_ply
    args.o_ply = args.ply if args.o_ply is None else args.o_ply
    args.x = HUMAN if args.x is None else args.x
    args.o = (HUMAN if args.join else AI) if args.o is None else args.o  # a guest plays its side itself
    problem = link_problem(args)
    if problem is not None:
        parser.error(problem)
    seats = _checked_seats(parser, args)
    if args.analyse:  # the start position's analysis, and no game
        return _analyse(args)
    if args.listen is not None or args.join is not None:
        return _play_linked(parser, args)
    if not args.text:
        return _play_scene(parser, args, seats)
    return _play_text(args, seats)


def _play_scene(
    parser: argparse.ArgumentParser, args: argparse.Namespace, seats: dict[str, Seat], link: SceneLink | None = None
) -> int:
    """The game in 3D (over ``link``: its remote side played on the other machine)."""
    from .vp3d.app import PortUnavailable, run_scene  # imports vpython: only here

    draws = None if link is None else link.draws  # the guest's chance: the host's draws
    rng = random.Random(args.seed) if draws is None else draws
    game = Game(_new_board(args), seats=seats, tiebreak=args.tiebreak, start_moves=args.moves, rng=rng)
    try:
        return run_scene(
            game, open_browser=not args.no_browser, port=args.port, seed=args.seed, move_time=args.move_time,
            think=args.think, link=link,
        )  # fmt: skip
    except PortUnavailable as error:
        parser.error(str(error))


def _new_board(args: argparse.Namespace) -> RulesBoard:
    """An empty board of the size and rules the options name."""
    return RulesBoard(*args.size, variant=args.variant)


def _checked_seats(parser: argparse.ArgumentParser, args: argparse.Namespace) -> dict[str, Seat]:
    """The seats the options name, once every option that depends on another is checked (a bad one: the parser's
    error, exit code 2): each side's level on this board, a player file's level and rules, the start moves."""
    for option in ("--x-ply", "--o-ply"):
        try:
            getattr(args, option[2:].replace("-", "_")).within(_new_board(args))
        except Connect4Error as error:
            parser.error(str(argparse.ArgumentError(parser.option(option), str(error))))
    for ox in _player_files(args):
        option = f"--{ox.lower()}-ply"
        if getattr(args, option[2:].replace("-", "_")).is_perfect:
            parser.error(str(argparse.ArgumentError(parser.option(option), wording.player_file_ply(option))))
    if _player_files(args) and args.variant.parts:
        parser.error(wording.student_standard_rules())
    try:
        seats = seats_from(args)
    except Connect4Error as error:
        parser.error(str(error))
    try:  # the start position, on the rules' board, as the page loads a code (no move after the game was over)
        Game(_new_board(args)).load(args.moves)
    except Connect4Error as error:
        parser.error(str(argparse.ArgumentError(parser.option("--moves"), str(error))))
    return seats


def _player_files(args: argparse.Namespace) -> dict[str, PlayerFile]:
    """The sides ``--x``/``--o`` give to a player file, and their files."""
    return {ox: who for ox, who in (("X", args.x), ("O", args.o)) if isinstance(who, PlayerFile)}


def _analyse(args: argparse.Namespace) -> int:
    """``--analyse``: the start position's exact outcome, column by column."""
    board = _new_board(args)
    game = Game(board, start_moves=args.moves)
    print(board)
    if game.outcome is not None:  # nothing to analyse
        winner = game.outcome.winner
        print(wording.no_move_game_over(winner) if winner else wording.no_move_board_full())
        return EXIT_NOTHING_TO_PLAY
    print(analysis_text(board, game.to_move, progress=lambda text: print(text, file=sys.stderr, flush=True)))
    return EXIT_PLAYED


def _play_linked(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """A game over a link, in the terminal or in 3D: as the host (``--listen``: the log line ``invite: CODE``, then
    the game once the guest joined; the scene opens at once) or the guest (``--join``: the host's settings, then the
    game). A refused token: one line, EXIT_BAD_OPTION; any other failure to join, or an address the host cannot
    listen on: one line. SIGTERM and SIGHUP end it as Ctrl-C does (the moves kept, the other side told)."""
    from .link.guest import JoinFailed, TokenRefused  # the websocket library: only for a link
    from .link.scene import open_scene_link
    from .link.start import open_link

    _end_on_signals()
    try:
        opened = open_link(args) if args.text else open_scene_link(args)
    except TokenRefused as error:
        _say_error(str(error))
        return EXIT_BAD_OPTION
    except JoinFailed as error:
        _say_error(str(error))
        return EXIT_STOPPED
    except OSError as error:  # the address to listen on: taken, or not this machine's
        _say_error(wording.listen_failed(str(args.listen), error.strerror or str(error)))
        return EXIT_BAD_OPTION
    except KeyboardInterrupt:  # Ctrl-C, SIGTERM or SIGHUP before the game began: its moves are the start's
        print("\n" + wording.stopped(args.moves), flush=True)
        return EXIT_STOPPED
    if not isinstance(opened, tuple):  # the scene's: it ends (the other side told) however the scene ends
        try:
            return _play_scene(parser, args, seats_from(args), opened)
        finally:
            opened.close()
    link, host = opened
    reason = LEFT  # told to the other side: the game ended here before its end (Ctrl-C), or it was played out
    try:
        code = _play_text(args, seats_from(args), link)
        reason = OVER if code == EXIT_PLAYED else LEFT
        return code
    except KeyboardInterrupt:  # a signal before the game's loop (or after its end): the moves so far
        if link.finished:
            return EXIT_PLAYED
        print("\n" + wording.stopped(link.code), flush=True)  # under a line cut short, maybe
        return EXIT_STOPPED
    finally:
        link.close(reason)
        if host is not None:
            host.close()


def _end_on_signals() -> None:
    """SIGTERM and SIGHUP end the game as Ctrl-C does (from the main thread: a test's call sets nothing)."""
    if threading.current_thread() is threading.main_thread():
        for name in ("SIGTERM", "SIGHUP"):
            if hasattr(signal, name):
                signal.signal(getattr(signal, name), _interrupt_once)


def _play_text(args: argparse.Namespace, seats: dict[str, Seat], link: Link | None = None) -> int:
    """The game in the terminal; its exit code (a game given over already: shown as it ended, EXIT_NOTHING_TO_PLAY).
    Over a ``link``, its remote side is the other program's, each move made here is sent to it, ``u``/``n`` offered."""
    over = Game(_new_board(args), start_moves=args.moves).outcome is not None
    if sys.stdin is None and not over and not all(seat.is_ai for seat in seats.values()):
        _say_error(wording.no_input())  # stdin closed (<&-): nobody can type a move
        return EXIT_STOPPED
    if sys.stdin is not None and hasattr(sys.stdin, "reconfigure"):
        sys.stdin.reconfigure(errors="replace")  # bytes that are not UTF-8 are an answer to ask again, not a crash
    rng = random.Random(args.seed)
    players = {ox: (seat.player(ox, args.tiebreak, rng) if seat.is_ai else HUMAN) for ox, seat in seats.items()}
    students: list[StudentPlayer] = []
    files = _player_files(args)
    keep_apart(source.path for source in files.values())  # two students' files: neither sees the other's
    try:
        for ox, source in files.items():  # each in its own process, ended however the game ends
            ply = (args.x_ply if ox == "X" else args.o_ply).ply
            try:
                student = StudentPlayer(source, ox, args.tiebreak, ply, args.move_time, rng)
            except StudentError as error:
                print(error, file=sys.stderr)
                return EXIT_STOPPED
            students.append(student)
            players[ox] = student
        linked: dict[str, object] = {}
        if link is not None:  # the other side as a player; the offers made and answered here
            from .link.terminal import linked_terminal

            person = players["O" if link.remote == "X" else "X"] == HUMAN
            players[link.remote], linked["commands"] = linked_terminal(link, person)
            linked["after_move"] = link.tell
        board = _new_board(args)
        rng = rng if link is None or link.draws is None else link.draws  # the guest's chance: the host's draws
        outcome = play_in_terminal(board, players["X"], players["O"], start_moves=args.moves, rng=rng, **linked)  # type: ignore[arg-type]
    finally:
        for student in students:
            student.close()
    if over:
        return EXIT_NOTHING_TO_PLAY
    return EXIT_PLAYED if outcome is not None else EXIT_STOPPED


if __name__ == "__main__":
    sys.exit(main())
