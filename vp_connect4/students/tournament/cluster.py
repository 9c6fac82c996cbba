"""``vp-connect4 tourney ... --cluster tls://HOST:8786 --cluster-keys FOLDER``: the games on a Dask distributed
cluster (the lab's machines) that only the teacher can use.

The teacher makes the keys with ``vp-connect4 cluster-keys FOLDER`` (:mod:`.cluster_keys`), starts ``dask scheduler
--protocol tls`` with the scheduler's keys on one machine and ``dask worker tls://HOST:8786`` with the workers' keys
on each lab machine, every one with this package (and bubblewrap) installed. Every connection is TLS with
certificates of the keys' own authority on both ends: a program without one of the keys is refused, so only the
teacher's client hands the workers code to run. Before Dask's client connects, :func:`.cluster_keys.reach` asks the
scheduler once, so a bad address, a machine that is not there or keys that do not fit are one line at once.

Each game is a task of its own (its key holds its number), handed to the scheduler a window at a time (a few per
thread the cluster has, topped up as games end: the scheduler never holds the whole schedule, and workers that join
later get games too). A task carries its two players as the contents of their files, not as paths (the lab's
machines need not share the teacher's disk): a player file and the Python modules beside it that its sandbox is
shown (:func:`.sandbox.shown_files`: never another entrant's file). The worker writes them once (by their contents'
hash) into a folder of its own and plays the game with the same :meth:`.Tournament.play_game` as a local run, in the
sandbox of its machine, with the teacher's memory limit and move time; messages and tables keep the teacher's names.
Each game's seed comes from its number, so the same seed plays the same games, and gives the same table, as on this
machine.

A worker lost mid-game: the scheduler gives its games to another (a game that takes more workers with it than the
scheduler allows, or that fails on a worker, stops the tournament in one line, the games played kept for
``--resume``); each game is yielded once, whatever happens. Closing the games (Ctrl-C, SIGTERM) cancels those not
started and closes the connection.

Only this module imports Dask (``distributed``), and only ``tourney --cluster`` imports this module.
"""

from __future__ import annotations

import atexit
import contextlib
import dataclasses
import hashlib
import logging
import os
import shutil
import tempfile
import threading
import time
import uuid
import warnings
from collections.abc import Iterator, Sequence
from pathlib import Path

from distributed import Client, Future, as_completed
from distributed.security import Security

from ... import wording
from .. import sandbox
from ..errors import StudentError
from ..files import BuiltinPlayer, PlayerFile, Source
from ..tourney import IDLE_PER_GAME, TIEBREAK, Entrant, GameResult, LiveWorkers, Pairing, Tournament
from ..worker import traces
from . import cluster_keys
from .cluster_keys import Unreachable, one_line
from .stopping import Unfinished

CONNECT_SECONDS = 10.0  # for Dask's client to connect, once the scheduler has let these keys in (cluster_keys.reach)
FIRST_WORKER_SECONDS = 30.0  # for a first worker to join a scheduler that has none
CLOSE_SECONDS = 5.0
PER_THREAD = 3  # games handed to the scheduler per thread of the cluster (one playing, the next ones waiting)
LEAST_WINDOW = 8
QUIET_LOGS = ("distributed", "tornado", "asyncio")
ASK_SECONDS = 5.0  # how often the cluster's threads are asked again (workers come and go)


@dataclasses.dataclass(frozen=True)
class Shipped:
    """A player file as it travels to a worker: its name and class as the teacher gave them, its folder as messages
    show it, and the contents of the file (first) and of the modules beside it that its sandbox is shown."""

    shown: str
    class_name: str | None
    folder: str
    files: tuple[tuple[str, bytes], ...]
    digest: str


@dataclasses.dataclass(frozen=True)
class Rules:
    """What every game on a worker plays under: the teacher's ply, move time, memory limit; whether a player file
    may only run in the sandbox (:func:`.sandbox.required`)."""

    ply: int
    time_limit: float
    memory: int
    required: bool
    tiebreak: str = TIEBREAK

    def apply(self) -> None:
        sandbox.set_memory_limit(self.memory)
        if self.required:
            os.environ[sandbox.REQUIRED_ENV] = "1"


Traveller = Shipped | BuiltinPlayer  # a player as it travels


def ship(source: PlayerFile) -> Shipped:
    """The file and the modules its sandbox would be shown here (OSError: one cannot be read)."""
    files = tuple((path.name, path.read_bytes()) for path in sandbox.shown_files(source.path))
    digest = hashlib.sha256()
    for name, data in files:
        digest.update(f"{name}\0{len(data)}\0".encode())
        digest.update(data)
    folder = traces.shown_path(str(source.path.parent), os.getcwd())  # as the student's traceback shows it here
    return Shipped(source.shown, source.class_name, folder, files, digest.hexdigest())


# -- on the worker ----------------------------------------------------------------------------------------------


_unpacked: dict[str, Path] = {}  # a Shipped's digest: the folder its files were written to, in this process
_unpacking = threading.Lock()
_root: list[Path] = []  # this process's folder of them (made at the first, removed at its end)


def unpacked(shipped: Shipped) -> PlayerFile:
    """The shipped file, written here once (its modules beside it), as the teacher named it."""
    with _unpacking:
        folder = _unpacked.get(shipped.digest)
        if folder is None:
            folder = _unpacked[shipped.digest] = _write(shipped)
    return PlayerFile(folder / Path(shipped.files[0][0]).name, shipped.class_name, shipped.shown)


def _write(shipped: Shipped) -> Path:
    if not _root:
        _root.append(Path(tempfile.mkdtemp(prefix="vp_connect4-cluster-")))
        atexit.register(shutil.rmtree, _root[0], True)
    folder = _root[0] / shipped.digest[:24]
    folder.mkdir(exist_ok=True)
    for name, data in shipped.files:
        (folder / Path(name).name).write_bytes(data)
    return folder


def play(x: Traveller, o: Traveller, pairing: Pairing, rules: Rules) -> GameResult:
    """One game on a worker (a task): as :meth:`.Tournament.play_game` plays it on the teacher's machine."""
    rules.apply()
    sources = [unpacked(side) if isinstance(side, Shipped) else side for side in (x, o)]
    tournament = Tournament([Entrant.of(source) for source in sources], rules.ply, time_limit=rules.time_limit,
                            tiebreak=rules.tiebreak)  # fmt: skip
    result = tournament.play_game(Pairing(pairing.number, 0, 1, pairing.seed), _live(rules))
    shown = {str(_unpacked[side.digest]): side.folder for side in (x, o) if isinstance(side, Shipped)}
    return dataclasses.replace(result, pairing=pairing, error=_as_shown(result.error, shown))


_kept_alive: dict[Rules, LiveWorkers] = {}  # this worker process's players' processes, waiting for their next game
_keeping = threading.Lock()


def _live(rules: Rules) -> LiveWorkers:
    """The players' processes of this worker's games under ``rules``: a file's next game on the same thread takes up
    its process, as on the teacher's machine (:class:`.LiveWorkers`); they end with the worker."""
    with _keeping:
        if rules not in _kept_alive:
            _kept_alive[rules] = LiveWorkers(idle=IDLE_PER_GAME * (os.cpu_count() or 1))
        return _kept_alive[rules]


def _decided_here(tournament: Tournament, travellers: list[Traveller | None], pairing: Pairing) -> bool:
    """Whether a side of ``pairing`` forfeits without playing (its file did not load, or it ran out of time before)."""
    sides = (pairing.x, pairing.o)
    return any(travellers[side] is None or tournament.cannot_play(side) is not None for side in sides)


def _as_shown(error: StudentError | None, folders: dict[str, str]) -> StudentError | None:
    """The student's traceback lines with the teacher's folders in them, not this worker's."""
    if error is None or not error.lines:
        return error
    lines = []
    for line in error.lines:
        for written, folder in folders.items():
            for seen in {written, os.path.relpath(written)}:
                line = line.replace(seen + os.sep, "" if folder == os.curdir else folder + os.sep)
        lines.append(line)
    return StudentError(error.args[0], error.kind, tuple(lines))


def worker_protections() -> sandbox.Protections:
    """What the sandbox holds on a worker (asked of each at the start)."""
    return sandbox.protections()


# -- on the teacher's machine -------------------------------------------------------------------------------------


class ClusterGames:
    """The games on the cluster at ``address`` (a connected client): a :data:`.GameRunner`."""

    def __init__(self, client: Client, address: str) -> None:
        self.client = client
        self.address = address
        self._token = uuid.uuid4().hex[:12]  # the keys of this run's games: no other run's on the same scheduler
        self._threads, self._asked = 1, -ASK_SECONDS

    def threads(self) -> int:
        """The threads of the cluster's workers now: the games it plays at once."""
        return sum(self.client.nthreads().values())

    def heading(self, players: int, games: int, ply: int, seed: int) -> str:
        """The tournament's first line (on the cluster, its workers), then a line for each worker that plays without
        the sandbox (or part of it)."""
        workers: dict[str, int] = {}
        with contextlib.suppress(Exception):  # the scheduler lost meanwhile: the first game says so
            workers = self.client.nthreads()
        threads = sum(workers.values())
        lines = [wording.tourney_on_cluster(players, games, ply, seed, self.address, len(workers), threads)]
        try:
            found = self.client.run(worker_protections)
        except Exception as error:  # a worker without this package (or that left meanwhile)
            found = {}
            lines.append(wording.tourney_worker_unknown(one_line(error)))
        for worker, held in sorted(found.items()):
            if not (held.isolated and held.processes_capped):
                lines.append(wording.tourney_worker_unprotected(worker, held.sentence()))
        return "\n".join(lines)

    def __call__(self, tournament: Tournament, pairings: Sequence[Pairing]) -> Iterator[GameResult]:
        return self._games(tournament, pairings)

    def _games(self, tournament: Tournament, pairings: Sequence[Pairing]) -> Iterator[GameResult]:
        travellers = _travellers(tournament.entrants)
        rules = Rules(tournament.ply, tournament.time_limit, sandbox.memory_limit(), sandbox.required(),
                      tournament.tiebreak)  # fmt: skip
        waiting = [pairing for pairing in reversed(pairings)]  # the next game last
        running: dict[Future, Pairing] = {}
        ended = as_completed(loop=self.client.loop)
        seen: set[int] = set()
        try:
            while waiting or running:
                self._top_up(tournament, travellers, rules, waiting, running, ended)
                for result in self._local(tournament, travellers, waiting):
                    yield result
                if not running:
                    continue
                future = next(ended)
                result = _result(future, running.pop(future))
                tournament.note_stall(result)
                if result.pairing.number not in seen:  # never twice, should the cluster bring one back again
                    seen.add(result.pairing.number)
                    yield result
        finally:
            self._cancel(list(running))

    def _top_up(self, tournament: Tournament, travellers: list[Traveller | None], rules: Rules,
                waiting: list[Pairing], running: dict[Future, Pairing], ended: as_completed) -> None:  # fmt: skip
        """Hand the scheduler the next games, up to the window (a few per thread the cluster has now)."""
        window = max(LEAST_WINDOW, PER_THREAD * self._threads_now())
        while waiting and len(running) < window:
            pairing = waiting[-1]
            x, o = travellers[pairing.x], travellers[pairing.o]
            if _decided_here(tournament, travellers, pairing):  # (_local)
                return
            waiting.pop()
            key = f"vp-connect4-game-{pairing.number}-{self._token}"
            future = self.client.submit(play, x, o, pairing, rules, key=key, pure=False)
            running[future] = pairing
            ended.add(future)

    def _threads_now(self) -> int:
        """The cluster's threads, asked again every :data:`ASK_SECONDS` (the last answer while none comes)."""
        if time.monotonic() - self._asked > ASK_SECONDS:
            with contextlib.suppress(Exception):
                self._threads = self.threads()
                self._asked = time.monotonic()
        return self._threads

    @staticmethod
    def _local(
        tournament: Tournament, travellers: list[Traveller | None], waiting: list[Pairing]
    ) -> Iterator[GameResult]:
        """The next games with a player that could not be loaded, or that ran out of time in an earlier game:
        forfeits, decided here."""
        while waiting and _decided_here(tournament, travellers, waiting[-1]):
            yield tournament.play_game(waiting.pop())

    def _cancel(self, futures: list[Future]) -> None:
        """The games not ended: cancelled (one playing plays on to its end on its worker, unheard)."""
        with contextlib.suppress(Exception):
            if futures:
                self.client.cancel(futures, force=True)

    def close(self) -> None:
        """The connection to the scheduler closed (again: nothing), by whoever connected it (its games may run more
        than once: a resumed tournament, a warm-up)."""
        with contextlib.suppress(Exception):
            self.client.close(timeout=CLOSE_SECONDS)


def _travellers(entrants: Sequence[Entrant]) -> list[Traveller | None]:
    """Each entrant as it travels (None: it could not be loaded, and forfeits every game here)."""
    sandbox.keep_apart(entrant.source.path for entrant in entrants if isinstance(entrant.source, PlayerFile))
    found: list[Traveller | None] = []
    for entrant in entrants:
        source: Source = entrant.source
        try:
            found.append(None if entrant.failure else ship(source) if isinstance(source, PlayerFile) else source)
        except OSError as error:
            raise Unfinished(wording.tourney_not_shipped(entrant.name, error.strerror or str(error))) from None
    return found


def _result(future: Future, pairing: Pairing) -> GameResult:
    """The game's result; a game the cluster could not play stops the tournament (:class:`.Unfinished`)."""
    try:
        result = future.result()
    except Exception as error:  # it failed on a worker, took too many workers with it, or the scheduler was lost
        raise Unfinished(wording.tourney_cluster_failed(pairing.number, one_line(error))) from None
    if not isinstance(result, GameResult) or result.pairing.number != pairing.number:
        raise Unfinished(wording.tourney_cluster_failed(pairing.number, repr(result)[:200]))
    return result


def _quiet() -> None:
    """No log lines, warnings or tracebacks of Dask's (nor of the event loop it runs) on the teacher's terminal: what
    goes wrong is said in our words."""
    off = logging.CRITICAL + 1
    names = [name for name in logging.root.manager.loggerDict if name.partition(".")[0] in QUIET_LOGS]
    for name in {*QUIET_LOGS, *names}:
        logging.getLogger(name).setLevel(off)
        for handler in logging.getLogger(name).handlers:
            handler.setLevel(off)
    for module in QUIET_LOGS:
        warnings.filterwarnings("ignore", module=module)


def cluster_games(address: str, keys: Path) -> ClusterGames:
    """The games on the cluster whose scheduler is at ``address`` (``tls://HOST:PORT``), connected with the client's
    keys in the folder ``keys`` (``cluster-keys`` made it); :class:`.Unreachable` if the scheduler does not let them
    in (:func:`.cluster_keys.reach`), or no worker joins it within :data:`FIRST_WORKER_SECONDS`."""
    _quiet()
    try:
        address = cluster_keys.scheduler_address(address)
    except ValueError as error:
        raise Unreachable(str(error)) from None
    cluster_keys.reach(address, cluster_keys.client_context(keys))
    cert, key = cluster_keys.cert_file(keys, "client"), cluster_keys.key_file(keys, "client")
    security = Security(tls_ca_file=str(keys / cluster_keys.CA_FILE), tls_client_cert=str(cert),
                        tls_client_key=str(key), require_encryption=True)  # fmt: skip
    try:
        client = Client(address, security=security, timeout=CONNECT_SECONDS, set_as_default=False)
    except Exception as error:  # the scheduler stopped answering since
        raise Unreachable(wording.tourney_no_cluster(address, one_line(error))) from None
    games = ClusterGames(client, address)
    try:
        client.wait_for_workers(1, timeout=FIRST_WORKER_SECONDS)
    except Exception:
        games.close()
        raise Unreachable(wording.tourney_no_workers(address, round(FIRST_WORKER_SECONDS))) from None
    return games
