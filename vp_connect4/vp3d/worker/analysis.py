"""Analyse game: every position of a game with perfect play, and the move where the result changed hands.

No VPython. Two sides:

* the AI worker's (:func:`analyse`, through ``jobs.AiRequest.analysis``): the exact signed distance of each
  position of the game for the side to move there (``+k`` it wins with its checker ``k`` plies from then,
  ``-k`` it loses so, ``0`` a draw; :mod:`...engine.exact.solver`'s convention), from the opening book up to 12
  checkers on 7x6 (instant), else from the solver within :data:`SECONDS_PER_POSITION` each. The positions
  are solved from the last to the first, so the solver's table, filled by the later ones, helps with the
  earlier; those not worked out get a second try of :data:`RETRY_SECONDS` (the table keeps what the first
  learnt), while the analysis has taken less than :data:`TOTAL_SECONDS`. The rest are None: shown as ``?``.
  For each move that changed the result, the columns that would have kept it (:attr:`GameAnalysis.kept`; the
  solver's within :data:`RETRY_SECONDS`, while the analysis is younger than :data:`TOTAL_SECONDS`).
* the scene's (:func:`steps`, :func:`first_change`; their log lines are ``texts.log_lines``'): each move with
  its mover's outcome before and after it; a move that certainly turned a won position into a draw or a loss, or
  a draw into a loss, for the side that made it (both outcomes known; a ``?`` marks nothing) is marked, and the first of
  them is where the result changed hands.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from itertools import islice
from typing import TYPE_CHECKING

from ...board import RulesBoard
from ...rules import STANDARD, Dropped, Spot, other, spot_of
from ...rules.movecode import read

if TYPE_CHECKING:
    from ...engine.exact.solver import Position  # the solver's face names the positions it takes

SECONDS_PER_POSITION = 1.0  # the solver's first try at one position beyond the book
RETRY_SECONDS = 3.0  # its second try at a position the first did not work out
TOTAL_SECONDS = 20.0  # no second try starts after the analysis has taken this long (else it is ``?``)
PLAYERS = "XO"  # a move string from the empty board: X moves first


@dataclass(frozen=True)
class GameAnalysis:
    """The outcome of each position of the game ``moves`` (its game code from the empty board: columns, or rows
    where gravity pulls sideways, 0-based; swaps as they fell).

    ``values[j]``: the signed distance of the position after ``j`` moves for the side to move there; None if it
    was not worked out in time, or if the game is over there (someone has four: ``won``).
    """

    moves: str
    values: tuple[int | None, ...]
    won: bool = False  # the last move made four
    kept: tuple[tuple[int, tuple[int, ...]], ...] = ()  # (move number, the columns that kept the result there)

    def kept_by(self, number: int) -> tuple[int, ...]:
        """The columns (0-based) that would have kept the result at move ``number`` (none known: empty)."""
        return dict(self.kept).get(number, ())

    @property
    def columns(self) -> tuple[int, ...]:
        """The move of each step: the code's drops, its swaps left out (they followed their moves)."""
        return tuple(token.slot for token in read(self.moves, flips=False, swaps=True, slots=10) if token.swap is None)

    @property
    def unknown(self) -> int:
        """Positions not worked out in time."""
        return sum(value is None for value in self.values) - self.won


@dataclass(frozen=True)
class Step:
    """Move ``number`` (from the empty board) of the game: ``ox`` played ``col``.

    ``before``: ``ox``'s signed distance before the move (counted from then); ``after``: after it (counted
    from then: the opponent's, negated); None: not worked out in time. ``won``: the move made four.
    ``changed``: the result certainly changed hands here (for ``ox``: a win became a draw or a loss, or a draw
    a loss).
    """

    number: int
    ox: str
    col: int
    before: int | None
    after: int | None
    won: bool = False
    changed: bool = False


def analyse(
    width: int,
    height: int,
    moves: str,
    seconds: float = SECONDS_PER_POSITION,
    retry: float = RETRY_SECONDS,
    total: float = TOTAL_SECONDS,
    variant: str = STANDARD,
) -> GameAnalysis:
    """Each position of the game ``moves`` with perfect play (the worker's job; see the module docstring).

    ``variant``: the rules, whose every position the solver takes (the standard game seen from gravity's side;
    chance and swaps as they fell). ``seconds``: the solver's first try at one position beyond the opening book;
    ``retry``: its second try at those not worked out, started while the analysis has taken less than ``total``
    seconds.
    """
    start = time.perf_counter()
    positions = solver_positions(RulesBoard(width, height, variant=variant), moves)
    values: list[int | None] = [None] * len(positions)
    for index in reversed(range(len(positions))):
        values[index] = position_value(positions[index], seconds)
    for index in reversed(range(len(positions))):
        if values[index] is None and not _is_over(positions[index]) and time.perf_counter() - start < total:
            values[index] = position_value(positions[index], retry)
    found = GameAnalysis(moves, tuple(values), won=_is_over(positions[-1]))
    kept = []
    for step in steps(found):
        if step.changed and step.before is not None and time.perf_counter() - start < total:
            kept.append((step.number, keeping_columns(positions[step.number - 1], step.before, retry)))
    return GameAnalysis(found.moves, found.values, found.won, tuple(kept))


def solver_positions(board: RulesBoard, moves: str) -> list[Position]:
    """The position the solver takes before each move of ``moves`` played from ``board`` (X first), and after the
    last. ValueError where the rules are others than the standard game seen from gravity's side."""
    referee = board.referee
    if not referee.solver_takes:
        raise ValueError(f"the solver does not take the rules {board.variant}")
    positions = [referee.solver_position(PLAYERS[0])]
    for replayed in referee.replay_code(moves, PLAYERS[0]):
        positions.append(referee.solver_position(other(replayed.ox)))
    return positions


def board_after(board: RulesBoard, moves: str, count: int) -> tuple[RulesBoard, Spot | None]:
    """``board`` after the first ``count`` moves of ``moves`` (X first), and where the last move's checker lies."""
    landed = None
    for replayed in islice(board.referee.replay_code(moves, PLAYERS[0]), count):
        landed = next((event.cell for event in replayed.played.events if isinstance(event, Dropped)), None)
    return board, None if landed is None else spot_of(landed, board.height)


def keeping_columns(position: Position, value: int, seconds: float) -> tuple[int, ...]:
    """The columns of ``position`` whose outcome is its ``value`` (the moves that keep it): the book's at once,
    else those the solver works out within ``seconds`` (maybe none)."""
    from ...engine.exact import perfect

    outcomes, _ = perfect.outcomes_in_time(position, seconds)
    return tuple(col for col, outcome in enumerate(outcomes) if outcome == value)


def position_value(position: Position, seconds: float) -> int | None:
    """The signed distance of ``position`` for the side to move: the book's, else the solver's within ``seconds``.

    None when the solver needs longer, or when the game is over there (someone has four); 0 on a full board.
    """
    from ...engine.budget import OutOfTime
    from ...engine.exact import perfect, solver  # the worker's: the scene's process never loads the book

    if _is_over(position):
        return None
    if position.is_full():
        return 0
    book = perfect.opening()
    if book is not None and book.covers(position):
        return book.distance(position)
    try:
        return solver.outcome(position, deadline=time.perf_counter() + seconds)
    except OutOfTime:
        return None


def _is_over(position: Position) -> bool:
    """Someone has four."""
    return position.is_won() or position.is_lost()


def steps(analysis: GameAnalysis) -> list[Step]:
    """Every move of the analysed game with its mover's outcome before and after it; each certain change of
    hands is marked ``changed``."""
    values, columns = analysis.values, analysis.columns
    found: list[Step] = []
    for number, col in enumerate(columns, start=1):
        won = analysis.won and number == len(columns)
        after_value = values[number]
        after = None if after_value is None else -after_value
        before = values[number - 1]
        changed = _lost_ground(before, after, won)
        found.append(Step(number, PLAYERS[(number - 1) % 2], col, before, after, won, changed))
    return found


def first_change(found: list[Step]) -> int | None:
    """The index in ``found`` of the first move where the result certainly changed hands (None: none did)."""
    return next((index for index, step in enumerate(found) if step.changed), None)


def _lost_ground(before: int | None, after: int | None, won: bool) -> bool:
    """Both outcomes known, and the mover's result after the move is worse than before: win > draw > loss."""
    if won or before is None or after is None:
        return False  # a move that made four lost nothing
    return _sign(after) < _sign(before)


def _sign(distance: int) -> int:
    return (distance > 0) - (distance < 0)


def chart_points(analysis: GameAnalysis, cells: int) -> list[tuple[int, int]]:
    """Analyse game's chart: after each move ``j`` (0: the empty board), the outcome with perfect play as X sees
    it, in three bands: ``0`` a draw; X wins above, from ``band(cells) + 1`` up, O wins below, from ``-band(cells) -
    1`` down; inside its band the distance from the middle line counts the checkers the winner has to spare (on a
    board of ``cells`` cells: 1 wins with the last checker it could play, more is sooner). So a change of result
    crosses a whole band (a third of the chart or more, at any move), and perfect play keeps the line level; a jump
    within a band is a slower win or a quicker loss. Positions not worked out in time are left out; after a move
    that made four, its mover's actual win."""
    points = []
    for moves_made, value in enumerate(analysis.values):
        to_move = +1 if moves_made % 2 == 0 else -1  # X moves after an even number of moves
        if value is None:
            if analysis.won and moves_made == len(analysis.values) - 1:
                points.append((moves_made, -to_move * _banded(_spare(moves_made, cells), cells)))  # the mover won
            continue
        spare = _spare(moves_made + abs(value), cells)
        points.append((moves_made, to_move * _sign(value) * _banded(spare, cells) if value else 0))
    return points


def band(cells: int) -> int:
    """The height of each band of :func:`chart_points` (the most checkers a winner can have to spare): the chart
    runs from ``-2 * band`` to ``2 * band``, the draws on its middle line."""
    return (cells + 2) // 2


def _banded(spare: int, cells: int) -> int:
    return band(cells) + spare


def _spare(last_move: int, cells: int) -> int:
    """The checkers its winner has to spare when a game ends with move ``last_move`` (from 1) on ``cells`` cells."""
    return (cells - last_move + 2) // 2
