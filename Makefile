# The README's two commands: `make play` and `make test`. Each makes (or reuses) .venv first.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: play text test test-quick lint bench screenshot screenshot-bugs translations clean

# pytest-xdist: four workers, the browser tests in two lanes of their own (tests/conftest.py); most tests wait
# for a subprocess, a page or a timeout, so four keep both cores busy; WORKERS=0 runs them one after the other
WORKERS ?= 4
PARALLEL := -n $(WORKERS)

# the pinned requirements, then this checkout itself in editable mode (vp_connect4, the vp-connect4 command)
$(STAMP): requirements.txt pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements.txt
	$(PY) -m pip install --quiet --disable-pip-version-check --no-deps --no-build-isolation -e .
	touch $(STAMP)

play: $(STAMP)
	$(PY) main.py $(ARGS)

text: $(STAMP)
	$(PY) main.py --text $(ARGS)

# every step runs, whatever the one before gave; the exit code is 0 only when all three passed
test: $(STAMP)
	@failed=""; \
	$(PY) -m ruff check . || failed="$$failed ruff"; \
	$(PY) -m pytest $(PARALLEL) --durations=10 || failed="$$failed pytest"; \
	NUMBA_DISABLE_JIT=1 $(PY) -m pytest -p no:cacheprovider tests/test_solver.py || failed="$$failed interpreted-solver"; \
	if [ -n "$$failed" ]; then echo "make test: failed:$$failed"; exit 1; fi; echo "make test: ruff, pytest and the interpreted solver passed"

# while working: lint and every test but the browser's (`make test` stays the whole suite, and CI's)
test-quick: $(STAMP)
	$(PY) -m ruff check .
	$(PY) -m pytest $(PARALLEL) --ignore=tests/browser -m "not slow"

lint: $(STAMP)
	$(PY) -m ruff check .

bench: $(STAMP)
	PYTHONPATH=tests $(PY) -m benchmarks $(ARGS)  # tests/: the browser tables use the browser tests' tooling

# docs/screenshot.png, the README's picture (needs /usr/bin/chromium)
screenshot: $(STAMP)
	PYTHONPATH=tests $(PY) -m tests.browser.screenshot

# docs/think-bug-*.png: Think on each planted bug of the worked examples (docs/eigen-player.md, docs/teachers.md)
screenshot-bugs: $(STAMP)
	PYTHONPATH=tests $(PY) -m tests.browser.bug_screenshots

# after changing a sentence in vp_connect4/wording/: new message ids into the .po (empty, to translate),
# the .mo compiled again, and a list of every id still missing a translation (exit 1 while any is)
translations: $(STAMP)
	$(PY) -m tests.catalogue update
	$(PY) -m tests.catalogue compile
	$(PY) -m tests.catalogue check

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache
