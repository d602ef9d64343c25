"""The masker on the planted-data files written by people who had not read it:
every planted number gone, every look-alike untouched (no database needed)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from support.customer.privacy_mask import Hidden, mask

DATA = Path(__file__).parent / "data"


def _load(name: str) -> list[dict]:
    with (DATA / name).open(encoding="utf-8") as lines:
        return [json.loads(line) for line in lines if line.strip()]


PLANTED = _load("pii-planted.jsonl")
LOOKALIKES = _load("pii-lookalikes.jsonl")


def test_the_files_are_as_large_as_the_issue_asks():
    assert len(PLANTED) >= 200 and len(LOOKALIKES) >= 100


def test_no_planted_number_survives_the_masker():
    # Given 220 messages with card numbers, CVVs, expiries, IBANs and identity numbers
    # When each one is masked
    survivors = [
        (case["id"], planted)
        for case in PLANTED
        for planted in case["planted"]
        if planted in mask(case["text"]).text
    ]
    # Then none of the planted substrings is left
    assert survivors == []


def test_no_look_alike_is_altered():
    # Given 110 messages with order numbers, SKUs, barcodes, phones, prices, dates
    altered = [case["id"] for case in LOOKALIKES if mask(case["text"]).text != case["text"]]
    # Then the masker leaves every one exactly as typed
    assert altered == []


def test_the_issue_message_keeps_its_order_number_and_the_card_s_last_four():
    masked = mask(
        "Mi tarjeta 4111 1111 1111 1111 vence 12/27 cvv 123, DNI 12345678Z, "
        "¿me reintegran el pedido 1042? mail lucia@example.com"
    )
    assert masked.text == (
        "Mi tarjeta [CARD_1111] vence [EXPIRY] cvv [CVV], DNI [DNI], "
        "¿me reintegran el pedido 1042? mail lucia@example.com"
    )
    assert set(masked.hidden) == {Hidden.CARD, Hidden.EXPIRY, Hidden.CVV, Hidden.DNI}


@pytest.mark.parametrize(
    "text",
    [
        "pedido 1042, 4111-1111-1111-1111",  # card after an order number
        "order 1042 4111111111111111",  # glued by one space
        "IBAN es59 2100 5438 8446 7654 2803 please",  # lower case
    ],
)
def test_a_card_or_iban_next_to_other_numbers_is_still_masked(text):
    masked = mask(text)
    assert "1042" in masked.text or "IBAN" in masked.text
    assert "1111 1111" not in masked.text and "4111111111111111" not in masked.text
    assert "5438" not in masked.text


@pytest.mark.parametrize(
    "text",
    [
        "EAN 7791234567893 del pedido 1042",  # a valid EAN-13, not a 4-prefix card
        "el vence 12/27 sin tarjeta",  # an expiry-like date with no card stays
        "tracking 1Z999AA10123456784, order 1042",
        "Llamame al +54 9 11 4013-3819",
        "Total $ 1.364.215 del 06/01/2026",
        "DNI inválido 12345678A",  # wrong check letter: not a Spanish DNI
    ],
)
def test_look_alikes_of_our_own_stay(text):
    assert mask(text).text == text
