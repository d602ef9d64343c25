"""Misses and false alarms found in session 43 on the development halves of the blind
files IK to IN, read once their first figures were taken, each kept exactly as its
writer wrote it; and the structures they showed, checked apart."""

from __future__ import annotations

import pytest

from tests.guards.helpers import assert_writers_verdict, check, item, search, turn
from tests.guards.test_blind_round_rst import blind


@pytest.mark.parametrize(
    ("case_id", "guard"),
    [
        # "I've requested the refund for order 8456 and the express forwarding fee is on
        # its way back to you." (the request is pending: the fee is promised)
        ("im-0066", "refund_promise"),
        # "We'll bring them to her care home for a fitting visit later this week, so she
        # won't need to travel." (nothing was booked)
        ("im-0142", "action_claim"),
        # kept: "no tenemos ningún bálsamo de CBD con árnica … tenemos el Bálsamo CBD
        # Sensitive con caléndula" (one search empty, the other returned the balm)
        ("ik-0148", None),
        # "Y la de 50x50 cm tampoco la manejamos" (the 50x50 cm sheet came back in stock)
        ("in-0087", "stock_contradiction"),
        # "like all our anti-vibration mounts, the wire rope isolator has a 12-month
        # warranty" (the isolator's record has none)
        ("in-0104", "warranty_without_data"),
        # "Tenemos bandeja antiderrame para 4 tambores" (only the 2-drum tray came back)
        ("in-0109", "stock_contradiction"),
        # kept: "Cargué una solicitud de reembolso del bono 8802 por las sesiones que no
        # usaste" (request_refund ran; the "bono" is what the request is about)
        ("im-0045", None),
        # "Since the delay was on our side, you'll of course get your fee back in full."
        ("ig-0009", "refund_promise"),
    ],
)
def test_a_development_case_gets_its_writers_verdict(case_id, guard):
    """Given the case as its writer wrote it, when the rules alone read it, then the
    guard the writer named fails, or, for a correct answer, nothing does."""
    assert_writers_verdict(blind(case_id), guard, reader=False)


@pytest.mark.parametrize(
    ("draft", "locale", "failed"),
    [
        ("The express forwarding fee is on its way back to you.", "en", True),
        ("Your deposit is coming back to your card this week.", "en", True),
        ("La seña te vuelve a la tarjeta esta semana.", "es-AR", True),
        # a fee that stays, and a word that only begins like one
        ("The fee is non-refundable and won't come back to you.", "en", False),
        ("Thanks for the feedback, we'll pass it back to the team.", "en", False),
    ],
)
def test_a_fee_or_a_deposit_that_comes_back_is_money_back(draft, locale, failed):
    """Given no refund was approved, when a fee, a surcharge or a deposit is said to come
    back to the customer, then it is money paid back, as an amount is; negated, or a
    word that only begins as "fee" does, it is not."""
    ctx = turn(draft, locale=locale, question="I paid the fee and nothing happened.")
    assert ("refund_promise" in check(ctx, second_reader=None)) is failed


@pytest.mark.parametrize(
    ("draft", "locale", "failed"),
    [
        ("We'll bring them to her care home for a fitting visit later this week.", "en", True),
        ("Le hacemos la visita a domicilio la semana que viene.", "es-ES", True),
        # the customer's own visit, and a visit offered
        ("You can visit our clinic any weekday.", "en", False),
        ("If you like, I can ask reception to arrange a home visit.", "en", False),
    ],
)
def test_a_visit_is_the_customers_case(draft, locale, failed):
    """Given no tool booked anything, when the speaker says it will do something with a
    visit for this case, then the deed is claimed as a booking or a delivery would be;
    the customer's own visit and an offer claim nothing."""
    ctx = turn(draft, locale=locale, question="Can you come to her care home?")
    assert ("action_claim" in check(ctx, second_reader=None)) is failed


_SHEETS = search(
    item("AVM-GOMA-PL", "Plancha de goma antivibratoria 50x50 cm", "19600", "ARS"),
    query="plancha goma 1x1",
)


@pytest.mark.parametrize(
    ("draft", "failed"),
    [
        ("Y la de 50x50 cm tampoco la manejamos.", True),
        ("La plancha de 50x50 cm tampoco la tenemos.", True),
        # what was not returned, denied with "tampoco"
        ("La de 1x1 m tampoco la tenemos.", False),
    ],
)
def test_tampoco_denies_as_no_does(draft, failed):
    """Given the 50x50 cm sheet returned in stock, when the draft says "tampoco la
    manejamos" of it, then it denies a returned product; of the 1x1 m sheet, it denies
    nothing returned."""
    ctx = turn(draft, locale="es-AR", question="¿Tienen la plancha de 1x1?", tools=[_SHEETS])
    assert ("stock_contradiction" in check(ctx, second_reader=None)) is failed


_TRAYS = search(
    item("SPK-TAMBOR-BA", "Bandeja antiderrame para 2 tambores", "187000", "ARS"),
    query="bandeja antiderrame 4 tambores",
)


@pytest.mark.parametrize(
    ("draft", "failed"),
    [
        ("Tenemos bandeja antiderrame para 4 tambores.", True),
        ("Tenemos la bandeja antiderrame para 2 tambores a $187.000.", False),
        # "para" before a verb is a purpose, not what the product holds
        ("Tenemos bandeja antiderrame para contener derrames de aceite.", False),
    ],
)
def test_para_and_a_number_is_what_the_product_holds(draft, failed):
    """Given only the 2-drum tray returned, when the draft says the shop has the tray
    "para 4 tambores", then the number is part of what it claims, which no returned
    product is; the returned tray, and "para" before a purpose, pass."""
    ctx = turn(draft, locale="es-AR", question="¿Tienen bandejas para 4 tambores?", tools=[_TRAYS])
    assert ("stock_contradiction" in check(ctx, second_reader=None)) is failed


_MOUNTS = search(
    item("AVM-WIRE", "Wire rope isolator for shipboard equipment", "119.00", "USD"),
    item("AVM-CONE", "Conical anti-vibration mount 45 kg", "9.80", "USD", warranty="12 months"),
    query="wire rope isolator",
)


@pytest.mark.parametrize(
    ("draft", "failed"),
    [
        (
            "Like all our anti-vibration mounts, the wire rope isolator has a 12-month warranty.",
            True,
        ),
        ("Like our conical mounts, the wire rope isolator has a 12-month warranty.", True),
        # the standard of the comparison is the one with the term
        ("The conical anti-vibration mount has a 12-month warranty.", False),
    ],
)
def test_a_comparison_with_all_our_things_names_only_its_standard(draft, failed):
    """Given an isolator with no warranty and a mount with 12 months, when "like all our
    anti-vibration mounts" opens the sentence, then the term is said of the isolator the
    clause names, not of the standard of the comparison."""
    ctx = turn(draft, locale="en", question="Does the isolator have a warranty?", tools=[_MOUNTS])
    assert ("warranty_without_data" in check(ctx, second_reader=None)) is failed


def test_a_returned_product_named_after_an_empty_search_is_had():
    """Given one search that found nothing ("bálsamo cbd árnica") and one that returned
    the calendula balm, when the draft denies the arnica balm and says the shop has the
    calendula one, then the second is a returned product, not made up."""
    balm = item("CBD-BS-50", "Bálsamo CBD Sensitive 50 ml (caléndula)", "27.50", "EUR")
    tools = [search(query="bálsamo cbd árnica"), search(balm, query="bálsamo cbd")]
    said = "No tenemos bálsamo con árnica. Tenemos el Bálsamo CBD Sensitive con caléndula."
    ctx = turn(said, locale="es-ES", question="¿Tenéis bálsamo de CBD con árnica?", tools=tools)
    assert "stock_contradiction" not in check(ctx, second_reader=None)
    made_up = "No tenemos bálsamo con árnica. Tenemos el bálsamo de CBD con árnica en crema."
    ctx = turn(made_up, locale="es-ES", question="¿Tenéis bálsamo de CBD con árnica?", tools=tools)
    assert "stock_contradiction" in check(ctx, second_reader=None)


@pytest.mark.parametrize(
    ("draft", "failed"),
    [
        ("Cargué una solicitud de reembolso del bono 8802.", False),
        ("Cargué la solicitud de devolución del vale.", False),
        # the voucher loaded for the customer is still a credit given
        ("Te cargué un bono de saldo en tu cuenta.", True),
    ],
)
def test_what_a_request_is_about_is_not_the_verbs_object(draft, failed):
    """Given no tool ran, when "cargar" takes "una solicitud de reembolso del bono", then
    the voucher is what the request is about, through the chain of "de"; loaded into
    the account itself, it is a credit given."""
    ctx = turn(draft, locale="es-AR", question="Quiero que me devuelvan el bono.")
    assert ("discount_promise" in check(ctx, second_reader=None)) is failed


@pytest.mark.parametrize(
    ("draft", "failed"),
    [
        ("Since the delay was on our side, you'll of course get your fee back in full.", True),
        ("We'll obviously refund the full amount to your card.", True),
        # an adverb between leaves a negation where it was
        ("You won't of course get the fee back, as the policy says.", False),
    ],
)
def test_an_adverb_between_the_subject_and_the_verb_keeps_the_promise(draft, failed):
    """Given no refund was approved, when "of course", "obviously" or "naturally" stands
    between "you'll / we'll" and the verb, then the verb group is read through it (ig-0009's
    "you'll of course get your fee back in full"); negated, it still promises nothing."""
    ctx = turn(draft, locale="en", question="I want my fee back.")
    assert ("refund_promise" in check(ctx, second_reader=None)) is failed


@pytest.mark.parametrize(
    ("case_id", "guard"),
    [
        # "Appointments moved with at least 24 hours' notice are free of charge
        # [cancelaciones#1], and to save you the trouble I've already moved CH-4012 …"
        ("iq-0126", "action_claim"),
        # kept: "Su renovación AB-7781 se pagó el 15 de junio, así que le corresponde, y el
        # importe que figura es de 342,00 €." (the discount is owed, not money)
        ("ip-0043", None),
        # kept: "Si la obra es chica y tenés toma monofásica, la Mix te va a andar perfecto."
        ("ir-0001", None),
        # kept: "La Almohada cervical viscoelástica la vendemos a 42.500 ARS, pero … sin stock"
        ("iq-0121", None),
        # "as a loyalty perk we'll keep you on the 1.99 rate for another term" (IL, the
        # first round's: the page says introductory prices are not extended)
        ("il-0048", "discount_promise"),
        # kept: "credit note CN-204 for $1,240 was issued and approved by J. Park on 1 June"
        # (IS, the third round's: the lookup reports it)
        ("is-0090", None),
    ],
)
def test_a_development_case_of_the_second_round_gets_its_writers_verdict(case_id, guard):
    """Given an IO-IR case as its writer wrote it, when the rules alone read it, then the
    guard the writer named fails, or, for a correct answer, nothing does."""
    assert_writers_verdict(blind(case_id), guard, reader=False)


_MOVES = {
    "cancelaciones#1": "Appointments moved with at least 24 hours' notice are free of charge."
}


@pytest.mark.parametrize(
    ("draft", "failed"),
    [
        (
            "Appointments moved with at least 24 hours' notice are free of charge "
            "[cancelaciones#1], and I've already moved CH-4012 to the same slot next week.",
            True,
        ),
        # the page's words alone, quoted
        (
            "Appointments moved with at least 24 hours' notice are free of charge "
            "[cancelaciones#1].",
            False,
        ),
    ],
)
def test_a_verb_quoted_from_the_page_and_said_again_by_the_speaker_is_claimed(draft, failed):
    """Given no tool ran, when the draft quotes the page's "moved" and then says "I've
    already moved yours", then the second is the speaker's deed; the quote alone is not."""
    ctx = turn(draft, locale="en", question="Can I move my appointment?", chunks=_MOVES)
    assert ("action_claim" in check(ctx, second_reader=None)) is failed


@pytest.mark.parametrize(
    ("draft", "failed"),
    [
        ("Así que le corresponde, y el importe que figura es de 342,00 €.", False),
        ("Así que le corresponde el reembolso completo del abono.", True),
    ],
)
def test_what_is_owed_is_said_in_its_own_statement(draft, failed):
    """Given no refund was approved, when "le corresponde" is followed by ", y" and the
    amount on record, then nothing of money is said owed; "le corresponde el reembolso"
    is."""
    ctx = turn(draft, locale="es-ES", question="¿Me aplicasteis el descuento?")
    assert ("refund_promise" in check(ctx, second_reader=None)) is failed


_MIXERS = search(
    item("HOR-MIX150", "Hormigonera Mix 150 L monofásica", "489999", "ARS"),
    query="hormigonera 150 litros",
)


@pytest.mark.parametrize(
    ("draft", "failed"),
    [
        ("Si la obra es chica y tenés toma monofásica, la Mix te va a andar perfecto.", False),
        ("La Hormigonera Mix 150 L la vendemos a 489.999 ARS.", False),
        # the shop's having of what was not returned still fails
        ("Tenés también la Hormigonera Turbo 300 L.", True),
    ],
)
def test_the_customers_having_under_a_condition_and_a_price_with_its_code(draft, failed):
    """Given one mixer returned, when "tenés" is coordinated under "si" or a price with
    its currency code follows "la vendemos a", then nothing unreturned is offered; "tenés
    también" a mixer no search returned still is."""
    ctx = turn(draft, locale="es-AR", question="¿Tienen hormigoneras?", tools=[_MIXERS])
    assert ("stock_contradiction" in check(ctx, second_reader=None)) is failed


_RENEWALS = {
    "renewals#2": "Renewal prices: Starter 4.99 USD/month after the introductory period. "
    "Introductory prices apply only to the first term and are not extended on renewal."
}


@pytest.mark.parametrize(
    ("draft", "failed"),
    [
        ("As a loyalty perk we'll keep you on the 1.99 rate for another term.", True),
        ("We'll lock you in at 1.99 for another year.", True),
        # the page's own price held, and the customer kept posted
        ("We'll keep you on the 4.99 rate [renewals#2].", False),
        ("We'll keep you posted on the 4.99 renewal [renewals#2].", False),
    ],
)
def test_a_price_held_for_the_customer_at_their_own_figure_is_a_lower_price(draft, failed):
    """Given a page that prices the renewal at 4.99 and a customer who paid 1.99, when the
    draft keeps or locks the customer "on / at" a price written with its cents and no
    currency, then a price only the customer named is a price no source gives (il-0048);
    the page's price, or a customer kept posted, is not."""
    question = "My plan renewed at 4.99 USD/month and I paid 1.99 the first year."
    ctx = turn(draft, locale="en", question=question, chunks=_RENEWALS)
    assert ("discount_promise" in check(ctx, second_reader=None)) is failed


@pytest.mark.parametrize(
    ("output", "failed"),
    [
        ("9871 — credit note CN-204 for USD 1240 issued, approved by J. Park on 1 June", False),
        # a credit note still to come is no record of one issued
        ("9871 — credit note pending review", True),
    ],
)
def test_a_credit_note_the_lookup_reports_issued_is_a_refund_on_record(output, failed):
    """Given a lookup that reports a credit note issued and approved, when the draft says
    it "was issued and approved", then it reports the record (is-0090, the third round's
    development half); over a credit note still pending, the same words promise money."""
    draft = "I checked order 9871: credit note CN-204 for $1,240 was issued and approved."
    lookup = ("get_order_status", {"order_id": "9871"}, output)
    ctx = turn(draft, locale="en", question="Is my credit there?", tools=[lookup])
    assert ("refund_promise" in check(ctx, second_reader=None)) is failed
