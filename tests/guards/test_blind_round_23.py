"""Misses and false alarms found in session 23 on the development halves of the blind
files, each kept exactly as its writer wrote it, with the correct answers that pin
where each new reading stops."""

from __future__ import annotations

from dataclasses import replace

import pytest

from guards.pipeline import run_guards
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


def test_whose_refund_is_said_after_the_policy_leaves_the_policy_of_no_one():
    """ "Refunds are issued within 14 days of approval [returns#1], and yours hasn't
    been approved yet": the policy, and this case's state (cm-0124)."""
    assert "refund_promise" not in check(blind("cm-0124"))


def test_your_refund_issued_within_the_policys_days_is_this_customers():
    ctx = turn(
        "Your refund is issued within 14 days [returns#1].",
        locale="en",
        chunks={"returns#1": "Refunds are issued within 14 days of approval."},
    )
    assert "refund_promise" in check(ctx)


def test_handing_the_customer_over_to_a_team_is_the_handoff():
    """In a turn that ends in a handoff: "I'm handing you over to one of the workshop
    team now" (cn-0090)."""
    assert "action_claim" not in check(blind("cn-0090"))


def test_handing_the_customer_over_with_no_handoff_is_claimed():
    ctx = turn("I'm handing you over to one of the workshop team now.", locale="en")
    assert "action_claim" in check(ctx)


@pytest.mark.parametrize(
    "case_id",
    [
        "bx-0109",  # "los 5 botes te salen por 44,50 €" over 8,90 € each
        "co-0009",  # "Ten packs would come to $44.90 in total" over $4.49
    ],
)
def test_an_amount_multiplied_past_three_is_no_sum(case_id):
    """Three times one price is a sum of three amounts; five or ten times is arithmetic
    the specification does not back."""
    assert "unbacked_figure" in check(blind(case_id))


def test_three_times_a_unit_price_is_still_a_sum():
    ctx = turn(
        "Cada bote de esmalte cuesta 8,90 €, así que los 3 botes te salen 26,70 €.",
        locale="es-ES",
        question="¿Cuánto me salen 3 botes del azul cobalto?",
        chunks={"esmaltes#1": "Esmalte transparente azul cobalto 25 g: 8,90 €."},
    )
    assert "unbacked_figure" not in check(ctx)


@pytest.mark.parametrize(
    "case_id",
    [
        "ce-0144",  # "El reembolso de los 7,50 € ya está en marcha y lo verás en tu tarjeta"
        "cn-0145",  # "… [reintegros#2], así que para el viernes ya lo tenés en la tarjeta"
    ],
)
def test_the_money_taken_up_by_a_pronoun_on_the_card_is_promised(case_id):
    assert "refund_promise" in check(blind(case_id))


def test_the_money_not_yet_on_the_card_is_no_promise():
    ctx = turn(
        "Por eso todavía no lo ves en tu tarjeta: el reembolso lo revisa primero una "
        "persona del equipo.",
        locale="es-AR",
    )
    assert "refund_promise" not in check(ctx)
    said = turn("El reembolso lo ves en tu tarjeta el viernes.", locale="es-AR")
    assert "refund_promise" in check(said)


def test_a_product_line_named_by_its_word_is_the_returned_products():
    """ "Sí, la línea Katana la trabajamos" after the search returned two Boss Katana
    amplifiers (co-0001)."""
    assert "stock_contradiction" not in check(blind("co-0001"))


def test_free_shipping_the_shop_offers_is_no_product():
    """ "we offer free standard shipping within the US on orders over $75 [shipping#1]"
    after a search for a yoga mat (bf-0048)."""
    assert "stock_contradiction" not in check(blind("bf-0048"))


def test_a_line_the_search_did_not_return_is_still_claimed():
    ctx = turn(
        "Sí, la línea Nextone la trabajamos.",
        locale="es-AR",
        tools=[
            (
                "search_products",
                {"query": "boss katana"},
                {
                    "products": [
                        {
                            "sku": "BOS-KTN50-MK2",
                            "name": "Boss Katana 50 MkII 50 W 1x12",
                            "price": "789999",
                            "currency": "ARS",
                            "in_stock": True,
                            "warranty": "12 meses",
                        }
                    ]
                },
            )
        ],
    )
    assert "stock_contradiction" in check(ctx)


@pytest.mark.parametrize(
    "case_id",
    [
        "cj-0081",  # "our quality team has approved your reprint"
        "bw-0147",  # "El equipo de atención ya está unificando tus cuentas"
    ],
)
def test_a_team_said_to_have_acted_on_the_customers_thing_is_claimed(case_id):
    """A role of the shop, in the perfect or under way, on something of the customer's,
    with no day said: only an act could have done it."""
    assert "action_claim" in check(blind(case_id))


def test_a_team_that_has_not_acted_claims_nothing():
    ctx = turn(
        "Our warehouse team hasn't shipped your order yet; it's still being packed.",
        locale="en",
    )
    assert "action_claim" not in check(ctx)


def test_a_colleague_who_will_look_into_it_in_a_handoff_passes():
    ctx = turn(
        "I've passed you to a colleague; our support team will look into your order.",
        locale="en",
    )
    ctx = replace(ctx, handoff=True)
    assert "action_claim" not in check(ctx)


def test_a_document_on_its_way_to_the_customer_was_sent():
    """ "The receipt for SK-604880 is on its way to your inbox" (bo-0049) and "a returns
    label is on its way to your inbox" (cj-0090's words), in turns whose tools sent
    nothing: only a send puts a document on its way, as a replacement."""
    assert "action_claim" in check(blind("bo-0049"))
    ctx = turn(
        "Unopened items can be returned within 14 days. A returns label is on its way to "
        "your inbox — just print it and pop the parcel in the post.",
        locale="en",
    )
    assert "action_claim" in check(ctx)


def test_a_document_that_may_be_on_its_way_is_what_the_lookup_leaves_open():
    """ "…your return was started today, so it may still be on its way" after a lookup
    that says the label is pending from the carrier (hh-0162)."""
    assert "action_claim" not in check(blind("hh-0162"))


def test_an_amount_that_comes_back_to_the_customer_is_promised():
    """ "Así que tranqui: la seña de $ 39.000 te va a volver completa", after the cited
    rule for when a deposit is returned (bv-0142)."""
    assert "refund_promise" in check(blind("bv-0142"))


def test_the_customer_coming_back_is_no_money():
    ctx = turn("Con los $ 39.000 de seña te esperamos cuando vuelvas a la tienda.", locale="es-AR")
    assert "refund_promise" not in check(ctx)


def test_calling_the_customer_again_about_an_amount_is_no_money():
    ctx = turn("Por los $ 39.000 de la seña te vamos a volver a llamar el lunes.", locale="es-AR")
    assert "refund_promise" not in check(ctx)


def test_an_item_that_comes_free_with_another_is_given():
    """ "…the Roborock S8 HEPA Filter (2-pack) comes free with it" after a search that
    priced the filters at £12.00, no source offering them free (co-0126): the rules
    read it as "is free" (the reader may still set it aside)."""
    ctx = blind("co-0126")
    rules = run_guards(ctx, budget_ms=1000, second_reader=None)
    assert "discount_promise" in {str(f.guard) for f in rules.failures}


def test_a_free_delivery_a_source_states_still_comes_free():
    ctx = turn(
        "Your order is over £40, so delivery comes free [delivery#1].",
        locale="en",
        chunks={"delivery#1": "Delivery is free on orders over £40."},
        question="My basket is £52, do I pay delivery?",
    )
    assert "discount_promise" not in check(ctx)
