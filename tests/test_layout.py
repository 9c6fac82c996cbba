"""The house rules of the package's layout: no import circle, and the core never imports VPython."""

from __future__ import annotations

import ast
from pathlib import Path

import vp_connect4

PACKAGE = Path(vp_connect4.__file__).resolve().parent


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(path: Path) -> set[str]:
    """The package's modules that ``path`` imports, at any depth of its code (lazy imports too)."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            base = package
            for _ in range(node.level - 1):
                base = base.rpartition(".")[0]
            target = f"{base}.{node.module}" if node.level and node.module else (node.module or base)
            found.add(target)
            found.update(f"{target}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


def import_graph() -> dict[str, set[str]]:
    modules = {module_name(path): path for path in PACKAGE.rglob("*.py")}
    return {name: {m for m in imports_of(path) if m in modules and m != name} for name, path in modules.items()}


def test_no_import_circle() -> None:
    graph = import_graph()
    # a package's __init__ importing its own modules is no circle: only module-to-module edges count
    graph = {name: {m for m in targets if not name.startswith(m + ".")} for name, targets in graph.items()}
    done: set[str] = set()

    def visit(name: str, path: list[str]) -> None:
        if name in path:
            raise AssertionError("import circle: " + " -> ".join([*path[path.index(name) :], name]))
        if name in done:
            return
        for target in sorted(graph[name]):
            visit(target, [*path, name])
        done.add(name)

    for name in sorted(graph):
        visit(name, [])


def test_only_the_scene_imports_vpython() -> None:
    for path in PACKAGE.rglob("*.py"):
        if "vpython" in {name.partition(".")[0] for name in imports_of(path)}:
            assert module_name(path).startswith("vp_connect4.vp3d."), path
