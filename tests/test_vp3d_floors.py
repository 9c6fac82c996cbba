"""The scene's floors and sizes: inside ``vp3d`` an import goes to a lower floor or stays in its own subpackage
(function-level and TYPE_CHECKING imports too); the scene takes from the engine only its public face; no class
over MAX_CLASS_LINES lines counting its bases within the package; no function over MAX_FUNCTION_LINES lines."""

from __future__ import annotations

import ast
import importlib.util
from pathlib import Path

import vp_connect4

PACKAGE = Path(vp_connect4.__file__).resolve().parent
SCENE = PACKAGE / "vp3d"
FLOORS = ("assets", "worker", "texts", "control", "view", "server", "app", "")  # low to high; "": vp3d/__init__
ENGINE_FACE = {"engine.exact.perfect", "engine.exact.solver", "engine.search", "engine.budget"}
MAX_CLASS_LINES = 400
MAX_FUNCTION_LINES = 60


def _module(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path) -> list[tuple[int, str]]:
    """(line, module) for every import of ``path`` within the package, at any depth; ``from x import y`` gives
    ``x.y`` where ``y`` is a module."""
    name = _module(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            target = importlib.util.resolve_name("." * node.level + (node.module or ""), package)
            submodules = [f"{target}.{alias.name}" for alias in node.names]
            found += [(node.lineno, sub if _is_module(sub) else target) for sub in submodules]
    return [(line, module) for line, module in found if module.startswith("vp_connect4")]


def _is_module(name: str) -> bool:
    path = PACKAGE.parent / name.replace(".", "/")
    return path.with_suffix(".py").exists() or (path / "__init__.py").exists()


def _floor(module: str) -> int:
    rest = module.split(".")[2:3]
    return FLOORS.index(rest[0] if rest else "")


def test_every_scene_import_goes_down_or_stays_in_its_subpackage() -> None:
    crossings = []
    for path in sorted(SCENE.rglob("*.py")):
        here = _module(path)
        for line, target in _imports(path):
            where = f"{path.relative_to(PACKAGE.parent)}:{line} imports {target}"
            if target.startswith("vp_connect4.vp3d."):
                up = _floor(target) > _floor(here)
                across = _floor(target) == _floor(here) and here.split(".")[2:3] != target.split(".")[2:3]
                if up or across:
                    crossings.append(f"{where}: up or across the scene's floors {FLOORS}")
            elif target.startswith("vp_connect4.engine") and target.partition(".")[2] not in ENGINE_FACE:
                crossings.append(f"{where}: the scene takes from the engine only {sorted(ENGINE_FACE)}")
    assert not crossings, "\n".join(crossings)


def _classes() -> dict[str, tuple[ast.ClassDef, str]]:
    """Every class of the package by name (the last one found wins: names are not reused across the scene)."""
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ClassDef):
                found[node.name] = (node, str(path.relative_to(PACKAGE.parent)))
    return found


def _lines(node: ast.AST) -> int:
    return node.end_lineno - node.lineno + 1  # type: ignore[attr-defined]


def test_no_scene_class_is_over_the_limit_counting_its_bases() -> None:
    classes = _classes()

    def total(node: ast.ClassDef, seen: set[str]) -> int:
        lines = _lines(node)
        for base in node.bases:
            name = base.id if isinstance(base, ast.Name) else base.attr if isinstance(base, ast.Attribute) else ""
            if name in classes and name not in seen:
                seen.add(name)
                lines += total(classes[name][0], seen)
        return lines

    over = []
    for path in sorted(SCENE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ClassDef) and (lines := total(node, {node.name})) > MAX_CLASS_LINES:
                over.append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno} {node.name} ({lines} lines)")
    assert not over, f"classes over {MAX_CLASS_LINES} lines with their bases: {over}"


def test_no_scene_function_is_over_the_limit() -> None:
    over = [
        f"{path.relative_to(PACKAGE.parent)}:{node.lineno} {node.name} ({_lines(node)} lines)"
        for path in sorted(SCENE.rglob("*.py"))
        for node in ast.walk(ast.parse(path.read_text()))
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and _lines(node) > MAX_FUNCTION_LINES
    ]
    assert not over, f"functions over {MAX_FUNCTION_LINES} lines: {over}"
