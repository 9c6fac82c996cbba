"""Every board size the game offers (4x4 to 10x10), through the real program: the perfect level plays its first
move and never ends in a traceback, whether the solver takes the size (its bitboard fits 64 bits) or not."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from conftest import ROOT

pytestmark = pytest.mark.timeout(120)

ENV = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONIOENCODING="utf-8")
SIZES = [f"{w}x{h}" for w in range(4, 11) for h in range(4, 11)]


@pytest.mark.parametrize("size", SIZES)
def test_the_perfect_level_plays_a_first_move_on_every_size(size: str) -> None:
    command = [sys.executable, "-m", "vp_connect4", "--text", "--size", size, "--x", "human", "--o", "ai",
               "--o-ply", "perfect"]  # fmt: skip
    done = subprocess.run(command, input=b"0\n", capture_output=True, timeout=90, env=ENV, cwd=ROOT)
    out, err = done.stdout.decode(), done.stderr.decode()
    assert "Traceback" not in err, err[-2000:]
    assert "O (perfect) plays" in out or "O (deepest search) plays" in out, out[-2000:]


@pytest.mark.parametrize("size", ["4x4", "4x6", "5x5", "7x6", "8x7", "9x7", "10x6", "10x10"])
def test_the_analysis_of_an_opening_position_gives_outcomes_or_says_why_not(size: str) -> None:
    """A sample of the sizes (one the solver works out at once, the book's, the largest it takes, the first it
    does not take, the largest): outcomes, or the sentence that says there is none, and no traceback."""
    command = [sys.executable, "-m", "vp_connect4", "--analyse", "--size", size, "--moves", "0"]
    done = subprocess.run(command, capture_output=True, timeout=90, env=ENV, cwd=ROOT)
    out, err = done.stdout.decode(), done.stderr.decode()
    assert done.returncode == 0 and "Traceback" not in err, err[-2000:]
    assert "With perfect play, for O" in out or "There is no analysis" in out, out[-2000:]
