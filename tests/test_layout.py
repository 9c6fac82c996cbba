"""The house rules of the package's layout: no import circle; only the scene imports VPython, lazily, in the
modules that always have; no module over MAX_LINES lines (the wording catalogues aside); no folder of more than
MAX_MODULES modules."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import vp_connect4

PACKAGE = Path(vp_connect4.__file__).resolve().parent
MAX_LINES = 400  # a module longer than this holds more than one thing
LONG_ALLOWED = ("wording",)  # folders of catalogues: sentences, one after the other
MAX_MODULES = 15  # modules directly in one folder (its __init__.py counted): more, and it wants subpackages
# the modules that import vpython, each inside a function (when a scene is built), never on import
VPYTHON_IMPORTERS = {
    "vp_connect4.vp3d.app",
    "vp_connect4.vp3d.server.server",
    "vp_connect4.vp3d.view.view",
    "vp_connect4.vp3d.view.controls",
    "vp_connect4.vp3d.view.rack",
    "vp_connect4.vp3d.view.checkers",
    "vp_connect4.vp3d.view.chart",
    "vp_connect4.vp3d.view.player_panel",
}


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


def imported_on_import(path: Path) -> set[str]:
    """The top-level names of what ``path`` imports when it is imported (not inside a function)."""
    found = set()
    waiting: list[ast.AST] = [ast.parse(path.read_text())]
    while waiting:
        node = waiting.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            continue
        if isinstance(node, ast.ImportFrom) and not node.level and node.module:
            found.add(node.module.partition(".")[0])
        elif isinstance(node, ast.Import):
            found.update(alias.name.partition(".")[0] for alias in node.names)
        waiting.extend(ast.iter_child_nodes(node))
    return found


def test_only_the_scene_imports_vpython() -> None:
    importers = {
        module_name(path)
        for path in PACKAGE.rglob("*.py")
        if "vpython" in {name.partition(".")[0] for name in imports_of(path)}
    }
    assert importers <= VPYTHON_IMPORTERS, f"new importers of vpython: {sorted(importers - VPYTHON_IMPORTERS)}"


def test_vpython_is_imported_lazily() -> None:
    eager = [
        path.relative_to(PACKAGE).as_posix() for path in PACKAGE.rglob("*.py") if "vpython" in imported_on_import(path)
    ]
    assert not eager, f"these modules import vpython on import, not when a scene is built: {eager}"


def test_no_module_is_over_the_line_limit() -> None:
    """Except the wording catalogues."""
    long = {
        path.relative_to(PACKAGE).as_posix(): lines
        for path in PACKAGE.rglob("*.py")
        if path.relative_to(PACKAGE).parts[0] not in LONG_ALLOWED
        and (lines := len(path.read_text().splitlines())) > MAX_LINES
    }
    over = sorted(f"{name} ({lines} lines)" for name, lines in long.items())
    assert not over, f"modules over {MAX_LINES} lines: {', '.join(over)}"


def test_no_folder_holds_too_many_modules() -> None:
    modules = {
        folder.relative_to(PACKAGE.parent).as_posix(): sorted(path.name for path in folder.glob("*.py"))
        for folder in [PACKAGE, *(path for path in PACKAGE.rglob("*") if path.is_dir())]
    }
    over = [
        f"{folder}/ ({len(names)}: {', '.join(names)})"
        for folder, names in sorted(modules.items())
        if len(names) > MAX_MODULES
    ]
    assert not over, f"folders of more than {MAX_MODULES} modules: {'; '.join(over)}"


def test_the_seed_api_starts_without_the_compiler_or_vpython() -> None:
    # numba (0.3 s to import) comes with the solver, when something asks for exact answers; vpython with a scene
    code = (
        "import sys; from vp_connect4 import Board, Player; import vp_connect4.cs111\n"
        "b = Board(); b.set_board('3344'); Player('X', 'LEFT', 2).next_move(b)\n"
        "print(sorted({'numba', 'vpython'} & {name.partition('.')[0] for name in sys.modules}))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True)
    assert done.stdout.strip() == "[]"
