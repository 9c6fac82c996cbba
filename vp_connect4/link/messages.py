"""The link's messages: JSON objects of a few fixed shapes, each at most :data:`MAX_MESSAGE` bytes.

    hello    guest -> host, first and only then: {"type": "hello", "token": str}
    rejoin   guest -> host, first and only then, after a drop: {"type": "rejoin", "token": str, "made": int (the
             moves made on the guest's board)}
    welcome  host -> guest: {"type": "welcome", "side": "X"|"O" (the guest's), "width": int, "height": int,
             "rules": "standard", "chance:P", "swap:K" or "chance:P+swap:K", "moves": str (the game code to start
             from), "made": int (its moves)}
    move     either way: {"type": "move", "number": int (the moves made after it), "move": int (as chosen)}
    drawn    host -> guest under chance, after each move: {"type": "drawn", "number": int, "landed": int (where the
             host's draw sent the checker: the move itself if chance did nothing)}
    swapped  host -> guest under swap rules, after a move a swap followed: {"type": "swapped", "number": int,
             "cells": str (four digits: the X checker's column and row, then the O checker's, as in a game code)}
    offer    the side to move -> the other: {"type": "offer", "kind": "undo"|"new"|"swap", "number": int (the moves
             made on the asker's board)}; see :mod:`.offers` for when one may be made and what it does
    answer   -> the side that offered, to the offer open: {"type": "answer", "kind": str, "number": int (both as the
             offer said), "accept": bool}

A link ends with a websocket close whose reason is one of :data:`REASONS` (the other side's words are never
shown: only which of these it said). What a peer sends is read by :func:`read`, which accepts exactly one shape.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from websockets.exceptions import ConnectionClosed

MAX_MESSAGE = 4096  # bytes: the biggest message a link takes (a welcome's game code fits many times)
MAX_CODE = 400  # characters of the welcome's game code
CLOSE_NORMAL, CLOSE_LEAVING, CLOSE_POLICY, CLOSE_TOO_BIG = 1000, 1001, 1008, 1009  # RFC 6455 close codes
KEEPALIVE_FAILED = 1011  # the close code the library sends when pings go unanswered: the link dropped
CLOSE_REFUSED = 4001  # the hello's token was wrong or used already
REFUSED, LEFT, OVER = "token", "left", "over"
UNASKED = "unasked"  # an answer to no offer asked, or an offer that makes no sense where it came
REASONS = ("malformed", "illegal", "turn", "too_big", UNASKED, LEFT, OVER)  # why a link ended, as its close says
STANDARD = "standard"  # the welcome's rules: these, or chance and swaps (see chance.link_variant)

SHAPES: dict[str, dict[str, type]] = {
    "hello": {"token": str},
    "rejoin": {"token": str, "made": int},
    "welcome": {"side": str, "width": int, "height": int, "rules": str, "moves": str, "made": int},
    "move": {"number": int, "move": int},
    "drawn": {"number": int, "landed": int},
    "swapped": {"number": int, "cells": str},
    "offer": {"kind": str, "number": int},
    "answer": {"kind": str, "number": int, "accept": bool},
}


class Malformed(Exception):
    """A message that is not one of the shape asked for."""


def write(kind: str, /, **fields: object) -> str:
    """A message of ``kind`` (its fields exactly those of its shape)."""
    assert set(fields) == set(SHAPES[kind]), (kind, fields)
    return json.dumps({"type": kind, **fields})


def read(raw: str | bytes, kind: str) -> dict[str, object]:
    """The message ``raw`` if it is a ``kind``: a text of JSON, an object with exactly that shape's keys, each of
    its type (``true`` is no number); Malformed otherwise."""
    if not isinstance(raw, str) or len(raw.encode()) > MAX_MESSAGE:
        raise Malformed(kind)
    try:
        message = json.loads(raw)
    except (ValueError, RecursionError):  # not JSON, or a number of too many digits, or nested too deep
        raise Malformed(kind) from None
    shape = SHAPES[kind]
    if not isinstance(message, dict) or message.get("type") != kind or set(message) != {"type", *shape}:
        raise Malformed(kind)
    if any(type(message[name]) is not wanted for name, wanted in shape.items()):
        raise Malformed(kind)
    return message


def read_or_none(raw: str | bytes, kind: str) -> dict[str, object] | None:
    """The message ``raw`` if it is a ``kind`` (as :func:`read` reads it), else None."""
    try:
        return read(raw, kind)
    except Malformed:
        return None


def read_one(raw: str | bytes, kinds: tuple[str, ...]) -> dict[str, object]:
    """The message ``raw`` if it is one of ``kinds`` (each read as :func:`read` reads it); Malformed otherwise."""
    for kind in kinds:
        try:
            return read(raw, kind)
        except Malformed:
            continue
    raise Malformed("/".join(kinds))


def unasked_or_malformed(raw: str | bytes) -> str:
    """Why a message not asked for ends a link: ``unasked`` if it is one of the game's shapes, else ``malformed``."""
    try:
        read_one(raw, tuple(SHAPES))
    except Malformed:
        return "malformed"
    return UNASKED


def dropped(closed: ConnectionClosed) -> bool:
    """Whether a connection closed without either side saying why: a process gone, unanswered pings."""
    return closed.rcvd is None and (closed.sent is None or closed.sent.code == KEEPALIVE_FAILED)
