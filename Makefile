# Quick start: `make run` serves the games in the browser, `make play` plays in the terminal,
# `make test` tests. All build .venv on first use.
VENV   := .venv
PYTHON := $(VENV)/bin/python
# what the server and the terminal need; the test extras (pytest, Playwright, Ray, OpenSpiel, …) on top
STAMP  := $(VENV)/.installed
TESTED := $(VENV)/.installed-test

.PHONY: run play test slow system bench mutants clean

$(STAMP): pyproject.toml
	python3 -m venv $(VENV)
	$(PYTHON) -m pip install --quiet --upgrade pip
	$(PYTHON) -m pip install --quiet -e .
	touch $(STAMP)

$(TESTED): $(STAMP)
	$(PYTHON) -m pip install --quiet -e '.[test]'
	touch $(TESTED)

run: $(STAMP)
	$(VENV)/bin/realpolitik serve --db realpolitik.db

play: $(STAMP)
	$(VENV)/bin/realpolitik play nuclear-war --seats human,heuristic,heuristic,heuristic

# Chromium, PostgreSQL and tmux for the browser, storage and terminal tests (installed when root).
system:
	@bash .ci/system-packages

# the tests; `make slow` adds the long statistical and timing ones (marked slow). Tests go to the
# two test processes in the order of realpolitik.testing.order: the long ones first, so both end
# together, and a module that starts a server for all its tests whole to one process (loadgroup).
# The package's bytecode is written first: the tests start hundreds of Python processes
# (servers, bot workers, commands), which would each compile it again where the environment
# sets PYTHONDONTWRITEBYTECODE.
DIST := -n 2 --dist loadgroup --no-loadscope-reorder
test: $(TESTED) system
	$(PYTHON) -m compileall -q src
	$(PYTHON) -m pytest -q $(DIST) -m "not slow"

slow: $(TESTED) system
	$(PYTHON) -m compileall -q src
	$(PYTHON) -m pytest -q $(DIST) -m slow

bench: $(TESTED)
	$(PYTHON) benchmarks/run.py --json

# mutation testing of one game's rules (tools/mutants.py, docs/mutants.md): a seeded sample of mutants,
# one at a time against the game's tests; MINUTES bounds a run, the next one resumes
GAME    ?=
SAMPLE  ?= 200
SEED    ?= 79
MINUTES ?=
mutants: $(TESTED)
	@test -n "$(GAME)" || { echo "make mutants GAME=<id> [SAMPLE=200] [SEED=79] [MINUTES=…]"; exit 2; }
	$(PYTHON) tools/mutants.py $(GAME) --sample $(SAMPLE) --seed $(SEED) $(if $(MINUTES),--minutes $(MINUTES))

clean:
	rm -rf $(VENV) build src/*.egg-info
