"""Term coverage: a second signal for the answer-or-nothing decision.

The blind corpora's uncovered questions are next-door questions: they score like
answerable paraphrases, but they usually name something (a service, a product
line, a programme) that the shop writes about *elsewhere* and that the best
chunk's document never mentions ("¿hacen service de bombas?" lands on the pump
page, which never says "service"; the shop says it in its warranty page). A
**next-door term** is a query word whose stem — or a synonym's, from the scope's
dictionary — is absent from the top candidate's document, present in another
document of the same scope, and absent from the off-topic question bank (words
any customer says, whatever they ask). Words the shop never writes anywhere
(slang, place names, a customer's story) are not next-door terms: answerable
paraphrases are full of them.

With `coverage_penalty` > 0 (settings.KNOWLEDGE_RETRIEVAL[embedder], read with
the calibrated decision) the scope's threshold rises by that much per next-door
term, at most `coverage_cap` of them. Words are folded (case, accents) and
stemmed with PostgreSQL's Snowball dictionaries, Spanish and English both (a
query's language is not always its document's). Pure functions below are tested
without a database; the scope's vocabulary is read once per process per version.
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from knowledge.synonyms import fold

Keys = frozenset  # of (dictionary, stem) pairs
STEMMERS = ("spanish_stem", "english_stem")


def words_of(text: str) -> list[str]:
    """Folded words worth checking: three letters or more, or with a digit."""
    return [w for w in fold(text).split() if len(w) >= 3 or any(ch.isdigit() for ch in w)]


def keys_of(word: str, stems: dict[str, dict[str, list[str]]]) -> Keys | None:
    """The word's stems in every dictionary; None for a stop word (in either)."""
    out = []
    for dictionary in STEMMERS:
        lexemes = stems.get(dictionary, {}).get(word)
        if not lexemes:
            return None
        out.append((dictionary, lexemes[0]))
    return frozenset(out)


def text_keys(text: str, stems: dict) -> Keys:
    keys: set = set()
    for word in words_of(text):
        found = keys_of(word, stems)
        if found:
            keys |= found
    return frozenset(keys)


@dataclass(frozen=True)
class ScopeVocabulary:
    """Each document's stems (its chunks' questions and answers, and its slug)
    and the off-topic bank's."""

    documents: dict[str, Keys]
    bank: Keys


def next_door_terms(
    query: str,
    *,
    document: str,
    vocabulary: ScopeVocabulary,
    stems: dict,
    synonym_groups: Iterable[Iterable[str]] = (),
) -> list[str]:
    """The query's words that the scope writes about in another document but the
    `document` (the top candidate's) never mentions, bank words aside. A word
    counts as mentioned when any term of a synonym group it belongs to is."""
    groups = [text_keys(" ".join(terms), stems) for terms in synonym_groups]
    own = vocabulary.documents.get(document, frozenset())
    elsewhere: set = set()
    for slug, keys in vocabulary.documents.items():
        if slug != document:
            elsewhere |= keys
    found = []
    for word in words_of(query):
        keys = keys_of(word, stems)
        if not keys or keys & vocabulary.bank:
            continue
        alternatives = set(keys)
        for group in groups:
            if keys & group:
                alternatives |= group
        if alternatives & own:
            continue
        if alternatives & elsewhere:
            found.append(word)
    return found


def coverage_threshold_raise(count: int, *, penalty: float, cap: int) -> float:
    """How much the scope's threshold rises for `count` next-door terms."""
    return penalty * min(count, cap)


# --- reading it from the database ---------------------------------------------------

_stems: dict[str, dict[str, list[str]]] = {d: {} for d in STEMMERS}
_vocabularies: dict[tuple[str, str], ScopeVocabulary] = {}
_lock = threading.Lock()


def stem_words(words: Iterable[str]) -> dict[str, dict[str, list[str]]]:
    """Every dictionary's stems of `words` (PostgreSQL ts_lexize; cached per process)."""
    from django.db import connection

    missing = sorted({w for w in words if w not in _stems[STEMMERS[0]]})
    if missing:
        with connection.cursor() as cursor:
            for dictionary in STEMMERS:
                cursor.execute(
                    "SELECT w, ts_lexize(%s::regdictionary, w) FROM unnest(%s::text[]) w",
                    [dictionary, missing],
                )
                for word, lexemes in cursor.fetchall():
                    _stems[dictionary][word] = lexemes or []
    return _stems


def scope_vocabulary(shop: str | None) -> tuple[ScopeVocabulary, dict]:
    """The scope's vocabulary (cached per process until a chunk of it changes)."""
    from knowledge.calibration import load_bank
    from knowledge.models import Chunk

    chunks = Chunk.objects.filter(enabled=True)
    if shop:
        chunks = chunks.filter(document__shop__in=[shop, ""])
    rows = list(chunks.order_by("id").values_list("document__slug", "content_sha256"))
    version = hashlib.sha256(repr(rows).encode()).hexdigest()
    key = (shop or "", version)
    with _lock:
        if key in _vocabularies:
            return _vocabularies[key], _stems
    texts = list(chunks.values_list("document__slug", "question", "text"))
    bank = [q for _, q in load_bank()]
    stems = stem_words(
        w for t in [*(f"{s} {q} {a}" for s, q, a in texts), *bank] for w in words_of(t)
    )
    documents: dict[str, set] = {}
    for slug, question, text in texts:
        documents.setdefault(slug, set()).update(
            text_keys(f"{slug.replace('-', ' ')} {question} {text}", stems)
        )
    bank_keys: set = set()
    for question in bank:
        bank_keys |= text_keys(question, stems)
    vocabulary = ScopeVocabulary(
        {slug: frozenset(keys) for slug, keys in documents.items()}, frozenset(bank_keys)
    )
    with _lock:
        for old in [k for k in _vocabularies if k[0] == key[0]]:
            del _vocabularies[old]
        _vocabularies[key] = vocabulary
    return vocabulary, stems


def next_door_counter(
    query: str, shop: str | None, groups: Callable[[], Iterable] = tuple
) -> Callable[[str], int]:
    """document → how many next-door terms `query` has against it, for one search:
    the scope's vocabulary and the query's stems are read once, on first use."""
    state: dict = {}

    def count(document: str) -> int:
        if not state:
            vocabulary, _ = scope_vocabulary(shop)
            synonym_groups = list(groups())
            words = [*words_of(query), *(w for g in synonym_groups for t in g for w in words_of(t))]
            state.update(vocabulary=vocabulary, stems=stem_words(words), groups=synonym_groups)
        return len(
            next_door_terms(
                query,
                document=document,
                vocabulary=state["vocabulary"],
                stems=state["stems"],
                synonym_groups=state["groups"],
            )
        )

    return count


def count_next_door(
    query: str, document: str, shop: str | None, groups: Callable[[], Iterable] = tuple
) -> int:
    """next_door_terms for one document, read from the database."""
    return next_door_counter(query, shop, groups)(document)
