"""``vp-connect4 tourney a.py b.py ...``: a round robin of students' players (and our levels), in parallel.

Every pairing plays ``games`` games with each colour, all at the same ply, with the seeds' RANDOM tiebreak
drawn from a seed of its own per game (made from the tournament's seed and the game's number: the same
tournament again plays the same games, however many run at once). Each game's two players run in
processes of their own (:class:`.StudentPlayer`), as many games at once as there are cores. A player that
fails (raises, gives no answer within the time limit, plays a column that cannot be played) forfeits
that game, which its opponent wins; the tournament goes on. A file that cannot be loaded at all forfeits
every game without playing.

Each game checks one move of each player file against the file's own scores (:mod:`.tournament.move_check`: which
one is drawn from the game's seed): on the position before it, the same file is asked its ``scores_for`` (and,
where that does not choose the move and the file has one, its ``scores_for_tourney``), and the move must be one of
the columns the tournament's tiebreak plays by them. A move that is not is kept in the game's result (a ``Stray``)
and reported under the table; the game stands as played (the file is flagged, it does not forfeit).
"""

from __future__ import annotations

import random
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field

from .. import wording
from ..board import RulesBoard, other
from ..game import Game
from ..levels import Level
from . import parallel, sandbox
from .errors import TIMED_OUT, StudentError
from .files import BuiltinPlayer, PlayerFile, Source
from .player import SEEDS, StudentPlayer
from .process import DEFAULT_TIME_LIMIT, StudentProcess
from .tournament.formats import Format, RoundRobin
from .tournament.move_check import MoveCheck, Stray
from .tournament.ratings import Rating

TIEBREAK = "RANDOM"
IDLE_PER_GAME = 3  # processes kept between games, per game at once: a file's next game takes one up (no new start)
BOTH = "XO"  # GameResult.forfeit when neither side could play (two files that do not load)


@dataclass(frozen=True)
class Entrant:
    """One player of the tournament: its name in the table, and what plays (a file, or one of our levels)."""

    name: str
    source: Source
    failure: StudentError | None = None  # it could not be loaded: it forfeits every game

    @classmethod
    def of(cls, source: Source) -> Entrant:
        return cls(source.name, source)


@dataclass(frozen=True)
class Pairing:
    """One game to play: its number (from 1), the entrants' indices for X and O, and the game's seed."""

    number: int
    x: int
    o: int
    seed: int


@dataclass(frozen=True)
class GameResult:
    """How a game ended: ``winner`` ``X``, ``O`` or None (a draw); ``forfeit``: the side that failed (or
    :data:`BOTH`), with ``error``'s words; ``moves``: the game's move string (``set_board``'s); ``strays``: see
    :class:`.tournament.move_check.MoveCheck`."""

    pairing: Pairing
    winner: str | None
    moves: str
    forfeit: str | None = None
    error: StudentError | None = None
    strays: tuple[Stray, ...] = ()  # the checked moves that did not follow their player's own scores

    @property
    def number(self) -> int:
        return self.pairing.number

    @property
    def x(self) -> int:
        return self.pairing.x

    @property
    def o(self) -> int:
        return self.pairing.o

    def points_of(self, entrant: int) -> float:
        """What the game gave entrant ``entrant`` (one of its two): 1 a win, ½ a draw, 0 a loss or a forfeit."""
        ox = "X" if entrant == self.pairing.x else "O"
        if self.forfeit is not None and ox in self.forfeit:
            return 0.0
        return 0.5 if self.winner is None else float(self.winner == ox)


@dataclass
class Standing:
    """One entrant's line in the table."""

    entrant: Entrant
    wins: int = 0
    draws: int = 0
    losses: int = 0
    forfeits: int = 0  # of the losses, those by forfeit
    first_failure: StudentError | None = None
    rating: Rating | None = None  # a Swiss system's (the table's order)

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def points(self) -> float:
        """1 a win, ½ a draw."""
        return self.wins + self.draws / 2


@dataclass
class Tournament:
    """The players, the games to play, and the results so far."""

    entrants: list[Entrant]
    ply: int
    games: int = 1  # per pairing and colour
    seed: int = 0
    time_limit: float = DEFAULT_TIME_LIMIT
    results: list[GameResult] = field(default_factory=list)
    format: Format = field(default_factory=RoundRobin)
    tiebreak: str = TIEBREAK  # every player's (RANDOM: fair; LEFT and RIGHT make a file's tiebreak bugs show)
    stalled: dict[int, StudentError] = field(default_factory=dict)  # entrants that ran out of time in a game

    def total(self) -> int:
        """How many games the tournament plays."""
        return self.format.total(len(self.entrants), self.games)

    def pairing(self, number: int) -> Pairing:
        """Game ``number`` (from 1), worked out on its own (ValueError: a Swiss round not paired yet)."""
        x, o = self.format.sides(number, len(self.entrants), self.games, self.results)
        return Pairing(number, x, o, game_seed(self.seed, number))

    def schedule(self) -> list[Pairing]:
        """The games that can be played now: all of them (a Swiss system: the round being played)."""
        return [self.pairing(number) for number in self.format.playable(len(self.entrants), self.games, self.results)]

    def standings(self) -> list[Standing]:
        """The table, ranked as the format ranks (points, then wins, then the order given; a Swiss system: ratings)."""
        table = [Standing(entrant) for entrant in self.entrants]
        for result in self.results:
            sides = {"X": table[result.pairing.x], "O": table[result.pairing.o]}
            for ox, standing in sides.items():
                if result.forfeit is not None and ox in result.forfeit:
                    standing.losses += 1
                    standing.forfeits += 1
                    standing.first_failure = standing.first_failure or result.error
                elif result.winner is None:
                    standing.draws += 1
                elif result.winner == ox:
                    standing.wins += 1
                else:
                    standing.losses += 1
        return self.format.ranked(table, self.results)

    def play(
        self,
        workers: int | None = None,
        progress: Callable[[int, int], object] | None = None,
        record: Callable[[GameResult], object] | None = None,
        runner: GameRunner | None = None,
    ) -> None:
        """Play every game not yet in ``results`` (which fills as they end, ``record`` called with each; Ctrl-C
        leaves the games played so far there). ``runner`` plays them: by default :func:`local_games` on
        ``workers`` threads (each game's players in processes of their own); ``tournament.cluster``'s on a Dask
        cluster."""
        runner = runner or local_games(workers or parallel.cores())
        while pairings := self._to_play():
            games = runner(self, pairings)
            try:
                for result in games:
                    self.results.append(result)
                    if record is not None:
                        record(result)
                    if progress is not None:
                        progress(len(self.results), self.total())
            finally:
                close = getattr(games, "close", None)
                if close is not None:
                    close()
        self.results.sort(key=lambda result: result.pairing.number)

    def _to_play(self) -> list[Pairing]:
        played = {result.pairing.number for result in self.results}
        return [pairing for pairing in self.schedule() if pairing.number not in played]

    def resume(self, results: list[GameResult]) -> None:
        """The games played before a stop (a results file read back), and who ran out of time in them: such a file
        forfeits its games left without being waited for again."""
        self.results = list(results)
        for result in results:
            self.note_stall(result)

    def note_stall(self, result: GameResult) -> None:
        """Remember a side that forfeited ``result`` by running out of time (see :meth:`cannot_play`)."""
        error = result.error
        if error is not None and error.kind == TIMED_OUT and result.forfeit in ("X", "O"):
            pairing = result.pairing
            self.stalled.setdefault(pairing.x if result.forfeit == "X" else pairing.o, error)

    def cannot_play(self, index: int) -> StudentError | None:
        """Why entrant ``index`` forfeits its games without playing (its file did not load, or it ran out of time in
        an earlier game: the time limit is waited for once, not in every game), or None."""
        entrant = self.entrants[index]
        if entrant.failure is not None:
            return entrant.failure
        if index in self.stalled:
            return StudentError(wording.phrase(wording.tourney_stalled, entrant.name), TIMED_OUT)
        return None

    def play_game(self, pairing: Pairing, live: LiveWorkers | None = None) -> GameResult:
        """One game, to its end or to a forfeit."""
        live = live if live is not None else LiveWorkers()
        entrants = {"X": self.entrants[pairing.x], "O": self.entrants[pairing.o]}
        cannot = {ox: self.cannot_play(index) for ox, index in (("X", pairing.x), ("O", pairing.o))}
        unplayed = "".join(ox for ox, error in cannot.items() if error is not None)
        if unplayed:
            return GameResult(pairing, None if unplayed == BOTH else other(unplayed), "", unplayed, cannot[unplayed[0]])
        rng = random.Random(pairing.seed)
        game = Game(RulesBoard(), start_moves="", rng=rng)
        failed: str | None = None
        players: dict[str, StudentPlayer] = {}
        check = MoveCheck(pairing.seed, self.tiebreak)
        try:
            for ox, entrant in entrants.items():
                players[ox] = live.start(entrant.source, ox, self.ply, self.time_limit, random.Random(rng.random()),
                                         self.tiebreak)
            while game.outcome is None:
                ox, before = game.to_move, game.move_string
                seed = players[ox].rng.randrange(SEEDS)  # the student's random.seed for the move, and for its check
                col = players[ox].next_move(game.board, seed)
                game.play(col)
                check.played(players[ox], game.board, before, col, seed)
            check.finish(players, game.board)
        except StudentError as error:
            failed = game.to_move if len(players) == len(entrants) else next(o for o in entrants if o not in players)
            result = GameResult(pairing, other(failed), game.move_string, failed, error, tuple(check.strays))
            self.note_stall(result)
            return result
        finally:
            for ox, player in players.items():
                live.end(player, failed=ox == failed)
        return GameResult(pairing, game.outcome.winner, game.move_string, strays=tuple(check.strays))


GameRunner = Callable[[Tournament, Sequence[Pairing]], Iterator[GameResult]]
"""Plays the tournament's ``pairings``, yielding each game's result as it ends (in any order); closing the
iterator early ends the games in flight."""


def local_games(workers: int) -> GameRunner:
    """The games on this machine, ``workers`` at a time (threads that wait on the players' processes)."""

    def run(tournament: Tournament, pairings: Sequence[Pairing]) -> Iterator[GameResult]:
        live = LiveWorkers(idle=IDLE_PER_GAME * workers)
        try:
            for _, result in parallel.run_all(pairings, lambda p: tournament.play_game(p, live), workers):
                yield result
        finally:
            live.stop()

    return run


def game_seed(seed: int, number: int) -> int:
    """Game ``number``'s own seed, from the tournament's."""
    return random.Random(f"{seed}/{number}").randrange(2**32)


def entrants_of(sources: Sequence[Source], time_limit: float, workers: int | None = None) -> list[Entrant]:
    """The entrants, each file loaded once (in parallel) to see that it can be: one that cannot carries why.
    None of them sees another's file in its sandbox."""
    sandbox.keep_apart(source.path for source in sources if isinstance(source, PlayerFile))

    def try_loading(source: Source) -> Entrant:
        if isinstance(source, BuiltinPlayer):
            return Entrant.of(source)
        with StudentProcess(source, time_limit) as process:
            try:
                process.load()
            except StudentError as error:
                return Entrant(source.name, source, error)
        return Entrant.of(source)

    found: dict[int, Entrant] = dict(parallel.run_all(sources, try_loading, workers or parallel.cores()))
    return [found[index] for index in range(len(sources))]


class LiveWorkers:
    """The players' processes of the games running now, so that a stop (Ctrl-C) ends them all at once; and, between
    games, a few idle ones (at most ``idle``, the least recently used ended first) that a later game of the same
    file takes up instead of starting and loading a new one. A process whose side failed is never used again.

    Only the thread that started a process takes it up again: the sandbox ends a process when the thread that
    started it ends (bubblewrap's ``--die-with-parent`` follows the thread), and threads end as the games run out.
    """

    def __init__(self, idle: int = 0) -> None:
        self._lock = threading.Lock()
        self._players: set[StudentPlayer] = set()
        self._idle: OrderedDict[int, tuple[int, Source, StudentProcess]] = OrderedDict()  # thread, file, process
        self._most_idle = idle
        self._stopped = False

    def start(self, source: Source, ox: str, ply: int, time_limit: float, rng: random.Random,
              tiebreak: str = TIEBREAK) -> StudentPlayer:  # fmt: skip
        process = self._take(source, time_limit)
        player = StudentPlayer(source, ox, tiebreak, ply, time_limit, rng, process)
        with self._lock:
            self._players.add(player)
            stopped = self._stopped
        if stopped:
            player.process.kill()
        return player

    def end(self, player: StudentPlayer, failed: bool = False) -> None:
        """The game of ``player`` has ended: its process waits for the next game (not if it ``failed``)."""
        ended: list[StudentProcess] = [player.process]
        with self._lock:
            self._players.discard(player)
            if not failed and not self._stopped and self._most_idle:
                self._idle[id(player.process)] = (threading.get_ident(), player.source, player.process)
                ended = [self._idle.popitem(last=False)[1][2] for _ in range(len(self._idle) - self._most_idle)]
        for process in ended:
            process.close()

    def stop(self) -> None:
        with self._lock:
            self._stopped = True
            players, self._players = list(self._players), set()
            idle, self._idle = [process for _, _, process in self._idle.values()], OrderedDict()
        for player in players:
            player.process.kill()
        for process in idle:
            process.kill()

    def _take(self, source: Source, time_limit: float) -> StudentProcess | None:
        thread = threading.get_ident()
        with self._lock:
            for key, (starter, idle_source, process) in reversed(self._idle.items()):
                if starter == thread and idle_source == source and process.time_limit == time_limit:
                    del self._idle[key]
                    return process
        return None


def sources_of(files: Sequence[str], builtin: Sequence[object] = ()) -> list[Source]:
    """The tournament's players as the command line names them: files, then our levels."""
    return [*(PlayerFile.parse(name) for name in files), *(BuiltinPlayer(Level.parse(level)) for level in builtin)]
