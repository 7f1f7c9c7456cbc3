# Quick start: `make run` plays, `make test` tests. Both build .venv on first use.
VENV   := .venv
PYTHON := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

.PHONY: run test bench clean

$(STAMP): pyproject.toml
	python3 -m venv $(VENV)
	$(PYTHON) -m pip install --quiet --upgrade pip
	$(PYTHON) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

run: $(STAMP)
	$(VENV)/bin/realpolitik play nuclear-war --seats human,heuristic,heuristic,heuristic

test: $(STAMP)
	$(PYTHON) -m pytest -q -n 2

bench: $(STAMP)
	$(PYTHON) benchmarks/run.py --json

clean:
	rm -rf $(VENV) build src/*.egg-info
