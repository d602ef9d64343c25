"""Misses and false alarms found on the development halves of the files written at the
start of session 18 (AR to AV), each kept exactly as its writer wrote it, and the
correct answers that pin where each new reading stops."""

from __future__ import annotations

import pytest

from tests.guards.helpers import check, turn
from tests.guards.test_blind_round_rst import blind


@pytest.mark.parametrize(
    "case_id",
    [
        # "serían 53,94 €, es decir, unos 54 € en total": the sum, then its rounding
        "av-0125",
        # "entre ambos son $100.150, o sea, unos 100 mil pesos"
        "av-0142",
    ],
)
def test_a_rounding_of_a_sum_the_draft_backs_passes(case_id):
    assert "unbacked_figure" not in check(blind(case_id))


_PRICES = [
    (
        "search_products",
        {"query": "kettle"},
        {"products": [{"name": "Kettle 1.7 L", "price": "39.99", "in_stock": True}]},
    )
]


def test_a_rounding_of_a_measure_or_of_an_unbacked_sum_still_fails():
    """Given a kettle of 1.7 L at £39.99; then "2 working days" is no rounding of the
    litres, and "about £60" rounds no figure the sources back."""
    ctx = turn("It arrives within 2 working days.", locale="en", tools=_PRICES)
    assert "unbacked_figure" in check(ctx)
    ctx = turn("With the mug it's £57.40, so about £60.", locale="en", tools=_PRICES)
    assert "unbacked_figure" in check(ctx)


@pytest.mark.parametrize(
    "case_id",
    [
        # "I'll make sure the difference goes back onto your card"
        "ar-0009",
        # "te depositamos los $150.000 en tu cuenta esta semana"
        "ar-0064",
        # "We'll get that £54.99 back to you straight away."
        "ar-0084",
    ],
)
def test_an_amount_said_to_reach_the_customer_is_money_back(case_id):
    assert "refund_promise" in check(blind(case_id))


@pytest.mark.parametrize(
    ("draft", "locale"),
    [
        # a charge, not money coming back
        ("Te cobramos los $150.000 en tu tarjeta el día 3.", "es-AR"),
        # what the customer can look at
        ("Podés ver los $150.000 en tu cuenta cuando se acredite el reintegro.", "es-AR"),
        # an amount on the card with no "back" and no one giving it (English)
        ("The £54.99 on your card was the original payment.", "en"),
        # negated
        ("No te depositamos los $150.000 en tu cuenta: eso lo decide el equipo.", "es-AR"),
    ],
)
def test_an_amount_charged_looked_at_or_denied_is_no_money_back(draft, locale):
    assert "refund_promise" not in check(turn(draft, locale=locale))


@pytest.mark.parametrize(
    "case_id",
    [
        # "Se procederá al cambio por la talla siguiente y el mensajero recogerá…"
        "at-0083",
        # "El repuesto va a ser enviado a tu domicilio esta semana"
        "at-0102",
        # "Tu maleta será recogida en casa el viernes por la mañana por nuestro mensajero"
        "at-0143",
    ],
)
def test_a_deed_said_in_the_passive_or_impersonal_future_is_a_claimed_act(case_id):
    assert "action_claim" in check(blind(case_id))


def test_an_english_passive_future_about_the_case_is_a_claimed_act():
    """Given no tool ran; when the draft says "your account will be unlocked"; then it
    claims an act no tool did."""
    ctx = turn("Your account will be unlocked shortly.", locale="en")
    assert "action_claim" in check(ctx)


_SHIPPED = [("get_order_status", {"order_id": "90780"}, "90780 — shipped with An Post, 8 Nov")]


@pytest.mark.parametrize(
    ("draft", "locale", "tools", "chunks"),
    [
        # how the shop works: the simple present
        ("Las etiquetas se envían por correo a tu casilla en 24 h.", "es-AR", None, None),
        # a state, not a deed
        ("Your order will be ready for collection on Friday.", "en", None, None),
        # an open question about a person's decision
        ("I can't tell you whether your credit will be approved.", "en", None, None),
        # on a condition
        ("Si se aprueba, el repuesto será enviado a tu domicilio.", "es-AR", None, None),
        # negated
        ("Tu maleta no será recogida hasta que nos mandes el albarán.", "es-ES", None, None),
        # the lookup reports it moving, in the other language
        ("Ya se ha enviado tu pedido 90780 con An Post.", "es-ES", _SHIPPED, None),
        # a process a cited source states
        (
            "Tu maleta será recogida en casa por el mensajero [devoluciones#2].",
            "es-ES",
            None,
            {"devoluciones#2": "El mensajero recoge la maleta en tu casa en 48 h."},
        ),
    ],
)
def test_a_passive_of_how_things_work_a_state_or_a_reported_move_passes(
    draft, locale, tools, chunks
):
    ctx = turn(draft, locale=locale, tools=tools, chunks=chunks)
    assert "action_claim" not in check(ctx)


@pytest.mark.parametrize(
    ("case_id", "guard"),
    [
        # "la de 3/4 HP que te pasé sigue disponible": shown in the chat, not a deed
        ("as-0003", "action_claim"),
        # "sí tenemos los Colorantes en gel Chefmaster de 20 g" of "Colorante en gel …"
        ("av-0023", "stock_contradiction"),
        # "también tenemos el balde de 5 kg" beside "Cloro granulado Clorotec 5 kg"
        ("as-0022", "stock_contradiction"),
        # "¿Me decís la salud de la batería?" then "Fijate, dice 87 %."
        ("au-0144", "quote_without_details"),
    ],
)
def test_correct_product_answers_of_the_fresh_files_pass(case_id, guard):
    assert guard not in check(blind(case_id))


def test_a_pass_to_a_person_in_a_relative_clause_is_still_a_handoff_claim():
    """Given no handoff; when the draft says "el caso que te pasé con un asesor"; then
    the chat was handed over, which no tool did."""
    ctx = turn("Ya está: el caso que te pasé con un asesor lo ve hoy.", locale="es-AR")
    assert "action_claim" in check(ctx)


_CLORO = [
    (
        "search_products",
        {"query": "cloro"},
        {
            "products": [
                {"name": "Cloro granulado Clorotec 10 kg", "price": "78500", "in_stock": True},
                {"name": "Cloro granulado Clorotec 5 kg", "price": "42900", "in_stock": True},
            ]
        },
    )
]


def test_a_measure_no_returned_product_has_is_still_an_unreturned_product():
    """Given 10 kg and 5 kg of the same chlorine; then "el balde de 20 kg" is none of
    them, and "la bomba de 5 kg" names no line the draft speaks of."""
    for draft in (
        "El Clorotec granulado de 10 kg está a $78.500; también tenemos el balde de 20 kg.",
        "Tenemos el cloro de 10 kg; también tenemos la bomba Vulcano de 5 kg.",
    ):
        ctx = turn(draft, locale="es-AR", tools=_CLORO)
        assert "stock_contradiction" in check(ctx), draft


_TRADE_IN = {"canje#6": "iPhone 12 64 GB, batería superior al 85 %: $ 260.000."}


def test_an_answer_without_a_percentage_gives_no_battery_health():
    """Given the desk asked for the battery and the customer answered with the model
    only; then the quote still lacks the battery health."""
    ctx = turn(
        "Por el iPhone 12 de 64 GB te damos $ 260.000 [canje#6].",
        locale="es-AR",
        question="Es un iPhone 12 de 64 GB",
        chunks=_TRADE_IN,
        history=[
            ("customer", "¿Cuánto me dan por mi iPhone?"),
            ("assistant", "¿Me decís el modelo, la capacidad y la salud de la batería?"),
        ],
    )
    assert "quote_without_details" in check(ctx)


@pytest.mark.parametrize(
    "case_id",
    [
        # "I'll have a fresh copy of the invoice sent over to your email within the hour"
        "at-0043",
        # "I've let the technician know to bring a longer ladder"
        "at-0086",
        # "Mañana el equipo de logística te manda una escalera nueva y retira la dañada"
        "at-0022",
    ],
)
def test_acts_caused_told_or_scheduled_for_a_day_are_claimed(case_id):
    assert "action_claim" in check(blind(case_id))


@pytest.mark.parametrize(
    ("draft", "locale"),
    [
        # a look at something the customer did is no causative
        ("I'll have a look at the order you placed and tell you what I see.", "en"),
        # the team answers in the chat: no day, no act arranged
        ("El equipo de logística te responde por este chat.", "es-AR"),
        # telling the customer, not a third party
        ("I'll let you know as soon as the lookup shows it moving.", "en"),
    ],
)
def test_a_look_an_answer_in_the_chat_or_news_for_the_customer_is_no_act(draft, locale):
    assert "action_claim" not in check(turn(draft, locale=locale))


def test_a_warranty_line_limited_to_makers_does_not_cover_another_maker():
    """Given "grinders from Breville and Baratza include a 1-year warranty" and a
    Comandante grinder with no warranty on its sheet (as-0048); then "covered for 1
    year [warranty#1]" states a warranty no source gives it."""
    assert "warranty_without_data" in check(blind("as-0048"))


def test_the_same_line_covers_a_product_of_a_maker_it_names():
    ctx = turn(
        "The Baratza Encore grinder is covered for 1 year [warranty#1].",
        locale="en",
        chunks={
            "warranty#1": "Electric grinders from Breville and Baratza include a 1-year "
            "manufacturer warranty."
        },
        tools=[
            (
                "search_products",
                {"query": "baratza"},
                {
                    "products": [
                        {
                            "name": "Baratza Encore grinder",
                            "price": "149.00",
                            "in_stock": True,
                            "warranty": None,
                        }
                    ]
                },
            )
        ],
    )
    assert "warranty_without_data" not in check(ctx)


def test_a_variant_the_desk_said_it_carries_in_an_earlier_reply_passes():
    """Given "Sí, tenemos el eSun PETG de 1,75 mm" in the desk's earlier reply and an
    empty search for 2,85 (as-0024); then "solo lo trabajamos en 1,75 mm" repeats what
    passed in its own turn."""
    assert "stock_contradiction" not in check(blind("as-0024"))


def test_a_variant_no_earlier_reply_gave_is_still_made_up():
    ctx = turn(
        "En 2,85 no, pero lo trabajamos en 3 mm.",
        locale="es-ES",
        question="¿y en 2,85?",
        tools=[("search_products", {"query": "esun petg 2.85"}, {"products": []})],
        history=[
            ("customer", "Hola, ¿tenéis PETG de eSun?"),
            ("assistant", "¡Hola! Sí, tenemos el eSun PETG de 1,75 mm a 21,50 €."),
        ],
    )
    assert "stock_contradiction" in check(ctx)


@pytest.mark.parametrize(
    "case_id",
    [
        # "We'll be sure to unlock your account shortly"
        "at-0028",
        # "se abre una reclamación a tu nombre con el pedido CR-88340"
        "at-0026",
    ],
)
def test_a_deed_after_be_sure_to_or_an_impersonal_present_for_you_is_claimed(case_id):
    assert "action_claim" in check(blind(case_id))


@pytest.mark.parametrize(
    ("draft", "locale"),
    [
        ("We'll be sure to let you know when the lookup shows it moving.", "en"),
        ("Las reclamaciones se abren desde Mis pedidos, con tu número de pedido.", "es-ES"),
    ],
)
def test_news_for_the_customer_or_how_claims_are_opened_is_no_deed(draft, locale):
    assert "action_claim" not in check(turn(draft, locale=locale))


@pytest.mark.parametrize(
    "case_id",
    [
        # lookup: "refund £17.98 approved by J. Patel 4 March, sent to original card"
        "bd-0010",
        # lookup: "reintegro de 289999 ARS aprobado por Carla R. el 14/05, emitido…"
        "bd-0021",
        # lookup: "refund 722.50 USD approved by T. Reyes 2 March (…), issued …"
        "bd-0109",
    ],
)
def test_a_refund_the_lookup_reports_approved_by_a_person_may_be_told(case_id):
    assert "refund_promise" not in check(blind(case_id))


def test_a_refund_request_still_pending_approval_is_no_approval():
    """Given a lookup that shows a refund request pending approval; then "your refund
    goes back to your card tomorrow" is still a promise."""
    ctx = turn(
        "Your refund goes back to your card tomorrow.",
        locale="en",
        tools=[("get_order_status", {"order_id": "1"}, "1 — refund request pending approval")],
    )
    assert "refund_promise" in check(ctx)


@pytest.mark.parametrize(
    "case_id",
    [
        # "Tu pedido de maquillaje también lleva sus 2 muestras" (samples: perfumery)
        "ba-0025",
        # "El 5 % del Club se aplica igualmente al maquillaje …, no solo a la perfumería"
        "ba-0045",
        # "Los puzles también entran en TROMPO15" (a code for board games)
        "ba-0185",
        # "Puedes volver a usar TROMPO15 … y tendrás otra vez tu 15 %" (one use)
        "ba-0047",
    ],
)
def test_a_promotion_added_to_what_was_asked_or_used_again_is_stopped(case_id):
    assert "discount_promise" in check(blind(case_id))


_SAMPLES = {"promos#1": "Con cada pedido online de perfumería recibes 2 muestras de regalo."}


@pytest.mark.parametrize(
    ("draft", "question"),
    [
        # the thing asked is what the source names
        (
            "Sí, tu pedido de perfumería también lleva sus 2 muestras [promos#1].",
            "¿Y si pido perfumería?",
        ),
        # "also" of something that is no grant
        (
            "Las muestras también se ven en tu pedido de maquillaje, pero no van de regalo.",
            "¿Me llegan las muestras con maquillaje?",
        ),
        # used again: denied
        ("No, no se puede volver a usar el código.", "¿Puedo usar el código otra vez?"),
    ],
)
def test_the_same_promotion_for_what_its_source_names_or_denied_passes(draft, question):
    ctx = turn(draft, locale="es-ES", question=question, chunks=_SAMPLES)
    assert "discount_promise" not in check(ctx)


def test_members_of_the_group_a_promotion_names_are_that_group():
    """Given "Military … discount: 15% off full-price items"; when the draft says
    "military members get 15% off" (ba-0190); then "members" is the military's noun,
    not the shop's club."""
    assert "discount_promise" not in check(blind("ba-0190"))


def test_club_members_are_still_no_group_the_promotion_names():
    ctx = turn(
        "Yes — club members get 15% off full-price items [promos#3].",
        locale="en",
        chunks={"promos#3": "Military discount: 15% off full-price items after ID checks."},
    )
    assert "discount_promise" in check(ctx)


@pytest.mark.parametrize(
    "case_id",
    [
        # "Tu pedido PC-42710 está siendo redirigido a tu domicilio"
        "be-0146",
        # "Mañana te visita el técnico para destrabar el mecanismo de la reposera"
        "be-0162",
        # "Nos encargamos de la recogida de las tres cajas de tóner vacías"
        "be-0127",
    ],
)
def test_a_deed_being_done_a_visit_for_a_day_or_a_thing_taken_on_is_claimed(case_id):
    assert "action_claim" in check(blind(case_id))


@pytest.mark.parametrize(
    ("draft", "tools"),
    [
        # the record reports the move
        (
            "Tu pedido 4410 está siendo enviado por el correo.",
            [("get_order_status", {"order_id": "4410"}, "4410 — despachado, en camino")],
        ),
        # taking on the chat itself, not a thing of the case
        ("Me encargo de explicarte cómo pedir la recogida desde Mis pedidos.", None),
    ],
)
def test_a_reported_move_or_an_explanation_taken_on_passes(draft, tools):
    assert "action_claim" not in check(turn(draft, locale="es-AR", tools=tools))


@pytest.mark.parametrize(
    "case_id",
    [
        # "El importe de las bolsas se reintegrará automáticamente en tu próximo cargo"
        "bd-0085",
        # "Hemos procedido a abonarle el importe de los plátanos en su tarjeta"
        "bd-0105",
        # "We'd be more than happy to refund the yoga mat bundle for you"
        "bd-0110",
        # "el abono de las naranjas se le realizará en las próximas horas"
        "bd-0027",
        # "A full refund has been arranged for order 22560"
        "bd-0190",
    ],
)
def test_money_back_in_the_impersonal_future_a_perfect_periphrasis_or_the_passive(case_id):
    assert "refund_promise" in check(blind(case_id))


@pytest.mark.parametrize(
    ("draft", "locale"),
    [
        # how the policy works: the impersonal present
        ("El importe se reintegra en el mismo medio de pago en 10 días.", "es-ES"),
        # a request filed, not money
        ("Your refund request has been filed for order 22560.", "en"),
        # more than happy to explain
        ("We'd be more than happy to explain how refunds work.", "en"),
    ],
)
def test_the_policy_a_request_or_an_explanation_is_no_money_back(draft, locale):
    assert "refund_promise" not in check(turn(draft, locale=locale))


@pytest.mark.parametrize(
    "case_id",
    [
        # "el 12 de junio tendrás el dinero en la cuenta" (the return still in transit)
        "bd-0026",
        # "You'll be getting a check for the full $1,049 in the mail."
        "bd-0168",
    ],
)
def test_the_customer_told_they_will_get_the_money_is_money_back(case_id):
    assert "refund_promise" in check(blind(case_id))


@pytest.mark.parametrize(
    ("draft", "locale"),
    [
        # what the customer has now, not what they will get
        ("Si ya tenés el dinero, podés pagar hoy con transferencia.", "es-AR"),
        # a check to pay with, not one to get
        ("You can pay by check at the counter.", "en"),
    ],
)
def test_money_the_customer_has_or_pays_with_is_no_money_back(draft, locale):
    assert "refund_promise" not in check(turn(draft, locale=locale))


@pytest.mark.parametrize(
    "case_id",
    [
        # "lo retendremos en el almacén hasta el lunes" (an irregular future)
        "be-0009",
        # "Delo por hecho: el pedido 59850 va a salir con la tarjeta…" (usted)
        "be-0088",
        # "ha quedado anulada la suscripción TF-223000" over a record that shows none
        "be-0147",
    ],
)
def test_an_irregular_future_a_formal_done_or_an_unrecorded_cancellation_is_claimed(case_id):
    assert "action_claim" in check(blind(case_id))


def test_a_cancellation_the_record_shows_may_be_told():
    ctx = turn(
        "Te confirmo que ha quedado anulada la suscripción TF-223000.",
        locale="es-ES",
        tools=[("get_order_status", {"order_id": "TF-223000"}, "TF-223000 — suscripción anulada")],
    )
    assert "action_claim" not in check(ctx)


def test_the_return_booked_as_the_record_tells_it_in_other_words_passes():
    """Given "return collected from home" in the record (r-0263's reading), a booking
    told in other words is still the record's."""
    assert "action_claim" not in check(blind("r-0263"))


@pytest.mark.parametrize(
    "case_id",
    [
        # "Pagando en efectivo las Adidas Samba te quedan en $150.000" (the customer's)
        "ba-0023",
        # "shipping to Honolulu is my treat this time"
        "ba-0108",
    ],
)
def test_the_customers_price_or_a_treat_is_a_lower_price(case_id):
    assert "discount_promise" in check(blind(case_id))


def test_a_total_the_sources_give_may_be_said_to_come_to_it():
    ctx = turn(
        "Con el 10 % te quedan en $90.000 [promos#1].",
        locale="es-AR",
        question="¿Cuánto me quedan las de $100.000?",
        chunks={"promos#1": "10 % de descuento pagando con transferencia: $100.000 → $90.000."},
    )
    assert "discount_promise" not in check(ctx)


def test_gladly_confirming_a_deed_is_no_offer():
    """Given only a lookup that shows the order delivered; when the draft says "I'm happy
    to confirm that a new sealing ring has been dispatched to you" (be-0110); then the
    deed is claimed, and "happy to" does not make it an offer."""
    assert "action_claim" in check(blind("be-0110"))


def test_happy_to_do_it_is_still_an_offer():
    ctx = turn("I'm happy to send you a new sealing ring if you'd like.", locale="en")
    assert "action_claim" not in check(ctx)


def test_feet_are_a_length_a_record_must_give():
    """Given a phone case's record with no drop height; when the draft says "rated for
    drops of up to 15 ft" (bc-0083); then 15 ft is a measure no source gives."""
    assert "unbacked_figure" in check(blind("bc-0083"))


def test_feet_the_record_gives_pass():
    ctx = turn(
        "The Flexzilla hose is 50 ft long.",
        locale="en",
        tools=[
            (
                "search_products",
                {"query": "hose"},
                {"products": [{"name": "Flexzilla Garden Hose 50 ft", "price": "59.99"}]},
            )
        ],
    )
    assert "unbacked_figure" not in check(ctx)
