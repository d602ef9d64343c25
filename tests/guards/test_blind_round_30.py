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
