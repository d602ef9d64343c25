"""A shop's synonyms dictionary, set from its text (the back office's page, the
``knowledge synonyms`` command, retrieval_eval's ``DIR/synonyms.txt``); audited."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import transaction

from config.audit.services import audit_record
from knowledge.models import SynonymDictionary
from knowledge.services.importing import StaleEditError
from knowledge.synonyms import fold, parse_synonyms


@dataclass(frozen=True)
class SynonymsSaved:
    dictionary: SynonymDictionary
    changed: bool
    added: list[str]  # groups, each as "a, b, c"
    removed: list[str]


def synonyms_set(
    *,
    shop: str,
    text: str,
    expected_version: int | None = None,
    actor: Any | None = None,
    actor_label: str = "",
) -> SynonymsSaved:
    """Replace ``shop``'s dictionary ("" = the shared one) with ``text``.

    Every line is checked first: a bad line raises SynonymFormatError naming it and
    nothing is written. With ``expected_version`` (the version the editor's form
    started from; 0 for a shop without one yet), an edit saved by someone else in
    between raises StaleEditError. Audited with the groups added and removed."""
    groups = parse_synonyms(text)
    text = text.replace("\r\n", "\n")
    with transaction.atomic():
        current, _ = SynonymDictionary.objects.get_or_create(shop=shop)
        current = SynonymDictionary.objects.select_for_update().get(pk=current.pk)
        if expected_version is not None and current.version != expected_version:
            who = current.updated_by.get_username() if current.updated_by else "someone else"
            raise StaleEditError(
                f"the synonyms of {shop or 'every shop'} were saved by {who} at "
                f"{current.updated_at:%Y-%m-%d %H:%M} UTC (version {current.version}) while "
                f"you were editing version {expected_version}. Nothing was saved; your text "
                "is still in the form. Reload the page and apply your change again."
            )
        if current.text == text:
            return SynonymsSaved(current, False, [], [])
        after = {_key(g.terms): ", ".join(g.terms) for g in groups}
        previous = {_key(g): ", ".join(g) for g in _groups_or_none(current.text)}
        added = sorted(v for k, v in after.items() if k not in previous)
        removed = sorted(v for k, v in previous.items() if k not in after)
        current.text = text
        current.groups = len(groups)
        current.version += 1
        current.updated_by = actor if getattr(actor, "is_authenticated", False) else None
        current.save()
        audit_record(
            actor=actor,
            actor_label=actor_label,
            action="corpus.synonyms.update",
            target=current,
            data={
                "shop": shop,
                "version": current.version,
                "groups": len(groups),
                "added": added[:200],
                "removed": removed[:200],
            },
        )
    return SynonymsSaved(current, True, added, removed)


def _key(terms: tuple[str, ...]) -> frozenset[str]:
    return frozenset(fold(t) for t in terms)


def _groups_or_none(text: str) -> list[tuple[str, ...]]:
    try:
        return [g.terms for g in parse_synonyms(text)]
    except ValueError:
        return []
