"""The corpus lint: pure functions over plain data (the views gather it).

The number gate only accepts a figure that is in the chunks retrieved for that
question, so the corpus has to be written for it. Three checks:

- ``unanchored_figures``: money, percentages and quantities in chunks of a
  document with no ``source_url`` — nothing published backs them;
- ``competing_pairs``: chunks whose stored embeddings are so close that they
  displace each other in retrieval (cosine ≥ ``KNOWLEDGE_LINT_COMPETING_COSINE``);
- ``evaluation_gaps``: questions of the evaluation set whose retrieved chunks lack
  a figure their expected answer needs, so the gate would reject the right answer.

``relevance_verdicts`` explains, per candidate, why the relevance policy kept or
dropped it (the "try a question" box).
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

import numpy as np

from guards.backing import SourceNumber
from guards.backing_index import BackingIndex
from guards.lexicon import LEXICONS, lexicon_for
from guards.numbers import CLAIM_KINDS, Figure, FigureKind, extract_figures
from knowledge.parsing import ParsedDocument
from knowledge.search import Candidate, RelevancePolicy, apply_relevance

# Calibrated on the demo corpus (39 chunks, 741 pairs, e5-small): see the README.
DEFAULT_COMPETING_COSINE = 0.90
CITATION = re.compile(r"\[([a-z0-9][a-z0-9_-]{0,99}#[0-9]+)\]")


@dataclass(frozen=True)
class LintChunk:
    source: str  # "slug#n"
    document_source_url: str
    language: str
    question: str
    text: str


@dataclass(frozen=True)
class FigureNote:
    text: str
    kind: str
    source: str = ""


@dataclass(frozen=True)
class UnanchoredFigures:
    source: str
    question: str
    figures: tuple[FigureNote, ...]


@dataclass(frozen=True)
class EmbeddedChunk:
    source: str
    question: str
    vector: Sequence[float]


@dataclass(frozen=True)
class CompetingPair:
    first: str
    second: str
    first_question: str
    second_question: str
    cosine: float


@dataclass(frozen=True)
class SourceText:
    source: str
    text: str
    language: str


@dataclass(frozen=True)
class EvaluationCase:
    """One case of the evaluation set with what retrieval returned for it."""

    question: str
    language: str
    expected_answer: str  # the case's `has`
    expected: tuple[SourceText, ...]  # the chunks cited in `has`
    retrieved: tuple[SourceText, ...]


@dataclass(frozen=True)
class EvaluationGap:
    question: str
    expected_sources: tuple[str, ...]
    retrieved_sources: tuple[str, ...]
    missing: tuple[FigureNote, ...]


@dataclass(frozen=True)
class RelevanceVerdict:
    candidate: Candidate
    kept: bool
    reason: str


def _lexicon(language: str):
    return lexicon_for(language if language in LEXICONS else "en")


def claim_figures(text: str, *, language: str) -> tuple[Figure, ...]:
    """Money, percentages and quantities (dates, years and bare numbers are not claims)."""
    return tuple(
        f for f in extract_figures(text, lexicon=_lexicon(language)) if f.kind in CLAIM_KINDS
    )


def lint_chunks_of(parsed: ParsedDocument) -> list[LintChunk]:
    """The chunks of a parsed (not yet saved) document, for the live preview."""
    return [
        LintChunk(f"{parsed.slug}#{c.position}", parsed.source_url, c.language, c.question, c.text)
        for c in parsed.chunks
    ]


def unanchored_figures(chunks: Iterable[LintChunk]) -> list[UnanchoredFigures]:
    """Chunks of documents with no source_url that state figures, in the given order."""
    found = []
    for chunk in chunks:
        if chunk.document_source_url.strip():
            continue
        figures = claim_figures(f"{chunk.question}\n{chunk.text}", language=chunk.language)
        if figures:
            notes = tuple(FigureNote(f.text, str(f.kind), chunk.source) for f in figures)
            found.append(UnanchoredFigures(chunk.source, chunk.question, notes))
    return found


def competing_pairs(
    chunks: Sequence[EmbeddedChunk], *, threshold: float, involving: Iterable[str] | None = None
) -> list[CompetingPair]:
    """Pairs of chunks whose embeddings' cosine is ≥ threshold, closest first.

    ``involving``: only pairs with at least one of these sources (a document's panel)."""
    if len(chunks) < 2:
        return []
    matrix = np.asarray([np.asarray(c.vector, dtype=np.float64) for c in chunks])
    norms = np.linalg.norm(matrix, axis=1)
    norms[norms == 0] = 1.0  # a zero vector has cosine 0 with everything
    unit = matrix / norms[:, None]
    cosines = unit @ unit.T
    rows, cols = np.triu_indices(len(chunks), k=1)
    close = cosines[rows, cols] >= threshold
    wanted = set(involving) if involving is not None else None
    pairs = []
    for i, j in zip(rows[close], cols[close], strict=True):
        first, second = chunks[int(i)], chunks[int(j)]
        if wanted is not None and first.source not in wanted and second.source not in wanted:
            continue
        cosine = round(float(cosines[i, j]), 4)
        pairs.append(
            CompetingPair(first.source, second.source, first.question, second.question, cosine)
        )
    pairs.sort(key=lambda p: (-p.cosine, p.first, p.second))
    return pairs


def cited_sources(text: str) -> tuple[str, ...]:
    """The chunk citations (``[envios#2]``) in an expected answer, in order, once each."""
    return tuple(dict.fromkeys(CITATION.findall(text)))


def evaluation_gaps(cases: Iterable[EvaluationCase]) -> list[EvaluationGap]:
    """Cases whose expected answer needs a figure (from the cited chunks or the
    expected text itself) that the retrieved chunks and the question do not back,
    the same way the number gate backs figures (any format, valid roundings)."""
    gaps = []
    for case in cases:
        needed = [
            (FigureNote(f.text, str(f.kind), "expected answer"), f)
            for f in claim_figures(case.expected_answer, language=case.language)
        ]
        for chunk in case.expected:
            needed += [
                (FigureNote(f.text, str(f.kind), chunk.source), f)
                for f in claim_figures(chunk.text, language=chunk.language)
            ]
        if not needed:
            continue
        sources = [*case.retrieved, SourceText("customer", case.question, case.language)]
        backing = BackingIndex(tuple(_source_numbers(sources)))
        missing: list[FigureNote] = []
        seen: set[tuple[str, str]] = set()
        for note, figure in needed:
            if (note.text, note.kind) in seen:
                continue
            seen.add((note.text, note.kind))
            if not backing.backs(figure, deadline=time.perf_counter() + 0.05):
                missing.append(note)
        if missing:
            gaps.append(
                EvaluationGap(
                    question=case.question,
                    expected_sources=tuple(c.source for c in case.expected),
                    retrieved_sources=tuple(c.source for c in case.retrieved),
                    missing=tuple(missing),
                )
            )
    return gaps


def _source_numbers(texts: Iterable[SourceText]) -> Iterable[SourceNumber]:
    for item in texts:
        for figure in extract_figures(item.text, lexicon=_lexicon(item.language)):
            money = figure.kind == FigureKind.MONEY
            for reading in figure.readings:
                yield SourceNumber(figure.text, reading.value, item.source, money, figure.kind)


def relevance_verdicts(
    candidates: Sequence[Candidate], *, policy: RelevancePolicy, k: int
) -> list[RelevanceVerdict]:
    """Every candidate, in fused-score order, with whether the relevance policy
    kept it and why. Only the policy's own ``apply_relevance`` decides: it is asked
    again without the top-k cut and without the gap rule to tell the reasons apart."""
    items = list(candidates)
    kept = {c.source for c in apply_relevance(items, policy=policy, k=k)}
    within_gap = {c.source for c in apply_relevance(items, policy=policy, k=len(items))}
    no_gap = replace(policy, max_gap_from_top=float("inf"))
    passing = {c.source for c in apply_relevance(items, policy=no_gap, k=len(items))}
    verdicts = []
    for c in sorted(items, key=lambda c: (-c.score, c.source)):
        if c.source in kept:
            reason = "exact code match" if c.code_rank is not None else "close enough"
        elif c.source in within_gap:
            reason = f"close enough, but beyond the top {k}"
        elif c.source in passing:
            reason = f"more than {policy.max_gap_from_top:g} below the best passing match"
        else:
            reason = "below the relevance threshold"
        verdicts.append(RelevanceVerdict(c, c.source in kept, reason))
    return verdicts
