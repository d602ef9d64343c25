"""Reads of the knowledge base: what other apps use, and what the corpus pages show."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache

import numpy as np
from django.conf import settings
from django.db import connection
from django.db.models import Prefetch, QuerySet

from knowledge.calibration import calibration_config, threshold_from
from knowledge.models import (
    Calibration,
    Chunk,
    Document,
    PhrasingSuggestion,
    SuggestionStatus,
    SynonymDictionary,
)
from knowledge.synonyms import EMPTY, CompiledSynonyms, SynonymFormatError, parse_synonyms


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
    (knowledge.decision.policy_for_scope reads the same three things)."""
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


def synonym_dictionary(shop: str) -> SynonymDictionary:
    """The shop's dictionary as the editor sees it (an unsaved empty one, version
    0, when it has none yet)."""
    return SynonymDictionary.objects.select_related("updated_by").filter(shop=shop).first() or (
        SynonymDictionary(shop=shop)
    )


def synonyms_for_scope(shop: str | None) -> CompiledSynonyms:
    """The compiled synonyms a search scoped to ``shop`` applies: that shop's groups
    and the shared ones ("" = the shared only; None, an unscoped search over every
    document: every shop's groups).

    One small read per call (the rows' versions, by the unique index); the compiled
    dictionary is kept per process for each (scope, versions), so a save anywhere
    (a new version) is seen by every process's next search without any message."""
    # One plain statement (the ORM's own overhead was most of this read's cost). The
    # id too: a row written after a rolled-back one may reuse a version, not an id.
    with connection.cursor() as cursor:
        cursor.execute(VERSIONS_SQL, [shop, shop])
        versions = tuple(sorted(cursor.fetchall()))
    if not versions:
        return EMPTY
    return _compiled(versions)


VERSIONS_SQL = (
    f"SELECT shop, id, version FROM {SynonymDictionary._meta.db_table} "
    "WHERE groups > 0 AND (%s::text IS NULL OR shop = %s::text OR shop = '')"
)


@lru_cache(maxsize=256)
def _compiled(versions: tuple[tuple, ...]) -> CompiledSynonyms:
    texts = dict(
        SynonymDictionary.objects.filter(shop__in=[v[0] for v in versions]).values_list(
            "shop", "text"
        )
    )
    groups = []
    for shop, *_ in versions:
        try:
            groups.extend(g.terms for g in parse_synonyms(texts.get(shop, "")))
        except SynonymFormatError:
            continue  # written before a stricter check: searched without it
    return CompiledSynonyms.from_groups(groups)
