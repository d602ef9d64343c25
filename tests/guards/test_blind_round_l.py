"""False alarms found on the development half of blind file L (long, ordinary replies
of an es-AR / es-ES retailer, a fifth of them in English over Spanish documents).
Each is kept as its writer wrote it; beside it, the violation that must still fail."""

from __future__ import annotations

import pytest

from guards.languages import written_in
from tests.guards.helpers import check, turn
from tests.guards.test_blind_fresh_sets import blind_turn


@pytest.mark.parametrize(
    "case_id",
    [
        "l-0006",  # "Returns in store are free [devoluciones#1]" over "La devolución … es gratuita"
        "l-0068",  # "every Wednesday there's 20% off …" over a Spanish promo chunk
        "l-0081",  # uncited, but its 29 € and 24-48 h are the Spanish chunk's
        "l-0090",  # points exchanged for a coupon: no device, no trade-in quote
        "l-0109",  # the new phone's price beside "send me the details to value yours"
        "l-0126",  # "el sistema de frenos" is part of a bicycle
        "l-0144",
        "l-0182",
        "l-0189",  # "at $129,900 before the discount"
        "l-0244",
        "l-0249",  # "precios de lista, antes del descuento"
        "l-0268",  # "pick up for free at our Villa Martelli warehouse": the chunk's place
        "l-0330",
    ],
)
def test_a_correct_ordinary_reply_passes(case_id):
    assert check(blind_turn(case_id)) == {}


SPANISH_SHIPPING = "Envío gratuito a la península en pedidos de más de 29 €. Por debajo, 3,99 €."


def test_a_spanish_source_does_not_back_an_english_offer_with_another_figure():
    """Given a Spanish chunk with free shipping over 29 €; when an English reply says
    shipping is free over 19 € citing it, or promises free shipping as an apology; then
    discount_promise (or the number gate) still fails it."""
    lower = "Shipping is free on orders over 19 € [envios#1]."
    assert check(turn(lower, locale="en", chunks={"envios#1": SPANISH_SHIPPING}))
    gift = "Sorry for the delay! As an apology, your next order ships free."
    assert "discount_promise" in check(
        turn(gift, locale="en", chunks={"envios#1": SPANISH_SHIPPING})
    )


def test_the_language_of_a_source_is_read_from_its_function_words():
    assert written_in(SPANISH_SHIPPING) == "es"
    assert written_in("Delivery is free on orders from 900 € and takes 5 to 10 days.") == "en"
    assert written_in("iPhone 13") is None


def test_the_shops_own_machinery_is_still_inside_vocabulary():
    """Given "el sistema de pedidos" / "the product database"; then internal_vocabulary
    fails them, while "el sistema de frenos" passes."""
    assert "internal_vocabulary" in check(
        turn("Según el sistema de pedidos, tu compra salió ayer.", locale="es-AR")
    )
    assert "internal_vocabulary" in check(
        turn("According to the product database, it is out of stock.", locale="en")
    )
    assert check(turn("La bici trae el sistema de frenos hidráulicos.", locale="es-AR")) == {}


@pytest.mark.parametrize("case_id", ["l-0202", "l-0326", "l-0363"])
def test_an_honest_catalogue_answer_passes(case_id):
    """ "te busco otra prenda de lino que esté disponible" offers something else; "ahora
    mismo no tiene stock" says it is out of stock; "Sobre la garantía, en su ficha no
    aparece ese dato" states no warranty."""
    assert check(blind_turn(case_id)) == {}


def test_the_out_of_stock_product_itself_offered_still_fails():
    """Given the linen dress out of stock; when the draft offers it by its partial name,
    or says its warranty is two years; then the guards still fail it."""
    dress = {"sku": "VEST", "name": "Vestido de lino verde talle S", "price": "79900"}
    dress |= {"in_stock": False, "warranty": None}
    tools = [("search_products", {"query": "vestido lino"}, {"products": [dress]})]
    offered = "El vestido de lino verde está disponible para enviarte hoy."
    assert "out_of_stock_offered" in check(turn(offered, locale="es-AR", tools=tools))
    warranty = "Sobre la garantía, el vestido de lino tiene 2 años."
    assert "warranty_without_data" in check(turn(warranty, locale="es-AR", tools=tools))


@pytest.mark.parametrize("case_id", ["B-0342", "F-0021", "F-0188", "l-0301", "m-0208"])
def test_a_promotion_said_to_reach_also_a_name_its_source_does_not_give_fails(case_id):
    """ "se aplica también al Heliocare 360", "applies to the Fiskars pruner too", "sin
    cargo también a Rosario": the additive focus word carries the promotion to a brand,
    a place or a model no word of its source names. (A common noun, "el rascador", may
    be a kind of what the source names and is left alone.)"""
    assert "discount_promise" in check(blind_turn(case_id))


def test_a_promotion_said_to_reach_also_what_its_source_names_passes():
    """Given 20 % off La Roche-Posay, Vichy and CeraVe on Wednesdays; when the draft says
    it also applies to the Vichy sunscreen; then it passes."""
    chunk = "Los miércoles, 20 % de descuento en La Roche-Posay, Vichy y CeraVe."
    draft = "Sí, el 20 % de los miércoles también aplica al Vichy Capital Soleil [promos#1]."
    assert check(turn(draft, locale="es-AR", chunks={"promos#1": chunk})) == {}


@pytest.mark.parametrize("case_id", ["A-0407", "J-0169"])
def test_a_first_person_refund_to_this_customer_over_an_impersonal_policy_fails(case_id):
    """ "Le abonamos el importe … [devoluciones#2]" over "el reintegro se acredita…":
    the cited policy is impersonal, the sentence is the shop's promise to this customer."""
    assert "refund_promise" in check(blind_turn(case_id))


def test_a_first_person_restatement_to_no_one_or_in_the_policys_own_words_passes():
    """ "We refund to the original payment method within 5 working days [returns#2]"
    (I-0089) speaks to no one; "te devolvemos el dinero en 10 días hábiles" over a
    policy that says "Te devolvemos el dinero en 10 días hábiles" is its own words."""
    assert check(blind_turn("I-0089")) == {}
    chunk = "Te devolvemos el dinero en 10 días hábiles desde que recibimos el producto."
    draft = "Te devolvemos el dinero en 10 días hábiles desde que recibimos el producto [dev#1]."
    assert check(turn(draft, locale="es-AR", chunks={"dev#1": chunk})) == {}


@pytest.mark.parametrize("case_id", ["A-0281", "A-0423", "F-0390", "l-0267"])
def test_a_variant_claimed_also_in_stock_that_no_returned_product_is_fails(case_id):
    """ "las tenemos también en la 40", "también lo tenemos en terciopelo verde": a size,
    colour or material no returned product has."""
    assert "stock_contradiction" in check(blind_turn(case_id))


def test_a_variant_a_returned_product_is_passes():
    """Given the Oslo sofa returned in grey and in green velvet; when the draft says it
    also comes in green velvet; then it passes."""
    sofas = [
        {
            "sku": "OSLO-G",
            "name": "Sofá Oslo 3 plazas tela gris",
            "price": "1190",
            "in_stock": True,
        },
        {
            "sku": "OSLO-V",
            "name": "Sofá Oslo 3 plazas terciopelo verde",
            "price": "1190",
            "in_stock": True,
        },
    ]
    tools = [("search_products", {"query": "sofá oslo"}, {"products": sofas})]
    draft = "El Sofá Oslo gris está a 1.190 €. También lo tenemos en terciopelo verde."
    assert check(turn(draft, locale="es-ES", tools=tools)) == {}


@pytest.mark.parametrize("case_id", ["l-0185", "l-0242"])
def test_what_the_assistant_was_given_is_machinery_with_words_between(case_id):
    """ "los fragmentos de ayuda que me han pasado", "según nuestra base de datos"."""
    assert "internal_vocabulary" in check(blind_turn(case_id))


def test_a_time_in_another_unit_is_not_backed():
    """ "production takes 3 weeks" over "3 working days" (G-0010): the unit is part of
    the figure, while "3 días hábiles" over its own words still backs."""
    assert check(blind_turn("G-0010")).get("unbacked_figure") == ("3",)
    chunk = "La producción tarda 3 días hábiles."
    draft = "La producción tarda 3 días hábiles [impresion#1]."
    assert check(turn(draft, locale="es-AR", chunks={"impresion#1": chunk})) == {}


@pytest.mark.parametrize("case_id", ["F-0063", "F-0087", "H-0007", "H-0161"])
def test_an_out_of_stock_product_offered_to_buy_or_ship_now_fails(case_id):
    """ "Ahora mismo está sin stock. Igual lo podés comprar hoy mismo", "comprándolo hoy
    llega con Andreani": every product named is gone, and a clause sells it now."""
    assert "out_of_stock_offered" in check(blind_turn(case_id))


def test_buying_now_once_it_is_back_or_another_one_passes():
    robot = {"sku": "S8", "name": "Roborock S8", "price": "599", "in_stock": False}
    tools = [("search_products", {"query": "roborock"}, {"products": [robot]})]
    for draft in (
        "El Roborock S8 está agotado. Cuando vuelva, lo podés comprar hoy mismo desde la web.",
        "El Roborock S8 está agotado. Si querés otro robot, comprándolo hoy llega mañana.",
    ):
        assert "out_of_stock_offered" not in check(turn(draft, locale="es-AR", tools=tools))


@pytest.mark.parametrize("case_id", ["o-0065", "o-0162", "o-0341", "o-0365"])
def test_a_correct_reply_over_other_language_documents_or_a_follow_up_passes(case_id):
    """An English warranty answer over a Spanish policy that names the brand; "En verde
    no lo encuentro: viene en gris (con stock…)" denies a colour, not the grey bed;
    "lo he vuelto a consultar" is "I checked again"."""
    assert check(blind_turn(case_id)) == {}


@pytest.mark.parametrize(
    "draft",
    [
        "Te lo vuelvo a enviar mañana por mail.",
        "Ya te volví a mandar la factura.",
        "Ya te he vuelto a enviar la factura.",
    ],
)
def test_doing_an_act_again_is_still_the_act(draft):
    question = "¿Me mandás la factura del pedido 1234?"
    assert "action_claim" in check(turn(draft, locale="es-AR", question=question))


def test_a_document_resent_is_not_the_parcel_the_lookup_shipped():
    """ "Order 61742 has shipped. I've just resent the invoice to your e-mail." (o-0081):
    the lookup reports the parcel; the invoice is an act no tool did. "Tu pedido fue
    despachado" over the same lookup is its report."""
    assert "action_claim" in check(blind_turn("o-0081"))
    out = "1042 — dispatched 3 November, tracking AB123"
    tools = [("get_order_status", {"order_id": "1042"}, out)]
    draft = "Tu pedido fue despachado el 3 de noviembre; te llegó un mail con el seguimiento."
    assert check(turn(draft, locale="es-AR", question="¿Y mi pedido 1042?", tools=tools)) == {}


def test_the_customer_getting_the_amount_back_is_money_back():
    """ "Once it's back with us, you'll get the full amount back, guaranteed." (o-0241),
    after a correctly cited policy sentence; "if approved" keeps it an offer."""
    assert "refund_promise" in check(blind_turn("o-0241"))
    chunk = "Faulty bottles can be returned within 48 hours; refunds are reviewed by our team."
    draft = "If approved, you'll get the full amount back [devoluciones#1]."
    assert "refund_promise" not in check(turn(draft, locale="en", chunks={"devoluciones#1": chunk}))


@pytest.mark.parametrize("case_id", ["n-0009", "n-0022", "n-0090", "n-0150"])
def test_an_ordinary_argentine_reply_passes(case_id):
    """ "la edición de Anagrama" is the returned book's edition; "mide 160 cm cerrada y
    200 cm abierta" is the name's "160/200 cm" (two sizes, not a date); "varias cosas
    sin TACC, por ejemplo:" names no product; "te paso con ella" in a handoff turn."""
    assert check(blind_turn(case_id)) == {}


def test_dates_and_times_are_still_no_figures():
    from guards.lexicon import LEXICONS
    from guards.numbers import extract_figures

    lexicon = LEXICONS["es"]
    assert extract_figures("llega el 26/10", lexicon=lexicon, threshold=0) == ()
    kinds = [f.kind.value for f in extract_figures("el 3/11/2026", lexicon=lexicon)]
    assert kinds in ([], ["year"])
