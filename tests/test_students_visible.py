"""Nothing raw from a student's file reaches a person: control, format (bidirectional) and other invisible characters
of a class's name, a traceback, an error's message, a returned value's repr and a file's name are shown made visible
(``\\x1b``, ``\\u202e``) by check, its JUnit and Gradescope files, the tournament's table and results files, think
and the terminal game. The hostile files: ``hostile_texts``."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import hostile_texts
import pytest
from conftest import ROOT
from hostile_texts import raw

from vp_connect4.students.visible import visible

pytestmark = pytest.mark.timeout(120)

ENV = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONIOENCODING="utf-8")
EXAMPLES = ROOT / "examples"
ESCAPED = "\\x1b[2J\\x1b[H"  # hostile_texts.CLEAR as it is shown


def vp(*arguments: str, cwd: Path, stdin: bytes = b"") -> tuple[int, str, str]:
    done = subprocess.run(
        [sys.executable, "-m", "vp_connect4", *arguments], input=stdin, capture_output=True, timeout=100, env=ENV,
        cwd=cwd,
    )  # fmt: skip
    return done.returncode, done.stdout.decode(errors="replace"), done.stderr.decode(errors="replace")


def forged_lines(text: str) -> list[str]:
    """The lines of ``text`` that a hostile text made to look like ours: the forged check, the forged table row."""
    lines = (re.sub(r"\x1b\[[0-9;]*m", "", line) for line in text.splitlines())  # as a terminal shows them
    return [line for line in lines if line.startswith((hostile_texts.FORGED, "1  forged.py"))]


# -- the function ------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("\x1b[2J", "\\x1b[2J"),
        ("a\nb\rc\td", "a\\nb\\rc\\td"),
        ("\x00\x07\x7f\x85\x9b", "\\x00\\x07\\x7f\\x85\\x9b"),
        ("\u202egnp.exe\u202c", "\\u202egnp.exe\\u202c"),
        ("\u061c\u200e\u200f\u2066\u2067\u2068\u2069\u202a\u202b\u202d", "\\u061c\\u200e\\u200f\\u2066\\u2067\\u2068"
         "\\u2069\\u202a\\u202b\\u202d"),
        ("\u200b\ufeff\u00ad\U000e0041", "\\u200b\\ufeff\\xad\\U000e0041"),
        ("\ud800\udfff\ufffe\uffff\ufdd0\U0010ffff\u2028\u2029", "\\ud800\\udfff\\ufffe\\uffff\\ufdd0\\U0010ffff"
         "\\u2028\\u2029"),
    ],
)  # fmt: skip
def test_every_control_format_and_unassigned_character_is_written_as_its_escape(text: str, shown: str) -> None:
    assert visible(text) == shown
    assert visible(text, lines=True) == shown.replace("\\n", "\n")


def test_text_to_read_stays_as_it_is_and_a_text_made_visible_stays_the_same() -> None:
    for text in ("player.py", "Spieler_ß.py:Jöö", "Ελληνικά 中文 עברית العربية", "C:\\files\\x1b.py", "a\u00a0b\ue000",
                 "| |X|O|"):  # fmt: skip
        assert visible(text) == text
    assert visible("one\ntwo", lines=True) == "one\ntwo"
    hostile = hostile_texts.MESSAGE + hostile_texts.NOT_XML + hostile_texts.FILE_NAME
    assert raw(visible(hostile)) == [] and "\n" not in visible(hostile)
    assert raw(visible(hostile, lines=True)) == []
    assert visible(visible(hostile)) == visible(hostile)
    ET.fromstring(f"<a b={json.dumps(visible(hostile))}>{visible(hostile, lines=True)}</a>")  # XML 1.0 takes it
