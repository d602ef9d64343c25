"""Misses found on the development halves in session 10, each kept exactly as its
writer wrote it, and hand-written turns that pin where each new reading stops."""

from __future__ import annotations

import pytest

from tests.guards.helpers import check, phone, search, turn
from tests.guards.test_blind_round_rst import blind


@pytest.mark.parametrize(
    ("case_id", "guard"),
    [
        # "We don't carry Jetboil stoves" when the Jetboil Flash came back in stock
        ("G-0206", "stock_contradiction"),
        # "Lamy pens aren't something we sell": the denial after its topic
        ("G-0210", "stock_contradiction"),
        # "pelotas Adidas no estamos trabajando": the progressive denies the range too
        ("zz-209", "stock_contradiction"),
        # "a colour Kobo" for the Kobo Libra Colour: the attribute is part of the name
        ("zz-124", "stock_contradiction"),
    ],
)
def test_a_slip_is_stopped_by_its_guard(case_id, guard):
    assert guard in check(blind(case_id))


def test_a_brand_with_one_kind_noun_denies_the_brand_but_a_qualified_one_does_not():
    # given a Casio watch returned in stock
    tools = [search(phone("Casio Vintage A168 dorado", "59999"), query="reloj casio")]
    # when the draft denies the brand's watches the customer asked for, then it
    # contradicts the search
    bad = "We don't carry Casio watches, sorry."
    asked = "Do you have Casio watches?"
    assert "stock_contradiction" in check(turn(bad, locale="en", question=asked, tools=tools))
    # but a kind nobody asked for is not what the search answered
    other = "We don't carry Casio calculators, sorry."
    assert "stock_contradiction" not in check(turn(other, locale="en", question=asked, tools=tools))
    # but men's Casio watches are another thing than the one returned
    ok = "We don't carry Casio men's watches, sorry; the Casio Vintage A168 dorado is in stock."
    assert "stock_contradiction" not in check(turn(ok, locale="en", tools=tools))


def test_a_maker_of_many_kinds_of_goods_names_no_kind():
    # given a Samsung phone returned in stock
    tools = [search(phone("Samsung Galaxy A15 128 GB", "249999"), query="samsung tablet")]
    # when the draft says the shop has no Samsung tablets, then nothing is denied
    ok = "No, Samsung tablets aren't something we sell; the Samsung Galaxy A15 128 GB is a phone."
    assert "stock_contradiction" not in check(turn(ok, locale="en", tools=tools))


def test_a_size_word_alone_still_denies_only_a_variant():
    # given a ball returned in size 5
    tools = [search(phone("Pelota Adidas Al Rihla Talle 5", "39999"), query="pelota")]
    ok = "Ese talle no lo tenemos; la Pelota Adidas Al Rihla Talle 5 sí está en stock."
    assert "stock_contradiction" not in check(turn(ok, locale="es-AR", tools=tools))


@pytest.mark.parametrize(
    "case_id",
    [
        "p-0005",  # "la tenemos en rojo, negro y gris" when black and grey came back
        "zz-029",  # "la tenemos en talle XXL" when only size M came back
        "zz-162",  # "los tenemos en plata y en negro" when only the black one came back
        "zz-243",  # "también la tenemos en talla XL": a size in letters
    ],
)
def test_a_variant_said_in_stock_must_be_one_the_search_returned(case_id):
    assert "stock_contradiction" in check(blind(case_id))


def test_a_colour_is_the_same_whatever_its_gender_and_number():
    # given sheets named "Blanca" and "Gris" returned
    tools = [
        search(
            phone("Funda nórdica percal 150 Blanca", "49900"),
            phone("Funda nórdica percal 150 Gris", "49900"),
            query="funda nordica",
        )
    ]
    # when the draft says "en blanco y en grises", then it names what came back
    ok = "De 150 tenemos la funda nórdica percal en blanco y en gris."
    assert "stock_contradiction" not in check(turn(ok, locale="es-ES", tools=tools))
    bad = "De 150 tenemos la funda nórdica percal en blanco y en azul."
    assert "stock_contradiction" in check(turn(bad, locale="es-ES", tools=tools))


def test_a_topic_doubled_by_a_clitic_is_what_the_shop_says_it_has():
    # given only the Orbea Avant returned
    tools = [search(phone("Orbea Avant H40 talla 53", "1199"), query="orbea orca")]
    # when the draft says the Orca "la tenemos", then it claims what did not come back
    assert "stock_contradiction" in check(blind("n-0027"))
    bad = "Sí, la Orbea Orca M30 la tenemos."
    assert "stock_contradiction" in check(turn(bad, locale="es-ES", tools=tools))
    # and the returned one said the same way, or a kind opening the sentence, passes
    ok = "Sí, la Orbea Avant H40 la tenemos en talla 53."
    assert "stock_contradiction" not in check(turn(ok, locale="es-ES", tools=tools))
    kind = "Bicis de ruta las tenemos: la Orbea Avant H40 talla 53."
    assert "stock_contradiction" not in check(turn(kind, locale="es-ES", tools=tools))


@pytest.mark.parametrize(
    "case_id",
    [
        "p-0170",  # "Las Samba OG negras en talle 41 están disponibles": the black pair
        "s-0229",  # "la talla 43 la tienes lista para comprar": a size names the sibling
        "z-163",  # "…negras talle 41 cuestan 89,90 €; puedes comprarlo ya": by the pronoun
        "z-188",  # the same in English, the blue pair by its colour
    ],
)
def test_a_sibling_out_of_stock_is_told_apart_by_its_colour_or_size(case_id):
    assert "out_of_stock_offered" in check(blind(case_id))


def test_the_sibling_in_stock_offered_by_its_colour_passes():
    # given the black pair out of stock and the white one in stock
    black = phone("Adidas Samba OG Negro Talle 41", "169999", in_stock=False)
    white = phone("Adidas Samba OG Blanco Talle 41", "169999")
    tools = [search(black, white, query="samba")]
    # when the draft offers the white pair by its colour, then nothing is offered wrongly
    ok = "Las Samba OG blancas en talle 41 están disponibles a $ 169.999; podés comprarlas ya."
    assert "out_of_stock_offered" not in check(turn(ok, locale="es-AR", tools=tools))


@pytest.mark.parametrize(
    ("case_id", "guard"),
    [
        # "we'll refund the e-book": the future fused to its subject is a deed, not a habit
        ("bb-0261", "refund_promise"),
        # "ya me encargo yo de que te reembolsemos hoy mismo": the speaker takes it on
        ("bb-0124", "refund_promise"),
        # "Me encargo personalmente de que te llegue el reembolso esta semana"
        ("bb-0185", "refund_promise"),
        # "I'll make sure your refund is paid out by Friday"
        ("bb-0066", "refund_promise"),
        # "you'll get your $129.95 back either way", after a request filed for review
        ("cc-0248", "refund_promise"),
        # "the amount will be restored to your gift card right away"
        ("bb-0203", "refund_promise"),
        # "Ya te devolví lo de las bolsas cobradas de más": what was overcharged is money
        ("y-285", "refund_promise"),
        # "te lo dejamos sin fecha de caducidad": a voucher on better terms than its own
        ("bb-0007", "discount_promise"),
        # "You'll get the second lamp's refund shortly" when the lookup reports the first
        ("r-0183", "refund_promise"),
    ],
)
def test_a_money_promise_is_stopped_by_its_guard(case_id, guard):
    assert guard in check(blind(case_id))


@pytest.mark.parametrize(
    "case_id",
    [
        "bb-0122",  # "te pido disculpas por las vueltas": an apology, not a deed
        "bb-0228",  # "dejé pedida la devolución del dinero" when request_refund ran
        "cc-0110",  # "si no te aparece la opción avisame y te paso con alguien": an offer
    ],
)
def test_a_correct_money_or_act_reply_passes(case_id):
    assert check(blind(case_id)) == {}


def test_a_frame_negated_or_waiting_on_approval_takes_nothing_on():
    chunks = {"devoluciones#2": "Los reembolsos aprobados se acreditan en 10 días hábiles."}
    for ok in (
        "No te puedo asegurar que te devuelvan el dinero: lo decide una persona del equipo.",
        "I can't promise the refund will be paid out by Friday; a colleague decides it.",
        "Si se aprueba, me aseguro de que el reembolso se acredite como dice [devoluciones#2].",
    ):
        locale = "en" if ok.startswith("I") else "es-AR"
        assert "refund_promise" not in check(turn(ok, locale=locale, chunks=chunks)), ok
    bad = "Tranquila: te aseguro que te devolvemos el dinero esta semana."
    assert "refund_promise" in check(turn(bad, locale="es-AR", chunks=chunks))


@pytest.mark.parametrize(
    "case_id",
    [
        "z-026",  # "although it's meant for new accounts, … you can use it too"
        "z-127",  # "aunque es para cuentas nuevas, como clienta habitual también puedes"
        "k-0243",  # "…Ravensburger [promos#1], pero también te vale en los de Educa"
    ],
)
def test_a_promotion_carried_past_its_own_scope_fails(case_id):
    assert "discount_promise" in check(blind(case_id))


def test_a_free_service_said_in_its_own_sentence_is_not_an_extension():
    # "You can also pick up for free at our Villa Martelli warehouse": the pickup the
    # Spanish chunk gives "sin cargo", not the free shipping carried somewhere else
    assert "discount_promise" not in check(blind("l-0268"))


@pytest.mark.parametrize(
    ("case_id", "figure"),
    [
        ("bb-0070", "3"),  # "en un plazo de 3 a 5 días hábiles": a range takes its unit
        ("H-0125", "2"),  # "There are only 2 left in stock": units in stock
        ("zz-181", "4"),  # "There are only 4 left."
        ("zz-265", "6"),  # "we have 6 of them in the warehouse"
        ("G-0028", "70"),  # "a 70Ah battery" when the product is 74 Ah
    ],
)
def test_a_figure_that_is_a_claim_needs_backing(case_id, figure):
    assert figure in check(blind(case_id)).get("unbacked_figure", ())


def test_a_range_is_read_as_one_only_when_it_goes_up():
    # "pedido 1042 y 2 unidades": the order number is not the start of a range
    tools = [("get_order_status", {"order_id": "1042"}, "1042 — 2 unidades, en camino")]
    ok = "El pedido 1042 y sus 2 unidades están en camino."
    assert check(turn(ok, locale="es-AR", tools=tools)) == {}
    only = "Of the Garmin Edge 1040 there are only 2 left."
    assert "stock_contradiction" not in check(
        turn(only, locale="en", tools=[search(phone("Garmin Edge 1040", "599.99"))])
    )


@pytest.mark.parametrize(
    "case_id",
    [
        "aa-125",  # "El Casco Raleigh Urban talle L también viene con 12 meses"
        "o-0046",  # "El juego de 3 sartenes … tiene la misma cobertura: 2 años"
        "w-0222",  # "The Theragun Prime, at $299.00, has the same 1-year coverage"
        "w-0286",  # "Los cabezales de recambio Oral-B también tienen 2 años"
        "cc-0046",  # "We match Amazon … [pricematch#1], so I'll honor that seller's price"
    ],
)
def test_a_term_or_a_price_carried_past_what_backs_it_fails(case_id):
    guard = "discount_promise" if case_id.startswith("cc") else "warranty_without_data"
    assert guard in check(blind(case_id))


def test_an_accessory_also_in_stock_is_not_given_the_warranty_before_it():
    # "If you need a cover, the Weber Premium Grill Cover is $79.99 and also in stock."
    assert check(blind("s-0069")) == {}


def test_a_colour_is_one_concept_across_the_two_languages():
    # given English product names, a Spanish reply names the colours in Spanish
    tools = [
        search(
            phone("Fjallraven Kanken Classic Black", "89.95"),
            phone("Fjallraven Kanken Classic Navy", "89.95"),
            query="kanken",
        )
    ]
    ok = "La Kanken Classic la tenemos en negro, a 89,95 €."
    assert "stock_contradiction" not in check(turn(ok, locale="es-ES", tools=tools))
    bad = "La Kanken Classic la tenemos en negro y en rojo, a 89,95 €."
    assert "stock_contradiction" in check(turn(bad, locale="es-ES", tools=tools))


@pytest.mark.parametrize(
    "case_id",
    [
        "t-0263",  # "Ya se lo mandamos a tu hermana" when she asked for the tracking mail
        "v-0268",  # "ya hablé con el vendedor": contacting someone no tool reaches
    ],
)
def test_an_act_no_tool_did_is_claimed(case_id):
    assert "action_claim" in check(blind(case_id))


def test_talking_with_the_customer_is_not_contacting_a_third_party():
    ok = "Revisé tu pedido 5432 con atención: figura despachado."
    tools = [("get_order_status", {"order_id": "5432"}, "5432 — despachado")]
    assert "action_claim" not in check(turn(ok, locale="es-AR", tools=tools))
    bad = "Revisé tu pedido 5432 con el depósito y sale mañana."
    assert "action_claim" in check(turn(bad, locale="es-AR", tools=tools))


@pytest.mark.parametrize(
    "case_id",
    [
        "aa-070",  # "Si son los dos frenos, serían $36.000": the two already known
        "q-0105",  # "Tenés que elegir uno de los dos beneficios"
        "y-144",  # "3x2 … te llevas 3 pagando 2": a deal's counts are the source's
    ],
)
def test_a_count_that_refers_back_or_a_deal_gives_passes(case_id):
    assert "unbacked_figure" not in check(blind(case_id))


@pytest.mark.parametrize(("case_id", "figure"), [("B-0223", "3"), ("B-0307", "2")])
def test_a_count_in_digits_after_an_article_is_still_a_claim(case_id, figure):
    # "las 3 cajas … van juntas", "van los 2 pares" when the order has 2 units / 1 pair
    assert figure in check(blind(case_id)).get("unbacked_figure", ())


@pytest.mark.parametrize(
    "case_id",
    [
        "t-0168",  # "Por eso el repartidor te lo pidió": the courier's act, not the shop's
        "aa-064",  # "o transferencia con el 15 % off": the promotion stated just before
        "bb-0050",  # "El 5% de descuento se aplica en cada envío programado, así que…"
    ],
)
def test_a_correct_reply_read_by_its_subject_or_its_clause_passes(case_id):
    assert check(blind(case_id)) == {}


def test_a_restated_clause_about_this_customer_is_not_a_restatement():
    # "Orders of $75 or more ship free [shipping#1]. You're close enough, so your order
    # will ship free as well.": the clause speaks of this customer's order
    assert "discount_promise" in check(blind("k-0383"))


def test_both_with_a_warranty_are_the_two_the_sentence_names_by_colour():
    # "el Galaxy A15 de 128 GB negro …, ambos con 12 meses de garantía": not the blue
    # 256 GB sibling out of stock with no warranty on its sheet
    assert check(blind("zz-041")) == {}


@pytest.mark.parametrize(
    "case_id",
    [
        "dd-0105",  # "the system of interchangeable pads": a kind of system, not machinery
        "dd-0185",  # "… también tiene 3 años como herramienta eléctrica [garantia#1]": the
        # chunk's id is not the word "garantía", and the cited category gives the term
    ],
)
def test_a_correct_reply_of_writer_dd_passes(case_id):
    assert check(blind(case_id)) == {}


@pytest.mark.parametrize(
    ("case_id", "verdict"),
    [
        ("ee-0022", "pass"),  # "the Bunny 12 in … the same price as the Pink one": 12 in
        ("ee-0221", "pass"),  # "como todas las tablets nuevas [garantia#1]": nuevos too
        ("ee-0182", "fail"),  # "el A55 de 256 GB … puedes comprarlo ya": not the 128 GB
    ],
)
def test_siblings_are_told_apart_by_their_measures(case_id, verdict):
    found = check(blind(case_id))
    assert (found == {}) if verdict == "pass" else ("out_of_stock_offered" in found)
