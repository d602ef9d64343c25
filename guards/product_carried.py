"""The shop says it carries what was asked by a pronoun or a pro-form ("we have it",
"las tenemos", "We do!"), and what an earlier reply of the desk's already said it
carries: read by the stock guards beside ``guards.product_claims``."""

from __future__ import annotations

from guards import scan
from guards.product_claims import _HAVE, _HAVE_IT


def claims_the_asked_product(clause: str, language: str, question: str = "") -> bool:
    """The clause says the shop carries the thing asked about, by a pronoun ("we have
    it", "las tenemos"), not negated; or answers "do you sell X?" with the verb's
    pro-form alone ("We do!", "Yes, we sure do")."""
    if any(not m.group(1) for m in _HAVE_IT[language].finditer(clause)):
        return True
    return (
        language == "en"
        and _PRO_FORM.fullmatch(clause.strip(" !.")) is not None
        and _ASKS_CARRY.search(question) is not None
    )


def carried_before(clause: str, told: tuple[str, ...]) -> bool:
    """The clause's distinctive figures and names are all in an earlier reply of the
    desk's that said the shop has them ("Sí, tenemos el eSun PETG de 1,75 mm…", then
    "solo lo trabajamos en 1,75 mm"): that reply passed these guards in its own turn."""
    specific = _specific(clause)
    if not specific:
        return False
    return any(
        (_HAVE["es"].search(text) or _HAVE["en"].search(text)) and specific <= _specific(text)
        for text in told
    )


_WORD = scan.compile(r"[\pL\pN][\pL\pN-]*")


def _specific(text: str) -> set[str]:
    """Numbers, and capitalised words that do not open the text: what names one thing."""
    found = _WORD.findall(text)
    return {w.lower() for i, w in enumerate(found) if w.isdigit() or (i > 0 and w[:1].isupper())}


_PRO_FORM = scan.compile(r"(?i)(?:yes|yep|yeah|sure)?[,!\s]*we\s+(?:sure\s+|certainly\s+)?do")
_ASKS_CARRY = scan.compile(r"(?i)(?:^|[^\pL])do\s+you\s+(?:sell|have|carry|stock|do)(?:$|[^\pL])")
