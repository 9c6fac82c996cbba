from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent  # the repo root (pyproject's pytest pythonpath makes it importable)
