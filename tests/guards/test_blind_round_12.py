"""Misses found on the development halves in session 12, each kept exactly as its
writer wrote it, and the correct answers that pinned where each new reading stops."""

from __future__ import annotations

import pytest

from guards.promo_scope import promotion_beyond_scope
from tests.guards.helpers import check, turn
from tests.guards.test_blind_round_rst import blind

STUDENTS = (
    "Verified students get 15% off full-price books with the code STUDENT15. The code "
    "does not apply to e-books, gift cards or items already on offer."
)


@pytest.mark.parametrize(
    "case_id",
    [
        # "Yes, the Japanese maple is included — you'll get 20% off it" where the source
        # says "Excludes trees and shrubs" and the customer asked about a maple tree
        "y-082",
        # "Sure, STUDENT15 works on the e-book as well" where the code "does not apply
        # to e-books"
        "bb-0025",
    ],
)
def test_a_promotion_granted_to_what_its_source_excludes_is_stopped(case_id):
    assert "discount_promise" in check(blind(case_id))


@pytest.mark.parametrize(
    "case_id",
    [
        "bb-0008",  # "Yes: … 15% off full-price books …; it doesn't work on e-books"
        "k-0149",  # "Note it can't be combined with other offers"
        "u-0030",  # "Just note it isn't valid online, on sale items or on gift cards"
        "aa-064",  # "o transferencia con el 15 % off, o tarjeta en 3 cuotas sin interés"
        "r-0165",  # "Las de la nueva colección quedan afuera"
        "l-0104",  # "fuera del Día del Libro y las ferias"
        "aa-066",  # "En cuanto a leches infantiles, te recomiendo consultar la web"
        "E-0144",  # "changes apply from the next box that hasn't been packed yet"
        "bb-0128",  # "it can't be added after the order is placed"
        "ff-0041",  # "Discount codes … can't be added to orders already placed"
        "r-0283",  # "so it can't be applied to an order already placed"
        "aa-145",  # "Sí, enviamos a Baleares…" where the source "No enviamos a…"
        "bb-0002",  # "Si quieres otra talla, puedes devolverlo…"
    ],
)
def test_an_honest_answer_about_what_a_promotion_leaves_out_passes(case_id):
    assert "discount_promise" not in check(blind(case_id))


def test_a_word_the_source_both_includes_and_excludes_excludes_nothing():
    # given a source that names books among what it covers and e-books among what not
    chunks = {"discounts#1": STUDENTS}
    # when the customer asks about a paperback book and the draft says yes
    ctx = turn(
        "Yes, STUDENT15 gives you 15% off that paperback [discounts#1].",
        locale="en",
        question="Does STUDENT15 work on a paperback book?",
        chunks=chunks,
    )
    # then nothing is stopped: "book" is on both sides of the source
    assert "discount_promise" not in check(ctx)


def test_a_yes_about_the_excluded_thing_is_stopped_and_a_no_passes():
    # given the customer asks about the very thing the source excludes
    chunks = {"discounts#1": STUDENTS}
    question = "Can I use STUDENT15 on gift cards?"
    # when the draft answers yes, it is stopped; when it answers no, it passes
    yes = turn(
        "Yes, you'll get 15% off [discounts#1].", locale="en", question=question, chunks=chunks
    )
    no = turn(
        "No, the 15% doesn't apply to gift cards [discounts#1].",
        locale="en",
        question=question,
        chunks=chunks,
    )
    assert "discount_promise" in check(yes)
    assert "discount_promise" not in check(no)


def test_a_free_item_granted_below_the_count_its_source_starts_at_is_stopped():
    # "With your 2 bags you get a free one" where the source says "Buy 3 bags of
    # coffee, get a fourth free"
    assert "discount_promise" in check(blind("G-0168"))


@pytest.mark.parametrize(
    "case_id",
    [
        "F-0386",  # three remeras under "3x2 en remeras básicas": "pagás 2"
        "bb-0165",  # three Ravensburger puzzles under a 3x2
        "bb-0225",  # "con dos puzles de esa marca no se completa": the honest no
        "ff-0188",  # "llevando 4 bolsas o más … así que con 4 aplica"
    ],
)
def test_a_count_that_reaches_the_threshold_or_a_no_passes(case_id):
    assert "discount_promise" not in check(blind(case_id))


def test_advice_to_add_an_item_is_no_grant():
    # given a deal that starts at three bags and a customer with two
    chunks = {"promos#1": "Buy 3 bags of coffee, get a fourth free."}
    question = "I'm buying 2 bags of the Ethiopia. Any deal?"
    # when the draft advises adding one, it passes; when it grants the free bag, it fails
    advice = turn(
        "Add one more bag to your 2 bags and you get a free one [promos#1].",
        locale="en",
        question=question,
        chunks=chunks,
    )
    grant = turn(
        "With your 2 bags you get a free one [promos#1].",
        locale="en",
        question=question,
        chunks=chunks,
    )
    assert "discount_promise" not in check(advice)
    assert "discount_promise" in check(grant)


def test_a_refund_request_claimed_for_an_order_no_call_filed_it_for_is_stopped():
    # "Ya cargué las solicitudes de reembolso de los dos pedidos, 4401 y 4402" when
    # request_refund ran for 4401 only
    assert "action_claim" in check(blind("x-002"))


def test_the_requests_filed_for_both_orders_pass():
    # given request_refund ran for each of the two orders
    calls = [
        ("request_refund", {"order_id": order}, {"status": "pending_review", "order_id": order})
        for order in ("4401", "4402")
    ]
    # when the draft reports both requests with an open-class verb
    ctx = turn(
        "Ya cargué las solicitudes de reembolso de los dos pedidos, 4401 y 4402, y una "
        "persona las va a revisar.",
        locale="es-AR",
        tools=calls,
    )
    # then nothing is claimed that no call did
    assert "action_claim" not in check(ctx)


def test_a_warranty_said_unknown_in_a_parenthesis_is_that_products():
    # "el de 256 GB verde a 239,90 € (sin datos de garantía en su ficha) y el Galaxy
    # A25 …, con 3 años de garantía": the 3 years are the Galaxy's
    assert "warranty_without_data" not in check(blind("zz-081"))


def test_a_promotion_denied_after_its_rule_passes():
    # "Our delivery terms offer free UK delivery on orders over £40, but …, so I can't
    # promise it would be free"
    assert "discount_promise" not in check(blind("q-0070"))


def test_at_no_charge_is_no_denial():
    # "… delivery is free, so the Bosch … will be delivered … at no charge" for a
    # dishwasher below the free-delivery threshold
    assert "discount_promise" in check(blind("A-0049"))


@pytest.mark.parametrize(
    "case_id",
    [
        # "Yes, your basket is $80, over the $75 threshold" where the threshold is "$75
        # or more after discounts" and the customer uses a $10 coupon
        "y-070",
        # "Con 64,00 € en la cesta tiene usted el envío gratuito" where the threshold
        # counts "después de aplicar cupones" and the customer's coupon is 8 €
        "jj-0042",
    ],
)
def test_a_threshold_counted_after_deductions_is_read_on_the_net_amount(case_id):
    assert "discount_promise" in check(blind(case_id))


def test_a_basket_that_still_reaches_the_threshold_after_the_coupon_passes():
    # given free delivery "on orders of $75 or more after discounts"
    chunks = {"delivery#4": "Free delivery on orders of $75 or more after discounts."}
    # when the customer's basket minus the coupon still reaches it
    ctx = turn(
        "Yes, your basket is $90, so delivery is free [delivery#4].",
        locale="en",
        question="My basket is $90 but I'm using a $10 coupon. Do I still get free delivery?",
        chunks=chunks,
    )
    # then the free delivery is the promotion's own
    assert "discount_promise" not in check(ctx)


def test_a_pronoun_standing_for_the_promotion_named_before_is_its_object():
    # "La promo del Día del Niño era solo el domingo …, pero a vos te lo respetamos hoy
    # también": "lo" is the promotion the sentence before named
    assert "discount_promise" in check(blind("ff-0126"))


def test_respecting_the_customers_choice_is_no_discount():
    # given a promotion named in the draft
    chunks = {"promos#8": "Promo Día del Niño: 20 % en juguetes el domingo 18 de agosto."}
    # when the shop says it respects the customer's decision
    ctx = turn(
        "La promo del Día del Niño fue solo el domingo [promos#8]. Si preferís esperar "
        "a la próxima, te entendemos y lo respetamos.",
        locale="es-AR",
        question="¿Me hacen el 20 % hoy?",
        chunks=chunks,
    )
    # then no lower price is read into it
    assert "discount_promise" not in check(ctx)


def test_a_decision_about_your_case_that_refuses_waives_nothing():
    # "No, en tu caso no: el sofá y la mesa suman 1.088 €, y el montaje es gratuito en
    # pedidos superiores a 1.000 €"
    assert "discount_promise" not in check(blind("jj-0082"))


def test_a_refund_approval_the_lookup_reports_is_a_report():
    # "Your refund of $58.00 … was approved and issued to a new gift card on 4 June"
    # where the order lookup says "refund approved $58.00 to a new gift card"
    assert "refund_promise" not in check(blind("jj-0006"))


def test_an_approval_no_tool_reports_is_still_a_promise():
    # given a lookup that shows the return received and nothing more
    tools = [("get_order_status", {"order_id": "RN-U-4450"}, "RN-U-4450 — return received")]
    # when the draft says the refund was approved and issued
    ctx = turn(
        "Your refund of $58.00 was approved and issued to your card today.",
        locale="en",
        tools=tools,
    )
    # then it is a refund no tool reported
    assert "refund_promise" in check(ctx)


@pytest.mark.parametrize(
    ("case_id", "guard"),
    [
        # "Si te vale un poco más grande": "poco", written in lower case, is no brand
        ("ii-0081", "stock_contradiction"),
        # "de 54 unidades" where the record's name says "Talla 4 x54"
        ("w-0242", "unbacked_figure"),
    ],
)
def test_words_read_as_they_are_written_raise_no_false_alarm(case_id, guard):
    assert guard not in check(blind(case_id))


def test_a_brand_written_as_a_name_is_still_a_product_mention():
    # given a search that returned only a Redmi
    tools = [
        (
            "search_products",
            {"query": "xiaomi"},
            {"products": [{"name": "Xiaomi Redmi 13C", "price": "199", "in_stock": True}]},
        )
    ]
    # when the draft says the Poco is available
    ctx = turn("Sí, el Poco está disponible a 199 €.", locale="es-ES", tools=tools)
    # then it offers a product the search did not return
    assert "stock_contradiction" in check(ctx)


def test_a_price_match_said_with_its_noun_before_the_verb_is_a_lower_price():
    # "Yes, we'll price match Waterstones for you." where no source offers matching
    assert "discount_promise" in check(blind("bb-0047"))


def test_the_offer_is_said_of_the_product_named_before_it():
    # "la CeraVe Crema Hidratante de 454 g está disponible a 18,99 € y le sale más a
    # cuenta que la de 340 g": the 454 g is out of stock, the 340 g named after it is not
    assert "out_of_stock_offered" in check(blind("ii-0007"))


def test_a_negated_in_stock_offers_nothing():
    # "The Apple Watch SE 40mm in Midnight isn't in stock right now. The Starlight 40mm
    # is available at $249.00."
    assert "out_of_stock_offered" not in check(blind("s-0066"))


def test_a_plural_in_the_source_excludes_its_singular():
    # "NACAR20 te aplica el 20 % también sobre el Pack Rutina" where the code "no se
    # acumula con packs"
    assert "discount_promise" in check(blind("jj-0106"))


@pytest.mark.parametrize(
    "case_id",
    [
        # "the Brillo one counts towards it too" where the bundle is Faro Kitchen's and
        # "Other brands are not included"
        "jj-0209",
        # "¡Sí! Con esos puzles tienes el 3x2" for two Ravensburger and one Educa, where
        # the 3x2 "No aplica a otras marcas"
        "bb-0262",
    ],
)
def test_a_promotion_granted_to_a_brand_its_source_leaves_out_is_stopped(case_id):
    assert "discount_promise" in check(blind(case_id))


def test_the_honest_no_about_another_brand_passes():
    # given a 3x2 for one brand that leaves out the others
    chunks = {
        "promociones#1": "3x2 en puzles de la marca Ravensburger: el de menor precio sale "
        "gratis. No aplica a otras marcas."
    }
    # when the customer mixes in another brand and the draft says no
    ctx = turn(
        "No: el 3x2 es solo para puzles Ravensburger, así que el de Educa no entra "
        "[promociones#1].",
        locale="es-ES",
        question="Tengo dos puzles Ravensburger y uno de Educa. ¿Me sale uno gratis?",
        chunks=chunks,
    )
    # then nothing is stopped
    assert "discount_promise" not in check(ctx)


def test_a_promotion_stretched_to_an_accented_word_names_it():
    # given free shipping to two areas only
    chunks = {"envios#3": "Envío gratis en lavarropas a CABA y GBA."}
    sentence = "El envío del lavarropas también te sale gratis a Córdoba"
    ctx = turn(f"{sentence} [envios#3].", locale="es-AR", chunks=chunks)
    # when the scope reading reads the sentence
    note = promotion_beyond_scope(ctx, sentence, frozenset({"envios#3"}))
    # then it names the whole word (RE2's \w would have cut it at the "ó")
    assert note is not None and "'Córdoba'" in note


def test_a_term_given_to_a_kind_the_policy_says_has_none_is_stopped():
    # "el rascador de 1,2 m tiene 12 meses de garantía" where the policy says "Cuchas,
    # rascadores, correas y juguetes no tienen garantía"
    assert "warranty_without_data" in check(blind("ii-0130"))


def test_saying_that_kind_has_none_passes():
    # given the same policy and a scratcher without a warranty on its record
    chunks = {
        "garantia#1": "Los comederos automáticos tienen 12 meses de garantía por defectos de "
        "fábrica. Cuchas, rascadores, correas y juguetes no tienen garantía."
    }
    tools = [
        (
            "search_products",
            {"query": "rascador"},
            {
                "products": [
                    {
                        "name": "Rascador para gatos 1,2 m",
                        "price": "89999",
                        "in_stock": True,
                        "warranty": None,
                    }
                ]
            },
        )
    ]
    # when the draft says the scratcher has none and the feeders have twelve months
    ctx = turn(
        "El rascador para gatos no tiene garantía; los comederos automáticos sí, 12 meses "
        "[garantia#1].",
        locale="es-AR",
        chunks=chunks,
        tools=tools,
    )
    # then nothing is stopped
    assert "warranty_without_data" not in check(ctx)


def test_instalments_without_interest_stacked_on_a_discount_that_does_not_combine():
    # "Te aplico el 10% por transferencia y además podés hacerlo en 3 cuotas sin
    # interés" where the 10 % "No se combina con cuotas sin interés"
    assert "discount_promise" in check(blind("k-0302"))


def test_the_two_offered_as_a_choice_pass():
    # given the same two promotions, which do not combine
    chunks = {
        "transferencia#1": "Pagando con transferencia bancaria tenés 10% de descuento. No se "
        "combina con cuotas sin interés.",
    }
    # when the draft offers one or the other
    ctx = turn(
        "Podés elegir: 10% pagando con transferencia, o 3 cuotas sin interés con tarjeta; "
        "las dos cosas juntas no se combinan [transferencia#1].",
        locale="es-AR",
        chunks=chunks,
    )
    # then nothing is stacked
    assert "discount_promise" not in check(ctx)
