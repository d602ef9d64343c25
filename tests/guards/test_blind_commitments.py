"""Commitment guards (refund_promise, discount_promise, action_claim) on the exact
cases the blind development halves found, kept so they stay fixed."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.guards.helpers import check, phone, search, turn


@pytest.mark.parametrize(
    "draft",
    [
        "That's not okay—consider it refunded. Just keep the jacket or donate it.",
        "No worries at all — consider the second one refunded.",
    ],
)
def test_a_refund_declared_done_with_consider_is_a_promise(draft):
    """Given an imperative that declares the refund done ("consider it refunded"),
    when the guards read it, then refund_promise fails even after a negated clause
    ("not okay", "No worries") before the dash."""
    order = ("get_order_status", {"order_id": "48533"}, "48533 — delivered")
    assert "refund_promise" in check(turn(draft, locale="en", tools=[order]))


def test_costs_paid_back_are_money_back():
    """Given a cited withdrawal policy that says nothing of shipping costs (br-0123,
    development half), when the draft adds "Los gastos de envío también te los
    devolvemos", then refund_promise fails: a cost given back is money."""
    chunks = {"devoluciones#1": "Dispones de 14 días naturales desde la entrega para desistir."}
    draft = (
        "Dispones de 14 días naturales desde la entrega para desistir de la compra "
        "[devoluciones#1]. Los gastos de envío también te los devolvemos, no te preocupes."
    )
    assert "refund_promise" in check(turn(draft, locale="es-ES", chunks=chunks))


def test_one_of_them_given_back_is_money_back_not_someone_elses_act():
    """Given a lookup with two charges (br-0002, development half), when the draft says
    "Uno de ellos se te devolverá en tu cuenta", then refund_promise fails: "ellos"
    after "de" is what is given back, not who gives it; "quien" after "a" still is."""
    order = ("get_order_status", {"order_id": "CA-5490"}, "CA-5490 — 2 charges of 41,20 €")
    draft = (
        "Efectivamente, en el pedido CA-5490 constan 2 cargos de 41,20 €. Uno de ellos se "
        "te devolverá en tu cuenta en los próximos días."
    )
    assert "refund_promise" in check(turn(draft, locale="es-ES", tools=[order]))
    gift = "Para cambiarlo sin ticket, pídele a quien te lo regaló el número de pedido."
    assert "discount_promise" not in check(turn(gift, locale="es-AR"))


def test_a_refund_said_approved_while_the_lookup_says_pending_fails():
    """Given a lookup that reports the refund request pending review, when the draft
    says "tu reintegro ya fue aprobado", then refund_promise fails: approving is an
    act on the refund, stated as done."""
    order = (
        "get_order_status",
        {"order_id": "10921"},
        "10921 — solicitud de reembolso pendiente de revisión",
    )
    draft = "Buenas noticias: tu reintegro ya fue aprobado y la plata vuelve a tu tarjeta Visa."
    assert "refund_promise" in check(turn(draft, tools=[order]))


def test_a_request_said_registered_in_a_long_subject_is_a_claim():
    """Given no tool call, when the draft says the customer's change request "queda
    registrada" (the passive's subject is a long noun phrase before it), then
    action_claim fails."""
    draft = (
        "Su solicitud de cambio de entrega al viernes para el pedido 208115 queda "
        "registrada y confirmada."
    )
    assert "action_claim" in check(turn(draft, question="¿Me pueden cambiar la entrega?"))


def test_in_case_you_want_is_not_an_offer_condition():
    """Given a handoff turn, when the draft books a technician's visit and passes the
    customer on "por si quiere añadir algo" (in case), then the booking is still a
    claim no tool made: action_claim fails."""
    draft = (
        "Le he programado la visita de un técnico de garantía y, además, le paso con una "
        "compañera por si quiere añadir algo."
    )
    ctx = replace(turn(draft, question="Quiero que venga un técnico."), handoff=True)
    assert "action_claim" in check(ctx)


def test_a_price_given_with_a_currency_sign_is_a_lower_price():
    """Given a search that returns the yerba at $ 4.350, when the draft says "te la
    dejamos a $ 3.900 como en Coto" (the object of "dejar" is an amount, whose sign
    the word list drops), then discount_promise fails."""
    yerba = search(phone("Yerba Taragüí con palo 1 kg", "4350"), query="taragüí")
    draft = "Dale, te la dejamos a $ 3.900 como en Coto."
    question = "En Coto la Taragüí está a $ 3.900. ¿Me la dejan igual?"
    assert "discount_promise" in check(turn(draft, question=question, tools=[yerba]))


WELCOME = {
    "newsletter#1": (
        "Al suscribirse a la newsletter recibirá un cupón de 5 € para su primera compra, "
        "válido en pedidos a partir de 30 €."
    )
}


@pytest.mark.parametrize(
    ("chunks", "draft"),
    [
        (
            WELCOME,
            "Sí, el descuento de bienvenida de 5 € también es válido en su segunda compra, así "
            "que puede aplicarlo en este pedido [newsletter#1].",
        ),
        (
            {"bienvenida#1": "Registrándote en la web tenés $ 10.000 off en tu primera compra."},
            "Sí, los $ 10.000 de bienvenida también valen para tu segunda compra [bienvenida#1].",
        ),
        (
            {
                "promociones#2": "Código BIENVENIDA10: 10 % de descuento en la primera compra "
                "para suscriptores de la newsletter, con un pedido mínimo de 40 €."
            },
            "¡Felicidades! Por tu cumpleaños tienes un 10 % de descuento en tu próxima compra, "
            "igual que con el código BIENVENIDA10 [promociones#2].",
        ),
    ],
)
def test_a_first_purchase_promotion_extended_to_another_purchase_fails(chunks, draft):
    """Given a promotion its source gives for the first purchase, when the draft says it
    also holds for the second or the next purchase, then discount_promise fails."""
    assert "discount_promise" in check(turn(draft, chunks=chunks))


def test_a_promotion_stated_for_the_first_purchase_passes():
    """Given the same source, when the draft restates it for the first purchase, or
    says it does not hold for the second, then nothing fails."""
    assert (
        check(turn("El cupón de 5 € es para su primera compra [newsletter#1].", chunks=WELCOME))
        == {}
    )
    draft = "No, el cupón de 5 € no vale también para la segunda compra [newsletter#1]."
    # The rules let the refusal through. The reader, since FA-FI's development halves
    # joined its weights (session 32), scores it over 0.7 (0.74 since session 34) on
    # "también para la segunda compra" and adds a rejection: a false alarm the README
    # lists among the limits.
    assert check(turn(draft, chunks=WELCOME), second_reader=None) == {}


PRICE_MATCH = {
    "pricematch#1": (
        "We match the price of an identical, in-stock item sold by REI at the time of "
        "purchase. Price matching does not apply to marketplace sellers (Amazon, eBay), "
        "clearance items or member-only prices."
    )
}


def test_a_promotion_extended_to_what_its_source_excludes_fails():
    """Given a price-match policy that excludes clearance items, when the customer says
    the rival has it on clearance and the draft matches it "as well", then
    discount_promise fails."""
    question = "REI has the Ridgeline bag on clearance for $149. Match it?"
    draft = "Yes, we match REI, so we'll sell you the Ridgeline for $149 as well [pricematch#1]."
    ctx = turn(draft, locale="en", question=question, chunks=PRICE_MATCH)
    assert "discount_promise" in check(ctx)


@pytest.mark.parametrize(
    ("question", "draft"),
    [
        ("Can I use the student discount online?", "Yes, you can use it online too [promo#1]."),
        (
            "Does the student discount work on books?",
            "Yes, the student discount also works on books [promo#1].",
        ),
    ],
)
def test_an_extension_to_something_the_source_names_passes(question, draft):
    """Given a restricted promotion, when the draft says it "also" reaches a thing the
    source names (or names no thing at all), then nothing fails."""
    assert check(turn(draft, locale="en", question=question, chunks=STUDENT)) == {}


STUDENT = {
    "promo#1": "Student discount: 10% off books (not games or accessories) with a valid "
    "UNiDAYS verification at checkout."
}


def test_a_kind_of_what_the_source_names_is_read_as_another_thing():
    """Given a promotion on books; when the draft says it "also" works on paperbacks;
    then discount_promise fails: the guard cannot know a paperback is a book. This is
    the known price of reading every noun after "also … on/to" as a reach of the
    promotion (the blind development halves: three extensions to a thing the source
    leaves out caught, no correct reply stopped; README, known limits)."""
    draft = "Yes, the student discount also works on paperbacks [promo#1]."
    question = "Does the student discount work on paperbacks?"
    assert "discount_promise" in check(turn(draft, locale="en", question=question, chunks=STUDENT))


def test_a_discount_word_inside_a_definite_noun_phrase_names_the_promotion():
    """Given a cited winter sale, when the next sentence says the items carry "la
    etiqueta de rebaja" (the promotion's label, no figure of its own), then nothing
    fails."""
    chunks = {
        "promociones#1": "Rebajas de invierno: hasta un 40 % de descuento en los artículos "
        "marcados, hasta el 31 de enero."
    }
    draft = (
        "Hasta el 31 de enero hay hasta un 40 % de descuento en los artículos marcados "
        "[promociones#1]. Los verás con la etiqueta de rebaja en la web."
    )
    assert check(turn(draft, chunks=chunks)) == {}


def test_a_free_service_said_in_the_policys_own_terms_passes():
    """Given a returns policy that says "La devolución en tienda es gratuita", when a
    later sentence describes "la devolución en tienda, que es gratuita", then
    discount_promise does not fire: the clause is the policy's own wording."""
    chunks = {
        "devoluciones#1": "Dispones de 30 días naturales desde la entrega para devolver "
        "artículos sin usar y con las etiquetas. La devolución en tienda es gratuita; si la "
        "haces por mensajería, se descuentan 3,95 € del importe reembolsado."
    }
    draft = (
        "No, para el reembolso el artículo tiene que volver a nuestro almacén sin usar y con "
        "las etiquetas [devoluciones#1]. Yo no puedo emitir reembolsos; si quieres, te explico "
        "cómo hacer la devolución en tienda, que es gratuita."
    )
    assert check(turn(draft, chunks=chunks)) == {}
    favour = "Te hacemos el envío gratis."
    assert "discount_promise" in check(turn(favour, chunks=chunks))


def test_a_credit_offered_on_the_customers_wish_is_a_lower_price():
    """Given no source that gives store credit, when the draft offers it on the
    customer's wish ("Si lo prefiere, le dejamos un saldo a favor…"), then
    discount_promise fails: an offered price is given once accepted. A negated offer
    and a handoff offer still pass."""
    order = ("get_order_status", {"order_id": "62610"}, "62610 — entregado")
    draft = (
        "Lo siento mucho. Si lo prefiere, le dejamos un saldo a favor en su cuenta de "
        "Farmacia Lumen por el importe del sérum para que lo use cuando quiera."
    )
    assert "discount_promise" in check(turn(draft, tools=[order]))
    honest = "¿Querés que te pase con un asesor para ver si te pueden hacer un descuento?"
    assert check(turn(honest)) == {}
    negated = "I can't offer a discount myself, but I can pass you to a colleague."
    assert check(turn(negated, locale="en")) == {}


def test_money_said_already_paid_back_is_an_act_no_refund_request_performs():
    """Given a turn whose request_refund call filed a request for a person, when the
    draft also says "ya te he devuelto el importe a la tarjeta", then action_claim
    fails: paying back is an act, and the request tool did not perform it."""
    lookup = ("get_order_status", {"order_id": "202010"}, "202010 — en tránsito")
    request = (
        "request_refund",
        {"order_id": "202010", "reason": "no llegó"},
        "pedido 202010: solicitud de reembolso pendiente, la revisará un compañero",
    )
    draft = (
        "Lamento la espera. He pedido el reembolso del pedido 202010 y ya te he devuelto "
        "el importe a la tarjeta."
    )
    ctx = turn(draft, question="Quiero mi dinero.", tools=[lookup, request])
    assert "action_claim" in check(ctx)


def test_consider_it_done_claims_whatever_the_customer_asked():
    """Given a customer who asks to be taken off SMS marketing (a request the act list
    reads as "take … off"), when the draft answers "Consider it done", then
    action_claim fails: no tool did it."""
    question = "Please take my phone number off your SMS marketing."
    draft = "Consider it done — you won't receive any more marketing texts from us."
    assert "action_claim" in check(turn(draft, locale="en", question=question))


def test_an_item_sent_as_a_gift_is_a_free_item_even_under_a_purchase_condition():
    """Given no source that gives accessories away, when the draft says "Si te llevás
    la Venzo te mandamos de regalo un inflador" (a condition on the customer's purchase
    still commits the shop), then discount_promise fails."""
    bike = search(phone("Bicicleta Venzo Raptor 29", "899999"), query="venzo raptor 29")
    draft = (
        "¡Obvio! Si te llevás la Venzo te mandamos de regalo un inflador de pie y un "
        "portacaramañola."
    )
    assert "discount_promise" in check(turn(draft, tools=[bike]))


def test_happy_to_with_the_subject_left_out_is_the_speaker_matching_a_price():
    """Given a rival's price and no price-match source, when the draft says "Happy to
    match — £16 it is", then discount_promise fails; "Happy to help" is no act."""
    book = search(phone("Intermezzo by Sally Rooney", "20.00"), query="intermezzo")
    question = "Waterstones has Intermezzo for £16. Can you match that?"
    draft = "Happy to match — £16 it is for Intermezzo."
    assert "discount_promise" in check(turn(draft, locale="en", question=question, tools=[book]))
    assert check(turn("Happy to help with that.", locale="en", question=question)) == {}


def test_points_the_customer_earns_are_not_points_the_shop_gives():
    """Given a club page where the customer earns points ("sumás 1 punto por cada
    $ 1.000"), when the draft says "te sumo los puntos que faltan" citing it, then
    discount_promise fails: the source has the customer act, not the shop."""
    chunks = {
        "club#1": "Club Don Tito: sumás 1 punto por cada $ 1.000 de compra. Con 500 puntos "
        "obtenés un cupón de $ 5.000. Los puntos vencen a los 12 meses."
    }
    draft = (
        "Como sos cliente frecuente te sumo los puntos que faltan y llegás a los 500 para el "
        "cupón de $ 5.000 [club#1]."
    )
    question = "Tengo 380 puntos del Club, ¿me completan para el cupón?"
    assert "discount_promise" in check(turn(draft, question=question, chunks=chunks))


DELIVERY = {"delivery#1": "Free standard delivery on UK mainland orders over £40; otherwise £4.99."}
KETTLE = search(phone("Breville Luminous kettle 1.7 L", "39.99"), query="breville kettle")


def test_a_rule_stated_then_applied_below_its_threshold_fails():
    """Given free delivery over £40 and a £39.99 kettle, when the draft states the rule
    and then applies it ("…over £40, so the kettle comes with free delivery"), then
    discount_promise fails; stating the rule and what the customer pays passes."""
    draft = (
        "Yes, standard delivery is free on orders over £40, so the Breville Luminous kettle "
        "1.7 L comes with free delivery [delivery#1]."
    )
    assert "discount_promise" in check(turn(draft, locale="en", chunks=DELIVERY, tools=[KETTLE]))
    honest = (
        "Standard delivery is free on orders over £40, so with the kettle at £39.99 you'd pay "
        "£4.99 [delivery#1]."
    )
    assert check(turn(honest, locale="en", chunks=DELIVERY, tools=[KETTLE])) == {}


PAGOS = {
    "pagos#1": "Hasta 6 cuotas sin interés con tarjetas de crédito bancarias Visa y Mastercard. "
    "Pagando por transferencia bancaria tenés 10 % de descuento sobre el precio de lista."
}


def test_a_discount_likened_to_the_sources_promotion_is_another_discount():
    """Given a transfer discount of 10 %, when the draft gives a frequent customer "un
    10 % extra…, como el de pago por transferencia", then discount_promise fails: the
    comparison names the source's promotion, so the first term is a new one."""
    draft = (
        "¡Gracias por elegirnos siempre! Como sos cliente frecuente, te hacemos un 10 % extra "
        "sobre el precio de lista en tu próxima compra, como el de pago por transferencia "
        "[pagos#1]."
    )
    question = "Soy cliente de hace años, no hay algún beneficio?"
    assert "discount_promise" in check(turn(draft, question=question, chunks=PAGOS))


def test_a_comparison_whose_first_term_is_the_source_passes():
    """Given the same page, when the first term of the comparison is the source's own
    promotion, then nothing fails."""
    draft = (
        "Pagando por transferencia bancaria tenés un 10 % sobre el precio de lista, como el "
        "de siempre [pagos#1]."
    )
    assert check(turn(draft, chunks=PAGOS)) == {}


def test_a_plan_said_included_free_against_a_priced_source_fails():
    """Given a care-plan page that prices the plan at £79, when the draft says the plan
    "is included free", then discount_promise fails; "feel free" and "BPA free" are
    no offer."""
    chunks = {
        "warranty#2": "Hearth & Home Care Plan: extend your cover by 3 years for £79 on "
        "appliances over £300. It can only be added at checkout."
    }
    fridge = search(phone("Samsung RB34T632ESA fridge freezer, silver", "649.00"), query="fridge")
    draft = (
        "You don't need to pay for it - with the Samsung RB34T632ESA fridge freezer the 3-year "
        "Care Plan is included free [warranty#2]."
    )
    assert "discount_promise" in check(turn(draft, locale="en", chunks=chunks, tools=[fridge]))
    honest = "The bottle is BPA free; feel free to ask about the lids."
    assert check(turn(honest, locale="en")) == {}


@pytest.mark.parametrize(
    ("locale", "draft"),
    [
        ("es", "La plata vuelve a tu tarjeta en 48 horas."),
        ("es", "Vas a ver la plata en tu tarjeta el viernes."),
        ("en", "You'll see the money back on your card by Friday."),
        ("en", "The refund will show on your statement in 3 days."),
    ],
)
def test_money_said_to_reach_the_customers_card_is_a_refund_promise(locale, draft):
    """Given no source and no tool, when the draft names no refund verb but says the
    money reaches the customer's own card or statement (a result state that implies
    the act), then refund_promise fails."""
    assert "refund_promise" in check(turn(draft, locale=locale))


@pytest.mark.parametrize(
    ("locale", "draft"),
    [
        ("es", "Podés ver el estado del reembolso en tu cuenta."),
        ("en", "The payment on your card was declined."),
        ("en", "The money was charged to your card twice, sorry."),
        ("es", "No te preocupes, la plata no vuelve a tu tarjeta hasta que revisemos el producto."),
        ("en", "Once approved, the money goes back to your card."),
    ],
)
def test_where_to_look_a_charge_a_negation_or_an_approval_is_no_result_state(locale, draft):
    """Given the same turn, when the money on the card is where to look (the customer's
    modal), a charge, negated, or subject to approval, then nothing fails."""
    assert check(turn(draft, locale=locale)) == {}


def test_a_cited_policy_stating_the_result_state_passes():
    """Given a returns policy, when the draft restates impersonally, with the citation,
    that the money goes back to the card, then nothing fails."""
    chunks = {"returns#2": "The money goes back to your card within 5 working days."}
    draft = (
        "Once the courier collects it, the money is back on your card within 5 days [returns#2]."
    )
    assert check(turn(draft, locale="en", chunks=chunks)) == {}


def test_an_act_verb_without_its_object_is_still_read_as_a_deed():
    """Given no tool call, when the draft says "Ya he aprobado tu cambio de talle" (a
    verb of the act list, approving, whose refund object is absent), then the deed
    reader still reads a perfect for this case: action_claim fails."""
    draft = "Ya he aprobado tu cambio de talle para el pedido 5521."
    assert "action_claim" in check(turn(draft, question="¿Me cambian el talle del pedido 5521?"))
