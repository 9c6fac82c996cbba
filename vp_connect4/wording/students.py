"""Sentences about a student's own Player: loading and running it, the check against the reference, the tournament.

The calls (``Player('X', 'LEFT', 2).scores_for(b)``), boards and traceback lines they show are code and
stay as they are; the words around them are translated.
"""

from __future__ import annotations

from .language import N_, _, _n, choice, name_sentences, sentence

__all__ = [
    "bad_player_option",
    "bad_seconds",
    "bad_whole_number",
    "bad_whole_number_up_to",
    "builtin_player",
    "check_agrees",
    "check_column_differs",
    "check_columns",
    "check_differs",
    "check_failed",
    "check_kind",
    "check_move_differs",
    "check_plies",
    "check_reference",
    "check_tourney_unchecked",
    "command_help",
    "either",
    "help_move_time",
    "help_player_seat",
    "help_ply_both",
    "player_file_ply",
    "progress",
    "student_illegal_move",
    "student_move_instead",
    "student_never_counts_down",
    "student_no_class",
    "student_no_file",
    "student_no_method",
    "student_not_a_column",
    "student_not_loaded",
    "student_not_scores",
    "student_process_ended",
    "student_raised",
    "student_raised_at",
    "student_standard_rules",
    "student_timed_out",
    "tourney_bad_out",
    "tourney_forfeited",
    "tourney_headers",
    "tourney_heading",
    "tourney_needs_two",
    "tourney_not_loaded",
    "tourney_not_written",
    "tourney_resume_and_out",
    "tourney_resume_other",
    "tourney_resume_unreadable",
    "tourney_resumed",
    "tourney_stopped",
    "tourney_too_many",
    "tourney_took",
    "tourney_written",
]


def builtin_player(level_label: str) -> str:
    """One of our levels in a tournament's table: ``built-in ply 4``, ``built-in perfect``."""
    return _("built-in {level}").format(level=level_label)


# -- what went wrong with a student's file ----------------------------------------------------------


student_no_file = sentence(N_("{file}: there is no such file."), "file")


student_not_loaded = sentence(N_("{file} could not be loaded: importing it raised an error (its lines below):"), "file")


def student_no_class(file: str, looked_for: tuple[str, ...], found: tuple[str, ...]) -> str:
    names = either(list(looked_for))
    if found:
        return _(
            "{file} has no class {names}; it has {found}. Name the class after the file: {file}:ClassName."
        ).format(file=file, names=names, found=", ".join(found))
    return _("{file} has no class {names}, nor any other class.").format(file=file, names=names)


student_no_method = sentence(N_("{file}: the class {class_name} has no method {method}."), "file, class_name, method")


student_raised = sentence(N_("{file}: {call} raised an error (the lines of {file} below):"), "file, call")


student_never_counts_down = sentence(
    N_(
        "{file}: {call} would never end: its {method} asks the opponent with the same look-ahead, so {ply} is never "
        "counted down. It makes that call here:"
    ),
    "file, call, method, ply",
)


# Where a student's file raised, in a line (Think's status line): the file, the line's number and its code.
student_raised_at = sentence(N_("{file}, line {number}: {code}"), "file, number, code")


student_timed_out = sentence(
    N_(
        "{file}: {call} gave no answer within {seconds:g} s, so its process was stopped (does it loop or recurse "
        "forever?)."
    ),
    "file, call, seconds",
)


student_process_ended = sentence(
    N_("{file}: the process running {call} ended without an answer (exit code {code})."), "file, call, code"
)


def student_not_a_column(file: str, call: str, value: str, width: int) -> str:
    return _("{file}: {call} returned {value}, which is not a column number (a whole number 0 to {last}).").format(
        file=file, call=call, value=value, last=width - 1 if isinstance(width, int) else "?"
    )


def student_not_scores(file: str, call: str, value: str, width: int) -> str:
    return _n(
        "{file}: {call} returned {value}, not a list of {width} number (one per column).",
        "{file}: {call} returned {value}, not a list of {width} numbers (one per column).",
        width,
    ).format(file=file, call=call, value=value, width=width)


student_illegal_move = sentence(
    N_("{file}: {call} returned column {col}, which cannot be played: {reason}."), "file, call, col, reason"
)


student_standard_rules = sentence(N_("a student's Player plays the standard rules only (no --variant)"))


# -- a student's player in the text game ------------------------------------------------------------------


def help_player_seat(ox: str, default: str) -> str:
    if ox == "X":
        return _(
            "who plays X, who moves first: human, ai, or your own Player, a Python file (player.py, or "
            "player.py:ClassName; see the README) (default: {default})"
        ).format(default=default)
    return _("who plays O: human, ai, or your own Player, a Python file (as for --x) (default: {default})").format(
        default=default
    )


help_ply_both = sentence(N_("look-ahead of both sides' AIs and player files (--x-ply and --o-ply, when given, win)"))


help_move_time = sentence(
    N_("seconds a player file may take for one move before it is stopped (default: {default:g})"), "default"
)


# A ``--x``/``--o`` value that is neither a kind of player nor a file.
bad_player_option = sentence(N_("must be human, ai, or a player file ending in .py, got {text!r}"), "text")


bad_whole_number = sentence(N_("must be a whole number {least} or more, got {text!r}"), "least, text")


bad_seconds = sentence(N_("must be a number of seconds above 0 and at most {most}, got {text!r}"), "most, text")


bad_whole_number_up_to = sentence(
    N_("must be a whole number from {least} to {most}, got {text!r}"), "least, most, text"
)


# A player file's side got the perfect level: a student's Player takes a number of moves.
player_file_ply = sentence(N_("a player file looks a whole number of moves ahead: give {option} a number"), "option")


# After a student's player failed: the person at the keyboard makes that move instead.
student_move_instead = sentence(
    N_("Make {ox}'s move yourself this time (its file is asked again next move), or press Ctrl-D to stop."), "ox"
)


# -- the commands check and tourney -------------------------------------------------------------------


# The fixed texts of ``vp-connect4 check --help`` and ``vp-connect4 tourney --help`` (and the line of the main
# ``--help`` that names them: ``commands``).
command_help = choice(
    "name",
    {
        "commands": N_(
            "Your own Player: vp-connect4 check player.py compares it with the reference; vp-connect4 think "
            "--player player.py shows its scores_for recursion call by call; vp-connect4 tourney a.py b.py ... plays "
            "a tournament; vp-connect4 autograder builds a Gradescope autograder; vp-connect4 cluster-keys FOLDER "
            "makes the keys of a lab cluster (each with --help)."
        ),
        "check": N_(
            "Compare your Player's scores_for and next_move (and scores_for_tourney, if it has one) with the "
            "reference Player on many positions, and show the first difference."
        ),
        "check_file": N_("your player file: player.py, or player.py:ClassName"),
        "check_ply": N_("check plies 0 to N (default: 4)"),
        "tourney": N_(
            "A round robin of players from files: every pairing plays with both colours, in parallel, and the "
            "table and every game go to a file."
        ),
        "tourney_files": N_("the players' files (player.py, or player.py:ClassName)"),
        "tourney_ply": N_("the look-ahead of every player file (default: 4)"),
        "games": N_("games each pairing plays with each colour (default: 1)"),
        "with_builtin": N_("let our own players take part too (see --builtin-levels)"),
        "builtin_levels": N_("the levels of our players that take part, e.g. 2,4,perfect (default: the ply, perfect)"),
        "tourney_seed": N_("seed of the RANDOM tiebreaks: the same seed plays the same games (default: a new one)"),
        "out": N_("the file for the results, .csv, .jsonl or .json, filled as games end (default: tourney.csv)"),
        "resume": N_(
            "go on with a stopped tournament: the results file it wrote (the same files; its --ply, --games and "
            "--seed); only the games missing are played, and added to it"
        ),
         "cluster_keys": N_(
            "Make the keys of a lab cluster that only you can use (tourney --cluster): a private certificate "
            "authority, and a certificate and key for the Dask scheduler, for the workers and for you, signed by it. "
            "A program without one of these keys is refused by the scheduler and the workers."
        ),
        "cluster_keys_folder": N_("the folder to write them into (made if missing; keys there are never overwritten)"),
    },
)


def progress(what: str, done: int, total: int) -> str:
    """The progress bar's count: ``12/60 games``, ``40/170 checks`` (a check: a position at a ply)."""
    if what == "games":
        return _n("{done}/{total} game", "{done}/{total} games", total).format(done=done, total=total)
    return _n(
        "{done}/{total} check (a position at a ply)", "{done}/{total} checks (positions at plies)", total
    ).format(done=done, total=total)


def check_plies(plies: tuple[int, ...]) -> str:
    """``ply 3``, ``plies 0 to 4``."""
    if len(plies) == 1:
        return _("ply {ply}").format(ply=plies[0])
    return _("plies {first} to {last}").format(first=plies[0], last=plies[-1])


def check_agrees(file: str, positions: int, plies: str, methods: str, answers: int, checks: int) -> str:
    """The check's summary, counting what its progress counted (``checks``: each position at each ply)."""
    return _n(
        "{file}: all {checks} checks agree with the reference: the {n} position at {plies} ({methods}; {answers} "
        "answers compared).",
        "{file}: all {checks} checks agree with the reference: {n} positions at {plies} ({methods}; {answers} "
        "answers compared).",
        positions,
    ).format(file=file, n=positions, plies=plies, methods=methods, answers=answers, checks=checks)


check_tourney_unchecked = sentence(
    N_("{file}: scores_for_tourney was not checked: {class_name} has no score_board_for_tourney to check it with."),
    "file, class_name",
)


# A kind of position (``positions``' kinds), as words after the ply: ``ply 2, an almost full board``.
check_kind = choice(
    "kind",
    {
        "empty": N_("the empty board"),
        "seed example": N_("the seed text's example"),
        "random": N_("a position of a random game"),
        "almost full": N_("an almost full board"),
        "wins at once": N_("a position the side asked wins at once"),
        "sets up a win": N_("a position where the side asked can set up a win"),
        "must block": N_("a position where the side asked must block a threat"),
        "lost": N_("a lost position"),
        "won already": N_("a game already won"),
        "shown": N_("the position shown"),
        "below": N_("the position of the first call that differs"),
    },
)


check_differs = sentence(N_("{file} differs from the reference here (ply {ply}, {kind}):"), "file, ply, kind")


check_failed = sentence(N_("{file} failed on this position (ply {ply}, {kind}):"), "file, ply, kind")


# The label of the reference's answer, under the student's.
check_reference = sentence(N_("reference"))


check_column_differs = sentence(
    N_("Column {col} differs: {theirs} from your file, {ours} from the reference."), "col, theirs, ours"
)


def check_columns(columns: list[int]) -> str:
    """The columns the reference may play: ``3``, or ``2 or 3``."""
    return either([str(col) for col in columns])


def either(items: list[str]) -> str:
    """``a``, ``a or b``, ``a, b or c``."""
    if len(items) == 1:
        return items[0]
    return _("{columns} or {last}").format(columns=", ".join(items[:-1]), last=items[-1])


def check_move_differs(scores: str, tiebreak: str) -> str:
    """Why the reference plays what it plays: its scores and the tiebreak."""
    if tiebreak == "LEFT":
        return _("The reference's scores_for(b) here: {scores}; tiebreak LEFT plays the leftmost best column.").format(
            scores=scores
        )
    if tiebreak == "RIGHT":
        return _(
            "The reference's scores_for(b) here: {scores}; tiebreak RIGHT plays the rightmost best column."
        ).format(scores=scores)
    return _("The reference's scores_for(b) here: {scores}; tiebreak RANDOM plays any of the best columns.").format(
        scores=scores
    )


tourney_heading = sentence(
    N_("Tournament: {players} players, {games} games at ply {ply} (seed {seed}), {at_once} at a time."),
    "players, games, ply, seed, at_once",
)


def tourney_headers() -> list[str]:
    """The table's column heads: place, player, games, won, drawn, lost, forfeited, points."""
    return ["#", _("player"), _("games"), _("won"), _("drawn"), _("lost"), _("forfeited"), _("points")]


def tourney_forfeited(name: str, games: int) -> str:
    said = _n("{name} forfeited {n} game; the first time:", "{name} forfeited {n} games; the first time:", games)
    return said.format(name=name, n=games)


tourney_not_loaded = sentence(N_("{name} cannot play: it forfeits all its games."), "name")


def tourney_needs_two(players: int) -> str:
    return _("a tournament needs at least two players (files, or --with-builtin); got {n}").format(n=players)


tourney_bad_out = sentence(N_("must be a file name ending in .csv, .jsonl or .json, got {text!r}"), "text")


tourney_too_many = sentence(
    N_("{games} games are too many for one tournament (at most {limit}): give fewer --games or fewer players"),
    "games, limit",
)


tourney_resume_and_out = sentence(N_("--resume FILE goes on writing FILE: leave out --out"))


tourney_resume_other = sentence(
    N_("{path} holds the results of another tournament: give the files, --ply, --games and --seed it was started with"),
    "path",
)


tourney_resume_unreadable = sentence(N_("cannot resume from {path}: {reason}"), "path, reason")


tourney_resumed = sentence(N_("Resuming: {done} of {total} games are already in {path}."), "done, total, path")


tourney_written = sentence(N_("Every game and its moves: {path}"), "path")


tourney_not_written = sentence(N_("The results could not be written to {path}: {reason}."), "path, reason")


tourney_stopped = sentence(
    N_(
        "Tournament stopped after {played} of {total} games; the games played are in {path}. The same command with "
        "--resume {path} plays the rest."
    ),
    "played, total, path",
)


def tourney_took(seconds: float) -> str:
    minutes, rest = divmod(round(seconds), 60)
    if minutes:
        return _("Played in {minutes} min {seconds} s.").format(minutes=minutes, seconds=rest)
    return _("Played in {seconds} s.").format(seconds=rest)


# -- the tournament on a Dask cluster (tourney --cluster) --------------------------------------------------------

__all__ += [
    "cluster_keys_exist",
    "cluster_keys_not_written",
    "cluster_keys_role",
    "cluster_keys_secret",
    "cluster_keys_written",
    "help_cluster",
    "help_cluster_keys",
    "tourney_cluster_bad_address",
    "tourney_cluster_failed",
    "tourney_cluster_keys_alone",
    "tourney_cluster_keys_unreadable",
    "tourney_cluster_needs_keys",
    "tourney_cluster_not_secured",
    "tourney_cluster_refused",
    "tourney_cluster_silent",
    "tourney_no_cluster",
    "tourney_no_workers",
    "tourney_not_shipped",
    "tourney_on_cluster",
    "tourney_worker_unknown",
    "tourney_worker_unprotected",
]


help_cluster = sentence(
    N_(
        "play the games on a Dask cluster secured with TLS: the address of its scheduler, tls://HOST:PORT, e.g. "
        "tls://lab01:8786 (with --cluster-keys); every machine of it needs this package (and bubblewrap for the "
        "sandbox)"
    )
)


help_cluster_keys = sentence(
    N_(
        "the folder of the keys vp-connect4 cluster-keys made (ca.pem, client.pem, client.key): the scheduler lets "
        "in only a client that has them"
    )
)


cluster_keys_written = sentence(
    N_(
        "Keys of the lab cluster written to {folder}, valid until {until}. Copy to each machine only its own "
        "files, and start each program there with them:"
    ),
    "folder, until",
)


# Whose files they are, before the list of them and the command that uses them (cluster_keys_written).
cluster_keys_role = choice(
    "role",
    {
        "scheduler": N_("the scheduler's machine:"),
        "worker": N_("each lab machine (a worker):"),
        "client": N_("the teacher's machine (this folder):"),
    },
)


cluster_keys_secret = sentence(
    N_(
        "Whoever has one of the .key files can run programs on the workers: each is readable by its owner only; "
        "keep it so on every machine."
    )
)


cluster_keys_exist = sentence(
    N_(
        "{path} is there already: cluster keys are never overwritten (the lab's machines may be using them); make "
        "new ones in another folder"
    ),
    "path",
)


cluster_keys_not_written = sentence(N_("the keys could not be written to {path}: {reason}"), "path, reason")


tourney_cluster_not_secured = sentence(
    N_(
        "{address} is not secured (whoever reaches that scheduler runs programs on its workers): start the cluster "
        "with the keys of vp-connect4 cluster-keys FOLDER, and give --cluster tls://HOST:PORT --cluster-keys FOLDER"
    ),
    "address",
)


tourney_cluster_bad_address = sentence(
    N_("{address} is not the address of a Dask scheduler: give tls://HOST:PORT, e.g. tls://lab01:8786"), "address"
)


tourney_cluster_needs_keys = sentence(
    N_("--cluster needs --cluster-keys FOLDER: the keys vp-connect4 cluster-keys made (ca.pem, client.pem, client.key)")
)


tourney_cluster_keys_alone = sentence(N_("--cluster-keys goes with --cluster tls://HOST:PORT"))


tourney_cluster_keys_unreadable = sentence(
    N_("the cluster's keys in {folder} could not be read ({reason}): give the folder vp-connect4 cluster-keys made"),
    "folder, reason",
)


def tourney_on_cluster(players: int, games: int, ply: int, seed: int, address: str, workers: int, at_once: int) -> str:
    """The tournament's first line when the games run on a cluster: its workers, how many games at a time."""
    return _n(
        "Tournament: {players} players, {games} games at ply {ply} (seed {seed}), on the cluster at {address}: "
        "{workers} worker, {at_once} at a time.",
        "Tournament: {players} players, {games} games at ply {ply} (seed {seed}), on the cluster at {address}: "
        "{workers} workers, {at_once} at a time.",
        workers,
    ).format(players=players, games=games, ply=ply, seed=seed, address=address, workers=workers, at_once=at_once)


tourney_worker_unprotected = sentence(N_("Worker {worker}: {protections}"), "worker, protections")


tourney_worker_unknown = sentence(
    N_("The workers could not say which sandbox they play in ({reason}): is this package installed on each?"),
    "reason",
)


tourney_no_cluster = sentence(
    N_(
        "no Dask scheduler answered at {address} ({reason}): start one there with dask scheduler --protocol tls and "
        "its keys, and dask worker {address} on the lab's machines"
    ),
    "address, reason",
)


tourney_cluster_silent = sentence(
    N_(
        "nothing answered at {address} within {seconds} s: is the scheduler's machine on, and its port open to "
        "this one?"
    ),
    "address, seconds",
)


tourney_cluster_refused = sentence(
    N_(
        "no secure connection to the scheduler at {address} ({reason}): it must run with --protocol tls and keys "
        "made by the same vp-connect4 cluster-keys as those of --cluster-keys"
    ),
    "address, reason",
)


tourney_no_workers = sentence(
    N_(
        "the Dask scheduler at {address} has no workers (none joined within {seconds} s): start dask worker "
        "{address} with the workers' keys on the lab's machines"
    ),
    "address, seconds",
)


tourney_not_shipped = sentence(N_("{name} could not be sent to the cluster: {reason}."), "name, reason")


tourney_cluster_failed = sentence(N_("Game {game} could not be played on the cluster: {reason}."), "game, reason")


name_sentences(globals())
