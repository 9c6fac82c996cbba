"""The game in the terminal: boards drawn in ASCII, columns typed by people, moves chosen by Players.

One loop, three transcripts (``style``):

- ``"game"``, ``python main.py --text``: it starts by saying who plays X and O, a rule variant's rules and
  the commands (``u`` takes back, ``r`` plays again, ``?`` the analysis where it works); the prompt names
  the columns (``X's choice (0-6): ``), an AI's move is announced (``O (ply 4) plays column 3.``), what
  a variant's move did besides its drop is told (the first time of each kind with a note on how to read
  it), the result is worded for the people who played, and ``Moves: ...`` closes the game. A game over
  before it began (``--moves`` of a finished game) is shown as it ended, and nothing is asked.
- ``"host_game"`` and ``"play_game"``, the seed's ``Board`` methods: exactly the seed's transcripts
  (seed 003, 000): ``X's choice: `` / ``Keuze van X: ``, boards only; ``host_game`` ends with
  ``X wins -- Congratulations!`` above the last board, ``play_game`` with ``X wins!`` below it.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from . import wording
from .board import RulesBoard
from .engine.exact import perfect
from .errors import Connect4Error
from .game import AI, HUMAN, Chooser, Game, Move, Outcome, Seat, ai_chooser, play_out
from .levels import Level, PerfectPlayer, exact_on
from .player import Player
from .rules import FLIP_CHAR, Cleared, Event, Flipped, GravityTurned, SolverRefusal, Swapped, Veered, describe
from .rules.movecode import read_answer
from .terminal_input import ask_line

PlayerOrHuman = Player | str  # a Player, or the string 'human' (or a player from a file: see is_outside_player)
InputFn = Callable[[str], str]
OutputFn = Callable[..., None]
STYLES = ("game", "host_game", "play_game")
ANALYSIS_ANSWER = "?"  # typed at the prompt of the terminal game: each column's outcome with perfect play
UNDO_ANSWER = "u"  # typed at the prompt of the terminal game: take back your last move (and the AI's reply)
REDO_ANSWER = "r"  # typed at the prompt of the terminal game: play again what u took back
ANALYSIS_SECONDS = 10.0  # the most the analysis may take (beyond the opening book the solver works it out)
QUICK_ANALYSIS = 0.5  # seconds after which the terminal says that the analysis is being worked out


class GameStopped(Exception):
    """The person at the keyboard ended the game (end of input or Ctrl-C)."""


class Commands(Protocol):
    """What a person may type besides a move over a link (``link.terminal.LinkCommands``): ``begin`` (the game's
    start: the introduction's lines on them), ``typed`` (True: the position changed; False: ask again; None: not
    one of them); ``before``: told each move chosen before it is played (a link's guest has the host draw it)."""

    def begin(self, game: Game) -> list[str]: ...
    def typed(self, game: Game, command: str) -> bool | None: ...
    def before(self, game: Game, move: int) -> None: ...


def is_outside_player(seat: object) -> bool:
    """A player from outside the package, such as a student's file (``students.StudentPlayer``): it has ``ox``,
    ``label`` (how the game names it) and ``next_move(board)``, which raises a Connect4Error saying what went
    wrong (then the person at the keyboard makes that move: the game goes on)."""
    return not isinstance(seat, (str, Player)) and callable(getattr(seat, "next_move", None)) and hasattr(seat, "label")


def ask_column(
    game: Game,
    input_fn: InputFn | None = None,
    out: OutputFn = print,
    style: str = "game",
    commands: Commands | None = None,
) -> int | None:
    """Ask until the person types a move the side to move can make; raises GameStopped on Ctrl-D / Ctrl-C (or
    when there is no input at all).

    A move is a column number (on a variant board also a row number when gravity pulls sideways, or
    ``f`` to flip the rack where flips are played). In the terminal game (``style`` ``"game"``) ``?`` shows
    the analysis and asks again, and ``u`` / ``r`` take moves back / play them again: then the position
    changed without a move, and None is returned (the game loop asks the side to move then); over a link,
    ``commands`` take what the person types first (u and n are offers to the other side there).
    """
    input_fn = input_fn or ask_line
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
        except RuntimeError:  # input(): lost sys.stdin (it was closed): nobody can answer
            raise GameStopped from None
        except UnicodeDecodeError:  # bytes that are not text: asked again
            answer = ""
        if style == "game":
            command = answer.strip().lower()
            if command == ANALYSIS_ANSWER:
                out(analysis_text(board, game.to_move, progress=out))
                continue
            changed = None if commands is None else commands.typed(game, command)  # over a link: offers
            if changed is None and command in (UNDO_ANSWER, REDO_ANSWER):
                changed = (take_back if command == UNDO_ANSWER else play_again)(game, out)
            if changed:  # taken back, played again, or an offer accepted: the position changed without a move
                return None
            if changed is not None:
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


def take_back(game: Game, out: OutputFn = print) -> bool:
    """``u`` at the prompt: take back moves until a person is to move again (against the AI: your last move and
    its reply; between two people: the last move), then show the board. Only a person's moves of this game are
    taken back: none, or only the AI's, and nothing changes (False)."""
    if all(game.seats[move.ox].is_ai for move in game.history):
        out(wording.nothing_to_undo_here())
        return False
    out(wording.taken_back(len(game.undo_turn())))
    _show_board(game, out)
    return True


def play_again(game: Game, out: OutputFn = print) -> bool:
    """``r`` at the prompt: play again what the last ``u`` took back, as it was played (chance and swaps as they
    fell), then show the board; nothing to play again, nothing changes (False)."""
    moves = game.redo()
    if not moves:
        out(wording.nothing_to_redo_here())
        return False
    out(wording.played_again(len(moves)))
    _show_board(game, out)
    return True


def _show_board(game: Game, out: OutputFn) -> None:
    out()
    out(game.board)
    out()


def analysis_works(board: RulesBoard) -> bool:
    """Whether ``?`` (and ``--analyse``) can say each move's outcome with perfect play: the rules are the standard
    game's, seen from gravity's side, with nothing left to chance."""
    return not board.variant.is_random and board.referee.solver_takes


def _plays_itself(seat: object) -> bool:
    """Whether a seat is a computer player (ours, or a student's file), not a person."""
    return isinstance(seat, Player) or getattr(seat, "source", None) is not None


def introduction(game: Game, players: dict[str, PlayerOrHuman], tips: list[str] | None = None) -> list[str]:
    """The terminal game's first lines: who plays X and who O, and who moves first; a rule variant's rules; the
    commands the people at the keyboard have (over a link: ``tips``, the link's). A player from outside with no
    file (``link.terminal.RemotePlayer``) plays over a link."""
    board = game.board
    linked = [ox for ox, seat in players.items() if is_outside_player(seat) and getattr(seat, "source", None) is None]
    levels = {ox: Level.parse(seat.ply).label_on(board) if _plays_itself(seat) else None
              for ox, seat in players.items()}  # fmt: skip
    files = {ox: (str(seat.source.name), Level.parse(seat.ply).label) for ox, seat in players.items()
             if getattr(seat, "source", None) is not None}  # fmt: skip  # a student's player (students.StudentPlayer)
    if files or linked:
        sides = {ox: files.get(ox) or (None if levels[ox] is None else ("", levels[ox])) for ox in "XO"}
        remote = linked[0] if linked else None
        lines = [wording.who_plays_files(sides["X"], sides["O"], game.to_move, game.start_moves, remote)]
    else:
        lines = [wording.who_plays(levels["X"], levels["O"], game.to_move, game.start_moves)]
    humans = [ox for ox, level in levels.items() if level is None and ox not in linked]
    variant = board.variant
    if variant.parts:
        lines.append(wording.rules_heading(variant.name()))
        lines += variant.rule_sentences()
        flip = board.flip_move()
        if flip is not None and humans:
            lines.append(wording.flip_in_terminal(flip))
    if humans and tips is None:
        lines.append(wording.take_back_tip(alone=len(humans) == 1))
        if analysis_works(board) and exact_on(board):
            lines.append(wording.analysis_tip())
    return lines + (tips or [])


def first_time_note(event: Event, move: Move) -> str:
    """A note after the first event of its kind in a game: how to read it (its numbers, how the moves write it)."""
    if isinstance(event, Veered):
        return wording.chance_note(move.line)
    if isinstance(event, Flipped):
        return wording.flip_note(move.move)
    if isinstance(event, Cleared):
        return wording.cleared_note()
    if isinstance(event, GravityTurned):
        return wording.gravity_turned_note()
    if isinstance(event, Swapped):
        return wording.swap_note()
    return ""


def analysis_text(
    board: RulesBoard, ox: str, seconds: float = ANALYSIS_SECONDS, progress: Callable[[str], object] | None = None
) -> str:
    """Each column's outcome with perfect play for ``ox`` to move (``wins in 7``, ``draw``, ``loses in 12``).

    When it is not ready within :data:`QUICK_ANALYSIS` seconds, ``progress`` (if given) is told that it is being
    worked out, and the solver goes on (its table keeps what it learnt) up to ``seconds`` in all.
    """
    if not analysis_works(board):
        if board.referee.solver_refusal is SolverRefusal.SIZE:
            return wording.no_analysis_on_size(board.width, board.height)
        return wording.no_analysis()
    position = board.referee.solver_position(ox)
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
    board: RulesBoard,
    px: PlayerOrHuman,
    po: PlayerOrHuman,
    *,
    input_fn: InputFn | None = None,
    out: OutputFn = print,
    start_moves: str = "",
    style: str = "game",
    rng: random.Random | None = None,
    after_move: Callable[[Game, Move], None] | None = None,
    commands: Commands | None = None,
) -> Outcome | None:
    """Play on ``board`` (as it stands, then ``start_moves`` played on it) until someone wins or it is
    full, printing ``style``'s transcript.

    Returns the outcome, or None if a person stopped the game (Ctrl-D, or Ctrl-C, also while an AI thinks).
    On a variant board (``RulesBoard(variant=...)``) what happens besides the checker's fall is told too (a
    flip, a cleared row, gravity turning, chance, a swap); ``rng`` draws chance and swaps. ``after_move`` is told
    each move before it is shown (a link sends it on); ``commands``: what else a person may type (over a link).
    """
    if style not in STYLES:
        raise ValueError(f"style must be one of {', '.join(STYLES)}, got {style!r}")
    players = {"X": px, "O": po}
    for ox, seat in players.items():
        if not (isinstance(seat, Player) or is_outside_player(seat) or seat == "human"):
            raise ValueError(wording.bad_player(ox, seat))
        if not isinstance(seat, str) and seat.ox != ox:
            raise ValueError(wording.wrong_checker(ox, seat.ox))
    seats = {ox: Seat(HUMAN if seat == "human" else AI) for ox, seat in players.items()}
    game = Game(board, seats, start_moves=start_moves, rng=rng)
    transcript = _Transcript(game, players, input_fn, out, style)
    transcript.after_move, transcript.commands = after_move, commands
    return transcript.play()


class _Transcript:
    """One game in the terminal as ``style`` tells it (see the module docstring)."""

    def __init__(
        self, game: Game, players: dict[str, object], input_fn: InputFn | None, out: OutputFn, style: str
    ) -> None:
        self.game, self.players, self.input_fn, self.out, self.style = game, players, input_fn, out, style
        self.noted: set[type] = set()  # the kinds of event told with a note already (the first of each kind)
        self.by_hand: set[int] = set()  # the numbers of the moves a person made for a failed outside player
        self.after_move: Callable[[Game, Move], None] | None = None  # told each move first (a link sends it)
        self.commands: Commands | None = None  # over a link: u and n offered to the other side

    def play(self) -> Outcome | None:
        game, out, style = self.game, self.out, self.style
        out()
        out(wording.welcome())
        if style == "game" and game.outcome is not None:  # the start moves ended the game: nothing to play
            _show_board(game, out)
            out(wording.result_in_terminal(game.outcome.winner, [], game.outcome.termination.value))
            out(wording.over_before_it_began())
            out(wording.moves_played(game.move_string))
            return game.outcome
        if style == "game":
            tips = None if self.commands is None else self.commands.begin(game)
            for line in introduction(game, self.players, tips):  # type: ignore[arg-type]
                out(line)
            searching = [ox for ox, seat in self.players.items() if _searches(seat, game.board, ox)]
            if searching:
                out(wording.top_level_searches(searching))
        _show_board(game, out)
        choosers = {ox: self.told_first(self.chooser(seat)) for ox, seat in self.players.items()}
        try:
            outcome = play_out(game, choosers, self.made)
        except (GameStopped, KeyboardInterrupt):
            out()
            out(wording.stopped(game.move_string))
            return None
        self.tell_result(outcome)
        return outcome

    def ask(self, game: Game) -> int | None:
        return ask_column(game, self.input_fn, self.out, self.style, self.commands)

    def made(self, game: Game, move: Move) -> None:
        if self.after_move is not None:
            self.after_move(game, move)
        self.show(game, move)

    def outside_move(self, game: Game) -> int | None:
        try:
            return self.players[game.to_move].next_move(game.board)  # type: ignore[attr-defined]
        except Connect4Error as error:
            self.out()
            self.out(error)
            self.out(wording.student_move_instead(game.to_move))
            self.by_hand.add(game.board.moves_made + 1)
            return self.ask(game)

    def told_first(self, chooser: Chooser) -> Chooser:
        """``chooser``, whose move the link's ``commands`` are told before it is played."""
        commands = self.commands
        if commands is None:
            return chooser

        def chosen(game: Game) -> int | None:
            move = chooser(game)
            if move is not None:
                commands.before(game, move)
            return move

        return chosen

    def chooser(self, seat: object) -> Chooser:
        if isinstance(seat, Player):
            return ai_chooser(seat)
        if is_outside_player(seat):
            return self.outside_move
        return self.ask

    def show(self, game: Game, move: Move) -> None:
        out, style, board = self.out, self.style, game.board
        player = self.players[move.ox]
        chosen = next((e.chosen for e in move.events if isinstance(e, Veered)), move.move)  # chance: told next
        if style == "game" and isinstance(player, Player):
            level = Level.parse(player.ply).label_on(board)
            out(wording.ai_makes(move.ox, level, move.line, chosen))
        elif style == "game" and is_outside_player(player) and move.number not in self.by_hand:
            out(wording.ai_makes(move.ox, player.label, move.line, chosen))  # type: ignore[attr-defined]
        for event in move.events:
            told = describe(event, move.ox, move.line)
            if told:
                out(told)
            if told and style == "game" and type(event) not in self.noted:
                self.noted.add(type(event))
                out(first_time_note(event, move))
        if style == "host_game" and game.is_over:
            return  # host_game shows the last board below the result
        out()
        out(board)
        out()

    def tell_result(self, outcome: Outcome) -> None:
        out, game = self.out, self.game
        if self.style == "game":
            humans = [ox for ox, seat in self.players.items() if seat == "human"]
            played = {move.ox for move in game.history}
            addressed = humans if played.issuperset(humans) else []  # nobody is told "you" who made no move
            linked = "".join(ox for ox, seat in self.players.items()  # the side played over a link, if any
                             if is_outside_player(seat) and getattr(seat, "source", None) is None)
            out(wording.result_in_terminal(outcome.winner, addressed, outcome.termination.value, linked))
            out(wording.moves_played(game.move_string))
        elif self.style == "host_game":
            out()
            out()
            out(wording.host_game_result(outcome.winner))
            out()
            out(game.board)
        else:
            out(wording.play_game_result(outcome.winner))


def _searches(seat: object, board: RulesBoard, ox: str) -> bool:
    """Whether ``seat`` is the top level where it searches rather than plays perfectly from the start."""
    return isinstance(seat, PerfectPlayer) and not exact_on(board, ox)
