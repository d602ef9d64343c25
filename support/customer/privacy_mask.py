"""Mask the numbers a customer must never leave in a chat, before anything keeps them.

Pure: text in, masked text and what was hidden out; no database, no settings. The
checksums come from python-stdnum (Luhn, IBAN mod 97, the Spanish DNI/NIE letter,
the Argentine CUIT/CUIL check digit), never from code of our own. What is masked:

* a card number: 13–19 digits in any grouping (spaces, dashes, dots) that pass
  Luhn (13 digits only for a ``4`` prefix, the one scheme that issues them); it
  becomes ``[CARD_1234]`` — its last four glued to the mask, so an order-number
  reader looking for a free-standing four-digit number never takes them;
* a CVV/CVC after its word (cvv, cvc, security code, código de seguridad…) and an
  expiry date after its word (exp, vence, caduca, valid thru…) when the message
  carries a card: ``[CVV]``, ``[EXPIRY]``;
* an IBAN whose check digits are valid: ``[IBAN]``;
* a Spanish DNI or NIE with a valid check letter: ``[DNI]``, ``[NIE]``;
* an Argentine CUIT/CUIL with a valid check digit: ``[CUIT]``; an Argentine DNI
  (7–8 digits, dotted or not) only right after the word DNI or "documento": ``[DNI]``.

Everything else stays as typed: order numbers, SKUs, EAN barcodes (13 digits not
starting with 4, or failing Luhn), tracking codes, phones, prices, dates, postcodes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import StrEnum

from stdnum import iban as std_iban
from stdnum import luhn
from stdnum.ar import cuit as std_cuit
from stdnum.es import dni as std_dni
from stdnum.es import nie as std_nie


class Hidden(StrEnum):
    CARD = "card"
    CVV = "cvv"
    EXPIRY = "expiry"
    IBAN = "iban"
    DNI = "dni"
    NIE = "nie"
    CUIT = "cuit"


@dataclass(frozen=True)
class Masked:
    text: str
    hidden: tuple[Hidden, ...] = field(default=())

    @property
    def changed(self) -> bool:
        return bool(self.hidden)


# Digits in groups of 1–6 joined by one space, dash or dot; not glued to other
# digits or letters (so "SKU-1234…" or a longer run is not a card).
CARD = re.compile(r"(?<![\w.\-/])\d(?:[ .\-]?\d){12,18}(?![\w]|[.\-]\d)")
IBAN = re.compile(r"(?<![\w])[A-Z]{2}\d{2}(?:[ ]?[A-Z0-9]){11,30}(?![\w])", re.IGNORECASE)
DNI_ES = re.compile(r"(?<![\w.\-])(\d{1,2}\.?\d{3}\.?\d{3})[ \-]?([A-Z])(?![\w])", re.IGNORECASE)
NIE = re.compile(r"(?<![\w])([XYZ])[ \-]?(\d{7})[ \-]?([A-Z])(?![\w])", re.IGNORECASE)
CUIT = re.compile(r"(?<![\w.\-])(\d{2})-?(\d{8})-?(\d)(?![\w]|[.\-]\d)")
DNI_AR = re.compile(
    r"\b(?:D\.?N\.?I\.?|documento)\b(?:\s*(?:n[°ºo.]*|nro\.?|número|es|del titular|:|#))*\s*"
    r"(\d{1,2}\.?\d{3}\.?\d{3})(?![\w]|[.\-]\d)",
    re.IGNORECASE,
)
# The word, then a few non-digits ("CVV: ", "is ", "the CVV is "), then 3–4 digits.
CVV = re.compile(
    r"\b(?:cvv2?|cvc2?|cid|security code|c[oó]digo de seguridad|c[oó]d\. de seguridad)"
    r"\b[^\d\n]{0,12}?(\d{3,4})(?!\d)",
    re.IGNORECASE,
)
EXPIRY = re.compile(
    r"\b(?:exp(?:\.|iry|ires|iration)?|valid (?:thru|through|until)|v[aá]lida hasta|vence|"
    r"venc\.?|vencimiento|vto\.?|caduca|caducidad|fecha de caducidad)"
    r"[^\d\n]{0,12}?((?:0?[1-9]|1[0-2])\s?/\s?(?:\d{2}|20\d{2}))(?![\d/])",
    re.IGNORECASE,
)
CARD_LENGTHS = range(13, 20)


def mask(text: str) -> Masked:
    """The text with every sensitive number replaced, and the kinds that were."""
    spans: list[tuple[int, int, str, Hidden]] = []

    def free(start: int, end: int) -> bool:
        return all(end <= s or start >= e for s, e, _, _ in spans)

    for m in IBAN.finditer(text):
        found = _iban_in(m.group(0))
        if found:
            spans.append((m.start(), m.start() + found, "[IBAN]", Hidden.IBAN))
    for m in CARD.finditer(text):
        found = _card_in(m)
        if found is not None and free(found[0], found[1]):
            digits = re.sub(r"\D", "", text[found[0] : found[1]])
            spans.append((found[0], found[1], f"[CARD_{digits[-4:]}]", Hidden.CARD))
    has_card = any(kind is Hidden.CARD for *_, kind in spans)
    for m in NIE.finditer(text):
        if std_nie.is_valid("".join(m.groups())) and free(m.start(), m.end()):
            spans.append((m.start(), m.end(), "[NIE]", Hidden.NIE))
    for m in DNI_ES.finditer(text):
        if std_dni.is_valid(m.group(1).replace(".", "") + m.group(2)) and free(m.start(), m.end()):
            spans.append((m.start(), m.end(), "[DNI]", Hidden.DNI))
    for m in CUIT.finditer(text):
        if std_cuit.is_valid("".join(m.groups())) and free(m.start(), m.end()):
            spans.append((m.start(), m.end(), "[CUIT]", Hidden.CUIT))
    for m in DNI_AR.finditer(text):
        if free(m.start(1), m.end(1)):
            spans.append((m.start(1), m.end(1), "[DNI]", Hidden.DNI))
    for m in CVV.finditer(text):
        if free(m.start(1), m.end(1)):
            spans.append((m.start(1), m.end(1), "[CVV]", Hidden.CVV))
    if has_card:
        for m in EXPIRY.finditer(text):
            if free(m.start(1), m.end(1)):
                spans.append((m.start(1), m.end(1), "[EXPIRY]", Hidden.EXPIRY))
    if not spans:
        return Masked(text)
    spans.sort()
    out, at = [], 0
    for start, end, replacement, _ in spans:
        out.append(text[at:start])
        out.append(replacement)
        at = end
    out.append(text[at:])
    kinds = tuple(dict.fromkeys(kind for *_, kind in spans))
    return Masked("".join(out), kinds)


def _is_card(digits: str) -> bool:
    if len(digits) not in CARD_LENGTHS or not luhn.is_valid(digits):
        return False
    return len(digits) != 13 or digits.startswith("4")


def _card_in(match: re.Match[str]) -> tuple[int, int] | None:
    """The span of the longest run of whole digit groups inside ``match`` that is a
    card (an order number typed just before a card must not hide it)."""
    groups = [(g.start(), g.end()) for g in re.finditer(r"\d+", match.group(0))]
    best: tuple[int, int] | None = None
    for i in range(len(groups)):
        for j in range(len(groups) - 1, i - 1, -1):
            start, end = groups[i][0], groups[j][1]
            if best is not None and end - start <= best[1] - best[0]:
                break
            if _is_card(re.sub(r"\D", "", match.group(0)[start:end])):
                best = (start, end)
                break
    if best is None:
        return None
    return match.start() + best[0], match.start() + best[1]


def _iban_in(candidate: str) -> int:
    """The length of the longest prefix of ``candidate`` that is a valid IBAN (0: none);
    the pattern may have run on into a following word."""
    for end in range(len(candidate), 14, -1):
        if candidate[end - 1] == " ":
            continue
        if std_iban.is_valid(candidate[:end].upper()):
            return end
    return 0
