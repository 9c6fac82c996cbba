"""Analyse game's chart in the real scene: VPython's graph appears with the analysis, over the 3D view without moving
anything on the page, and goes out of sight with it (``main.py --no-browser`` + headless Chromium)."""

from __future__ import annotations

import re
from typing import Any

from browser.scene_page import ScenePage
from browser.scene_process import SceneProcess

GAME = "3323344452"  # X gives its win away with move 3 (the analysis shows it first)
CHART_JS = """() => {
    const chart = document.querySelector('.glowscript-graph');
    if (!chart) return null;
    const box = chart.getBoundingClientRect();
    return {visibility: getComputedStyle(chart).visibility, text: chart.textContent,
            box: [box.x, box.y, box.width, box.height]};
}"""
LABELLED_JS = f"() => {{ const chart = ({CHART_JS})(); return chart !== null && /-\\d/.test(chart.text); }}"
X_TICKS_JS = """() => [...document.querySelectorAll('.glowscript-graph .xAxis .tickLabel')]
    .map(label => label.textContent.trim())"""
STILL_JS = "() => document.getElementById('c4-status').textContent.startsWith('To move')"
ANALYSIS_TIMEOUT = 180.0  # seconds
PLACES_JS = """() => [...document.querySelectorAll('canvas, button, select, input, #c4-status')]
    .filter(element => !element.closest('.glowscript-graph'))
    .map(element => { const box = element.getBoundingClientRect(); return [box.x, box.y, box.width, box.height]; })"""


def test_the_chart_comes_with_the_analysis_moves_nothing_and_goes_with_it(context: Any) -> None:
    with SceneProcess.main("--moves", GAME, "--o", "human") as scene:
        view = ScenePage.open(context, scene)
        assert view.page.evaluate(CHART_JS) is None  # no chart before an analysis
        places = view.page.evaluate(PLACES_JS)
        view.page.wait_for_function(STILL_JS, timeout=60_000)  # the position shown, nothing falling: a may analyse
        view.press("a")  # a fresh install's AI worker compiles the solver first: the answer may take a while
        assert view.wait_log("^analysis: (result|no change)", ANALYSIS_TIMEOUT) == "analysis: result changed at move 3"
        view.page.wait_for_function(f"() => ({CHART_JS})() !== null")
        view.page.wait_for_function(LABELLED_JS, timeout=60_000)  # its axis drawn (a busy browser draws late)
        chart = view.page.evaluate(CHART_JS)
        assert chart["visibility"] == "visible"
        ticks = [int(tick) for tick in re.findall(r"-?\d+", chart["text"])]
        assert min(ticks) < 0 < max(ticks)  # X's wins up, O's down
        x, y, width, height = chart["box"]
        window = view.page.viewport_size
        assert width > 200 and height > 120 and x >= 0 and y >= 0
        assert x + width <= window["width"] and y + height <= window["height"], "the chart runs off the window"

        view.press("Escape")
        view.wait_log("^analysis: back to the game$")
        view.page.wait_for_function(f"() => ({CHART_JS})().visibility === 'hidden'")
        assert view.page.evaluate(PLACES_JS) == places, "the chart left something moved on the page"
        view.press("a")  # kept for its game: back at once, the chart in sight again
        view.wait_log("^analysis: move 3 ")
        view.page.wait_for_function(f"() => ({CHART_JS})().visibility === 'visible'")


def test_a_short_games_chart_counts_whole_moves(context: Any) -> None:
    """Two moves analysed: the x axis reads 0, 1, 2, ... moves, never 0.5 (issue 37)."""
    with SceneProcess.main("--moves", "33", "--o", "human") as scene:
        view = ScenePage.open(context, scene)
        view.page.wait_for_function(STILL_JS, timeout=60_000)
        view.press("a")
        view.wait_log("^analysis: (result|no change)", ANALYSIS_TIMEOUT)
        view.page.wait_for_function(LABELLED_JS, timeout=60_000)
        ticks = view.page.evaluate(X_TICKS_JS)
        assert ticks and all(re.fullmatch(r"\d+", tick) for tick in ticks), ticks
