"""A promotion stretched past what its source names.

Read by the sentence's structure: an extension marker ("también", "igual que", "too",
"as well", "also") beside a discount, and the thing it is stretched to — the words right
after a preposed marker ("se aplica también al Heliocare 360", "también vale para tu
segunda compra") or right before a postposed one ("Teachers are welcome to the student
discount too"). The promotion covers it only when the promotion's sources name those
words (singular or plural); otherwise the sentence gives a discount nobody gave.
"""

from __future__ import annotations

from collections.abc import Iterable

import re2

from guards.text import words

_MARKER = {
    "es": re2.compile(r"(?i)(?:^|[^\pL])(también|tambien|igual\s+que|además|incluso)(?:$|[^\pL])"),
    "en": re2.compile(r"(?i)(?:^|[^\pL])(also|too|as\s+well|same\s+as|even)(?:$|[^\pL])"),
}
_POSTPOSED = frozenset(("too", "as well"))
_CUT = re2.compile(r"[,;:.!?()\[\]—–]|\s-\s")
_REACH = 5
# Words that carry no object of their own.
_FUNCTION = frozenset(
    "aplica aplican vale valen válido válida válidos válidas sirve sirven rige corre cuenta "
    "incluye incluyen para sobre desde hasta este esta estos estas todo toda todos todas "
    "tiene tienes tenés tiene tendrás podés puedes puede usarlo usarla aplicarlo aplicarla "
    "applies apply valid works counts covers includes available welcome with from this that "
    "these those your their have gets get will would could "
    "descuento descuentos promo promoción promocion oferta cupón cupon código codigo "
    "discount discounts offer code coupon voucher deal price precio".split()
)


def stretched_to(sentence: str, language: str, sources: Iterable[str]) -> list[str]:
    """The words a promotion is extended to that none of its sources names."""
    pattern = _MARKER["es" if language == "es" else "en"]
    named = {w[:5] for text in sources for w in words(text)}
    out: list[str] = []
    for match in pattern.finditer(sentence):
        marker = " ".join(match.group(1).lower().split())
        if marker in _POSTPOSED:
            span = _CUT.split(sentence[: match.start(1)])[-1]
            near = words(span)[-2 * _REACH :]  # the subject: "Teachers are welcome to…"
        else:
            span = _CUT.split(sentence[match.end(1) :])[0]
            near = words(span)[:_REACH]
        out.extend(
            w
            for w in near
            if len(w) >= 4 and not w.isdigit() and w not in _FUNCTION and w[:5] not in named
        )
    return out
