"""Every command in the READMEs' code blocks runs as written (``python`` being this interpreter).

A command that plays in the terminal gets no input (a game for a person stops at once, exit 1, with its
moves so far); one that opens the 3D scene runs with ``--no-browser`` until it says where the page is, then
gets SIGTERM. None may be refused as a bad option (exit 2), print a traceback, or hang. The ``make``
commands are the set-up contract itself (``make test`` runs this file); they are not run here.
"""

from __future__ import annotations

import os
import re
import shlex
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import ROOT

READMES = ("README.md", "README.nl.md")
RUNNABLE = ("python main.py", "python -m vp_connect4", "python scenes/", "vp-connect4 ")
SCRIPT = Path(sys.executable).parent / "vp-connect4"  # the console script, beside this Python (pip install)
TERMINAL = ("--text", "--analyse", "--help", " check ", " tourney ", " think ")  # they end on their own
ENV = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONIOENCODING="utf-8", LANG="C.UTF-8")
SERVING = re.compile(rb"http://127\.0\.0\.1:\d+/")
SCENE_TIMEOUT = 90.0  # seconds for a scene to say where its page is, on a busy machine


def readme_commands() -> list[tuple[str, str]]:
    """(README, command) for every runnable line of every code block, its ``# comment`` left out."""
    found = []
    for name in READMES:
        blocks = re.findall(r"^```[a-z]*\n(.*?)^```", (ROOT / name).read_text(), re.S | re.M)
        for block in blocks:
            for line in block.splitlines():
                command = line.split("  #")[0].split(" # ")[0].strip()
                if command.startswith(RUNNABLE):
                    found.append((name, command))
    return found


COMMANDS = readme_commands()


def test_the_readmes_have_commands_of_every_kind() -> None:
    commands = [command for _, command in COMMANDS]
    assert len(commands) >= 20, commands
    assert any(kind in command for command in commands for kind in TERMINAL)
    assert any(not any(kind in command for kind in TERMINAL) for command in commands)  # scenes too


@pytest.mark.slow
@pytest.mark.timeout(300)
@pytest.mark.parametrize(("readme", "command"), COMMANDS, ids=[f"{r}: {c}" for r, c in COMMANDS])
def test_a_readme_command_runs_as_written(readme: str, command: str, tmp_path: Path) -> None:
    program = str(SCRIPT) if command.startswith("vp-connect4 ") else sys.executable
    argv = [program, *shlex.split(command)[1:]]
    if any(kind in f" {command} " for kind in TERMINAL):
        result = subprocess.run(argv, input=b"", capture_output=True, timeout=240, env=ENV, cwd=ROOT)
        err = result.stderr.decode("utf-8", "replace")
        assert result.returncode in (0, 1, 3), (result.returncode, err)
        assert "Traceback" not in err, err
        assert result.stdout, "it printed nothing"
        return
    with subprocess.Popen(
        [*argv, "--no-browser", "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=ENV, cwd=ROOT
    ) as scene:
        out = b""
        deadline = time.monotonic() + SCENE_TIMEOUT
        try:
            assert scene.stdout is not None
            while not SERVING.search(out) and time.monotonic() < deadline and scene.poll() is None:
                out += scene.stdout.readline()
        finally:
            scene.send_signal(signal.SIGTERM)
            _, err = scene.communicate(timeout=60)
        assert SERVING.search(out), (out.decode(), err.decode())
        assert b"Traceback" not in err, err.decode()
