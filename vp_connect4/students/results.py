"""A tournament's results for people: the table in the terminal, and every game in a CSV or JSON file.

A game's row (:func:`game_row`): its number, seed, X, O, the result, who forfeited and why, the move string
(paste it into ``--moves`` or the page to replay the game), and the moves checked that did not follow their file's
own scores (``strayed``: :func:`stray_rows`). The file itself, as it fills: ``tournament.journal``.
"""

from __future__ import annotations

from .. import wording
from .errors import StudentError
from .tournament.formats import Gauntlet
from .tournament.move_check import OWN_SCORES, Asked, Stray
from .tournament.ratings import stronger
from .tourney import BOTH, GameResult, Standing, Tournament


def report(tournament: Tournament, checked: dict[int, str] | None = None) -> list[str]:
    """The table as the format shows it (with each file's check, ``checked`` by entrant, as its last column), and what
    its columns mean where that is not plain: paragraphs."""
    checks = None if checked is None else {tournament.entrants[index].name: said for index, said in checked.items()}
    if isinstance(tournament.format, Gauntlet):
        return [gauntlet_table(tournament, checks), wording.gauntlet_meaning()]
    standings = tournament.standings()
    if any(standing.rating is not None for standing in standings):
        return [table(standings, checks), wording.swiss_meaning()]
    return [table(standings, checks)]


def table(standings: list[Standing], checks: dict[str, str] | None = None) -> str:
    """The standings as a table, best first: place, player, games, won, drawn, lost, forfeited, points (and a Swiss
    system's rating, its margin, and the chance that the place above the next is right)."""
    headers = wording.tourney_headers()
    rows = [
        [str(place), standing.entrant.name, str(standing.games), str(standing.wins), str(standing.draws),
         str(standing.losses), str(standing.forfeits), points(standing.points)]
        for place, standing in enumerate(standings, start=1)
    ]  # fmt: skip
    if all(standing.rating is not None for standing in standings):
        headers = [*headers, *wording.swiss_headers()]
        ratings = [standing.rating for standing in standings if standing.rating is not None]
        for index, (row, rating) in enumerate(zip(rows, ratings, strict=True)):
            above = f"{stronger(rating, ratings[index + 1]):.0%}" if index + 1 < len(ratings) else ""
            row += [f"{rating.mu:.1f}", f"{rating.margin:.1f}", above]
    return aligned(*_checked(headers, rows, checks), left={1, len(headers)})


Rows = list[list[str]]


def _checked(headers: list[str], rows: Rows, checks: dict[str, str] | None) -> tuple[list[str], Rows]:
    """The table with each file's check as its last column (by the name in the second column; ours: nothing)."""
    if checks is None:
        return headers, rows
    return [*headers, wording.tourney_check_header()], [[*row, checks.get(row[1], "")] for row in rows]


def gauntlet_table(tournament: Tournament, checks: dict[str, str] | None = None) -> str:
    """Each file's points against each of our levels (``1.5/2``) and the level it plays like, best first."""
    rungs = tournament.format.rungs if isinstance(tournament.format, Gauntlet) else 0
    files = len(tournament.entrants) - rungs
    scored = [[0.0] * rungs for _ in range(files)]
    played = [[0] * rungs for _ in range(files)]
    for result in tournament.results:
        student, rung = sorted((result.x, result.o))
        scored[student][rung - files] += result.points_of(student)
        played[student][rung - files] += 1
    levels = [tournament.entrants[files + rung].source.level.label for rung in range(rungs)]  # type: ignore[union-attr]
    likes = [plays_like(scored[student], played[student]) for student in range(files)]
    order = sorted(range(files), key=lambda student: (-likes[student], -sum(scored[student])))
    rows = [
        [str(place), tournament.entrants[student].name,
         *(f"{points(scored[student][rung])}/{played[student][rung]}" for rung in range(rungs)),
         wording.gauntlet_plays_like(levels[likes[student]] if likes[student] >= 0 else None)]
        for place, student in enumerate(order, start=1)
    ]  # fmt: skip
    return aligned(*_checked(wording.gauntlet_headers(levels), rows, checks), left={1, rungs + 2, rungs + 3})


def plays_like(scored: list[float], played: list[int]) -> int:
    """The strongest rung (levels weakest first) scored at least half the points against, and every weaker one too
    (a lucky draw against a strong level does not lift a file over one it lost to); -1: none."""
    like = -1
    for rung, games in enumerate(played):
        if not games or scored[rung] * 2 < games:
            break
        like = rung
    return like


def aligned(headers: list[str], rows: list[list[str]], left: frozenset[int] | set[int] = frozenset({1})) -> str:
    """A table of columns: those of ``left`` (the names) to the left, the numbers to the right, a rule under the
    heads."""
    widths = [max(len(line[col]) for line in [headers, *rows]) for col in range(len(headers))]

    def line(cells: list[str]) -> str:
        return "  ".join(
            cell.ljust(width) if col in left else cell.rjust(width)
            for col, (cell, width) in enumerate(zip(cells, widths, strict=True))
        ).rstrip()

    rule = "  ".join("-" * width for width in widths)
    return "\n".join([line(headers), rule, *(line(row) for row in rows)])


def failures(standings: list[Standing]) -> list[str]:
    """A paragraph per entrant that forfeited: how many games, and the first failure's words (and the error's
    last line)."""
    said = []
    for standing in standings:
        error = standing.first_failure
        if error is None:
            continue
        lines = [wording.tourney_forfeited(standing.entrant.name, standing.forfeits), "  " + error.summary]
        if error.lines:
            lines.append("  " + error.lines[-1])
        said.append("\n".join(lines))
    return said


def strays_by_entrant(tournament: Tournament) -> dict[int, list[tuple[GameResult, Stray]]]:
    """The checked moves that did not follow their file's own scores (``tournament.move_check.MoveCheck``), by entrant,
    in game order."""
    found: dict[int, list[tuple[GameResult, Stray]]] = {}
    for result in sorted(tournament.results, key=lambda result: result.pairing.number):
        for stray in result.strays:
            found.setdefault(result.x if stray.side == "X" else result.o, []).append((result, stray))
    return found


def strayed(tournament: Tournament) -> list[str]:
    """A paragraph per file with a checked move that did not follow its own scores, in the table's order: in how
    many of its games, and the first such move, with what its scores said there."""
    found = strays_by_entrant(tournament)
    indices = {id(entrant): index for index, entrant in enumerate(tournament.entrants)}
    said = []
    for standing in tournament.standings():
        index = indices[id(standing.entrant)]
        if index not in found:
            continue
        first, stray = found[index][0]
        games = len({result.pairing.number for result, _ in found[index]})
        where = wording.tourney_stray_move(first.pairing.number, stray.side, stray.before, stray.played)
        lines = [wording.tourney_strayed(standing.entrant.name, games, standing.games), "  " + where]
        for asked in stray.asked:
            if asked.error:
                lines.append("  " + wording.tourney_stray_failed(asked.method, asked.error))
            else:
                scores = "[" + ", ".join(repr(score) for score in asked.scores) + "]"
                lines.append("  " + wording.tourney_stray_scores(asked.method, scores, tournament.tiebreak,
                                                                 list(asked.best)))  # fmt: skip
        said.append("\n".join(lines))
    return said


def points(value: float) -> str:
    """``3``, ``2.5``."""
    return f"{value:g}"


def standings_rows(tournament: Tournament) -> list[dict[str, object]]:
    """The table as the JSON file holds it."""
    return [
        {"place": place, "player": s.entrant.name, "games": s.games, "wins": s.wins, "draws": s.draws,
         "losses": s.losses, "forfeits": s.forfeits, "points": s.points}
        for place, s in enumerate(tournament.standings(), start=1)
    ]  # fmt: skip


GAME_FIELDS = ("game", "seed", "x", "o", "result", "winner", "forfeit", "reason", "moves")
STRAYED = "strayed"  # after GAME_FIELDS: the game's checked moves that did not follow their file's own scores
FAILURE = "failure"  # last: what kind of failure a forfeit was (StudentError.kind: "timed out", "raised"...), or ""


def game_row(tournament: Tournament, result: GameResult) -> dict[str, object]:
    """A game as the results file holds it (a row of the CSV file, an object of the JSON files)."""
    pairing = result.pairing
    x, o = tournament.entrants[pairing.x].name, tournament.entrants[pairing.o].name
    score = {"X": "1-0", "O": "0-1", None: "1/2-1/2"}[result.winner]
    if result.forfeit == BOTH:
        score = "0-0"
    winner = {"X": x, "O": o, None: ""}[result.winner]
    forfeit = {"X": x, "O": o, BOTH: f"{x}, {o}", None: ""}[result.forfeit]
    reason = "" if result.error is None else _one_line(result.error)
    values = (pairing.number, pairing.seed, x, o, score, winner, forfeit, reason, result.moves)
    failure = "" if result.error is None else result.error.kind
    return {**dict(zip(GAME_FIELDS, values, strict=True)), STRAYED: stray_rows(tournament, result), FAILURE: failure}


def _one_line(error: StudentError) -> str:
    """A forfeit's reason on one line of the results file: its sentence, and the last of the student's lines (the
    error itself), so that a resumed tournament's reason does not end in "(its lines below):" with none below."""
    return f"{error.summary} {error.lines[-1].strip()}" if error.lines else error.summary


def stray_rows(tournament: Tournament, result: GameResult) -> list[dict[str, object]]:
    """The game's strays as the results file holds them: who (``player``, ``side``), where (``before``: the moves
    before it), the column ``played``, and each score method ``asked`` there (its scores, the columns the
    tiebreak plays by them, or the ``error`` it failed with)."""
    names = {"X": tournament.entrants[result.pairing.x].name, "O": tournament.entrants[result.pairing.o].name}
    return [
        {"player": names[stray.side], "side": stray.side, "before": stray.before, "played": stray.played,
         "asked": [{"method": asked.method, "scores": list(asked.scores), "best": list(asked.best),
                    "error": asked.error} for asked in stray.asked]}
        for stray in result.strays
    ]  # fmt: skip


def strays_of(rows: object) -> tuple[Stray, ...]:
    """:func:`stray_rows` read back (a results file's); ValueError for anything else."""
    if not isinstance(rows, list):
        raise ValueError("strayed: not a list")
    strays = []
    for row in rows:
        side, before, played, asked = row["side"], row["before"], row["played"], row["asked"]
        if side not in ("X", "O") or not isinstance(before, str) or not set(before) <= set("0123456789"):
            raise ValueError("strayed: no move of a game")
        if type(played) is not int or not isinstance(asked, list):
            raise ValueError("strayed: no move of a game")
        strays.append(Stray(side, before, played, tuple(_asked_of(item) for item in asked)))
    return tuple(strays)


def _asked_of(item: dict[str, object]) -> Asked:
    method, scores, best, error = item["method"], item["scores"], item["best"], item["error"]
    if not isinstance(scores, list) or not all(type(score) in (int, float) for score in scores):
        raise ValueError("strayed: no scores")
    if not isinstance(best, list) or not all(type(col) is int for col in best):
        raise ValueError("strayed: no columns")
    if method not in OWN_SCORES or not isinstance(error, str):
        raise ValueError("strayed: no score method")
    return Asked(str(method), tuple(float(score) for score in scores), tuple(best), error)
