"""The results file as the tournament plays: every game is written to it as it ends, so a stop (Ctrl-C, SIGTERM,
SIGHUP, a crash, SIGKILL) loses only the games in flight; ``--resume FILE`` reads it back.

By its suffix:

- ``.csv``: the header once, then a row per game as it ends, flushed. The columns: the game's (game, seed, x, o,
  result, winner, forfeit, reason, moves) and, on every row, the tournament's settings (``ply``,
  ``games_per_colour``, ``tourney_seed``, ``players``: how many, ``format``: ``round-robin``, ``gauntlet`` or
  ``swiss:N``), which ``--resume`` compares with its own, as it compares each game's players with the schedule's
  for that game number (a Swiss round's pairs are worked out again from the rounds before it); last, ``strayed``:
  the game's checked moves that did not follow their file's own scores (``results.stray_rows``) as JSON text,
  empty when there are none (a file of before it, without the column, resumes as one where there were none);
  ``failure``: what kind of failure a forfeit was (``timed out``, ``raised``...), so that a resumed tournament
  does not wait again for a file that ran out of time.
- ``.jsonl``: JSON lines: the first line ``{"settings": {...}}`` (ply, games per colour, seed, move time, the
  players' names), then an object per game (``strayed``: a list).
- ``.json``: one document (settings, standings, games), rewritten after every game to a temporary file that then
  replaces it (``os.replace``): never half written. Every game rewrites the whole file: for a large class, .csv
  or .jsonl.

Games are written in the order they end; when the tournament plays to its end the file is rewritten in game
order (atomically too).
"""

from __future__ import annotations

import contextlib
import csv
import io
import json
import os
import signal
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from ..errors import RAISED, StudentError
from ..results import FAILURE, GAME_FIELDS, STRAYED, game_row, standings_rows, strays_of
from ..tourney import BOTH, GameResult, Tournament

SUFFIXES = (".csv", ".jsonl", ".json")
SETTING_FIELDS = ("ply", "games_per_colour", "tourney_seed", "players", "format", "tiebreak")  # after the game's
SCORES = {"1-0": "X", "0-1": "O", "1/2-1/2": None, "0-0": None}
HELD = {getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name)}


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


_MODE = 0o666 & ~_umask()


class NotThisTournament(ValueError):
    """The file holds another tournament's results (or is not a results file)."""


@dataclass(frozen=True)
class Settings:
    """What makes a tournament the same one: its players (names, in order), ply, games per colour, seed and format."""

    players: tuple[str, ...]
    ply: int
    games: int
    seed: int
    format: str
    tiebreak: str


class ResultsFile:
    """The results file of ``tournament`` (its ``results`` so far already in it after :meth:`open`)."""

    def __init__(self, path: Path, tournament: Tournament) -> None:
        self.path = path
        self.tournament = tournament
        self.kind = path.suffix.lower()
        self.written = len(tournament.results)  # the games in the file
        self._file: io.TextIOWrapper | None = None

    def open(self) -> None:
        """Create the file, holding the games already played (none, or those resumed); OSError if it cannot be."""
        self._rewrite(self.tournament.results)
        if self.kind != ".json":
            self._file = self.path.open("a", newline="", encoding="utf-8")

    def add(self, result: GameResult) -> None:
        """One more game (already in the tournament's ``results``), in the file when this returns (no signal
        stops it half way)."""
        with _signals_held():
            if self._file is None:
                self._rewrite(self.tournament.results)
            else:
                row = game_row(self.tournament, result)
                self._file.write(self._line(self._csv_row(row) if self.kind == ".csv" else row))
                self._file.flush()
            self.written += 1

    def finish(self) -> None:
        """The tournament played to its end: the file in game order."""
        self.close()
        self._rewrite(sorted(self.tournament.results, key=lambda result: result.pairing.number))

    def close(self) -> None:
        if self._file is not None:
            with contextlib.suppress(OSError):
                self._file.close()
            self._file = None

    def _line(self, row: dict[str, object]) -> str:
        if self.kind == ".jsonl":
            return json.dumps(row, ensure_ascii=False) + "\n"
        text = io.StringIO()
        csv.DictWriter(text, fieldnames=list(row)).writerow(row)
        return text.getvalue()

    def _rewrite(self, results: list[GameResult]) -> None:
        """The whole file anew (``results``' games), through a temporary file in its folder that replaces it."""
        rows = [game_row(self.tournament, result) for result in results]
        folder = self.path.parent
        handle, name = tempfile.mkstemp(prefix=f".{self.path.name}.", suffix=".part", dir=folder)
        try:
            with open(handle, "w", newline="", encoding="utf-8") as file:
                file.write(self._text(rows))
            os.chmod(name, _MODE)  # as a file written in place would be (mkstemp's: only the owner's)
            os.replace(name, self.path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(name)
            raise

    def _text(self, rows: list[dict[str, object]]) -> str:
        settings = _settings_of(self.tournament)
        if self.kind == ".json":
            document = {"settings": settings, "standings": standings_rows(self.tournament), "games": rows}
            return json.dumps(document, indent=2, ensure_ascii=False) + "\n"
        if self.kind == ".jsonl":
            return "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in [{"settings": settings}, *rows])
        text = io.StringIO()
        writer = csv.DictWriter(text, fieldnames=[*GAME_FIELDS, *SETTING_FIELDS, STRAYED, FAILURE])
        writer.writeheader()
        writer.writerows(self._csv_row(row) for row in rows)
        return text.getvalue()

    def _csv_row(self, row: dict[str, object]) -> dict[str, object]:
        """A CSV row: the game's columns, the tournament's settings, then the game's strays (JSON text, or empty)."""
        tournament = self.tournament
        settings = (tournament.ply, tournament.games, tournament.seed, len(tournament.entrants), tournament.format.name,
                    tournament.tiebreak)  # fmt: skip
        game = {field: row[field] for field in GAME_FIELDS}
        strays = json.dumps(row[STRAYED], ensure_ascii=False) if row[STRAYED] else ""
        return {**game, **dict(zip(SETTING_FIELDS, settings, strict=True)), STRAYED: strays, FAILURE: row[FAILURE]}


def _settings_of(tournament: Tournament) -> dict[str, object]:
    names = [entrant.name for entrant in tournament.entrants]
    return {"ply": tournament.ply, "games_per_colour": tournament.games, "seed": tournament.seed,
            "format": tournament.format.name, "tiebreak": tournament.tiebreak, "move_time": tournament.time_limit,
            "players": names}  # fmt: skip


@contextlib.contextmanager
def _signals_held() -> Iterator[None]:
    """Ctrl-C, SIGTERM and SIGHUP wait until the block is done (they then stop the tournament as usual)."""
    try:
        old = signal.pthread_sigmask(signal.SIG_BLOCK, HELD)
    except (AttributeError, ValueError):  # not on POSIX, or not the main thread
        yield
        return
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


# -- reading it back (--resume) ---------------------------------------------------------------------------------


def read(path: Path) -> tuple[dict[str, object], list[dict[str, object]]]:
    """The settings the file states (``ply``, ``games_per_colour``, ``seed``, ``players``; those it has) and its game
    rows. OSError: it cannot be read; NotThisTournament: it is no results file."""
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as error:  # not text: no results file of ours
        raise NotThisTournament(str(error)) from None
    kind = path.suffix.lower()
    try:
        if kind == ".json":
            document = json.loads(text)
            return dict(document["settings"]), list(document["games"])
        if kind == ".jsonl":
            lines = text.splitlines()
            settings = json.loads(lines[0])["settings"] if lines else {}
            return dict(settings), _json_lines(lines[1:])
    except (ValueError, KeyError, TypeError, IndexError, RecursionError) as error:  # deeply nested: not ours
        raise NotThisTournament(str(error)) from None
    rows: list[dict[str, object]] = list(csv.DictReader(io.StringIO(text, newline="")))
    if rows and not text.endswith("\n"):
        rows.pop()  # a row cut short by a kill: that game is played again
    if text and not text.startswith(",".join(GAME_FIELDS)):
        raise NotThisTournament("not a results file")
    settings: dict[str, object] = {}
    if rows and all(rows[0].get(field) for field in SETTING_FIELDS[:4]):
        first = rows[0]
        settings = {"ply": first["ply"], "games_per_colour": first["games_per_colour"], "seed": first["tourney_seed"]}
        settings["format"] = first.get("format") or "round-robin"  # a file of before the formats: a round robin
        settings["tiebreak"] = first.get("tiebreak") or "RANDOM"  # and of before --tiebreak: RANDOM
    return settings, rows


def _json_lines(lines: list[str]) -> list[dict[str, object]]:
    rows = []
    for number, line in enumerate(lines, start=1):
        try:
            rows.append(dict(json.loads(line)))
        except ValueError:
            if number < len(lines):
                raise
            # the last line, cut short by a kill: that game is played again
    return rows


def results_of(rows: list[dict[str, object]], stated: dict[str, object], tournament: Tournament) -> list[GameResult]:
    """The games of ``rows`` as results of ``tournament``, in game order (a game twice: the first); they are
    ``tournament.results`` after. A row of another tournament (its settings, its players at that game number, its
    seed): NotThisTournament. A last row cut short by a kill is left out (played again)."""
    settings = Settings(tuple(entrant.name for entrant in tournament.entrants), tournament.ply, tournament.games,
                        tournament.seed, tournament.format.name, tournament.tiebreak)  # fmt: skip
    _check_settings(stated, settings)
    last = rows[-1] if rows else None  # the file's last row: cut short by a kill, it is played again
    tournament.results = []
    found: set[int] = set()
    for row in sorted(rows, key=_number):  # in game order: a Swiss round is paired from the rounds before it
        try:
            result = _result_of(row, settings, tournament)
        except (KeyError, ValueError, TypeError, AttributeError, RecursionError) as error:
            if row is last:
                continue
            raise NotThisTournament(str(error)) from None
        if result.pairing.number not in found:
            found.add(result.pairing.number)
            tournament.results.append(result)
    return tournament.results


def _number(row: dict[str, object]) -> int:
    """The row's game number (0 if it has none)."""
    try:
        return int(str(row.get("game")))
    except ValueError:
        return 0


def _check_settings(stated: dict[str, object], settings: Settings) -> None:
    expected = {"ply": settings.ply, "games_per_colour": settings.games, "seed": settings.seed,
                "format": settings.format, "tiebreak": settings.tiebreak}  # fmt: skip
    for key, value in expected.items():
        if key in stated and str(stated[key]) != str(value):
            raise NotThisTournament(f"{key}: {stated[key]} is not {value}")
    if "players" in stated and list(stated["players"]) != list(settings.players):  # type: ignore[call-overload]
        raise NotThisTournament("other players")


def _result_of(row: dict[str, object], settings: Settings, tournament: Tournament) -> GameResult:
    if None in row or None in row.values():  # a CSV row cut short (or with cells too many)
        raise ValueError("an incomplete row")
    number = int(str(row["game"]))
    if not 1 <= number <= tournament.total():
        raise NotThisTournament(f"game {number}")
    pairing = tournament.pairing(number)
    names = (settings.players[pairing.x], settings.players[pairing.o])
    if (row["x"], row["o"]) != names or int(str(row["seed"])) != pairing.seed:
        raise NotThisTournament(f"game {number}: {row['x']} - {row['o']}")
    values = (settings.ply, settings.games, settings.seed, len(settings.players), settings.format, settings.tiebreak)
    for field, value in zip(SETTING_FIELDS, values, strict=True):
        if field in row and str(row[field]) != str(value):
            raise NotThisTournament(f"game {number}: {field}")
    score = str(row["result"])
    winner = SCORES[score]
    forfeit = BOTH if score == "0-0" else ({"X": "O", "O": "X"}[str(winner)] if row["forfeit"] else None)
    failure = str(row.get(FAILURE) or RAISED)  # a file of before the column: no kind known
    error = StudentError(str(row["reason"]), failure) if forfeit else None
    strayed = row.get(STRAYED) or []  # a CSV cell holds it as JSON text; a file of before it has none
    strays = strays_of(json.loads(strayed) if isinstance(strayed, str) else strayed)
    return GameResult(pairing, winner, str(row["moves"]), forfeit, error, strays)
