"""Exact codes (SKUs, error codes, form numbers) found in text, normalised so that
`SKU-9942`, `sku 9942` and `SKU_9942` meet.

Full-text search splits `SKU-9942` into `sku` and `-9942` and `ERR_401_EXPIRED_TOKEN`
into stems, so a query that carries a code is matched on this separate column.
"""

from __future__ import annotations

import re

# A token with at least one digit and one letter, or letters joined by '_' ; joined
# by '-', '_', '.' or '/'. Bounded repetition keeps matching linear.
CODE_TOKEN = re.compile(r"(?<![\w-])([A-Za-z0-9]{1,30}(?:[-_/][A-Za-z0-9]{1,30}){0,8})(?![\w-])")
# "sku 9942", "rma 204": a short word followed by digits.
SPLIT_CODE = re.compile(r"\b([A-Za-z]{2,5})[\s#:]{1,2}(\d{2,10})\b")
MAX_CODES = 40


def normalise_code(token: str) -> str:
    return re.sub(r"[-_/.\s]", "", token).upper()


def is_code(token: str) -> bool:
    """Letters and digits in one token (SKU-9942, HOLA5000, RMA-204, 25W), or
    upper-case words joined by '_' (ERR_EXPIRED_TOKEN)."""
    has_digit = any(ch.isdigit() for ch in token)
    has_alpha = any(ch.isalpha() for ch in token)
    if has_digit and has_alpha:
        return True
    return "_" in token and token.upper() == token and has_alpha and len(token) >= 6


def extract_codes(text: str) -> list[str]:
    """Normalised codes in order of appearance, without duplicates. A code also
    yields its trailing digit group ("SKU-9942" → "SKU9942", "9942") so that a
    customer who types only the number still meets it."""
    found: list[str] = []
    for match in CODE_TOKEN.finditer(text[:50_000]):
        token = match.group(1)
        if is_code(token):
            found.append(normalise_code(token))
            digits = re.findall(r"\d{3,}", token)
            if digits and ("-" in token or "_" in token):
                found.extend(digits[-1:])
    unique = list(dict.fromkeys(found))
    return unique[:MAX_CODES]


def extract_query_codes(query: str) -> list[str]:
    """Codes in a customer's query, plus bare numbers of 3+ digits that are not
    formatted amounts (they may be the tail of a code)."""
    codes = extract_codes(query)
    for match in SPLIT_CODE.finditer(query[:50_000]):
        codes.append((match.group(1) + match.group(2)).upper())
    for number in re.findall(r"(?<![\d.,])\d{3,10}(?![\d.,])", query[:50_000]):
        if number not in codes:
            codes.append(number)
    return codes[:MAX_CODES]
