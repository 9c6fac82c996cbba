"""A link as the command line asks for it: ``--join`` (the host's settings put in the options) or ``--listen``
(the invite printed, the guest waited for)."""

from __future__ import annotations

import argparse

from .. import wording
from .chance import rules_name
from .guest import join
from .host import Host
from .options import REMOTE
from .peer import Link


def open_link(args: argparse.Namespace) -> tuple[Link, Host | None]:
    """The link of ``--join`` (its host's settings put in ``args``) or of ``--listen`` (and its Host, which prints
    the invite and waits for the guest)."""
    if args.join is not None:
        welcome, link = join(args.join)
        args.size, args.moves, args.variant = welcome.size, welcome.moves, welcome.variant
        setattr(args, "x" if welcome.side == "O" else "o", REMOTE)  # the host's side
        return link, None
    host = Host(args.listen)
    try:
        print(f"invite: {host.invite}", flush=True)  # a log line: scripts read it
        print(wording.waiting_for_guest(), flush=True)
        remote = "X" if args.x == REMOTE else "O"
        return host.wait_for_guest(remote, args.size, args.moves, rules=rules_name(args.variant)), host
    except BaseException:
        host.close()
        raise
