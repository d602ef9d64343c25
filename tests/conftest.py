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


@pytest.fixture
def make_staff(db):
    """A factory of staff users: ``make_staff("ana", "editors")`` returns a user in
    those groups (the groups themselves come from support's migration 0002)."""
    from django.contrib.auth.models import Group, User

    def make(username: str, *groups: str, password: str = "a-long-staff-password"):
        user = User.objects.create_user(username=username, password=password)
        for name in groups:
            # get_or_create: a transactional test's flush also empties auth_group.
            user.groups.add(Group.objects.get_or_create(name=name)[0])
        return user

    return make
