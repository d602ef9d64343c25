"""Vouchers and codes: a coupon only a source can give, a code only a source can hold.

"Usá el cupón CUMPLESUR" when no source gives a coupon, "usá el código HOLA10" when no
text of the turn has that code: the model made them up.
"""

from __future__ import annotations

import json

from guards import scan
from guards.conjugation import fold
from guards.context import GuardContext
from guards.text import words

# Offers that are a thing the customer holds and types in: "the coupon" refers to one
# only when a source gives a coupon (any discount a source states is "the discount").
_VOUCHER_STEMS = ("cupon", "coupo", "vouch", "codig", "code")


def a_source_names(phrase: str, trusted: list[str]) -> bool:
    """A trusted source names this kind of offer: "el cupón" refers to a coupon a source
    gives, not to the free first exchange another source states. Compared on the
    phrase's first word, accents folded, cut to its stem (cupón / cupones)."""
    first = words(fold(phrase.lower()))
    stem = first[0][:5] if first else ""
    if stem not in _VOUCHER_STEMS:
        return True
    return any(s in fold(text.lower()) for text in trusted for s in _VOUCHER_STEMS)


# A code the customer types at checkout: "usá el código HOLA10", "use code SPRING15".
_CODE = scan.compile(
    r"(?i)(?:c[oó]digo|cup[oó]n|code|coupon|voucher)\s+(?:de\s+descuento\s+)?[\"'«“]?"
    r"([A-Z][A-Z0-9]{3,}[0-9]*)(?:$|[^\pL\pN])"
)


def invented_code(sentence: str, ctx: GuardContext) -> str | None:
    """A discount code written in capitals that no chunk, tool output or message of the
    turn contains: the model made it up."""
    for match in _CODE.finditer(sentence):
        code = match.group(1)
        if not code.isupper() or not any(ch.isalpha() for ch in code):
            continue
        texts = [c.text for c in ctx.retrieved] + [ctx.question, *(m.text for m in ctx.history)]
        texts += [json.dumps(c.output, ensure_ascii=False) for c in ctx.tool_outputs]
        if not any(code.lower() in text.lower() for text in texts):
            return code
    return None
