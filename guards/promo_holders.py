"""A promotion for holders of something granted to a customer who says they are not.

A promotion's source often gives it to the holders of a status: the members of a club,
the holders of the shop's card, subscribers, students ("Club Ombú: los socios tienen
10 %", "Titulares de la Tarjeta Alacena", "Finch Rewards members get 10% off"). When
the customer has said they do not hold it ("No soy socio del club", "No tengo ninguna
tarjeta vuestra", "I don't have a Rewards account") and the draft grants the promotion
anyway, it moves the promotion to a case its source leaves out.

The reading is structural: a negated "be" or "have" in the customer's own words, a word
of a closed class of statuses among the few words after it, and the same word in the
promotion's source. A draft that grants it under a condition ("si te hacés socio…",
"once you sign up…"), hedges, or names the status itself ("es para socios del Club
Ceibo", "Membership is free") is the honest answer.
"""

from __future__ import annotations

from guards import scan
from guards.conjugation import fold
from guards.context import GuardContext
from guards.moods import conditional
from guards.text import words

# The customer's own negated "be" / "have", and the words after it.
_NOT_HOLDING = {
    "es": scan.compile(
        r"(?i)(?:^|[^\pL])no\s+(?:soy|somos|estoy|estamos|tengo|tenemos)((?:\s+[\pL\pN'-]+){1,5})"
    ),
    "en": scan.compile(
        r"(?i)(?:^|[^\pL])(?:i'?m\s+not|i\s+am\s+not|we'?re\s+not|we\s+are\s+not|"
        r"i\s+don'?t\s+have|i\s+do\s+not\s+have|we\s+don'?t\s+have|i\s+haven'?t\s+got|"
        r"i'?m\s+not\s+signed\s+up\s+(?:to|for))((?:\s+[\pL\pN'-]+){1,5})"
    ),
}
# Closed class: what a customer holds or is to get a promotion (folded prefixes).
_STATUS = (
    "socio", "socia", "miembro", "member", "titular", "holder", "tarjeta", "card", "club",
    "suscri", "subscri", "afiliad", "cuenta", "account", "estudiante", "student", "jubilad",
    "pensionist", "docente", "teacher", "carnet", "carne",
)  # fmt: skip


def customer_lacks_the_status(
    ctx: GuardContext, sentence: str, promotions: list[str], *, grants: bool
) -> str | None:
    """A note when ``sentence`` grants one of ``promotions`` (``grants``: it says yes
    or gives the deal) whose source names a status the customer said they lack."""
    if not grants or not promotions or conditional(sentence):
        return None
    language = "en" if ctx.language == "en" else "es"
    lacking = _lacking(ctx.customer_texts(), language)
    if not lacking or lacking & {fold(t)[:5] for t in words(sentence.lower())}:
        return None  # "es para socios del Club Ceibo": the condition said, not waived
    for source in promotions:
        stems = {fold(t)[:5] for t in words(source.lower())}
        if held := sorted(lacking & stems):
            return f"the customer said they are not or have no {held[0]!r}, which it asks"
    return None


def _lacking(texts: tuple[str, ...], language: str) -> set[str]:
    out: set[str] = set()
    for text in texts:
        for match in _NOT_HOLDING[language].finditer(text):
            for token in words(match.group(1).lower()):
                folded = fold(token)
                if folded.startswith(_STATUS):
                    out.add(folded[:5])
    return out
