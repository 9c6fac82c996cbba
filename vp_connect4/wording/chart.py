"""Sentences of Analyse game's chart (the scene's graph of the outcome after each move)."""

from __future__ import annotations

from .language import N_, name_sentences, sentence

__all__ = ["chart_title", "chart_xtitle", "chart_ytitle"]


# Above the chart.
chart_title = sentence(N_("Who wins with perfect play, after each move"))


# Under the chart's horizontal axis: the moves played.
chart_xtitle = sentence(N_("moves played"))


# Beside its vertical axis: up X wins, down O wins, the height how many checkers the winner has to spare.
chart_ytitle = sentence(N_("↓ O wins · X wins ↑"))

name_sentences(globals())
