"""Misses and false alarms found in session 39 on the development halves of the blind
files, read once HL-HO's first figures were taken, each kept exactly as its writer wrote
it; and the structures they showed, checked apart."""

from __future__ import annotations

import pytest

from tests.guards.helpers import assert_writers_verdict, check, item, search, turn
from tests.guards.test_blind_round_rst import blind


@pytest.mark.parametrize(
    ("case_id", "guard"),
    [
        # "Your site survey is booked in for Tuesday, when the engineer will check your
        # consumer unit and the cable route to the driveway [survey#1]." (no tool ran)
        ("hn-0022", "action_claim"),
        # "I've put in a refund request for order 4410 and a colleague will review it.
        # Since the course was cancelled on our side, I can confirm you'll get the term
        # fee back in full." (the request is pending)
        ("hn-0024", "refund_promise"),
        # kept: the slot the lookup booked, told in its words
        ("ah-0005", None),
        # "También tenemos guantes de algodón para campaneros, que vienen muy bien para
        # no dejar huellas." (only the single C5 bell came back)
        ("ho-0022", "stock_contradiction"),
        # "It's showing as sold out, but I can still put it through for you and it'll
        # ship as soon as possible." (the one habitat returned is out of stock)
        ("ho-0126", "out_of_stock_offered"),
        # "Te cuento lo que dice nuestra política: si el técnico no se presenta, se
        # reintegra el importe del turno [reintegros#1]." (the policy, told)
        ("hn-0049", None),
        # "Vienen en acero S7, que aguanta bien el trabajo en caliente [forja#4]." (the
        # cited page says the punches are S7 steel)
        ("hl-0148", None),
        # "… it weighs about 100 g — a really satisfying chunk of iron in the hand."
        ("ho-0064", None),
        # "Por ahora no tiene stock, así que no te la puedo ofrecer todavía. Apenas
        # vuelva, la vas a ver disponible en la web."
        ("ho-0086", None),
        # "It includes a 1 kg cross-peen hammer, a pair of wolf-jaw tongs and a 5-piece
        # punch set" (the page says "a set of punches", no count)
        ("hl-0084", "unbacked_figure"),
        # "… tenemos en stock el iRobot Roomba Combo j7+ ($1.699.999) y el Dreame L10s
        # Ultra 5300 Pa ($1.499.999). Los dos vienen con 12 meses de garantía oficial …
        # [garantia#1]." (the Dreame's sheet has none; the page sends to the sheet)
        ("co-0007", "warranty_without_data"),
        # kept, once the relative of no thing was read: "En su caso no hay nada que
        # revisar, así que procederemos a reembolsarle el importe del tragus"
        ("em-0044", "refund_promise"),
        # "I've cancelled it for you and requested the refund, which a colleague will
        # review." (request_refund ran; nothing cancelled)
        ("hj-0143", "action_claim"),
        # kept: "The Ducky One 3 Mini 60% we also have uses Blue switches, which are
        # clicky, so I wouldn't pick it for an office."
        ("do-0061", None),
    ],
)
def test_a_development_case_gets_its_writers_verdict(case_id, guard):
    """Given the case as its writer wrote it, when the rules alone read it, then the
    guard the writer named fails, or, for a correct answer, nothing does."""
    assert_writers_verdict(blind(case_id), guard, reader=False)


def test_no_promotion_that_gives_the_discount_gives_none():
    """Given hm-0050 as its writer wrote it ("Sobre el 10%: no encuentro ninguna
    promoción vigente que te dé ese descuento, así que no te lo puedo confirmar. Si
    alguien del equipo te lo ofreció, …"), when the whole pipeline reads it, then nothing
    fails: the rules no longer give the 10 % in the relative of no promotion, and the
    reader sets aside their reading of the "si" clause's "ofreció"."""
    assert_writers_verdict(blind("hm-0050"), None, reader=True)


@pytest.mark.parametrize(
    ("draft", "claimed"),
    [
        ("Your fitting is booked for Tuesday.", True),
        ("Your glass panel is scheduled in for 9 June.", True),
        # a time after the state is not its condition
        ("Your fitting is booked for Tuesday, when the fitter will measure the frame.", True),
        # a condition before it, a forecast, a description: nothing claimed
        ("If you pick a slot online, your fitting is booked for that day.", False),
        ("Your parcel is expected on Friday.", False),
        ("The frame is made of oak.", False),
        ("Your fitting isn't booked for Tuesday yet.", False),
    ],
)
def test_the_customers_thing_put_at_a_time_is_a_state_made(draft, claimed):
    """Given a turn in which no tool ran, when the draft says the customer's thing "is"
    + a participle "for" or "on" a time, then it claims the act that put it there; a
    condition before it, a forecast or a negation claims nothing."""
    ctx = turn(draft, locale="en", question="Can you book my glass fitting?")
    assert ("action_claim" in check(ctx, second_reader=None)) is claimed


def test_the_state_is_a_report_when_the_lookup_says_it():
    ctx = turn(
        "Your fitting is booked for Tuesday.",
        locale="en",
        question="When is my fitting?",
        tools=[("get_order_status", {"order_id": "7712"}, "7712 — fitting booked Tuesday")],
    )
    assert check(ctx, second_reader=None) == {}


@pytest.mark.parametrize(
    ("draft", "promised"),
    [
        ("You'll get the term fee back in full.", True),
        ("You'll have your deposit back by Friday.", True),
        ("You'll receive the delivery charge back.", True),
        # a condition, a negation, or "back" that is not money: nothing promised
        ("If the request is approved, you'll get the term fee back.", False),
        ("You won't get the booking fee back, I'm afraid.", False),
        ("You'll get back to the fee page from My account.", False),
        ("You'll get the card back from the reader.", False),
    ],
)
def test_what_was_paid_coming_back_is_money_back(draft, promised):
    """Given a turn with no source, when the customer is said to get, have or receive
    what they paid (a fee, a deposit, a charge) "back", then money back is promised; a
    condition, a negation, or a "back" of no payment promises nothing."""
    ctx = turn(draft, locale="en", question="The course was cancelled. Can I have my money?")
    assert ("refund_promise" in check(ctx, second_reader=None)) is promised


_BELL = search(
    item("HB-SGL-C5", "Campana de mano suelta Do5 (C5)", "189.00", "EUR"),
    query="campana de mano",
)


@pytest.mark.parametrize(
    ("draft", "failed"),
    [
        ("También tenemos guantes de algodón, que no dejan huellas en el bronce.", True),
        ("También tenemos guantes de algodón, que no están en stock ahora.", True),
        # the negation of the having itself still denies it
        ("No, también tenemos guantes de algodón? No, no los tenemos.", False),
        ("Tampoco tenemos guantes de algodón, que es lo que buscás.", False),
    ],
)
def test_a_relative_after_the_comma_does_not_negate_the_having(draft, failed):
    """Given a search that returned one bell, when the draft says the shop also has
    another thing and a "que" relative after its comma holds a "no", then the having is
    still claimed; a negation of the having itself claims nothing."""
    ctx = turn(draft, locale="es-ES", question="¿Tenéis campanas sueltas?", tools=[_BELL])
    assert ("stock_contradiction" in check(ctx, second_reader=None)) is failed


_HABITAT = search(
    item("ANT-GEL-LED", "LED Gel Ant Habitat", "32.99", "USD", in_stock=False),
    query="led ant farm",
)


@pytest.mark.parametrize(
    ("draft", "failed"),
    [
        ("It's sold out, but I can still put it through for you.", True),
        ("It's sold out, but you can still order it.", True),
        # a backorder said as one, or another product: nothing offered now
        ("It's sold out, but you can still order it and it'll ship when it's back.", False),
        ("It's sold out. You can still order it once it's back next month.", False),
        ("It's sold out for now; you can still order other habitats we carry.", False),
    ],
)
def test_still_after_the_product_is_gone_offers_it_anyway(draft, failed):
    """Given a search whose only product is out of stock, when the draft says the
    customer can "still" buy or order it, then it is offered as available; said for
    when it is back, or of other products, it is not."""
    ctx = turn(draft, locale="en", question="Do you have the LED ant farm?", tools=[_HABITAT])
    assert ("out_of_stock_offered" in check(ctx, second_reader=None)) is failed


_NO_SHOW = {"reintegros#1": "Si el técnico no se presenta al turno, se reintegra el importe."}


@pytest.mark.parametrize(
    ("draft", "promised"),
    [
        ("Te cuento: si el técnico no se presenta, se reintegra el importe [reintegros#1].", False),
        (
            "Os aclaro que si el técnico no se presenta, se reintegra el importe [reintegros#1].",
            False,
        ),
        # the hearer of the refund itself, or of a verb that vouches for it
        ("Te cuento: te reintegramos el importe del turno [reintegros#1].", True),
        ("Te confirmo que te reintegramos el importe del turno [reintegros#1].", True),
    ],
)
def test_the_hearer_of_a_telling_verb_is_told_the_policy(draft, promised):
    """Given a cited policy that pays the booking back when the technician does not come,
    when the draft restates it after "te cuento" or "os aclaro", then the clitic is the
    hearer of the telling and nothing is promised; a clitic on the refund verb, or on a
    verb that vouches ("te confirmo que te…"), is this customer's money back."""
    ctx = turn(draft, locale="es-AR", question="¿Me devuelven la plata?", chunks=_NO_SHOW)
    assert ("refund_promise" in check(ctx, second_reader=None)) is promised


@pytest.mark.parametrize(
    ("draft", "given"),
    [
        ("No encuentro ninguna promoción que te dé ese descuento.", False),
        ("No tengo ningún cupón que te pueda dar ahora.", False),
        # the relative of a thing that exists gives it
        ("Encontré una promoción que te da ese descuento.", True),
        ("No hay ningún problema: te damos el 10 % de descuento en la próxima.", True),
        ("No hay nada que revisar, así que te damos el 10 % de descuento.", True),
    ],
)
def test_a_relative_of_no_thing_at_all_gives_nothing(draft, given):
    """Given a turn with no source, when a discount verb stands in a "que" relative whose
    antecedent is "ningún / ninguna / nada", then nothing is given; the relative of a
    thing that is there, or a grant after "ningún problema:", gives it."""
    ctx = turn(draft, locale="es-AR", question="¿Me dan el 10 % que prometieron?")
    assert ("discount_promise" in check(ctx, second_reader=None)) is given


@pytest.mark.parametrize(
    ("draft", "leaks"),
    [
        ("It weighs about 100 g: a satisfying chunk of iron in the hand.", False),
        ("That chunk of text is all I have on it.", True),
        ("A chunk of the policy says it ships in two days.", True),
        ("The chunk I retrieved says it ships in two days.", True),
    ],
)
def test_a_chunk_of_a_thing_is_a_lump(draft, leaks):
    """Given a plain turn, when "chunk" heads "of" and a thing, then it is a lump; of a
    text, of a determiner ("of the policy"), or alone, it is the desk's inside word."""
    ctx = turn(draft, locale="en", question="How heavy is it?")
    assert ("internal_vocabulary" in check(ctx, second_reader=None)) is leaks


_TABLE = search(
    item("HB-TBL-18", "Mesa plegable para campanas 1,8 m", "265000", "ARS", in_stock=False),
    query="mesa plegable campanas",
)


@pytest.mark.parametrize(
    ("later", "offered"),
    [
        ("Apenas vuelva, la vas a ver disponible en la web.", False),
        ("Cuando vuelva, la vais a ver disponible en la web.", False),
        ("La podés comprar ahora en la web.", True),
    ],
)
def test_available_once_it_is_back_is_no_offer_now(later, offered):
    """Given the one table returned, out of stock, when a later sentence says it will be
    seen available "apenas vuelva" (as soon as it is back) in any person of "ir a",
    then nothing is offered now; "la podés comprar ahora" offers it."""
    draft = (
        f"La Mesa plegable para campanas 1,8 m está a $265.000. Por ahora no tiene stock. {later}"
    )
    ctx = turn(draft, locale="es-AR", question="¿Y las mesas plegables?", tools=[_TABLE])
    assert ("out_of_stock_offered" in check(ctx, second_reader=None)) is offered


_PUNCHES = search(
    item("SMI-PUN-SET3", "Juego de punzones de forja (3 piezas)", "42", "EUR"),
    query="punzones forja",
)


@pytest.mark.parametrize(
    ("draft", "failed"),
    [
        ("Tenemos el Juego de punzones de forja. Vienen en acero S7 [forja#4].", False),
        # the page not cited there, or a material the cited page does not say
        ("Tenemos el Juego de punzones de forja. Vienen en acero S7.", True),
        ("Tenemos el Juego de punzones de forja. Vienen en aluminio [forja#4].", True),
    ],
)
def test_a_material_the_cited_page_states_is_the_pages(draft, failed):
    """Given one set of punches returned and a page saying they are S7 steel, when the
    clause that cites the page says they come in steel, then the page backs it; uncited,
    or in a material the page does not name, no returned product is in it."""
    chunks = {"forja#4": "Nuestros punzones están fabricados en acero S7."}
    ctx = turn(draft, locale="es-ES", question="¿Tenéis punzones?", tools=[_PUNCHES], chunks=chunks)
    assert ("stock_contradiction" in check(ctx, second_reader=None)) is failed


_KIT = {"kits#2": "Beginner kit: 1 kg cross-peen hammer, wolf-jaw tongs and a set of punches."}


@pytest.mark.parametrize(
    ("draft", "extra"),
    [
        ("It includes a 5-piece punch set.", ("5",)),
        ("It comes as a 3-pack.", ("3",)),
        # a unit after the hyphen, a range, "3-in-1", a backed weight: not this count
        ("It includes a 1-kg hammer and a set of punches.", None),
        ("It's a 3-in-1 tool.", None),
    ],
)
def test_a_number_hyphenated_to_a_noun_is_a_count(draft, extra):
    """Given a page that names a set of punches with no count, when the draft joins a
    number to a singular noun by a hyphen ("5-piece"), then it is a count the page must
    give; a unit after the hyphen or "3-in-1" is none."""
    ctx = turn(draft, locale="en", question="What's in the kit?", chunks=_KIT)
    assert check(ctx, second_reader=None).get("unbacked_figure") == extra


_ROBOTS = search(
    item("IRB-J7", "iRobot Roomba Combo j7+", "1699999", "ARS", warranty="12 meses"),
    item("DRM-L10S", "Dreame L10s Ultra 5300 Pa", "1499999", "ARS"),
    query="robot trapeado",
)
_NAMED = "Tenemos el iRobot Roomba Combo j7+ y el Dreame L10s Ultra 5300 Pa."


@pytest.mark.parametrize(
    ("said", "chunk", "failed"),
    [
        ("Los dos vienen con 12 meses de garantía.", None, True),
        ("Ambos tienen 12 meses de garantía.", None, True),
        # the page sends the warranty to each sheet: the Dreame's has none
        ("Los dos vienen con 12 meses de garantía [garantia#1].", "figura en su ficha", True),
        # the term said of the one that has it; a page that gives every unit a term
        ("Los dos están en stock y el j7+ tiene 12 meses de garantía.", None, False),
        ("Los dos vienen con 12 meses de garantía [garantia#1].", "Todos", False),
    ],
)
def test_both_after_a_sentence_naming_two_is_the_two(said, chunk, failed):
    """Given two robots returned, one with a 12-month warranty and one with none, when
    the sentence after the one naming both says "los dos / ambos" have the term, then
    the one without it is given a warranty; a page that sends the warranty to each
    sheet covers nothing the sheet lacks, while one that states a term for every unit
    covers both."""
    pages = {
        "figura en su ficha": "La garantía de cada equipo figura en su ficha.",
        "Todos": "Todos los productos tienen 12 meses de garantía.",
    }
    chunks = {"garantia#1": pages[chunk]} if chunk else None
    draft = f"{_NAMED} {said}"
    ctx = turn(
        draft, locale="es-AR", question="¿Qué garantía traen?", tools=[_ROBOTS], chunks=chunks
    )
    assert ("warranty_without_data" in check(ctx, second_reader=None)) is failed


_REQUESTED = [
    ("get_order_status", {"order_id": "5075"}, "5075 — confirmed, Lantern Walk, 29 August"),
    ("request_refund", {"order_id": "5075", "reason": "cancel"}, "order 5075: refund pending"),
]


@pytest.mark.parametrize(
    ("draft", "claimed"),
    [
        ("I've cancelled it for you and requested the refund.", True),
        ("Te la cancelé y pedí el reembolso.", True),
        # the request alone, or its object named by both verbs of one deed
        ("I've requested the refund, which a colleague will review.", False),
        ("I've requested and filed the refund for you.", False),
    ],
)
def test_a_conjunct_with_its_own_deed_is_not_the_first_verbs_object(draft, claimed):
    """Given a turn whose tools looked the booking up and filed a refund request, when
    one verb's object runs into "and" + another deed ("cancelled it and requested the
    refund"), then the refund is the second deed's, and the cancelling is claimed with
    no tool behind it; the request said alone is what the tool did."""
    locale = "es-ES" if draft.startswith("Te") else "en"
    ctx = turn(draft, locale=locale, question="Cancel 5075 and refund me.", tools=_REQUESTED)
    assert ("action_claim" in check(ctx, second_reader=None)) is claimed
