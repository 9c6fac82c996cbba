"""The command lines' common part: argparse in the language spoken, and ``--lang en|nl``.

Used by ``cli`` (``vp-connect4``, ``python main.py``) and the scenes (``vp3d.app.scene_main``).
"""

from __future__ import annotations

import argparse
import sys
from typing import NoReturn

from . import wording

MAX_PORT = 65535


class Parser(argparse.ArgumentParser):
    """argparse in the language spoken: its ``usage:`` and ``error:`` words and ``-h`` come from ``wording``."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__(add_help=False, formatter_class=Formatter, **kwargs)  # type: ignore[arg-type]
        self._positionals.title = wording.help_line("positionals")
        self._optionals.title = wording.help_line("options")
        self.add_argument("-h", "--help", action="help", help=wording.help_line("help"))

    def option(self, name: str) -> argparse.Action:
        """The option ``name`` (e.g. ``--moves``), for an error about its value found after parsing."""
        return self._option_string_actions[name]

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
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


def port(text: str) -> int:
    """A port as typed: 0 (any free port) to 65535."""
    if not (text.isascii() and text.isdigit() and int(text) <= MAX_PORT):
        raise argparse.ArgumentTypeError(wording.bad_port_option(MAX_PORT, text))
    return int(text)
