"""What the command line may ask of a link: which combinations of ``--listen``, ``--join``, a ``remote`` side,
``--text`` and ``--variant`` make a game over a link (the standard rules, chance or swaps, in the terminal
and in 3D)."""

from __future__ import annotations

import argparse
import math
import os

from .. import wording
from .chance import link_variant, rules_name

REMOTE = "remote"  # --x remote / --o remote: the side played by the guest over the link


def link_problem(args: argparse.Namespace) -> str | None:
    """Why the options cannot make a game over a link (a sentence for the parser's error), or None."""
    remote = [ox for ox in ("x", "o") if getattr(args, ox) == REMOTE]
    if args.join is not None and args.listen is not None:
        return wording.link_option_problem("join_and_listen")
    if args.join is not None and remote:
        return wording.link_option_problem("join_no_remote")
    if args.listen is not None and len(remote) != 1:
        return wording.link_option_problem("listen_needs_remote")
    if args.listen is None and args.join is None:
        return wording.link_option_problem("remote_needs_listen") if remote else None
    if args.listen is not None and link_variant(rules_name(args.variant)) is None:
        return wording.link_option_problem("standard_only")
    return None


WAIT_ENV = "VP_CONNECT4_LINK_WAIT"  # seconds a dropped link waits for the other side (tests make it short)
HELLO_ENV = "VP_CONNECT4_LINK_HELLO"  # seconds a connection may take to open and say hello (tests make it short)
RESUME_SECONDS = 60.0  # a dropped link waits a minute for the other side to come back
HELLO_SECONDS = 5.0  # a connection that says no hello in this time is closed (it holds no seat meanwhile)


def resume_seconds() -> float:
    """How long a dropped link waits for the other side: :data:`WAIT_ENV` if a number above 0, else a minute."""
    return _seconds(WAIT_ENV) or RESUME_SECONDS


def hello_seconds() -> float:
    """How long the host waits for a connection's hello (its opening included): :data:`HELLO_ENV` or 5 s."""
    return _seconds(HELLO_ENV) or HELLO_SECONDS


def _seconds(name: str) -> float | None:
    try:
        seconds = float(os.environ.get(name, "nan"))
    except ValueError:
        return None
    return seconds if 0 < seconds < math.inf else None
