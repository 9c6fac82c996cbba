"""Offers over a link: Undo, New game and Swap sides, asked by one side, accepted or refused by the other; both
boards change only on an accept, and in the same way (:func:`apply`). Hint and Analyse stay on their own side.

The rules both sides hold to (anything else ends the link with the reason ``unasked``; a kind that is none of
:data:`KINDS`: ``malformed``):

- only the side to move offers, and not once the game is over: the other side then waits for a move and sends
  nothing itself, so an offer never crosses a move (or another offer) on the wire;
- at most one offer is open: the asker waits for its answer and sends nothing else meanwhile;
- an offer's ``number`` is the moves made on the asker's board, which must be the answerer's too; an answer
  carries the open offer's kind and number, and comes only while that offer is open;
- ``undo``: only when the asker has a move of this game to take back (one the answerer holds only in its start
  position, a new guest process's after a drop, is refused without asking). Both sides take back moves until the asker's
  last move is taken back (in the standard game: its last move and the other side's reply), so the asker is to
  move again where it was before that move. ``r`` (play again) is not played over a link;
- ``new``: both sides start a new game on the empty board, with the same size, rules and sides;
- ``swap``: the sides change places (the guest plays the side the host played, and the other way round); the
  board stays. The terminal game has no swap of seats: it never offers one and refuses one offered. The 3D scene
  over a link offers all three, and asks its person about the other side's (or answers by the computer's
  policy): on an accepted swap its seats change places (:class:`.scene.SceneLink`, ``vp3d.control.linked``).
  The host's welcome to a guest come back after a drop says the side the guest plays then.

Who answers: a person (the terminal asks y/n); a computer side (ours or a player file) by a fixed policy,
:func:`computer_accepts`: it accepts an undo and a new game (as the computer never minds a take-back at one
keyboard) and refuses a swap.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from ..game import Game

UNDO, NEW, SWAP = "undo", "new", "swap"
KINDS = (UNDO, NEW, SWAP)
BEFORE_START = "before_start"  # an undo that reaches into this side's start position: refused here, not an end


@dataclass(frozen=True)
class Offer:
    """An offer: its ``kind`` (one of :data:`KINDS`), the moves made (``number``) when it was asked, the side that
    asked (``asker``, ``X`` or ``O``)."""

    kind: str
    number: int
    asker: str


def why_not(game: Game, kind: str, asker: str) -> str | None:
    """Why ``asker`` may not offer ``kind`` on ``game`` now (a reason of ``messages.REASONS``, or
    :data:`BEFORE_START`: an undo whose move this side holds only in its start position, ``--moves`` or the game
    as a new guest process joined it again: the answerer refuses it), or None."""
    if kind not in KINDS:
        return "malformed"
    if game.is_over or game.to_move != asker:
        return "unasked"
    if kind == UNDO and not has_own_move(game, asker):
        return BEFORE_START if game.start_moves else "unasked"
    return None


def has_own_move(game: Game, ox: str) -> bool:
    """Whether ``ox`` made a move of this game (one :func:`apply` can take back)."""
    return any(move.ox == ox for move in game.history)


def apply(game: Game, offer: Offer) -> None:
    """What an accepted ``offer`` does to ``game`` (the same on both sides). A swap changes no board: the link's
    sides change (:meth:`.peer.Link.swapped`)."""
    if offer.kind == UNDO:
        take_back_to(game, offer.asker)
    elif offer.kind == NEW:
        game.new_game(size=(game.board.width, game.board.height))


def take_back_to(game: Game, ox: str) -> int:
    """Moves of ``game`` taken back until ``ox``'s last one is (``ox`` to move again where it was): how many."""
    undone = 0
    while (move := game.undo()) is not None:
        undone += 1
        if move.ox == ox:
            break
    return undone


def computer_accepts(offer: Offer) -> bool:
    """A computer side's answer (ours or a player file's): yes to an undo and a new game, no to a swap."""
    return offer.kind != SWAP


class Answers(Protocol):
    """Who answers the other side's offers on this side (:attr:`.peer.Link.answers`): asked in the game's thread,
    which may wait for a person."""

    def answer(self, offer: Offer) -> bool | None:
        """Accept (True) or refuse ``offer``; GameStopped if the person here leaves instead; None: answered later
        (:meth:`.offering.Offering.reply`: the scene asks its person without waiting)."""
        ...

    def answered(self, offer: Offer, accepted: bool) -> None:
        """Told once the answer is sent and, if accepted, the game changed (to show it)."""
        ...


class ComputerAnswers:
    """A computer side's answers: :func:`computer_accepts`, said nowhere."""

    def answer(self, offer: Offer) -> bool:
        return computer_accepts(offer)

    def answered(self, offer: Offer, accepted: bool) -> None:
        pass
