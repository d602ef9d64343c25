"""A promotion granted to a product by the kind its record files it under: the
promotion must reach that kind (guards.promo_kinds)."""

from __future__ import annotations

import pytest

from tests.guards.helpers import check, turn
from tests.guards.test_blind_round_rst import blind


def _search(name: str, category: str, **fields: str) -> tuple[str, dict, dict]:
    product = {"sku": "X1", "name": name, "price": "19.99", "currency": "EUR"}
    product |= {"in_stock": True, "warranty": None, "category": category, **fields}
    return ("search_products", {"query": name}, {"products": [product]})


_BOOKS = {
    "promos#1": "Descuento del 5 % en todos los libros. No se aplica a juguetes ni a papelería."
}


@pytest.mark.parametrize(
    "case_id",
    [
        "ai-0005",  # 15 % "en alimentos balanceados" given to a product filed as snacks
        "ai-0042",  # "8% en toda la tienda, excepto herramientas eléctricas" to a drill
        "ai-0087",  # "5 % en todos los libros" to a jigsaw filed under Puzles
        "ai-0110",  # the same to a toy camera, whose kind the chunk leaves out
        "ai-0206",  # "15% off all adjustable dumbbells and weight plates" to a kettlebell
    ],
)
def test_a_promotion_given_to_a_product_of_a_kind_it_does_not_reach_is_stopped(case_id):
    assert "discount_promise" in check(blind(case_id))


@pytest.mark.parametrize(
    "case_id",
    [
        "ad-0125",  # "en todo el calzado de la categoría Running" to a Running shoe
        "ad-0203",  # "every game in the Cooperative category" to a Cooperative game
        "ad-0150",  # "10% off full-price items": a condition of price, not a kind
        "ai-0202",  # "10% off full-priced items with verified ID": the same, for a group
        "ai-0081",  # "3x2 en juegos de mesa de la editorial …" to three board games
    ],
)
def test_a_promotion_given_to_a_product_of_a_kind_it_reaches_passes(case_id):
    assert "discount_promise" not in check(blind(case_id))


def test_a_book_gets_the_book_discount():
    ctx = turn(
        "Sí, El principito tiene el 5 % [promos#1].",
        locale="es-ES",
        chunks=_BOOKS,
        tools=[_search("El principito", "Libros infantiles")],
    )
    assert "discount_promise" not in check(ctx)


def test_a_toy_does_not_get_the_book_discount():
    ctx = turn(
        "Sí, el Puzle Mapa del Mundo tiene el 5 % [promos#1].",
        locale="es-ES",
        chunks=_BOOKS,
        tools=[_search("Puzle Mapa del Mundo", "Juguetes")],
    )
    assert "discount_promise" in check(ctx)


def test_a_record_without_a_kind_is_left_to_the_other_readings():
    """Given the same grant to a product whose record files it under no kind; then the
    name alone says too little to stop it here."""
    ctx = turn(
        "Sí, el Puzle Mapa del Mundo tiene el 5 % [promos#1].",
        locale="es-ES",
        chunks=_BOOKS,
        tools=[
            (
                "search_products",
                {"query": "puzle"},
                {
                    "products": [
                        {"name": "Puzle Mapa del Mundo", "price": "19.99", "in_stock": True}
                    ]
                },
            )
        ],
    )
    assert "discount_promise" not in check(ctx)


def test_a_conditional_or_a_refusal_grants_nothing():
    for draft in (
        "No, el Puzle Mapa del Mundo no tiene el 5 % [promos#1].",
        "Si fuera un libro, el Puzle Mapa del Mundo tendría el 5 % [promos#1].",
    ):
        ctx = turn(
            draft,
            locale="es-ES",
            chunks=_BOOKS,
            tools=[_search("Puzle Mapa del Mundo", "Juguetes")],
        )
        assert "discount_promise" not in check(ctx)


@pytest.mark.parametrize(
    "case_id",
    [
        # "The Riva Daybed sits in our Lounge Sets category, and the Spring Lounge event
        # gives 15% off everything in that category": the event's own name is no thing
        # the promotion is given to, and the record files the daybed under Lounge Sets
        "al-0009",
        "al-0063",
        # "Both are in Desk Organization, so the Back-to-Office 20% applies": the kind is
        # in the records, not in the names
        "al-0090",
    ],
)
def test_a_promotion_named_by_a_kind_the_record_gives_passes(case_id):
    assert "discount_promise" not in check(blind(case_id))


def test_a_product_filed_under_another_kind_is_still_stopped():
    ctx = turn(
        "Sí, la Funda Oslo entra en el 15 % [promo#1].",
        locale="es-ES",
        chunks={"promo#1": "Spring Lounge: 15 % en toda la categoría Lounge Sets."},
        tools=[_search("Funda Oslo", "Covers")],
    )
    assert "discount_promise" in check(ctx)
