"""``vp-connect4 tourney --cluster``: a real ``dask scheduler`` and two ``dask worker`` processes on this machine play
the tournament, started with the commands ``vp-connect4 cluster-keys`` prints, with the keys it made (TLS). The same
seed gives the same table and the same games as a local run; a worker killed half way loses no game and plays none
twice; a client without the keys is refused; a bad address, or one where no scheduler answers, is one line. Real
processes, waited on by a port that accepts, the scheduler's workers and the results file's rows (no fixed
sleeps)."""

from __future__ import annotations

import datetime
import os
import shlex
import signal
import socket
import ssl
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from conftest import ROOT
from test_students_tourney_survives import csv_rows

from vp_connect4.students import sandbox
from vp_connect4.students.files import PlayerFile
from vp_connect4.students.tournament import cluster as on_cluster
from vp_connect4.students.tournament import cluster_keys
from vp_connect4.students.tourney import Entrant, Pairing, Tournament, game_seed

pytestmark = [
    pytest.mark.timeout(300),
    pytest.mark.skipif(not sandbox.protections().isolated, reason="no sandbox tool here (one line says)"),
]

ENV = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONIOENCODING="utf-8", **{sandbox.REQUIRED_ENV: "1"})
DASK = str(Path(sys.executable).with_name("dask"))
FILES = ("a.py", "b.py", "c.py", "d.py")
SETUP = [*FILES, "--ply", "2", "--games", "2", "--seed", "11"]  # 24 games
TOTAL = 24


@dataclass
class Cluster:
    """A scheduler at ``address`` and its workers' processes (each the leader of its own process group); the keys'
    folder that ``cluster-keys`` made (``--cluster-keys``)."""

    address: str
    workers: list[subprocess.Popen[bytes]]
    keys: Path

    @property
    def port(self) -> int:
        return int(self.address.rsplit(":", 1)[1])

    def options(self) -> list[str]:
        return ["--cluster", self.address, "--cluster-keys", str(self.keys)]

    def kill_worker(self, index: int) -> None:
        """SIGKILL the worker's whole group: its nanny, its worker process (and with it its games' players)."""
        os.killpg(self.workers[index].pid, signal.SIGKILL)
        self.workers[index].wait(timeout=30)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def accepts(port: int) -> bool:
    with socket.socket() as probe:
        probe.settimeout(1)
        return probe.connect_ex(("127.0.0.1", port)) == 0


def wait_for(condition: Callable[[], bool], process: subprocess.Popen[bytes], timeout: float = 150) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert process.poll() is None, "the process ended before the state waited for"
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


def spawn(command: list[str], folder: Path) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        env=dict(ENV, TMPDIR=str(folder)), cwd=folder, start_new_session=True,
    )  # fmt: skip


def vp(*arguments: str, cwd: Path, timeout: float = 200) -> tuple[int, str, str]:
    result = subprocess.run(
        [sys.executable, "-m", "vp_connect4", *arguments],
        capture_output=True, timeout=timeout, env=ENV, cwd=cwd, stdin=subprocess.DEVNULL,
    )  # fmt: skip
    return result.returncode, result.stdout.decode(), result.stderr.decode()


def made_keys(folder: Path) -> list[str]:
    """``vp-connect4 cluster-keys folder``: the commands it says to start the scheduler, a worker and the tourney
    with (HOST and N for the scheduler's machine and a worker's cores)."""
    code, out, err = vp("cluster-keys", str(folder), cwd=folder.parent, timeout=60)
    assert code == 0 and err == "", out + err
    return [line.strip() for line in out.splitlines() if line.startswith("      ")]


def security(keys: Path) -> object:
    from distributed.security import Security

    return Security(tls_ca_file=str(keys / "ca.pem"), tls_client_cert=str(keys / "client.pem"),
                    tls_client_key=str(keys / "client.key"), require_encryption=True)  # fmt: skip


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    """The keys of ``cluster-keys``, and the ``dask scheduler`` and two ``dask worker`` of the commands it prints,
    on 127.0.0.1 (one thread each); every process of them killed after."""
    from distributed import Client

    folder = tmp_path_factory.mktemp("cluster")
    keys = folder / "keys"
    scheduler_command, worker_command, _ = made_keys(keys)
    port = free_port()
    address = f"tls://127.0.0.1:{port}"
    started: list[subprocess.Popen[bytes]] = []
    try:
        here = ["--host", "127.0.0.1", "--port", str(port)]
        scheduler = spawn([DASK, *shlex.split(scheduler_command)[1:], *here], keys)
        started.append(scheduler)
        wait_for(lambda: accepts(port), scheduler, timeout=120)
        worker = [DASK, *shlex.split(worker_command.replace("tls://HOST:8786", address))[1:]]
        worker[worker.index("N")] = "1"
        for _ in range(2):
            started.append(spawn([*worker, "--local-directory", str(folder)], keys))
        with Client(address, security=security(keys), timeout=60) as client:
            client.wait_for_workers(2, timeout=120)
        yield Cluster(address, started[1:], keys)
    finally:
        for process in reversed(started):  # the workers, then the scheduler
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=30)


@dataclass(frozen=True)
class Local:
    """The local run's folder (the four files, its results file ``local.csv``) and its stdout."""

    folder: Path
    out: str


@pytest.fixture(scope="module")
def local(tmp_path_factory: pytest.TempPathFactory) -> Local:
    """Four copies of the example player, and their tournament played on this machine."""
    folder = tmp_path_factory.mktemp("players")
    for name in FILES:
        (folder / name).write_text((ROOT / "examples" / "player.py").read_text())
    code, out, err = tourney(folder, *SETUP, "--out", "local.csv")
    assert code == 0, out + err
    return Local(folder, out)


def tourney(folder: Path, *arguments: str, timeout: float = 200) -> tuple[int, str, str]:
    return vp("tourney", *arguments, cwd=folder, timeout=timeout)


def by_game(rows: list[dict[str, str]]) -> list[dict[str, str]]:
    return sorted(rows, key=lambda row: int(row["game"]))


def table_of(out: str) -> list[str]:
    lines = out.splitlines()
    head = next(index for index, line in enumerate(lines) if line.startswith("#  player"))
    return lines[head : lines.index("", head)]


def test_a_file_travels_with_the_modules_beside_it_but_never_another_entrants(tmp_path: Path) -> None:
    (tmp_path / "helper.py").write_text((ROOT / "examples" / "player.py").read_text())
    (tmp_path / "mine.py").write_text("from helper import Player\n")
    (tmp_path / "theirs.py").write_text((ROOT / "examples" / "player.py").read_text())
    (tmp_path / "notes.txt").write_text("not a module")
    mine, theirs = PlayerFile.parse(str(tmp_path / "mine.py")), PlayerFile.parse(str(tmp_path / "theirs.py"))
    sandbox.keep_apart([mine.path, theirs.path])
    shipped = on_cluster.ship(mine)
    assert [name for name, _ in shipped.files] == ["mine.py", "helper.py"]  # the file first; no theirs.py, no .txt
    assert shipped.files[1][1] == (tmp_path / "helper.py").read_bytes()
    assert [name for name, _ in on_cluster.ship(theirs).files] == ["theirs.py", "helper.py"]  # no mine.py
    unpacked = on_cluster.unpacked(shipped)
    assert unpacked.shown == mine.shown and unpacked.path.parent != tmp_path
    assert sorted(path.name for path in unpacked.path.parent.iterdir()) == ["helper.py", "mine.py"]
    assert on_cluster.unpacked(shipped) == unpacked  # written once


def test_a_game_played_as_a_task_is_the_game_played_here_with_the_same_traceback(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``cluster.play`` (what a worker runs), called here: the same moves, result and student's traceback lines (with
    the teacher's file names, not the worker's folder) as ``Tournament.play_game``."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "helper.py").write_text((ROOT / "examples" / "player.py").read_text())
    (tmp_path / "mine.py").write_text("from helper import Player\n")
    (tmp_path / "raising.py").write_text((ROOT / "examples" / "raising_player.py").read_text())
    sources = [PlayerFile.parse("mine.py"), PlayerFile.parse("raising.py")]
    sandbox.keep_apart(source.path for source in sources)
    here = Tournament([Entrant.of(source) for source in sources], 2, seed=3)
    rules = on_cluster.Rules(2, here.time_limit, sandbox.memory_limit(), sandbox.required())
    shipped = [on_cluster.ship(source) for source in sources]
    for number, (x, o) in enumerate([(0, 1), (1, 0)], start=1):
        pairing = Pairing(number, x, o, game_seed(3, number))
        local = here.play_game(pairing)
        remote = on_cluster.play(shipped[x], shipped[o], pairing, rules)
        assert remote.pairing == pairing and (remote.winner, remote.moves) == (local.winner, local.moves)
        assert remote.forfeit == local.forfeit == ("O" if x == 0 else "X")  # raising.py raises
        assert str(remote.error) == str(local.error) and 'File "raising.py", line' in str(local.error)


@pytest.mark.slow
def test_the_cluster_plays_the_same_games_to_the_same_table_as_this_machine(cluster: Cluster, local: Local) -> None:
    code, out, err = tourney(local.folder, *SETUP, *cluster.options(), "--out", "cluster.csv")
    assert code == 0, out + err
    assert out.splitlines()[0] == (
        f"Tournament: 4 players, {TOTAL} games at ply 2 (seed 11), on the cluster at {cluster.address}: 2 workers, "
        "2 at a time."
    )
    assert "Traceback" not in err and f"{TOTAL}/{TOTAL} games" in err
    assert table_of(out) == table_of(local.out)
    rows = csv_rows(local.folder / "cluster.csv")
    assert len(rows) == TOTAL and by_game(rows) == by_game(csv_rows(local.folder / "local.csv"))


@pytest.mark.slow
def test_sigterm_stops_a_tournament_on_the_cluster_at_once_with_every_finished_game(
    cluster: Cluster, local: Local
) -> None:
    results = local.folder / "stopped.csv"
    said = local.folder / "stopped.txt"
    arguments = [*FILES, "--ply", "2", "--games", "4", "--seed", "11", *cluster.options()]
    with said.open("wb") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "vp_connect4", "tourney", *arguments, "--out", results.name],
            stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.DEVNULL, env=ENV, cwd=local.folder,
        )  # fmt: skip
        try:
            wait_for(lambda: len(csv_rows(results)) >= 2, process)
            process.send_signal(signal.SIGTERM)
            assert process.wait(timeout=30) == 128 + signal.SIGTERM  # the games left are cancelled, not waited for
        finally:
            if process.poll() is None:
                process.kill()
                process.wait()
    rows = csv_rows(results)
    assert 2 <= len(rows) < 48 and len({row["game"] for row in rows}) == len(rows)
    stopped = f"Tournament stopped after {len(rows)} of 48 games; the games played are in stopped.csv."
    assert f"{stopped} The same command with --resume stopped.csv plays the rest." in said.read_text()


@pytest.mark.slow
def test_a_worker_killed_half_way_loses_no_game_and_plays_none_twice(cluster: Cluster, local: Local) -> None:
    results = local.folder / "killed.csv"
    said = local.folder / "killed.txt"
    with said.open("wb") as out:
        arguments = [*SETUP, *cluster.options(), "--out", results.name]
        process = subprocess.Popen(
            [sys.executable, "-m", "vp_connect4", "tourney", *arguments],
            stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.DEVNULL, env=ENV, cwd=local.folder,
        )  # fmt: skip
        try:
            wait_for(lambda: len(csv_rows(results)) >= 2, process)
            cluster.kill_worker(0)  # playing its next game: the scheduler gives that one to the other worker
            assert process.wait(timeout=200) == 0
        finally:
            if process.poll() is None:
                process.kill()
                process.wait()
    rows = csv_rows(results)
    assert len(rows) == TOTAL and len({row["game"] for row in rows}) == TOTAL  # every game, each once
    assert by_game(rows) == by_game(csv_rows(local.folder / "local.csv"))
    assert table_of(said.read_text()) == table_of(local.out)




# -- the keys, and who is let in ------------------------------------------------------------------------------------


KEY_FILES = ["ca.pem", "client.key", "client.pem", "scheduler.key", "scheduler.pem", "worker.key", "worker.pem"]


def test_cluster_keys_makes_an_authority_and_a_key_for_each_role_that_only_its_owner_reads(tmp_path: Path) -> None:
    from cryptography import x509
    from cryptography.hazmat.primitives import serialization

    folder = tmp_path / "keys"
    commands = made_keys(folder)
    assert sorted(path.name for path in folder.iterdir()) == KEY_FILES  # the authority's own key is not kept
    assert folder.stat().st_mode & 0o777 == 0o700
    ca = x509.load_pem_x509_certificate((folder / "ca.pem").read_bytes())
    assert ca.extensions.get_extension_for_class(x509.BasicConstraints).value.ca
    for role in ("scheduler", "worker", "client"):
        key_path = folder / f"{role}.key"
        assert key_path.stat().st_mode & 0o777 == 0o600
        cert = x509.load_pem_x509_certificate((folder / f"{role}.pem").read_bytes())
        cert.verify_directly_issued_by(ca)  # raises if the authority did not sign it
        key = serialization.load_pem_private_key(key_path.read_bytes(), password=None)
        assert cert.public_key() == key.public_key()
        assert cert.not_valid_after_utc > datetime.datetime.now(datetime.timezone.utc) + datetime.timedelta(days=365)
    tls = "--tls-ca-file ca.pem --tls-cert {0}.pem --tls-key {0}.key --no-dashboard"
    assert commands == [
        "dask scheduler --protocol tls " + tls.format("scheduler"),
        "dask worker tls://HOST:8786 --nthreads N " + tls.format("worker"),
        f"vp-connect4 tourney *.py --cluster tls://HOST:8786 --cluster-keys {folder}",
    ]
    before = {name: (folder / name).read_bytes() for name in KEY_FILES}
    code, out, err = vp("cluster-keys", str(folder), cwd=tmp_path, timeout=60)  # never over keys in use
    assert (code, out) == (2, "") and err == (
        f"vp-connect4 cluster-keys: error: {folder}/ca.pem is there already: cluster keys are never overwritten "
        "(the lab's machines may be using them); make new ones in another folder\n"
    )
    assert {name: (folder / name).read_bytes() for name in KEY_FILES} == before


@pytest.mark.parametrize("doc", ["docs/teachers.md", "docs/eigen-player.md"])
def test_the_docs_start_the_cluster_with_the_commands_cluster_keys_prints(doc: str, tmp_path: Path) -> None:
    """The commands the fixture above starts the cluster with, as the teachers' docs (English, Dutch) show them."""
    code, out, err = vp("cluster-keys", "keys", cwd=tmp_path, timeout=60)
    assert code == 0, err
    text = (ROOT / doc).read_text()
    for command in [line.strip() for line in out.splitlines() if line.startswith("      ")]:
        assert command in text, command
    assert "dask worker tcp://" not in text and "--cluster tcp://" not in text  # no cluster without keys


def connects(address: str, **options: object) -> bool:
    """Whether Dask's own client gets in at ``address`` (closed again if it does)."""
    from distributed import Client

    try:
        client = Client(address, timeout=10, set_as_default=False, **options)
    except OSError:
        return False
    client.close()
    return True


@pytest.mark.slow
def test_a_client_without_the_keys_is_refused(cluster: Cluster, tmp_path: Path) -> None:
    """Dask's client as the old commands had it (no TLS, no keys), TLS without a client's key (at the scheduler and
    at each worker), and another authority's keys: all refused; the tourney with those keys says so in one line."""
    from distributed import Client

    assert not connects(f"tcp://127.0.0.1:{cluster.port}")
    assert connects(cluster.address, security=security(cluster.keys))  # the teacher's keys: let in
    authority_only = ssl.create_default_context(cafile=str(cluster.keys / "ca.pem"))
    authority_only.check_hostname = False
    with Client(cluster.address, security=security(cluster.keys), timeout=10, set_as_default=False) as client:
        workers = list(client.scheduler_info()["workers"])  # those left (a test above kills one)
    assert workers
    for address in [cluster.address, *workers]:  # the scheduler, and each worker's own port
        with pytest.raises(cluster_keys.Unreachable, match=r"^no secure connection to the scheduler at .*SSLError"):
            cluster_keys.reach(address, authority_only)
        assert cluster_keys.reach(address, cluster_keys.client_context(cluster.keys)) is None
    other = tmp_path / "other"
    made_keys(other)  # another cluster-keys: another authority
    assert not connects(cluster.address, security=security(other))
    for name in FILES[:2]:
        (tmp_path / name).write_text((ROOT / "examples" / "player.py").read_text())
    code, out, err = tourney(tmp_path, *FILES[:2], "--ply", "1", "--cluster", cluster.address, "--cluster-keys",
                             str(other), timeout=30)  # fmt: skip
    assert (code, out) == (2, "") and len(err.splitlines()) == 1, err
    assert err.startswith(f"vp-connect4 tourney: error: no secure connection to the scheduler at {cluster.address} (")
    assert "CERTIFICATE_VERIFY_FAILED" in err and not (tmp_path / "tourney.csv").exists()


# -- a bad address: one line, at once -------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def keys(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("keys") / "keys"
    made_keys(folder)
    return folder


def serve(listener: socket.socket, greeting: bytes) -> None:
    """Accept connections and greet each with ``greeting`` in plain text, as Dask's scheduler without TLS does."""
    while True:
        try:
            connection, _ = listener.accept()
        except OSError:  # the listener closed: the test is over
            return
        with connection:
            connection.sendall(greeting)
            connection.recv(1024)


@pytest.fixture
def listeners() -> Iterator[dict[str, int]]:
    """Ports on 127.0.0.1: ``silent`` accepts and never says a word; ``plain`` greets without TLS."""
    silent, plain = socket.create_server(("127.0.0.1", 0)), socket.create_server(("127.0.0.1", 0))
    threading.Thread(target=serve, args=(plain, b"\x00" * 64), daemon=True).start()
    try:
        yield {"silent": silent.getsockname()[1], "plain": plain.getsockname()[1]}
    finally:
        silent.close()
        plain.close()


BAD_ADDRESSES = {
    "garbage://x": "argument --cluster: garbage://x is not the address of a Dask scheduler: give tls://HOST:PORT",
    "127.0.0.1:8786": "argument --cluster: 127.0.0.1:8786 is not the address of a Dask scheduler",
    "tls://127.0.0.1:99999": "argument --cluster: tls://127.0.0.1:99999 is not the address of a Dask scheduler",
    "tcp://127.0.0.1:{free}": "argument --cluster: tcp://127.0.0.1:{free} is not secured (whoever reaches",
    "tls://127.0.0.1:{free}": "no Dask scheduler answered at tls://127.0.0.1:{free} (ConnectionRefusedError",
    "tls://127.0.0.1:{plain}": "no secure connection to the scheduler at tls://127.0.0.1:{plain} (SSLError",
    "tls://127.0.0.1:{silent}": "nothing answered at tls://127.0.0.1:{silent} within 6 s: is the scheduler's machine",
}


@pytest.mark.slow
@pytest.mark.parametrize("typed", list(BAD_ADDRESSES))
def test_a_bad_address_or_no_scheduler_there_is_one_line(
    typed: str, keys: Path, listeners: dict[str, int], tmp_path: Path
) -> None:
    """Each in one line (exit code 2), no traceback, no line of Dask's; the silent port after 6 s, the others at
    once (the subprocess's timeout only stops a hang: durations are not asserted)."""
    ports = {"free": free_port(), **listeners}
    address, expected = typed.format(**ports), BAD_ADDRESSES[typed].format(**ports)
    for name in FILES[:2]:
        (tmp_path / name).write_text((ROOT / "examples" / "player.py").read_text())
    arguments = [*FILES[:2], "--ply", "1", "--cluster", address, "--cluster-keys", str(keys)]
    code, out, err = tourney(tmp_path, *arguments, timeout=30)
    assert (code, out) == (2, "") and len(err.splitlines()) == 1, err
    assert err.startswith(f"vp-connect4 tourney: error: {expected}"), err
    assert not (tmp_path / "tourney.csv").exists()


def test_a_machine_that_is_not_known_is_one_line(keys: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """(The name is looked up here, without a network: the lookup's answer is the one a resolver gives.)"""

    def unknown(*_: object, **__: object) -> None:
        raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")

    monkeypatch.setattr(socket, "getaddrinfo", unknown)
    with pytest.raises(cluster_keys.Unreachable) as said:
        cluster_keys.reach("tls://lab99.example:8786", cluster_keys.client_context(keys))
    assert str(said.value) == (
        "no Dask scheduler answered at tls://lab99.example:8786 (gaierror: [Errno -2] Name or service not known): "
        "start one there with dask scheduler --protocol tls and its keys, and dask worker tls://lab99.example:8786 on "
        "the lab's machines"
    )


@pytest.mark.parametrize(("given", "expected"), [
    (["--cluster", "tls://127.0.0.1:8786"], "--cluster needs --cluster-keys FOLDER"),
    (["--cluster-keys", "keys"], "--cluster-keys goes with --cluster tls://HOST:PORT"),
    (["--cluster", "tls://127.0.0.1:8786", "--cluster-keys", "nowhere"],
     "the cluster's keys in nowhere could not be read (nowhere/ca.pem: No such file or directory)"),
])  # fmt: skip
def test_the_keys_missing_is_one_line(given: list[str], expected: str, tmp_path: Path) -> None:
    for name in FILES[:2]:
        (tmp_path / name).write_text((ROOT / "examples" / "player.py").read_text())
    code, out, err = tourney(tmp_path, *FILES[:2], "--ply", "1", *given, timeout=30)
    assert (code, out) == (2, "") and len(err.splitlines()) == 1, err
    assert err.startswith(f"vp-connect4 tourney: error: {expected}"), err
