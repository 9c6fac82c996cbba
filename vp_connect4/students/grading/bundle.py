"""``vp-connect4 autograder``: the zip Gradescope takes, made from this installed package.

It holds ``setup.sh`` (installs Python, bubblewrap and vp-connect4 from the source copy the zip carries,
``vp_connect4_source/``), ``run_autograder`` (runs :mod:`.submission`, and leaves a valid results.json even when
that could not run: a fallback written here, in the language of the grades), ``grading.json`` (the settings, any
Python reads it) and the teacher's grading file as it was (``grading.toml``), for reference.
"""

from __future__ import annotations

import importlib.metadata
import json
import zipfile
from pathlib import Path

from ... import wording
from .config import Settings
from .gradescope import results
from .verdicts import REQUIRED, unanswered

PACKAGE = Path(__file__).resolve().parents[2]  # vp_connect4/
TEMPLATES = Path(__file__).resolve().parent / "templates"
SOURCE = "vp_connect4_source"
SETTINGS = "grading.json"
EXECUTABLE = 0o755 << 16  # a zip entry's Unix mode: rwxr-xr-x


def build(out: Path, settings: Settings, grading_file: Path | None = None) -> tuple[int, float]:
    """Write the zip to ``out``; how many tests a submission gets and their points (OSError if it cannot)."""
    plies = tuple(range(settings.ply + 1))
    tests = len(plies) * len(REQUIRED)
    points = sum(settings.points_at(ply) for ply in plies) * len(REQUIRED)
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as bundle:
        _add(bundle, "setup.sh", (TEMPLATES / "setup.sh").read_text(), executable=True)
        _add(bundle, "run_autograder", _run_autograder(settings), executable=True)
        _add(bundle, SETTINGS, json.dumps(settings.as_json(), indent=2) + "\n")
        if grading_file is not None:
            _add(bundle, "grading.toml" if grading_file.suffix == ".toml" else "grading.original.json",
                 grading_file.read_text(encoding="utf-8"))  # fmt: skip
        _add(bundle, f"{SOURCE}/pyproject.toml", _pyproject())
        for path in sorted(PACKAGE.rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc":
                bundle.write(path, f"{SOURCE}/{path.relative_to(PACKAGE.parent).as_posix()}")
    return tests, points


def _add(bundle: zipfile.ZipFile, name: str, text: str, executable: bool = False) -> None:
    info = zipfile.ZipInfo(name, date_time=(2026, 1, 1, 0, 0, 0))
    info.compress_type = zipfile.ZIP_DEFLATED
    info.external_attr = EXECUTABLE if executable else 0o644 << 16
    bundle.writestr(info, text)


def _run_autograder(settings: Settings) -> str:
    """The script, its last-resort results (the package could not even start) said now, in the grades' language."""
    previous = wording.language()
    wording.use_language(settings.language or previous)
    try:
        reason = wording.grading_could_not_run()
        grade = unanswered("", reason, tuple(range(settings.ply + 1)), settings)
    finally:
        wording.use_language(previous)
    fallback = json.dumps(results(grade, settings), indent=2, ensure_ascii=False)
    return (TEMPLATES / "run_autograder").read_text().replace("@FALLBACK@", fallback)


def _pyproject() -> str:
    """A pyproject for the source copy: this package's name, version, dependencies, command and data files."""
    try:
        version = importlib.metadata.version("vp_connect4")
        requires = importlib.metadata.requires("vp_connect4") or []
    except importlib.metadata.PackageNotFoundError:  # run from a checkout that was never installed
        version, requires = "0", []
    data: dict[str, list[str]] = {}
    for path in sorted(PACKAGE.rglob("*")):
        if path.is_file() and path.suffix not in (".py", ".pyc") and "__pycache__" not in path.parts:
            package = path.parent
            while not (package / "__init__.py").is_file():
                package = package.parent
            dotted = ".".join(package.relative_to(PACKAGE.parent).parts)
            data.setdefault(dotted, []).append(path.relative_to(package).as_posix())
    lines = [
        "[build-system]", 'requires = ["setuptools>=61"]', 'build-backend = "setuptools.build_meta"', "",
        "[project]", 'name = "vp_connect4"', f"version = {json.dumps(version)}", 'requires-python = ">=3.10"',
        f"dependencies = {json.dumps([r for r in requires if 'extra ==' not in r])}", "",
        "[project.scripts]", 'vp-connect4 = "vp_connect4.cli:main"', "",
        "[tool.setuptools.packages.find]", 'include = ["vp_connect4*"]', "",
        "[tool.setuptools.package-data]", *(f"{json.dumps(key)} = {json.dumps(files)}" for key, files in data.items()),
    ]  # fmt: skip
    return "\n".join(lines) + "\n"
