"""What the rules leave to chance over a link (``chance[:p]``, ``swap[:k]``, or both): the host draws, the guest
plays as the host's draws say.

The host's game draws with its own generator, and after each move (its own and the guest's) says what it drew:
under chance a ``drawn`` message (where the checker landed), and when a swap followed the move a ``swapped``
message (the X and the O checker that changed colours, written as a game code writes a swap: ``s`` left out).
The guest's game draws nothing itself: its generator, :class:`HostDraws`, answers as the host's draws say. The
guest knows when a draw is due (a ``swapped`` only after a move its rules swap after: :func:`swap_due`) and
tries every draw on a copy of its game before it counts (:func:`tried`): a draw the rules cannot make ends the
link (``illegal``). A move of the host's is played once its draws are read; a move of the guest's own is sent
before it is played, and played once the host's draws for it are read (:meth:`.peer.Link.before_move`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TypeVar

from ..board import RulesBoard
from ..errors import Connect4Error
from ..game import Game, Move
from ..rules import Variant
from ..rules.cells import Cell
from ..rules.chance import Chance
from ..rules.events import Swapped, Veered
from ..rules.swap import Swap

T = TypeVar("T")
STANDARD = "standard"
LINKED_PARTS = (Chance, Swap)  # the parts a link plays: the host draws them


def link_variant(rules: str) -> Variant | None:
    """The rules a link plays, as the welcome names them (``standard``, ``chance:P``, ``swap:K`` or
    ``chance:P+swap:K``), or None if it plays no such rules."""
    if rules == STANDARD:
        return Variant()
    try:
        variant = Variant.parse(rules)
    except Connect4Error:
        return None
    return variant if all(isinstance(part, LINKED_PARTS) for part in variant.parts) else None


def veers(variant: Variant) -> bool:
    """Whether ``variant`` may send a checker elsewhere (chance): then a ``drawn`` message follows every move."""
    return any(isinstance(part, Chance) for part in variant.parts)


def rules_name(variant: Variant) -> str:
    """How the welcome names ``variant``'s rules."""
    return str(variant) if variant.parts else STANDARD


class HostDraws(random.Random):
    """The guest's game's generator: the host's draws for the move about to be played (``chosen`` went to
    ``landed``; ``cells``: the swap's X and O checkers, None while trying where none is known yet); none known: the
    checker goes where it was meant to."""

    def __init__(self, chosen: int | None = None, landed: int | None = None, cells: list[Cell] | None = None) -> None:
        super().__init__()
        self.chosen, self.landed, self.cells = chosen, landed, cells

    def random(self) -> float:
        return 0.0 if self.landed is not None and self.landed != self.chosen else 1.0  # below p: chance struck

    def choice(self, seq: Sequence[T]) -> T:
        if seq and not isinstance(seq[0], int):  # a swap's checker (a cell)
            picked = seq[0] if self.cells is None else next((cell for cell in self.cells if cell in seq), None)
            if picked is None:
                raise Connect4Error(f"the host's swap {self.cells} is not one of {list(seq)}")
            if self.cells is not None:
                self.cells.remove(picked)  # type: ignore[arg-type]
            return picked
        if self.landed not in seq:  # checked by tried first: never reached
            raise Connect4Error(f"the host's draw {self.landed} is not one of {list(seq)}")
        return self.landed  # type: ignore[return-value]

    def forget(self) -> None:
        self.chosen = self.landed = self.cells = None


def chosen_of(move: Move) -> int:
    """Where the player meant ``move``'s checker to go (chance may have sent it elsewhere)."""
    return next((event.chosen for event in move.events if isinstance(event, Veered)), move.move)


def tried(game: Game, chosen: int, landed: int, cells: list[Cell] | None) -> Move | None:
    """``chosen`` played on a copy of ``game`` as the host drew it (``cells``: its swap, all of it used; None: any
    swap): the move, or None if the rules cannot make that draw there."""
    draws = HostDraws(chosen, landed, None if cells is None else list(cells))
    board = RulesBoard(game.board.width, game.board.height, variant=game.board.variant)
    try:
        move = Game(board, start_moves=game.move_string, rng=draws).play(chosen)
    except Connect4Error:
        return None
    return move if not draws.cells and move.move == landed else None


def swap_due(move: Move) -> bool:
    """Whether a swap followed ``move`` (as :func:`tried` played it): then the host says which checkers swapped."""
    return any(isinstance(event, Swapped) for event in move.events)


def swap_code(move: Move) -> str | None:
    """The swap that followed ``move`` as a ``swapped`` message says it (``1020``: X's checker in column 1, row 0,
    and O's in column 2, row 0), or None if none did."""
    swap = next((event for event in move.events if isinstance(event, Swapped)), None)
    return None if swap is None else "".join(str(n) for n in (*swap.first, *swap.second))


def read_swap(code: str) -> list[Cell] | None:
    """The two cells of a ``swapped`` message's code (four digits), or None if it is no such code."""
    if len(code) != 4 or not code.isascii() or not code.isdigit():
        return None
    return [(int(code[0]), int(code[1])), (int(code[2]), int(code[3]))]


def host_says(move: Move, veers: bool) -> list[tuple[str, dict[str, object]]]:
    """The host's messages of what it drew for ``move``: where the checker went (if chance ``veers``), the swap
    that followed it (if one did)."""
    cells = swap_code(move)
    said: list[tuple[str, dict[str, object]]] = [("drawn", {"number": move.number, "landed": move.move})]
    return said[: int(veers)] + ([] if cells is None else [("swapped", {"number": move.number, "cells": cells})])


def read_draws(
    game: Game, chosen: int, veers: bool, read: Callable[[str], dict[str, object]]
) -> tuple[int, list[Cell]] | str:
    """The host's draws for ``chosen`` on ``game`` (``read(kind)``: its next message of that kind), tried on a copy
    of the game: where the checker lands and the swap's cells (none: ``[]``), or why they end the link."""
    landed = read("drawn")["landed"] if veers else chosen
    trial = tried(game, chosen, landed, None)  # type: ignore[arg-type]
    cells = read_swap(str(read("swapped")["cells"])) if trial is not None and swap_due(trial) else []
    if cells is None:
        return "malformed"
    if trial is None or tried(game, chosen, landed, cells) is None:  # type: ignore[arg-type]
        return "illegal"
    return landed, cells  # type: ignore[return-value]


def sent_again(
    history: Sequence[Move], own: dict[int, int], peer_made: int, made: int, draws: bool, landings: bool
) -> list[tuple[str, dict[str, object]]]:
    """What a side sends again to the other side, back after a drop with ``peer_made`` moves made (this side:
    ``made``, a move sent before it was played counted): its own moves the other lacks (``own``: by number) and,
    where it ``draws`` (the host under chance or swaps), what it drew for each of them (``history``: the game's
    moves; ``landings``: where a checker went, under chance), the guest's own moves too."""
    played = {move.number: move for move in history}
    said: list[tuple[str, dict[str, object]]] = []
    for number in range(peer_made + 1, made + 1):
        said += [("move", {"number": number, "move": own[number]})] if number in own else []
        said += host_says(played[number], landings) if draws and number in played else []
    return said
