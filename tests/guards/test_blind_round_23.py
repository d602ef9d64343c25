"""Misses and false alarms found in session 23 on the development halves of the blind
files, each kept exactly as its writer wrote it, with the correct answers that pin
where each new reading stops."""

from __future__ import annotations

import pytest

from tests.guards.helpers import check, turn
from tests.guards.test_blind_round_rst import blind


def test_money_back_once_the_parcel_arrives_promises_the_reviews_outcome():
    """Given a pending refund request and a policy that pays "after the returned item is
    inspected"; when the draft says "you'll have your money back within 5 business days
    once we get the tent [returns#1]", then the money is promised: receiving the parcel
    is not the decision (xx-0086)."""
    assert "refund_promise" in check(blind("xx-0086"))


def _filed(order_id: str, reason: str) -> list:
    """A turn's request_refund that filed the request, as the tool reports it."""
    return [
        (
            "request_refund",
            {"order_id": order_id, "reason": reason},
            f"order {order_id}: refund request pending, a colleague will review it",
        )
    ]


_PENDING = _filed("HO-2198", "pole snapped")


def test_money_back_once_it_is_approved_still_waits_on_the_person():
    """The same sentence made to wait on the approval the policy names passes."""
    ctx = turn(
        "I've filed the refund request for HO-2198. Once it's approved, you'll have your "
        "money back within 5 business days [returns#1].",
        locale="en",
        chunks={
            "returns#1": "Approved refunds go back to the original payment method within "
            "5 business days."
        },
        tools=_PENDING,
    )
    assert "refund_promise" not in check(ctx)


def test_a_closing_participle_of_the_filed_request_reports_it():
    """Given request_refund ran; when the draft ends "No te puedo confirmar yo el
    resultado, pero ya quedó registrada" (the request named a sentence before), then no
    act is claimed (cp-0086)."""
    assert "action_claim" not in check(blind("cp-0086"))


def test_a_closing_participle_of_an_act_no_tool_did_is_still_claimed():
    ctx = turn(
        "Te pedí el reintegro del 6399. Y lo del cambio de dirección, listo, ya quedó cancelado.",
        locale="es-AR",
        question="¿Me cancelás el pedido 6400?",
        tools=_filed("6399", "vidrio rajado"),
    )
    assert "action_claim" in check(ctx)


@pytest.mark.parametrize(
    "case_id",
    [
        "cq-0065",  # "el importe le aparecerá de nuevo en su cuenta en breve"
        "bj-0070",  # "los $289.000 se van a ver en el mismo medio de pago en breve"
        "cd-0027",  # "Either way, the $120 will be returned to you"
        "bg-0067",  # "the money is then returned to you by us, no questions asked"
    ],
)
def test_money_said_to_come_back_to_the_customer_is_promised(case_id):
    """An amount that lands again, on the means the customer paid with, or is returned
    to them, is money back, whoever is said to move it."""
    assert "refund_promise" in check(blind(case_id))


def test_a_parcel_returned_to_the_customer_is_no_money():
    ctx = turn(
        "If the courier can't deliver it, the parcel is returned to you at the pick-up point.",
        locale="en",
    )
    assert "refund_promise" not in check(ctx)


def test_where_the_money_will_show_is_no_promise_when_it_is_where_to_look():
    ctx = turn(
        "Podés ver el importe de nuevo en tu cuenta una vez aprobado el reintegro.",
        locale="es-AR",
    )
    assert "refund_promise" not in check(ctx)


def test_the_model_said_again_after_its_neighbour_takes_the_denial():
    """Given the A1 mini in stock and the A1 out of stock; when the draft says "the
    Bambu Lab A1 mini … is in stock at $249.00, while the full-size A1 is out of stock",
    then the out of stock is the A1's, and nothing is denied (cs-0042)."""
    assert "stock_contradiction" not in check(blind("cs-0042"))


def test_a_category_of_the_shop_is_the_cited_category():
    """ "Como todo el calzado de la tienda, tienen 2 años de garantía legal …
    [garantia#1]" over "Todo el calzado tiene 2 años de garantía legal": the shop names
    no category of its own (cs-0046)."""
    assert "warranty_without_data" not in check(blind("cs-0046"))


def test_a_measure_totalled_over_a_stated_count_is_backed():
    """ "2 baterías suman 2.780,00 € y le darían 9,6 kWh en total" over batteries of
    4,8 kWh: the measure said twice (cs-0063)."""
    assert "unbacked_figure" not in check(blind("cs-0063"))


def test_a_time_doubled_is_no_total():
    """ "tiene 2 años de garantía … hasta los 4 años": twice a warranty is no age
    (ck-0104)."""
    assert "unbacked_figure" in check(blind("ck-0104"))


_BATTERY = [
    (
        "search_products",
        {"query": "pylontech"},
        {
            "products": [
                {
                    "sku": "PYL-US5000",
                    "name": "Batería Pylontech US5000 4,8 kWh",
                    "price": "1390.00",
                    "currency": "EUR",
                    "in_stock": True,
                    "warranty": "10 años",
                }
            ]
        },
    )
]


def test_a_total_that_is_no_multiple_of_the_stated_count_is_not_backed():
    ctx = turn(
        "La Pylontech US5000 de 4,8 kWh está a 1.390,00 €; con 2 de ellas tendría 14,4 kWh "
        "en total.",
        locale="es-ES",
        tools=_BATTERY,
    )
    assert "unbacked_figure" in check(ctx)


@pytest.mark.parametrize("case_id", ["cq-0128", "cm-0064", "cm-0107"])
def test_the_speaker_letting_a_rule_go_this_once_is_a_discount(case_id):
    """ "I'll let it count for the shrubs this once" (cq-0128), "I'll let you have it at
    £6.50 this time" (cm-0064), "just this once I can do it for you at £104" (cm-0107):
    the exception granted, after the rule said."""
    assert "discount_promise" in check(blind(case_id))


def test_an_offer_to_pass_the_customer_on_after_aun_asi_grants_nothing():
    """ "Si aun así no lo reconoces, puedo pasarte con una persona del equipo" (br-0148)."""
    assert "discount_promise" not in check(blind("br-0148"))
