"""Analyse game's chart: VPython's own graph of the outcome after each move (:func:`..worker.analysis.chart_points`),
in the top right corner of the 3D view while the analysis is shown, the move shown marked.

VPython cannot take a graph off the page again, so the one graph, made the first time, stays: out of sight it is
``visibility: hidden`` (a ``<style>`` in a ``wtext`` of its own, said or not), so it never moves the page.
"""

from __future__ import annotations

from typing import Any

from ... import wording
from .. import assets
from ..worker.analysis import band

WIDTH = 360  # pixels: over the sky above the rack, from a 1024x700 window up
HEIGHT = 140
CURVE_COLOUR = (0.1, 0.3, 0.75)
MARK_COLOUR = (0.9, 0.35, 0.0)
LEVEL_COLOUR = (0.6, 0.6, 0.6)
BAND_COLOUR = (0.82, 0.82, 0.82)
OUT_OF_SIGHT = 3  # times the axis' range: where a graph that needs a point shows none (an empty one cannot be sent)
HIDDEN = "<style>.glowscript-graph { visibility: hidden; }</style>"
# the x axis spans at least this many moves: over fewer the graph's ticks come in halves (0, 0.5, 1, 1.5 moves)
FEWEST_MOVES_SHOWN = 6


class Chart:
    """The chart of one analysis at a time, on the page of ``canvas``."""

    def __init__(self, canvas: Any):
        import vpython as vp

        self._vp = vp
        self._canvas = canvas
        self._shown: tuple[tuple[int, int], ...] | None = None  # the points drawn
        self._graph: Any = None
        self._visibility: Any = None

    def show(self, points: list[tuple[int, int]], moves: int, cells: int, current: int) -> None:
        """The outcome after each move (``points``: move number, X's outcome in its band, see ``chart_points``) of a
        game of ``moves`` moves on a board of ``cells`` cells; ``current``: the move shown, marked. Light lines part
        the bands: X wins above the upper one, O wins below the lower one, draws on the middle line."""
        vp = self._vp
        middle = band(cells)  # the draws' band ends here, the wins' begin
        top = 2 * middle
        if self._graph is None:
            vp.wtext(pos=self._canvas.caption_anchor, text=assets.style("chart.css"))
            self._visibility = vp.wtext(pos=self._canvas.caption_anchor, text="")
            self._graph = vp.graph(
                title=wording.chart_title(), xtitle=wording.chart_xtitle(), ytitle=wording.chart_ytitle(),
                width=WIDTH, height=HEIGHT, fast=True, align="none",
            )  # fmt: skip
            self._level = vp.gcurve(graph=self._graph, color=vp.vector(*LEVEL_COLOUR), width=1)
            self._bands = [vp.gcurve(graph=self._graph, color=vp.vector(*BAND_COLOUR), width=1) for _ in range(2)]
            self._curve = vp.gcurve(graph=self._graph, color=vp.vector(*CURVE_COLOUR), width=2, markers=True)
            self._mark = vp.gdots(graph=self._graph, color=vp.vector(*MARK_COLOUR), radius=6)
        elif self._visibility.text:
            self._visibility.text = ""
        if self._shown != tuple(points):
            self._shown = tuple(points)
            graph, last = self._graph, max(moves, FEWEST_MOVES_SHOWN)
            graph.xmin, graph.xmax, graph.ymin, graph.ymax = 0, last, -top, top
            self._level.data = [(0, 0), (last, 0)]
            for edge, sign in zip(self._bands, (1, -1), strict=True):  # where X's wins begin, and O's
                edge.data = [(0, sign * middle), (last, sign * middle)]
            self._curve.data = points or [(0, OUT_OF_SIGHT * top)]
        mark = [point for point in points if point[0] == current]
        self._mark.data = mark or [(current, OUT_OF_SIGHT * top)]  # not worked out: no mark

    def hide(self) -> None:
        if self._visibility is not None and not self._visibility.text:
            self._visibility.text = HIDDEN

    def relabel(self) -> None:
        """Its titles in the language spoken now."""
        if self._graph is not None:
            self._graph.title = wording.chart_title()
            self._graph.xtitle = wording.chart_xtitle()
            self._graph.ytitle = wording.chart_ytitle()
