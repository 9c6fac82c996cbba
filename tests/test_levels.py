"""Levels: parsing and labels; the "perfect" level plays exactly when the solver finishes, legally always."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from reference import memo_reference_scores

from vp_connect4 import Board, InvalidSettingError, Player
from vp_connect4.engine.exact import solver
from vp_connect4.game import AI, Game, Seat, ai_chooser, play_out
from vp_connect4.levels import Level, PerfectPlayer

POSITIONS = Path(__file__).resolve().parent / "data" / "solver-positions"
NO_TIME = {"solver_budget": 0.0, "move_budget": 0.0}  # every deadline already past when the move starts
SHORT = {"solver_budget": 0.0, "move_budget": 0.3}  # straight to the depth-limited search


def board_after(moves: str, width: int = 7, height: int = 6) -> Board:
    board = Board(width, height)
    board.set_board(moves)
    return board


def perfect_player(ox: str, tbt: str, rng: random.Random | None = None) -> Player:
    return Level.parse("perfect").player(ox, tbt, rng)


@pytest.mark.parametrize(
    ("typed", "ply", "text", "label"),
    [
        ("0", 0, "0", "ply 0"),
        (" 12 ", 12, "12", "ply 12"),
        (4, 4, "4", "ply 4"),
        ("perfect", None, "perfect", "perfect"),
    ],
)
def test_levels_parse_and_name_themselves(typed: object, ply: int | None, text: str, label: str) -> None:
    level = Level.parse(typed)
    assert level.ply == ply and str(level) == text and level.label == label
    assert Level.parse(level) is level
    assert level.is_perfect == (ply is None)


@pytest.mark.parametrize("bad", ["-1", "deep", "", "٣", "3.5", -1, 2.0, True, None, "Perfect"])
def test_bad_levels_are_refused_saying_what_is_allowed(bad: object) -> None:
    with pytest.raises(InvalidSettingError, match="whole number 0 or more, or 'perfect'"):
        Level.parse(bad)


def test_a_level_makes_its_player() -> None:
    player = Level(3).player("O", "RIGHT", evaluation="smart")
    assert (type(player), player.ox, player.tbt, player.ply, player.evaluation) == (Player, "O", "RIGHT", 3, "smart")
    assert repr(player) == "Player: ox = O, tbt = RIGHT, ply = 3"


def test_repr_says_perfect() -> None:
    assert repr(perfect_player("X", "LEFT")) == "Player: ox = X, tbt = LEFT, ply = perfect"


def test_the_perfect_seat_plays_with_a_perfect_player() -> None:
    player = Seat(AI, "perfect").player("O", "RIGHT", random.Random(1))
    assert isinstance(player, PerfectPlayer)
    assert (player.ox, player.tbt) == ("O", "RIGHT")


@pytest.mark.parametrize("budgets", [{}, SHORT], ids=["solver", "deepening"])
def test_takes_an_immediate_win(budgets: dict[str, float]) -> None:
    board = board_after("616560")  # X to move: three X in column 6
    assert PerfectPlayer("X", "LEFT", **budgets).next_move(board) == 6


@pytest.mark.parametrize("budgets", [{}, SHORT], ids=["solver", "deepening"])
def test_blocks_an_immediate_loss(budgets: dict[str, float]) -> None:
    board = board_after("6165602")  # O to move: X threatens column 6
    assert PerfectPlayer("O", "LEFT", **budgets).next_move(board) == 6


def find_position(rng: random.Random, wanted: Callable[[list[int]], bool]) -> tuple[Board, list[int | None]]:
    """A random 5x4 position (seeded) whose solved column outcomes satisfy ``wanted``."""
    while True:
        board = Board(5, 4)
        for _ in range(rng.randint(6, 10)):
            board.add_move(rng.choice([c for c in range(5) if board.allows_move(c)]), board.to_move())
        if board.wins_for("X") or board.wins_for("O") or board.is_full():
            continue
        outcomes = solver.column_outcomes(board.referee.solver_position(board.to_move()))
        if wanted([r for r in outcomes if r is not None]):
            return board, outcomes


def test_prefers_the_fastest_win() -> None:
    board, outcomes = find_position(random.Random(1), lambda rs: len({r for r in rs if r > 0}) > 1)
    fastest = min(r for r in outcomes if r is not None and r > 0)
    for tbt in ("LEFT", "RIGHT"):
        assert outcomes[perfect_player(board.to_move(), tbt).next_move(board)] == fastest


def test_prefers_the_slowest_loss() -> None:
    board, outcomes = find_position(random.Random(2), lambda rs: max(rs) < 0 and len(set(rs)) > 1)
    slowest = min(r for r in outcomes if r is not None)
    for tbt in ("LEFT", "RIGHT"):
        assert outcomes[perfect_player(board.to_move(), tbt).next_move(board)] == slowest


def test_plays_a_best_move_of_published_positions() -> None:
    lines = (POSITIONS / "Test_L3_R1").read_text().split("\n")
    positions = [line.split() for line in lines if line.strip()]
    wins = [(moves, int(score)) for moves, score in positions if int(score) > 0]
    for moves, score in random.Random(7).sample(wins, 5):
        board = board_after("".join(str(int(ch) - 1) for ch in moves))
        ox = board.to_move()
        col = perfect_player(ox, "RANDOM", random.Random(3)).next_move(board)
        result = solver.column_outcomes(board.referee.solver_position(ox))[col]
        assert result is not None
        assert solver.distance_to_score(42, len(moves), result) == score, moves


@pytest.mark.parametrize("moves", ["", "3", "33221", "6565650303"])
def test_still_answers_with_no_time_at_all(moves: str) -> None:
    board = board_after(moves)
    for tbt in ("LEFT", "RIGHT", "RANDOM"):
        col = PerfectPlayer(board.to_move(), tbt, random.Random(5), **NO_TIME).next_move(board)
        assert board.allows_move(col)


def test_perfect_play_holds_the_draw_on_4x5() -> None:
    # 4 columns x 5 rows is a draw with best play: a perfect X must not lose to anyone
    rng = random.Random(11)
    for opponent_ply in (1, 3):
        game = Game(Board(4, 5), seats={"X": Seat(AI, "perfect"), "O": Seat(AI, opponent_ply)})
        outcome = play_out(game, {ox: ai_chooser(game.player(ox, rng)) for ox in "XO"})
        assert outcome.winner != "O"


def random_position(rng: random.Random, width: int, height: int, stones: int) -> Board:
    """Up to ``stones`` random moves, stopping early when the game is over."""
    board = Board(width, height)
    for _ in range(stones):
        if board.wins_for("X") or board.wins_for("O") or board.is_full():
            break
        board.add_move(rng.choice([c for c in range(width) if board.allows_move(c)]), board.to_move())
    return board


def full_depth_cases(seed: int, count: int, width: int, height: int, stones: int) -> Iterator[tuple[Board, str, int]]:
    """``count`` random positions (``random_position``, seeded), each for both sides: (board, side to score for,
    empty cells: the look-ahead that sees every line to its end)."""
    rng = random.Random(seed)
    for _ in range(count):
        board = random_position(rng, width, height, stones)
        empty = sum(row.count(" ") for row in board.data)
        for ox in "XO":
            yield board, ox, empty


FULL_DEPTH_SIZES = [(4, 4, 6), (5, 4, 10), (7, 6, 30)]  # (width, height, stones)


@pytest.mark.parametrize(("width", "height", "stones"), FULL_DEPTH_SIZES)
def test_scores_for_is_the_seed_recursion_at_full_depth(width: int, height: int, stones: int) -> None:
    for board, ox, empty in full_depth_cases(width * 100 + stones, 6, width, height, stones):
        expected = memo_reference_scores(board, ox, empty)
        assert perfect_player(ox, "LEFT").scores_for(board) == expected, (board, ox)


@pytest.mark.parametrize(("width", "height", "stones"), FULL_DEPTH_SIZES)
def test_scores_for_tourney_is_the_seed_tourney_recursion_at_full_depth(width: int, height: int, stones: int) -> None:
    # at full depth no line reaches a horizon, so the tourney scores are the plain ones
    for board, ox, empty in full_depth_cases(width * 10 + stones, 4, width, height, stones):
        expected = Player(ox, "LEFT", empty).scores_for_tourney(board)
        assert perfect_player(ox, "LEFT").scores_for_tourney(board) == expected, (board, ox)


BEYOND_THE_BOOK = "163441113020550"  # 15 checkers (published set Test_L2_R2): the solver is needed, and takes time


def test_scores_for_tourney_out_of_time_are_what_next_move_plays_by() -> None:
    board = board_after(BEYOND_THE_BOOK)
    scores = PerfectPlayer(board.to_move(), "LEFT", **SHORT).scores_for_tourney(board)
    playable = [score for score in scores if score >= 0]
    assert len(scores) == 7 and all(0.0 <= score <= 100.0 for score in playable)
    assert any(0.0 < score < 100.0 and score != 50.0 for score in playable)  # the smart evaluation's judgement
    assert len(set(playable)) > 1  # not a ply-0 guess of 50 everywhere


def test_the_book_answers_at_once_where_the_solver_would_need_minutes() -> None:
    board = board_after("")  # the empty board: only the centre wins, its neighbours draw
    for method in ("scores_for", "scores_for_tourney"):
        assert getattr(PerfectPlayer("X", "LEFT", **SHORT), method)(board) == [0, 0, 50, 100, 50, 0, 0]


def test_scores_for_out_of_time_are_a_finished_plain_search() -> None:
    board = board_after(BEYOND_THE_BOOK)  # far from solvable without time
    ox = board.to_move()
    scores = PerfectPlayer(ox, "LEFT", **SHORT).scores_for(board)
    assert scores in [Player(ox, "LEFT", ply).scores_for(board) for ply in range(16)]


@pytest.mark.parametrize(("moves", "block"), [("463020314", 5), ("13400350142150", 2), ("15502642455", 3)])
def test_a_lost_seat_ai_defends_longest_while_the_seed_player_stays_the_seeds(moves: str, block: int) -> None:
    board = board_after(moves)
    ox = board.to_move()
    seed = Player(ox, "LEFT", 4)
    assert set(seed.scores_for(board)) == {0.0}  # every move loses within 4
    assert seed.next_move(board) == 0  # the seed's LEFT tiebreak, which loses at once
    seat_player = Seat(AI, 4).player(ox, "LEFT")
    assert seat_player.next_move(board) == block  # blocks the four in one: the longest defence
    assert seat_player.scores_for(board) == seed.scores_for(board)
    assert Player(ox, "LEFT", 2).scores_for(board)[block] == 50.0


def test_the_fallback_search_starts_before_its_deadline(monkeypatch: pytest.MonkeyPatch) -> None:
    """With the default budgets, a solver that runs out of time leaves the depth-limited search time of its own
    (the solver was once given 1.0 s inside a move of 0.9 s: the fallback began past its deadline)."""
    from vp_connect4.engine.budget import OutOfTime
    from vp_connect4.engine.exact import perfect
    from vp_connect4.rules import Referee

    def slow_solver(position: object, deadline: float) -> list[int | None]:
        while time.perf_counter() < deadline:  # the solver works until its deadline, and gives up
            time.sleep(0.005)
        raise OutOfTime()

    left: list[float] = []
    deepest = Referee.deepest_scores

    def fallback(self: Referee, ox: str, deadline: float, smart: bool) -> list[float]:
        left.append(deadline - time.perf_counter())
        return deepest(self, ox, deadline, smart)

    monkeypatch.setattr(perfect, "column_outcomes", slow_solver)
    monkeypatch.setattr(Referee, "deepest_scores", fallback)
    scores = PerfectPlayer("X", "LEFT").scores_for(board_after("3344"))
    assert len(left) == 1 and left[0] > 0.05, f"the fallback search began {-left[0]:.2f} s past its deadline"
    assert len(scores) == 7
