"""A promotion applied under a day, a payment, a channel, a customer group or a brand
that its source does not give (guards/promo_conditions.py)."""

from __future__ import annotations

import pytest

from tests.guards.helpers import check, phone, search, turn
from tests.guards.test_blind_round_rst import blind

TRANSFER = {
    "pagos#1": "Pagás con tarjeta de crédito en hasta 6 cuotas sin interés. Pagando por "
    "transferencia bancaria tenés 10% de descuento sobre el precio de lista."
}
TUESDAYS = {"promo#3": "Los martes y miércoles, 20% de descuento en libros comprando en la web."}
WEEKDAYS = {"promo#4": "From Monday to Thursday, 15% off all yoga mats online."}
BRANDS = {"promo#2": "20% off en zapatillas de running de las marcas Asics y Topper."}
EXCLUDED = {"promo#5": "15% off en celulares, excepto las marcas Apple y Samsung."}


@pytest.mark.parametrize(
    "case_id",
    [
        "F-0003",  # the 10 % the page gives for transfers, said of a card payment
        "F-0084",  # a promotion for Asics and Topper, said of Nike
        "G-0162",  # the students' 10 %, given to teachers "the same"
        "H-0047",  # a teachers' offer given to students
        "k-0266",  # a web promotion on Tuesdays, given in the shop
        "r-0048",  # emergency services staff, stretched to NHS staff
        "C-0341",  # "teachers are welcome to the student discount too"
        "y-129",  # a Sunday promotion "igual, aunque sea lunes": the day after a comma
        "y-202",  # a debit-card discount said of a Visa credit card
        "y-010",  # "you can stack them" over a deal that does not combine with codes
        "y-086",  # "y encima podés sumar el 5 %" over a promotion not combinable
        "y-109",  # Australia-only free shipping said of New Zealand
        "y-209",  # peninsular free shipping said of Oporto
        "l-0023",  # free shipping for CABA and GBA "también a Córdoba"
        "y-105",  # online-only free shipping said of a purchase "en la tienda de Zaragoza"
    ],
)
def test_blind_cases_of_a_condition_the_source_does_not_give_or_a_stacking_it_forbids(case_id):
    # given the turn exactly as its writer wrote it; then discount_promise stops it
    assert "discount_promise" in check(blind(case_id))


def test_a_payment_the_promotion_is_not_for_fails_and_its_own_passes():
    # given a page with instalments by card and 10 % off by transfer
    card = "Si pagás con tarjeta también te corresponde el 10% de descuento [pagos#1]."
    assert "discount_promise" in check(turn(card, locale="es-AR", chunks=TRANSFER))
    # then the 10 % by transfer, and the card's instalments, pass
    ok = "Pagando por transferencia tenés 10% de descuento [pagos#1], y con tarjeta hasta 6 cuotas."
    assert check(turn(ok, locale="es-AR", chunks=TRANSFER)) == {}
    # and the honest "con tarjeta no aplica" passes
    honest = "Con tarjeta no aplica el 10% de descuento; es solo por transferencia [pagos#1]."
    assert check(turn(honest, locale="es-AR", chunks=TRANSFER)) == {}


def test_days_and_channels_are_read_from_the_source_with_its_ranges():
    # given a promotion on Tuesdays and Wednesdays on the web
    friday = "Los viernes también tenés el 20% de descuento en libros [promo#3]."
    assert "discount_promise" in check(turn(friday, locale="es-AR", chunks=TUESDAYS))
    shop = "Si venís al local un martes tenés el 20% de descuento en libros [promo#3]."
    assert "discount_promise" in check(turn(shop, locale="es-AR", chunks=TUESDAYS))
    ok = "Los miércoles tenés el 20% de descuento en libros comprando en la web [promo#3]."
    assert check(turn(ok, locale="es-AR", chunks=TUESDAYS)) == {}
    # and "Monday to Thursday" covers Wednesday, not Saturday
    wednesday = "On Wednesday you get 15% off yoga mats online [promo#4]."
    assert check(turn(wednesday, locale="en", chunks=WEEKDAYS)) == {}
    saturday = "On Saturday you get 15% off yoga mats online [promo#4]."
    assert "discount_promise" in check(turn(saturday, locale="en", chunks=WEEKDAYS))


def test_brands_a_promotion_names_and_brands_it_excludes():
    asics = search(phone("Zapatillas Asics Gel Nimbus 26", "189999"))
    nike = search(phone("Zapatillas Nike Revolution 7", "98999"))
    ok = "Las Zapatillas Asics Gel Nimbus 26 tienen 20% off [promo#2]."
    assert check(turn(ok, locale="es-AR", chunks=BRANDS, tools=[asics])) == {}
    bad = "Las Zapatillas Nike Revolution 7 tienen 20% off [promo#2]."
    assert "discount_promise" in check(turn(bad, locale="es-AR", chunks=BRANDS, tools=[nike]))
    # given a promotion that excludes two brands: a third brand is inside it
    moto = search(phone("Motorola Moto G54 256 GB", "449999"))
    inside = "El Motorola Moto G54 256 GB tiene 15% off [promo#5]."
    assert check(turn(inside, locale="es-AR", chunks=EXCLUDED, tools=[moto])) == {}


def test_a_spanish_reply_over_an_english_page_compares_concepts():
    page = {"offers#2": "Students get 10% off all stationery with a valid student card."}
    bad = "Los docentes también tienen el 10% de descuento en papelería [offers#2]."
    assert "discount_promise" in check(turn(bad, locale="es-ES", chunks=page))
    ok = "Los estudiantes tienen el 10% de descuento en papelería [offers#2]."
    assert "discount_promise" not in check(turn(ok, locale="es-ES", chunks=page))


def test_two_promotions_together_only_when_a_source_says_they_do_not_combine():
    alone = {
        "promos#1": "20% off notebooks during Hot Sale. Not combinable with other coupons.",
        "cupones#2": "STUDENT5 gives 5% off with a student e-mail.",
    }
    stacked = "You get 20% off the notebook and on top of that 5% with STUDENT5 [promos#1]."
    assert "discount_promise" in check(turn(stacked, locale="en", chunks=alone))
    # and the honest answer, and one promotion restated with its own code, pass
    honest = "The 20% can't be combined with STUDENT5, so pick one of the two [promos#1]."
    assert check(turn(honest, locale="en", chunks=alone)) == {}
    together = {"promos#1": "20% off notebooks during Hot Sale, and it adds to STUDENT5's 5%."}
    ok = "You get 20% off the notebook and on top of that 5% with STUDENT5 [promos#1]."
    assert check(turn(ok, locale="en", chunks=together)) == {}


def test_debit_and_credit_are_two_payments_and_an_or_splits_the_offer():
    page = {
        "cuotas#7": "10% de descuento pagando con tarjeta de débito. Con tarjeta de crédito, "
        "3 cuotas sin interés desde $ 40.000."
    }
    credit = "Con tarjeta de crédito también tenés el 10% de descuento [cuotas#7]."
    assert "discount_promise" in check(turn(credit, locale="es-AR", chunks=page))
    choice = (
        "Podés pagar con débito y tener el 10% de descuento, o en 3 cuotas sin interés "
        "con tarjeta de crédito [cuotas#7]."
    )
    assert "discount_promise" not in check(turn(choice, locale="es-AR", chunks=page))


def test_places_are_read_after_a_preposition_of_place_with_their_coordinates():
    page = {"envios#2": "Envío gratis en compras desde $ 45.000 solo para CABA y GBA."}
    ok = "Como tu compra supera los $ 45.000, el envío a GBA es gratis [envios#2]."
    assert check(turn(ok, locale="es-AR", chunks=page)) == {}
    bad = "Como tu compra supera los $ 45.000, el envío a Rosario es gratis [envios#2]."
    assert "discount_promise" in check(turn(bad, locale="es-AR", chunks=page))
    # and a source that names no place leaves every place open
    anywhere = {"envios#1": "Envío gratis a todo el país en compras desde $ 45.000."}
    assert check(turn(bad, locale="es-AR", chunks={"envios#2": anywhere["envios#1"]})) == {}
    # "nuestra tienda online" is no shop one walks into
    web = {"promo#1": "Envío gratis comprando online desde 30 €."}
    online = "En nuestra tienda online el envío es gratis desde 30 € [promo#1]."
    assert check(turn(online, locale="es-ES", chunks=web)) == {}
