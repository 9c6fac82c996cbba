"""The perfect hint's labels and Analyse game without a browser: the controller tests' fake view and AI runners.

The games are chosen so the answer is known: from the empty board X wins in 41 with column 3, and column 0
loses (the opening book: ``[-40, -42, 0, 41, 0, -42, -40]``), so a game opening with column 0 changes hands
at move 1.
"""

from __future__ import annotations

from concurrent.futures import Future
from typing import Any

import pytest
from test_vp3d_controller import DRAW_MOVES, Clock, FakeView, HandRunner, SyncRunner, make, settle

from vp_connect4 import wording
from vp_connect4.board import RulesBoard
from vp_connect4.engine.exact import solver
from vp_connect4.game import AI, HUMAN, Game, Seat
from vp_connect4.vp3d.control.controller import Controller
from vp_connect4.vp3d.control.hinting import HINT_QUIET, HINT_TRIES
from vp_connect4.vp3d.control.intents import (
    ChangeRules,
    Command,
    MoveSelection,
    PlayColumn,
    SetLanguage,
)
from vp_connect4.vp3d.control.keys import key_intent
from vp_connect4.vp3d.texts.hints import UNKNOWN_SCORE, label_scores, label_words
from vp_connect4.vp3d.texts.log_lines import analysis_step, analysis_summary, outcomes
from vp_connect4.vp3d.worker import analysis
from vp_connect4.vp3d.worker.analysis import (
    GameAnalysis,
    analyse,
    band,
    chart_points,
    first_change,
    steps,
)
from vp_connect4.vp3d.worker.jobs import AiRequest, HintAnswer

EMPTY_BOARD_OUTCOMES = [-40, -42, 0, 41, 0, -42, -40]  # X to move on the empty board (the book)
BLUNDER_GAME = "0101010"  # X opens in column 0 (a loss), O lets X win anyway: O's move 6 changed it back
# the first position of tests/data/solver-positions/Test_L2_R1 (columns from 1 there) and its score for O to move
PUBLISHED = ("".join(str(int(char) - 1) for char in "5554224333234511764415115"), 4)


@pytest.fixture(autouse=True)
def english() -> Any:
    wording.use_language("en")
    yield
    wording.use_language("en")


def play_all(controller: Controller, clock: Clock, moves: str) -> None:
    for char in moves:
        controller.handle(PlayColumn(int(char)))
        settle(controller, clock, 1)


def after_moves(moves: str) -> list[list[str]]:
    board = RulesBoard()
    board.set_board(moves)
    return board.data


# -- the perfect hint's labels ----------------------------------------------------------------------


def test_the_perfect_hint_labels_say_each_columns_outcome_in_words_and_the_log_has_them() -> None:
    controller, view, _runner, log, clock = make(o_ply="perfect")
    controller.handle(Command.HINT)
    settle(controller, clock, 1)
    assert log == ["hint: X 0 0 50 100 50 0 0", "outcomes: X -40 -42 0 +41 0 -42 -40"]
    assert view.scores == [0.0, 0.0, 50.0, 100.0, 50.0, 0.0, 0.0]  # the colours: red, grey, green
    loses, wins = "loses\nin {}".format, "wins\nin {}".format
    assert view.words == [loses(40), loses(42), "draws", wins(41), "draws", loses(42), loses(40)]
    assert view.status.endswith("Best for X: column 3 (wins in 41 moves).")
    controller.handle(SetLanguage("nl"))  # said again in the language spoken
    assert view.words[:4] == ["verliest\nin 40", "verliest\nin 42", "gelijk", "wint\nin 41"]
    controller.handle(PlayColumn(3))
    assert view.scores is None and view.words is None  # the position changed


def test_numbered_levels_keep_their_scores_on_the_labels() -> None:
    controller, view, _runner, log, clock = make(o_ply=4)
    controller.handle(Command.HINT)
    settle(controller, clock, 1)
    assert view.scores == [50.0] * 7 and view.words is None
    assert view.status.endswith("Best for X: columns 0, 1, 2, 3, 4, 5, 6 (no win or loss within 4 moves).")
    assert not any(line.startswith("outcomes:") for line in log)


def test_columns_not_worked_out_in_time_are_question_marks_and_grey_whatever_the_search_guessed() -> None:
    hint = HintAnswer([0.0, 100.0, -1.0, 100.0], [-4, None, None, 9], unknown=(1,))  # 100: the search's guess
    assert label_words(hint) == ["loses\nin 4", "?", "", "wins\nin 9"]
    assert label_words(hint, working=True) == ["loses\nin 4", "…", "", "wins\nin 9"]  # still being worked out
    assert label_scores(hint) == [0.0, UNKNOWN_SCORE, -1.0, 100.0]  # grey: neither a win nor a loss
    assert outcomes("O", hint) == "outcomes: O -4 ? full +9"
    assert hint.complete_outcomes is None  # the status line's best move comes from the scores then
    assert label_words(HintAnswer([50.0, 100.0])) is None


class CannedHints(SyncRunner):
    """Answers the hints with ``answers`` in turn, the last one again and again (the solver ran out of time on
    some columns, then maybe finished)."""

    def __init__(self, *answers: HintAnswer) -> None:
        super().__init__()
        self.answers = list(answers)
        self.hints_asked = 0

    def submit(self, fn: Any, *args: Any) -> Future[Any]:
        if fn.__name__ != "hint":
            return super().submit(fn, *args)
        self.jobs.append((fn.__name__, fn.__self__))
        future: Future[Any] = Future()
        future.set_result(self.answers[min(self.hints_asked, len(self.answers) - 1)])
        self.hints_asked += 1
        return future


# the search's scores for the columns the solver did not work out (1, 4, 5) are guesses: 100, 0, 50
UNFINISHED = HintAnswer([0.0, 100.0, 100.0, 0.0, 0.0, 50.0, 0.0], [-6, None, 11, -8, None, None, -2], (1, 4, 5))


def test_a_partly_worked_out_hint_shows_the_rest_being_worked_out_says_how_far_and_asks_again() -> None:
    runner = CannedHints(UNFINISHED)
    controller, view, _runner, log, clock = make(o_ply="perfect", runner=runner)
    controller.handle(Command.HINT)
    settle(controller, clock, 1)
    assert view.words == ["loses\nin 6", "…", "wins\nin 11", "loses\nin 8", "…", "…", "loses\nin 2"]
    assert view.scores == [0.0, 50.0, 100.0, 0.0, 50.0, 50.0, 0.0]  # the guesses are not coloured as results
    assert "outcomes: X -6 ? +11 -8 ? ? -2" in log
    assert view.status.endswith("For X: working out the exact outcomes (4 of 7 columns so far).")  # no guess
    assert "Best" not in view.status
    assert runner.hints_asked >= 2  # asked again: the worker's solver goes on from what it learnt


def test_a_hint_that_takes_a_while_says_it_is_being_worked_out_and_how_far() -> None:
    runner = HandRunner()
    controller, view, _runner, _log, clock = make(o_ply="perfect", runner=runner)
    controller.handle(Command.HINT)
    controller.tick()
    assert view.status == "Your turn: X (orange). Click a column or press 0-6."  # a quick answer is not announced
    clock.now += HINT_QUIET
    controller.tick()
    assert view.status == (
        "Your turn: X (orange). Click a column or press 0-6. "
        "For X: working out the exact outcomes (0 of 7 columns so far)."
    )
    controller.handle(SetLanguage("nl"))
    assert view.status.endswith("Voor X: de precieze uitkomsten worden uitgerekend (0 van 7 kolommen tot nu toe).")
    controller.handle(SetLanguage("en"))
    runner.finish()
    controller.tick()
    assert view.status.endswith("Best for X: column 3 (wins in 41 moves).")


def test_a_numbered_levels_hint_that_takes_a_while_says_so_until_it_names_what_it_proved() -> None:
    runner = HandRunner()
    controller, view, _runner, _log, clock = make(o_ply=4, runner=runner)
    controller.handle(Command.HINT)
    clock.now += HINT_QUIET
    controller.tick()
    assert view.status.endswith("Click a column or press 0-6. For X: working out the hint.")
    controller.handle(PlayColumn(3))  # the position changes: that hint is not for it
    controller.tick()
    assert "working out" not in view.status


def test_a_hint_that_stays_unfinished_is_given_up_after_a_few_tries() -> None:
    runner = CannedHints(UNFINISHED)
    controller, view, _runner, _log, clock = make(o_ply="perfect", runner=runner)
    controller.handle(Command.HINT)
    settle(controller, clock, 3 * HINT_TRIES)
    assert runner.hints_asked == HINT_TRIES + 1
    assert view.status.endswith("For X: the exact outcomes are out of reach here (4 of 7 columns worked out).")
    assert view.words is not None and view.words[1] == "?"  # what was worked out stays on the labels


def test_a_hint_finished_on_its_second_try_names_the_best_column_and_its_outcome() -> None:
    finished = HintAnswer(UNFINISHED.scores, [-6, -10, 11, -8, 0, 7, -2])
    runner = CannedHints(UNFINISHED, finished)
    controller, view, _runner, log, clock = make(o_ply="perfect", runner=runner)
    controller.handle(Command.HINT)
    settle(controller, clock, 3)
    assert runner.hints_asked == 2 and log[-1] == "outcomes: X -6 -10 +11 -8 0 +7 -2"
    assert view.status.endswith("Best for X: column 5 (wins in 7 moves).")
    controller.handle(PlayColumn(0))
    controller.handle(Command.HINT)  # a new position: its hint gets its own tries
    settle(controller, clock, 3)
    assert runner.hints_asked == 3


def test_the_request_merges_the_solved_columns_with_the_players_scores(monkeypatch: pytest.MonkeyPatch) -> None:
    from vp_connect4.engine.exact import perfect

    monkeypatch.setattr(perfect, "outcomes_in_time", lambda position, seconds: ([-3, None, 5, None], False))
    monkeypatch.setattr(AiRequest, "scores", lambda self: [50.0, 100.0, 50.0, -1.0])
    answer = AiRequest(4, 4, "0123", "X", Seat(AI, "perfect"), "LEFT").hint()
    assert answer == HintAnswer([0.0, 100.0, 100.0, -1.0], [-3, None, 5, None], unknown=(1,))


# -- Analyse game: the worker's side ----------------------------------------------------------------


def test_analyse_gives_each_positions_outcome_from_the_book_and_marks_where_it_changed() -> None:
    found = analyse(7, 6, BLUNDER_GAME)
    assert found.values[:2] == (41, 39) and found.values[-1] is None and found.won  # X won with move 7
    assert found.unknown == 0
    moves = steps(found)
    assert [step.changed for step in moves] == [True, False, False, False, False, True, False]
    assert first_change(moves) == 0
    assert analysis_step(moves[0]) == "analysis: move 1 X column 0 +41 -> -39"
    assert analysis_step(moves[1]) == "analysis: move 2 O column 1 +39 -> +38"
    assert analysis_step(moves[-1]) == "analysis: move 7 X column 0 +1 -> won"
    assert analysis_summary(found, moves) == "analysis: result changed at move 1"
    assert found.kept_by(1) == (3,) and found.kept_by(6) == (0,) and found.kept_by(2) == ()  # 3: the win in 41


def preference(distance: int) -> tuple[int, int]:
    """A side's liking of an outcome: wins (sooner better), draws, losses (later better)."""
    return (2, -distance) if distance > 0 else (1, 0) if distance == 0 else (0, -distance)


def test_analyse_beyond_the_book_agrees_with_a_published_position_and_no_move_beats_perfect_play() -> None:
    moves, score = PUBLISHED  # 25 checkers: the book to 12, the solver beyond
    found = analyse(7, 6, moves, seconds=2.0)
    assert found.values[-1] == solver.score_to_distance(42, len(moves), score)
    known = [step for step in steps(found) if step.before is not None and step.after is not None]
    assert len(known) > 20
    for step in known:  # a move keeps the mover's outcome (one ply nearer) or does worse, never better
        assert preference(step.after) <= preference(step.before - (1 if step.before > 0 else -1 if step.before else 0))
    drawn = analyse(7, 6, DRAW_MOVES, seconds=0.2)
    assert drawn.values[-1] == 0 and not drawn.won  # the full board


def test_positions_not_worked_out_get_a_second_try_while_the_analysis_is_young(monkeypatch: pytest.MonkeyPatch) -> None:
    tried: list[float] = []
    real = analysis.position_value

    def slow_at_first(position: Any, seconds: float) -> int | None:
        tried.append(seconds)
        return None if seconds == 1.0 and position.moves_played == 5 else real(position, seconds)

    monkeypatch.setattr(analysis, "position_value", slow_at_first)
    found = analyse(7, 6, "3322114", seconds=1.0, retry=3.0)
    assert found.unknown == 0 and tried.count(3.0) == 1  # only the one not worked out
    late = analyse(7, 6, "3322114", seconds=1.0, retry=3.0, total=0.0)  # too late for a second try
    assert late.values[5] is None and late.unknown == 1


def test_only_certain_changes_are_marked() -> None:
    unsure = GameAnalysis("3333", (41, None, 0, -5, 4))  # move 2's before and after are unknown
    moves = steps(unsure)
    assert [(step.before, step.after, step.changed) for step in moves] == [
        (41, None, False),  # unknown after: nothing marked
        (None, 0, False),
        (0, 5, False),  # a draw became a win: no loss of ground
        (-5, -4, False),
    ]
    assert analysis_summary(unsure, moves) == "analysis: no change found (1 unknown)"
    drew = GameAnalysis("33", (41, 0, 0))  # X's first move gave the win away for a draw
    assert [step.changed for step in steps(drew)] == [True, False]
    assert analysis_step(steps(GameAnalysis("3", (None, None)))[0]) == "analysis: move 1 X column 3 ? -> ?"
    said = wording.analysis_step(2, 2, "O", 3, "O draws", "O loses in 4", True)  # which column kept it: unknown
    assert said == "Move 2 of 2: O (blue) played column 3: O draws → O loses in 4 ← the result changed here."
    assert wording.analysis_step(2, 2, "O", 3, "O draws", "O loses in 4", True, [1, 5]).endswith(
        "← the result changed here: columns 1, 5 kept it."
    )


def test_the_chart_keeps_level_under_perfect_play_and_jumps_where_the_result_changed() -> None:
    found = analyse(7, 6, BLUNDER_GAME)
    points = chart_points(found, 42)
    middle = band(42)  # 22: the wins' bands begin past it
    assert points[0] == (0, middle + 1)  # X wins with its 21st checker, the last: 1 to spare
    assert points[1] == (1, -middle - 2)  # after 0: O wins with its 20th (move 40)
    assert points[-1] == (7, middle + 18)  # X made four with its 4th checker: 18 to spare
    for step in steps(found):
        before, after = points[step.number - 1][1], points[step.number][1]
        turned = (before > 0) - (before < 0) != (after > 0) - (after < 0)
        assert turned == step.changed, step  # it crosses a line exactly where the result changed hands
        nearer = step.after is not None and step.before is not None and abs(step.after) == abs(step.before) - 1
        perfect = step.won or (nearer and step.after * step.before > 0)  # the same end, one move nearer
        assert (before == after) == perfect, step  # level under perfect play
    spares = [1, -2, -2, -2, -1, -1, 18, 18]  # O's move 4: a later win; 6: a loss
    assert [value for _, value in points] == [spare + middle * ((spare > 0) - (spare < 0)) for spare in spares]
    unsure = chart_points(GameAnalysis("3333", (41, None, 0, -5, 4)), 42)
    assert unsure == [(0, middle + 1), (2, 0), (3, middle + 18), (4, middle + 18)]  # move 1 not worked out: left out
    full = chart_points(GameAnalysis("0" * 6, (0,) * 7), 42)
    assert {value for _, value in full} == {0}  # draws


def test_a_change_of_result_early_in_the_game_crosses_a_third_of_the_chart_or_more() -> None:
    # after move 2, X to move wins at move 39 (37 moves on); after X's move 3, O to move wins at move 37
    found = GameAnalysis("334", (None, None, 37, 34))
    points = dict(chart_points(found, 42))
    height = 4 * band(42)  # from -2 bands to +2 bands
    assert points[2] > 0 > points[3]
    assert points[2] - points[3] >= height / 3  # before: 2 - (-3) = 5 of 44, a step nobody sees
    kept = dict(chart_points(GameAnalysis("334", (None, None, 37, -36)), 42))  # X still wins, at move 39
    later = dict(chart_points(GameAnalysis("334", (None, None, 37, -38)), 42))  # X still wins, at move 41
    assert kept[3] == points[2] and 0 < points[2] - later[3] < height / 12  # the same result: level, or a small step


# -- Analyse game in the scene ----------------------------------------------------------------------


def finished_blunder_game() -> tuple[Controller, Any, SyncRunner, list[str], Clock]:
    controller, view, runner, log, clock = make(o=HUMAN)
    play_all(controller, clock, BLUNDER_GAME)
    assert controller.game.outcome.winner == "X"
    log.clear()
    return controller, view, runner, log, clock


def test_analyse_game_shows_the_move_that_changed_hands_first_and_steps_with_the_arrows() -> None:
    controller, view, runner, log, clock = finished_blunder_game()
    cells = list(view.highlighted)
    controller.handle(Command.ANALYSE_GAME)
    assert view.status == "Analysing the game with perfect play…" and view.analysing
    settle(controller, clock, 1)
    assert runner.jobs[-1][0] == "analysis"
    assert log == ["analysis: result changed at move 1", "analysis: move 1 X column 0 +41 -> -39"]
    assert view.position == (after_moves("0"), (5, 0))
    assert view.status == (
        "Move 1 of 7: X (orange) played column 0: X wins in 41 → X loses in 39 ← the result changed here: column 3 "
        "kept it. ← → other moves; Esc: back to the game."
    )
    assert view.banner is None and view.scores is None
    points = chart_points(analyse(7, 6, BLUNDER_GAME), 42)
    assert view.chart == (points, 7, 1)  # the first move marked
    controller.handle(MoveSelection(1))
    assert log[-1] == "analysis: move 2 O column 1 +39 -> +38" and view.chart == (points, 7, 2)
    assert view.position == (after_moves("01"), (5, 1))
    assert view.status == (
        "Move 2 of 7: O (blue) played column 1: O wins in 39 → O wins in 38. "
        "The result first changed hands at move 1. ← → other moves; Esc: back to the game."
    )
    for _ in range(10):  # to the last move, and no further
        controller.handle(MoveSelection(1))
    assert log[-1] == "analysis: move 7 X column 0 +1 -> won" and len(log) == 8
    assert view.position == (after_moves(BLUNDER_GAME), (2, 0))
    assert sorted(view.highlighted) == sorted(cells)  # the four that won glows
    assert "X wins in 1 → X has won." in view.status
    controller.handle(MoveSelection(-1))
    assert log[-1] == "analysis: move 6 O column 1 +37 -> -1"
    assert "← the result changed here: column 0 kept it." in view.status  # O gave it back: marked too
    controller.handle(MoveSelection(1, vertical=True))  # ↑ ↓ do nothing here
    assert log[-1] == "analysis: move 6 O column 1 +37 -> -1"
    controller.handle(SetLanguage("nl"))
    settle(controller, clock, 1)
    assert view.status.startswith(
        "Zet 6 van 7: O (blauw) speelde kolom 1: O wint in 37 → O verliest in 1 ← hier veranderde de uitslag: "
        "kolom 0 hield hem vast."
    )


def test_leaving_the_analysis_shows_the_game_as_it_was_and_a_second_look_is_at_once() -> None:
    controller, view, runner, log, clock = finished_blunder_game()
    banner, cells, status = view.banner, list(view.highlighted), view.status
    controller.handle(Command.ANALYSE_GAME)
    settle(controller, clock, 1)
    controller.handle(Command.LEAVE_ANALYSIS)  # Esc
    assert log[-1] == "analysis: back to the game"
    assert controller.game.move_string == BLUNDER_GAME and controller.game.outcome.winner == "X"
    assert view.calls[-1] == ("redraw", BLUNDER_GAME) and not view.analysing
    assert (view.banner, sorted(view.highlighted), view.status) == (banner, sorted(cells), status)
    assert view.chart is None  # the chart is gone with the analysis
    assert "result: X wins" not in log  # announced once, not again
    jobs = len(runner.jobs)
    controller.handle(Command.ANALYSE_GAME)  # the analysis is kept for its game
    assert len(runner.jobs) == jobs and log[-1] == "analysis: move 1 X column 0 +41 -> -39"
    controller.handle(Command.ANALYSE_GAME)  # the button again: back
    assert log[-1] == "analysis: back to the game" and view.status == status


def test_a_play_leaves_the_analysis_without_playing_and_new_game_and_undo_leave_and_act() -> None:
    controller, view, _runner, log, clock = make(o=HUMAN)
    play_all(controller, clock, "0123")
    controller.handle(Command.ANALYSE_GAME)
    settle(controller, clock, 1)
    controller.handle(PlayColumn(3))
    assert log[-1] == "analysis: back to the game" and controller.game.move_string == "0123"
    assert view.status.startswith("To move: X (orange)")
    controller.handle(Command.ANALYSE_GAME)
    settle(controller, clock, 1)
    controller.handle(Command.UNDO)
    assert log[-2:] == ["analysis: back to the game", "undo: 1 move"] and controller.game.move_string == "012"
    controller.handle(Command.ANALYSE_GAME)
    settle(controller, clock, 1)
    controller.handle(Command.NEW_GAME)
    assert log[-3:] == ["analysis: back to the game", "moves: 012", "new game"] and not controller.game.history
    assert not view.analysing


def test_the_ai_waits_while_the_analysis_is_shown() -> None:
    runner = HandRunner()
    controller, _view, _runner, log, clock = make(runner=runner)
    controller.handle(PlayColumn(3))
    settle(controller, clock)
    assert [name for name, _ in runner.jobs] == ["best_column"]  # O's AI thinks
    controller.handle(Command.ANALYSE_GAME)
    assert runner.discarded == 1 and [name for name, _ in runner.jobs][-1] == "analysis"
    runner.finish(-1)
    settle(controller, clock)
    assert log[-1] == "analysis: move 1 X column 3 +41 -> +40"
    assert [name for name, _ in runner.jobs].count("best_column") == 1  # no move while analysing
    controller.handle(Command.LEAVE_ANALYSIS)
    settle(controller, clock)
    assert [name for name, _ in runner.jobs].count("best_column") == 2  # asked again
    runner.finish(-1)
    settle(controller, clock)
    assert log[-1].startswith("move 2: O column")


def test_analyse_game_is_refused_on_an_empty_board_in_a_variant_and_while_a_checker_falls() -> None:
    controller, view, _runner, log, clock = make(o=HUMAN)
    controller.handle(Command.ANALYSE_GAME)
    assert log[-1] == "ignored: there is no move to analyse yet"
    assert view.cues[-1] == "There is no move to analyse yet" and not view.analysing
    controller.handle(PlayColumn(3))  # falling until the next tick sees it land
    view.busy = True
    controller.handle(Command.ANALYSE_GAME)
    assert log[-1] == "ignored: wait for the checker to land"
    view.busy = False
    controller.handle(ChangeRules(variant="tetris"))
    play_all(controller, clock, "3")
    controller.handle(Command.ANALYSE_GAME)
    assert log[-1] == "ignored: Analyse game knows the standard rules only"


@pytest.mark.slow
def test_analyse_game_is_refused_in_words_on_a_board_the_solver_does_not_take() -> None:
    for size, taken in [((9, 7), False), ((8, 7), True)]:  # 9 x 8 = 72 bits; 8 x 8 = 64
        game = Game(RulesBoard(*size), {"X": Seat(HUMAN), "O": Seat(HUMAN)}, start_moves="4")
        view, log, clock = FakeView(), [], Clock()
        controller = Controller(game, view, SyncRunner(), log=log.append, clock=clock)
        controller.start()
        settle(controller, clock)
        controller.handle(Command.ANALYSE_GAME)
        refusal = "ignored: Analyse game knows boards whose width × (height + 1) is at most 64 only, such as 8x7 or "
        assert (log[-1] == refusal + "10x5") is not taken and view.analysing is taken, (size, log[-3:])


def test_a_long_analysis_says_how_long_it_has_taken_and_an_outcome_not_worked_out_is_said_in_words(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(AiRequest, "analysis", lambda self: GameAnalysis("33", (41, None, 40)))  # move 1's after: ?
    runner = HandRunner()
    controller, view, _runner, log, clock = make(o=HUMAN, runner=runner)
    play_all(controller, clock, "33")
    controller.handle(Command.ANALYSE_GAME)
    controller.tick()
    assert view.status == "Analysing the game with perfect play…"
    clock.now += 3.5
    controller.tick()
    assert view.status == "Analysing the game with perfect play… (3 s so far)"
    controller.handle(SetLanguage("nl"))
    assert view.status == "De partij wordt geanalyseerd met perfect spel… (al 3 s bezig)"
    controller.handle(SetLanguage("en"))
    runner.finish(-1)
    controller.tick()
    assert log[-2:] == ["analysis: no change found (1 unknown)", "analysis: move 2 O column 3 ? -> -40"]
    assert view.status == (
        "Move 2 of 2: O (blue) played column 3: outcome for O not worked out in time → O loses in 40. "
        "No move certainly changed the result (1 position was not worked out in time). "
        "← → other moves; Esc: back to the game."
    )  # no ? that reads like a result
    controller.handle(MoveSelection(-1))
    assert view.status.startswith("Move 1 of 2: X (orange) played column 3: X wins in 41 → outcome for X not worked")


def test_a_failed_analysis_says_so_and_goes_back_to_the_game(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(self: AiRequest) -> GameAnalysis:
        raise RuntimeError("no book")

    monkeypatch.setattr(AiRequest, "analysis", broken)
    controller, view, _runner, log, clock = make(o=HUMAN)
    play_all(controller, clock, "33")
    controller.handle(Command.ANALYSE_GAME)
    settle(controller, clock, 1)
    assert log[-2:] == ["error: the analysis failed: no book", "analysis: back to the game"]
    assert view.cues[-1] == "The analysis failed: no book" and not view.analysing


def test_the_keys_a_and_esc() -> None:
    assert key_intent("a") == Command.ANALYSE_GAME and key_intent("A") == Command.ANALYSE_GAME
    assert key_intent("esc") == Command.LEAVE_ANALYSIS
    assert key_intent("left") == MoveSelection(-1) and key_intent("right") == MoveSelection(1)
