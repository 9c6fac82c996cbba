"""Scripts that rebuild the project's data: ``python -m tools.<name>`` from the repo root."""
