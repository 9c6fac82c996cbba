"""The floors of the package, held: every import of every module (at any depth of its code) goes down the table
of floors in docs/architecture.md, or stays in its own unit; never up, never across a floor. The table is read
from that document, so the picture a newcomer reads and the rule the suite holds are one."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

import vp_connect4

PACKAGE = Path(vp_connect4.__file__).resolve().parent
ARCHITECTURE = PACKAGE.parent / "docs" / "architecture.md"
MARKER = "<!-- floors: read by tests/test_layers.py -->"
DOTTED = re.compile(r"[a-z_][a-z0-9_]*(\.[a-z_][a-z0-9_]*)*(\.[A-Z][A-Za-z0-9_]*)?")  # modules, maybe a class


@dataclass(frozen=True)
class Floor:
    number: int
    units: tuple[str, ...]  # module paths below the package: "engine", "vp3d.app", "__init__"
    face: tuple[str, ...]  # what floors above the next one may import of it (empty: everything)


@dataclass(frozen=True)
class Import:
    source: str  # the importing module, below the package ("rules.referee")
    target: str  # the imported module, below the package
    line: int


def read_floors(text: str) -> list[Floor]:
    """The table after ``MARKER``: a header naming the columns, then one row a floor (its number first) whose
    continuation rows (no number) go on with its description; ``face:`` in a description names the face."""
    block = text.split(MARKER, 1)[1].split("```", 2)[1].strip("\n").splitlines()
    header, rows = block[0], block[1:]
    units_at, words_at = header.index("units"), header.index("what lives there")
    floors: list[tuple[int, list[str], list[str]]] = []
    for row in rows:
        number = row[:units_at].strip()
        if number:
            floors.append((int(number), row[units_at:words_at].split(), []))
        floors[-1][2].append(row[words_at:])
    found = []
    for number, units, words in floors:
        _, has_face, face = " ".join(words).partition("face:")
        names = tuple(word for word in face.split() if DOTTED.fullmatch(word)) if has_face else ()
        found.append(Floor(number, tuple(units), names))
    return found


FLOORS = read_floors(ARCHITECTURE.read_text())


def module_of(path: Path) -> str:
    """``vp3d/app.py`` -> ``vp3d.app``; a package's ``__init__.py`` -> the package (the root: ``__init__``)."""
    parts = path.relative_to(PACKAGE).with_suffix("").parts
    if parts[-1] == "__init__" and len(parts) > 1:
        parts = parts[:-1]
    return ".".join(parts)


MODULES = {module_of(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def unit_of(module: str) -> str | None:
    """The longest unit of the table that is ``module`` or a package holding it."""
    units = [unit for floor in FLOORS for unit in floor.units]
    holding = [unit for unit in units if module == unit or module.startswith(unit + ".")]
    return max(holding, key=len, default=None)


def floor_of(unit: str) -> Floor:
    return next(floor for floor in FLOORS if unit in floor.units)


def imported_from(module: str, path: Path, node: ast.ImportFrom) -> str | None:
    """The module of the package that ``node`` (in ``module``, read from ``path``) imports from, or None."""
    if node.level:
        package = module if path.name == "__init__.py" else module.rpartition(".")[0]
        base = package.split(".") if package and package != "__init__" else []
        base = base[: len(base) - (node.level - 1)] if node.level > 1 else base
        return ".".join([*base, *([node.module] if node.module else [])]) or "__init__"
    if (node.module or "").startswith("vp_connect4"):
        return node.module.removeprefix("vp_connect4").lstrip(".") or "__init__"  # type: ignore[union-attr]
    return None


def written_in(module: str, name: str) -> str:
    """Where ``name``, imported from ``module``, was written, as ``module.name``: re-exports followed to the end."""
    path = MODULES.get(module)
    if path is not None:
        for node in ast.parse(path.read_text()).body:  # the names a module binds for others: its top level
            bound = {alias.asname or alias.name: alias.name for alias in getattr(node, "names", ())}
            if isinstance(node, ast.ImportFrom) and name in bound:
                source = imported_from(module, path, node)
                if source is not None and f"{source}.{bound[name]}" not in MODULES:
                    return written_in(source, bound[name])
    return f"{module}.{name}"


def judged_target(module: str, name: str) -> str:
    """What importing ``name`` from ``module`` counts as: ``module``, unless the name was written in another unit
    and ``module`` only re-exports it: then the name where it was written (``engine.position.Position``), so
    that a re-export cannot walk an import around the floors (a face may name such a name)."""
    written = written_in(module, name)
    return module if unit_of(written) == unit_of(module) else written


def imports_of(module: str, path: Path) -> list[Import]:
    """Every import of the package's own modules in ``path``, wherever it stands (functions, TYPE_CHECKING too);
    a name re-exported from another unit counts as imported from where it was written (:func:`judged_target`)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            named = imported_from(module, path, node)
            if named is None:
                continue
            for alias in node.names:  # ``from . import wording`` imports the module wording
                sub = alias.name if named == "__init__" else f"{named}.{alias.name}"
                target = sub if sub in MODULES else judged_target(named, alias.name)
                found.append(Import(module, target, node.lineno))
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name == "vp_connect4" or alias.name.startswith("vp_connect4."):
                    target = alias.name.removeprefix("vp_connect4").lstrip(".") or "__init__"
                    found.append(Import(module, target, node.lineno))
    return found


def crossing(found: Import) -> str | None:
    """Why ``found`` breaks the floors, or None."""
    source_unit, target_unit = unit_of(found.source), unit_of(found.target)
    if source_unit is None or target_unit is None or source_unit == target_unit:
        return None
    source, target = floor_of(source_unit), floor_of(target_unit)
    if target.number > source.number:
        return f"{source_unit} (floor {source.number}) imports {target_unit} (floor {target.number}): up the floors"
    if target.number == source.number:
        return f"{source_unit} and {target_unit} share floor {source.number}: an import across"
    beyond_face = target.face and source.number > target.number + 1
    if beyond_face and not any(found.target == f or found.target.startswith(f + ".") for f in target.face):
        return (
            f"{found.target} is not in {target_unit}'s face ({' '.join(target.face)}); "
            f"only floor {target.number + 1} reaches past it"
        )
    return None


def crossings() -> list[str]:
    where = PACKAGE.parent
    return [
        f"{MODULES[found.source].relative_to(where)}:{found.line}: {why}"
        for module, path in MODULES.items()
        for found in imports_of(module, path)
        if (why := crossing(found))
    ]


def test_the_table_is_read() -> None:
    assert [floor.number for floor in FLOORS] == list(range(1, len(FLOORS) + 1)), "floors numbered 1, 2, ... in order"
    assert floor_of("engine").face, "the engine's face is read"
    units = [unit for floor in FLOORS for unit in floor.units]
    assert len(units) == len(set(units)), "a unit on two floors"


def test_every_module_stands_on_a_floor() -> None:
    homeless = sorted(module for module in MODULES if unit_of(module) is None)
    assert not homeless, f"modules on no floor of docs/architecture.md: {homeless}"


def test_no_import_goes_up_or_across() -> None:
    found = crossings()
    assert not found, "imports that break the floors of docs/architecture.md:\n" + "\n".join(found)


@pytest.mark.parametrize(
    ("source", "target", "rule"),
    [
        ("engine.position", "rules.cells", "up the floors"),  # the engine knows nothing above it
        ("board", "engine.frames", "face"),  # past the rules layer into the engine's internals
        ("levels", "engine.exact.perfect", None),  # the engine's face
        ("levels", "engine.position.Position", "face"),  # a name the rules re-export is the engine's still
        ("game", "engine.frames.Cell", None),  # the face names a rack's cell
        ("rules.referee", "engine.position", None),  # the floor just above sees all of the engine
        ("seed", "cs111", "across"),
        ("vp3d.control.controller", "vp3d.server.resume", "up the floors"),
        ("vp3d.view.view", "vp3d.control.intents", None),
        ("rules.referee", "rules.cells", None),  # inside one unit
    ],
)
def test_the_rule_names_the_crossing(source: str, target: str, rule: str | None) -> None:
    why = crossing(Import(source, target, 1))
    assert (why is None) if rule is None else (why is not None and rule in why), why


def test_an_added_upward_import_is_found(tmp_path: Path) -> None:
    """The check reads real files: an upward import written into a copy of a module is named with its line."""
    text = MODULES["engine.position"].read_text() + "\n\ndef _late():\n    from ..rules import cells  # noqa\n"
    copy = tmp_path / "position.py"
    copy.write_text(text)
    found = [f for f in imports_of("engine.position", copy) if crossing(f)]
    assert [(f.target, f.line) for f in found] == [("rules.cells", len(text.splitlines()))]


def test_a_name_taken_through_another_units_re_export_is_judged_where_it_was_written(tmp_path: Path) -> None:
    """The rules layer imports the engine's ``Position`` for itself; the core taking it through the rules is an
    import of the engine's internals all the same. The solver's face naming the same type is the engine's own."""
    text = MODULES["levels"].read_text() + "\n\ndef _late():\n    from .rules.referee import Position  # noqa\n"
    text += "    from .engine.exact.solver import Position as Taken  # noqa\n"
    text += "    from .board import CHECKERS  # noqa\n"  # the board re-exports the rules' checkers: allowed
    copy = tmp_path / "levels.py"
    copy.write_text(text)
    found = [(f.target, f.line, crossing(f)) for f in imports_of("levels", copy) if crossing(f)]
    assert [(target, line) for target, line, _ in found] == [("engine.position.Position", len(text.splitlines()) - 2)]
    assert "not in engine's face" in str(found[0][2])


def test_importing_the_package_starts_no_front_end_compiler_or_vpython() -> None:
    code = "import sys, vp_connect4; print(sorted(m for m in sys.modules if m.split('.')[0] in WATCHED))"
    watched = "WATCHED = {'vpython', 'numba', 'distributed'}\n"
    front_ends = "; print(sorted(m for m in sys.modules if m.startswith(('vp_connect4.text_ui', 'vp_connect4.vp3d', "
    front_ends += "'vp_connect4.cli', 'vp_connect4.students'))))"
    done = subprocess.run(
        [sys.executable, "-c", watched + code + front_ends], capture_output=True, text=True, timeout=60, check=True
    )
    assert done.stdout.split("\n")[:2] == ["[]", "[]"], done.stdout
