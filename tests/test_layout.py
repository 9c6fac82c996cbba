"""The house rules of the package's layout: no import circle; only the scene imports VPython, lazily, in the
modules that always have; no module over MAX_LINES lines (the wording catalogues aside); no folder of more than
MAX_MODULES modules."""

from __future__ import annotations

import ast
import importlib
import importlib.util
import inspect
import subprocess
import sys
from collections.abc import Iterator
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
    "vp_connect4.vp3d.view.tree.drawing",
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
    # numba (0.3 s to import) comes with the solver, when something asks for exact answers; vpython with a scene;
    # Dask and openskill only with a tournament on a cluster or a Swiss system
    code = (
        "import sys; from vp_connect4 import Board, Player; import vp_connect4.cs111\n"
        "import vp_connect4.students.commands, vp_connect4.cli, vp_connect4.text_ui\n"
        "b = Board(); b.set_board('3344'); Player('X', 'LEFT', 2).next_move(b)\n"
        "heavy = {'numba', 'vpython', 'dask', 'distributed', 'openskill'}\n"
        "print(sorted(heavy & {name.partition('.')[0] for name in sys.modules}))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True)
    assert done.stdout.strip() == "[]"


MAX_CLASS_LINES = 400  # a class, counting every class of the package it inherits from
MAX_FUNCTION_LINES = 60  # a function or method (its signature and docstring too)
SHORT_EXEMPT = ("wording",)  # sentences, one after the other: the catalogues may run long


def _definitions() -> Iterator[tuple[str, ast.AST]]:
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.relative_to(PACKAGE).parts[0] in SHORT_EXEMPT:
            continue
        name = path.relative_to(PACKAGE.parent).as_posix()
        for node in ast.walk(ast.parse(path.read_text())):
            yield name, node


def _lines(node: ast.AST) -> int:
    return node.end_lineno - node.lineno + 1  # type: ignore[attr-defined,operator]


def test_no_function_is_over_the_limit() -> None:
    long = [
        f"{name}:{node.lineno} {node.name} ({_lines(node)} lines)"  # type: ignore[attr-defined]
        for name, node in _definitions()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and _lines(node) > MAX_FUNCTION_LINES
    ]
    assert not long, f"functions over {MAX_FUNCTION_LINES} lines: {long}"


def class_lines(cls: type) -> int:
    """The lines of the class statement that made ``cls`` (found by the name its module binds it to: a class may
    rename itself, as the students' boards do)."""
    module = sys.modules[cls.__module__]
    name = next(name for name, value in vars(module).items() if value is cls)
    tree = ast.parse(Path(module.__file__).read_text())  # type: ignore[arg-type]
    return next(_lines(node) for node in tree.body if isinstance(node, ast.ClassDef) and node.name == name)


def family_lines(cls: type) -> int:
    """The lines of ``cls`` and of every class of the package it inherits from."""
    return sum(class_lines(klass) for klass in cls.__mro__ if klass.__module__.startswith("vp_connect4"))


def test_no_class_is_over_the_limit_with_what_it_inherits() -> None:
    """Every class of every module, imported (no module imports vpython on import: see above)."""
    long = set()
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.relative_to(PACKAGE).parts[0] in SHORT_EXEMPT or path.name == "__main__.py":
            continue
        module = importlib.import_module(module_name(path))
        for cls in vars(module).values():
            if inspect.isclass(cls) and cls.__module__ == module.__name__ and family_lines(cls) > MAX_CLASS_LINES:
                long.add(f"{cls.__module__}.{cls.__qualname__} ({family_lines(cls)} lines)")
    assert not long, f"classes over {MAX_CLASS_LINES} lines with their bases: {sorted(long)}"


def test_the_length_checks_see_a_long_function_and_a_class_with_its_bases() -> None:
    """The two checks above measure what they claim: a made-up long method, and the seed's Board counted with the
    core Board it extends."""
    body = "\n".join(f"        x{i} = {i}" for i in range(MAX_FUNCTION_LINES))
    tree = ast.parse(f"class Base:\n    def long(self):\n{body}\n")
    method = next(node for node in ast.walk(tree) if isinstance(node, ast.FunctionDef))
    assert _lines(method) == MAX_FUNCTION_LINES + 1 > MAX_FUNCTION_LINES
    from vp_connect4 import board, seed

    own = len(inspect.getsourcelines(seed.Board)[0])
    assert class_lines(seed.Board) == own
    assert family_lines(seed.Board) == own + len(inspect.getsourcelines(board.RulesBoard)[0]) > own


def layout_block() -> str:
    """The ``## Layout`` block of docs/architecture.md: the tree of the repository in words."""
    text = (PACKAGE.parent / "docs" / "architecture.md").read_text()
    return text.split("## Layout", 1)[1].split("```")[1]


def test_the_architecture_docs_layout_names_every_folder_of_the_package() -> None:
    folders = {path.name for path in PACKAGE.rglob("*") if path.is_dir() and path.name != "__pycache__"}
    block = layout_block()
    unnamed = sorted(name for name in folders if f"{name}/" not in block)
    assert not unnamed, f"folders of vp_connect4 that docs/architecture.md's layout leaves out: {unnamed}"
