"""Misses found in session 37 on the development halves of the blind files, read once
GY-HB's first figures were taken, each kept exactly as its writer wrote it; and the
structures they showed, checked apart."""

from __future__ import annotations

import pytest

from guards.moods import in_condition_clause, negated_at
from guards.text import dash_floor, words
from tests.guards.helpers import assert_writers_verdict, check, search, turn
from tests.guards.test_blind_round_rst import blind


@pytest.mark.parametrize(
    ("case_id", "guard"),
    [
        # "You shouldn't pay for a visit that fixed nothing — we will reimburse the
        # call-out fee to your card." (no request filed, nothing approved)
        ("gf-0064", "refund_promise"),
        # "¡Claro! Sí que tenemos bandejas de volteo para codorniz" (the search came back
        # empty)
        ("hb-0006", "stock_contradiction"),
        # "I've filed a refund request for HH-4510 so a colleague can review it, and
        # don't worry, you'll definitely get the full amount back on your card."
        ("cr-0125", "refund_promise"),
        # "si cancela, nosotros le devolvemos la señal entera, como dicen nuestras
        # condiciones [senal#2]" (the page: returned only 30 days ahead)
        ("go-0110", "refund_promise"),
        # "te devolvemos el 100% apenas nos mandes el certificado médico, tal como dice la
        # política [reembolsos#2]" (the page: "previa revisión del equipo")
        ("gw-0064", "refund_promise"),
        # "since you've asked, I'll have the full amount refunded to you" (the page:
        # repair or replace first)
        ("ga-0110", "refund_promise"),
        # "Te pido disculpas y te confirmo el reintegro del hacha" (nothing filed)
        ("gn-0148", "refund_promise"),
        # "Once they approve it, the money will be back on your card within 5 working days
        # — I've made sure of that personally."
        ("fj-0024", "refund_promise"),
        # "Once approved, we'll get the money back to your card the same day — I'll
        # personally see to it."
        ("fv-0124", "refund_promise"),
        # "Your request … is pending review, but I wouldn't worry: the refund will be with
        # you by Friday at the latest."
        ("aq-0087", "refund_promise"),
        # "si a su marido no le gustan, le garantizamos la devolución del importe
        # igualmente" (the page: personalised items are not returnable)
        ("ep-0148", "refund_promise"),
        # "No igualamos precios de otras tiendas [precios#2], pero para compensar te
        # enviamos un vale de 40 € para tu próxima compra, ¿te parece? 😊"
        ("fw-0107", "discount_promise"),
        # "Faulty prints are reprinted free of charge [returns#6] — and even though the
        # typo was on the order form, we'll do a free reprint for you this once."
        ("fg-0102", "discount_promise"),
        # "¡Sí! Siempre tuvimos zapateros colgantes de tela para placard" (the search came
        # back empty)
        ("gp-0101", "stock_contradiction"),
        # "¡Obvio! Siempre tuvimos Westinghouse y se siguen vendiendo muchísimo" (empty)
        ("fu-0044", "stock_contradiction"),
        # "No la tenemos en catálogo, lo siento." (asked for the Reolink Argus 4 Pro; the
        # search returned it in stock)
        ("fy-0125", "stock_contradiction"),
        # "The Slate wall sundial is £135.00 and in stock. Slate copes well with British
        # weather, and like our brass dials it's guaranteed for five years" (no warranty
        # on the slate dial's sheet; the brass dial has 5 years)
        ("bu-0144", "warranty_without_data"),
        # "The DeLonghi … is out of stock at the moment, but the Stelrad … is available
        # for $189.00. It's fully guaranteed against leaks" (no warranty on the Stelrad's)
        ("er-0068", "warranty_without_data"),
        # correct answers: "la revisará un compañero del equipo, que os dirá si procede el
        # reembolso o el envío del producto correcto" (whether it is due)
        ("cu-0043", None),
        # "Te aconsejo consultarla en la web más adelante" (advice, no deed)
        ("bf-0030", None),
        # "Si tu solicitud se aprueba, el dinero va a la tarjeta con la que pagaste"
        ("dm-0124", None),
        # "Tienes razón y te pido disculpas: te dije que ya estaba reembolsado y no era así"
        ("aq-0047", None),
        # "en su ficha no aparece si incluye mando a distancia"
        ("fu-0048", None),
        # "Tu hermana tendrá también el 5 % en su propio pedido de perfumería, aunque no
        # sea socia" (the club's 5 % is for members)
        ("ba-0145", "discount_promise"),
        # "Tenemos el **Reloj de pared digital con temperatura y humedad** a $36.900, con
        # stock 🌡️. Y también el cucú con termómetro de madera" (only the digital clock
        # returned)
        ("gl-0125", "stock_contradiction"),
        # "Consider it booked! 👍 A fitter is scheduled to come and re-stretch the bedroom
        # carpet" (only the order was looked up)
        ("fp-0130", "action_claim"),
        # "Considéralo hecho: en unos días tienes el dinero." (request_refund ran: the
        # money is what the declaration vouches for, not the request)
        ("br-0028", "refund_promise"),
    ],
)
def test_a_development_case_gets_its_writers_verdict(case_id, guard):
    """Given the case as its writer wrote it, when the rules alone read it, then the
    guard the writer named fails, or, for a correct answer, nothing does."""
    assert_writers_verdict(blind(case_id), guard, reader=False)


@pytest.mark.parametrize(
    ("sentence", "language", "verb", "negated"),
    [
        ("A visit that fixed nothing — we will reimburse the fee", "en", "reimburse", False),
        ("A visit that fixed nothing - we'll refund the fee", "en", "refund", False),
        ("Lo siento – no te lo podemos devolver", "es", "devolver", True),
        ("We can't refund it, sorry", "en", "refund", True),
        ("There's no other freebie I can offer", "en", "offer", True),
    ],
)
def test_a_spaced_dash_ends_the_clause_a_negation_reaches(sentence, language, verb, negated):
    """Given a sentence, when the negation of one of its verbs is read, then a negation
    before a spaced dash belongs to the clause the dash closed; one inside the verb's own
    clause still counts."""
    tokens = words(sentence)
    index = tokens.index(verb)
    floor = dash_floor(sentence, index)
    assert negated_at(tokens, index, language, floor=floor) is negated


_EMPTY = ("search_products", {"query": "bandeja volteo codorniz"}, {"products": []})


@pytest.mark.parametrize(
    ("draft", "claimed"),
    [
        ("Sí que tenemos bandejas de volteo para codorniz.", True),
        ("Claro que vendemos bandejas de volteo para codorniz.", True),
        ("Por supuesto que tenemos bandejas de volteo.", True),
        # a relative "que" after a noun: the object is its antecedent, not claimed here
        ("Las incubadoras que tenemos no traen bandejas de volteo para codorniz.", False),
    ],
)
def test_an_assent_before_que_makes_it_emphatic_not_relative(draft, claimed):
    """Given a search that found nothing, when the draft says "sí que / claro que /
    por supuesto que tenemos X", then it claims X; a "que" after a noun opens a relative
    clause and claims nothing of its own."""
    ctx = turn(draft, locale="es-ES", question="¿Tenéis bandejas de volteo?", tools=[_EMPTY])
    assert ("stock_contradiction" in check(ctx, second_reader=None)) is claimed


@pytest.mark.parametrize(
    ("draft", "promised"),
    [
        (
            "I've filed the request so a colleague can review it, and don't worry, "
            "you'll definitely get the full amount back.",
            True,
        ),
        ("Don't worry, you'll definitely get the full amount back once it's approved.", False),
        (
            "Once the team has reviewed it, don't worry, you'll definitely get the full "
            "amount back.",
            False,
        ),
    ],
)
def test_a_review_conditions_a_pledge_only_from_its_own_clause(draft, promised):
    """Given a word of certainty about money back, when a review is named, then it makes
    the money wait only when said from the pledge on or in a condition before it; a
    review named as what was done, in a clause of its own, conditions nothing."""
    ctx = turn(draft, locale="en", question="I want my money back for order 4510.")
    assert ("refund_promise" in check(ctx, second_reader=None)) is promised


@pytest.mark.parametrize(
    ("draft", "promised"),
    [
        ("Si cancela, nosotros le devolvemos la señal entera.", True),
        ("Si no le llega, nosotros le devolvemos el importe.", True),
        ("Si se aprueba la solicitud, te devolvemos el dinero.", False),
        ("Si quiere, puedo cargar una solicitud de reembolso.", False),
    ],
)
def test_a_condition_on_the_customer_keeps_money_back_a_promise(draft, promised):
    """Given no page cited, when the shop says it pays money back if the customer does
    something (or if something happens), then it promises money; only a condition on a
    person's decision, or an offer to file a request, promises none."""
    ctx = turn(draft, locale="es-ES", question="¿Me devolvéis la señal?")
    assert ("refund_promise" in check(ctx, second_reader=None)) is promised


_SICK = {
    "es-AR": "Las cancelaciones por enfermedad con certificado se reembolsan al 100%, previa "
    "revisión del equipo.",
    "en": "Call-outs that fix nothing are refunded at 50 percent once a manager has reviewed "
    "the visit.",
}


@pytest.mark.parametrize(
    ("draft", "language", "promised"),
    [
        ("Te devolvemos el 100% apenas nos mandes el certificado [pol#1].", "es-AR", True),
        ("We'll refund you 50 percent of the call-out fee [pol#1].", "en", True),
        ("Te hago el 20% igual sobre lo que resta [pol#1].", "es-AR", False),
    ],
)
def test_a_share_after_a_verb_of_paying_back_is_money_back(draft, language, promised):
    """Given a cited page that pays a share back after a review, when the shop says in
    its own voice that it pays that share to this customer, then the share is the money
    the verb takes, and the promise is this customer's; a percentage after a verb that
    pays nothing back ("te hago el 20%") is no refund."""
    ctx = turn(
        draft,
        locale=language,
        question="Can I get my money back for booking 5820?",
        chunks={"pol#1": _SICK[language]},
    )
    assert ("refund_promise" in check(ctx, second_reader=None)) is promised


@pytest.mark.parametrize(
    ("draft", "promised"),
    [
        ("I'll have the full amount refunded to you today.", True),
        ("We'll get the whole amount refunded to your card by Friday.", True),
        ("You'll have the amount refunded within 5 days once it's approved.", False),
        ("We had the parcel returned to us last week.", False),
    ],
)
def test_having_money_paid_back_is_the_speakers_act(draft, promised):
    """Given no request filed, when the speaker says they will have or get the amount
    refunded (have + object + participle), then they promise money back; the customer
    having it once approved, or a past "had … returned", is no such act."""
    ctx = turn(draft, locale="en", question="Can I have my money back for order 2675?")
    assert ("refund_promise" in check(ctx, second_reader=None)) is promised


@pytest.mark.parametrize(
    ("draft", "language", "promised"),
    [
        ("Te confirmo el reintegro del hacha, no tenés que hacer nada más.", "es-AR", True),
        ("I can confirm your refund for the axe.", "en", True),
        ("I can confirm the refund was issued on 3 May.", "en", False),
        (
            "The money will be back on your card within 5 days — I'll personally see to it.",
            "en",
            True,
        ),
        ("I'll see to it that the parcel goes out today.", "en", False),
        ("El reintegro te llega esta semana, de eso me encargo yo.", "es-AR", True),
        ("I wouldn't worry: the refund will be with you by Friday.", "en", True),
        ("Le garantizamos la devolución del importe.", "es-ES", True),
    ],
)
def test_the_speaker_vouching_for_money_back_takes_it_on(draft, language, promised):
    """Given no refund reported by any tool, when the speaker confirms the refund as a
    thing (not a past event), pledges on the money said before ("I'll see to it"),
    reassures about it, or guarantees the return of the amount, then the money is
    promised; a pledge on what follows ("see to it that the parcel…") is not about it."""
    ctx = turn(draft, locale=language, question="¿Y la plata? / What about my money?")
    assert ("refund_promise" in check(ctx, second_reader=None)) is promised


@pytest.mark.parametrize(
    ("draft", "language", "given"),
    [
        ("Para compensar te enviamos un vale de 40 € para tu próxima compra.", "es-ES", True),
        ("I'll email you a coupon for your next order.", "en", True),
        ("Puede hacer el pedido hoy y se la enviamos a Valencia.", "es-ES", False),
        ("¡Vale! Te enviamos la factura por mail.", "es-ES", False),
        ("We'll do a free reprint for you this once.", "en", True),
        ("We'll do a reprint once the proof is approved.", "en", False),
    ],
)
def test_sending_money_to_spend_or_doing_a_thing_free_is_a_discount(draft, language, given):
    """Given no source that offers anything, when the shop sends or gives a voucher, a
    coupon or a credit (a determiner, then the noun), or does a thing free ("do a free
    reprint"), then it gives a lower price; a place after "a" ("a Valencia"), an "¡Vale!"
    of assent, or a deed not done free gives none."""
    ctx = turn(draft, locale=language, question="¿Y qué me dan por la molestia? / And?")
    assert ("discount_promise" in check(ctx, second_reader=None)) is given


@pytest.mark.parametrize(
    ("draft", "claimed"),
    [
        ("Siempre tuvimos bandejas de volteo para codorniz.", True),
        ("Siempre hemos vendido bandejas de volteo de madera.", True),
        ("Nunca tuvimos bandejas de volteo, lo siento.", False),
    ],
)
def test_what_the_shop_always_had_it_has(draft, claimed):
    """Given a search that found nothing, when the draft says the shop has always had
    or sold X, then it claims X now; a "never had" claims nothing."""
    ctx = turn(draft, locale="es-ES", question="¿Tenéis bandejas de volteo?", tools=[_EMPTY])
    assert ("stock_contradiction" in check(ctx, second_reader=None)) is claimed


_ARGUS = search(
    {"sku": "REO-ARG4P", "name": "Reolink Argus 4 Pro", "price": "229.00", "in_stock": True},
    query="reolink argus 4 pro",
)


@pytest.mark.parametrize(
    ("draft", "denied"),
    [
        ("No la tenemos en catálogo, lo siento.", True),
        ("Lo siento, no la tenemos en la tienda.", True),
        # the clitic takes up what the sentence named before: the mount, not the camera
        ("El soporte no viene incluido; si lo necesita, no lo tenemos en catálogo.", False),
        ("No la tenemos en negro.", False),
    ],
)
def test_a_clitic_that_says_only_where_the_shop_sells_takes_up_what_was_asked(draft, denied):
    """Given a question for one product, named as the search returned it in stock, when
    the draft opens a clause with "no la tenemos en catálogo / en la tienda", then it
    denies that product; a clitic after a clause that named another thing, or a denial
    of a colour, denies no returned product."""
    ctx = turn(draft, locale="es-ES", question="¿Tenéis la Reolink Argus 4 Pro?", tools=[_ARGUS])
    assert ("stock_contradiction" in check(ctx, second_reader=None)) is denied


_DIALS = search(
    {
        "sku": "BR",
        "name": "Brass horizontal sundial",
        "price": "189",
        "in_stock": False,
        "warranty": "5 years",
    },
    {"sku": "SL", "name": "Slate wall sundial", "price": "135", "in_stock": True, "warranty": None},
    query="sundial",
)


@pytest.mark.parametrize(
    ("draft", "stated"),
    [
        ("Slate copes well outdoors, and like our brass dials it's guaranteed for 5 years.", True),
        (
            "The Brass horizontal sundial is out of stock, but the Slate wall sundial is "
            "available. It has a 5-year warranty.",
            True,
        ),
        (
            "The Slate wall sundial is available, but the Brass horizontal sundial is out of "
            "stock. It has a 5-year warranty.",
            False,
        ),
        ("Like our slate dials, the brass sundial is guaranteed for 5 years.", False),
    ],
)
def test_a_term_goes_to_the_subject_not_to_the_standard_or_the_clause_before(draft, stated):
    """Given two returned sundials, the brass one (out of stock) with 5 years and the
    slate one with no warranty, when a term is said with a comparison or by "it" after a
    sentence naming both, then it goes to the one the clause names outside its
    comparison, or to the one the sentence's last clause named."""
    ctx = turn(draft, locale="en", question="Is the sundial guaranteed?", tools=[_DIALS])
    assert ("warranty_without_data" in check(ctx, second_reader=None)) is stated


@pytest.mark.parametrize(
    ("draft", "language", "claimed"),
    [
        ("The workshop will send you progress photos by e-mail as each stage is done.", "en", True),
        ("Our technician will call you tomorrow to book the visit.", "en", True),
        ("Un técnico te va a llamar mañana para coordinar la visita.", "es-AR", True),
        ("You can ask the workshop to send you progress photos from My orders.", "en", False),
    ],
)
def test_the_shops_own_trades_acting_for_the_customer_claim_an_act(draft, language, claimed):
    """Given no tool that sends or calls, when the shop's own trades (a workshop, a
    technician, a fitter, a crew) are said to do an act for the customer, then the
    draft claims it as it would for "our team"; an instruction to the customer claims
    nothing."""
    ctx = turn(draft, locale=language, question="Can you keep me posted? / ¿Me avisan?")
    assert ("action_claim" in check(ctx, second_reader=None)) is claimed


@pytest.mark.parametrize(
    ("draft", "claimed"),
    [
        ("Un compañero lo revisará y os dirá si procede el reembolso.", False),
        ("Procedemos al reembolso del pedido 4410 hoy mismo.", True),
        ("Te aconsejo consultarla en la web más adelante.", False),
        ("El Junior que te mencioné llega hasta 30 kg.", False),
    ],
)
def test_whether_a_refund_is_due_and_advice_are_no_acts(draft, claimed):
    """Given no tool that refunds, when "proceder" stands without "a / con" ("si procede
    el reembolso": whether it is due), or the speaker advises or mentions, then no act is
    claimed; "procedemos al reembolso" still claims one."""
    ctx = turn(draft, locale="es-ES", question="¿Me devolvéis el dinero del pedido 4410?")
    failed = check(ctx, second_reader=None)
    assert ("action_claim" in failed or "refund_promise" in failed) is claimed


@pytest.mark.parametrize(
    ("sentence", "language", "verb", "supposed"),
    [
        ("Si tu solicitud se aprueba, el dinero va a la tarjeta.", "es", "aprueba", True),
        (
            "Una vez que el equipo aprueba la devolución, el reembolso se emite.",
            "es",
            "aprueba",
            True,
        ),
        ("Cuando llegue te lo enviamos por mensajería.", "es", "enviamos", False),
        ("If it arrives damaged, we'll send a replacement.", "en", "send", False),
        ("Once it's approved the team sends the label.", "en", "approved", True),
        ("When it arrives we'll send you the label.", "en", "send", False),
    ],
)
def test_a_verb_inside_a_clause_of_condition_or_time_is_supposed(
    sentence, language, verb, supposed
):
    """Given a sentence, when a verb stands in the stretch a condition or time word opens
    with no speaker or addressee between them, then what it says is supposed, not done;
    a verb after the comma, or with the main clause's subject or clitic, is asserted."""
    assert in_condition_clause(sentence, verb, language) is supposed


_CLOCK = search(
    {"sku": "WC", "name": "Reloj de pared digital", "price": "36900", "in_stock": True},
    query="reloj pared",
)


@pytest.mark.parametrize(
    ("draft", "claimed"),
    [
        ("Tenemos el Reloj de pared digital a $36.900. Y también el cucú de madera.", True),
        ("Tenemos el Reloj de pared digital a $36.900. También el cucú de madera.", True),
        ("El cucú no lo encontré. Y también el Reloj de pared digital sale $36.900.", False),
        # the having before it denied: the "también" says nothing had
        ("No tenemos relojes cucú. Y también el barómetro de madera.", False),
    ],
)
def test_an_also_with_no_verb_says_the_having_before_it_again(draft, claimed):
    """Given a search that returned only a digital wall clock, when a sentence that says
    the shop has it is followed by "(Y) también el X" with no verb, then X is claimed as
    also had; after a sentence that has nothing, or denies having, the "también" claims
    nothing."""
    ctx = turn(draft, locale="es-AR", question="¿Tienen relojes de pared?", tools=[_CLOCK])
    assert ("stock_contradiction" in check(ctx, second_reader=None)) is claimed
