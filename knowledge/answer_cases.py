"""What the corpus lint checks the corpus against but does not own: the release
gate's cases (each question and the text its answer must have) and the k the
assistant retrieves with. The app that owns them registers them when it is ready
(support/apps.py); until one does, the lint checks no cases and uses
KNOWLEDGE_TOP_K."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from django.conf import settings


@dataclass(frozen=True)
class AnswerCase:
    question: str
    language: str
    has: str  # the text the expected answer must contain


_cases: Callable[[], Sequence[AnswerCase]] | None = None
_retrieval_k: Callable[[], int | None] | None = None


def register(
    *, cases: Callable[[], Sequence[AnswerCase]], retrieval_k: Callable[[], int | None]
) -> None:
    """Give the lint the case set and the retrieval k (read at each use, so a
    changed setting or case file counts at once)."""
    global _cases, _retrieval_k
    _cases, _retrieval_k = cases, retrieval_k


def answer_cases() -> list[AnswerCase]:
    """The registered cases; raises OSError or ValueError when they cannot be read."""
    return list(_cases()) if _cases is not None else []


def retrieval_k() -> int:
    """The k the assistant retrieves with (the lint must see what a turn sees)."""
    k = _retrieval_k() if _retrieval_k is not None else None
    return int(k or settings.KNOWLEDGE_TOP_K)
