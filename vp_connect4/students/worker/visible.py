"""Text from a student's file as a person may read it: nothing in it acts on a terminal, a page or a reader.

A class's name, a traceback, an error's message, what a method returned, a file's name: each can hold characters
that are not text to read but orders to whoever shows it, and they pass through every front end (the terminal,
the scene, CSV/JSON files, Gradescope, JUnit) as they are. :func:`visible` writes each of them the way Python
writes it in a string literal, so that it is seen and does nothing:

- the control characters (C0, DEL, C1: an escape sequence that clears the screen, sets the window's title, writes
  the clipboard, paints a line green; a newline that starts a line of its own, a carriage return that overwrites
  one): ``\\x1b``, ``\\n``, ``\\r``, ``\\t``, ``\\x85``;
- the format characters (the bidirectional marks, embeddings, overrides and isolates that turn text around:
  ``\\u202e``; zero-width ones: ``\\u200b``), the line and paragraph separators (``\\u2028``);
- lone surrogates, noncharacters (``\\ufffe``) and code points Unicode has not assigned: ``\\ud800``.

Every other character stays as it is: letters of any script, spaces, and the backslash too (``C:\\files``), so a
text made visible once is the same made visible again. ``lines=True`` keeps the newline (a text of several lines:
a traceback). What it returns holds no character XML 1.0 forbids.
"""

from __future__ import annotations

import unicodedata

KEPT_CATEGORIES = frozenset({"Zs", "Co"})  # spaces (no-break, ideographic...) and private use: shown as they are
NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def visible(text: str, lines: bool = False) -> str:
    """``text`` with every character that is not for reading written as its escape (see the module docstring);
    ``lines``: newlines stay."""
    if text.isprintable():
        return text
    return "".join(_shown(char, lines) for char in text)


def _shown(char: str, lines: bool) -> str:
    if char.isprintable() or (lines and char == "\n") or unicodedata.category(char) in KEPT_CATEGORIES:
        return char
    return NAMED.get(char) or _escape(ord(char))


def _escape(code: int) -> str:
    if code < 0x100:
        return f"\\x{code:02x}"
    if code < 0x10000:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"
