# The README's two commands: `make play` and `make test`. Each makes (or reuses) .venv first.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: play text test lint bench screenshot clean

$(STAMP): requirements.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements.txt
	touch $(STAMP)

play: $(STAMP)
	$(PY) main.py $(ARGS)

text: $(STAMP)
	$(PY) main.py --text $(ARGS)

test: $(STAMP)
	$(PY) -m ruff check .
	$(PY) -m pytest

lint: $(STAMP)
	$(PY) -m ruff check .

bench: $(STAMP)
	$(PY) -m benchmarks $(ARGS)

# docs/screenshot.png, the README's picture (needs /usr/bin/chromium)
screenshot: $(STAMP)
	$(PY) tests/browser/screenshot.py

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache
