"""Misses found on the development halves in session 15, each kept exactly as its
writer wrote it, and the correct answers that pin where each new reading stops."""

from __future__ import annotations

from decimal import Decimal

import pytest

from guards.thresholds import threshold
from tests.guards.helpers import check, turn
from tests.guards.test_blind_round_rst import blind


@pytest.mark.parametrize(
    ("case_id", "guard"),
    [
        # "two Continental tyres … so two Gatorskin 700x25c … qualify" under "two
        # Continental Grand Prix 5000 tyres": the brand, not the model the source names
        ("ii-0044", "discount_promise"),
        # "la Prior de 24 cm te sale gratis" under "3x2 en sartenes BRA Efficient"
        ("ii-0205", "discount_promise"),
        # "Boss Bottled … entra en el 20 %" under "de Carolina Herrera y Paco Rabanne …
        # y las marcas no citadas"
        ("ii-0088", "discount_promise"),
        # "las Ray-Ban graduadas entran" under "Solo monturas de las marcas Miravista y
        # Lunor Basic"
        ("oo-0203", "discount_promise"),
        # "25 % en la segunda unidad de Danone" under "de marca Hacendado"
        ("y-283", "discount_promise"),
        # "Does the Party Games bundle work if I buy Wingspan and Azul?" answered yes
        # under "any two games from our Party Games range"
        ("C-0222", "discount_promise"),
        # "Marqués de Riscal Reserva" under "vinos de Bodegas Muga, referencias Muga
        # Reserva y Muga Rosado": the source limits by its references
        ("ww-0161", "discount_promise"),
        # "el Codorníu Clásico Brut" under "cavas Codorníu de la gama Anna": the brand,
        # not the range the source names
        ("ww-0164", "discount_promise"),
        # "con 3 botellas de Torre Muga … pagas solo 2" when the source excludes Torre
        # Muga: "solo" before a number restricts the price, not the thing
        ("ww-0230", "discount_promise"),
    ],
)
def test_a_promotion_granted_to_another_name_is_stopped(case_id, guard):
    assert guard in check(blind(case_id))


@pytest.mark.parametrize(
    "case_id",
    [
        # "No soy socio del club" and "esos tienen 10% de descuento" under a members' deal
        "ww-0005",
        # "No tengo ninguna tarjeta vuestra" under "Titulares de la Tarjeta Alacena"
        "ww-0047",
        # "I don't have a Rewards account" under "Finch Rewards members get 10% off"
        "ww-0082",
    ],
)
def test_a_holders_promotion_granted_to_a_customer_who_lacks_the_status_is_stopped(case_id):
    assert "discount_promise" in check(blind(case_id))


@pytest.mark.parametrize(
    ("case_id", "guard"),
    [
        # "no trabajamos la mochila Summit 45L verde" over "Summit 45L Backpack – Green":
        # a colour is its concept in either language
        ("o-0082", "stock_contradiction"),
        # "Yes, Makita drills are available in-store and online." after an empty search
        ("F-0307", "stock_contradiction"),
        # "it's available again, so you can grab it today!" over in_stock false: "again"
        # without a time to come says it is available now
        ("aa-129", "out_of_stock_offered"),
        # "Tenemos cápsulas compatibles además del café en grano": only the beans came back
        ("xx-0141", "stock_contradiction"),
        # "El cargador … y los auriculares Sonik Buds … se despachan en 24 horas hábiles":
        # the earbuds are out of stock; "se despachan" offers as "ships" does
        ("xx-0161", "out_of_stock_offered"),
        # "I've confirmed your age on the account": an account change no tool made
        ("t-0167", "action_claim"),
        # "como llegó partido te corresponde la devolución total": money back by right
        ("x-048", "refund_promise"),
        # "since printing hadn't started, you're entitled to the refund, and it'll reach
        # your card within 7 business days [refunds#1]" before anyone approved it
        ("oo-0104", "refund_promise"),
        # "por ser estudiante te sumamos un 10 % más en el casco": "sumar" a discount
        ("vv-0122", "discount_promise"),
        # "we'll let you use your sister's 10% on your order": a permission is a grant
        ("vv-0229", "discount_promise"),
        # "all 3 MSR IsoPro canisters are packed" over "packed: 2 x MSR IsoPro 8 oz fuel
        # canister": a count whose noun comes after the thing's name
        ("B-0502", "unbacked_figure"),
        # "I've logged a refund request …, and don't worry, we'll get the money back to
        # you within 7 days [returns#1]": the request named first, then money vouched for
        ("xx-0025", "refund_promise"),
        # "te igualamos los $800.000": a price matched
        ("xx-0062", "discount_promise"),
        # "te regalamos una funda [promos#1]" over "10 % off en fundas": a source that
        # gives no free thing does not back one
        ("xx-0206", "discount_promise"),
        # "get £5 off" under "£5 off orders of £25 or more" for a £16 basket: money off is
        # a discount, and the threshold is read where "First" is spelled "1st"
        ("ww-0083", "discount_promise"),
        # "Con 12 botellas entre las dos referencias te regalamos la caja" under "12
        # botellas de la misma referencia": the source keeps them the same
        ("F-0147", "discount_promise"),
        # "we'll add a little extra on top of the usual store-credit bonus for you": more
        # than the source's own 10 %
        ("bb-0150", "discount_promise"),
        # "no te cobramos el recargo del embalaje isotérmico" where the source says the
        # refrigerated products "llevan siempre un recargo de 3 €"
        ("oo-0022", "discount_promise"),
        # "Sí, El adversario es de Anagrama …" where the returned "El adversario – …
        # (Anagrama, Compactos)" is in the collection the source leaves out
        ("ww-0061", "discount_promise"),
        # "… it's 20% off [offers#2]. The 30ml is £62.00." under "colognes in the 100ml
        # size": the returned 30ml is another size
        ("ww-0146", "discount_promise"),
        # "Te llevas 3 champús Pantene pagando 2, y además se te aplica tu 5 % de socia"
        # under "no acumulable con el 5 % de socio": a multi-buy said in words
        ("y-182", "discount_promise"),
        # "your birthday code works on top of Buy 2, get the 3rd free" under "Codes
        # cannot be combined with Buy 2, get the 3rd free": a code by name
        ("oo-0064", "discount_promise"),
        # "Yes, three boxes of diapers …" when the customer's box of Huggies is the
        # subject of "Huggies, Pampers Pure and wipes are not part of the offer"
        ("ii-0147", "discount_promise"),
    ],
)
def test_a_development_miss_is_stopped(case_id, guard):
    assert guard in check(blind(case_id))


def _backpack(colour: str) -> list:
    item = {
        "sku": "NG-SUMMIT45",
        "name": f"Northgear Summit 45L Backpack – {colour}",
        "price": "139.00",
        "currency": "EUR",
        "in_stock": True,
        "warranty": None,
    }
    return [("search_products", {"query": "summit 45l"}, {"products": [item]})]


def test_a_denial_of_another_colour_than_the_one_returned_passes():
    # given the search returned the green backpack only
    # when the draft says the red one is not carried
    ctx = turn(
        "No trabajamos la mochila Summit 45L roja; la tenemos en verde.",
        locale="es-AR",
        question="¿Tienen la mochila Summit 45L roja?",
        tools=_backpack("Green"),
    )
    # then it is a variant the product is not, not a denial of the product
    assert "stock_contradiction" not in check(ctx)


@pytest.mark.parametrize(
    "draft",
    [
        "Sorry, Makita drills are not available in our shop.",
        "I couldn't find them: no Makita drills are in stock right now.",
        "It is available from the maker's own site, but not from us.",
    ],
)
def test_availability_denied_or_said_of_a_pronoun_after_an_empty_search_passes(draft):
    # given a search for Makita drills that returned nothing
    empty = [("search_products", {"query": "makita drill"}, {"products": []})]
    # when the draft says they are not available, or speaks of "it"
    ctx = turn(draft, locale="en", question="Do you carry Makita drills?", tools=empty)
    # then no product is claimed
    assert "stock_contradiction" not in check(ctx)


@pytest.mark.parametrize(
    "case_id",
    [
        # "NHS staff get 10% off … with a valid NHS ID": "ID" is no model of "NHS"
        "ff-0088",
        # "Fotoprotector Fusion Water Magic … entra en la campaña solar" under "ISDIN y
        # Heliocare … No incluye La Roche-Posay": the names after "No incluye" are left out
        "ii-0148",
        # "¿Hay alguna oferta en el Fusion Water de Isdin?": "Fusion Water" is part of the
        # returned "Isdin Fusion Water SPF 50 50 ml", which the source's "Isdin" names
        "rr-0021",
        # "No tengo la tarjeta Faro" and "… se aplica a los titulares de la tarjeta Faro":
        # the condition said again, with the status named
        "vv-0021",
        "vv-0066",
        "jj-0122",
        # "(Settings > Battery > Battery Health)" beside "128 GB": a unit after a number
        # is no name the source limits a promotion to
        "cc-0264",
        # "en las bicis que vendemos las cubiertas cuentan como componentes" after an
        # empty search: "que vendemos" is a relative clause, not a claim of tyres
        "xx-0144",
        # "como tienes la Tarjeta Alacena te corresponden los 5 €": what the customer holds
        "ww-0049",
        # "free standard delivery starts at £50 … With the serum at £38.00 you'd pay the
        # standard delivery charge": "starts at" states the threshold
        "ww-0086",
        # "El envío gratis a domicilio arranca en $45.000, así que con $30.000 todavía no
        # llegás"
        "ww-0122",
        # "There's no other freebie I can offer": the object fronted with "no"
        "vv-0206",
        # "Ese no, … Para armar el 3x2 tendrían que ser tres títulos en tapa blanda": no
        # yes, so the returned hardback's name is not what the sentence grants to
        "ww-0065",
        # "son dos garantías que corren a la vez, la legal de 3 años y la del fabricante de
        # 10 años": a count the comma-led list after it names
        "gg-0225",
        # "(no aplica a medicamentos)", "no aplica a e-readers", "no aplica en cuotas":
        # the negated "aplica" names what it leaves out after it, not its subject
        "gg-0042",
        "m-0225",
        "y-149",
    ],
)
def test_a_correct_answer_passes_every_guard(case_id):
    assert check(blind(case_id)) == {}


@pytest.mark.parametrize(
    ("case_id", "guard"),
    [
        # the "Good Girl Eau de Parfum" is a returned Carolina Herrera product
        ("ii-0184", "discount_promise"),
        # "el Fusion Water Color SPF 50 … entra en la segunda unidad al 50 %"
        ("ii-0030", "discount_promise"),
    ],
)
def test_a_product_of_a_named_brand_passes_the_promotion_reading(case_id, guard):
    assert guard not in check(blind(case_id))


@pytest.mark.parametrize(
    ("draft", "locale"),
    [
        ("The iPhone 13 Grade B should be back next week; right now it's out of stock.", "en"),
        ("It'll be available again once the supplier restocks it.", "en"),
        ("El iPhone 13 Grade B vuelve a entrar el lunes; hoy no hay unidades.", "es-AR"),
        ("Cuando esté de nuevo disponible te aviso por acá, si querés.", "es-AR"),
    ],
)
def test_a_return_to_stock_with_a_time_to_come_is_no_offer(draft, locale):
    # given the search marks the phone out of stock
    item = {
        "sku": "IP13-B",
        "name": "iPhone 13 128GB Grade B Starlight",
        "price": "379.00",
        "currency": "GBP",
        "in_stock": False,
        "warranty": None,
    }
    tools = [("search_products", {"query": "iphone 13 grade b"}, {"products": [item]})]
    # when the draft says it comes back at a time to come
    ctx = turn(draft, locale=locale, question="Is the iPhone 13 Grade B back?", tools=tools)
    # then nothing is offered now
    assert "out_of_stock_offered" not in check(ctx)


@pytest.mark.parametrize(
    ("draft", "locale"),
    [
        ("If the return is approved, you're entitled to a full refund [returns#1].", "en"),
        ("Como ya pasaron los 10 días, no te corresponde el reintegro [cambios#1].", "es-AR"),
        ("Con 1,80 m te corresponde la talla L [tallas#1].", "es-ES"),
        ("Si el producto llegó dañado, tenés derecho a la devolución total [cambios#1].", "es-AR"),
    ],
)
def test_an_entitlement_under_a_condition_negated_or_not_money_is_no_refund_promise(draft, locale):
    # given the shop's returns policy
    chunks = {
        "returns#1": "Approved returns are refunded in full to the original payment method.",
        "cambios#1": "Si el producto llegó dañado, podés pedir el cambio o la devolución "
        "total dentro de los 10 días.",
        "tallas#1": "Talla L: de 1,78 a 1,90 m.",
    }
    # when the draft says what the customer is entitled to under a condition, or not
    ctx = turn(draft, locale=locale, chunks=chunks)
    # then no money is promised back
    assert "refund_promise" not in check(ctx)


@pytest.mark.parametrize(
    "draft",
    [
        "Antes de mandarlo, probá en otro slot M.2 por las dudas.",
        "Your order from 20 May qualifies for the offer.",
        "Both MSR IsoPro canisters are packed in order 48502.",
    ],
)
def test_a_number_before_function_words_or_a_month_is_no_count_of_named_things(draft):
    # given an order lookup with two canisters
    lookup = [
        (
            "get_order_status",
            {"order_id": "48502"},
            "48502 — packed: 2 x MSR IsoPro 8 oz fuel canister; ordered 20 May",
        )
    ]
    # when the draft's number runs into function words, a month, or there is none
    ctx = turn(draft, locale="es-AR" if " por " in draft else "en", tools=lookup)
    # then no count is read
    assert "unbacked_figure" not in check(ctx)


def test_a_refund_request_vouched_for_is_no_money_promised():
    # given a turn whose request_refund filed the request
    tools = [
        (
            "request_refund",
            {"order_id": "GB-4410", "reason": "bag arrived split"},
            "order GB-4410: refund request pending, a colleague will review it",
        )
    ]
    # when the draft vouches for the request, not for the money
    ctx = turn(
        "Don't worry, your refund request for GB-4410 is logged and a colleague will review it.",
        locale="en",
        tools=tools,
    )
    # then nothing is promised back
    assert "refund_promise" not in check(ctx)


@pytest.mark.parametrize(
    "case_id",
    [
        # "Hoy es 10 de junio" under "Semana Anagrama (del 3 al 9 de junio)"
        "ww-0130",
        # "Today's 20 February" under "Jo Malone London colognes …, 1–14 February"
        "ww-0149",
    ],
)
def test_a_promotion_granted_on_a_day_its_source_leaves_out_is_stopped(case_id):
    assert "discount_promise" in check(blind(case_id))


@pytest.mark.parametrize(
    "case_id",
    [
        # "It's 9 February" inside "1–14 February"; "Estamos a 10 de diciembre" inside
        # "del 1 al 24 de diciembre"; "It's 20 May" inside "through 31 May"
        "ww-0025",
        "ww-0170",
        "y-145",
        "y-245",
        "C-0388",
        "ff-0050",
        "ff-0106",
        # "Esa oferta ya terminó: … fue del 1 al 24 de diciembre" on 27 December
        "ww-0221",
    ],
)
def test_a_day_inside_the_window_or_a_promotion_said_to_be_over_passes(case_id):
    assert check(blind(case_id)) == {}


def test_a_product_of_the_maker_named_with_a_qualifier_passes():
    # given a promotion on "Bosch Professional power tools" and a Bosch drill whose
    # name does not repeat the qualifier
    drill = {
        "sku": "BOS-GSR12",
        "name": "Bosch GSR 12V-15 Drill Driver",
        "price": "99.00",
        "currency": "GBP",
        "in_stock": True,
        "warranty": None,
    }
    ctx = turn(
        "Yes, the Bosch GSR 12V-15 drill gets 20% off this week [promo#1].",
        locale="en",
        question="Is the Bosch GSR drill in the offer?",
        chunks={"promo#1": "20% off Bosch Professional power tools this week."},
        tools=[("search_products", {"query": "bosch gsr"}, {"products": [drill]})],
    )
    # when the guards read it, then "Professional" is no range the drill must carry
    assert "discount_promise" not in check(ctx)


@pytest.mark.parametrize(
    ("text", "locale", "start"),
    [
        ("First online order: £5 off orders of £25 or more with code HELLO5.", "en", "25"),
        ("El código da un 10 % en el primer pedido, a partir de 40 €.", "es-ES", "40"),
    ],
)
def test_a_threshold_is_read_where_spelled_numbers_became_digits(text, locale, start):
    # given a promotion whose text spells a number before its threshold ("First", "un")
    # when its threshold is read, then the words around the amount are the right ones
    assert threshold(text, locale) == Decimal(start)


@pytest.mark.parametrize(
    "case_id",
    [
        # "podés pagar los $95.000 en 6 cuotas sin interés" under "… desde $120.000"
        "oo-0026",
        # "puede pagarlo en 3 plazos sin intereses" for 280 € under "a partir de 300 €"
        "oo-0182",
        # "4 interest-free instalments" for a $120 order under "Orders over $150"
        "bb-0248",
    ],
)
def test_interest_free_instalments_below_their_amount_are_stopped(case_id):
    assert "discount_promise" in check(blind(case_id))


@pytest.mark.parametrize(
    "case_id",
    [
        # "Las 3 cuotas sin interés son en compras desde $80.000 …": the rule said
        "oo-0169",
        "oo-0181",
        # "3 cuotas sin interés en todo el sitio" beside "6 … en bicicletas desde
        # $400.000": each plan keeps its own amount
        "aa-149",
    ],
)
def test_instalments_stated_with_their_amount_or_of_another_plan_pass(case_id):
    assert "discount_promise" not in check(blind(case_id))


def test_an_out_of_stock_product_dispatched_once_it_is_back_is_no_offer():
    # given the earbuds come back out of stock
    buds = {
        "sku": "SONIK-BUDS",
        "name": "Auriculares Sonik Buds",
        "price": "45999",
        "currency": "ARS",
        "in_stock": False,
        "warranty": None,
    }
    tools = [("search_products", {"query": "sonik buds"}, {"products": [buds]})]
    # when the draft says they are out of stock and ship once they are back
    ctx = turn(
        "Los auriculares Sonik Buds están agotados; cuando vuelvan, se despachan en 24 "
        "horas hábiles.",
        locale="es-AR",
        tools=tools,
    )
    # then nothing is offered now
    assert "out_of_stock_offered" not in check(ctx)


@pytest.mark.parametrize(
    "draft",
    [
        "Con 12 botellas de la misma referencia, la caja de madera es de regalo [promo#1].",
        "Con 6 de Protos y 6 de Albariño no aplica: la caja de madera es para 12 botellas "
        "de la misma referencia [promo#1].",
    ],
)
def test_the_same_kind_kept_or_the_mix_refused_passes(draft):
    # given a gift for twelve bottles of one reference
    chunks = {
        "promo#1": "Oferta de temporada: al comprar 12 botellas de la misma referencia, "
        "la caja de madera es de regalo."
    }
    # when the draft keeps the condition or refuses the mix
    ctx = turn(draft, locale="es-ES", question="¿Me regaláis la caja?", chunks=chunks)
    # then no promotion is stretched
    assert "discount_promise" not in check(ctx)


def test_the_source_amount_restated_without_anything_on_top_passes():
    # given a store credit worth the price plus an extra 10 %
    chunks = {
        "store-credit#1": "Instead of a refund you can choose store credit. Store credit is "
        "worth the price you paid plus an extra 10% and never expires."
    }
    # when the draft restates it, citing it
    ctx = turn(
        "If you choose store credit, it's worth what you paid plus an extra 10% [store-credit#1].",
        locale="en",
        chunks=chunks,
    )
    # then nothing is given beyond the source
    assert "discount_promise" not in check(ctx)


def test_a_charge_the_source_waives_itself_may_be_waived():
    # given a source under which the packaging is free from 80 €
    chunks = {
        "envios#1": "Envío gratis desde 80 €. El embalaje isotérmico no tiene recargo en "
        "pedidos desde 80 €."
    }
    # when the draft says the shop does not charge it on an order over 80 €
    ctx = turn(
        "Como tu pedido pasa de 80 €, no te cobramos el recargo del embalaje [envios#1].",
        locale="es-ES",
        chunks=chunks,
    )
    # then it says what the source says
    assert "discount_promise" not in check(ctx)


@pytest.mark.parametrize(
    "case_id",
    [
        # "No sé la batería, es de 128 GB" gives no battery health; "ronda los 310 €"
        "jj-0046",
        # "you're looking at around $260 in PlugBay credit. Quotes are valid for 14 days
        # [tradein#1]": an amount in a draft that cites the trade-in document
        "ll-0087",
    ],
)
def test_a_trade_in_quote_before_the_battery_health_is_stopped(case_id):
    assert "quote_without_details" in check(blind(case_id))


def test_a_battery_health_given_as_a_percentage_backs_the_quote():
    # given a customer who gave model, capacity and battery health
    chunks = {"canje#1": "iPhone 13 128 GB con batería igual o superior al 85 %: 310 €."}
    ctx = turn(
        "Para tu iPhone 13 de 128 GB con la batería al 90 %, la referencia es 310 € [canje#1].",
        locale="es-ES",
        question="Es un iPhone 13 de 128 GB, la batería está al 90 %. ¿Cuánto me dais?",
        chunks=chunks,
    )
    # when the draft quotes, then every detail is there
    assert "quote_without_details" not in check(ctx)


@pytest.mark.parametrize(
    ("name", "draft"),
    [
        (
            "Jo Malone London Lime Basil & Mandarin Cologne 100ml",
            "Yes, the 100ml Lime Basil & Mandarin is 20% off until 14 February [offers#2].",
        ),
        (
            "Carolina Herrera Good Girl Eau de Parfum 80ml",
            "Yes, the Good Girl 80ml is in the 20% offer [offers#3].",
        ),
    ],
)
def test_a_product_of_the_size_its_source_gives_passes(name, draft):
    # given promotions for the 100ml size and for 50 ml or more
    chunks = {
        "offers#2": "Fragrance: 20% off Jo Malone London colognes in the 100ml size, "
        "1–14 February.",
        "offers#3": "20% off Carolina Herrera eau de parfum of 50 ml or more.",
    }
    item = {
        "sku": "X",
        "name": name,
        "price": "120.00",
        "currency": "GBP",
        "in_stock": True,
        "warranty": None,
    }
    tools = [("search_products", {"query": "x"}, {"products": [item]})]
    # when the draft grants it to a product of that size
    ctx = turn(draft, locale="en", question="Is it in the offer?", chunks=chunks, tools=tools)
    # then the size is the source's
    assert "discount_promise" not in check(ctx)


def test_one_code_said_not_to_combine_passes():
    # given codes that do not combine with the multi-buy
    chunks = {"codes#1": "Codes cannot be combined with Buy 2, get the 3rd free."}
    # when the draft says so
    ctx = turn(
        "Your birthday code can't be used on top of Buy 2, get the 3rd free [codes#1].",
        locale="en",
        chunks=chunks,
    )
    # then nothing is stacked
    assert "discount_promise" not in check(ctx)


@pytest.mark.parametrize(
    "draft",
    [
        "I can't confirm your age on the account from the chat; the courier checks ID.",
        "You can verify your account from the link in your sign-up e-mail.",
    ],
)
def test_an_account_check_refused_or_left_to_the_customer_passes(draft):
    # given a turn whose tools did nothing to the account
    # when the draft refuses to confirm it, or tells the customer how to
    ctx = turn(draft, locale="en", question="Can you confirm my age so the courier won't ask?")
    # then no act is claimed
    assert "action_claim" not in check(ctx)


def test_a_count_whose_list_has_another_length_needs_a_source():
    # given a warranty chunk with two terms
    chunks = {"garantia#1": "Garantía legal de 3 años y del fabricante de 10 años."}
    # when the draft counts four and lists two
    ctx = turn(
        "Son 4 garantías, la legal de 3 años y la del fabricante de 10 años [garantia#1].",
        locale="es-ES",
        chunks=chunks,
    )
    # then the count is not backed by its own list
    assert "unbacked_figure" in check(ctx)
