"""The 3D game's loop without a browser: a fake view, synchronous and hand-driven fake AI runners."""

from __future__ import annotations

import random
import re
import subprocess
import sys
import textwrap
from concurrent.futures import Future
from typing import Any

import pytest
from conftest import ROOT

from vp_connect4.board import RulesBoard
from vp_connect4.game import AI, HUMAN, Game, Seat
from vp_connect4.levels import Level
from vp_connect4.player import Player
from vp_connect4.vp3d.control.context import SceneState
from vp_connect4.vp3d.control.controller import Controller
from vp_connect4.vp3d.control.intents import (
    Command,
    Hover,
    KeepScores,
    LoadGame,
    PlayColumn,
    SetSeat,
    SetTiebreak,
)
from vp_connect4.vp3d.control.keys import key_intent
from vp_connect4.vp3d.texts.hints import best_line
from vp_connect4.vp3d.worker import jobs
from vp_connect4.vp3d.worker.jobs import AiRequest

# -- fakes -------------------------------------------------------------------------------


class FakeView:
    """Records what the controller shows; ``busy`` stands for a checker still falling."""

    def __init__(self) -> None:
        self.busy = False
        self.calls: list[tuple[str, Any]] = []
        self.status = ""
        self.cues: list[str] = []
        self.scores: list[float] | None = None
        self.words: list[str] | None = None  # the labels' words instead of the scores (the perfect level)
        self.position: tuple[list[list[str]], tuple[int, int] | None] | None = None  # Analyse game's rack
        self.analysing = False  # the Analyse game button says Back to the game
        self.chart: tuple[list[tuple[int, int]], int, int] | None = None  # Analyse game's chart: points, moves, marked
        self.ghost: tuple[int | None, str] = (None, "X")
        self.banner: str | None = None
        self.highlighted: list[tuple[int, int]] = []
        self.dropped: list[tuple[str, int]] = []
        self.settings: dict[str, Seat] = {}
        self.tiebreak = ""
        self.paused = False
        self.view_resets = 0
        self.tally = ""
        self.thinking: str | None = None
        self.remote: str | None = None  # over a link: the side played on the other machine
        self.answering = False  # over a link: Accept and Refuse shown (the other side's offer asked here)
        self.relabelled = 0
        self.keep_scores = False
        self.moves: str | None = None
        self.events = ""  # what happened in the last move besides its fall (a rule variant's events)
        self.played: list[tuple[Any, list[list[str]] | None]] = []  # each move dropped, with the board after it
        self.reloads = 0  # the page was asked to load again
        self.files: list[str] = []  # the player files the X and O menus offer
        self.player_error: tuple[str, list[str], str, bool] = ("", [], "", False)  # the box over the rack

    def is_busy(self) -> bool:
        return self.busy

    def drop(self, move: Any, after: list[list[str]] | None = None) -> None:
        self.dropped.append((move.ox, move.move))
        self.played.append((move, after))

    def show_events(self, text: str) -> None:
        self.events = text

    def redraw(self, game: Game) -> None:
        self.calls.append(("redraw", game.move_string))
        self.highlighted = []
        self.banner = None
        self.position = None

    def show_position(self, data: list[list[str]], last: tuple[int, int] | None) -> None:
        self.position = (data, last)
        self.highlighted = []
        self.banner = None

    def show_analysing(self, on: bool) -> None:
        self.analysing = on

    def show_chart(self, points: list[tuple[int, int]] | None, moves: int = 0, current: int = 0) -> None:
        self.chart = None if points is None else (points, moves, current)

    def highlight_win(self, cells: list[tuple[int, int]]) -> None:
        self.highlighted = cells

    def announce(self, text: str | None) -> None:
        self.banner = text

    def show_linked(self, remote: str) -> None:
        self.remote = remote

    def show_answers(self, on: bool) -> None:
        self.answering = on

    def show_status(self, text: str) -> None:
        self.status = text

    def cue(self, text: str) -> None:
        self.cues.append(text)

    def show_scores(self, scores: list[float] | None, words: list[str] | None = None) -> None:
        self.scores = scores
        self.words = words

    def show_ghost(self, col: int | None, ox: str) -> None:
        self.ghost = (col, ox)

    def show_settings(self, game: Game, paused: bool, held: str | None = None) -> None:
        self.held = held
        self.settings = dict(game.seats)
        self.tiebreak = game.tiebreak
        self.paused = paused

    def reset_view(self) -> None:
        self.view_resets += 1

    def reload_page(self) -> None:
        self.reloads += 1

    def show_tally(self, text: str) -> None:
        self.tally = text

    def show_keep_scores(self, on: bool) -> None:
        self.keep_scores = on

    def show_moves(self, code: str) -> None:
        self.moves = code

    def clear_load_field(self) -> None:
        self.calls.append(("clear_load_field", None))

    def show_thinking(self, ox: str | None) -> None:
        self.thinking = ox

    def show_think(self, on: bool) -> None:
        self.think = on

    def show_tree(self, shown: Any) -> None:
        self.tree = shown
        self.trees_shown = getattr(self, "trees_shown", 0) + 1

    def show_think_playing(self, on: bool) -> None:
        self.think_playing = on

    def relabel(self) -> None:
        self.relabelled += 1

    def show_player_files(self, files: list[str]) -> None:
        self.files = files

    def show_player_error(self, heading: str, code: list[str], advice: str, retry: bool) -> None:
        self.player_error = (heading, code, advice, retry)

    def clear_player_file_field(self) -> None:
        self.calls.append(("clear_player_file_field", None))


class SyncRunner:
    """Runs each job at once, in this process; ``jobs``: (the AiRequest method's name, the request)."""

    def __init__(self) -> None:
        self.jobs: list[tuple[str, AiRequest]] = []
        self.discarded = 0
        self.closed = False

    def submit(self, fn: Any, *args: Any) -> Future[Any]:
        self.jobs.append((fn.__name__, fn.__self__))
        future: Future[Any] = Future()
        try:
            future.set_result(fn(*args))
        except Exception as error:
            future.set_exception(error)
        return future

    def discard(self, future: Future[Any]) -> None:
        self.discarded += 1

    def close(self) -> None:
        self.closed = True


class HandRunner(SyncRunner):
    """Keeps each job pending until the test calls ``finish``: an AI that is still thinking."""

    def __init__(self) -> None:
        super().__init__()
        self.pending: list[tuple[Future[Any], Any, tuple[Any, ...]]] = []

    def submit(self, fn: Any, *args: Any) -> Future[Any]:
        self.jobs.append((fn.__name__, fn.__self__))
        future: Future[Any] = Future()
        self.pending.append((future, fn, args))
        return future

    def finish(self, index: int = 0) -> None:
        future, fn, args = self.pending.pop(index)
        future.set_result(fn(*args))


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


COLUMNS_LINE = "log: columns 0-6, counted from the left"
DRAW_MOVES = "545062455041104565311226266362030334314210"  # 42 moves, nobody gets four


def make(
    x: str = HUMAN,
    o: str = AI,
    runner: SyncRunner | None = None,
    o_ply: int | str = 2,
    x_ply: int | str = 2,
    start_moves: str = "",
    board: RulesBoard | None = None,
    rng: random.Random | None = None,
    **kwargs: Any,
) -> tuple[Controller, FakeView, SyncRunner, list[str], Clock]:
    seats = {"X": Seat(x, x_ply), "O": Seat(o, o_ply)}
    game = Game(board, seats=seats, start_moves=start_moves, tiebreak="LEFT", rng=rng)
    view = FakeView()
    runner = runner or SyncRunner()
    log: list[str] = []
    clock = Clock()
    controller = Controller(game, view, runner, log=log.append, clock=clock, **kwargs)
    controller.start()
    assert log.pop(0) == COLUMNS_LINE  # the first line, every time (test_the_log_and_the_page_count_columns_from_0)
    return controller, view, runner, log, clock


def settle(controller: Controller, clock: Clock, ticks: int = 3, step: float = 1.0) -> None:
    for _ in range(ticks):
        clock.now += step
        controller.tick()


# -- a whole game ------------------------------------------------------------------------


def test_two_people_play_a_game_to_the_end_by_column_picks() -> None:
    controller, view, _, log, clock = make(o=HUMAN)
    assert view.status.startswith("To move: X (orange)")
    for col in (0, 1, 0, 1, 0, 1, 0):
        controller.handle(PlayColumn(col))
        settle(controller, clock, 1)
    assert controller.game.outcome.winner == "X"
    assert log[:7] == [f"move {n + 1}: {'XO'[n % 2]} column {c}" for n, c in enumerate((0, 1, 0, 1, 0, 1, 0))]
    assert log[7:] == ["result: X wins", "moves: 0101010"]
    assert sorted(view.highlighted) == [(2, 0), (3, 0), (4, 0), (5, 0)]
    assert view.status == "X (orange) wins with four in a row!"
    assert view.banner == view.status


def test_against_the_ai_the_reply_comes_from_the_runner() -> None:
    controller, view, runner, log, clock = make()
    controller.handle(PlayColumn(3))
    settle(controller, clock)
    assert runner.jobs[0][0] == "best_column"
    request = runner.jobs[0][1]
    assert (request.width, request.height, request.moves, request.ox, request.seat.level) == (7, 6, "3", "O", Level(2))
    expected = AiRequest(7, 6, "3", "O", controller.game.seats["O"], "LEFT").best_column()
    assert log == ["move 1: X column 3", f"move 2: O column {expected}"]
    assert view.dropped == [("X", 3), ("O", expected)]
    assert view.status == "Your turn: X (orange). Click a column or press 0-6."


def test_human_loses_to_the_ai_and_the_result_says_so() -> None:
    controller, view, _, log, clock = make(o_ply=4)
    for _ in range(30):
        if controller.game.is_over:
            break
        col = next(c for c in range(7) if controller.game.why_not(c) is None)  # a hopeless plan: leftmost
        controller.handle(PlayColumn(col))
        settle(controller, clock)
    assert controller.game.outcome.winner == "O"
    assert log[-2:] == ["result: O wins", f"moves: {controller.game.move_string}"]
    assert view.status == "You lose: O (blue) has four in a row."


def test_draw_is_announced() -> None:
    controller, view, _, log, clock = make(o=HUMAN)
    for ch in DRAW_MOVES:
        controller.handle(PlayColumn(int(ch)))
        settle(controller, clock, 1)
    assert controller.game.outcome.winner is None
    assert log[-2:] == ["result: draw", f"moves: {DRAW_MOVES}"]
    assert view.status.startswith("Draw: the board is full")
    assert not view.highlighted


def test_the_log_and_the_page_count_columns_from_0() -> None:
    game = Game(seats={"X": Seat(HUMAN), "O": Seat(HUMAN)})
    view, log = FakeView(), []
    controller = Controller(game, view, SyncRunner(), log=log.append, clock=Clock())
    controller.start()
    assert log == [COLUMNS_LINE]
    controller.handle(PlayColumn(6))  # the page's column 6, its key 6
    assert log[-1] == "move 1: X column 6" and view.status == "X (orange) plays column 6…"
    controller.handle(Command.NEW_GAME)
    assert log.count(COLUMNS_LINE) == 1  # once, at the start


# -- input that cannot be played ---------------------------------------------------------


def test_bad_input_is_refused_with_a_cue_and_a_move_while_a_checker_falls_is_answered_when_it_lands() -> None:
    runner = HandRunner()
    controller, view, _, log, clock = make(runner=runner)
    controller.handle(PlayColumn(None))
    assert view.cues[-1] == "Click on a column of the rack"
    controller.handle(PlayColumn(9))
    assert view.cues[-1] == "There is no column 9"

    controller.handle(PlayColumn(3))
    view.busy = True  # X's checker falls
    controller.handle(PlayColumn(4))
    assert view.cues[-1] == "Column 4 comes once the checker has landed"
    view.busy = False
    controller.tick()  # X's checker has landed: O is to move, so column 4 is refused now, in words
    assert view.cues[-1] == "It is the AI's turn (O)"
    assert controller.thinking and view.status == "O (blue) is thinking…"
    controller.handle(PlayColumn(4))
    assert view.cues[-1] == "Wait: O is thinking"
    runner.finish()
    settle(controller, clock)
    assert controller.game.move_string[0] == "3"
    assert len(controller.game.history) == 2  # the refused clicks were not played later
    assert [line for line in log if line.startswith(("ignored", "kept"))] == [
        "ignored: click on a column of the rack",
        "ignored: there is no column 9",
        "kept: column 4 comes once the checker has landed",
        "ignored: it is the AI's turn (O)",
        "ignored: wait: O is thinking",
    ]


def test_a_move_asked_for_while_the_ais_checker_falls_is_played_the_frame_it_lands() -> None:
    runner = HandRunner()
    controller, view, _, log, clock = make(runner=runner)
    controller.handle(PlayColumn(3))
    settle(controller, clock)
    runner.finish()
    view.busy = True  # the AI's answer is played: O's checker falls
    controller.tick()
    assert len(controller.game.history) == 2 and controller.playing.falling
    controller.handle(PlayColumn(5))
    controller.handle(PlayColumn(4))  # the last one asked for is the one kept
    assert len(controller.game.history) == 2
    assert view.cues[-1] == "Column 4 comes once the checker has landed"
    controller.tick()  # still falling: still kept
    assert len(controller.game.history) == 2
    view.busy = False
    controller.tick()
    assert controller.game.move_string == controller.game.move_string[:2] + "4"
    assert [line for line in log if line.startswith(("ignored", "kept", "move 3"))] == [
        "kept: column 5 comes once the checker has landed",
        "kept: column 4 comes once the checker has landed",
        "move 3: X column 4",
    ]


def test_a_click_beside_the_rack_while_a_checker_falls_is_refused_at_once_not_kept() -> None:
    controller, view, _, log, _clock = make(o=HUMAN)
    controller.handle(PlayColumn(3))
    view.busy = True
    controller.handle(PlayColumn(None))
    controller.handle(PlayColumn(7))
    assert controller.playing.kept is None and view.cues[-1] == "Wait for the checker to land"
    assert log[-2:] == ["ignored: wait for the checker to land"] * 2


def test_a_key_or_enter_while_a_checker_falls_waits_for_it_and_undo_forgets_it() -> None:
    controller, view, _, log, clock = make(o=HUMAN)
    controller.handle(key_intent("3"))
    view.busy = True  # X's checker falls
    controller.handle(key_intent("right"))  # O chooses a column with the arrows while it falls...
    controller.handle(key_intent("\n"))  # ...and drops it: the column chosen when the checker lands
    assert view.cues[-1] == "Your move comes once the checker has landed"
    controller.handle(key_intent("right"))
    view.busy = False
    controller.tick()
    assert log[-2:] == ["kept: your move comes once the checker has landed", "move 2: O column 4"]

    view.busy = True  # O's checker falls
    controller.handle(key_intent("0"))
    controller.handle(Command.UNDO)  # the position changed: the move kept for the old one is forgotten
    view.busy = False
    settle(controller, clock)
    assert controller.game.move_string == "3" and not any(line.startswith("move 3") for line in log)


def test_full_column_and_game_over_are_refused() -> None:
    controller, view, _, _log, clock = make(o=HUMAN)
    for col in (0, 0, 0, 0, 0, 0):
        controller.handle(PlayColumn(col))
        settle(controller, clock, 1)
    controller.handle(PlayColumn(0))
    assert view.cues[-1] == "Column 0 is full"
    assert len(controller.game.history) == 6
    for col in (1, 2, 1, 2, 1, 2, 1):
        controller.handle(PlayColumn(col))
        settle(controller, clock, 1)
    assert controller.game.outcome.winner == "X"
    controller.handle(PlayColumn(3))
    assert view.cues[-1] == "The game is over: press New game"
    controller.handle(Command.HINT)
    assert view.cues[-1] == "The game is over: press New game"


def test_not_your_turn_in_an_ai_duel() -> None:
    controller, view, _, _log, _clock = make(x=AI, runner=HandRunner())
    controller.handle(PlayColumn(3))
    assert view.cues[-1] == "It is the AI's turn (X)"
    assert controller.game.history == []


def test_ghost_follows_the_mouse_only_when_a_human_can_play() -> None:
    runner = HandRunner()
    controller, view, _, _, clock = make(runner=runner)
    controller.handle(Hover(2))
    assert view.ghost == (2, "X")
    controller.handle(Hover(None))
    assert view.ghost[0] is None
    controller.handle(Hover(5))
    controller.handle(PlayColumn(5))
    controller.tick()
    assert view.ghost[0] is None  # O is thinking
    runner.finish()
    settle(controller, clock)
    assert view.ghost == (5, "X")


def test_arrow_keys_move_the_ghost_and_enter_drops_it() -> None:
    controller, view, _, log, clock = make(o=HUMAN)
    for key in ("\n", "left", "left", "right", "h"):
        assert key_intent(key) is not None
    controller.handle(key_intent("\n"))
    assert view.cues[-1].startswith("Choose a column first") and not controller.game.history
    controller.handle(key_intent("left"))  # the first arrow selects the middle column
    assert view.ghost == (3, "X")
    for key in ("left", "left", "left", "left"):  # stops at the edge
        controller.handle(key_intent(key))
    assert view.ghost == (0, "X")
    controller.handle(key_intent("right"))
    controller.handle(key_intent(" "))
    assert log[-1] == "move 1: X column 1"
    settle(controller, clock, 1)
    assert view.ghost == (1, "O")  # the selection stays for the next person
    controller.handle(key_intent("\n"))
    assert log[-1] == "move 2: O column 1"


def test_keys_n_u_h_are_new_game_undo_hint() -> None:
    assert key_intent("n") == Command.NEW_GAME and key_intent("N") == Command.NEW_GAME
    assert key_intent("u") == Command.UNDO and key_intent("h") == Command.HINT
    assert key_intent("r") == Command.REDO and key_intent("R") == Command.REDO
    assert key_intent("3") == PlayColumn(3)
    assert key_intent("x") is None and key_intent("") is None


def test_digit_keys_play_the_column_of_their_number_from_0() -> None:
    assert [key_intent(str(col)) for col in range(7)] == [PlayColumn(col) for col in range(7)]
    controller, view, _, log, clock = make(o=HUMAN)
    controller.handle(key_intent("0"))
    assert log[-1] == "move 1: X column 0" and view.status == "X (orange) plays column 0…"
    settle(controller, clock, 1)
    assert view.status == "To move: O (blue). Click a column or press 0-6."
    controller.handle(key_intent("6"))
    assert log[-1] == "move 2: O column 6"
    settle(controller, clock, 1)
    controller.handle(key_intent("7"))  # no column 7 on a board 7 wide
    assert view.cues[-1] == "There is no column 7" and log[-1] == "ignored: there is no column 7"


def test_on_a_board_9_wide_the_key_8_plays_the_last_column() -> None:
    game = Game(RulesBoard(9, 7), seats={"X": Seat(HUMAN), "O": Seat(HUMAN)})
    view, log = FakeView(), []
    clock = Clock()
    controller = Controller(game, view, SyncRunner(), log=log.append, clock=clock)
    controller.start()
    assert log == ["log: columns 0-8, counted from the left"]
    assert view.status == "To move: X (orange). Click a column or press 0-8."
    controller.handle(key_intent("8"))
    assert log[-1] == "move 1: X column 8"
    settle(controller, clock, 1)
    controller.handle(key_intent("9"))
    assert log[-1] == "ignored: there is no column 9"


def test_swap_sides_swaps_the_players_and_logs_it_as_settings() -> None:
    controller, view, _runner, log, clock = make(x=HUMAN, o=AI, o_ply=3)
    controller.handle(PlayColumn(3))
    settle(controller, clock)
    controller.handle(Command.SWAP_SIDES)
    assert log[-4:] == ["setting: X player ai", "setting: X ply 3", "setting: O player human", "setting: O ply 2"]
    assert view.settings["X"] == Seat(AI, 3) and view.settings["O"] == Seat(HUMAN, 2)
    assert view.status.startswith("X (orange) is thinking") or view.status.startswith("X (orange) to move")
    settle(controller, clock)
    assert controller.game.history[-1].ox == "X" and controller.game.to_move == "O"


def test_the_tally_counts_results_across_games_and_undo_takes_one_back() -> None:
    controller, view, _, _log, clock = make(o=HUMAN)
    assert view.tally == "Score: X 0 – O 0, draws 0"
    for round_ in range(2):
        for col in (0, 1, 0, 1, 0, 1, 0):
            controller.handle(PlayColumn(col))
            settle(controller, clock, 1)
        assert view.tally == f"Score: X {round_ + 1} – O 0, draws 0"
        controller.handle(Command.NEW_GAME)
        assert view.tally == f"Score: X {round_ + 1} – O 0, draws 0"  # New game keeps it
    for ch in DRAW_MOVES:
        controller.handle(PlayColumn(int(ch)))
        settle(controller, clock, 1)
    assert view.tally == "Score: X 2 – O 0, draws 1"
    controller.handle(Command.UNDO)
    assert view.tally == "Score: X 2 – O 0, draws 0"  # the draw was taken back


def test_a_reloaded_scene_goes_on_with_its_score_pause_and_shown_scores() -> None:
    controller, view, _, log, clock = make(o=HUMAN)
    for col in (0, 1, 0, 1, 0, 1, 0):
        controller.handle(PlayColumn(col))
        settle(controller, clock, 1)
    controller.handle(KeepScores(True))
    controller.handle(Command.TOGGLE_PAUSE)
    saved = controller.state()
    assert saved == SceneState(result_logged=True, tally=(1, 0, 0), paused=True, keep_scores=True)

    game = Game(seats=dict(controller.game.seats), start_moves=controller.game.move_string, tiebreak="LEFT")
    view, log = FakeView(), []
    again = Controller(game, view, SyncRunner(), log=log.append, clock=clock, state=saved)
    again.start()
    settle(again, clock, 2)
    assert view.tally == "Score: X 1 – O 0, draws 0" and view.paused and view.keep_scores
    assert not any(line.startswith(("result:", "moves:")) for line in log), log  # logged before the reload
    assert again.state() == saved


# -- the game code: shown, loaded -------------------------------------------------------------


def test_the_page_shows_the_game_code_as_the_game_goes_on() -> None:
    controller, view, _, _log, clock = make(o=HUMAN, start_moves="33")
    assert view.moves == "33"
    controller.handle(PlayColumn(4))
    settle(controller, clock, 1)
    assert view.moves == "334"
    controller.handle(Command.UNDO)
    assert view.moves == "33"


def test_load_makes_the_game_that_of_the_code_and_logs_the_game_it_replaced() -> None:
    controller, view, _, log, clock = make(o_ply=1)
    controller.handle(PlayColumn(3))
    settle(controller, clock)
    replaced = controller.game.move_string
    controller.handle(LoadGame(" 2255 "))
    assert log[-2:] == [f"moves: {replaced}", "loaded: 2255"]
    assert view.moves == "2255" and ("redraw", "2255") in view.calls and view.calls[-1] == ("clear_load_field", None)
    settle(controller, clock)
    assert controller.game.move_string == "2255" and not view.dropped[2:]  # X (a person) to move: nothing played
    controller.handle(Command.UNDO)
    assert controller.game.move_string == "22"  # your move and the AI's reply, as after play


def test_a_loaded_game_with_the_ai_to_move_goes_on_and_a_finished_one_is_announced() -> None:
    controller, view, _, log, clock = make(o_ply=1)
    controller.handle(LoadGame("3"))
    settle(controller, clock)
    assert re.fullmatch(r"move 2: O column \d", log[-1]), log
    controller.handle(LoadGame("0101010"))
    settle(controller, clock)
    assert log[-2:] == ["result: X wins", "moves: 0101010"] and view.banner


@pytest.mark.parametrize(
    ("code", "cue"),
    [("", "Type a game code to load first"), ("33a", "Move 3 of '33a' is 'a'"), ("0000000", "column 0 is full")],
)
def test_a_bad_code_is_refused_with_a_cue_and_the_game_goes_on(code: str, cue: str) -> None:
    controller, view, _, log, clock = make(o=HUMAN)
    controller.handle(PlayColumn(3))
    settle(controller, clock, 1)
    controller.handle(LoadGame(code))
    assert cue in view.cues[-1] and log[-1].startswith("ignored: ")
    assert controller.game.move_string == "3" and view.moves == "3"
    assert ("clear_load_field", None) not in view.calls  # the person may mend the code


# -- undo, new game, stale answers ----------------------------------------------------------


def test_undo_against_the_ai_takes_back_your_move_and_its_reply() -> None:
    controller, view, _, log, clock = make()
    controller.handle(PlayColumn(3))
    settle(controller, clock)
    controller.handle(PlayColumn(2))
    settle(controller, clock)
    assert len(controller.game.history) == 4
    controller.handle(Command.UNDO)
    settle(controller, clock)
    assert controller.game.move_string[:1] == "3" and len(controller.game.history) == 2
    assert log[-1] == "undo: 2 moves"
    assert view.calls[-1] == ("redraw", controller.game.move_string)
    assert controller.game.to_move == "X"


def test_redo_against_the_ai_restores_your_move_and_its_reply_and_the_ai_waits() -> None:
    controller, view, runner, log, clock = make()
    controller.handle(PlayColumn(3))
    settle(controller, clock)
    controller.handle(PlayColumn(2))
    settle(controller, clock)
    before, jobs = controller.game.move_string, len(runner.jobs)
    controller.handle(Command.UNDO)
    settle(controller, clock)
    assert len(runner.jobs) == jobs  # after Undo the AI waits for you, as before
    controller.handle(Command.REDO)
    assert log[-1] == "redo: 2 moves" and controller.game.move_string == before
    assert view.calls[-1] == ("redraw", before) and view.moves == before
    settle(controller, clock)
    assert controller.game.move_string == before and controller.game.to_move == "X"  # your turn: nothing played
    controller.handle(Command.REDO)
    assert view.cues[-1] == "Nothing to redo" and log[-1] == "ignored: nothing to redo"


def test_redo_is_refused_after_a_new_move_and_after_new_game() -> None:
    controller, _view, _runner, log, clock = make(o=HUMAN)
    for col in (3, 4):
        controller.handle(PlayColumn(col))
        settle(controller, clock, 1)
    controller.handle(Command.UNDO)
    controller.handle(PlayColumn(5))  # a new move: what Undo took back is gone
    settle(controller, clock, 1)
    controller.handle(Command.REDO)
    assert log[-1] == "ignored: nothing to redo" and controller.game.move_string == "35"
    controller.handle(Command.UNDO)
    controller.handle(Command.NEW_GAME)
    controller.handle(Command.REDO)
    assert log[-1] == "ignored: nothing to redo" and controller.game.move_string == ""


def test_redo_of_a_finished_game_announces_and_counts_its_result_again() -> None:
    controller, view, _runner, log, clock = make(o=HUMAN)
    for col in (0, 1, 0, 1, 0, 1, 0):
        controller.handle(PlayColumn(col))
        settle(controller, clock, 1)
    controller.handle(Command.UNDO)
    assert view.tally == "Score: X 0 – O 0, draws 0" and view.banner is None
    controller.handle(Command.REDO)
    settle(controller, clock, 1)
    assert log[-3:] == ["redo: 1 move", "result: X wins", "moves: 0101010"]
    assert view.tally == "Score: X 1 – O 0, draws 0" and view.status == "X (orange) wins with four in a row!"


def test_redo_in_an_ai_duel_plays_one_move_again_and_stays_paused() -> None:
    controller, _view, _runner, log, clock = make(x=AI, o=AI, duel_pause=0.0)
    settle(controller, clock, 6)
    controller.handle(Command.UNDO)
    played = controller.game.move_string
    controller.handle(Command.UNDO)
    controller.handle(Command.REDO)
    assert log[-1] == "redo: 1 move" and controller.game.move_string == played and controller.paused
    settle(controller, clock, 3)
    assert controller.game.move_string == played  # paused: the duel waits


def test_redo_leaves_the_analysis_first() -> None:
    controller, _view, _runner, log, clock = make(o=HUMAN)
    for col in (0, 1):
        controller.handle(PlayColumn(col))
        settle(controller, clock, 1)
    controller.handle(Command.UNDO)
    controller.handle(Command.ANALYSE_GAME)
    settle(controller, clock, 1)
    controller.handle(Command.REDO)
    assert log[-2:] == ["analysis: back to the game", "redo: 1 move"] and controller.game.move_string == "01"


def test_the_3d_view_shows_a_sign_while_the_ai_thinks() -> None:
    runner = HandRunner()
    controller, view, _, _log, _clock = make(runner=runner)
    controller.handle(PlayColumn(3))
    assert view.thinking is None
    controller.tick()
    assert view.thinking == "O"
    runner.finish()
    controller.tick()
    assert view.thinking is None
    controller.handle(Command.HINT)  # a hint is not a move: no sign
    assert runner.jobs[-1][0] == "hint" and view.thinking is None


def test_undo_while_the_ai_thinks_discards_its_answer() -> None:
    runner = HandRunner()
    controller, view, _, _log, clock = make(runner=runner)
    controller.handle(PlayColumn(3))
    controller.tick()
    assert controller.thinking
    controller.handle(Command.UNDO)
    assert runner.discarded == 1 and not controller.thinking
    runner.finish()  # the stale answer arrives
    settle(controller, clock)
    assert controller.game.history == []
    assert view.dropped == [("X", 3)]
    controller.handle(Command.UNDO)
    assert view.cues[-1] == "Nothing to undo"


def test_new_game_discards_a_stale_ai_answer() -> None:
    runner = HandRunner()
    controller, view, _, log, clock = make(runner=runner)
    controller.handle(PlayColumn(3))
    controller.tick()
    controller.handle(Command.NEW_GAME)
    assert log[-2:] == ["moves: 3", "new game"]
    runner.finish()
    settle(controller, clock)
    assert controller.game.history == []
    assert view.status.startswith("Your turn: X (orange)")
    assert ("redraw", "") in view.calls


def test_new_game_after_a_switch_starts_the_ai_as_x() -> None:
    controller, _view, _runner, log, clock = make()
    controller.handle(SetSeat("X", "kind", AI))
    controller.handle(SetSeat("O", "kind", HUMAN))
    controller.handle(Command.NEW_GAME)
    settle(controller, clock)
    assert controller.game.history and controller.game.history[0].ox == "X"
    assert "setting: X player ai" in log and "setting: O player human" in log


# -- settings ------------------------------------------------------------------------------


def test_a_ply_changed_mid_game_applies_from_the_next_move() -> None:
    runner = HandRunner()
    controller, view, _, log, clock = make(runner=runner)
    controller.handle(PlayColumn(3))
    controller.tick()
    controller.handle(SetSeat("O", "level", Level(5)))  # while O thinks at ply 2
    assert log[-1] == "setting: O ply 5"
    assert view.settings["O"].level == Level(5)
    runner.finish()
    settle(controller, clock)
    assert runner.jobs[0][1].seat.level == Level(2)  # this move: the old setting
    controller.handle(PlayColumn(3))
    controller.tick()
    assert runner.jobs[-1][1].seat.level == Level(5)  # the next move: the new one
    controller.handle(SetSeat("O", "level", Level(5)))  # the same value again (a slider sends many) logs nothing
    assert log[-1] == "move 3: X column 3"


def test_settings_are_logged_and_a_refused_setting_gives_a_cue() -> None:
    controller, view, _, log, _clock = make()
    controller.handle(SetTiebreak("RIGHT"))
    controller.handle(SetSeat("O", "evaluation", "smart"))
    controller.handle(SetSeat("X", "level", Level(None)))
    assert log == ["setting: tiebreak RIGHT", "setting: O evaluation smart", "setting: X ply perfect"]
    assert controller.game.tiebreak == "RIGHT" and view.tiebreak == "RIGHT"
    assert controller.game.player("O").tbt == "RIGHT"
    controller.handle(SetTiebreak("UP"))
    assert view.cues[-1] == "Tiebreak must be one of LEFT, RIGHT, RANDOM, got 'UP'"
    assert view.tiebreak == "RIGHT" and log[-1].startswith("ignored: tiebreak must be")
    controller.handle(SetSeat("O", "evaluation", "clever"))
    assert view.cues[-1].startswith("Evaluation must be one of simple, smart")
    assert view.settings["O"].evaluation == "smart"


def test_a_drag_of_a_ply_slider_is_not_pulled_back_while_its_values_are_applied() -> None:
    """On a busy machine a drag's samples queue up; showing each back as it is applied pulled the handle back under
    the mouse, and the drag ended on a stale value. A value applied as sent leaves that slider alone; a refused
    one, or a level changed another way, is shown."""
    controller, view, _, log, _clock = make()
    for ply in (9, 7, 5, 3):  # the samples of one drag, each applied
        controller.handle(SetSeat("O", "level", Level(ply)))
        assert view.held == "O" and view.settings["O"].level == Level(ply)
    assert log[-1] == "setting: O ply 3"
    controller.handle(SetSeat("X", "level", Level(4)))
    assert view.held == "X"
    controller.handle(SetTiebreak("RIGHT"))
    assert view.held is None
    controller.handle(Command.SWAP_SIDES)
    assert view.held is None and view.settings["X"].level == Level(3)
    controller.game.set_seat("O", Seat(AI, 2, source="mine.py"))
    controller.handle(SetSeat("O", "level", Level(None)))  # a player file looks a whole number of moves ahead
    assert view.cues[-1].startswith("A player file looks") and view.held is None


def test_switching_the_thinking_side_to_human_lets_the_person_move() -> None:
    runner = HandRunner()
    controller, _view, _, log, _clock = make(runner=runner)
    controller.handle(PlayColumn(3))
    controller.tick()
    controller.handle(SetSeat("O", "kind", HUMAN))
    assert not controller.thinking and runner.discarded == 1
    controller.handle(PlayColumn(4))
    assert log[-1] == "move 2: O column 4"


# -- AI duel, pause --------------------------------------------------------------------------


def test_ai_duel_plays_one_move_at_a_time_with_a_pause() -> None:
    controller, view, runner, log, clock = make(x=AI, o=AI, x_ply=1, o_ply=3, duel_pause=0.5)
    clock.now += 0.1
    controller.tick()
    assert runner.jobs == []  # the short pause before each move
    clock.now += 0.5
    controller.tick()
    controller.tick()
    assert len(controller.game.history) == 1
    view.busy = True  # the checker falls: no next move yet
    settle(controller, clock, 3)
    assert len(controller.game.history) == 1
    view.busy = False
    settle(controller, clock, 100, 0.3)
    assert controller.game.is_over
    assert log[-2].startswith("result: ")
    assert [request for name, request in runner.jobs if name == "best_column"][1].seat.level == Level(3)


def test_ai_duel_pause_and_resume() -> None:
    runner = HandRunner()
    controller, view, _, log, clock = make(x=AI, o=AI, runner=runner, duel_pause=0.0)
    controller.tick()
    assert controller.thinking
    controller.handle(Command.TOGGLE_PAUSE)
    assert log[-1] == "paused" and view.paused and runner.discarded == 1
    assert view.status == "Paused: X (orange) to move (AI). Press Resume."
    settle(controller, clock, 5)
    assert runner.pending[-1][0].cancelled() is False and len(runner.jobs) == 1
    runner.finish()
    settle(controller, clock)
    assert controller.game.history == []  # the answer asked for before the pause is not played
    controller.handle(Command.TOGGLE_PAUSE)
    assert log[-1] == "resumed" and not view.paused
    controller.tick()
    runner.finish()
    settle(controller, clock)
    assert len(controller.game.history) == 1


def test_pause_says_paused_at_once_even_while_a_checker_falls() -> None:
    controller, view, _runner, _log, clock = make(x=AI, o=AI, duel_pause=0.0)
    settle(controller, clock, 2)
    assert len(controller.game.history) == 1
    view.busy = True  # X's checker falls
    controller.tick()
    assert view.status.startswith("X (orange) plays column")
    controller.handle(Command.TOGGLE_PAUSE)
    assert view.status == "Paused: O (blue) to move (AI). Press Resume."


def test_a_paused_duel_with_a_human_to_move_still_says_paused() -> None:
    controller, view, _runner, _log, clock = make(x=AI, o=AI, runner=HandRunner(), duel_pause=0.0)
    controller.handle(Command.TOGGLE_PAUSE)
    controller.handle(SetSeat("X", "kind", HUMAN))
    settle(controller, clock)
    assert view.status == "Paused: X (orange) to move. Press Resume."
    controller.handle(Command.TOGGLE_PAUSE)
    assert view.status.startswith("Your turn: X (orange)")


def test_undo_in_an_ai_duel_takes_one_move_and_pauses() -> None:
    controller, _view, _runner, log, clock = make(x=AI, o=AI, duel_pause=0.0)
    settle(controller, clock, 10)
    played = len(controller.game.history)
    assert played >= 2
    controller.handle(Command.UNDO)
    assert len(controller.game.history) == played - 1 and controller.paused
    assert log[-1] == "undo: 1 move"


# -- hints -------------------------------------------------------------------------------------


def test_hint_shows_the_scores_of_the_side_to_move() -> None:
    controller, view, runner, log, clock = make(start_moves="3344", o=AI, o_ply=3)
    controller.handle(Command.HINT)
    settle(controller, clock, 1)
    assert runner.jobs[-1][0] == "hint"
    expected = AiRequest(7, 6, "3344", "X", controller.game.seats["O"], "LEFT").scores()
    assert view.scores == expected
    assert expected[2] == 100.0 and expected[5] == 100.0  # an open three: a win within three moves
    assert log[-1] == "hint: X " + " ".join(f"{s:g}" for s in expected)
    controller.handle(PlayColumn(2))
    assert view.scores is None  # stale scores go
    settle(controller, clock)
    assert log[-2] == "move 5: X column 2"
    assert log[-1].startswith("move 6: O column")  # O is lost whatever it plays: an open three


def test_hint_names_the_best_column_in_the_status_line() -> None:
    controller, view, _runner, _log, clock = make(start_moves="3344", o=AI, o_ply=3)
    controller.handle(Command.HINT)
    settle(controller, clock, 1)
    assert view.status == (
        "Your turn: X (orange). Click a column or press 0-6. Best for X: columns 2, 5 (wins)."
    )  # counted from 0, as the rack's labels, the keys and the log count them
    controller.handle(PlayColumn(2))
    assert "Best for" not in view.status  # the position changed


def test_hint_words_for_numbered_levels_say_what_the_look_ahead_proved() -> None:
    assert best_line("O", [50.0, 0.0, 50.0, -1.0], ply=4) == "Best for O: columns 0, 2 (no win or loss within 4 moves)"
    assert best_line("O", [50.0, 0.0], ply=1) == "Best for O: column 0 (no win or loss within 1 move)"
    assert best_line("O", [50.0, 50.0], ply=0) == "Best for O: columns 0, 1 (no look-ahead)"
    assert best_line("O", [50.0, 0.0, 50.0, -1.0]) == "Best for O: columns 0, 2 (no win or loss in sight)"  # depth?
    assert best_line("X", [100.0, 50.0], ply=4) == "Best for X: column 0 (wins)"
    assert best_line("X", [0.0, 0.0, -1.0]) == "Best for X: columns 0, 1 (all moves lose)"
    assert best_line("X", [-1.0, -1.0]) is None


def test_hint_of_the_perfect_level_names_exact_outcomes_with_distances(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(jobs, "HINT_SOLVER_BUDGET", 60.0)  # the answer, not the time: a busy machine solves slower
    assert best_line("X", [100.0] * 3, [7, 3, None]) == "Best for X: column 1 (wins in 3 moves)"
    assert best_line("X", [50.0, 0.0], [0, -4]) == "Best for X: column 0 (holds the draw)"
    assert best_line("O", [0.0, 0.0], [-4, -8]) == "Best for O: column 1 (all moves lose, the slowest in 8 moves)"
    assert best_line("X", [100.0, 0.0], [1, -2]) == "Best for X: column 0 (wins in 1 move)"
    # the solver's answer through the request: 26 empty cells, only column 5 does not lose at once
    answer = AiRequest(7, 6, "3332224440000566", "X", Seat(AI, "perfect"), "LEFT").hint()
    assert answer.outcomes == [-2, -2, -2, -2, -2, 23, -2]
    assert best_line("X", answer.scores, answer.outcomes) == "Best for X: column 5 (wins in 23 moves)"
    numbered = AiRequest(7, 6, "3344", "X", Seat(AI, 4), "LEFT").hint()
    assert numbered.outcomes is None and len(numbered.scores) == 7  # numbered: no solver, the seed's scores


def test_hints_of_a_perfect_ai_are_the_outcomes_of_the_whole_game(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(jobs, "HINT_SOLVER_BUDGET", 60.0)  # the answer, not the time: a busy machine solves slower
    moves = "3332224440000566"  # X to move, 26 empty cells: the solver answers in time
    board = RulesBoard()
    board.set_board(moves)
    exact = Player("X", "LEFT", 26).scores_for(board)
    assert AiRequest(7, 6, moves, "X", Seat(AI, "perfect"), "RANDOM").scores() == exact
    assert AiRequest(7, 6, moves, "X", Seat(AI, "perfect"), "RANDOM").hint().scores == exact
    assert len(set(exact)) > 1, exact  # not the ply-0 guess of all 50s


def test_keep_scores_shown_recomputes_them_after_each_move() -> None:
    controller, view, _runner, log, clock = make(o=HUMAN)
    controller.handle(KeepScores(True))
    settle(controller, clock, 2)
    assert view.scores is not None and log[-1].startswith("hint: X")
    controller.handle(PlayColumn(3))
    settle(controller, clock, 2)
    assert log[-1].startswith("hint: O") and view.scores is not None
    controller.handle(KeepScores(False))
    controller.handle(PlayColumn(3))
    settle(controller, clock, 1)
    assert view.scores is None


def test_hint_while_the_ai_thinks_is_refused() -> None:
    controller, view, _runner, _log, _clock = make(runner=HandRunner())
    controller.handle(PlayColumn(3))
    controller.tick()
    controller.handle(Command.HINT)
    assert view.cues[-1] == "Wait: O is thinking"


def test_an_ai_error_is_shown_and_stops_that_ai(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(self: AiRequest) -> int:
        raise NotImplementedError("smart evaluation arrives later")

    runner = SyncRunner()
    controller, view, _, log, clock = make(runner=runner)
    controller.handle(PlayColumn(3))
    with monkeypatch.context() as patch:
        patch.setattr(AiRequest, "best_column", broken)
        settle(controller, clock)
    assert log[-1] == "error: the AI could not move: smart evaluation arrives later"
    assert "could not move" in view.status
    jobs = len(runner.jobs)
    settle(controller, clock)
    assert len(runner.jobs) == jobs  # no retry loop
    controller.handle(SetSeat("O", "level", Level(1)))  # a new setting clears the error
    settle(controller, clock)
    assert len(controller.game.history) == 2


# -- misc ---------------------------------------------------------------------------------------


def test_puzzle_start_counts_moves_from_the_empty_board_and_new_game_returns_to_it() -> None:
    controller, _view, _runner, log, _clock = make(start_moves="3344", o=HUMAN)
    controller.handle(PlayColumn(0))
    assert log[-1] == "move 5: X column 0"
    controller.handle(Command.NEW_GAME)
    assert controller.game.board.columns()[3:5] == ["XO", "XO"]
    assert log[-2:] == ["moves: 33440", "new game"]


def test_reset_view_and_close() -> None:
    controller, view, runner, log, _clock = make(o=HUMAN)
    controller.handle(Command.RESET_VIEW)
    assert view.view_resets == 1
    controller.handle(PlayColumn(3))
    controller.close()
    assert runner.closed and log[-1] == "moves: 3"


def test_not_an_intent_is_a_type_error() -> None:
    controller, *_ = make()
    with pytest.raises(TypeError):
        controller.handle("3")  # type: ignore[arg-type]


# -- import hygiene -------------------------------------------------------------------------------


def test_importing_any_module_of_the_scene_leaves_vpython_out() -> None:
    code = textwrap.dedent(
        """
        import importlib, pkgutil, sys
        import vp_connect4, vp_connect4.vp3d
        for module in pkgutil.walk_packages(vp_connect4.vp3d.__path__, "vp_connect4.vp3d."):
            importlib.import_module(module.name)  # the controller, the AI worker, the view, the app, the server...
        assert "vpython" not in sys.modules, sorted(m for m in sys.modules if "vpython" in m)
        print("ok")
        """
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"


# -- the language menu -------------------------------------------------------------------


def test_the_language_menu_switches_every_text_mid_game_and_the_log_stays_english() -> None:
    from vp_connect4 import wording
    from vp_connect4.vp3d.control.intents import SetLanguage

    runner = HandRunner()
    controller, view, _, log, clock = make(runner=runner)
    controller.handle(PlayColumn(3))
    settle(controller, clock, 1)
    assert view.status == "O (blue) is thinking…"
    controller.handle(SetLanguage("nl"))
    assert wording.language() == "nl" and view.relabelled == 1
    assert view.status == "O (blauw) denkt na…"  # said again at once
    assert view.tally == "Stand: X 0 – O 0, gelijk 0"
    controller.handle(PlayColumn(4))
    assert view.cues[-1] == "Wacht even: O denkt na"
    runner.finish()  # the AI's work went on through the switch
    settle(controller, clock)
    assert view.status == "Jij bent aan de beurt: X (oranje). Klik op een kolom of druk op 0-6."
    controller.handle(PlayColumn(9))
    assert view.cues[-1] == "Er is geen kolom 9"
    assert controller.game.move_string[:1] == "3" and len(controller.game.history) == 2  # the moves are kept
    assert "setting: language nl" in log
    assert [line for line in log if line.startswith("ignored")] == [
        "ignored: wait: O is thinking",
        "ignored: there is no column 9",
    ]  # English, whatever the page says
    assert all(line.startswith(("move ", "setting: ", "ignored: ")) for line in log)
    controller.handle(SetLanguage("en"))
    assert view.status.startswith("Your turn: X (orange).") and log[-1] == "setting: language en"


def test_a_result_and_a_hint_are_said_again_in_the_new_language() -> None:
    from vp_connect4 import wording
    from vp_connect4.vp3d.control.intents import SetLanguage

    controller, view, _, log, clock = make(o=HUMAN)
    controller.handle(Command.HINT)
    settle(controller, clock, 1)
    assert "Best for X: column" in view.status
    controller.handle(SetLanguage("nl"))
    assert "Beste zet voor X: kolom" in view.status or "Beste zetten voor X: kolommen" in view.status
    for col in (0, 1, 0, 1, 0, 1, 0):
        controller.handle(PlayColumn(col))
        settle(controller, clock, 1)
    assert view.banner == "X (oranje) wint met vier op een rij!"
    controller.handle(SetLanguage("en"))
    assert view.banner == view.status == "X (orange) wins with four in a row!"
    assert log[-3:] == ["result: X wins", "moves: 0101010", "setting: language en"]
    wording.use_language("en")


def test_a_refused_setting_is_shown_in_dutch_and_logged_in_english() -> None:
    from vp_connect4.vp3d.control.intents import SetLanguage

    controller, view, _, log, _clock = make()
    controller.handle(SetLanguage("nl"))
    controller.handle(SetTiebreak("MIDDLE"))
    assert view.cues[-1].startswith("Tiebreak moet een van deze zijn: LEFT, RIGHT, RANDOM")
    assert log[-1] == "ignored: tiebreak must be one of LEFT, RIGHT, RANDOM, got 'MIDDLE'"
