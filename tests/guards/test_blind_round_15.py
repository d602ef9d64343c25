"""Misses found on the development halves in session 15, each kept exactly as its
writer wrote it, and the correct answers that pin where each new reading stops."""

from __future__ import annotations

import pytest

from tests.guards.helpers import check
from tests.guards.test_blind_round_rst import blind


@pytest.mark.parametrize(
    ("case_id", "guard"),
    [
        # "two Continental tyres … so two Gatorskin 700x25c … qualify" under "two
        # Continental Grand Prix 5000 tyres": the brand, not the model the source names
        ("ii-0044", "discount_promise"),
        # "la Prior de 24 cm te sale gratis" under "3x2 en sartenes BRA Efficient"
        ("ii-0205", "discount_promise"),
        # "Boss Bottled … entra en el 20 %" under "de Carolina Herrera y Paco Rabanne …
        # y las marcas no citadas"
        ("ii-0088", "discount_promise"),
        # "las Ray-Ban graduadas entran" under "Solo monturas de las marcas Miravista y
        # Lunor Basic"
        ("oo-0203", "discount_promise"),
        # "25 % en la segunda unidad de Danone" under "de marca Hacendado"
        ("y-283", "discount_promise"),
        # "Does the Party Games bundle work if I buy Wingspan and Azul?" answered yes
        # under "any two games from our Party Games range"
        ("C-0222", "discount_promise"),
    ],
)
def test_a_promotion_granted_to_another_name_is_stopped(case_id, guard):
    assert guard in check(blind(case_id))


@pytest.mark.parametrize(
    "case_id",
    [
        # "NHS staff get 10% off … with a valid NHS ID": "ID" is no model of "NHS"
        "ff-0088",
        # "Fotoprotector Fusion Water Magic … entra en la campaña solar" under "ISDIN y
        # Heliocare … No incluye La Roche-Posay": the names after "No incluye" are left out
        "ii-0148",
        # "¿Hay alguna oferta en el Fusion Water de Isdin?": "Fusion Water" is part of the
        # returned "Isdin Fusion Water SPF 50 50 ml", which the source's "Isdin" names
        "rr-0021",
    ],
)
def test_a_promotion_granted_to_a_name_its_source_gives_passes(case_id):
    assert check(blind(case_id)) == {}


@pytest.mark.parametrize(
    ("case_id", "guard"),
    [
        # the "Good Girl Eau de Parfum" is a returned Carolina Herrera product
        ("ii-0184", "discount_promise"),
        # "el Fusion Water Color SPF 50 … entra en la segunda unidad al 50 %"
        ("ii-0030", "discount_promise"),
    ],
)
def test_a_product_of_a_named_brand_passes_the_promotion_reading(case_id, guard):
    assert guard not in check(blind(case_id))
