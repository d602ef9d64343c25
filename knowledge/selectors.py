"""Reads of the knowledge base: what other apps use, and what the corpus pages show."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

import numpy as np
from django.conf import settings
from django.db.models import Prefetch, QuerySet

from knowledge.calibration import calibration_config, threshold_from
from knowledge.models import Calibration, Chunk, Document, PhrasingSuggestion, SuggestionStatus


def shop_exists(shop: str) -> bool:
    """True when some document belongs to ``shop`` (a widget's data-shop)."""
    return bool(shop) and Document.objects.filter(shop=shop).exists()


@dataclass(frozen=True)
class CalibrationSummary:
    """One scope's stored calibration as the corpus page shows it."""

    scope: str  # "" = every document
    derived_at: datetime
    embedder: str
    chunks: int
    positives: int
    negatives: int
    threshold: float | None  # what the scope's negatives give at today's tunables
    positives_passing: float | None  # share of the chunks' own questions at or above it
    in_use: bool
    why: str  # one line: why it decides, or why it does not

    @property
    def label(self) -> str:
        return self.scope or "every document"


def calibration_summaries() -> list[CalibrationSummary]:
    """Every stored calibration, with whether search decides by it now. It is used
    only when the configured embedder's ``calibrated`` switch is on, and the row
    was derived with that embedder and the background weight configured now
    (knowledge.calibration.policy_for_scope reads the same three things)."""
    current = settings.KNOWLEDGE_EMBEDDER
    conf = calibration_config(current)
    summaries = []
    for row in Calibration.objects.order_by("scope"):
        row_conf = calibration_config(row.embedder)
        threshold, passing = None, None
        if "negative_quantile" in row_conf:
            threshold = threshold_from(
                row.negatives,
                quantile=row_conf["negative_quantile"],
                margin_weight=row_conf["relative_margin_weight"],
                offset=row_conf["offset"],
            )
            if threshold is not None and row.positives:
                mw = row_conf["relative_margin_weight"]
                pos = np.array([top + mw * margin for top, margin in row.positives])
                passing = float((pos >= threshold).mean())
        if row.embedder != current:
            in_use, why = False, f"derived with {row.embedder}; the search embeds with {current}"
        elif not conf.get("calibrated"):
            in_use = False
            why = (
                f'off: KNOWLEDGE_RETRIEVAL["{current}"]["calibrated"] is not True, '
                "so the absolute policy decides"
            )
        elif abs(row.background_weight - conf["background_weight"]) > 1e-9:
            in_use, why = False, "derived with another background weight: import again"
        elif threshold is None:
            in_use, why = False, "no negatives: the absolute policy decides"
        else:
            in_use, why = True, "search decides by this threshold"
        summaries.append(
            CalibrationSummary(
                scope=row.scope,
                derived_at=row.derived_at,
                embedder=row.embedder,
                chunks=row.chunks,
                positives=len(row.positives),
                negatives=len(row.negatives),
                threshold=threshold,
                positives_passing=passing,
                in_use=in_use,
                why=why,
            )
        )
    return summaries


def chunks_for_editing(document: Document) -> QuerySet[Chunk]:
    """The document's chunks, each with its pending phrasing suggestions
    (``chunk.pending_suggestions``), as the corpus editor's chunk list shows them."""
    pending = PhrasingSuggestion.objects.filter(status=SuggestionStatus.PENDING).order_by("pk")
    return document.chunks.order_by("position").prefetch_related(
        Prefetch("suggestions", queryset=pending, to_attr="pending_suggestions")
    )
