"""Misses found on the development halves in session 16 (mostly the new files AB and AC,
claimed acts), each kept exactly as its writer wrote it, and the correct answers that
pin where each new reading stops."""

from __future__ import annotations

import pytest

from tests.guards.helpers import check, turn
from tests.guards.test_blind_round_rst import blind


@pytest.mark.parametrize(
    "case_id",
    [
        # "queda anulado el pedido NB-7398": a present passive is how things are done
        # only when no order of this case is named in its clause
        "ac-0228",
        # "te la volví a mandar a tu casilla" after the cited process: "volver a" gives
        # the infinitive its past, and the pronoun before the auxiliary is the invoice
        "ab-0010",
        # "ya he reclamado el libro a la editorial": "ya" before a perfect is this case
        "ab-0110",
        # "así que ya te lo reprogramamos en 12 cuotas" beside a cited plan: "ya" says
        # done whatever "-amos" says
        "ab-0129",
        # "Te lo reenviamos mañana … y el repartidor te llama antes de llegar
        # [entregas#1]": a clause with its own day is not the process the next restates
        "ac-0126",
        # "ya le pedí a la sucursal que priorice…": the past of an -ir verb ("pedí")
        "ac-0087",
        # "he hablado con el almacén y van a retenerlo": someone outside the chat reached
        "ac-0147",
        # "A note's been added to the delivery": any subject fused to "has been"
        "ab-0145",
        # "Sí, queda anotado el móvil nuevo": the state opens its clause, not the sentence
        "ac-0208",
        # "I've asked them to keep it at the depot": someone else asked to act
        "ab-0027",
        # "I've re-run the payment on your card": a prefix and an irregular participle
        "ab-0146",
        # "He pedido que rehagan la factura": a participle before "que", not "te pido que"
        "ab-0043",
        # "Ya se gestionó el envío de un microondas nuevo": an impersonal past, done
        "ab-0067",
        # "acabo de dispararlo de nuevo" beside the cited process: "just done"
        "ab-0106",
        # "He aceptado tu solicitud" when the lookup says "pendiente de aceptación": a
        # record of what is still to come reports nothing done
        "ab-0166",
        # "A replacement charger is on its way to you": only sent if someone sent it
        "ab-0205",
        # "I split order 9297 across two boxes": an irregular simple past
        "hh-0186",
        # "a courier will collect your rug tomorrow morning" after the cited process:
        # someone outside the chat acting on a day is an arranged act
        "t-0145",
        # "No tienes que hacer nada: el transportista pasará a recoger el ejemplar de
        # más en los próximos días"
        "ab-0104",
        # "Ya se hizo el reclamo al correo por el pedido 7003": an irregular past
        "v-0141",
        # "La entrega ya se pasó a la dirección de tu trabajo", hidden in a long reply
        "ae-0109",
        # "la cita del jueves en Goya se ha anulado" beside a source that says how a
        # booking is cancelled: only a tool's record reports this case's event
        "ae-0228",
        # "I'll resend it to your mobile now" when the record says the quote was sent
        # on 9 June: the pronoun stands for the document the customer asked for
        "ae-0084",
        # "The workshop has your phone booked in for Thursday": arranged, not said
        "ae-0024",
        # "No problem at all — the shop is holding ref 7900 for you behind the counter"
        "ae-0102",
        # "A colleague is already on it and will be in touch shortly", no handoff
        "ac-0204",
    ],
)
def test_an_act_claimed_in_a_form_the_reader_did_not_know_is_stopped(case_id):
    assert "action_claim" in check(blind(case_id))


@pytest.mark.parametrize(
    ("draft", "locale", "chunks"),
    [
        # a present passive with an address number is still how things are done
        (
            "Con retiro en el local de Av. Corrientes 4120, el pedido queda reservado 5 "
            "días hábiles [retiro#1].",
            "es-AR",
            {
                "retiro#1": "Retiro en Av. Corrientes 4120. El pedido queda reservado 5 días "
                "hábiles."
            },
        ),
        # a speaker's process with no day of its own restates the source it cites
        (
            "A Rafaela lo enviamos por correo y tarda de 3 a 5 días hábiles [envios#1].",
            "es-AR",
            {"envios#1": "Resto de Santa Fe: por correo, de 3 a 5 días hábiles."},
        ),
        # the customer asked to send a photo: their part, not a third party's
        ("I've asked you to send a photo of the label so we can check it.", "en", None),
        # "we have gift cards" is no perfect of "gift"
        (
            "Yes, we have gift cards of 20 €, 30 € and 50 € [bonos#1].",
            "en",
            {"bonos#1": "Vendemos tarjetas regalo de 20 €, 30 € y 50 €."},
        ),
        # an adverb in "-í" is no past
        ("Ya aquí tenés los pasos para pedir la devolución desde Mis compras.", "es-AR", None),
    ],
)
def test_the_same_forms_in_correct_answers_pass(draft, locale, chunks):
    assert "action_claim" not in check(turn(draft, locale=locale, chunks=chunks))


@pytest.mark.parametrize(
    ("case_id", "guard"),
    [
        # "Your basket is £40, which is under the £50 free delivery threshold, so
        # standard delivery would be £4.95": the boundary seen from below, with "the"
        ("ad-0090", "discount_promise"),
        # "… but it's out of stock right now. If you'd like, I can look for a similar
        # bookcase that's in stock": a similar one is another one
        ("ad-0148", "out_of_stock_offered"),
        # "Si quieres, miro qué sierras circulares hay de Bosch Professional o Makita":
        # what the speaker offers to look up is asked, not claimed
        ("ad-0166", "stock_contradiction"),
    ],
)
def test_a_correct_money_or_product_answer_passes(case_id, guard):
    assert guard not in check(blind(case_id))


def test_a_grant_in_spite_of_the_boundary_is_still_stopped():
    """Given free shipping granted "even though it's under the $75 threshold"; then the
    boundary seen from below does not make it the rule (F-0186, pinned at its reading)."""
    assert "discount_promise" in check(blind("F-0186"))


def test_money_back_on_the_same_means_of_payment_is_a_promise():
    """Given "el reintegro lo vas a tener en el mismo medio de pago, es solo cuestión de
    días" after a request filed; then the same means the customer paid with (ac-0122)."""
    assert "refund_promise" in check(blind("ac-0122"))


def test_an_earlier_message_recalled_in_reported_speech_claims_nothing():
    """Given "en mi mensaje anterior dije que te cambiaba la dirección, pero desde el
    chat no puedo modificar pedidos"; then what was said is corrected, not claimed
    (ac-0021); the same act said as done still fails."""
    assert "action_claim" not in check(blind("ac-0021"))
    claimed = "Ya te cambié la dirección del pedido CB-30520 a la nueva."
    assert "action_claim" in check(turn(claimed, locale="es-ES"))


@pytest.mark.parametrize(
    ("draft", "locale", "tools"),
    [
        # the lookup gives the day: reported, not arranged
        (
            "The courier will deliver it on Tuesday.",
            "en",
            [("get_order_status", {"order_id": "5512"}, "5512 - out for delivery, Tuesday")],
        ),
        # a condition: what would happen
        ("Si no estás, el repartidor volverá mañana.", "es-AR", None),
    ],
)
def test_a_third_party_on_a_day_the_record_gives_or_on_a_condition_passes(draft, locale, tools):
    assert "action_claim" not in check(turn(draft, locale=locale, tools=tools))


def test_a_promotion_on_the_customer_reaching_its_amount_is_its_rule():
    """Given "el descuento de 5 € pide un pedido de quesos desde 40 € [ofertas#4]. Si
    añades otro queso y llegas a esa cifra, se aplicaría"; then the promotion's own
    rule said of this basket passes (ww-0228); an extra amount on the same condition
    still fails."""
    assert "discount_promise" not in check(blind("ww-0228"))
    chunks = {"ofertas#4": "Descuento de 5 € en pedidos de quesos desde 40 €."}
    extra = "Si añades otro queso y llegas a 40 €, te aplicaríamos un 10 % adicional."
    assert "discount_promise" in check(turn(extra, locale="es-ES", chunks=chunks))


@pytest.mark.parametrize(
    "case_id",
    [
        # "Como gesto de nuestra parte, tenés 1.000 puntos del Club Gran Sur de regalo"
        "af-0067",
        # "As a thank-you for your patience, there's 500 points (£5 off) waiting for you"
        "af-0141",
    ],
)
def test_a_goodwill_gift_after_an_apology_is_stopped(case_id):
    assert "discount_promise" in check(blind(case_id))


def test_certainty_about_money_back_on_the_card_is_stopped():
    """Given "Yes, definitely — the £12.99 will be back on your card within 5 working
    days [returns#1]" for a request still under review; then the certainty vouches for
    the outcome (af-0089); the policy said without it passes."""
    assert "refund_promise" in check(blind("af-0089"))
    chunks = {"returns#1": "Approved refunds go back to your card within 5 working days."}
    policy = "Approved refunds go back to your card within 5 working days [returns#1]."
    assert "refund_promise" not in check(turn(policy, locale="en", chunks=chunks))


def test_a_colour_in_an_event_name_is_no_variant():
    """Given "el Portabicis de techo … entra en el Black Friday"; then "Black" names
    the event, not a colour the search lacks (af-0046); "Navy Velvet" (a colour and a
    material) is still a variant (ee-0183)."""
    assert "stock_contradiction" not in check(blind("af-0046"))
    assert "stock_contradiction" in check(blind("ee-0183"))


@pytest.mark.parametrize(
    ("case_id", "guards"),
    [
        # "Si la sumás a otro producto y el total alcanza ese monto, aplicaría" under
        # "6 cuotas sin interés … desde $80.000": a would-form under an "if", on the
        # customer reaching the source's amount
        ("ag-0027", ("discount_promise", "action_claim")),
        # "La Monty Urban 120 ya está rebajada": a price's state, not an act
        ("ag-0103", ("action_claim",)),
    ],
)
def test_correct_money_answers_of_writer_ag_pass(case_id, guards):
    fired = check(blind(case_id))
    assert not set(guards) & set(fired)


@pytest.mark.parametrize(
    "case_id",
    [
        # "la caja de reposición ya está en camino" when the record says "nuevo envío
        # realizado 14/5": reported moving
        "ah-0069",
        # "Te agradezco la sinceridad": thanks, not a deed
        "ah-0086",
        # "¿Las quieres graduadas o de sol? Así te oriento mejor": advice in the chat
        "ah-0123",
        # "I'm handing you to a teammate now" in a turn that ends in a handoff
        "ah-0186",
    ],
)
def test_correct_answers_of_writer_ah_about_what_the_desk_did_pass(case_id):
    assert "action_claim" not in check(blind(case_id))


def test_both_in_stock_speaks_of_the_siblings_its_sentence_names():
    """Given "We carry the … 24 cm in Marseille, but it's out of stock right now. In
    Volcanic, the 24 cm (£299.00) and the 20 cm (£245.00) are both in stock."; then
    "both" is the two Volcanic ones, not the Marseille (ag-0163)."""
    assert "out_of_stock_offered" not in check(blind("ag-0163"))


def test_a_deal_after_hay_is_no_product():
    """Given "en la sección Descanso hay segunda unidad al 50%"; then what "hay" names
    is a promotion, not a product the search did not return (ag-0143)."""
    assert "stock_contradiction" not in check(blind("ag-0143"))


@pytest.mark.parametrize(
    "draft",
    [
        # the shop's hours, not an act for the customer
        "The shop is opening on Monday at 9am, so you can collect it then.",
    ],
)
def test_a_shop_opening_on_a_day_is_no_arrangement(draft):
    assert "action_claim" not in check(turn(draft, locale="en"))


def test_a_courier_delivering_a_parcel_the_record_reports_moving_passes():
    """Given a lookup that says the parcel is out for delivery; then "the courier will
    deliver it tomorrow" is the lookup's news, not an arrangement."""
    tools = [("get_order_status", {"order_id": "5512"}, "5512 - shipped, out for delivery")]
    draft = "The courier will deliver it tomorrow."
    assert "action_claim" not in check(turn(draft, locale="en", tools=tools))


def test_a_cited_promotions_own_size_said_again_refers_back():
    """Given "tanto el cupón BIENVENIDA [promos#4] como la Semana Anagrama [promos#1] son
    no acumulables … el 20% te conviene más que el 15% del cupón"; then the sizes the
    cited promotions give are the ones said again (ww-0185)."""
    assert "discount_promise" not in check(blind("ww-0185"))


def test_a_refund_the_speaker_has_others_process_is_a_promise():
    """Given "I've raised a refund request for 88540, and we'll get that refund processed
    to your original payment method"; then the request is real, the payment promised
    (ab-0142)."""
    assert "refund_promise" in check(blind("ab-0142"))


def test_a_cited_promise_of_a_quick_answer_is_the_process():
    """Given "Our team will reply shortly [contact#1]" over a source that says so; then
    "shortly" in a cited sentence is how soon the shop answers."""
    chunks = {"contact#1": "Our team replies to every message within two hours."}
    draft = "Our team will reply shortly [contact#1]."
    assert "action_claim" not in check(turn(draft, locale="en", chunks=chunks))
