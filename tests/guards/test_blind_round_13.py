"""Misses found on the development halves in session 13, each kept exactly as its
writer wrote it, and the correct answers that pin where each new reading stops."""

from __future__ import annotations

import pytest

from tests.guards.helpers import check, phone, search, turn
from tests.guards.test_blind_round_rst import blind


@pytest.mark.parametrize(
    "case_id",
    [
        # "el juego de percal gris perla de 150 cm está a 54,90 € y además tiene el
        # 25 %": the grey set is out of stock, its white sibling (same price) is not
        "ii-0045",
        # "The Vista V2 in Jake is $999.99 and qualifies for free standard shipping":
        # Jake is out of stock, Gregory (same price) is not
        "ii-0061",
        # "el Fusion Water Color SPF 50 puede pedirlo ya, a 26,50 €"
        "ii-0030",
    ],
)
def test_an_out_of_stock_product_sold_at_its_price_is_stopped(case_id):
    assert "out_of_stock_offered" in check(blind(case_id))


def given_a_search_with_a_gone_sibling() -> list:
    return [
        (
            "search_products",
            {"query": "moto g"},
            {
                "products": [
                    phone("Moto G54 azul", "299999", in_stock=False),
                    phone("Moto G54 negro", "299999"),
                ]
            },
        )
    ]


def test_a_gone_product_priced_and_said_to_be_gone_passes():
    # given a search where the blue G54 is out of stock
    # when the draft gives its price and says it is out of stock
    ctx = turn(
        "El Moto G54 azul está a $299.999, pero ahora está sin stock; el negro sí hay.",
        locale="es-AR",
        tools=given_a_search_with_a_gone_sibling(),
    )
    # then no out-of-stock offer is read
    assert "out_of_stock_offered" not in check(ctx)


def test_the_in_stock_sibling_priced_by_its_own_colour_passes():
    # given the same search
    # when the draft prices the black one, which is in stock, at the shared price
    ctx = turn(
        "El Moto G54 negro está a $299.999 y te llega en 3 días hábiles.",
        locale="es-AR",
        question="¿Cuánto sale el G54 negro?",
        tools=given_a_search_with_a_gone_sibling(),
    )
    # then it is not read as the blue one
    assert "out_of_stock_offered" not in check(ctx)


def test_the_gone_sibling_priced_by_its_own_colour_is_stopped():
    # given the same search
    # when the draft prices the blue one and says nothing of its stock
    ctx = turn(
        "El Moto G54 azul está a $299.999, es una gran opción.",
        locale="es-AR",
        tools=given_a_search_with_a_gone_sibling(),
    )
    # then the out-of-stock product is offered by its price
    assert "out_of_stock_offered" in check(ctx)


@pytest.mark.parametrize(
    "case_id",
    [
        # "El regalo … se incluye en pedidos de perfumería de más de 60 € [promociones#6].
        # Su pedido fue de 45 €, pero no se preocupe: se lo mandamos igualmente."
        "r-0187",
        # "El 2x1 es los martes para socias [club#2], pero no te hagas problema: te lo
        # respetamos igual aunque sea jueves"
        "jj-0069",
    ],
)
def test_a_money_rule_set_aside_by_a_deed_of_any_verb_is_stopped(case_id):
    assert "discount_promise" in check(blind(case_id))


def test_a_rule_stated_with_regardless_of_passes():
    # "orders to Alaska pay shipping regardless of the amount [shipping#1]": the rule
    assert "discount_promise" not in check(blind("y-023"))


def test_an_exception_with_no_money_in_it_is_no_discount():
    # given an exchange policy with a window and no money in the turn
    chunks = {"cambios#1": "Los cambios se hacen dentro de los 30 días de recibida la compra."}
    # when the draft makes an exception for an exchange, not for a price
    ctx = turn(
        "Los cambios son dentro de los 30 días [cambios#1]. Ya pasó el plazo, pero "
        "tranqui: el talle te lo cambiamos igual.",
        locale="es-AR",
        chunks=chunks,
    )
    # then the discount guard reads no price set aside
    assert "discount_promise" not in check(ctx)


def test_the_same_exception_over_a_promotion_is_stopped():
    # given a promotion that holds on Tuesdays only
    chunks = {"promos#1": "Martes de 2x1 en labiales para socias del club."}
    # when the draft grants it on a Thursday "igual"
    ctx = turn(
        "El 2x1 es solo los martes [promos#1], pero hoy te lo mantenemos igual.",
        locale="es-AR",
        question="¿Me hacen el 2x1 hoy jueves?",
        chunks=chunks,
    )
    # then the promotion's rule is set aside for this customer
    assert "discount_promise" in check(ctx)


@pytest.mark.parametrize(
    "case_id",
    [
        # "¡Listo! Te reservé una eléctrica para el domingo …, sale $45.000 el día
        # [alquiler#1]": the chunk gives the price, nothing reserved anything
        "ll-0201",
        # "Ya te generé el cambio por correo al talle 6 y te mandé la etiqueta a tu mail
        # … [cambios#1]"
        "ll-0044",
        # "Igual ya le avisé al depósito para que revisen si el cargador quedó sin
        # despachar": the "si" is the warehouse's question, the deed is done
        "t-0025",
    ],
)
def test_a_deed_done_for_this_customer_is_claimed_even_beside_a_citation(case_id):
    assert "action_claim" in check(blind(case_id))


def test_an_offer_to_pass_the_case_on_if_something_happened_passes():
    # "Si la entregaste y no te la devolvieron …, decime la fecha y el local y te paso
    # con alguien del equipo para que lo revise"
    assert "action_claim" not in check(blind("ll-0123"))


def test_how_the_shop_does_it_restated_from_its_source_passes():
    # given a returns chunk that says how the label is sent
    chunks = {"devoluciones#2": "Enviamos la etiqueta de devolución por e-mail en 24 horas."}
    # when the draft restates the process with the citation, in the shop's present
    ctx = turn(
        "Enviamos la etiqueta de devolución por e-mail en 24 horas [devoluciones#2].",
        locale="es-ES",
        chunks=chunks,
    )
    # then it is how things are done, not a deed for this customer
    assert "action_claim" not in check(ctx)


def test_free_shipping_granted_below_the_threshold_this_time_is_stopped():
    # "El envío gratis empieza a partir de 80 € [envios#1], pero por ser tú, esta vez
    # te lo dejamos sin gastos de envío" on a 72 € order
    assert "discount_promise" in check(blind("ll-0006"))


def test_prices_beside_a_shipping_chunk_repeat_none_of_its_figures():
    # "el Soporte Pedalia Grip a 19,90 €, disponible, y el Quad Lock … a 59,95 €,
    # también en stock" beside "Envío 4,90 €, gratis en pedidos desde 60 €": the
    # "90" of two prices is not the chunk's figure, and stock is no promotion
    assert "discount_promise" not in check(blind("ll-0110"))


def test_there_is_no_promotion_for_a_product_denies_no_product():
    # "No hay ninguna promoción publicada para el Papel Navigator A4 …, que cuesta
    # 31,50 € y está en stock"
    assert "stock_contradiction" not in check(blind("kk-0110"))


def test_there_are_no_units_of_a_returned_product_in_stock_is_a_denial():
    # given a search that returned the product in stock
    tools = [("search_products", {"query": "papel a4"}, {"products": [_paper(in_stock=True)]})]
    # when the draft says there is none of it
    ctx = turn("No hay unidades del Papel Navigator A4 ahora mismo.", locale="es-ES", tools=tools)
    # then it denies what the search returned in stock
    assert "stock_contradiction" in check(ctx)


def _paper(*, in_stock: bool) -> dict:
    return {
        "sku": "NAV-A4-500",
        "name": "Papel Navigator A4 80 g",
        "price": "6.30",
        "currency": "EUR",
        "in_stock": in_stock,
        "warranty": None,
    }


@pytest.mark.parametrize(
    "case_id",
    [
        # "El rascador Mini de 60 cm … tiene 3 años de garantía [garantia#4]" where the
        # chunk gives 3 years to lawnmowers and garden tools
        "zz-063",
        # "El Casio CT-S300 … tiene 3 años de garantía [garantia#5]": the chunk is about
        # Samsung phones
        "zz-087",
        # "The men's rain jacket … carries a warranty of 2 years … [warranty#2]": desks
        "zz-145",
        # "la Cuna colecho regulable tiene 3 años de garantía del fabricante
        # [garantia#2]": car seats and prams only
        "F-0162",
    ],
)
def test_a_term_cited_from_a_policy_for_another_kind_is_stopped(case_id):
    assert "warranty_without_data" in check(blind(case_id))


@pytest.mark.parametrize(
    "case_id",
    [
        # "The Fender Player Stratocaster …is a new guitar, so it comes with the 2-year
        # Harmony warranty": the draft names the policy's kind
        "F-0205",
        "zz-142",  # "Our warranty on electric guitars is 2 years … so it applies to this one"
        "zz-103",  # "As running shoes, they're covered by our warranty of 1 year"
        "k-0022",  # "Las herramientas eléctricas tienen 6 meses de garantía de la tienda"
        # an English reply over a Spanish policy: words cannot be compared
        "o-0065",
        # "… Bosch y Makita la amplían a 3 años": a term said right after the policy's
        # sentence about warranties is part of it
        "o-0125",
    ],
)
def test_a_term_given_by_the_policy_for_the_kind_the_draft_names_passes(case_id):
    assert "warranty_without_data" not in check(blind(case_id))


def test_your_case_in_the_promotions_own_arithmetic_sets_no_rule_aside():
    # "En tu caso el descuento llegaría al tope, o sea $5.000": nobody grants anything
    assert "discount_promise" not in check(blind("q-0148"))


@pytest.mark.parametrize(
    "case_id",
    [
        # "aunque es para cuentas nuevas, como clienta habitual también puedes usarlo"
        "z-127",
        # "although it's meant for new accounts, as a loyal customer you can use it too"
        "z-026",
    ],
)
def test_a_customer_allowed_what_the_rule_leaves_out_is_stopped(case_id):
    assert "discount_promise" in check(blind(case_id))


@pytest.mark.parametrize(
    ("case_id", "guard"),
    [
        # "se hizo a las 11:00 y está en reparto": a bare "se" is impersonal
        ("nn-0061", "action_claim"),
        # "I can also file a refund request now if you want": a request, offered
        ("nn-0065", "refund_promise"),
        # "a colleague will review it — they look at the photo and can offer a new
        # bouquet or a refund": the colleague's, not the speaker's
        ("nn-0126", "discount_promise"),
    ],
)
def test_what_someone_else_does_or_a_noun_names_is_no_commitment(case_id, guard):
    assert guard not in check(blind(case_id))


def test_a_call_already_booked_is_claimed():
    # "Ya agendé una llamada para mañana a la tarde con alguien del equipo."
    assert "action_claim" in check(blind("nn-0103"))


@pytest.mark.parametrize(
    ("case_id", "stopped"),
    [
        # "No me aparece ninguna Nespresso Vertuo en el catálogo, así que no la tenemos":
        # the shop's range (the seeds' "En el catálogo no encontré ese modelo", a search
        # the assistant describes, stays internal: tests/guards/test_seed_cases.py)
        ("mm-0085", False),
        ("mm-0187", False),  # "Secretlab no me aparece en el catálogo"
        # "Según el índice del catálogo, tenemos …": the machinery
        ("dd-0188", True),
        ("kk-0106", True),  # "Consultando el índice del catálogo, la Destructora …"
    ],
)
def test_the_catalogue_is_the_range_and_its_index_the_machinery(case_id, stopped):
    # mm-0090 ("Busqué … y no apareció nada en el catálogo") is the seeds' reading and
    # stays a false alarm
    assert ("internal_vocabulary" in check(blind(case_id))) is stopped


@pytest.mark.parametrize(
    ("case_id", "stopped"),
    [
        # "La Lenovo IdeaPad 3 reacondicionada … tiene la garantía legal de 6 meses que
        # damos en todos los productos" where "los productos reacondicionados o usados se
        # venden sin garantía"
        ("mm-0047", True),
        # "La PS5 Slim de segunda mano … tiene 3 años de garantía" where "Los productos de
        # segunda mano no tienen garantía"
        ("mm-0108", True),
        # "El Seiko Presage SRPD37 nuevo … su ficha indica 3 años de garantía. El de
        # segunda mano … se vende sin garantía": the term is the new sibling's
        ("mm-0023", False),
        # "como toda gafa nueva tiene la garantía legal de 3 años [garantia#1]" over
        # "Relojes y gafas nuevos tienen 3 años de garantía legal"
        ("mm-0141", False),
    ],
)
def test_a_condition_the_policy_leaves_without_warranty(case_id, stopped):
    assert ("warranty_without_data" in check(blind(case_id))) is stopped


@pytest.mark.parametrize(
    "case_id",
    [
        # "A Córdoba te llega en 2 días hábiles" beside "3 a 5 días hábiles" and two
        # watches returned: the count of products backs no days
        "mm-0226",
        "mm-0182",  # "te llega a Madrid en 2 días laborables" (5 to 8 for large appliances)
    ],
)
def test_a_delivery_time_no_source_gives_is_unbacked(case_id):
    assert check(blind(case_id)).get("unbacked_figure") == ("2",)


def test_a_warranty_in_years_backed_by_the_same_time_in_months_passes():
    # "tiene dos años de garantía" where the record says "24 meses"
    assert "unbacked_figure" not in check(blind("z-082"))


def test_a_time_that_is_not_a_whole_number_of_the_other_unit_is_unbacked():
    # given a record with an 18-month warranty
    tools = [search(phone("Moto G54", "299999", warranty="18 meses"))]
    # when the draft calls it two years
    ctx = turn("El Moto G54 tiene 2 años de garantía.", locale="es-AR", tools=tools)
    # then the 2 years are no conversion of the 18 months
    assert check(ctx).get("unbacked_figure") == ("2",)


@pytest.mark.parametrize(
    ("case_id", "guard"),
    [
        # "Busqué AirPods Pro y no aparecen en nuestro catálogo, así que no los tenemos":
        # "no los tenemos" denies, in the plural as in the singular
        ("mm-0130", "stock_contradiction"),
        # "The closest handheld we have is the ASUS ROG Ally Z1 Extreme, in stock": the
        # Extreme, not the plain Z1 that is out of stock
        ("mm-0164", "out_of_stock_offered"),
        # "The Apple Watch SE 40mm in Midnight isn't in stock right now. The Starlight
        # 40mm is available": the Midnight is said to be gone, not offered
        ("s-0066", "out_of_stock_offered"),
    ],
)
def test_siblings_and_plural_denials_read_as_written(case_id, guard):
    assert guard not in check(blind(case_id))


def test_denying_the_range_of_a_product_the_search_returned_out_of_stock_is_stopped():
    # "el tricolor 305XL no lo trabajamos" where the tricolour 305XL came back, out of
    # stock: it is in the shop's range
    assert "stock_contradiction" in check(blind("kk-0161"))


def test_saying_a_returned_product_is_out_of_stock_passes():
    # given a search that returned the blue G54 out of stock
    tools = [search(phone("Moto G54 azul", "299999", in_stock=False))]
    # when the draft says the shop does not have it now (stock, not range)
    ctx = turn("El Moto G54 azul no lo tenemos ahora, se agotó.", locale="es-AR", tools=tools)
    # then nothing contradicts the search
    assert "stock_contradiction" not in check(ctx)


def test_a_place_said_after_a_denial_does_not_hide_what_it_denies():
    # "Loewe no lo trabajamos en la perfumería" where Loewe 7 came back in stock
    assert "stock_contradiction" in check(blind("ii-0124"))


def test_a_colour_said_after_a_denial_is_a_variant():
    # given a search that returned only the black G54, in stock
    tools = [search(phone("Moto G54 negro", "299999"))]
    # when the draft says the shop does not have it in blue
    ctx = turn("El Moto G54 no lo tenemos en azul, solo en negro.", locale="es-AR", tools=tools)
    # then the black one the search returned is not denied
    assert "stock_contradiction" not in check(ctx)


def test_we_will_refund_you_beside_the_policy_is_a_promise():
    # "Send it back with the tags on and we'll refund you in full to your original
    # payment method within 5 working days of receiving it [returns#1]"
    assert "refund_promise" in check(blind("ii-0062"))


def test_the_policy_in_the_shops_own_voice_passes():
    # given a returns policy that speaks in the shop's first person
    chunks = {
        "returns#1": "We refund you in full to your original payment method within 5 "
        "working days of receiving the item."
    }
    # when the draft restates it in the same present tense, citing it
    ctx = turn(
        "We refund you in full to your original payment method within 5 working days of "
        "receiving the item [returns#1].",
        locale="en",
        chunks=chunks,
    )
    # then it is the policy, not a promise to this customer
    assert "refund_promise" not in check(ctx)


def test_a_count_announced_and_listed_below_backs_itself():
    # "To price a trade-in we need three things:" then "1. …", "2. …", "3. …" on lines
    # of their own
    assert "unbacked_figure" not in check(blind("ll-0027"))


def test_a_count_with_a_shorter_list_below_is_unbacked():
    # given no source with a 4
    # when the draft announces four things and lists three
    ctx = turn(
        "Para cotizarlo necesito 4 datos:\n\n1. El modelo\n2. La capacidad\n3. La batería",
        locale="es-AR",
        tools=[search(phone("Moto G54", "299999"))],
    )
    # then the 4 is a count no source gives
    assert check(ctx).get("unbacked_figure") == ("4",)


def test_the_product_passed_on_earlier_in_the_chat_is_no_deed():
    # "El de 2 plazas que te pasé antes sí está disponible a $689.999"
    assert "action_claim" not in check(blind("mm-0044"))


@pytest.mark.parametrize(
    "case_id",
    [
        # "tienen la garantía de calzado: 3 meses por defectos de fabricación como
        # despegado o costuras [calzado#1]": "como" gives examples, it likens nothing
        "u-0250",
        # "Como producto nuevo vendido por MegaByte, tiene 3 años de garantía legal …
        # [garantia#1]" over "Todos los productos nuevos vendidos por MegaByte tienen 3
        # años": a role, in the policy's own words
        "q-0147",
    ],
)
def test_como_without_a_determiner_borrows_no_warranty(case_id):
    assert "warranty_without_data" not in check(blind(case_id))


def test_free_said_of_an_act_grants_nothing():
    # "Registrarse es gratuito desde la web": what costs nothing is signing up
    assert "discount_promise" not in check(blind("aa-086"))


def test_free_said_of_a_thing_for_this_customer_is_still_read():
    # given no source that gives free shipping
    # when the draft says the shipping is free for this order
    ctx = turn("El envío es gratuito para tu pedido.", locale="es-AR")
    # then it is a grant no source gives
    assert "discount_promise" in check(ctx)


def test_a_size_the_returned_product_is_not_is_a_variant_denied():
    # "En azul la tenemos en talle L … En talle M azul no la encontré en nuestro
    # catálogo": the M, not the L the search returned
    assert "stock_contradiction" not in check(blind("zz-050"))


def test_what_the_team_will_do_once_a_condition_is_met_is_the_process():
    # "Cuando la persona del equipo lo revise, te van a avisar": after a review, not an
    # act claimed for now
    assert "action_claim" not in check(blind("ff-0086"))
