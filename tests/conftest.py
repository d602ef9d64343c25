"""Fixtures shared by the whole suite. The database is the real embedded
PostgreSQL with pgvector (or DATABASE_URL's server); pytest-django creates a
test_ database on it."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.core.management import call_command

ROOT = Path(__file__).resolve().parent.parent
DEMO_CORPUS = ROOT / "knowledge" / "demo"
# The seed cases (../shared/cases/ beside the clone); a copy is kept in
# tests/data/seed_cases so the suite also runs from a clone that stands alone.
SHARED_CASES = next(
    path
    for path in (ROOT.parent / "shared" / "cases", ROOT / "tests" / "data" / "seed_cases")
    if (path / "retrieval-seed.jsonl").exists()
)


@pytest.fixture
def demo_corpus(db) -> Path:
    """The demo shop's documents, imported into the test database (embeddings are
    remembered by the embedder, so re-importing after a flush is cheap)."""
    call_command("knowledge", "import", str(DEMO_CORPUS), stdout=open("/dev/null", "w"))
    return DEMO_CORPUS
