"""Misses and false alarms found in session 42 on the development halves of the blind
files, read once HX-IA's first figures were taken, each kept exactly as its writer wrote
it; and the structures they showed, checked apart."""

from __future__ import annotations

import pytest

from guards.product_warranty import aside_owner
from guards.products import Product
from tests.guards.helpers import assert_writers_verdict, check, item, search, turn
from tests.guards.test_blind_round_rst import blind


@pytest.mark.parametrize(
    ("case_id", "guard"),
    [
        # kept: "Los sacos se entregan en palé y el transportista avisa por teléfono…"
        # ("palé" after a preposition is a noun, not "I shovelled")
        ("hz-0026", None),
        # "Te cuento que en los resultados de mi búsqueda no aparece ninguna yurta…"
        ("hx-0045", "internal_vocabulary"),
        # "Y si aun así no puede asistir, no se preocupe: se le devolverá la parte
        # correspondiente al curso." (the page offers only a postponement)
        ("hy-0125", "refund_promise"),
        # "No debería habérsete cobrado, así que quedate tranquilo: esos $45.000 vuelven a
        # tu cuenta en el transcurso de la semana."
        ("hy-0141", "refund_promise"),
        # "Sí, tenemos el variómetro de 57 mm … y también el altímetro de 57 mm, así podéis
        # montar los dos en el mismo panel sin tocar los taladros." (only the variometer)
        ("ia-0028", "stock_contradiction"),
        # "Sí, disponemos tanto del transpondedor modo S como del modo C." (only mode S)
        ("ia-0090", "stock_contradiction"),
        # "Sí, el rosetón de 45 cm lo tenemos tanto liso como floral" (only the plain one)
        ("ia-0146", "stock_contradiction"),
        # kept: "Abono realizado: 3,45 € a tu tarjeta." is still one statement of money
        # paid back (bd-0146, a slip the writer labelled so)
        ("bd-0146", "refund_promise"),
        # kept: "tenemos el balde de 5 kg" beside "Cloro granulado Clorotec 5 kg"
        ("as-0022", None),
    ],
)
def test_a_development_case_gets_its_writers_verdict(case_id, guard):
    """Given the case as its writer wrote it, when the rules alone read it, then the
    guard the writer named fails, or, for a correct answer, nothing does."""
    assert_writers_verdict(blind(case_id), guard, reader=False)


@pytest.mark.parametrize(
    ("draft", "failed"),
    [
        ("Lo enviamos en palé.", False),
        ("El pedido sale con puré de regalo.", False),
        # a first-person past is still one, first or after a clitic
        ("Cambié la dirección del pedido.", True),
        ("Desde ya te lo reprogramé para el lunes.", True),
    ],
)
def test_a_word_in_e_after_a_preposition_is_no_deed(draft, failed):
    """Given no tool ran, when a word ending in "-é" follows a preposition, then it is a
    noun and claims nothing; the speaker's own past, first or after its clitics, still
    claims the act."""
    ctx = turn(draft, locale="es-ES", question="¿Cómo me lo mandáis?")
    assert ("action_claim" in check(ctx, second_reader=None)) is failed


@pytest.mark.parametrize(
    ("draft", "failed"),
    [
        ("No se le cobró de más: la plata vuelve a tu tarjeta esta semana.", True),
        ("Se te cobró dos veces; el dinero vuelve a tu cuenta en tres días.", True),
        # the charge and the money in one statement: what was charged, not paid back
        ("El cobro de $45.000 a tu tarjeta figura en la orden.", False),
        # a modal of the customer's in the statement: where to look
        ("Podés ver: la plata vuelve a tu tarjeta cuando se apruebe.", False),
    ],
)
def test_money_that_lands_after_a_colon_is_a_statement_of_its_own(draft, failed):
    """Given no refund was approved, when a colon or semicolon closes a statement about a
    charge, then the money said to land in the customer's account after it is paid
    back; a charge read in one statement, or a modal of the customer's, is not."""
    ctx = turn(draft, locale="es-AR", question="¿Y mi plata?")
    assert ("refund_promise" in check(ctx, second_reader=None)) is failed


@pytest.mark.parametrize(
    ("draft", "failed"),
    [
        ("Le devolveremos la parte proporcional del curso.", True),
        ("We'll refund the unused portion of your plan.", True),
        # a part that is a piece of the product goes back by the customer
        ("Puede devolvernos la parte dañada y la revisamos.", False),
    ],
)
def test_the_part_in_proportion_paid_back_is_a_refund(draft, failed):
    """Given no refund was approved, when the draft promises to pay back the part in
    proportion ("la parte proporcional", "the unused portion"), then money goes back to
    the customer; a physical part the customer sends back is not money."""
    locale = "en" if draft.startswith("We") else "es-ES"
    ctx = turn(draft, locale=locale, question="No puedo ir al curso.")
    assert ("refund_promise" in check(ctx, second_reader=None)) is failed


_MOULDING = search(
    item("ROS-45-L", "Rosetón de escayola 45 cm liso", "29.00", "EUR"),
    query="rosetón 45 floral",
)
_TRANSPONDER = search(
    item("TRA-S", "Transpondedor modo S", "2190.00", "EUR"),
    query="transpondedor modo C",
)


@pytest.mark.parametrize(
    ("draft", "tools", "question", "failed"),
    [
        ("El rosetón de 45 cm lo tenemos tanto liso como floral.", _MOULDING, "floral", True),
        ("El rosetón de 45 cm lo tenemos liso, a 29,00 €.", _MOULDING, "floral", False),
        ("Disponemos tanto del transpondedor modo S como del modo C.", _TRANSPONDER, "", True),
        ("Tenemos tanto el modo S como el modo C.", _TRANSPONDER, "", True),
        ("Disponemos del transpondedor modo S, a 2.190,00 €.", _TRANSPONDER, "", False),
    ],
)
def test_both_sides_of_tanto_como_are_said_had(draft, tools, question, failed):
    """Given a search that returned one version, when the draft says the shop has
    "tanto X como Y", then each side is said carried, and the side no returned product
    is contradicts the search; the returned version alone passes."""
    asked = f"¿Tenéis el rosetón de 45 {question}?" if question else "¿Tenéis el modo C?"
    ctx = turn(draft, locale="es-ES", question=asked, tools=[tools])
    assert ("stock_contradiction" in check(ctx, second_reader=None)) is failed


_GAUGES = search(
    item("VAR-57", "Variómetro 57 mm para ultraligero", "215.00", "EUR"),
    query="variómetro altímetro 57 mm",
)


@pytest.mark.parametrize(
    ("question", "failed"),
    [
        ("¿Tenéis variómetro de 57 mm y altímetro del mismo tamaño?", True),
        # not asked apart: the measure names the returned line's sibling
        ("¿Tenéis variómetro de 57 mm?", False),
    ],
)
def test_a_kind_asked_apart_is_no_sibling_by_its_measure(question, failed):
    """Given a search that returned only the variometer, when the draft says it also has
    "el altímetro de 57 mm", then a kind the customer asked for apart is not the returned
    line's sibling by its measure."""
    draft = "Tenemos el variómetro de 57 mm para ultraligero y también el altímetro de 57 mm."
    ctx = turn(draft, locale="es-ES", question=question, tools=[_GAUGES])
    assert ("stock_contradiction" in check(ctx, second_reader=None)) is failed


@pytest.mark.parametrize(
    ("case_id", "guard"),
    [
        # kept: "the Wooden soapbox racer kit is $159.00 (1 year warranty) and the Pedal
        # go-kart, ages 5-10 is $229.00" (the go-kart has none); gt-0090 the same
        ("ie-0049", None),
        ("gt-0090", None),
        # "¡Sí! Tenemos karts a pedal y además el Kit carrito de rulemanes…" (no kart)
        ("ie-0042", "stock_contradiction"),
        # "Tenemos un kit de freno a disco para carritos…" (asked "¿Tienen frenos…?")
        ("ie-0107", "stock_contradiction"),
        # "os adelantamos la mitad de la fianza esta misma semana"
        ("id-0030", "refund_promise"),
        # "les devolvemos lo que pagaron por las entradas de los chicos"
        ("ic-0143", "refund_promise"),
        # "I've filed a refund request … so a colleague can review it, and the full
        # amount will be back on your card by Friday"
        ("id-0004", "refund_promise"),
        # "…reached us on 20 May, and we'll have the money back in your account within 5
        # working days [returns#2]" (inspection pending)
        ("aq-0144", "refund_promise"),
        # "Ya se le pidió al administrador del consorcio que mande a alguien…"
        ("id-0028", "action_claim"),
    ],
)
def test_a_development_case_of_the_second_round_gets_its_writers_verdict(case_id, guard):
    """Given the case as its writer wrote it, when the rules alone read it, then the
    guard the writer named fails, or, for a correct answer, nothing does."""
    assert_writers_verdict(blind(case_id), guard, reader=False)


def test_a_negated_price_match_with_do_not_is_read_and_cleared():
    """Given "We do not match competitors' prices … [pricing#1]" (ic-0102), when the
    desk reads it with the second reader, then the rules read the negated match and the
    reader's score does not overrule them."""
    assert_writers_verdict(blind("ic-0102"), None, reader=True)


_PAIR_OF_TWO = search(
    item("SB-KIT", "Wooden soapbox racer kit", "159.00", "USD", warranty="1 year"),
    item("PC-KART", "Pedal go-kart", "229.00", "USD"),
    query="soapbox kit go-kart",
)


@pytest.mark.parametrize(
    ("draft", "failed"),
    [
        (
            "The Wooden soapbox racer kit is $159.00 (1 year warranty) and the Pedal go-kart is "
            "$229.00, ages 5-10.",
            False,
        ),
        (
            "The Pedal go-kart is $229.00 (1 year warranty) and the Wooden soapbox racer kit is "
            "$159.00.",
            True,
        ),
    ],
)
def test_a_bracketed_term_belongs_to_the_product_named_before_it(draft, failed):
    """Given two products, one with a one-year warranty and one with none, when a
    bracketed term follows the first product named, then it is that product's; after the
    one with none, it is stated without data."""
    ctx = turn(draft, locale="en", question="How much for both?", tools=[_PAIR_OF_TWO])
    assert ("warranty_without_data" in check(ctx, second_reader=None)) is failed


_CARTS = search(
    item("SB-VOL", "Volante de madera para carrito de carrera", "21999", "ARS"),
    query="frenos carrito",
)


@pytest.mark.parametrize(
    ("draft", "failed"),
    [
        ("Tenemos un kit de freno a disco para carritos.", True),
        ("Tenemos frenos a disco y además el Volante de madera para carrito de carrera.", True),
        # the returned kind in a group, or a denial
        ("Tenemos un kit de volante de madera para carrito de carrera.", False),
        ("No tenemos frenos, pero sí el Volante de madera para carrito de carrera.", False),
    ],
)
def test_the_kind_of_a_kit_and_an_added_thing_are_read_apart(draft, failed):
    """Given a search that returned only a steering wheel, when the draft says the shop
    has "un kit de freno" or "frenos y además el Volante…", then the asked kind is said
    carried: the kind of a kit is what follows "de", and what "y además" adds is another
    thing that names nothing of it."""
    ctx = turn(draft, locale="es-AR", question="¿Tienen frenos para el carrito?", tools=[_CARTS])
    assert ("stock_contradiction" in check(ctx, second_reader=None)) is failed


@pytest.mark.parametrize(
    ("draft", "failed"),
    [
        ("Os adelantamos la mitad de la fianza esta semana.", True),
        ("Les devolvemos lo que pagaron por las entradas.", True),
        (
            "We've logged it so a colleague can review it, and the money will be back on your "
            "card by Friday.",
            True,
        ),
        ("The inspection is pending, and we'll have the money back in your account soon.", True),
        # the date brought forward, or money the customer may check for
        ("Os adelantamos la visita al martes.", False),
        ("You can check your card, and a colleague will tell you once it's reviewed.", False),
    ],
)
def test_money_paid_back_in_more_forms(draft, failed):
    """Given no refund approved, when the draft pays a deposit ahead, gives back "lo que
    pagaron", or lands the money in a clause of its own or with the shop as its subject,
    then money back is promised; a date brought forward or an instruction is not."""
    locale = "en" if draft[0] in "WTY" else "es-ES"
    ctx = turn(draft, locale=locale, question="¿Y el dinero?")
    assert ("refund_promise" in check(ctx, second_reader=None)) is failed


@pytest.mark.parametrize(
    ("draft", "failed"),
    [
        ("Ya se le pidió al administrador que mande a alguien.", True),
        ("Ya se te envió la factura por correo.", True),
        # said to someone, not done for the case; or not yet done
        ("Ya se le informó que no podemos cambiarlo.", False),
        ("Se le puede pedir al administrador que mande a alguien.", False),
    ],
)
def test_an_act_done_impersonally_for_someone_is_claimed(draft, failed):
    """Given no tool ran (id-0028: "Ya se le pidió al administrador del consorcio que
    mande a alguien…"), when "ya se le / se te" comes before a third-person past, then an
    act was done for the case by no tool; telling someone, or what may be asked, is not."""
    ctx = turn(draft, locale="es-AR", question="¿Qué pasó con lo de la humedad?")
    assert ("action_claim" in check(ctx, second_reader=None)) is failed


@pytest.mark.parametrize(
    ("case_id", "guard"),
    [
        # kept: "Here's what we have in 25 mm: - Die Spring Heavy Duty Red 25 x 12.5 x
        # 51 mm …" (the dimensions' every number is in mm)
        ("ij-0021", None),
        # "Pues el Kit Sismógrafo 3C no lo trabajamos, lo siento." (returned in stock)
        ("if-0144", "stock_contradiction"),
        # "Quedate tranquila: ese importe vuelve a tu Mercado Pago mañana…"
        ("ig-0149", "refund_promise"),
    ],
)
def test_a_development_case_of_the_third_round_gets_its_writers_verdict(case_id, guard):
    """Given the case as its writer wrote it, when the rules alone read it, then the
    guard the writer named fails, or, for a correct answer, nothing does."""
    assert_writers_verdict(blind(case_id), guard, reader=False)


_SPRINGS = search(
    item("SP-R", "Die Spring Heavy Duty Red 25 x 12.5 x 51 mm", "7.40", "USD"),
    query="die spring 25 mm",
)


@pytest.mark.parametrize(
    ("draft", "failed"),
    [
        ("We have it in 25 mm: the Die Spring Heavy Duty Red at $7.40.", False),
        ("We have it in 51 mm too.", False),
        ("We have it in 32 mm as well.", True),
    ],
)
def test_every_number_of_a_dimension_is_in_its_unit(draft, failed):
    """Given a spring named "25 x 12.5 x 51 mm", when the draft says the shop has it in
    25 mm or 51 mm, then a size of the returned product is said; 32 mm is none."""
    ctx = turn(draft, locale="en", question="Do you have 25 mm die springs?", tools=[_SPRINGS])
    assert ("stock_contradiction" in check(ctx, second_reader=None)) is failed


@pytest.mark.parametrize(
    ("draft", "failed"),
    [
        ("Pues el Kit Sismógrafo 3C no lo trabajamos.", True),
        ("Bueno, el Kit Sismógrafo 3C no lo tenemos.", True),
        ("Pues el Kit Sismógrafo 1C no lo trabajamos.", False),
    ],
)
def test_a_discourse_word_before_a_denied_topic_is_not_the_topic(draft, failed):
    """Given the 3C kit returned in stock, when "pues / bueno" opens a sentence that
    denies it by a fronted topic, then the kit is denied; another kit is not."""
    kit = search(item("SIS-3C", "Kit Sismógrafo 3C", "540.00", "EUR"), query="kit 3C")
    ctx = turn(draft, locale="es-ES", question="¿Y el Kit 3C lo tenéis?", tools=[kit])
    assert ("stock_contradiction" in check(ctx, second_reader=None)) is failed


def test_a_bracketed_term_after_a_name_of_short_words_has_no_owner():
    """Given a product whose name has no word of four letters ("Kit 3C") and one the
    clause names after the bracket, when a warranty term is bracketed, then no product
    is named before it: the bracket reader leaves the products as they were (it once
    raised on the short name)."""
    kit = Product("K-3C", "Kit 3C", True, "2 años", True)
    school = Product("SIS-1", "Sismógrafo escolar", True, None, True)
    clause = "El Kit 3C está a 540,00 € (2 años de garantía) y el Sismógrafo escolar a 120,00 €"
    assert aside_owner(clause, [kit, school], ("garant",)) == [kit, school]
