"""Moves as text, one codec for all: the game codes (``set_board`` strings, the log's ``moves:``, ``--moves``, the
page's game code), a move typed at the terminal's prompt, and a move in the log's words.

A game code is a string of moves, X first: a digit is a drop (a column, or a row counted from the bottom when
gravity pulls sideways), ``f`` a flip (where the rules play flips), and ``s`` with four digits a swap that
followed the move before it (two cells' column and row, where the rules swap). A move is a digit: the boards
whose moves are written have at most :data:`MOST_SLOTS` columns and rows.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .. import wording
from ..errors import IllegalMoveError
from .cells import Cell

FLIP_CHAR = "f"  # a flip in a game code
SWAP_CHAR = "s"  # a swap: s and four digits, the two cells' column and row
FLIP = "flip"  # what a flip is called in the log (``move 7: X flip``)
MOST_SLOTS = 10  # a move is one digit
DIGITS = "0123456789"
ANSWER = re.compile(r"[ \t]*(-?[0-9]{1,9}|[fF])[ \t\r\n]*")  # ASCII digits only: not '٣', '²' or an em space


@dataclass(frozen=True)
class Token:
    """One move of a game code (``number``: its place in the code, from 1): a drop into ``slot``, a flip, or a
    swap (``swap``: its two cells)."""

    number: int
    slot: int = 0
    flip: bool = False
    swap: tuple[Cell, Cell] | None = None


def read(code: str, flips: bool, swaps: bool, slots: int) -> list[Token]:
    """The moves of ``code`` under rules that play flips or swaps or neither, with ``slots`` drops (for the
    message). IllegalMoveError names the first character that is no move here. Whether each move can be made
    is for the rules to say."""
    tokens = []
    index = 0
    while index < len(code):
        char = code[index]
        if char == SWAP_CHAR and swaps:
            digits = code[index + 1 : index + 5]
            if len(digits) != 4 or not all(digit in DIGITS for digit in digits):
                raise IllegalMoveError(wording.phrase(wording.bad_swap_code, index + 1, code))
            col1, row1, col2, row2 = (int(d) for d in digits)
            tokens.append(Token(index + 1, swap=((col1, row1), (col2, row2))))
            index += 5
            continue
        if char == FLIP_CHAR and flips:
            tokens.append(Token(index + 1, flip=True))
        elif char in DIGITS:
            tokens.append(Token(index + 1, slot=int(char)))
        elif char == SWAP_CHAR:
            raise IllegalMoveError(wording.phrase(wording.no_swaps_here, index + 1, code))
        elif flips or swaps:
            raise IllegalMoveError(wording.phrase(wording.bad_variant_move_char, index + 1, code, char))
        else:
            last = min(slots, MOST_SLOTS) - 1
            raise IllegalMoveError(wording.phrase(wording.bad_move_digit, index + 1, code, char, last))
        index += 1
    return tokens


@dataclass(frozen=True)
class CodedMove:
    """A move of a game code: its place (``number``), a drop into ``slot`` or a flip, and the swaps after it."""

    number: int
    slot: int = 0
    flip: bool = False
    swaps: tuple[tuple[Cell, Cell], ...] = ()


def moves_of(tokens: list[Token], offset: int, whole: str) -> list[CodedMove]:
    """The moves of a game code's tokens, each with the swaps that followed it, numbered in ``whole`` from
    ``offset``. IllegalMoveError for a swap before any move."""
    moves: list[CodedMove] = []
    for token in tokens:
        number = token.number + offset
        if token.swap is None:
            moves.append(CodedMove(number, token.slot, token.flip))
        elif not moves:
            raise IllegalMoveError(wording.phrase(wording.swap_without_move, number, whole))
        else:
            last = moves[-1]
            moves[-1] = CodedMove(last.number, last.slot, last.flip, (*last.swaps, token.swap))
    return moves


def write(move: int, flip: bool, swaps: tuple[tuple[Cell, Cell], ...] = ()) -> str:
    """A move in a game code: its digit (or ``f``), and the swaps that followed it."""
    code = FLIP_CHAR if flip else str(move)
    return code + "".join(f"{SWAP_CHAR}{a[0]}{a[1]}{b[0]}{b[1]}" for a, b in swaps)


def read_answer(text: str) -> int | str | None:
    """A move typed at the terminal's prompt: a whole number (any, to be checked), :data:`FLIP_CHAR`, or None if
    ``text`` is not a move at all."""
    found = ANSWER.fullmatch(text)
    if found is None:
        return None
    answer = found.group(1)
    return FLIP_CHAR if answer in "fF" else int(answer)


def words(line: str, move: int) -> str:
    """A move in the log's fixed words: ``column 3``, ``row 2`` or ``flip`` (``line`` is ``flip`` for a flip)."""
    return FLIP if line == FLIP else f"{line} {move}"
