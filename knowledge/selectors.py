"""Reads of the knowledge base that other apps use."""

from __future__ import annotations

from functools import lru_cache

from django.db import connection

from knowledge.models import Document, SynonymDictionary
from knowledge.synonyms import EMPTY, CompiledSynonyms, SynonymFormatError, parse_synonyms


def shop_exists(shop: str) -> bool:
    """True when some document belongs to ``shop`` (a widget's data-shop)."""
    return bool(shop) and Document.objects.filter(shop=shop).exists()


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
