"""What the command line may ask of a link: which combinations of ``--listen``, ``--join``, a ``remote`` side,
``--text`` and ``--variant`` make a game over a link (the first step plays the terminal game, standard rules)."""

from __future__ import annotations

import argparse

from .. import wording

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
    if not args.text:
        return wording.link_option_problem("text_only")
    if args.listen is not None and args.variant.parts:
        return wording.link_option_problem("standard_only")
    return None
