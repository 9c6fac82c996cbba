"""Pictures of Think pointing at each planted bug of issue 37, for the worked examples of docs/eigen-player.md and
docs/teachers.md: ``make screenshot-bugs``.

Each picture: a Hanze file with one of the seven bugs students make (``player_sources.BUGS``; saved as ``mine.py``
in a folder of its own) plays X, Think opens on X's tree at a position and ply where that bug shows (or, where the
tree cannot show it, where it shows what it does), and the page is saved at ``screenshot.VIEWPORT`` (1280 x 800):
the status line with the diagnosis' sentence above the canvas, the tree opened on the first call that differs
(ringed in red), the small rack showing that call's position. Saved as ``docs/think-bug-<name>.png``
(:data:`SHOTS`), made smaller by ``pngquant`` (a palette of at most 256 colours: about a third of the size, the same
to the eye) where it is installed, else by ``optipng`` (lossless, a few per cent) where that is.

``python -m tests.browser.bug_screenshots [FOLDER] [--lang nl]`` from the repo root (default: ``docs``, English).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from player_sources import planted

from .scene_page import ScenePage
from .scene_process import SceneProcess
from .screenshot import DOCS, DUEL_TIMEOUT, take

SEED_EXAMPLE = "1211244445"  # the seed text's example: X to move
FILE = "mine.py"  # the name the sentences give the student's file


@dataclass(frozen=True)
class Shot:
    """One picture: the planted ``bug`` on X, Think at ``ply`` with ``tiebreak`` on the position of ``moves``."""

    bug: str
    moves: str
    ply: int
    tiebreak: str = "LEFT"


SHOTS = {
    "min-for-max": Shot("min for max", SEED_EXAMPLE, 2),
    "full-column": Shot("a full column scored 0", "1111", 2),  # column 1 fills two calls down: X 1, O 1
    "never-counted-down": Shot("look-ahead never counted down", SEED_EXAMPLE, 2),
    "own-checker": Shot("its own checker", SEED_EXAMPLE, 2, "RIGHT"),
    "win-scored-50": Shot("a win scored 50", SEED_EXAMPLE, 2),  # scores_for never calls score_board: all agree
    "left-right": Shot("LEFT and RIGHT swapped", "", 2),  # the empty board: every column ties at 50
    "worst-column": Shot("the worst column", SEED_EXAMPLE, 2),
}


def make_bug_screenshot(context: Any, shot: Shot, path: Path, lang: str = "en") -> str:
    """Save the page with Think open on ``shot``'s file at ``path``; returns the log's ``think ready`` line and the
    status line as the page shows it."""
    with tempfile.TemporaryDirectory(prefix="think-bug-") as folder:
        (Path(folder) / FILE).write_text(planted(shot.bug, "hanze")[0])
        options = ["--x", FILE, "--x-ply", str(shot.ply), "--o", "human", "--tiebreak", shot.tiebreak]
        moves = ["--moves", shot.moves] if shot.moves else []
        with SceneProcess.main(*moves, *options, "--think", "--lang", lang, cwd=Path(folder)) as scene:
            view = ScenePage.open(context, scene)
            ready = view.wait_log("^think ready: ", DUEL_TIMEOUT)
            view.wait_redraws(4)
            status = view.page.evaluate("() => document.getElementById('c4-status').innerText")
            path.parent.mkdir(parents=True, exist_ok=True)
            view.screenshot(clip={"x": 0, "y": 0, **view.page.viewport_size}, path=str(path))  # the whole window
    _optimised(path)
    return f"{ready}\n  {status}"


def _optimised(path: Path) -> None:
    """The PNG made smaller where pngquant (else optipng) is installed; else left as Chromium saved it."""
    pngquant, optipng = shutil.which("pngquant"), shutil.which("optipng")
    if pngquant is not None:
        command = [pngquant, "--quality", "70-95", "--speed", "1", "--strip", "--force", "--output", str(path)]
        subprocess.run([*command, str(path)], check=True)
    elif optipng is not None:
        subprocess.run([optipng, "-quiet", "-o2", "-strip", "all", str(path)], check=True)


def main(argv: list[str]) -> int:
    lang = argv[argv.index("--lang") + 1] if "--lang" in argv else "en"
    folders = [arg for index, arg in enumerate(argv) if not arg.startswith("--") and argv[index - 1] != "--lang"]
    folder = Path(folders[0]) if folders else DOCS
    suffix = "" if lang == "en" else f"-{lang}"
    return take(
        (lambda context, path, shot=shot: make_bug_screenshot(context, shot, path, lang),
         folder / f"think-bug-{name}{suffix}.png")
        for name, shot in SHOTS.items()
    )  # fmt: skip

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
