# Two commands on a fresh machine:  make run  ·  make test
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp

.PHONY: run test test-fast lint format stop bench clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[test]"
	touch $(STAMP)

## make run: database, broker, worker, migrations, demo shop, site on http://127.0.0.1:8000
run: $(STAMP)
	$(BIN)/python manage.py rundemo

## make test: lint, then the whole suite against the embedded PostgreSQL
test: $(STAMP) lint
	$(BIN)/python -m pytest

test-fast: $(STAMP)
	$(BIN)/python -m pytest -x -m "not slow and not browser"

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

format: $(STAMP)
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

## stop the embedded PostgreSQL (it keeps running between commands)
stop: $(STAMP)
	$(BIN)/python -c "from pathlib import Path; from config.embedded_postgres import stop_embedded_postgres; stop_embedded_postgres(Path('var/pgdata'))"

bench: $(STAMP)
	$(BIN)/python benchmarks/retrieval_eval.py
	$(BIN)/python benchmarks/knowledge_scale.py

clean:
	rm -rf $(VENV) var .pytest_cache .ruff_cache
