"""Real-browser tests (Playwright + Debian's Chromium) and the tooling they share."""
