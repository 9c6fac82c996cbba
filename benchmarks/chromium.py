"""Debian's Chromium for the browser tables, headless, launched as the browser tests launch it."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

from browser.conftest import CHROMIUM, CHROMIUM_ARGS  # tests/ on the path: make bench puts it there


@contextlib.contextmanager
def launched(args: list[str] | tuple[str, ...] = tuple(CHROMIUM_ARGS)) -> Iterator[Any | None]:
    """A headless Chromium with ``args`` while the block runs, closed after it; None, and a line that says the table
    is skipped, where Chromium is missing."""
    if not CHROMIUM.exists():
        print(f"(skipped: {CHROMIUM} is missing; apt-get install chromium)")
        yield None
        return
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=list(args))
        try:
            yield browser
        finally:
            browser.close()
