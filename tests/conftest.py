from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent  # the repo root; pyproject's pytest pythonpath puts it on sys.path
