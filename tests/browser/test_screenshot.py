"""The README's picture is made by :mod:`browser.screenshot`; this keeps that tooling working.

It also sees the Hint button at work: the scores are logged and drawn as labels, 100 in green.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from browser.conftest import VIEWPORT
from browser.pixels import decode_png
from browser.screenshot import make_screenshot

WIDTH = 7


def is_win_green(rgb: tuple[int, int, int]) -> bool:
    r, g, b = rgb
    return g > 180 and g > r + 80 and g > b + 80


def test_the_readme_screenshot_shows_the_puzzle_with_its_hint(context: Any, tmp_path: Path) -> None:
    path = tmp_path / "screenshot.png"
    hint = make_screenshot(context, path)

    scores = [float(score) for score in hint.split()[2:]]
    assert len(scores) == WIDTH and 100.0 in scores, hint
    image = decode_png(path.read_bytes())
    assert (image.width, image.height) == (VIEWPORT["width"], VIEWPORT["height"])  # the whole window
    assert image.count(is_win_green) > 100, "no green 100 label in the picture"
