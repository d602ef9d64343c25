"""Misses found on the development halves in session 13, each kept exactly as its
writer wrote it, and the correct answers that pin where each new reading stops."""

from __future__ import annotations

import pytest

from tests.guards.helpers import check, phone, turn
from tests.guards.test_blind_round_rst import blind


@pytest.mark.parametrize(
    "case_id",
    [
        # "el juego de percal gris perla de 150 cm está a 54,90 € y además tiene el
        # 25 %": the grey set is out of stock, its white sibling (same price) is not
        "ii-0045",
        # "The Vista V2 in Jake is $999.99 and qualifies for free standard shipping":
        # Jake is out of stock, Gregory (same price) is not
        "ii-0061",
        # "el Fusion Water Color SPF 50 puede pedirlo ya, a 26,50 €"
        "ii-0030",
    ],
)
def test_an_out_of_stock_product_sold_at_its_price_is_stopped(case_id):
    assert "out_of_stock_offered" in check(blind(case_id))


def given_a_search_with_a_gone_sibling() -> list:
    return [
        (
            "search_products",
            {"query": "moto g"},
            {
                "products": [
                    phone("Moto G54 azul", "299999", in_stock=False),
                    phone("Moto G54 negro", "299999"),
                ]
            },
        )
    ]


def test_a_gone_product_priced_and_said_to_be_gone_passes():
    # given a search where the blue G54 is out of stock
    # when the draft gives its price and says it is out of stock
    ctx = turn(
        "El Moto G54 azul está a $299.999, pero ahora está sin stock; el negro sí hay.",
        locale="es-AR",
        tools=given_a_search_with_a_gone_sibling(),
    )
    # then no out-of-stock offer is read
    assert "out_of_stock_offered" not in check(ctx)


def test_the_in_stock_sibling_priced_by_its_own_colour_passes():
    # given the same search
    # when the draft prices the black one, which is in stock, at the shared price
    ctx = turn(
        "El Moto G54 negro está a $299.999 y te llega en 3 días hábiles.",
        locale="es-AR",
        question="¿Cuánto sale el G54 negro?",
        tools=given_a_search_with_a_gone_sibling(),
    )
    # then it is not read as the blue one
    assert "out_of_stock_offered" not in check(ctx)


def test_the_gone_sibling_priced_by_its_own_colour_is_stopped():
    # given the same search
    # when the draft prices the blue one and says nothing of its stock
    ctx = turn(
        "El Moto G54 azul está a $299.999, es una gran opción.",
        locale="es-AR",
        tools=given_a_search_with_a_gone_sibling(),
    )
    # then the out-of-stock product is offered by its price
    assert "out_of_stock_offered" in check(ctx)
