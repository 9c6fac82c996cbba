"""Sentences of a tournament's formats: the Swiss system (``--rounds``), its ratings and their uncertainty, and the
gauntlet against our levels (``--gauntlet``); ``--check``'s verdicts, and the moves checked in the games that did not
follow their file's own scores."""

from __future__ import annotations

from .language import N_, _, _n, choice, name_sentences, sentence
from .students import either

__all__ = [
    "gauntlet_headers",
    "gauntlet_heading",
    "gauntlet_meaning",
    "gauntlet_plays_like",
    "swiss_headers",
    "swiss_heading",
    "swiss_meaning",
    "tourney_check_header",
    "tourney_check_verdict",
    "tourney_format_help",
    "tourney_format_refused",
    "tourney_stalled",
    "tourney_stray_failed",
    "tourney_stray_move",
    "tourney_stray_scores",
    "tourney_strayed",
]


def swiss_heading(rounds: int, games: int) -> str:
    said = _n(
        "Swiss system: {rounds} rounds; each round pairs players of equal points who have not met, and each pair "
        "plays {games} game with each colour. Ranked by rating.",
        "Swiss system: {rounds} rounds; each round pairs players of equal points who have not met, and each pair "
        "plays {games} games with each colour. Ranked by rating.",
        games,
    )
    return said.format(rounds=rounds, games=games)


def swiss_headers() -> list[str]:
    """The Swiss table's columns after the usual ones: the rating, its margin, and how sure the place is."""
    return [_("rating"), "±", _("above next")]


swiss_meaning = sentence(
    N_(
        "rating: the estimated strength (openskill; a newcomer has 25). ±: the strength lies in that range with "
        "about 95 % certainty. above next: the chance that the player is truly stronger than the one placed below it "
        "(50 %: a coin toss)."
    )
)


def gauntlet_heading(levels: str, games: int) -> str:
    said = _n(
        "Gauntlet: every file plays {games} game with each colour against each of {levels}.",
        "Gauntlet: every file plays {games} games with each colour against each of {levels}.",
        games,
    )
    return said.format(levels=levels, games=games)


def gauntlet_headers(levels: list[str]) -> list[str]:
    """The gauntlet table's columns: place, player, its points against each level, and the level it plays like."""
    return ["#", _("player"), *(_("vs {level}").format(level=level) for level in levels), _("plays like")]


def gauntlet_plays_like(level: str | None) -> str:
    """``ply 4``; None: weaker than the weakest level."""
    return level if level is not None else _("below the weakest")


gauntlet_meaning = sentence(
    N_(
        "plays like: the strongest of our levels that the file scores at least half the points against, and against "
        "every weaker one too."
    )
)


tourney_format_help = choice(
    "name",
    {
        "rounds": N_(
            "a Swiss system of N rounds instead of a round robin: each round pairs players of equal points who have "
            "not met; ranked by a rating with its uncertainty"
        ),
        "check": N_(
            "check every player file first (as vp-connect4 check does, at plies 0 to --ply) and show its verdict in "
            "the table"
        ),
        "tiebreak": N_(
            "how every player chooses among equal moves (default: RANDOM, fair to all; LEFT or RIGHT make a file's "
            "tiebreak mistakes show, and every game with the same players the same)"
        ),
        "gauntlet": N_(
            "every file against our levels only (--builtin-levels, default 0,2,4,6,perfect), never each other: the "
            "level each file plays like"
        ),
    },
)


def tourney_format_refused(reason: str, rounds: int = 0, players: int = 0, most: int = 0) -> str:
    """A tournament's format that cannot be: ``reason`` says which (``both``, ``with_builtin``, ``no_file``,
    ``rounds``)."""
    if reason == "both":
        return _("--rounds and --gauntlet are two formats: give one of them")
    if reason == "with_builtin":
        return _("--gauntlet plays against our levels already: leave out --with-builtin (choose them with "
                 "--builtin-levels)")  # fmt: skip
    if reason == "no_file":
        return _("--gauntlet needs at least one player file")
    return _n(
        "--rounds {rounds} is too many for {players} player: at most {most}, half the players (so that no pair "
        "has to meet twice; for more games, a round robin)",
        "--rounds {rounds} is too many for {players} players: at most {most}, half the players (so that no pair "
        "has to meet twice; for more games, a round robin)",
        players,
    ).format(rounds=rounds, players=players, most=most)


tourney_check_header = sentence(N_("check"))


def tourney_check_verdict(verdict: str, method: str = "", ply: int = 0, why: str = "") -> str:
    """A file's check in the table: it ``agrees`` with the reference, ``differs`` (first in ``method`` at ``ply``),
    ``fails`` (``why``: what kind of failure, a :class:`StudentError`'s kind: ``not loaded``, ``raised``, ``timed
    out``...; in ``method`` at ``ply`` where one failed), or ``strayed``: it agreed, but a move of its games did
    not follow its own scores."""
    if verdict == "agrees":
        return _("agrees")
    if verdict == "differs":
        return _("differs: {method}, ply {ply}").format(method=method, ply=ply)
    if verdict == "strayed":
        return _("differs: next_move in its games")
    how = _failure_kind(why)
    if method:
        return _("fails: {method}, ply {ply}, {how}").format(method=method, ply=ply, how=how)
    return _("fails: {how}").format(how=how)


_failure_kind = choice(
    "kind",
    {
        "not loaded": N_("does not load"),
        "no class": N_("no player class"),
        "no method": N_("a method is missing"),
        "raised": N_("raises an error"),
        "timed out": N_("no answer in time"),
        "bad answer": N_("not an answer"),
        "ended": N_("its process ended"),
        "forged": N_("sent what is not an answer"),
        "illegal move": N_("an illegal move"),
    },
    otherwise=N_("see vp-connect4 check"),
)


tourney_strayed = sentence(
    N_(
        "{name}: in {n} of its {games} games the move checked did not follow its own scores (it is flagged; the "
        "games stand as played). The first:"
    ),
    "name, n, games",
)


tourney_stray_move = sentence(
    N_("game {game}, {side} to move, b.set_board({moves!r}): its next_move(b) played {played}"),
    "game, side, moves, played",
)


def tourney_stray_scores(method: str, scores: str, tiebreak: str, best: list[int]) -> str:
    """What one of the file's score methods gave on a checked move's position, and the columns ``tiebreak`` plays
    by those scores (``best``; none where no score is a number)."""
    columns = either([str(col) for col in best]) if best else _("no column")
    return _("its {method}(b) there: {scores}, by which tiebreak {tiebreak} plays {columns}").format(
        method=method, scores=scores, tiebreak=tiebreak, columns=columns
    )


tourney_stray_failed = sentence(N_("its {method}(b) there failed: {error}"), "method, error")


tourney_stalled = sentence(
    N_(
        "{name} gave no answer in time in an earlier game, so it forfeits its later games without playing them "
        "(the time limit is waited for once)."
    ),
    "name",
)


name_sentences(globals())
