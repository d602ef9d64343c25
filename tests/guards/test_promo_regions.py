"""Free shipping granted under a rule that treats regions apart, to a customer who said
where they are (guards.promo_regions)."""

from __future__ import annotations

import pytest

from tests.guards.helpers import check, turn
from tests.guards.test_blind_round_rst import blind

_RULE = {
    "envios#1": (
        "Envío gratis en la Península a partir de 39 €. Baleares: gratis a partir de 79 €. "
        "Canarias, Ceuta y Melilla: sin envío gratuito; gastos según peso."
    )
}


@pytest.mark.parametrize(
    "case_id", ["ai-0004", "ai-0082", "ai-0166", "am-0089", "am-0103", "ww-0204"]
)
def test_free_shipping_granted_to_a_place_the_rule_treats_apart_is_stopped(case_id):
    assert "discount_promise" in check(blind(case_id))


@pytest.mark.parametrize(
    ("draft", "question"),
    [
        # the desk names the region whose threshold it applies: its word, its claim
        (
            "Sí: a la Península el envío es gratis desde 39 €, así que con 45 € no pagas envío "
            "[envios#1].",
            "Vivo en Zaragoza, pedido de 45 €. ¿Envío gratis?",
        ),
        # the place is the rule's own, and the amount reaches its threshold
        (
            "Sí, a Baleares es gratis a partir de 79 €, y tu pedido es de 85 € [envios#1].",
            "Estoy en Baleares, mi compra es de 85 €.",
        ),
        # a denial, or the customer paying, grants nothing
        (
            "Con 45 € a Canarias el envío se paga según peso [envios#1].",
            "Estoy en Tenerife, mi compra es de 45 €.",
        ),
        # no place given: the threshold reading alone judges it
        (
            "Con 45 € superas los 39 €, así que el envío es gratis [envios#1].",
            "Mi compra es de 45 €, ¿envío gratis?",
        ),
    ],
)
def test_a_grant_the_rule_holds_for_or_no_grant_passes(draft, question):
    ctx = turn(draft, locale="es-ES", question=question, chunks=_RULE)
    assert "discount_promise" not in check(ctx)


def test_the_place_the_rule_leaves_out_gets_nothing():
    ctx = turn(
        "¡Sí! Con 85 € el envío te sale gratis [envios#1].",
        locale="es-ES",
        question="Estoy en Canarias, mi compra es de 85 €.",
        chunks=_RULE,
    )
    assert "discount_promise" in check(ctx)
