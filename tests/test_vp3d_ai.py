"""The AI worker process for real: answers, exceptions, discard and close, and no worker left behind.

The last tests start a scene-like parent process (a script that only creates the runner and makes it
think), kill it, and check that its worker ends by itself within a few seconds; then the same with
the real scene (``main.py``, no browser), which also ends cleanly on SIGTERM and SIGHUP.
"""

from __future__ import annotations

import contextlib
import math
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from concurrent.futures import CancelledError
from pathlib import Path

import pytest
from browser.scene_process import ROOT, SceneProcess, alive, cpu_seconds, descendants, wait_gone

from vp_connect4.game import AI, Seat
from vp_connect4.vp3d.worker.ai import ProcessAiRunner
from vp_connect4.vp3d.worker.jobs import AiRequest

pytestmark = pytest.mark.timeout(60)

ANSWER_TIMEOUT = 20.0  # seconds for a small job, the worker's start included (a busy 2-core machine)
GONE_TIMEOUT = 5.0  # seconds for a worker to end once the scene's process is gone
LONG = 60.0  # seconds: a job that would outlive the test


@pytest.fixture
def runner() -> Iterator[ProcessAiRunner]:
    runner = ProcessAiRunner()
    runner.start()
    try:
        yield runner
    finally:
        runner.close()


def ready_pid(runner: ProcessAiRunner) -> int:
    """The worker's pid, once it has answered a job (so it is serving, SIGINT ignored)."""
    assert runner.submit(abs, -1).result(ANSWER_TIMEOUT) == 1
    assert runner.pid is not None
    return runner.pid


def test_answers_and_exceptions_come_back_as_futures(runner: ProcessAiRunner) -> None:
    squares = [runner.submit(pow, n, 2) for n in range(5)]
    hint = runner.submit(AiRequest(7, 6, "3333", "X", Seat(AI, 2), "LEFT").scores)
    failing = runner.submit(int, "x")
    assert [future.result(ANSWER_TIMEOUT) for future in squares] == [0, 1, 4, 9, 16]
    assert len(hint.result(ANSWER_TIMEOUT)) == 7
    assert isinstance(failing.exception(ANSWER_TIMEOUT), ValueError)
    assert runner.submit(print, "a job's print goes to stderr").result(ANSWER_TIMEOUT) is None
    unpicklable = runner.submit(lambda: 1)
    assert unpicklable.done() and unpicklable.exception() is not None
    assert runner.submit(math.factorial, 5).result(ANSWER_TIMEOUT) == 120


def test_discarding_a_running_job_replaces_the_worker(runner: ProcessAiRunner) -> None:
    old = ready_pid(runner)
    thinking = runner.submit(time.sleep, LONG)
    runner.discard(thinking)
    assert thinking.cancelled()
    assert not alive(old)
    assert runner.pid not in (None, old)  # a fresh worker is ready for the next move
    assert runner.submit(pow, 2, 10).result(ANSWER_TIMEOUT) == 1024


def test_a_discarded_waiting_job_never_runs(runner: ProcessAiRunner, tmp_path: Path) -> None:
    pid = ready_pid(runner)
    marker = tmp_path / "ran"
    busy = runner.submit(time.sleep, 0.3)
    waiting = runner.submit(marker.write_text, "ran")
    runner.discard(waiting)
    assert runner.submit(pow, 2, 3).result(ANSWER_TIMEOUT) == 8
    assert waiting.cancelled() and busy.result() is None
    assert not marker.exists()
    assert runner.pid == pid  # the running job was kept: no new worker

    runner.discard(busy)  # done already: nothing happens
    assert runner.pid == pid and not busy.cancelled()


def test_close_stops_the_worker_and_cancels_the_rest(runner: ProcessAiRunner) -> None:
    pid = ready_pid(runner)
    thinking = runner.submit(time.sleep, LONG)
    waiting = runner.submit(pow, 2, 2)
    runner.close()
    assert thinking.cancelled() and waiting.cancelled()
    with pytest.raises(CancelledError):
        thinking.result(0)
    assert not alive(pid) and runner.pid is None
    with pytest.raises(RuntimeError):
        runner.submit(pow, 2, 2)
    runner.close()  # again: nothing left to do


def test_a_worker_that_dies_fails_its_job_and_the_next_job_gets_a_new_one(runner: ProcessAiRunner) -> None:
    pid = ready_pid(runner)
    thinking = runner.submit(time.sleep, LONG)
    os.kill(pid, signal.SIGKILL)
    assert "ended" in str(thinking.exception(ANSWER_TIMEOUT))
    assert runner.submit(pow, 3, 2).result(ANSWER_TIMEOUT) == 9
    assert runner.pid not in (None, pid)


def test_the_worker_ignores_ctrl_c(runner: ProcessAiRunner) -> None:
    pid = ready_pid(runner)
    napping = runner.submit(time.sleep, 0.5)
    os.kill(pid, signal.SIGINT)  # what Ctrl-C sends to the terminal's whole process group
    assert napping.result(ANSWER_TIMEOUT) is None
    assert runner.pid == pid and alive(pid)


# -- the scene's process dies ------------------------------------------------------------

SCENE = """
import time
from vp_connect4.game import AI, Seat
from vp_connect4.vp3d.worker.ai import ProcessAiRunner
from vp_connect4.vp3d.worker.jobs import AiRequest

if __name__ == "__main__":
    runner = ProcessAiRunner()
    runner.start()
    assert runner.submit(abs, -1).result(timeout=60) == 1
    if {think!r}:
        runner.submit(AiRequest(7, 6, "", "X", Seat(AI, 30), "LEFT").scores)  # a search that would take ages
    print("ready", getattr(runner, "pid", None), flush=True)
    time.sleep(600)
"""


def command_line(pid: int) -> str:
    with contextlib.suppress(OSError):
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    return ""


@pytest.mark.parametrize(
    ("think", "signum"),
    [(True, signal.SIGKILL), (True, signal.SIGTERM), (False, signal.SIGKILL)],
    ids=["thinking-SIGKILL", "thinking-SIGTERM", "idle-SIGKILL"],
)
@pytest.mark.slow
def test_the_worker_ends_by_itself_when_the_scenes_process_dies(tmp_path: Path, think: bool, signum: int) -> None:
    script = tmp_path / "scene.py"
    script.write_text(SCENE.format(think=think))
    errors = tmp_path / "stderr.txt"
    with errors.open("w") as stderr:
        scene = subprocess.Popen(
            [sys.executable, str(script)],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=stderr,
            text=True,
            env=dict(os.environ, PYTHONPATH=str(ROOT)),  # this checkout's vp_connect4
        )
    family: set[int] = set()
    try:
        assert scene.stdout is not None
        line = scene.stdout.readline().split()
        assert line[:1] == ["ready"], errors.read_text()
        family = descendants(scene.pid)
        assert family, "the AI should run in a worker process"
        if think:  # the worker is busy: it burns CPU time
            start = sum(cpu_seconds(pid) for pid in family)
            deadline = time.monotonic() + ANSWER_TIMEOUT
            while sum(cpu_seconds(pid) for pid in family) < start + 0.3 and time.monotonic() < deadline:
                time.sleep(0.05)
            assert sum(cpu_seconds(pid) for pid in family) >= start + 0.3, "the worker should be thinking"

        scene.send_signal(signum)
        scene.wait(ANSWER_TIMEOUT)
        left = wait_gone(family, GONE_TIMEOUT)
        assert left == set(), {pid: command_line(pid) for pid in left}
        assert family == {int(line[1])}, "one child, the worker: no resource tracker"
    finally:
        if scene.poll() is None:
            scene.kill()
            scene.wait()
        for pid in family:
            with contextlib.suppress(OSError):  # gone, as it should be
                os.kill(pid, signal.SIGKILL)


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP, signal.SIGKILL], ids=lambda s: s.name)
def test_a_scene_killed_leaves_no_worker(signum: signal.Signals) -> None:
    with SceneProcess.main() as scene:  # it waits for a browser, which never comes
        scene.wait_for(r"^Open http://\S+ in your browser$", ANSWER_TIMEOUT)
        deadline = time.monotonic() + ANSWER_TIMEOUT
        while not (family := descendants(scene.process.pid)) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert len(family) == 1, family  # the worker, started before the page is waited for

        scene.process.send_signal(signum)
        assert scene.wait_exit() == (-signum if signum == signal.SIGKILL else 128 + signum), scene.describe()
        left = wait_gone(family, GONE_TIMEOUT)
        assert left == set(), {pid: command_line(pid) for pid in left}
