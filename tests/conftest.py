"""Fixtures shared by the whole suite. The database is the real embedded
PostgreSQL with pgvector (or DATABASE_URL's server); pytest-django creates a
test_ database on it."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.core.management import call_command

ROOT = Path(__file__).resolve().parent.parent
DEMO_CORPUS = ROOT / "knowledge" / "demo"
# CI puts shared/ beside the clone; so does the workplace.
SHARED_CASES = ROOT.parent / "shared" / "cases"


@pytest.fixture
def demo_corpus(db) -> Path:
    """The demo shop's documents, imported into the test database (embeddings are
    remembered by the embedder, so re-importing after a flush is cheap)."""
    call_command("knowledge", "import", str(DEMO_CORPUS), stdout=open("/dev/null", "w"))
    return DEMO_CORPUS
