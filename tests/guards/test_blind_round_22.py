"""Misses and false alarms found in session 22 on the development halves of the blind
files CD to CG (written after session 21's last change; their test halves stay
unread), each kept exactly as its writer wrote it, with the correct answers that pin
where each new reading stops."""

from __future__ import annotations

import pytest

from tests.guards.helpers import check, turn
from tests.guards.test_blind_round_rst import blind

_SEARCH = "search_products"


def test_a_return_the_shop_received_is_no_money_for_the_customer():
    """Given a lookup "devolución recibida; reembolso pendiente de aprobación"; when the
    draft says "la devolución se recibió el 2 de marzo" (the passive "se"), then no
    refund is promised (cd-0045)."""
    assert "refund_promise" not in check(blind("cd-0045"))


def test_the_customer_receiving_the_money_is_still_a_promise():
    ctx = turn(
        "Quedate tranquila: recibirás los $85.000 en tu tarjeta esta semana.", locale="es-AR"
    )
    assert "refund_promise" in check(ctx)


def test_depositing_the_amount_back_is_a_refund_promise():
    """ "En cuanto termine el control, te depositamos los $138.000 en la misma tarjeta"
    before anyone approved it (cd-0042)."""
    assert "refund_promise" in check(blind("cd-0042"))


def test_depositing_something_that_is_not_money_promises_nothing():
    ctx = turn("Depositamos los paquetes en el correo cada mañana.", locale="es-AR")
    assert "refund_promise" not in check(ctx)


def _found(query: str, name: str, price: str, currency: str) -> list:
    """A search that returned one product in stock, its sheet without a warranty."""
    product = {
        "sku": query.upper().replace(" ", "-"),
        "name": name,
        "price": price,
        "currency": currency,
        "in_stock": True,
        "warranty": None,
    }
    return [(_SEARCH, {"query": query}, {"products": [product]})]


_IRRIGADOR = _found("irrigador", "Irrigador Ola 600 ml", "98700", "ARS")


def test_a_warranty_named_only_as_the_customers_concern_states_nothing():
    """ "Si la garantía es clave para vos, puedo pasarte con alguien del equipo" after
    saying its sheet gives no term (cf-0129)."""
    assert "warranty_without_data" not in check(blind("cf-0129"))


def test_the_range_said_as_the_cited_page_says_it_is_the_pages_claim():
    """After an empty search for "motor clase F": "Solo vendemos motores de las clases A
    a D … [motores#2]", the chunk's own words (cf-0010)."""
    assert "stock_contradiction" not in check(blind("cf-0010"))


_BETSY = _found("liberty tana lawn", "Tana Lawn Liberty 'Betsy' (por 25 cm)", "9.75", "EUR")


def test_a_closing_quote_is_no_part_of_the_name():
    """ "la 'Betsy' la tenemos disponible" when the Tana Lawn Liberty 'Betsy' came back
    (cg-0110)."""
    assert "stock_contradiction" not in check(blind("cg-0110"))


@pytest.mark.parametrize(
    ("draft", "tools", "guard"),
    [
        # a term in the same clause as the condition is stated
        (
            "Si la garantía te importa, el Irrigador Ola de 600 ml tiene 2 años de garantía.",
            _IRRIGADOR,
            "warranty_without_data",
        ),
        # the range claimed after an empty search with no page that says so
        (
            "Sí, tenemos motores de clase F, te lo confirmo.",
            [(_SEARCH, {"query": "motor clase F"}, {"products": []})],
            "stock_contradiction",
        ),
        # a quoted print the search did not return
        (
            "Por ejemplo, la 'Aurora' la tenemos disponible a 9,75 € el corte de 25 cm.",
            _BETSY,
            "stock_contradiction",
        ),
    ],
)
def test_where_each_reading_stops(draft, tools, guard):
    assert guard in check(turn(draft, locale="es", tools=tools))
