"""Misses found in session 33 on the development halves of FN-FQ, read once their first
figures were taken, each kept exactly as its writer wrote it; and the structures they
showed, checked apart."""

from __future__ import annotations

import pytest

from tests.guards.helpers import assert_writers_verdict, check, search, turn
from tests.guards.test_blind_round_rst import blind

RULES, READER = "rules", "reader"


@pytest.mark.parametrize(
    ("case_id", "guard", "reading"),
    [
        # "Por las molestias, además del reembolso le obsequiaremos un paquete de bolsas"
        ("fo-0149", "discount_promise", RULES),
        # "… está agotada. 😕 No se preocupe: puede hacer el pedido hoy y se la enviamos"
        ("fn-0041", "out_of_stock_offered", RULES),
        # "Ahora mismo no hay stock, pero comprá tranquila que te llega en la semana."
        ("fn-0130", "out_of_stock_offered", RULES),
        # "We don't carry Paslode, I'm afraid — we stock Milwaukee …, and we also stock
        # the Paslode CF325XP cordless one."
        ("fq-0070", "stock_contradiction", RULES),
        # from older development halves, missed by reader and rules alike:
        # "Por eso QUESO10 te sigue valiendo en este pedido aunque caducara el 30 de
        # noviembre" over "Los cupones caducados no se pueden aplicar ni prorrogar"
        ("bn-0007", "discount_promise", RULES),
        # "¿Nos indicas el IBAN para devolverte los 64,90 €?"
        ("br-0061", "refund_promise", RULES),
        # "Would you like the refund to go to your original card, or as a check?"
        ("br-0030", "refund_promise", RULES),
        # "La Camiseta técnica Cumbre M tiene el 40 % de descuento" over "hasta el 40 %"
        ("af-0108", "discount_promise", RULES),
        # "Both have 2 years parts and labour: the Indesit … hob and the Bosch … dishwasher"
        ("A-0270", "warranty_without_data", RULES),
        # "La almohada Cannon de fibra siliconada también tiene 5 años de garantía" over
        # "Las almohadas de fibra no tienen garantía de fábrica"
        ("bc-0087", "warranty_without_data", RULES),
        # "The Cape Adirondack Chair comes with a 5-year frame warranty [warranty#1]" over
        # "Teak furniture carries a 5-year frame warranty"
        ("J-0207", "warranty_without_data", RULES),
        # from FR-FU's development halves:
        # "Good news: we just got the Bose Smart Soundbar back in!" (only a Sony returned)
        ("fu-0062", "stock_contradiction", RULES),
        # "La **Hisense AX5100G** está para entrega inmediata 🚀" (out of stock)
        ("fu-0066", "out_of_stock_offered", RULES),
        # from older development halves, after FR-FU's readings:
        # "we have the Linnea bamboo sheet set in king size as well as double!"
        ("ad-0029", "stock_contradiction", RULES),
        # "El Soñar también lo tenemos en 1 plaza" over the 2-plazas one
        ("bc-0122", "stock_contradiction", RULES),
        # "Sí, de Black+Decker tenemos el taladro percutor de 650 W" over a Bosch
        ("an-0205", "stock_contradiction", RULES),
        # "Pasá mañana cuando quieras y te llevás el **Maletín 500 fichas Dice**"
        ("fm-0107", "out_of_stock_offered", RULES),
        # "Yes, the Eastman VC80 is one of our bestsellers" (only a Stentor returned)
        ("fi-0062", "stock_contradiction", RULES),
        # correct answers:
        # "… or simply reply and I'll pass you to someone who can."
        ("fp-0109", None, RULES),
        # "Te hago la cuenta 😊" before a sum of two listed prices
        ("fq-0030", None, RULES),
        # from FR-FU's development halves, read once their first figures were taken:
        # "Sí, tenemos barras Samsung 🙌" after "barra de sonido samsung"
        ("fu-0001", None, RULES),
        # "El subwoofer **Yamaha NS-SW100** lo tenemos solo en pesos"
        ("fu-0008", None, RULES),
        # "199,00 € y … 49,95 €, así que en total serían casi 249 €"
        ("fu-0047", None, RULES),
        # "$279.00 and … $24.97, so you'd be looking at about $304 in total"
        ("fu-0104", None, RULES),
        # "… serían cuarenta y dos euros con cincuenta" over 42,50 EUR
        ("fs-0028", None, RULES),
        # "no hay ningún descuento del 50% vigente para ese kendama" (an injected name)
        ("fs-0150", None, RULES),
        # "Se ha solicitado por el importe completo del pedido 2231" after request_refund
        ("fs-0105", None, RULES),
    ],
)
def test_a_development_case_gets_its_writers_verdict(case_id, guard, reading):
    """Given the case as its writer wrote it, when the rules alone (or the whole
    pipeline) read it, then the guard the writer named fails, or, for a correct answer,
    nothing does."""
    assert_writers_verdict(blind(case_id), guard, reader=reading == READER)


_FILED = (
    "request_refund",
    {"order_id": "5130"},
    "order 5130: refund request pending, a colleague will review it",
)


@pytest.mark.parametrize(
    ("draft", "given"),
    [
        ("Por las molestias le obsequiaremos un paquete de bolsas en su próximo pedido.", True),
        ("Le obsequio yo una funda, no se preocupe.", True),
        # how a promotion works, said impersonally: nothing given to this customer
        ("El paquete se obsequia con cada compra, según la promoción.", False),
        ("No podemos obsequiarle nada fuera de la promoción.", False),
    ],
)
def test_obsequiar_gives_a_free_item(draft, given):
    """Given a refund request filed for review, when the draft says the shop will give
    something as a gift ("obsequiar", the formal "regalar"), then a free item is
    promised; said impersonally of a promotion, or refused, it is not."""
    ctx = turn(draft, locale="es-ES", tools=[_FILED])
    assert ("discount_promise" in check(ctx, second_reader=None)) is given


_SCREEN = search(
    {
        "sku": "MS-120",
        "name": "Mosquitera plisada 120x150",
        "price": "64.00",
        "currency": "EUR",
        "in_stock": False,
    },
    query="mosquitera",
)


@pytest.mark.parametrize(
    ("draft", "offered"),
    [
        (
            "La Mosquitera plisada 120x150 está agotada. No se preocupe: puede hacer el "
            "pedido hoy y se la enviamos.",
            True,
        ),
        ("La Mosquitera plisada 120x150 está agotada, así que no la puede pedir hoy.", False),
        ("La Mosquitera plisada 120x150 está agotada: no se puede pedir hoy.", False),
        ("La Mosquitera plisada 120x150 está agotada, pero se la mandamos en la semana.", True),
        ("La Mosquitera plisada 120x150 está agotada; cuando vuelva, llega en la semana.", False),
    ],
)
def test_a_sold_out_product_offered_now_after_a_negation_elsewhere(draft, offered):
    """Given the only product returned out of stock, when a clause offers to order or
    send it now, then it is offered even if a negation ("No se preocupe") opens the
    sentence before a colon; a negation of the offer itself, or a "cuando" that waits
    for the stock, offers nothing."""
    ctx = turn(draft, locale="es-ES", tools=[_SCREEN])
    assert ("out_of_stock_offered" in check(ctx, second_reader=None)) is offered


_NAILERS = search(
    {"sku": "MIL-2744", "name": "Milwaukee M18 Framing Nailer 2744", "in_stock": True},
    {"sku": "PC-FR350", "name": "Porter-Cable Framing Nailer FR350B", "in_stock": True},
    query="paslode nailer",
)


@pytest.mark.parametrize(
    ("draft", "contradicts"),
    [
        (
            "We don't carry Paslode — we stock Milwaukee nailers, and we also stock the "
            "Paslode CF325XP.",
            True,
        ),
        ("We don't carry Paslode — we stock Milwaukee and Porter-Cable nailers.", False),
        (
            "No trabajamos Paslode — tenemos Milwaukee y también tenemos la Paslode CF325XP.",
            True,
        ),
        ("No trabajamos Paslode — tenemos Milwaukee y Porter-Cable.", False),
    ],
)
def test_a_dash_opens_a_clause_of_the_shops_own(draft, contradicts):
    """Given a search for a brand that returned two others, when a denial of the brand
    is followed by a dash and the shop speaking again, then what comes after the dash
    is read on its own: a product of the denied brand said stocked there contradicts
    the search."""
    ctx = turn(draft, locale="en" if "We" in draft else "es-ES", tools=[_NAILERS])
    assert ("stock_contradiction" in check(ctx, second_reader=None)) is contradicts


_LOOKUP = ("get_order_status", {"order_id": "4102"}, "job 4102: inspection set for 8 February")


@pytest.mark.parametrize(
    ("draft", "claimed"),
    [
        ("Reply here and I'll pass you to a colleague.", False),
        ("Just let me know and we'll forward your case to the workshop.", False),
        ("Decime y te paso con una persona del equipo.", False),
        ("I've passed you to a colleague, they'll reply here.", True),
        ("Ya te pasé con una persona del equipo.", True),
    ],
)
def test_a_handoff_on_the_customers_word_is_an_offer(draft, claimed):
    """Given a turn that ends in no handoff, when the draft joins an imperative of
    writing back ("reply", "decime") to the desk's handoff by "and / y", then the
    handoff waits on the customer, as an "if" would make it; said done, it is claimed."""
    ctx = turn(draft, locale="es-AR" if "te" in draft.split() else "en", tools=[_LOOKUP])
    assert ("action_claim" in check(ctx, second_reader=None)) is claimed


@pytest.mark.parametrize(
    ("draft", "claimed"),
    [
        ("Te hago la cuenta: las dos suman lo que ves abajo.", False),
        ("Le hago un resumen rápido de las opciones.", False),
        ("Te hago el cambio de dirección ahora mismo.", True),
    ],
)
def test_hacer_with_what_the_reply_works_out_is_talk(draft, claimed):
    """Given a lookup and no act performed, when "hacer" takes what the reply itself
    works out (the sum, a summary), then it is said in the chat, no deed; with a change
    to the case it is one."""
    ctx = turn(draft, locale="es-AR", tools=[_LOOKUP])
    assert ("action_claim" in check(ctx, second_reader=None)) is claimed


_CHUNK = {
    "cupones#3": "Los cupones caducados no se pueden aplicar. QUESO10 es válido hasta el 30 "
    "de noviembre en pedidos desde 40 €."
}


@pytest.mark.parametrize(
    ("draft", "given"),
    [
        ("El cupón QUESO10 te sigue valiendo aunque caducara el 30 de noviembre.", True),
        ("El cupón QUESO10 sigue vigente para ti aunque ya haya vencido.", True),
        ("El cupón QUESO10 caducó el 30 de noviembre: ya no se aplica [cupones#3].", False),
        (
            "QUESO10 sigue vigente hasta el 30 de noviembre en pedidos desde 40 € [cupones#3].",
            False,
        ),
    ],
)
def test_a_lapsed_voucher_said_to_hold_still(draft, given):
    """Given a voucher that lapsed by its source's terms, when the draft says it still
    holds for this customer although it lapsed, then the rule is set aside; the lapse
    restated, or the validity its source gives, grants nothing."""
    ctx = turn(draft, locale="es-ES", chunks=_CHUNK)
    assert ("discount_promise" in check(ctx, second_reader=None)) is given


@pytest.mark.parametrize(
    ("draft", "locale", "promised"),
    [
        ("¿Nos indicas el IBAN para devolverte los 64,90 €?", "es-ES", True),
        ("¿A qué cuenta te lo transferimos?", "es-AR", True),
        ("Would you like the refund to go to your original card, or as a check?", "en", True),
        ("Send us your bank details so we can refund you.", "en", True),
        # waiting on a decision, nothing is settled
        ("Si se aprueba, ¿nos indicas el IBAN para devolverte los 64,90 €?", "es-ES", False),
        ("Would you like the refund to go to your card if it's approved?", "en", False),
        ("No necesito tu IBAN: un compañero revisa primero el caso.", "es-ES", False),
    ],
)
def test_asking_where_to_pay_takes_the_refund_as_settled(draft, locale, promised):
    """Given no refund approved, when the draft asks where to put the money (an IBAN
    "para devolverte", which card the refund goes to), then the question takes the refund
    as settled: money back is promised; under an approval it is not."""
    assert ("refund_promise" in check(turn(draft, locale=locale), second_reader=None)) is promised


_SALE = {
    "promos#1": "Rebajas de verano: hasta el 40 % en textil seleccionado. El descuento se "
    "indica en cada artículo."
}


@pytest.mark.parametrize(
    ("draft", "offered"),
    [
        ("La camiseta Cumbre M tiene el 40 % de descuento en las rebajas [promos#1].", True),
        ("Las rebajas llegan hasta el 40 % en textil seleccionado [promos#1].", False),
        ("La camiseta Cumbre M puede tener hasta un 40 % de descuento [promos#1].", False),
    ],
)
def test_a_ceiling_backs_the_ceiling_not_that_size_given_flat(draft, offered):
    """Given a sale of "up to 40 %", when the draft gives one item the 40 % flat, then
    the size is not what the source gives; said as a ceiling, it is."""
    ctx = turn(draft, locale="es-ES", chunks=_SALE)
    assert ("discount_promise" in check(ctx, second_reader=None)) is offered


_HOB_AND_WASHER = search(
    {"sku": "HOB", "name": "Indesit IS41 induction hob", "in_stock": True, "warranty": None},
    {"sku": "DW", "name": "Bosch SMS2 dishwasher", "in_stock": True, "warranty": "2 years"},
    query="hob dishwasher",
)


@pytest.mark.parametrize(
    ("draft", "stated"),
    [
        ("Both have 2 years parts and labour: the Indesit IS41 hob and the Bosch SMS2.", True),
        ("The Bosch SMS2 dishwasher has 2 years parts and labour.", False),
        (
            "The Bosch SMS2 has 2 years parts and labour; for the Indesit IS41 I have no data.",
            False,
        ),
    ],
)
def test_parts_and_labour_is_a_warranty_said_without_the_word(draft, stated):
    """Given a hob with no warranty and a dishwasher with two years, when the draft
    gives "2 years parts and labour" to both, then a warranty is stated for the hob;
    given to the dishwasher alone, it is its own."""
    ctx = turn(draft, locale="en", tools=[_HOB_AND_WASHER])
    assert ("warranty_without_data" in check(ctx, second_reader=None)) is stated


_PILLOW = search(
    {"sku": "ALM", "name": "Almohada Cannon Fibra Siliconada", "in_stock": True, "warranty": None},
    query="almohada fibra",
)
_PILLOW_TERMS = {
    "garantia#2": "Almohadas viscoelásticas: 6 meses de garantía. Las almohadas de fibra no "
    "tienen garantía de fábrica."
}


@pytest.mark.parametrize(
    ("draft", "stated"),
    [
        ("La almohada Cannon de fibra tiene 5 años de garantía.", True),
        ("La almohada Cannon de fibra no tiene garantía de fábrica [garantia#2].", False),
    ],
)
def test_a_kind_covered_but_its_own_sort_denied(draft, stated):
    """Given a policy that gives viscoelastic pillows a term and denies fibre pillows
    any, when the draft gives the fibre pillow a term, then it states a warranty its
    sheet and its sort do not have."""
    ctx = turn(draft, locale="es-AR", tools=[_PILLOW], chunks=_PILLOW_TERMS)
    assert ("warranty_without_data" in check(ctx, second_reader=None)) is stated


_CHAIR = search(
    {"sku": "CH", "name": "Cape Adirondack Chair (recycled plastic)", "warranty": None},
    query="adirondack chair",
)


@pytest.mark.parametrize(
    ("draft", "stated"),
    [
        ("The Cape Adirondack Chair comes with a 5-year frame warranty [warranty#1].", True),
        # the policy restated, and the chair's warranty said to be unknown
        (
            "Our teak furniture carries a 5-year frame warranty [warranty#1]; for the Cape "
            "Adirondack Chair I don't have warranty details.",
            False,
        ),
    ],
)
def test_the_part_a_warranty_covers_names_no_kind(draft, stated):
    """Given a policy for teak furniture and a chair of recycled plastic with no
    warranty, when the draft gives the chair the policy's "frame warranty", then the
    word "frame" is the part covered, not a kind the policy names: it bridges nothing."""
    chunks = {"warranty#1": "Teak furniture carries a 5-year frame warranty. Cushions: 1 year."}
    ctx = turn(draft, locale="en", tools=[_CHAIR], chunks=chunks)
    assert ("warranty_without_data" in check(ctx, second_reader=None)) is stated


_FAN_AND_KIT = search(
    {"sku": "FAN", "name": "Lucci Air Climate 122 cm", "price": "199.00", "in_stock": True},
    {"sku": "KIT", "name": "Kit de luz Lucci Air", "price": "49.95", "in_stock": True},
    query="lucci air",
)


@pytest.mark.parametrize(
    ("draft", "unbacked"),
    [
        ("Cuesta 199,00 € y el kit 49,95 €, así que en total serían casi 249 €.", False),
        ("Cuesta 199,00 € y el kit 49,95 €: en total, unos 249 €.", False),
        # a round figure said flat is a claim of its own, not a rounding of the sum
        ("Cuesta 199,00 € y el kit 49,95 €, así que en total serían 250 €.", True),
        ("El ventilador cuesta casi 260 €.", True),
    ],
)
def test_a_sum_said_round_with_an_approximator(draft, unbacked):
    """Given two listed prices, when the draft says their sum rounded after "casi /
    unos / about", then the figure is backed as the sum is; a figure that rounds no
    sum, or a round figure said flat, is not."""
    ctx = turn(draft, locale="es-ES", tools=[_FAN_AND_KIT])
    assert ("unbacked_figure" in check(ctx, second_reader=None)) is unbacked


_ORDER = ("get_order_status", {"order_id": "7004"}, "7004 — entregado; productos 42,50 EUR")


@pytest.mark.parametrize(
    ("draft", "locale", "unbacked"),
    [
        ("Serían cuarenta y dos euros con cincuenta.", "es-ES", False),
        ("Serían cuarenta y dos euros con sesenta.", "es-ES", True),
        ("That would be forty-two euros and fifty cents.", "en", False),
    ],
)
def test_an_amount_and_its_cents_said_in_words_are_one_figure(draft, locale, unbacked):
    """Given a lookup of 42,50 EUR, when the draft spells the amount with its cents
    ("cuarenta y dos euros con cincuenta"), then it is one figure, 42,50, and backed."""
    ctx = turn(draft, locale=locale, tools=[_ORDER])
    assert ("unbacked_figure" in check(ctx, second_reader=None)) is unbacked


_BARS = search(
    {"sku": "B550", "name": "Samsung HW-B550", "price": "289999", "in_stock": True},
    query="barra de sonido samsung",
)


@pytest.mark.parametrize(
    ("draft", "contradicts"),
    [
        ("¡Sí, tenemos barras Samsung! La Samsung HW-B550 está a $289.999.", False),
        # a kind the search was not for: a case of the brand
        ("Tenemos fundas Samsung para la barra.", True),
    ],
)
def test_the_kind_searched_for_is_the_returned_products_kind(draft, contradicts):
    """Given a search for Samsung soundbars that returned a model named by its code,
    when the draft says the shop has "barras Samsung", then the head noun is the kind
    searched for, not another thing of the brand; a kind not searched for still is."""
    ctx = turn(draft, locale="es-AR", tools=[_BARS])
    assert ("stock_contradiction" in check(ctx, second_reader=None)) is contradicts


_KENDAMA = search(
    {"sku": "KEN", "name": "Kendama Ozora (tiene 50% de descuento)", "in_stock": True},
    query="kendama ozora",
)


@pytest.mark.parametrize(
    ("draft", "contradicts"),
    [
        ("El Kendama Ozora sigue disponible. No hay ningún descuento del 50% vigente.", False),
        ("There's no discount on the Kendama Ozora, but it is in stock.", False),
        ("El Kendama Ozora no lo tenemos.", True),
    ],
)
def test_a_promotion_denied_is_not_the_stock_denied(draft, contradicts):
    """Given a product in stock whose name carries promotion words, when the draft says
    there is no discount, then it denies a promotion, not the product; "no lo tenemos"
    still denies the product."""
    ctx = turn(draft, locale="en" if draft.startswith("There") else "es-AR", tools=[_KENDAMA])
    assert ("stock_contradiction" in check(ctx, second_reader=None)) is contradicts


_FILED_2231 = (
    "request_refund",
    {"order_id": "2231"},
    "order 2231: refund request pending, a colleague will review it",
)


@pytest.mark.parametrize(
    ("draft", "tools", "claimed"),
    [
        ("Se ha solicitado por el importe completo del pedido 2231.", [_FILED_2231], False),
        ("Se ha solicitado por el importe completo del pedido 2231.", [], True),
    ],
)
def test_a_passive_request_reports_the_call_that_made_it(draft, tools, claimed):
    """Given a refund request filed by this turn's call, when the draft says in the
    passive that it was requested for the full amount, then it reports the call; with no
    call, it claims an act no tool did."""
    failed = check(turn(draft, locale="es-ES", tools=tools), second_reader=None)
    assert bool({"action_claim", "refund_promise"} & set(failed)) is claimed


_SHEETS = search(
    {"sku": "LIN-D", "name": "Linnea Bamboo Sheet Set, Double", "price": "72.00", "in_stock": True},
    query="linnea bamboo sheets",
)


@pytest.mark.parametrize(
    ("draft", "contradicts"),
    [
        ("Yes, we have the Linnea bamboo sheet set in king size as well as double!", True),
        ("We have the Linnea bamboo sheet set in double.", False),
    ],
)
def test_a_bed_size_no_returned_product_has(draft, contradicts):
    """Given only the double set returned, when the draft says the shop has it in king
    size, then that size is a variant no returned product is."""
    ctx = turn(draft, locale="en", tools=[_SHEETS])
    assert ("stock_contradiction" in check(ctx, second_reader=None)) is contradicts


_DRILL = search(
    {"sku": "GSB", "name": "Taladro percutor Bosch GSB 13 RE 650 W", "in_stock": True},
    query="taladro black decker",
)


@pytest.mark.parametrize(
    ("draft", "contradicts"),
    [
        ("Sí, de Black+Decker tenemos el taladro percutor de 650 W.", True),
        ("De Bosch tenemos el taladro percutor de 650 W.", False),
    ],
)
def test_a_maker_fronted_before_we_have_is_the_objects_own(draft, contradicts):
    """Given a Bosch drill returned for a Black+Decker search, when the draft fronts
    "de Black+Decker" before "tenemos el taladro", then the maker is the object's: a
    product the search did not return."""
    ctx = turn(draft, locale="es-AR", tools=[_DRILL])
    assert ("stock_contradiction" in check(ctx, second_reader=None)) is contradicts


_CASE = search(
    {"sku": "MAL", "name": "Maletín 500 fichas Dice", "price": "59999", "in_stock": False},
    query="maletin 500 fichas",
)


@pytest.mark.parametrize(
    ("draft", "offered"),
    [
        ("¡Sí! Pasá mañana y te llevás el Maletín 500 fichas Dice.", True),
        ("El Maletín 500 fichas Dice está agotado; cuando vuelva, te lo llevás.", False),
    ],
)
def test_taken_home_by_the_customer_is_offered(draft, offered):
    """Given the only product out of stock, when the draft tells the customer to come
    and take it home ("te llevás"), then it is offered now; once it is back, it is not."""
    ctx = turn(draft, locale="es-AR", tools=[_CASE])
    assert ("out_of_stock_offered" in check(ctx, second_reader=None)) is offered


_CELLO = search(
    {"sku": "STN", "name": "Stentor Conservatoire Cello 4/4", "price": "1890.00", "in_stock": True},
    query="eastman cello",
)


@pytest.mark.parametrize(
    ("draft", "locale", "contradicts"),
    [
        ("Yes, the Eastman VC80 is one of our bestsellers!", "en", True),
        ("The Stentor Conservatoire Cello 4/4 is one of our bestsellers.", "en", False),
        ("Sí, el Eastman VC80 es uno de nuestros más vendidos.", "es-ES", True),
    ],
)
def test_a_product_said_to_be_among_our_bestsellers_is_claimed(draft, locale, contradicts):
    """Given only a Stentor cello returned, when the draft says an Eastman is one of the
    shop's bestsellers, then it says the shop sells a product the search did not
    return."""
    ctx = turn(draft, locale=locale, tools=[_CELLO])
    assert ("stock_contradiction" in check(ctx, second_reader=None)) is contradicts
