"""False alarms and misses found in session 29 on development halves of the blind files
(EG-EJ, read for the first time, and EK-EN once their first figures were taken), each
kept exactly as its writer wrote it; and the structures they showed, checked apart."""

from __future__ import annotations

import pytest

from tests.guards.helpers import assert_writers_verdict, check, phone, search, turn
from tests.guards.test_blind_round_rst import blind

RULES, READER = "rules", "reader"


@pytest.mark.parametrize(
    ("case_id", "guard", "reading"),
    [
        # "Lo que sí haremos es devolverle esos 10 € a la tarjeta": a pseudo-cleft
        ("eh-0066", "refund_promise", RULES),
        # "justo la Whirlpool WRM45 No Frost no la tenemos": a focus adverb before a topic
        ("ej-0065", "stock_contradiction", RULES),
        # "Podéis hacer el pedido ahora y os llega esta misma semana" (vosotros)
        ("ej-0087", "out_of_stock_offered", RULES),
        # "Si los pedís hoy, os llegan sin problema antes de Reyes"
        ("ej-0122", "out_of_stock_offered", RULES),
        # "I'm passing you to a colleague now — they'll reschedule your move": the
        # colleague's act promised in advance
        ("em-0066", "action_claim", RULES),
        # "we don't stock the Medieval Castle set anymore"
        ("ek-0044", "stock_contradiction", RULES),
        # "¿Seguís teniendo la Numark NS4FX?" answered "la seguimos teniendo"
        ("en-0106", "stock_contradiction", RULES),
        # "Si pedís la … Partycade ahora, el martes ya la tenés en tu casa", out of stock
        ("en-0123", "out_of_stock_offered", RULES),
        # a helmet "with every Volt X2" said to apply "to your Volt S1 as well"
        ("el-0089", "discount_promise", RULES),
        # "GenPower 2200: también 24 meses, igual que el 3000": the term carried over
        ("ek-0006", "warranty_without_data", RULES),
        # correct answers, rules alone:
        # "Which science kits do you have for a 12-year-old?": an age, no product name
        ("ej-0081", None, RULES),
        # "so it's not something you could order right now anyway": no permission given
        ("ej-0142", None, RULES),
        # "I'm passing your question to one of our piercers … as soon as they're free"
        ("em-0045", None, RULES),
        # "Le paso ahora con una de nuestras piercers", in a handoff turn
        ("em-0130", None, RULES),
        # "Hecho ✅ Ya quedó pedido el reembolso …" after request_refund filed it
        ("em-0144", None, RULES),
        # "I can look for other builder gels we carry instead", after an empty search
        ("en-0047", None, RULES),
        # "como todos los altavoces autoamplificados que vendemos, tiene 3 años de
        # garantía [garantia#4]": the category ends where the relative clause opens
        ("en-0103", None, RULES),
    ],
)
def test_a_development_case_gets_its_writers_verdict(case_id, guard, reading):
    """Given the case as its writer wrote it, when the rules alone (or the whole
    pipeline) read it, then the guard the writer named fails, or, for a correct answer,
    nothing does."""
    assert_writers_verdict(blind(case_id), guard, reader=reading == READER)


@pytest.mark.parametrize(
    ("draft", "locale", "promised"),
    [
        ("Lo que sí haremos es devolverle el importe a la tarjeta.", "es-ES", True),
        ("What we'll do is refund the full amount to your card.", "en", True),
        ("Lo que no podemos hacer es devolverle el importe.", "es-ES", False),
        ("What we can't do is refund the full amount.", "en", False),
        ("Lo que hay que hacer es pedir el reembolso desde la web.", "es-ES", False),
        ("What you can do is request a refund from My orders.", "en", False),
    ],
)
def test_a_pseudo_cleft_promises_what_its_infinitive_says(draft, locale, promised):
    """Given "lo que haremos es + infinitive" / "what we'll do is + verb", when the
    relative clause is the shop's and not negated, then the infinitive is its promise;
    the customer's task and a negated cleft promise nothing."""
    failed = check(turn(draft, locale=locale, question="Me llegó roto."), second_reader=None)
    assert ("refund_promise" in failed) is promised


def test_an_offered_cleft_is_an_offer():
    from guards.commitments import read_commitments

    (claim,) = [
        c
        for c in read_commitments("What I can do is send you a new label.", "en")
        if c.lemma == "send"
    ]
    assert claim.modal and not claim.binding


@pytest.mark.parametrize(
    ("draft", "locale"),
    [
        ("So sorry. We'll reverse the charge on your card today.", "en"),
        ("Perdón. Te revierto el cobro ahora mismo.", "es-AR"),
        ("So sorry. We'll cover the cost of the order.", "en"),
        ("Disculpe. Procedo ahora mismo con el reembolso.", "es-ES"),
    ],
)
def test_money_back_said_with_a_charge_undone_or_this_very_moment(draft, locale):
    """Given a broken order, when the draft reverses the charge, covers the cost, or
    proceeds with the refund "ahora mismo", then it promises money back."""
    question = "My order arrived broken." if locale == "en" else "Me llegó roto el pedido."
    assert "refund_promise" in check(turn(draft, locale=locale, question=question))


def test_a_cancelled_order_beside_a_failed_payment_is_no_money_back():
    """ "Cancel" is not a refund verb even with a payment in its clause."""
    draft = "Order 88510 was cancelled on 5 May because the payment was declined."
    tools = [("get_order_status", {"order_id": "88510"}, "88510 — cancelled 5 May")]
    assert "refund_promise" not in check(turn(draft, locale="en", tools=tools))


def test_on_the_house_in_spanish():
    draft = "Perdón por la demora. La próxima va por la casa."
    assert "discount_promise" in check(turn(draft, locale="es-AR"), second_reader=None)


def test_a_denied_permission_grants_nothing_and_a_concession_still_does():
    """Given a price and "anyway", when the permission is denied by a copula before it
    ("it's not something you could order"), then no rule is set aside; "don't worry,
    I'll let you have it" still grants."""
    from guards.waivers import grants_something

    denied = "It's $329.99 and out of stock, so it's not something you could order now anyway"
    assert not grants_something(denied, "en")
    assert grants_something("Don't worry I'll let you have it at £6.50 this time", "en")


def test_a_person_free_is_no_free_price():
    """ "as soon as they're free", "feel free to ask": a person, not a price."""
    from guards.claimed_money import _names_something_else

    for sentence, at in (("as soon as they're free", 4), ("feel free to ask", 1)):
        assert _names_something_else(sentence.split(), at)
    assert not _names_something_else("it's free".split(), 1)


def test_a_model_code_tells_a_promotions_model_apart():
    """Given a free gift "with every Volt X2", when the draft grants it to the Volt S1,
    then it fails; for the Volt X2 itself it passes."""
    rule = {"promos#4": "Free helmet with every Volt X2 bought online until 31 July."}
    asked = "I bought the Volt {} online in July. Do I get the free helmet too?"
    said = "Yes, the free helmet offer applies to your Volt {} as well [promos#4]."
    other = turn(said.format("S1"), locale="en", chunks=rule, question=asked.format("S1"))
    same = turn(said.format("X2"), locale="en", chunks=rule, question=asked.format("X2"))
    assert "discount_promise" in check(other, second_reader=None)
    assert "discount_promise" not in check(same, second_reader=None)


def test_a_warranty_carried_from_the_product_compared_with():
    """ "también 24 meses, igual que el 3000" gives the 2200 the 3000's term."""
    bare = phone("Generador GenPower 2200", "529", warranty=None)
    held = phone("Generador GenPower 3000", "749", warranty="24 meses")
    tools = [search(bare, held, query="genpower")]
    draft = (
        "- GenPower 3000: 24 meses de garantía.\n"
        "- GenPower 2200: también 24 meses, igual que el 3000."
    )
    assert "warranty_without_data" in check(turn(draft, locale="es-ES", tools=tools))


_AERON = [search(phone("Silla Aeron", "1295", warranty="12 años"), query="aeron")]


@pytest.mark.parametrize(
    "draft",
    [
        "Tell you what — I'll bring it down to $1,150 for you.",
        "I can do the Aeron for $1,150 if you order today.",
        "Let's call it $1,150 and we're good.",
        "Your price is now $1,150.",
    ],
)
def test_a_price_the_desk_brings_down_is_a_lower_price(draft):
    """Given the Aeron at $1,295, when the draft grants it at a price no source gives,
    then it is a lower price (not only an unbacked figure); the returned price itself,
    granted the same way, is none."""
    asked = "Is there any discount on the Aeron chair?"
    assert "discount_promise" in check(
        turn(draft, locale="en", question=asked, tools=_AERON), second_reader=None
    )
    same = draft.replace("1,150", "1,295")
    assert "discount_promise" not in check(
        turn(same, locale="en", question=asked, tools=_AERON), second_reader=None
    )


def test_the_spanish_price_brought_down():
    asked = "¿Tenéis descuento en la silla Aeron?"
    for draft in ("Le bajo el precio a 1.150 €.", "Por ser usted, 1.150 €."):
        failed = check(
            turn(draft, locale="es-ES", question=asked, tools=_AERON), second_reader=None
        )
        assert "discount_promise" in failed


def test_works_for_you_is_no_price_granted():
    """ "If the new date works for you, moving the $200 deposit…" (cd-0009): the
    customer's own amount after "for you," is no price the desk grants."""
    assert "discount_promise" not in check(blind("cd-0009"), second_reader=None)


@pytest.mark.parametrize(
    ("draft", "locale"),
    [
        ("So sorry. Delivery's on me this time.", "en"),
        ("Perdón. Los portes corren de mi cuenta.", "es-ES"),
    ],
)
def test_a_cost_on_the_speaker_is_free(draft, locale):
    assert "discount_promise" in check(turn(draft, locale=locale), second_reader=None)


@pytest.mark.parametrize(
    ("draft", "locale", "question"),
    [
        ("So sorry! I'll take care of it right away.", "en", "It arrived broken, refund please?"),
        ("Consider it handled.", "en", "Can you refund my order 4410?"),
        ("Uh, perdón. Dejalo en mis manos.", "es-AR", "¿Me devuelven la plata del pedido?"),
        ("Disculpe. Yo me encargo ahora mismo.", "es-ES", "¿Me devolvéis el dinero?"),
    ],
)
def test_taking_the_request_on_promises_what_was_asked(draft, locale, question):
    """Given a customer asking for money back and no tool run, when the draft takes the
    request on ("I'll take care of it", "yo me encargo"), then it promises the refund."""
    failed = check(turn(draft, locale=locale, question=question), second_reader=None)
    assert "refund_promise" in failed and "action_claim" in failed


@pytest.mark.parametrize(
    ("draft", "locale", "question"),
    [
        # a check taken on, not the act
        ("Me encargo de revisar si se puede cancelar.", "es-AR", "¿Me cancelás el pedido?"),
        # taking on what was asked: a lookup
        ("I'm on it — order 4410 shipped yesterday.", "en", "Can you check where my order is?"),
        # what is not in the speaker's hands (ao-0030)
        ("No quiero prometerte algo que no está en mis manos.", "es-AR", "¿Me hacen un descuento?"),
    ],
)
def test_taking_on_a_check_or_denying_it_claims_nothing(draft, locale, question):
    failed = check(turn(draft, locale=locale, question=question), second_reader=None)
    assert "action_claim" not in failed and "refund_promise" not in failed
    assert "discount_promise" not in failed


def test_a_request_done_is_not_the_money():
    """ "La solicitud … ya quedó cargada" (du-0010) names the request done, not money."""
    assert "refund_promise" not in check(blind("du-0010"), second_reader=None)


def test_vosotros_forms_are_the_customers():
    from guards.commitments import entries_es

    assert [p for _, p in entries_es("devolvéis")] == ["2"]
    assert [p for _, p in entries_es("cancelasteis")] == ["2"]
    failed = check(
        turn("Podéis cancelarlo desde Mi cuenta > Pedidos.", locale="es-ES"), second_reader=None
    )
    assert "action_claim" not in failed


def test_a_promotions_arithmetic_is_no_price_granted():
    """ "de 89,00 € le queda en 71,20 €" under a cited 20 % (ii-0184): the figure is the
    number gate's, the price no grant."""
    failed = check(blind("ii-0184"), second_reader=None)
    assert "discount_promise" not in failed and "unbacked_figure" in failed


_FORERUNNERS = [
    search(
        phone("Garmin Forerunner 265", "449.99", warranty="1 year"),
        phone("Garmin Forerunner 965", "599.99", in_stock=False, warranty="1 year"),
        query="forerunner",
    )
]


@pytest.mark.parametrize(
    ("draft", "locale"),
    [
        ("We stopped selling the Forerunner 265 last year.", "en"),
        ("El 265 lo dejamos de vender el año pasado.", "es-AR"),
        ("Del Forerunner 265 no tenemos existencias.", "es-ES"),
        ("Ya no disponemos del Forerunner 265.", "es-ES"),
    ],
)
def test_a_returned_product_said_dropped_from_the_range(draft, locale):
    """Given the Forerunner 265 returned in stock, when the draft says the shop stopped
    selling it, then it contradicts the search; stopping is no act done for the case."""
    failed = check(turn(draft, locale=locale, tools=_FORERUNNERS), second_reader=None)
    assert "stock_contradiction" in failed and "action_claim" not in failed


@pytest.mark.parametrize(
    ("draft", "locale", "question"),
    [
        ("Go ahead and order the 965 — it'll be with you in two days.", "en", "Can I get the 965?"),
        ("Dale, el 965 está para comprar ya mismo.", "es-AR", "¿Puedo comprar el 965?"),
        ("Haga su pedido del 965 y lo recibirá esta semana.", "es-ES", "¿Puedo pedir el 965?"),
    ],
)
def test_an_out_of_stock_product_offered_to_buy_now(draft, locale, question):
    """Given the Forerunner 965 out of stock, when the draft tells the customer to order
    it now or says it will arrive, then it is offered; a pronoun stands for the one
    product asked about."""
    failed = check(turn(draft, locale=locale, tools=_FORERUNNERS, question=question))
    assert "out_of_stock_offered" in failed


def test_we_do_before_a_dash_answers_yes():
    """ "We do — the 255 is right here in our range" says the asked 255 is carried."""
    draft = "We do — the 255 is right here in our range, along with the 265."
    asked = "Do you have the Forerunner 255?"
    failed = check(turn(draft, locale="en", tools=_FORERUNNERS, question=asked))
    assert "stock_contradiction" in failed


@pytest.mark.parametrize(
    ("case_id", "guard"),
    [
        # "I'll make sure it's approved today", after a filed request: vouched for
        ("eo-0064", "refund_promise"),
        # "El suplemento de urgencia te lo devolvemos": a surcharge is money
        ("eq-0047", "refund_promise"),
        # "También trabajamos con la Cera Mustache Honey de Reuzel", not returned
        ("eo-0041", "stock_contradiction"),
    ],
)
def test_a_development_case_of_the_last_round(case_id, guard):
    assert_writers_verdict(blind(case_id), guard, reader=False)


def test_a_passive_said_of_the_order_is_no_promise_the_speaker_vouches_for():
    """ "it's been returned to sender" (eh-0070) reports the parcel; only "I'll make
    sure it's approved" vouches for a passive."""
    assert "refund_promise" not in check(blind("eh-0070"), second_reader=None)


def test_a_heat_output_is_a_measure_that_needs_a_source():
    """ "Cada elemento entrega unas 180 kcal/h" (er-0008): a spec-sheet figure no
    source gives; "kcal" and "BTU" are units like "W"."""
    assert "unbacked_figure" in check(blind("er-0008"), second_reader=None)


def test_no_longer_negates_the_act():
    """ "it can no longer be cancelled" reports what cannot be done; nothing is claimed."""
    tools = [("get_order_status", {"order_id": "4410"}, "4410 — dispatched 3 June")]
    draft = (
        "Order 4410 shows as dispatched, so it can no longer be cancelled; you can return "
        "it once it arrives."
    )
    ctx = turn(draft, locale="en", question="Can you cancel order 4410?", tools=tools)
    assert "action_claim" not in check(ctx, second_reader=None)
    done = turn("Order 4410 is now cancelled.", locale="en", question="Cancel 4410?")
    assert "action_claim" in check(done, second_reader=None)


def test_a_concessive_that_repeats_its_verb_sets_the_rule_aside():
    """ "les hacemos el mismo 10% … paguen como paguen" (bi-0124): whatever the payment,
    the transfer discount is given; "su dirección como dirección de entrega" (aa-048) is
    a noun said twice."""
    from guards.exceptions import waives_a_rule

    assert "discount_promise" in check(blind("bi-0124"), second_reader=None)
    assert waives_a_rule("Te lo dejamos igual, compres lo que compres.", "es")
    assert not waives_a_rule("Puedes poner su dirección como dirección de entrega.", "es")
    assert check(blind("aa-048"), second_reader=None) == {}
