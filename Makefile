# Two commands on a fresh machine: `make serve` (the online table; `make serve PORT=9000` for
# another port) and `make test` (everything, the research adapters' validators, reports and the
# Ray backend included: the install brings the `research`, `report` and `cluster` extras).
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
PORT ?= 8000
STAMP := $(VENV)/.installed
# Compiled with mypyc at install (backroom/compiled.py): an edit to one is built again.
COMPILED := $(shell cat backroom/compiled.txt)

.PHONY: install play serve test lint typecheck unit bench clean

$(STAMP): pyproject.toml setup.py backroom/compiled.txt $(COMPILED)
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	find backroom -name '*.so' -delete  # no earlier build left to shadow a source it no longer matches
	$(PY) -m pip install --quiet -e '.[dev,research,report,cluster,workers]'
	touch $(STAMP)

install: $(STAMP)

play: $(STAMP)
	$(VENV)/bin/backroom play stool-pigeon --players 4 --bots heuristic

serve: $(STAMP)
	$(VENV)/bin/backroom serve --port $(PORT) --open

lint: $(STAMP)
	$(VENV)/bin/ruff check backroom tests examples
	$(VENV)/bin/ruff format --check backroom tests examples

typecheck: $(STAMP)
	$(VENV)/bin/mypy

unit: $(STAMP)
	bash scripts/ensure-chromium
	$(VENV)/bin/pytest -n 2 --dist loadgroup

test: lint typecheck unit

bench: $(STAMP)
	$(VENV)/bin/backroom bench stool-pigeon

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis build
	find backroom -name '*.so' -delete
