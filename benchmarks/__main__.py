"""Run every benchmark table: ``python -m benchmarks [--quick] [TABLE ...]``.

Each table is a module here with ``run(quick: bool) -> None`` that prints its table.
"""

from __future__ import annotations

import argparse
import importlib
import sys

TABLES = (
    "search_bench",
    "solver_bench",
    "match_bench",
    "ladder_bench",
    "idle_bench",
    "variants_bench",
    "analysis_bench",
    "strength_bench",
    "sizes_bench",
    "sandbox_bench",
    "think_bench",
    "think_scene_bench",
    "start_bench",
    "tourney_bench",
)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks")
    parser.add_argument("tables", nargs="*", choices=[*TABLES, []], help="tables to run (default: all)")
    parser.add_argument("--quick", action="store_true", help="smaller position sets and fewer games")
    args = parser.parse_args(argv)
    for name in args.tables or TABLES:
        try:
            module = importlib.import_module(f"benchmarks.{name}")
        except ModuleNotFoundError as error:
            if error.name != f"benchmarks.{name}":  # the table exists, something it imports does not
                raise
            print(f"({name}: not written yet)")
            continue
        module.run(quick=args.quick)
        print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
