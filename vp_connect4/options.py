"""The command lines' common part: argparse in the language spoken, a bad option as one line, ``--lang en|nl``,
and the values of ``--port`` and ``--seed``.

Used by ``cli`` (``vp-connect4``, ``python main.py``) and the scenes (``vp3d.app.scene_main``).
"""

from __future__ import annotations

import argparse
import re
import sys
from typing import IO, NoReturn

from . import wording
from .errors import Connect4Error
from .levels import PERFECT, Level

MAX_PORT = 65535
WHOLE_NUMBER = re.compile(r"-?[0-9]+")  # ASCII digits only: not '٣' or '1_000', which int() would take
# argparse's own errors about how options are written (not about a value): they say nothing of what is allowed
SYNTAX_ERRORS = ("unrecognized arguments", "expected one argument", "ignored explicit argument", "ambiguous option")


class Parser(argparse.ArgumentParser):
    """argparse in the language spoken: its ``usage:`` and ``error:`` words and ``-h`` come from ``wording``; a bad
    option is one line (``prog: error: argument --port: must be ...``), exit code 2, without the usage lines."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__(add_help=False, formatter_class=Formatter, **kwargs)  # type: ignore[arg-type]
        self._positionals.title = wording.help_line("positionals")
        self._optionals.title = wording.help_line("options")
        self.add_argument("-h", "--help", action="help", help=wording.help_line("help"))

    def option(self, name: str) -> argparse.Action:
        """The option ``name`` (e.g. ``--moves``), for an error about its value found after parsing."""
        return self._option_string_actions[name]

    def print_help(self, file: IO[str] | None = None) -> None:
        """The help; a write that fails (a full disk) is an error here (argparse's own passes over it)."""
        (file if file is not None else sys.stdout).write(self.format_help())

    def error(self, message: str) -> NoReturn:
        if any(words in message for words in SYNTAX_ERRORS):  # what is allowed: the options --help lists
            message = wording.see_help(message, self.prog)
        self.exit(2, wording.command_error(self.prog, message) + "\n")


class Formatter(argparse.HelpFormatter):
    def add_usage(self, usage, actions, groups, prefix=None):  # type: ignore[no-untyped-def]
        super().add_usage(usage, actions, groups, prefix if prefix is not None else wording.help_line("usage"))


def add_language(parser: argparse.ArgumentParser) -> None:
    """``--lang en|nl``: the language of everything shown (without it: the environment's, else English)."""
    parser.add_argument("--lang", choices=list(wording.LANGUAGES), default=None, help=wording.help_line("lang"))


def choose_language(argv: list[str] | None) -> None:
    """Speak the language ``--lang`` names, before any help text is made; the environment's without it."""
    early = argparse.ArgumentParser(add_help=False)
    early.add_argument("--lang", default=None)
    known, _rest = early.parse_known_args(argv)
    wording.use_language(known.lang if known.lang in wording.LANGUAGES else None)  # a bad value: the parser says so


def seed(text: str) -> int:
    """A seed as typed: a whole number (ASCII digits, a minus allowed)."""
    if not WHOLE_NUMBER.fullmatch(text.strip()):
        raise argparse.ArgumentTypeError(wording.bad_seed_option(text))
    return int(text)


def port(text: str) -> int:
    """A port as typed: 0 (any free port) to 65535."""
    if not (text.isascii() and text.isdigit() and int(text) <= MAX_PORT):
        raise argparse.ArgumentTypeError(wording.bad_port_option(MAX_PORT, text))
    return int(text)


def level(text: str) -> Level:
    """A level as typed: a whole number or 'perfect' (how deep it may be depends on the board: the caller's
    ``Level.within``)."""
    try:
        return Level.parse(text)
    except Connect4Error:
        raise argparse.ArgumentTypeError(wording.bad_level_option(PERFECT, text)) from None
