"""The terminal game explains itself: who is X and O, a variant's rules, only the commands that work here, a note
the first time a special move happens; ``u`` and ``r`` take moves back and play them again; a game given over."""

from __future__ import annotations

import random

import pytest
from test_text_game import Collect, scripted

from vp_connect4 import Board, Player
from vp_connect4.text_ui import play_in_terminal

TIP = "(Type ? instead of a column to see each column's outcome with perfect play.)"
TAKE_BACK_ALONE = "(Type u to take back your last move and the computer's reply, r to play them again.)"
TAKE_BACK_TWO = "(Type u to take back the last move, r to play it again.)"


def opening(board: Board, px, po, answers=(), **options) -> list[str]:
    """The lines the game says before its first board (after the welcome)."""
    out = Collect()
    play_in_terminal(board, px, po, input_fn=scripted(answers), out=out, **options)
    lines = out.lines[2:]
    return lines[: next(i for i, line in enumerate(lines) if line == "")]


@pytest.mark.parametrize(
    ("x", "o", "first"),
    [
        ("human", 1, "You are X; the computer (ply 1) is O. X moves first."),
        (1, "human", "The computer (ply 1) is X; you are O. X moves first."),
        ("human", "human", "Two players: X and O take turns at this keyboard. X moves first."),
        (1, 2, "The computer plays both sides: X (ply 1) and O (ply 2). X moves first."),
    ],
)
def test_the_first_line_says_who_is_x_and_who_is_o(x, o, first) -> None:
    players = {ox: seat if seat == "human" else Player(ox, "LEFT", seat) for ox, seat in (("X", x), ("O", o))}
    lines = opening(Board(), players["X"], players["O"])
    assert lines[0] == first
    if "human" in (x, o):
        assert lines[1:] == [TAKE_BACK_TWO if x == o else TAKE_BACK_ALONE, TIP]
    else:
        assert lines[1:] == []  # nobody types: no commands offered


def test_after_start_moves_it_says_who_is_to_move() -> None:
    lines = opening(Board(), "human", "human", start_moves="334")
    assert (
        lines[0] == "Two players: X and O take turns at this keyboard. The game goes on after the moves 334: O to move."
    )


@pytest.mark.parametrize(
    ("variant", "size", "rules"),
    [
        ("flip", (7, 6), ["Rules: flip.", "Instead of dropping a checker you may flip the rack over: every checker "
                          "falls to the new floor. Nobody flips it twice in a row.",
                          "(Type f to flip the rack: the line under the board calls it move 7.)"]),
        ("tetris+chance:0.2", (7, 6), ["Rules: tetris + chance 20%.",
                                       "A full row vanishes and the checkers above it fall one row; a four made by the "
                                       "move counts first.",
                                       "Chance: 20% of the time a checker goes into another column (or row) than the "
                                       "one chosen."]),
        ("gravity:left", (7, 6), ["Rules: gravity left.", "Gravity pulls left: a checker comes in from the side and "
                                  "slides left; a move names a row."]),
        ("swap:4", (5, 4), ["Rules: swap every 4 moves.",
                            "Swap: after every 4 moves an X and an O checker change colours."]),
    ],
)  # fmt: skip
def test_a_variant_says_its_rules_without_the_scenes_buttons(variant, size, rules) -> None:
    lines = opening(Board(*size, variant=variant), "human", Player("O", "LEFT", 1))
    assert lines[1 : 1 + len(rules)] == rules
    assert not any("arrow beside the rack" in line or "button" in line for line in lines)


@pytest.mark.parametrize(
    ("variant", "size", "offered"),
    [
        ("standard", (7, 6), True),
        ("standard", (5, 4), True),  # the solver works the whole game out
        ("standard", (9, 7), False),  # out of its reach early in the game
        ("flip", (7, 6), False),
        ("tetris", (7, 6), False),
        ("chance", (7, 6), False),  # perfect play cannot foresee chance
        ("swap", (7, 6), False),
        ("gravity:down-left", (7, 6), False),
    ],
)
def test_the_analysis_is_offered_only_where_it_answers(variant, size, offered) -> None:
    lines = opening(Board(*size, variant=variant), "human", "human")
    assert (TIP in lines) is offered


def test_a_question_mark_where_no_analysis_works_says_so() -> None:
    out = Collect()
    play_in_terminal(Board(variant="chance"), "human", "human", input_fn=scripted(["?"]), out=out)
    assert (
        "(There is no analysis for these rules: the solver plays the standard game, seen from any side.)" in out.lines
    )


def test_f_is_offered_only_where_the_rack_turns() -> None:
    out = Collect()
    answers = scripted(["f"])
    play_in_terminal(Board(), "human", "human", input_fn=answers, out=out)
    assert answers.prompts == ["X's choice (0-6): ", "X's choice (0-6): "]
    assert "Please type a column number from 0 to 6." in out.lines and "Or f to flip the rack." not in out.text
    assert not any("flip the rack" in line or "flips the rack" in line for line in out.lines)


FLIP_NOTE = (
    "(A flip is a move: the turn passes, and the same side may not flip again at its next turn. The moves write it f; "
    "the line under the board calls it move 7.)"
)


def test_the_first_flip_is_explained_once() -> None:
    out = Collect()
    answers = ["1", "0", "f", "f", "2"]  # X, O drop; X flips, O flips back
    play_in_terminal(Board(variant="flip"), "human", "human", input_fn=scripted(answers), out=out)
    flips = [
        i for i, line in enumerate(out.lines) if line.endswith(" flips the rack: every checker falls to the new floor.")
    ]
    assert len(flips) == 2 and out.lines.count(FLIP_NOTE) == 1 and out.lines.index(FLIP_NOTE) == flips[0] + 1
    assert "Game stopped. Moves so far: 10ff2" in out.lines


def test_the_first_chance_swap_and_cleared_row_are_explained_once_each() -> None:
    out = Collect()
    board = Board(4, 4, variant="tetris+chance:0.5+swap:2")
    px, po = Player("X", "LEFT", 1), Player("O", "LEFT", 1)
    play_in_terminal(board, px, po, out=out, rng=random.Random(4))
    notes = {
        "chance": "(That was the chance rule: nobody foresees it, the computer neither. The moves keep the column it "
        "went into.)",
        "swap": "(A cell is named by its column and row, both counted from 0, row 0 at the bottom. The moves write a "
        "swap as s and those four digits, after the move it followed.)",
        "cleared": "(Rows are counted from 0, the bottom row; columns from 0, the leftmost.)",
    }
    events = {"chance": "Chance! ", "swap": "Swap! ", "cleared": " is full: it vanishes"}
    for kind, note in notes.items():
        told = [i for i, line in enumerate(out.lines) if events[kind] in line]
        assert told, f"no {kind} in this game: choose another seed"
        assert out.lines.count(note) == 1 and out.lines.index(note) == told[0] + 1, kind


def test_gravity_turning_is_explained_the_first_time() -> None:
    out = Collect()
    px, po = Player("X", "LEFT", 1), Player("O", "LEFT", 1)
    play_in_terminal(Board(5, 4, variant="gravity:turn:2"), px, po, out=out)
    note = "(The line under the board says where gravity pulls now and what a move names.)"
    turns = [i for i, line in enumerate(out.lines) if line.startswith("Gravity turns: ")]
    assert len(turns) > 1 and out.lines.count(note) == 1 and out.lines.index(note) == turns[0] + 1


def test_u_takes_back_your_move_and_the_ais_reply_and_r_plays_them_again() -> None:
    out = Collect()
    board = Board()
    answers = ["3", "u", "r", "2", "u", "u", "r", "r"]
    play_in_terminal(board, "human", Player("O", "LEFT", 1), input_fn=scripted(answers), out=out)
    assert out.lines.count("(Taken back: 2 moves.)") == 3 and out.lines.count("(Played again: 2 moves.)") == 3
    assert "Game stopped. Moves so far: 3020" in out.lines  # the AI's replies came back as they were
    assert sum(row.count("X") for row in board.data) == 2


def test_u_and_r_with_nothing_to_do_say_why_and_ask_again() -> None:
    out = Collect()
    answers = ["u", "r", "3", "u", "1", "r", "u", "r"]
    play_in_terminal(Board(), "human", "human", input_fn=scripted(answers), out=out)
    assert out.lines.count("(Nothing to take back: no move of yours has been made in this game.)") == 1
    assert out.lines.count("(Nothing to play again: r plays again what u took back, until a new move is made.)") == 2
    assert out.lines.count("(Taken back: 1 move.)") == 2 and out.lines.count("(Played again: 1 move.)") == 1
    assert "Game stopped. Moves so far: 1" in out.lines  # 3 taken back, 1 played instead: r had nothing left


def test_u_takes_back_only_a_persons_moves_not_the_start_nor_the_ais_first() -> None:
    out = Collect()
    play_in_terminal(Board(), Player("X", "LEFT", 1), "human", input_fn=scripted(["u"]), out=out, start_moves="3")
    assert "(Nothing to take back: no move of yours has been made in this game.)" in out.lines
    assert "Game stopped. Moves so far: 3" in out.lines


def test_redo_under_chance_and_swaps_replays_what_fell() -> None:
    board = Board(variant="chance:0.5+swap:2")
    answers = ["3", "3", "2", "4", "u", "u", "u", "r", "r", "r"]
    seen = []  # the board at each prompt

    def typing(prompt: str) -> str:
        seen.append([row[:] for row in board.data])
        if not answers:
            raise EOFError
        return answers.pop(0)

    out = Collect()
    play_in_terminal(board, "human", "human", input_fn=typing, out=out, rng=random.Random(3))
    assert any(line.startswith("Chance! ") for line in out.lines) and any(
        line.startswith("Swap! ") for line in out.lines
    )
    assert seen[-1] == seen[4] and seen[5] != seen[4]  # after u u u r r r: the board before the first u
    assert out.lines.count("(Played again: 1 move.)") == 3


def test_a_finished_game_is_shown_as_it_ended_and_nothing_is_asked() -> None:
    out = Collect()
    answers = scripted(["3"])
    outcome = play_in_terminal(Board(), "human", Player("O", "LEFT", 1), input_fn=answers, out=out,
                               start_moves="0101010")  # fmt: skip
    assert outcome is not None and outcome.winner == "X"
    assert answers.prompts == []
    assert out.lines[-3:] == ["X wins!", "(Nothing to play: the moves given had ended the game.)", "Moves: 0101010"]
    assert "|X|O| | | | | |" in out.text and "congratulations" not in out.text


def test_a_person_who_made_no_move_is_neither_congratulated_nor_beaten() -> None:
    out = Collect()
    ai = Player("X", "LEFT", 1)
    outcome = play_in_terminal(Board(), ai, "human", input_fn=scripted([]), out=out, start_moves="010101")
    assert outcome is not None and outcome.winner == "X"  # the computer's first move won
    assert "X wins!" in out.lines and "beats you" not in out.text
