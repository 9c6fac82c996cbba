"""The game in the terminal: boards drawn in ASCII, columns typed by people, moves chosen by Players.

One loop, three transcripts (``style``):

- ``"game"``, ``python main.py --text``: the prompt names the columns (``X's choice (0-6): ``), an
  AI's move is announced (``O (ply 4) plays column 3.``), the result is worded for the people who
  played, and ``Moves: ...`` closes the game.
- ``"host_game"`` and ``"play_game"``, the seed's ``Board`` methods: exactly the seed's transcripts
  (seed 003, 000): ``X's choice: `` / ``Keuze van X: ``, boards only; ``host_game`` ends with
  ``X wins -- Congratulations!`` above the last board, ``play_game`` with ``X wins!`` below it.
"""

from __future__ import annotations

import builtins
import random
from collections.abc import Callable

from . import wording
from .board import Board
from .engine.exact import perfect
from .game import Chooser, Game, Move, Outcome, ai_chooser, play_out
from .levels import Level, PerfectPlayer, exact_on
from .player import Player
from .rules import FLIP_CHAR, Veered, describe
from .rules.movecode import read_answer

PlayerOrHuman = Player | str  # a Player, or the string 'human'
InputFn = Callable[[str], str]
OutputFn = Callable[..., None]
STYLES = ("game", "host_game", "play_game")
ANALYSIS_ANSWER = "?"  # typed at the prompt of the terminal game: each column's outcome with perfect play
ANALYSIS_SECONDS = 10.0  # the most the analysis may take (beyond the opening book the solver works it out)
QUICK_ANALYSIS = 0.5  # seconds after which the terminal says that the analysis is being worked out


class GameStopped(Exception):
    """The person at the keyboard ended the game (end of input or Ctrl-C)."""


def ask_column(game: Game, input_fn: InputFn | None = None, out: OutputFn = print, style: str = "game") -> int:
    """Ask until the person types a move the side to move can make; raises GameStopped on Ctrl-D / Ctrl-C.

    A move is a column number (on a variant board also a row number when gravity pulls sideways, or
    ``f`` to flip the rack where flips are played).
    """
    input_fn = input_fn or builtins.input  # looked up now, so a replaced input() is honoured
    board = game.board
    while True:
        slots, line, flip = board.slot_count(), board.move_line(), board.flip_move()
        if style != "game":
            prompt = wording.seed_prompt(game.to_move)
        else:
            prompt = wording.ask_move(game.to_move, line, slots, flip is not None)
        try:
            answer = input_fn(prompt)
        except (EOFError, KeyboardInterrupt):
            raise GameStopped from None
        except UnicodeDecodeError:  # bytes that are not text: asked again
            answer = ""
        if style == "game" and answer.strip() == ANALYSIS_ANSWER:
            out(analysis_text(board, game.to_move, progress=out))
            continue
        move = read_answer(answer)
        if move is None or (move == FLIP_CHAR and flip is None):
            out(wording.not_a_move(line, slots, flip))
            continue
        col = flip if move == FLIP_CHAR else move
        reason = game.why_not(col)
        if reason is None:
            return col  # type: ignore[return-value]
        out(wording.not_possible(board.refusal(reason, col)(), line, flip is not None))


def analysis_text(
    board: Board, ox: str, seconds: float = ANALYSIS_SECONDS, progress: Callable[[str], object] | None = None
) -> str:
    """Each column's outcome with perfect play for ``ox`` to move (``wins in 7``, ``draw``, ``loses in 12``).

    When it is not ready within :data:`QUICK_ANALYSIS` seconds, ``progress`` (if given) is told that it is being
    worked out, and the solver goes on (its table keeps what it learnt) up to ``seconds`` in all.
    """
    position = board.referee.solver_position(ox)
    if position is None:
        return wording.no_analysis()
    outcomes, finished = perfect.outcomes_in_time(position, min(QUICK_ANALYSIS, seconds))
    if not finished:
        if progress is not None:
            known = sum(1 for col, d in enumerate(outcomes) if d is not None and position.can_play(col))
            progress(wording.working_out(known, sum(map(position.can_play, range(position.geom.width)))))
        outcomes, finished = perfect.outcomes_in_time(position, max(seconds - QUICK_ANALYSIS, 0.0))
    words = [wording.outcome_words(d, full=not position.can_play(col)) for col, d in enumerate(outcomes)]
    text = wording.analysis(ox, words)
    return text if finished else text + " " + wording.analysis_unfinished(seconds)


def play_in_terminal(
    board: Board,
    px: PlayerOrHuman,
    po: PlayerOrHuman,
    *,
    input_fn: InputFn | None = None,
    out: OutputFn = print,
    start_moves: str = "",
    style: str = "game",
    rng: random.Random | None = None,
) -> Outcome | None:
    """Play on ``board`` (as it stands, then ``start_moves`` played on it) until someone wins or it is
    full, printing ``style``'s transcript.

    Returns the outcome, or None if a person stopped the game (Ctrl-D, or Ctrl-C, also while an AI thinks).
    On a variant board (``Board(variant=...)``) what happens besides the checker's fall is told too (a
    flip, a cleared row, gravity turning, chance, a swap); ``rng`` draws chance and swaps.
    """
    if style not in STYLES:
        raise ValueError(f"style must be one of {', '.join(STYLES)}, got {style!r}")
    players = {"X": px, "O": po}
    for ox, seat in players.items():
        if not (seat == "human" or isinstance(seat, Player)):
            raise ValueError(wording.bad_player(ox, seat))
        if isinstance(seat, Player) and seat.ox != ox:
            raise ValueError(wording.wrong_checker(ox, seat.ox))
    humans = [ox for ox, seat in players.items() if seat == "human"]
    game = Game(board, start_moves=start_moves, rng=rng)
    choosers: dict[str, Chooser] = {
        ox: ai_chooser(seat) if isinstance(seat, Player) else lambda game: ask_column(game, input_fn, out, style)
        for ox, seat in players.items()
    }

    def show(game: Game, move: Move) -> None:
        player = players[move.ox]
        if style == "game" and isinstance(player, Player):
            level = Level.parse(player.ply).label_on(board)
            chosen = next((e.chosen for e in move.events if isinstance(e, Veered)), move.col)  # chance: told next
            out(wording.ai_makes(move.ox, level, move.line, chosen))
        for event in move.events:
            told = describe(event, move.ox, move.line)
            if told:
                out(told)
        if style == "host_game" and game.is_over:
            return  # host_game shows the last board below the result
        out()
        out(board)
        out()

    out()
    out(wording.welcome())
    if style == "game" and humans:
        out(wording.analysis_tip())
    searching = [ox for ox, seat in players.items() if isinstance(seat, PerfectPlayer) and not exact_on(board, ox)]
    if style == "game" and searching:
        out(wording.top_level_searches(searching))
    out()
    out(board)
    out()
    try:
        outcome = play_out(game, choosers, show)
    except (GameStopped, KeyboardInterrupt):
        out()
        out(wording.stopped(game.move_string))
        return None
    if style == "game":
        out(wording.result_in_terminal(outcome.winner, humans, outcome.termination.value))
        out(wording.moves_played(game.move_string))
    elif style == "host_game":
        out()
        out()
        out(wording.host_game_result(outcome.winner))
        out()
        out(board)
    else:
        out(wording.play_game_result(outcome.winner))
    return outcome
