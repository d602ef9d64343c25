# Two commands on a fresh machine:  make run  ·  make test
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp

.PHONY: run demo-history test test-fast test-slow test-browser lint format stop bench clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[test]"
	touch $(STAMP)

## make run: database, broker, worker, migrations, demo shop, site on http://127.0.0.1:8000
run: $(STAMP)
	$(BIN)/python manage.py rundemo

## the scripted demo conversations (make run plays them once, on a database without them)
demo-history: $(STAMP)
	$(BIN)/python manage.py demo_history

## make test: lint, then the whole suite against the embedded PostgreSQL
## (the browser tests drive the system Chromium: tests/e2e/ensure_chromium installs it once)
test: $(STAMP) lint
	tests/e2e/ensure_chromium
	$(BIN)/python -m pytest

## the fault drills only (a private PostgreSQL and Redis restarted mid-turn)
test-slow: $(STAMP)
	$(BIN)/python -m pytest -m slow

## the end-to-end browser tests only (screenshots in test-artifacts/e2e/)
test-browser: $(STAMP)
	tests/e2e/ensure_chromium
	$(BIN)/python -m pytest -m browser tests/e2e

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
	$(BIN)/python benchmarks/guards_bench.py
	$(BIN)/python benchmarks/api_latency.py
	$(BIN)/python benchmarks/load_test.py

clean:
	rm -rf $(VENV) var .pytest_cache .ruff_cache
