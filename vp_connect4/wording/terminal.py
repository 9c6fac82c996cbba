"""Sentences of the command line (``--help``, its errors) and the terminal game; CS111's fixed English."""

from __future__ import annotations

from .language import N_, _, _n, choice, name_sentences, sentence

__all__ = [
    "CS111",
    "accept_prompt",
    "analysis",
    "analysis_tip",
    "analysis_unfinished",
    "answered_here",
    "bad_invite",
    "bad_level_option",
    "bad_listen",
    "bad_port_option",
    "bad_seed_option",
    "cannot_reach",
    "command_error",
    "computer_answers",
    "draw_reason",
    "help_eval",
    "help_exit_codes",
    "help_line",
    "help_ply",
    "help_size",
    "help_tiebreak",
    "help_variant",
    "host_game_result",
    "io_failed",
    "link_back",
    "link_dropped",
    "link_ended",
    "link_ended_by_peer",
    "link_gone",
    "link_label",
    "link_option_problem",
    "listen_failed",
    "moves_played",
    "no_analysis",
    "no_analysis_on_size",
    "no_browser_found",
    "no_input",
    "no_redo_linked",
    "no_swap_here",
    "not_possible",
    "nothing_to_redo_here",
    "nothing_to_undo_here",
    "offer_accepted",
    "offer_received",
    "offer_refused",
    "offer_sent",
    "offer_withdrawn",
    "offers_tip",
    "outcome_words",
    "output_failed",
    "over_before_it_began",
    "play_game_result",
    "played_again",
    "port_unavailable",
    "result_in_terminal",
    "rules_heading",
    "see_help",
    "seed_prompt",
    "stopped",
    "take_back_tip",
    "taken_back",
    "token_refused",
    "top_level_searches",
    "undo_before_start",
    "waiting_for_guest",
    "welcome",
    "who_plays",
    "who_plays_files",
    "working_out",
    "yes_or_no",
]

# -- the command line (--help) ------------------------------------------------------------


# A fixed text of ``--help`` (an option's help by its name: ``text``, ``seed``, ``port``...; argparse's own ``usage``,
# ``positionals``, ``options``, ``help``; the program's ``description``).
help_line = choice(
    "name",
    {
        "usage": N_("usage: "),
        "positionals": N_("positional arguments"),
        "options": N_("options"),
        "help": N_("show this help message and exit"),
        "description": N_("Connect Four against a look-ahead AI. By default you play X against the AI as O."),
        "text": N_("play in the terminal (ASCII board)"),
        "seed": N_("a whole number: seeds the RANDOM tiebreak and a variant's chance and swaps (repeatable games)"),
        "no_browser": N_("3D scene: start the server, print its URL, open no browser"),
        "listen": N_(
            "host a game over a link on ADDRESS:PORT (port 0: any free one; give the address: 127.0.0.1 is this"
            " machine alone); prints invite: CODE for the other side; the side played there is --x or --o remote"
        ),
        "join": N_("play the other side of a game hosted with --listen, from its invite CODE (--x/--o say how)"),
        "port": N_("3D scene: the port to serve on, a whole number from 0 to 65535 (default: 0, any free port)"),
        "moves": N_(
            "start from the position after these moves, X first, as the log's moves: line writes them: a digit a "
            "move, the column counted from 0 (0-6 on 7x6); under a variant also f a flip and s a swap"
        ),
        "analyse": N_(
            "print each column's outcome with perfect play where the game starts (--moves, or the empty board); exit"
        ),
        "lang": N_("language of the game: en (English) or nl (Nederlands); default: from the environment (LANG)"),
        "think": N_("3D scene: open Think at the start: the side to move's scores_for recursion as a tree"),
    },
)


# ``--variant``'s help: the parts, with the ranges the errors name (``k`` from 1 to ``most_every`` moves, ``p`` from 0
# to ``most_chance``) and the defaults.
help_variant = sentence(
    N_(
        "rule variant: standard (the default); gravity:down|up|left|right|down-left|down-right; gravity:turn[:k] "
        "(gravity turns every k moves, k from 1 to {most_every}, default {turn_every}); tetris; flip; chance[:p] "
        "(p from 0 to {most_chance:g}, default {chance:g}); swap[:k] (every k moves, k from 1 to {most_every}, "
        "default {swap_every}); or several joined with + (e.g. tetris+chance:0.2); see the README for the rules"
    ),
    "turn_every, swap_every, most_every, chance, most_chance",
)


# The end of ``--help``: what the exit codes mean.
help_exit_codes = sentence(
    N_(
        "Exit codes: {played} all went well (a game played to its end, the scene's tab closed, --analyse or --help "
        "printed); {stopped} the game ended before its end (Ctrl-D or Ctrl-C, no input, output that cannot be "
        "written); {bad_option} a bad option; {nothing} nothing to play: the game given by --moves is over already; "
        "{interrupted} Ctrl-C while the program starts"
    ),
    "played, stopped, bad_option, nothing, interrupted",
)


command_error = sentence(N_("{prog}: error: {message}"), "prog, message")


# An error of argparse's own about how options are written (an unknown option, a missing value).
see_help = sentence(N_("{message} ({prog} --help lists the options)"), "message, prog")


# The output cannot be written (a full disk): the program ends.
output_failed = sentence(N_("cannot write the output: {reason}"), "reason")


# Reading the input or writing the output failed otherwise: the program ends.
io_failed = sentence(N_("input or output failed: {reason}"), "reason")


# The terminal game with a person to move, and stdin closed (``<&-``).
no_input = sentence(
    N_(
        "there is no input (stdin is closed), so nobody can type a move: give the game a terminal, "
        "or let the computer play both sides (--x ai --o ai)"
    )
)


def help_ply(ox: str, perfect: str, default: int, size: tuple[int, int]) -> str:
    """``--x-ply``'s help (``size``: the default board, whose cells the deepest level is)."""
    width, height = size
    return _(
        "look-ahead of an AI playing {ox}: a whole number from 0 to the cells of the board ({cells} on "
        "{width}x{height}), or {perfect} (default: {default})"
    ).format(ox=ox, perfect=perfect, default=default, cells=width * height, width=width, height=height)


help_eval = sentence(N_("how an AI playing {ox} judges its horizon: simple 0-50-100 or smart"), "ox")


help_tiebreak = sentence(
    N_("how the AIs choose among equal moves, one setting for the game (default: {default})"), "default"
)


help_size = sentence(
    N_("the board: WxH, width and height each from 4 to 10 (default: {width}x{height})"), "width, height"
)


# -- the terminal game -----------------------------------------------------------------------


welcome = sentence(N_("Welcome to Connect Four!"))


def who_plays(x_level: str | None, o_level: str | None, to_move: str, start_moves: str = "") -> str:
    """The terminal game's first line: who plays X and who O (a level: the computer at that level; None: a
    person), and who moves first (or, after ``start_moves``, who is to move)."""
    if x_level is None and o_level is None:
        seats = _("Two players: X and O take turns at this keyboard.")
    elif x_level is None:
        seats = _("You are X; the computer ({level}) is O.").format(level=o_level)
    elif o_level is None:
        seats = _("The computer ({level}) is X; you are O.").format(level=x_level)
    else:
        seats = _("The computer plays both sides: X ({x}) and O ({o}).").format(x=x_level, o=o_level)
    return seats + " " + _who_moves(to_move, start_moves)


def who_plays_files(x: tuple[str, str | None] | None, o: tuple[str, str | None] | None, to_move: str,
                    start_moves: str = "", remote: str | None = None) -> str:  # fmt: skip
    """The first line of a terminal game with a player file on a side (or a side over a link): each side's player,
    a person (None), the computer (``("", level)``) or a file (``(file, level)``), and who moves first; ``remote``:
    the side played over a link (its entry None)."""

    def side(player: tuple[str, str | None] | None, ox: str) -> str:
        if ox == remote:
            return _("the other side, over the link")
        if player is None:
            return _("a person at this keyboard")
        name, level = player
        if not name:
            return _("the computer ({level})").format(level=level)
        return _("the player file {file} ({level})").format(file=name, level=level)

    return _("X: {x}; O: {o}.").format(x=side(x, "X"), o=side(o, "O")) + " " + _who_moves(to_move, start_moves)


def _who_moves(to_move: str, start_moves: str) -> str:
    if start_moves:
        return _("The game goes on after the moves {moves}: {ox} to move.").format(moves=start_moves, ox=to_move)
    return _("{ox} moves first.").format(ox=to_move)


# Above a rule variant's rules in the terminal: ``Rules: tetris + flip.``
rules_heading = sentence(N_("Rules: {name}."), "name")


def take_back_tip(alone: bool) -> str:
    """The commands ``u`` and ``r`` (``alone``: one person against the computer)."""
    if alone:
        return _("(Type u to take back your last move and the computer's reply, r to play them again.)")
    return _("(Type u to take back the last move, r to play it again.)")


nothing_to_undo_here = sentence(N_("(Nothing to take back: no move of yours has been made in this game.)"))


nothing_to_redo_here = sentence(
    N_("(Nothing to play again: r plays again what u took back, until a new move is made.)")
)


def taken_back(count: int) -> str:
    return _n("(Taken back: {n} move.)", "(Taken back: {n} moves.)", count).format(n=count)


def played_again(count: int) -> str:
    return _n("(Played again: {n} move.)", "(Played again: {n} moves.)", count).format(n=count)


# A game given by ``--moves`` that had ended already: nobody made a move.
over_before_it_began = sentence(N_("(Nothing to play: the moves given had ended the game.)"))


# The prompt of the seed's ``host_game``/``play_game``, as seed 003 shows it: ``Keuze van X: ``.
seed_prompt = sentence(N_("{ox}'s choice: "), "ox")


def not_possible(reason: str, line: str = "column", flips: bool = False) -> str:
    """A move the rules refuse now; ``line``: what a drop names, ``flips``: whether the rules play flips."""
    if line == "column" and not flips:
        return _("Not possible: {reason}. Choose another column.").format(reason=reason)
    return _("Not possible: {reason}. Choose another move.").format(reason=reason)


def stopped(moves: str) -> str:
    return _("Game stopped. Moves so far: {moves}").format(moves=moves or _("(none)"))


moves_played = sentence(N_("Moves: {moves}"), "moves")


def result_in_terminal(winner: str | None, humans: list[str], termination: str = "full", linked: str = "") -> str:
    """The closing line of a terminal game (``winner`` None: a draw), worded for the people who played.

    ``termination``: why a draw ended the game (``Termination``'s values: full, both fours, move limit, no move);
    ``linked``: the side played on the other machine (over a link), if any.
    """
    if winner is None:
        return draw_reason(termination)
    if len(humans) == 1:
        if winner in humans:
            return _("{ox} wins -- you win, congratulations!").format(ox=winner)
        if winner == linked:
            return _("{ox} wins -- your opponent on the other machine wins this time.").format(ox=winner)
        return _("{ox} wins -- the computer beats you this time.").format(ox=winner)
    return _("{ox} wins!").format(ox=winner)


# Why the game is a draw, as a sentence.
draw_reason = choice(
    "termination",
    {
        "full": N_("It's a draw: the board is full."),
        "both fours": N_("It's a draw: both sides have four in a row."),
        "move limit": N_("It's a draw: the game reached its move limit."),
        "no move": N_("It's a draw: no move is left."),
    },
    N_("It's a draw."),
)


def host_game_result(winner: str | None) -> str:
    """The seed's ``host_game`` ends with this (seed 003): ``X wins -- Congratulations!``."""
    if winner is None:
        return _("Draw -- the board is full!")
    return _("{ox} wins -- Congratulations!").format(ox=winner)


def play_game_result(winner: str | None) -> str:
    """The seed's ``play_game`` ends with this (seed 000): ``X wins!``."""
    if winner is None:
        return _("Draw!")
    return _("{ox} wins!").format(ox=winner)


# -- the command line -------------------------------------------------------------------------


# A ``--x-ply``/``--o-ply`` value that is not a level (one deeper than the board: ``level_too_deep``).
bad_level_option = sentence(
    N_("must be a whole number from 0 to the cells of the board, or {perfect}, got {text!r}"), "perfect, text"
)


bad_seed_option = sentence(N_("must be a whole number (e.g. 7), got {text!r}"), "text")


bad_port_option = sentence(N_("must be a whole number from 0 to {highest}, got {text!r}"), "highest, text")


port_unavailable = sentence(N_("port {port} cannot be used: {reason}"), "port, reason")


no_browser_found = sentence(
    N_("No browser could be opened here: open {url} in any browser on this machine to play."), "url"
)


# -- CS111's sentences: that course's texts fix them in English ------------------------------

CS111 = {
    "welcome": "Welcome to Connect Four!",
    "need_both": "need one X player and one O player.",
    "turn": "{player}'s turn",
    "wins": "{player} wins in {moves} moves.",
    "congratulations": "Congratulations!",
    "tie": "It's a tie!",
    "ask": "Enter a column: ",
    "again": "Try again!",
    "stopped": "Game stopped.",
}


# -- analysis: each column's outcome with perfect play ----------------------------------------------------


def outcome_words(distance: int | None, full: bool = False) -> str:
    """One column's outcome with perfect play by both sides, as Pons' solver shows it: ``wins in 7``,
    ``draw``, ``loses in 12`` (moves of both sides counted); ``full``; ``?`` when not worked out in time."""
    if full:
        return _("full")
    if distance is None:
        return "?"
    if distance > 0:
        return _("wins in {n}").format(n=distance)
    if distance < 0:
        return _("loses in {n}").format(n=-distance)
    return _("draw")


def analysis(ox: str, entries: list[str], first: int = 0) -> str:
    """The analysis of the position for ``ox``: ``entries`` per column, numbered from ``first``."""
    columns = "  ".join(f"{col + first}: {text}" for col, text in enumerate(entries))
    return _("With perfect play, for {ox} (moves of both sides counted): {columns}").format(ox=ox, columns=columns)


no_analysis = sentence(
    N_("(There is no analysis for these rules: the solver plays the standard game, seen from any side.)")
)


def no_analysis_on_size(width: int, height: int) -> str:
    """Why ``?`` and ``--analyse`` give no outcomes on a board the exact solver does not take (its size)."""
    return _(
        "(There is no analysis on a {width}x{height} board: the solver takes boards whose width × (height + 1) is at "
        "most 64, such as 8x7 or 10x5.)"
    ).format(width=width, height=height)


def top_level_searches(sides: list[str]) -> str:
    """The perfect level of ``sides`` cannot play perfectly here (another size, other rules): what it does instead."""
    return _(
        "({sides} at the top level: perfect play is out of reach on this board under these rules, so it searches as "
        "deep as it can in about a second a move, exact only where the solver finishes in time.)"
    ).format(sides=" and ".join(sides))


analysis_tip = sentence(N_("(Type ? instead of a column to see each column's outcome with perfect play.)"))


# The analysis is not ready at once: the solver is at work (``known`` of ``columns`` worked out so far).
working_out = sentence(
    N_("(Working out the outcomes with perfect play: {known} of {columns} columns so far…)"), "known, columns"
)


analysis_unfinished = sentence(N_("(? : not worked out within {seconds:g} s)"), "seconds")

name_sentences(globals())


# -- a game over a link (--listen, --join): the invite, the other side, why a link ended --

# How the terminal names the side played over the link: ``O (over the link) plays column 3.``
link_label = sentence(N_("over the link"))

waiting_for_guest = sentence(N_("Waiting for the other side to join with the invite above (Ctrl-C stops)."))

# Offers over a link (link.offers): u and n at a person's prompt, the other side's offers answered with y or n.
offers_tip = sentence(
    N_(
        "(Type u to ask the other side to take back your last move and its reply, n to ask for a new game: it "
        "accepts or refuses. ? shows each column's outcome here alone, where the solver can answer.)"
    )
)

no_redo_linked = sentence(N_("(r does not work in a game over a link: u asks the other side to take moves back.)"))

# This side asked: waiting for the other side's answer.
offer_sent = choice(
    "kind",
    {
        "undo": N_("Asking the other side to take back your last move and its reply…"),
        "new": N_("Asking the other side for a new game…"),
        "swap": N_("Asking the other side to swap sides…"),
    },
)

offer_accepted = choice(
    "kind",
    {
        "undo": N_("The other side accepts: your last move and its reply are taken back."),
        "new": N_("The other side accepts: a new game begins, on the empty board, with the same settings."),
        "swap": N_("The other side accepts: the sides are swapped."),
    },
)

offer_refused = sentence(N_("The other side refuses: the game goes on as it was."))

# The other side asked this side.
offer_received = choice(
    "kind",
    {
        "undo": N_("The other side asks to take back its last move and your reply to it."),
        "new": N_("The other side asks for a new game, on the empty board, with the same settings."),
        "swap": N_("The other side asks to swap sides."),
    },
)

accept_prompt = sentence(N_("Accept? (y/n): "))

yes_or_no = sentence(N_("(Type y to accept or n to refuse.)"))

offer_withdrawn = sentence(
    N_("The link dropped while the other side's offer waited for an answer: it is withdrawn, nothing changes.")
)

undo_before_start = sentence(
    N_("(The other side asked to take back a move from before this side's start (the game as it joined): refused.)")
)

no_swap_here = sentence(N_("(The terminal game has no swap of sides: refused.)"))

# A computer plays this side: its fixed answer (link.offers.computer_accepts).
computer_answers = choice(
    "answer",
    {
        "yes": N_("(The computer plays this side here: it accepts.)"),
        "no": N_("(The computer plays this side here: it refuses.)"),
    },
)

# This side answered: what it did.
answered_here = choice(
    "kind",
    {
        "undo": N_("Accepted: the other side's last move and your reply are taken back."),
        "new": N_("Accepted: a new game begins."),
        "swap": N_("Accepted: the sides are swapped."),
        "no": N_("Refused: the game goes on as it was."),
    },
)

# Why this side ended the link: what the other side sent (a fixed word, never the other side's text).
link_ended = choice(
    "reason",
    {
        "malformed": N_("The link ended: the other side sent a message that is not one of the game's."),
        "illegal": N_("The link ended: the other side sent a move the rules do not allow."),
        "turn": N_("The link ended: the other side sent a move out of turn."),
        "too_big": N_("The link ended: the other side sent a message over the size limit."),
        "unasked": N_("The link ended: the other side sent an offer or an answer out of place."),
    },
    otherwise=N_("The link ended: the connection to the other side was lost."),
)

# Why the other side ended the link, as its closing said (one of a few words; anything else: the link was lost).
link_ended_by_peer = choice(
    "reason",
    {
        "malformed": N_("The other side ended the link: a message from here was not one of the game's."),
        "illegal": N_("The other side ended the link: a move from here broke the rules."),
        "turn": N_("The other side ended the link: a move from here came out of turn."),
        "too_big": N_("The other side ended the link: a message from here was over the size limit."),
        "unasked": N_("The other side ended the link: an offer or an answer from here came out of place."),
        "left": N_("The other side left the game."),
    },
    otherwise=N_("The link ended: the connection to the other side was lost."),
)

# A dropped link (a process killed, a network gone) waits for the other side to come back with the same token.
link_dropped = sentence(
    N_("The link to the other side dropped: waiting up to {seconds:g} s for it to come back."), "seconds"
)

link_back = sentence(N_("The other side is back: the game goes on."))

link_gone = sentence(N_("The other side did not come back within {seconds:g} s: the game ended."), "seconds")

token_refused = sentence(N_("The host refused the invite: its token is wrong, or was used already."))

cannot_reach = sentence(N_("Cannot reach the host at {address}: {reason}"), "address, reason")

listen_failed = sentence(N_("Cannot listen on {address}: {reason}"), "address, reason")

bad_invite = sentence(N_("{code} is not an invite (an invite looks like 127.0.0.1:5000/TOKEN)."), "code")

bad_listen = sentence(N_("{text} is not an address and port to listen on (such as 127.0.0.1:0)."), "text")

link_option_problem = choice(
    "name",
    {
        "remote_needs_listen": N_("a remote side needs --listen ADDRESS:PORT, and the other side not remote"),
        "listen_needs_remote": N_("--listen needs one side played over the link: --x remote or --o remote"),
        "join_no_remote": N_("--join plays one side here, the other is the host's: no side may be remote"),
        "join_and_listen": N_("--join and --listen cannot go together"),
        "standard_only": N_(
            "a game over a link plays the standard rules, chance[:p] or swap[:k] (or both) for now: leave out the "
            "other rules"
        ),
    },
)

name_sentences(globals())
