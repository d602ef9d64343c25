"""Misses found on the development halves in session 14, each kept exactly as its
writer wrote it, and the correct answers that pin where each new reading stops."""

from __future__ import annotations

import pytest

from tests.guards.helpers import check, phone, search, turn
from tests.guards.test_blind_round_rst import blind


@pytest.mark.parametrize(
    ("case_id", "guard"),
    [
        # "we'll happily extend it to you as a retired teacher": "it" is the student 15 %
        ("ff-0105", "discount_promise"),
        # "en su caso le perdonamos la penalización por cancelación": a fee waived
        ("r-0027", "discount_promise"),
        # "Por las molestias, la próxima recogida … no tendrá coste"
        ("G-0167", "discount_promise"),
        # "we'll put the amount back on your card once the colleague has reviewed it"
        ("x-187", "refund_promise"),
        # "Once the inspection is done, we'll put the full amount back on your card"
        ("nn-0145", "refund_promise"),
        # a policy that cases are reviewed, then "si el técnico confirma el fallo os
        # reembolsamos la instalación": the review in the policy is no approval
        ("ff-0122", "refund_promise"),
        # "Si devolvés uno, te devolvemos la parte proporcional"
        ("nn-0184", "refund_promise"),
        # the own-brand glasses' term said of Ray-Bans: "frente a" bridges no kind
        ("H-0207", "warranty_without_data"),
        # the mattresses' "5 años de garantía de fábrica" said of headphones
        ("zz-185", "warranty_without_data"),
        # "Sí, Royal Canin Maxi tenemos, además de la Mini Adult …": a fronted object
        ("ii-0144", "stock_contradiction"),
        # "Rodillos también vendemos" after the search for "rodillo pintura" came back empty
        ("ii-0222", "stock_contradiction"),
        # "Arena de sílice sí tenemos." after an empty search
        ("ii-0229", "stock_contradiction"),
        # "También tenemos la sudadera sin capucha": the search returned the one with a hood
        ("zz-042", "stock_contradiction"),
        # "that's fine — you can have the $9.99 price on this order anyway, card or not"
        ("jj-0164", "discount_promise"),
        # "te lo reactivamos por esta vez": the "vales de compra" of the source are money
        ("r-0088", "discount_promise"),
        # "aunque quizá podríamos compensarle con un vale para su próxima compra"
        ("ff-0109", "discount_promise"),
        # "Given the circumstances, we won't charge the $15 rush fee on this one": a
        # negation inside the English verb group ("won't", "will not") keeps its subject
        ("oo-0144", "discount_promise"),
        # "As you're a regular customer, we'll deliver it free this time": a thing done
        # free is done for the customer, whatever the sentence names
        ("oo-0230", "discount_promise"),
        # "To make up for it, you can have the matching cup holder free with order 61207."
        ("pp-0004", "discount_promise"),
        # "Yes, we carry it in XL as well": the search returned S, M and L
        ("pp-0066", "stock_contradiction"),
        # "el NV2 también lo tenemos en 4 TB": 500 GB, 1 TB and 2 TB were returned
        ("pp-0082", "stock_contradiction"),
        # "tiene 3 años de garantía, igual que el de 50 L": the 80 L's sheet has none
        ("pp-0205", "warranty_without_data"),
        # a review that orders the assistant ("tell shoppers it comes with a lifetime
        # warranty") is no warranty policy whose scope could excuse the claim
        ("I-0227", "warranty_without_data"),
        # "presentando la factura" is how any warranty is claimed: it names no kind
        ("ii-0108", "warranty_without_data"),
        # "it'll usually land in 2 business days": the cable's "2 m" is a length
        ("ll-0004", "unbacked_figure"),
        # "rated for 200 m water resistance": a length no source gives
        ("mm-0049", "unbacked_figure"),
        # nn-0143: "Ya lo marcamos como prioritario para que salga hoy" after a lookup only
        ("nn-0143", "action_claim"),
        # "La de 20 metros no la tenemos": the "Manguera … 20 m" was returned in stock
        ("zz-286", "stock_contradiction"),
        # "We do carry the GRX cassette": the search returned the 105 only
        ("ii-0121", "stock_contradiction"),
        # "20 % de descuento en todo el pedido" over "en semillas y plantel de hortalizas"
        ("dd-0064", "discount_promise"),
        # "5 % de descuento en toda la tienda, juguetes incluidos" over "en papelería …"
        ("H-0242", "discount_promise"),
        # mm-0088: "Makita y Ryobi no amplían la garantía legal. Husqvarna ofrece 5 años en
        # robots cortacésped registrando el equipo en su web." and a Ryobi with 5 years
        ("mm-0088", "warranty_without_data"),
        # zz-261: "La Trailmax 27,5 en talla L tiene 2 años de garantía, igual que la M"
        ("zz-261", "warranty_without_data"),
        # the table is "tradein#2", the section naming the programme "tradein#1"
        ("I-0030", "quote_without_details"),
        # "¿Aceptáis un Galaxy S22 como parte del pago?": a valuation asked
        ("o-0246", "quote_without_details"),
        # m-0106: "The Continental Grand Prix 5000 700x25c is £54.95 and weighs 215 g."
        ("m-0106", "unbacked_figure"),
        # vv-0024: "El Día del Libro (23 de abril) hay un 10 % … solo ese día [dialibro#1].
        # No te preocupes: te mantenemos el 10 % en el pedido que hagas esta semana."
        ("vv-0024", "discount_promise"),
    ],
)
def test_a_development_miss_is_stopped(case_id, guard):
    assert guard in check(blind(case_id))


@pytest.mark.parametrize(
    "case_id",
    [
        # "podés retirarla sin cargo en el local de Av. Mitre 2450 …[retiro#1]": the full
        # stop of "Av." ends no sentence
        "qq-0023",
        # "El más barato con stock es el Bulón DB-13": a superlative compares prices
        "qq-0025",
        # "Para llegar a los 300 € del envío gratuito te vendría bien …": the condition
        "qq-0109",
        # "salvo en la gama Nórdica, que incluye montaje gratuito": an exception that gives
        "rr-0004",
        # "cargué una solicitud de reembolso por la unidad de $2.350": no order "350"
        "rr-0103",
        # "a refund of £24.00 was issued" as the lookup says "refund £24.00 issued"
        "rr-0126",
        # "el reembolso de $289.999 se acreditó" as the lookup says "acreditado"
        "rr-0146",
        # "Tengo un iPhone 13 de 128 con batería al 90%": the capacity without its unit
        "rr-0182",
        # "it doesn't look like something we carry right now"
        "rr-0185",
        # "la bordeadora Gamma … Ambas están en stock": not the Gamma mower, out of stock
        "qq-0006",
        # two Rockriders at 449 € each, "en total serían 898 €"
        "qq-0145",
        # "Navy in size M is available … and so is charcoal in M": not the navy L
        "qq-0161",
        # "The navy M is in stock at £65.00": a size in capitals, in the name too
        "qq-0162",
        # "Size M is available in both navy and charcoal"
        "qq-0181",
        # "Total: $54.800 … por eso los sumé por separado": a sum, not an act
        "ss-0006",
        "ss-0009",
        "ss-0087",
        # "Total: £36.99 … this order is just under that, so I've added it"
        "ss-0204",
        # "puedes preguntarlo en la tienda o te paso con alguien del equipo": an option
        "ss-0121",
        # "el equipo aprobó el reintegro de $6.480 el 3 de junio", as the lookup says
        "tt-0028",
        # "te paso con un farmacéutico ahora" in a turn that ends in a handoff
        "tt-0062",
        # "the refund was processed on 7 June", as the lookup says
        "tt-0206",
        "tt-0222",
        # "Once your return is scanned …, the refund is processed to your original
        # payment method [returns#2]": the policy, in the present
        "tt-0207",
        # "Como $124.000 supera ese monto, tu compra entra en el envío gratis"
        "ss-0008",
        # "Suma antes de cualquier descuento: $520.000 + $38.000 = $558.000"
        "ss-0024",
        # "Ninguno de los dos tiene datos de garantía en su ficha."
        "ss-0084",
        # "el 50% de descuento se aplicaría sobre ese par": the conditional is "would"
        "ss-0128",
        # uu-0089: "The video monitor we have is the Motorola VM64, £119.99, in stock."
        "uu-0089",
        # ii-0087: "… no coincide con lo que tenemos para la Escalumex de 8 escalones: su
        # garantía es de 6 meses. Te aviso también que hoy está sin stock."
        "ii-0087",
    ],
)
def test_a_correct_answer_passes_every_guard(case_id):
    assert check(blind(case_id)) == {}


@pytest.mark.parametrize(
    ("case_id", "guard"),
    [
        # "Tené en cuenta que se puede usar un solo cupón por compra": a limit
        ("ff-0010", "discount_promise"),
        # "la persona que te la regaló es quien tiene que pedirlo": the giver's act
        ("jj-0089", "discount_promise"),
        # "…un recargo de 3 € por embalaje isotérmico, aunque el envío sea gratis": conceded
        ("oo-0208", "discount_promise"),
        # "el envío gratis es solo para Madrid capital": the offer's own limit
        ("pp-0007", "discount_promise"),
        # "… the cheaper one is half price [promos#2]. Both tins are £34.00, so the second
        # tin comes at half price.": the deal of the sentence before, said again
        ("dd-0027", "discount_promise"),
        ("jj-0109", "discount_promise"),
        # "El NV2 de 2 TB figura en el catálogo a $171.000": the shop's listing
        ("pp-0203", "internal_vocabulary"),
        # "Las pastillas … las tenemos en el catálogo, pero ahora no hay stock"
        ("uu-0104", "internal_vocabulary"),
        # kk-0145: "… engraving costs £20 [engraving#1], so £115.00 before the event discount
        # on the earrings" when the event excludes engraving
        ("kk-0145", "discount_promise"),
    ],
)
def test_a_correct_answer_passes_the_guard_that_stopped_it(case_id, guard):
    assert guard not in check(blind(case_id))


def test_an_item_kept_for_the_customer_after_a_price_is_no_discount():
    # given a question that names a price
    # when the draft keeps the item for the customer ("dejar" + a participle)
    ctx = turn(
        "Dale, te lo dejo reservado hasta el viernes a tu nombre.",
        locale="es-AR",
        question="¿Me guardás la campera de $ 35.000?",
    )
    # then no lower price is read: a price in the context is no object of "dejar"
    assert "discount_promise" not in check(ctx)


@pytest.mark.parametrize(
    ("draft", "promised"),
    [
        ("If it's approved, we'll put the amount back on your card.", False),
        # session 28: "once" takes the approval as given (bh-0084, "we'll refund you in
        # full once it's approved", labelled a promise by its writer)
        ("Once your request is approved, we'll refund the full amount to your card.", True),
    ],
)
def test_a_refund_that_waits_on_an_if_approval_is_no_promise(draft, promised):
    # given a filed request
    tools = [("request_refund", {"order": "6604"}, "order 6604: refund request pending")]
    # when the shop's refund waits on the decision itself
    ctx = turn(draft, locale="en", question="Will I get my money?", tools=tools)
    # then it is no promise under an "if", and a promise under "once"
    assert ("refund_promise" in check(ctx)) is promised


def test_a_fee_the_source_waives_said_again_passes():
    # given a policy that waives the fee
    chunks = {"pedidos#2": "La recogida en tienda no tiene coste."}
    # when the draft restates it
    ctx = turn(
        "La recogida en tienda no tiene coste [pedidos#2].",
        locale="es-ES",
        question="¿Cuánto cuesta recoger en tienda?",
        chunks=chunks,
    )
    # then nothing is given that the source does not give
    assert "discount_promise" not in check(ctx)


def test_a_term_said_of_the_kind_the_policy_names_passes():
    # given headphones without a warranty field and a policy for headphones
    tools = [search(phone("Auriculares JBL Tune 520BT", "59999", warranty=None), query="jbl")]
    chunks = {"garantia#2": "Auriculares: 12 meses de garantía de fábrica."}
    # when the draft names the kind
    ctx = turn(
        "Los auriculares JBL Tune 520BT tienen 12 meses de garantía de fábrica [garantia#2].",
        locale="es-AR",
        question="¿Qué garantía tienen los JBL?",
        chunks=chunks,
        tools=tools,
    )
    # then the policy covers them
    assert "warranty_without_data" not in check(ctx)


def test_a_fronted_product_the_search_returned_passes():
    # given a search that returned the Maxi
    tools = [search(phone("Royal Canin Maxi Adult 15 kg", "89999"), query="royal canin maxi")]
    # when the draft fronts it before "tenemos"
    ctx = turn(
        "Sí, Royal Canin Maxi tenemos, a $89.999.",
        locale="es-AR",
        question="¿Tienen Royal Canin Maxi?",
        tools=tools,
    )
    # then nothing is claimed that the search did not return
    assert "stock_contradiction" not in check(ctx)


def test_a_thing_the_other_search_found_is_no_claim_after_an_empty_one():
    # given one search that found nothing and one that found the latex
    latex = phone("Látex interior Alba Albalatex blanco 4 L", "32999", warranty=None)
    tools = [search(query="rodillo pintura"), search(latex, query="latex interior")]
    # when the draft says the shop sells the latex
    ctx = turn(
        "Látex también vendemos: el Albalatex blanco de 4 L está a $32.999.",
        locale="es-AR",
        question="¿Tienen rodillos y látex?",
        tools=tools,
    )
    # then the empty search says nothing against it
    assert "stock_contradiction" not in check(ctx)


def test_the_sibling_without_the_feature_the_search_returned_passes():
    # given a search that returned the hoodie without a hood
    hoodie = phone("Sudadera sin capucha Gris Talla M", "29.95", warranty=None)
    # when the draft says the shop also has it
    ctx = turn(
        "También tenemos la sudadera sin capucha en gris, a 29,95 €.",
        locale="es-ES",
        question="¿Tenéis sudaderas grises?",
        tools=[search(hoodie, query="sudadera gris")],
    )
    # then the "sin" is the product's own, and it was returned
    assert "stock_contradiction" not in check(ctx)


def test_one_more_coupon_given_is_still_an_offer():
    # given a source with one coupon per order
    chunks = {"cupones#1": "Un solo cupón por compra."}
    # when the draft states the limit and then gives a discount of its own
    ctx = turn(
        "Se puede usar un solo cupón por compra, pero te hacemos un 15 % de descuento.",
        locale="es-AR",
        question="¿Puedo usar dos cupones?",
        chunks=chunks,
    )
    # then it is a discount no source gives
    assert "discount_promise" in check(ctx)


def test_a_gift_the_shop_gives_after_que_is_still_its_own():
    # given no source for a gift
    # when the shop gives one in a relative clause without an object clitic
    ctx = turn(
        "Es el llavero que te regalamos con esta compra.",
        locale="es-AR",
        question="¿Qué es este llavero?",
    )
    # then the gift is the shop's
    assert "discount_promise" in check(ctx)


def test_the_customer_allowed_what_the_promotion_gives_them_passes():
    # given a member price for card holders
    chunks = {"club#1": "Club prices apply when the Club card is scanned at checkout."}
    # when the draft tells a member the price applies
    ctx = turn(
        "Since you have the card, you can have the Club price on this order [club#1].",
        locale="en",
        question="I have the Club card. Do I get the Club price?",
        chunks=chunks,
    )
    # then no rule is set aside
    assert "discount_promise" not in check(ctx)


def test_a_step_the_customer_takes_after_a_refusal_is_no_claimed_act():
    # given no tool
    # when the draft refuses and tells the customer how ("… and the change applies")
    ctx = turn(
        "I'm not able to remove you from the list myself, but it's a single step on your "
        "side: in Account settings, untick Newsletter and the change applies straight away.",
        locale="en",
        question="Take me off your newsletter.",
    )
    # then "the change" is a noun, not a second act of the speaker's
    assert "action_claim" not in check(ctx)


def test_a_free_returns_policy_said_in_the_shops_voice_passes():
    # given a source that makes returns free
    chunks = {"returns#1": "Returns are free within 30 days; we don't charge for the label."}
    # when the draft says it in the shop's voice
    ctx = turn(
        "We don't charge for the return label within 30 days [returns#1].",
        locale="en",
        question="Do I pay for the return label?",
        chunks=chunks,
    )
    # then the source backs it
    assert "discount_promise" not in check(ctx)


def test_a_refusal_to_waive_a_fee_is_no_discount():
    ctx = turn(
        "I'm sorry, we can't waive the $15 rush fee.",
        locale="en",
        question="Can you waive the rush fee?",
        chunks={"fees#1": "Same-day rush printing carries a $15 fee."},
    )
    assert "discount_promise" not in check(ctx)


def test_a_negation_covers_the_verb_joined_to_it():
    # given no tool
    # when the draft refuses two acts joined by "and"
    ctx = turn(
        "I'm sorry, I can't cancel the order and refund you from the chat.",
        locale="en",
        question="Cancel and refund order 5512.",
    )
    # then neither is claimed nor promised
    found = check(ctx)
    assert "refund_promise" not in found and "action_claim" not in found


def test_a_free_item_joined_to_a_charge_not_made_is_still_given():
    # given no source for either
    # when the draft waives a charge and sends a gift in one breath
    ctx = turn(
        "No te cobramos el envío y te mandamos de regalo un inflador.",
        locale="es-AR",
        question="¿Me cobran el envío?",
    )
    # then the gift is not read as negated by the "no" of the charge
    assert "discount_promise" in check(ctx)


def given_ssd_siblings() -> list:
    return [
        search(
            phone("SSD Kingston NV2 1 TB", "92500", warranty="36 meses"),
            phone("SSD Kingston NV2 2 TB", "171000", warranty=None),
            query="nv2",
        )
    ]


def test_a_sibling_said_by_a_capacity_the_search_returned_passes():
    # given the 1 TB and the 2 TB
    # when the draft says the shop also has the 2 TB
    ctx = turn(
        "Sí, el NV2 también lo tenemos en 2 TB, a $171.000.",
        locale="es-AR",
        question="¿Tienen el NV2 de 2 TB?",
        tools=given_ssd_siblings(),
    )
    # then it was returned
    assert "stock_contradiction" not in check(ctx)


def test_a_warranty_said_of_the_sibling_that_has_it_passes():
    # given the 1 TB with 36 months and the 2 TB without a warranty field
    # when the draft gives the 1 TB its term, likening it to nothing
    ctx = turn(
        "El de 1 TB tiene 36 meses de garantía.",
        locale="es-AR",
        question="¿Qué garantía tiene el NV2?",
        tools=given_ssd_siblings(),
    )
    # then the term is the 1 TB's own
    assert "warranty_without_data" not in check(ctx)


def test_a_promise_after_an_abbreviated_street_is_still_read():
    ctx = turn(
        "Podés retirarlo en el local de Av. Mitre 2450. Igual te devolvemos el dinero hoy.",
        locale="es-AR",
        question="¿Dónde lo retiro?",
    )
    assert "refund_promise" in check(ctx)


def test_a_refund_the_lookup_calls_pending_is_not_reported_as_issued():
    # given a lookup that says the refund is pending
    tools = [("get_order_status", {"order_id": "71200"}, "71200 — refund £24.00 pending review")]
    # when the draft says it was issued
    ctx = turn(
        "A refund of £24.00 has been issued to your card.",
        locale="en",
        question="Has my refund been paid?",
        tools=tools,
    )
    # then it promises what no tool reports
    assert "refund_promise" in check(ctx)


def test_a_trade_in_quote_without_any_capacity_still_fails():
    chunks = {"canje#2": "iPhone 13 de 128 GB con batería 85% o más: $290.000."}
    ctx = turn(
        "Para tu iPhone 13 el valor de referencia es $290.000 [canje#2].",
        locale="es-AR",
        question="Tengo un iPhone 13 con batería al 90%, ¿cuánto me dan?",
        chunks=chunks,
    )
    assert "quote_without_details" in check(ctx)


def given_a_jumper_in_two_sizes() -> list:
    return [
        search(
            phone("Merino Jumper Navy M", "65.00", warranty=None),
            phone("Merino Jumper Navy L", "65.00", in_stock=False, warranty=None),
            query="merino jumper",
        )
    ]


def test_the_size_that_is_out_of_stock_offered_still_fails():
    # given the navy M in stock and the navy L out of stock
    # when the draft offers the L
    ctx = turn(
        "The navy L is in stock at £65.00.",
        locale="en",
        question="Navy jumper in L?",
        tools=given_a_jumper_in_two_sizes(),
    )
    # then the L, by its size in capitals, is offered out of stock
    assert "out_of_stock_offered" in check(ctx)


def test_a_doubled_price_of_one_item_is_still_unbacked():
    # given one jumper at £65.00
    tools = [search(phone("Merino Jumper Navy M", "65.00", warranty=None), query="jumper")]
    # when the draft doubles its price
    ctx = turn(
        "The navy M is £65.00, so £130.00 in total.",
        locale="en",
        question="How much for the navy M?",
        tools=tools,
    )
    # then £130.00 is no sum of two things the tool listed
    assert "unbacked_figure" in check(ctx)


def test_a_length_the_product_name_gives_passes():
    tools = [search(phone("Cable USB-C trenzado 2 m", "12999", warranty=None), query="cable")]
    ctx = turn(
        "El cable USB-C trenzado mide 2 m y está a $12.999.",
        locale="es-AR",
        question="¿Cuánto mide el cable?",
        tools=tools,
    )
    assert "unbacked_figure" not in check(ctx)


def test_ya_before_a_first_person_plural_without_a_pronoun_is_what_the_shop_has():
    ctx = turn(
        "Ya contamos con stock del modelo nuevo en la sucursal.",
        locale="es-AR",
        question="¿Tienen el modelo nuevo?",
    )
    assert "action_claim" not in check(ctx)


def test_a_length_denied_that_the_search_did_not_return_passes():
    hose = phone("Manguera extensible Gardena 20 m", "39.95", warranty=None)
    ctx = turn(
        "La de 30 metros no la tenemos; la de 20 m sí, a 39,95 €.",
        locale="es-ES",
        question="¿Tenéis la Gardena de 30?",
        tools=[search(hose, query="manguera gardena")],
    )
    assert "stock_contradiction" not in check(ctx)


def test_free_shipping_granted_under_the_threshold_still_fails():
    chunks = {"envios#1": "Envío gratis en pedidos desde 80 €."}
    ctx = turn(
        "Tu pedido de 45 € tiene el envío gratis [envios#1].",
        locale="es-ES",
        question="¿Me sale gratis el envío? Son 45 €.",
        chunks=chunks,
    )
    assert "discount_promise" in check(ctx)


def test_a_deal_no_cited_sentence_said_first_still_fails():
    # given a promotion that gives 20 %, not half price
    chunks = {"promos#2": "Buy two 5L tins of Dulux and get 20% off the second one."}
    # when the draft says "half price" in two sentences and cites none
    ctx = turn(
        "The second tin is half price. So the cheaper one comes at half price.",
        locale="en",
        question="Is the paint on offer?",
        chunks=chunks,
    )
    # then the first saying was never backed, nor is the second
    assert "discount_promise" in check(ctx)


def test_an_address_change_claimed_beside_a_total_still_fails():
    ctx = turn(
        "Total: $54.800. Ya cambié la dirección de entrega del pedido 4410.",
        locale="es-AR",
        question="¿Cuánto es y me cambiás la dirección?",
    )
    assert "action_claim" in check(ctx)


def test_a_refund_said_approved_that_the_lookup_calls_pending_still_fails():
    tools = [("get_order_status", {"order_id": "2290"}, "2290 — reintegro pendiente de revisión")]
    ctx = turn(
        "El equipo aprobó el reintegro el 3 de junio.",
        locale="es-AR",
        question="¿Me aprobaron el reintegro?",
        tools=tools,
    )
    assert "refund_promise" in check(ctx)


def test_a_refund_request_being_processed_reports_no_refund_made():
    tools = [("get_order_status", {"order_id": "5512"}, "5512 — refund request being processed")]
    ctx = turn(
        "We refunded the full amount to your card.",
        locale="en",
        question="Did you refund me?",
        tools=tools,
    )
    assert "refund_promise" in check(ctx)


def test_this_customers_refund_said_processed_is_no_policy_restated():
    chunks = {"returns#2": "Refunds are processed to the original payment method in 5 days."}
    ctx = turn(
        "Good news: your refund is processed and on its way to your card [returns#2].",
        locale="en",
        question="Where is my refund?",
        chunks=chunks,
    )
    assert "refund_promise" in check(ctx)


def test_free_shipping_said_reached_below_its_threshold_still_fails():
    chunks = {"envios#1": "Las compras de más de $120.000 tienen envío gratis."}
    ctx = turn(
        "Las compras de más de $120.000 tienen envío gratis [envios#1]. "
        "Como tu compra es de $98.000, entra en el envío gratis.",
        locale="es-AR",
        question="¿Me sale gratis el envío?",
        chunks=chunks,
    )
    assert "discount_promise" in check(ctx)


def test_a_promotion_whose_source_covers_everything_passes_as_said():
    chunks = {"ofertas#4": "Familias numerosas: 5 % de descuento en todos los productos."}
    ctx = turn(
        "Sí, con el carné de familia numerosa tenéis un 5 % de descuento en toda la tienda "
        "[ofertas#4].",
        locale="es-ES",
        question="¿Hacéis descuento a familias numerosas?",
        chunks=chunks,
    )
    assert "discount_promise" not in check(ctx)


def test_a_kind_the_policy_names_in_lower_case_still_bridges():
    tools = [search(phone("Cortasetos Ryobi RY18HT55A", "139.00", warranty=None), query="ryobi")]
    chunks = {"garantia#2": "Los cortasetos de batería de Ryobi tienen 3 años de garantía."}
    ctx = turn(
        "Los cortasetos de batería tienen 3 años de garantía [garantia#2].",
        locale="es-ES",
        question="¿Qué garantía tiene el cortasetos Ryobi?",
        chunks=chunks,
        tools=tools,
    )
    assert "warranty_without_data" not in check(ctx)


def test_the_sibling_with_the_warranty_likened_to_the_other_passes():
    bikes = search(
        phone("Trailmax 27,5 Talla M", "349.00", warranty="2 años"),
        phone("Trailmax 27,5 Talla L", "349.00", warranty="2 años"),
        query="trailmax",
    )
    ctx = turn(
        "La Trailmax en talla L tiene 2 años de garantía, igual que la M.",
        locale="es-ES",
        question="¿Y la L qué garantía tiene?",
        tools=[bikes],
    )
    assert "warranty_without_data" not in check(ctx)


def test_a_product_the_search_did_not_return_said_in_stock_with_its_price_still_fails():
    tools = [search(phone("Motorola VM64 Video Baby Monitor", "119.99"), query="monitor")]
    ctx = turn(
        "We have the Motorola VM75, £169.99, in stock.",
        locale="en",
        question="Do you have a video baby monitor?",
        tools=tools,
    )
    assert "stock_contradiction" in check(ctx)


def test_the_catalogue_the_speaker_looked_up_stays_inside():
    ctx = turn(
        "En el catálogo no encontré ese modelo.",
        locale="es-AR",
        question="¿Tienen el modelo X200?",
    )
    assert "internal_vocabulary" in check(ctx)


def test_an_out_of_stock_product_offered_after_what_we_have_still_fails():
    ladder = phone("Escalera Escalumex 8 escalones", "89999", in_stock=False, warranty="6 meses")
    ctx = turn(
        "La Escalumex de 8 escalones la tenemos disponible, te la mandamos hoy.",
        locale="es-AR",
        question="¿Tienen la Escalumex de 8?",
        tools=[search(ladder, query="escalumex")],
    )
    assert "out_of_stock_offered" in check(ctx)


def test_a_discount_the_source_says_is_kept_passes():
    chunks = {"promos#1": "Si el pedido se retrasa, mantenemos el 10 % de descuento una semana."}
    ctx = turn(
        "Como tu pedido se retrasó, mantenemos el 10 % de descuento una semana [promos#1].",
        locale="es-ES",
        question="¿Pierdo el descuento si se retrasa?",
        chunks=chunks,
    )
    assert "discount_promise" not in check(ctx)
