"""Print a table of text cells: a header row, a rule, then the rows, each column as wide as its widest cell."""

from __future__ import annotations

from collections.abc import Sequence


def print_table(columns: Sequence[str], rows: Sequence[Sequence[str]]) -> None:
    widths = [max(len(cells[i]) for cells in [columns, *rows]) for i in range(len(columns))]
    for cells in [columns, tuple("-" * width for width in widths), *rows]:
        print("  ".join(cell.ljust(width) for cell, width in zip(cells, widths, strict=True)).rstrip(), flush=True)
