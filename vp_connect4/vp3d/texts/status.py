"""The scene's status line in words, from the game and what the controller knows (no VPython)."""

from __future__ import annotations

from dataclasses import dataclass

from ... import wording
from ...board import CHECKERS
from ...game import Game
from .telling import chosen


@dataclass(frozen=True)
class Moment:
    """What besides the game decides the status line."""

    paused: bool = False
    falling: bool = False  # the last move's checker has not landed yet
    error: str | None = None  # the AI failed: shown until a setting changes
    thinking: bool = False  # the AI computes a move
    best: str | None = None  # the hint's line (``Best for X: ...``)
    failed: str | None = None  # a side's player file failed: its line (shown until it is tried again)


def humans(game: Game) -> list[str]:
    return [ox for ox in CHECKERS if not game.seats[ox].is_ai]


def result_text(game: Game) -> str:
    outcome = game.outcome
    assert outcome is not None
    return wording.result_in_scene(outcome.winner, humans(game), outcome.termination.value)


def to_move_text(game: Game) -> str:
    """What the person to move may click or press: columns (0-6), rows when gravity pulls sideways, f to flip."""
    ox, board = game.to_move, game.board
    alone = len(humans(game)) == 1
    flips = board.flip_move() is not None
    return wording.human_to_move(ox, board.move_line(), board.slot_count(), flips, alone)


def status_line(game: Game, now: Moment) -> str:
    """Paused first (at once, whoever is to move), then a falling checker, the result, a player file's failure, an AI
    error,
    whose turn it is; the hint's best column follows when there is one and nobody waits on anything.
    """
    ox = game.to_move
    last = game.last_move
    if now.paused and not game.is_over:
        return wording.paused(ox, game.seats[ox].is_ai)
    if last is not None and now.falling:
        return wording.falling(last.ox, last.line, chosen(last))
    if game.is_over:
        return result_text(game)
    if now.failed:
        return now.failed
    if now.error:
        return wording.ai_error(ox, now.error)
    if game.seats[ox].is_ai:
        status = wording.thinking(ox) if now.thinking else wording.ai_to_move(ox)
    else:
        status = to_move_text(game)
    return wording.with_hint(status, now.best) if now.best else status
