"""Player files whose texts are hostile to whoever shows them: escape sequences (clear the screen, set the window's
title, write the clipboard, paint a forged "all checks agree" green), newlines that start lines of their own,
bidirectional marks that turn text around, and characters XML 1.0 forbids, in a class's name, an error's message,
a traceback's source line, a returned value's repr and a file's name. :func:`write` puts them into a folder;
:func:`raw` finds what of them reached a text as it is."""

from __future__ import annotations

import unicodedata
from pathlib import Path

CLEAR = "\x1b[2J\x1b[H"
TITLE = "\x1b]0;owned\x07"
CLIPBOARD = "\x1b]52;c;ZWNobyBvd25lZA==\x07"  # OSC 52: "echo owned" into the clipboard
FORGED = "examples/player.py: all 170 checks agree with the reference"
GREEN = f"\x1b[32m{FORGED}\x1b[0m"
BIDI = "\u202e\u2066\u200f\u061c\u200b"  # right-to-left override, isolate, mark, Arabic mark, zero width space
NOT_XML = "\x00\x01\x08\x0b\x0c\x0e\x1f\x7f\x85\ud800\ufffe\uffff"
MESSAGE = CLEAR + TITLE + CLIPBOARD + "\n" + GREEN + BIDI
CLASS_NAME = "Player\n" + GREEN + BIDI + CLEAR  # a type's name may hold anything but a NUL
# a file name that would be a row of the tournament's table of its own, and a board's line of the check's
FILE_NAME = f"evil{CLEAR}\n1  forged.py  9  9  0  0  0  9\n| |X|O|{BIDI}.py"

PLAYER = """\
MESSAGE = {message!r}


class Player:
    def __init__(self, ox, tbt, ply):
        self.ox, self.tbt, self.ply = ox, tbt, ply

    def next_move(self, b):
{move}

    def scores_for(self, b):
{move}


Player.__name__ = Player.__qualname__ = {name!r}
"""

RAISE = "        raise RuntimeError(MESSAGE)  # {raw}"  # the comment raw: the traceback shows the source line
NASTY = """\
        class Nasty:
            def __repr__(self):
                return MESSAGE
        return Nasty()"""

FILES = {  # name: (the class's name, what next_move and scores_for do, what the file does when imported)
    "named.py": (CLASS_NAME, RAISE.format(raw=CLEAR + BIDI), ""),
    "not_xml.py": ("Player", RAISE.format(raw=BIDI), ""),
    "returns.py": (CLASS_NAME, NASTY, ""),
    "not_loaded.py": ("Player", RAISE.format(raw=""), "raise ImportError(MESSAGE + {not_xml!r})  # " + CLEAR),
}
MESSAGES = {"not_xml.py": MESSAGE + NOT_XML}


def source(name: str) -> str:
    """The text of the hostile file ``name`` (one of :data:`FILES`)."""
    class_name, move, at_import = FILES[name]
    text = PLAYER.format(message=MESSAGES.get(name, MESSAGE), move=move, name=class_name)
    return text + at_import.format(not_xml=NOT_XML) + "\n"


def write(folder: Path, *names: str) -> list[str]:
    """The hostile files ``names`` (every one of :data:`FILES` if none) written into ``folder``; their names."""
    names = names or tuple(FILES)
    for name in names:
        (folder / name).write_text(source(name), encoding="utf-8", errors="surrogatepass")
    return list(names)


def raw(text: str) -> list[str]:
    """The characters of ``text`` that must never reach a person as they are (newlines aside): control and format
    characters, line and paragraph separators, surrogates, noncharacters."""
    return [char for char in text if char != "\n" and _hostile(char)]


def _hostile(char: str) -> bool:
    code = ord(char)
    noncharacter = 0xFDD0 <= code <= 0xFDEF or code & 0xFFFE == 0xFFFE
    return noncharacter or unicodedata.category(char) in ("Cc", "Cf", "Cs", "Zl", "Zp")
