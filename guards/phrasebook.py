"""Phrases the wording guards look for, per language. Data only: the phrases are in
``phrasebook_es`` and ``phrasebook_en``, the shape of a phrasebook in ``phrasebook_kinds``.

Each entry is an RE2 fragment matched case-insensitively between word boundaries
(``\\s+`` between words). Lists are deliberately specific: a guard that fires on an
ordinary product word is worse than none.
"""

from __future__ import annotations

# Kept importable from here: the wording guards and guards.trust read them.
from guards.markers import (
    BRANDS,
    CODE_IDENTIFIER,
    INJECTION_MARKERS,
    MODEL_WORDS,
    PROMPT_WRAPPERS,
    UNTRUSTED_SOURCE_PREFIXES,
)
from guards.phrasebook_en import ENGLISH
from guards.phrasebook_es import SPANISH
from guards.phrasebook_kinds import InternalTerm, Phrasebook

PHRASEBOOKS: dict[str, Phrasebook] = {"es": SPANISH, "en": ENGLISH}

__all__ = [
    "BRANDS",
    "CODE_IDENTIFIER",
    "INJECTION_MARKERS",
    "MODEL_WORDS",
    "PHRASEBOOKS",
    "PROMPT_WRAPPERS",
    "UNTRUSTED_SOURCE_PREFIXES",
    "InternalTerm",
    "Phrasebook",
]
