"""Tourney table: games per second of the same small tournament on 1 process, 2 local cores, and 2 Dask workers.

Four copies of ``examples/player.py`` in a round robin at ply 3 (``--quick``: ply 2), a fixed seed, every game's
players in the sandbox as usual. Rows: the local runner with 1 thread (one game at a time), with 2 (two at once),
and ``--cluster`` on a ``dask scheduler`` with two ``dask worker --nthreads 1`` started on this machine for the
table (and stopped after), with TLS and keys of ``cluster-keys``, as the docs start a lab's. Each runner plays two
warm-up games first (the workers' first game finds the sandbox tool), then the timed tournament; the files are
loaded once, before. Ratio: games per second against 1 process.

Last, what a class of 300 files at ply 4 (a round robin, 89,700 games, about 2.2 s of CPU a game) would take on 10
lab machines of 4 cores, at the cluster's measured games per core.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

from vp_connect4.students import sandbox
from vp_connect4.students.tourney import GameRunner, Tournament, entrants_of, local_games, sources_of

from .table import print_table

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "player.py"
FILES = ("a.py", "b.py", "c.py", "d.py")
SEED = 29
COLUMNS = ("run", "games", "seconds", "games/s", "vs 1 process")
CLASS_GAMES, CPU_PER_GAME, MACHINES, CORES = 300 * 299, 2.2, 10, 4


def _tournament(folder: Path, ply: int, games: int) -> Tournament:
    for name in FILES:
        shutil.copyfile(EXAMPLE, folder / name)
    sources = sources_of([str(folder / name) for name in FILES])
    return Tournament(entrants_of(sources, 30.0), ply, games, SEED)


def _timed(tournament: Tournament, runner: GameRunner) -> float:
    """Seconds for the whole tournament on ``runner`` (after two warm-up games on it, not counted)."""
    warm_up = Tournament(tournament.entrants, tournament.ply, 1, SEED + 1)
    for _ in runner(warm_up, warm_up.schedule()[:2]):
        pass
    tournament.results = []
    start = time.perf_counter()
    tournament.play(runner=runner)
    return time.perf_counter() - start


@contextlib.contextmanager
def _dask_on_this_machine(workers: int, folder: Path) -> Iterator[str]:
    """``dask scheduler`` and ``workers`` times ``dask worker --nthreads 1`` on 127.0.0.1, with TLS and the keys of
    ``cluster_keys.make`` in ``folder/keys``: the scheduler's address."""
    from distributed import Client
    from distributed.security import Security

    from vp_connect4.students.tournament import cluster_keys

    keys = folder / "keys"
    cluster_keys.make(keys)
    dask = str(Path(sys.executable).with_name("dask"))
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    address = f"tls://127.0.0.1:{port}"
    root = str(Path(__file__).resolve().parent.parent)
    env = dict(os.environ, TMPDIR=str(folder), PYTHONPATH=os.pathsep.join([root, os.environ.get("PYTHONPATH", "")]))

    def tls(role: str) -> list[str]:
        return ["--tls-ca-file", str(keys / "ca.pem"), "--tls-cert", str(keys / f"{role}.pem"),
                "--tls-key", str(keys / f"{role}.key")]  # fmt: skip

    commands = [[dask, "scheduler", "--protocol", "tls", "--host", "127.0.0.1", "--port", str(port), "--no-dashboard",
                 *tls("scheduler")]]  # fmt: skip
    commands += [[dask, "worker", address, "--nthreads", "1", "--no-dashboard", *tls("worker")]] * workers
    security = Security(tls_ca_file=str(keys / "ca.pem"), tls_client_cert=str(keys / "client.pem"),
                        tls_client_key=str(keys / "client.key"), require_encryption=True)  # fmt: skip
    started: list[subprocess.Popen[bytes]] = []
    try:
        for command in commands:
            started.append(_start(command, env, folder))
        with Client(address, security=security, timeout=60) as client:
            client.wait_for_workers(workers, timeout=120)
        yield address
    finally:
        for process in reversed(started):
            with contextlib.suppress(OSError):
                os.killpg(process.pid, signal.SIGKILL)
            process.wait()


def _start(command: list[str], env: dict[str, str], folder: Path) -> subprocess.Popen[bytes]:
    """A process of its own group (a kill of the group ends a worker's nanny and its worker process alike)."""
    quiet = subprocess.DEVNULL
    return subprocess.Popen(
        command, stdin=quiet, stdout=quiet, stderr=quiet, env=env, cwd=folder, start_new_session=True
    )


def run(quick: bool) -> None:
    """Print the tourney table."""
    ply, games = (2, 1) if quick else (3, 3)
    print(f"Tourney: 4 copies of examples/player.py at ply {ply}, {games} game(s) a pairing and colour, seed {SEED}")
    if not sandbox.protections().isolated:
        print(f"(the sandbox is off here: {sandbox.protections().why_not}; the players run without it)")
    with tempfile.TemporaryDirectory(prefix="vp_connect4-tourney-bench-") as name:
        folder = Path(name)
        tournament = _tournament(folder, ply, games)
        seconds = {"1 process": _timed(tournament, local_games(1)), "2 local cores": _timed(tournament, local_games(2))}
        from vp_connect4.students.tournament.cluster import cluster_games

        with _dask_on_this_machine(2, folder) as address:
            cluster = cluster_games(address, folder / "keys")
            try:
                seconds["2 Dask workers (this machine)"] = _timed(tournament, cluster)
            finally:
                cluster.close()
    total = tournament.total()
    one = total / seconds["1 process"]
    rows = [(run, str(total), f"{took:.1f}", f"{total / took:.2f}", f"{total / took / one:.2f}")
            for run, took in seconds.items()]  # fmt: skip
    print_table(COLUMNS, rows)
    _estimate(total / seconds["2 Dask workers (this machine)"] / 2, one)


def _estimate(per_worker: float, one: float) -> None:
    """What 300 files at ply 4 would take on the lab: the class's CPU, spread over its cores at the measured
    efficiency of a Dask worker (its games per second against one process's)."""
    efficiency = min(1.0, per_worker / one)
    hours = CLASS_GAMES * CPU_PER_GAME / (MACHINES * CORES * efficiency) / 3600
    print(
        f"300 files at ply 4 (round robin, {CLASS_GAMES:,} games, ~{CPU_PER_GAME} s CPU a game): "
        f"{CLASS_GAMES * CPU_PER_GAME / 3600:.0f} CPU-hours; on {MACHINES} machines of {CORES} cores at "
        f"{efficiency:.0%} of one process's speed per worker thread: about {hours:.1f} h"
    )
