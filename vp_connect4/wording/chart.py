"""Sentences of Analyse game's chart (the scene's graph of the outcome after each move)."""

from __future__ import annotations

from .language import _

__all__ = ["chart_title", "chart_xtitle", "chart_ytitle"]


def chart_title() -> str:
    """Above the chart."""
    return _("Who wins with perfect play, after each move")


def chart_xtitle() -> str:
    """Under the chart's horizontal axis: the moves played."""
    return _("moves played")


def chart_ytitle() -> str:
    """Beside its vertical axis: up X wins, down O wins, the height how many checkers the winner has to spare."""
    return _("↓ O wins · X wins ↑")
