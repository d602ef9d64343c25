"""False alarms and misses found in session 30 on the development halves of ES-EV, read
once their first figures were taken, each kept exactly as its writer wrote it; and the
structures they showed, checked apart."""

from __future__ import annotations

import pytest

from tests.guards.helpers import assert_writers_verdict, check, search, turn
from tests.guards.test_blind_round_rst import blind

RULES, READER = "rules", "reader"


@pytest.mark.parametrize(
    ("case_id", "guard", "reading"),
    [
        # "También tenemos el Garrett AT Max": a model code in capitals is no preposition
        ("ev-0022", "stock_contradiction", RULES),
        # "Contamos también con la Dymo LabelManager 280" when only the 160 came back
        ("ev-0044", "stock_contradiction", RULES),
        # "Calculo que esta semana ya te estaríamos devolviendo los $32.000" (an older
        # development half): the conditional progressive as a softened future
        ("cd-0023", "refund_promise", RULES),
        # "¡Sí! Tenemos mates de vidrio forrados en cuero" / "mates de cerámica
        # pintados" over the one wooden mate the search returned (older halves)
        ("ax-0163", "stock_contradiction", RULES),
        ("ax-0064", "stock_contradiction", RULES),
        # EW-EZ's development halves:
        # "¡Ay, justo ese no lo tenemos 😕" after "¿Tienen el Echinopsis 'Flying Saucer'?"
        ("ew-0147", "stock_contradiction", RULES),
        # "Rest assured, our team will refund you in full once the inspection is done"
        ("ex-0082", "refund_promise", RULES),
        # "we've got 20 on the shelf": a count of the stock
        ("ez-0045", "unbacked_figure", RULES),
        # "Podéis pagarla en 3 plazos" with no plan in any source
        ("ez-0066", "unbacked_figure", RULES),
        # "Además trabajamos el kit completo de catcher Marucci"
        ("ez-0141", "stock_contradiction", RULES),
        # "Ya la he movido al jueves" after the installation was named: "ya", a clitic
        # and the perfect speak of this case
        ("ey-0002", "action_claim", RULES),
        # correct answers, rules alone:
        # "Como el resto de bolas de bolos, tiene 2 años de garantía …; eso sí, el
        # desgaste … no está cubierto [garantia#1]"
        ("ev-0005", None, RULES),
        # "The newer Equinox 900 ($1,049) is part of our range too, but it's currently
        # out of stock, so the 800 is the one I can offer you today"
        ("ev-0021", None, RULES),
        # "le puedo mirar qué detectores de los que sí trabajamos se adaptan mejor"
        ("ev-0029", None, RULES),
    ],
)
def test_a_development_case_gets_its_writers_verdict(case_id, guard, reading):
    """Given the case as its writer wrote it, when the rules alone (or the whole
    pipeline) read it, then the guard the writer named fails, or, for a correct answer,
    nothing does."""
    assert_writers_verdict(blind(case_id), guard, reader=reading == READER)


_EQUINOX = [
    {"sku": "EQX-800", "name": "Minelab Equinox 800", "price": "899.00", "in_stock": True},
    {"sku": "EQX-900", "name": "Minelab Equinox 900", "price": "1049.00", "in_stock": False},
]


@pytest.mark.parametrize(
    ("draft", "denied"),
    [
        # the "it" takes up the 900 the sentence named before
        ("The Equinox 900 is in our range, but it's out of stock, so the 800 is the one.", False),
        # nothing named before: the "it" is the 800 itself
        ("Sorry, it's out of stock, so I can't send the Equinox 800 today.", True),
        # the 800 named before its own "out of stock"
        ("The Equinox 800 is out of stock, so the 900 is the one I can offer.", True),
    ],
)
def test_out_of_stock_said_before_a_consequence_is_the_earlier_products(draft, denied):
    """Given the 800 in stock and the 900 out, when "it's out of stock" comes after the
    900 and the 800 only after "so", then the 800 is not denied; with no product before
    it, or the 800 itself before it, it is."""
    ctx = turn(draft, locale="en", tools=[search(*_EQUINOX, query="minelab equinox")])
    failed = check(ctx, second_reader=None)
    assert ("stock_contradiction" in failed) is denied


_EMPTY = [search(query="minelab gpz 7000")]


@pytest.mark.parametrize(
    ("draft", "claimed"),
    [
        ("No lo tenemos. Le miro qué detectores de los que sí trabajamos le sirven.", False),
        ("No lo tenemos. Los que sí tenemos son los Garrett AT Gold.", True),
    ],
)
def test_a_relative_clause_of_the_range_claims_only_past_its_copula(draft, claimed):
    """Given an empty search, when "tenemos" sits in a relative clause ("los que sí
    trabajamos"), then what follows it is no object of the shop's; a copula after it
    ("… son los Garrett AT Gold") names what the shop says it has."""
    failed = check(turn(draft, locale="es-ES", tools=_EMPTY), second_reader=None)
    assert ("stock_contradiction" in failed) is claimed


@pytest.mark.parametrize(
    ("sentence", "language", "state"),
    [
        ("You're all booked in for Saturday morning.", "en", "booked"),
        ("Ya quedás agendado para el sábado a la mañana.", "es", "agendado"),
        ("Ya estás reservado para el sábado.", "es", "reservado"),
        ("Quedas apuntado para el sábado.", "es", "apuntado"),
        # ready, not an act
        ("I checked the order and recycling is on it, so you're all set.", "en", None),
        ("Ya estás listo para manejar.", "es", None),
    ],
)
def test_the_customer_said_to_be_in_a_state_an_act_made(sentence, language, state):
    """Given no tool that booked anything, when the customer is said to be booked,
    scheduled or put down for a slot, then the participle is a state only an act made;
    "all set" and "listo" say ready."""
    from guards.done_states import done_state

    assert done_state(sentence, language, "") == state


def test_a_citation_closes_the_sentences_a_semicolon_joins():
    """Given a ball whose sheet has no warranty and a chunk giving every bowling ball two
    years, when the draft puts it among "the rest of" the bowling balls and cites the
    chunk after a semicolon, then the term is the cited category's; without the
    citation it is still stated without data."""
    ball = [{"sku": "M-15", "name": "Motiv Venom Shock 15 lb", "price": "219.00", "warranty": None}]
    chunk = {"garantia#1": "Todas las bolas de bolos tienen 2 años de garantía legal."}
    cited = (
        "Como el resto de bolas de bolos, tiene 2 años de garantía; eso sí, el desgaste "
        "no está cubierto [garantia#1]."
    )
    uncited = "Como el resto de bolas de bolos, tiene 2 años de garantía."
    tools = [search(*ball, query="motiv venom")]
    for draft, stated in ((cited, False), (uncited, True)):
        ctx = turn(draft, locale="es-ES", tools=tools, chunks=chunk)
        assert ("warranty_without_data" in check(ctx, second_reader=None)) is stated


@pytest.mark.parametrize(
    ("draft", "promised"),
    [
        ("Esta semana ya te estaríamos devolviendo los $32.000 por transferencia.", True),
        ("Mañana te estaremos devolviendo el importe.", True),
        ("Si la modista lo aprueba, esta semana te estaríamos devolviendo los $32.000.", False),
        ("No te estaríamos devolviendo el envío.", False),
    ],
)
def test_the_progressive_future_and_conditional_promise_like_the_verb(draft, promised):
    """Given a returned order, when the shop says it "will be" or "would be" paying back
    ("te estaremos / estaríamos devolviendo") with no condition said, then it promises
    the money; a condition or a negation promises nothing."""
    ctx = turn(draft, locale="es-AR", question="Quiero la devolución del corsé.")
    assert ("refund_promise" in check(ctx, second_reader=None)) is promised


_MATE = [{"sku": "M-ALG", "name": "Mate de madera de algarrobo", "price": "9900", "in_stock": True}]


@pytest.mark.parametrize(
    ("draft", "claimed"),
    [
        ("¡Sí! Tenemos mates de vidrio, ideales para no tener que curar.", True),
        ("¡Sí! Tenemos mates de madera, ideales para regalar.", False),
        ("No tenemos mates de vidrio; el que hay es de madera.", False),
        # a kind the search did not return at all is the lenient reader's, not this one
        ("Tenemos bombillas de acero para acompañarlo.", False),
    ],
)
def test_the_returned_kind_claimed_in_a_material_none_of_them_is(draft, claimed):
    """Given one wooden mate returned, when the draft says the shop has mates of glass,
    then it claims a variant the search did not return; mates of wood, a denial, or
    another kind of thing claim none."""
    ctx = turn(draft, locale="es-AR", tools=[search(*_MATE, query="mate")])
    assert ("stock_contradiction" in check(ctx, second_reader=None)) is claimed


@pytest.mark.parametrize(
    ("draft", "question", "chunks", "unbacked"),
    [
        ("Podéis pagarla en 3 plazos sin complicaciones.", "¿Cuánto cuesta en plazos?", {}, True),
        ("You can pay it in 3 instalments.", "Can I pay monthly?", {}, True),
        # a source that finances in its own words backs its counts
        (
            "Se puede pagar en 12 plazos.",
            "¿Se puede financiar?",
            {"pago#1": "Financiación en 3, 6 o 12 meses sin intereses."},
            False,
        ),
        # the customer's own purchase, said back
        (
            "Como tu compra fue en 3 cuotas, no corresponde.",
            "Pagué en 3 cuotas. ¿Y el 10 %?",
            {},
            False,
        ),
        # a negation offers none; "2 pagos" a record shows are no plan
        ("No ofrecemos pago en 3 cuotas, lo siento.", "¿En 3 cuotas?", {}, False),
        ("Figuran 2 pagos por el mismo importe.", "Me cobraron dos veces.", {}, False),
    ],
)
def test_a_payment_plan_is_a_term_of_sale_however_small(draft, question, chunks, unbacked):
    """Given a draft that offers to take the price in N instalments, when no source of
    the turn gives such a plan, then N is an unbacked figure, small as it is; a source
    that finances in those counts, an "up to" above it, the customer's own purchase, a
    negation or payments a record shows leave it backed or unsaid."""
    locale = "en" if draft.startswith("You") else "es-ES"
    ctx = turn(draft, locale=locale, question=question, chunks=chunks)
    failed = check(ctx, second_reader=None)
    assert ("unbacked_figure" in failed) is unbacked
    if unbacked:
        assert failed["unbacked_figure"] == ("3",)


_CACTUS = [
    {
        "sku": "C-FS",
        "name": "Echinopsis 'Flying Saucer' maceta 10 cm",
        "price": "11500",
        "in_stock": True,
    }
]


@pytest.mark.parametrize(
    ("draft", "question", "denied"),
    [
        ("Justo ese no lo tenemos.", "¿Tienen el Echinopsis 'Flying Saucer'?", True),
        # a variant the customer asked for, which the record cannot tell
        ("Ese no lo tenemos.", "¿Tienen el Echinopsis 'Flying Saucer' en maceta de 14 cm?", False),
        # no clitic takes up a topic: "este" is the moment's
        (
            "En este momento no tenemos existencias.",
            "¿Tienen el Echinopsis 'Flying Saucer'?",
            False,
        ),
    ],
)
def test_a_demonstrative_taken_up_by_a_clitic_denies_the_product_asked(draft, question, denied):
    """Given the asked cactus returned in stock, when the draft says "ese no lo tenemos",
    then it denies that product; a variant the customer asked for, or "en este
    momento", denies none."""
    ctx = turn(
        draft, locale="es-AR", question=question, tools=[search(*_CACTUS, query="echinopsis")]
    )
    assert ("stock_contradiction" in check(ctx, second_reader=None)) is denied


@pytest.mark.parametrize(
    ("draft", "promised"),
    [
        ("Our team will refund you in full once the inspection is done.", True),
        ("Nuestro equipo te va a devolver el total una vez revisado el pedido.", True),
        ("Once approved, our team will refund you in full.", False),
    ],
)
def test_the_shops_own_people_promise_as_the_shop_does(draft, promised):
    """Given a returned item, when "our team" pays back once an inspection is done, then
    it promises the outcome as "we" would; only a decision ("once approved") makes it
    wait on a person."""
    locale = "en" if draft[0] in "OT" else "es-AR"
    ctx = turn(draft, locale=locale, question="I sent it back. What now?")
    assert ("refund_promise" in check(ctx, second_reader=None)) is promised


def test_up_to_n_instalments_backs_every_smaller_plan():
    from guards.instalments import unbacked_plan

    chunks = {"pagos#1": "Hasta 6 cuotas sin interés."}
    assert unbacked_plan(turn("Podés pagarlo en 3 cuotas.", locale="es-AR", chunks=chunks)) is None
    assert unbacked_plan(turn("Podés pagarlo en 9 cuotas.", locale="es-AR", chunks=chunks)) == "9"


def test_ya_a_clitic_and_the_perfect_speak_of_this_case():
    """ "Ya la he movido al jueves" names no noun of the case, yet "ya" before an object
    pronoun and "he" says it was done; "ya lo reporté" already read so."""
    from guards.deeds import read_deeds

    (deed,) = read_deeds("Ya la he movido al jueves.", "es")
    assert deed.verb == "movido" and deed.binding
    assert read_deeds("La he visto en la web.", "es") == ()
