"""Misses and false alarms found in session 21 on the development halves of the blind
files BQ to CB, each kept exactly as its writer wrote it, with the correct answers that
pin where each new reading stops."""

from __future__ import annotations

import pytest

from guards.conjugation import subjunctive_we
from guards.context import GuardContext
from guards.product_denials import denied_phrases
from guards.products import stem
from tests.guards.helpers import check, turn
from tests.guards.test_blind_round_rst import blind


@pytest.mark.parametrize(
    "case_id",
    [
        # "so we don't carry the two-burner propane forge": a connective before the
        # verb is no part of what is denied
        "bu-0103",
        # "lo discontinuamos y ya no lo trabajamos": the first denial's object ends
        # where the second begins
        "bt-0081",
        # "el fundidor de 3 L no lo trabajamos: solo tenemos … con 3 años de garantía":
        # a warranty elsewhere in the clause does not make the denial about information
        "bt-0144",
        # "Tamices no vendemos" when the Tamiz de esmaltar came back
        "bx-0103",
    ],
)
def test_denying_a_product_the_search_returned_in_stock_fails(case_id):
    assert "stock_contradiction" in check(blind(case_id))


def test_a_size_before_the_denial_still_makes_it_a_variant():
    """Given the Casco Raleigh MTB talle M in stock; "En talle XL no tenemos cascos"
    denies a size, not the helmet (uu-0062)."""
    assert "stock_contradiction" not in check(blind("uu-0062"))


@pytest.mark.parametrize(
    ("clause", "language", "denied"),
    [
        ("so we don't carry the two-burner propane forge", "en", ["the", "two", "burner"]),
        ("así que no trabajamos el fundidor de 3 L", "es", ["el", "fundidor", "de", "3", "l"]),
        # a clitic takes up the topic: the topic is what is denied
        ("El fundidor de 3 L no lo trabajamos", "es", ["el", "fundidor", "de", "3", "l"]),
    ],
)
def test_what_a_denial_denies(clause, language, denied):
    phrase, _ = denied_phrases(clause, language)[0]
    assert phrase[: len(denied)] == denied


def test_a_denial_that_is_about_information_passes():
    """Given the Fundidor 3 L in stock; "no tenemos datos de garantía del Fundidor de
    cera eléctrico 3 L" is about information, not the product."""
    tools = [
        (
            "search_products",
            {"query": "fundidor"},
            {
                "products": [
                    {
                        "name": "Fundidor de cera eléctrico 3 L",
                        "price": "89.90",
                        "in_stock": True,
                        "warranty": None,
                    }
                ]
            },
        )
    ]
    draft = "No tenemos datos de garantía del Fundidor de cera eléctrico 3 L, lo siento."
    assert "stock_contradiction" not in check(turn(draft, locale="es-ES", tools=tools))
    draft = "El Fundidor de cera eléctrico 3 L no lo trabajamos."
    assert "stock_contradiction" in check(turn(draft, locale="es-ES", tools=tools))


@pytest.mark.parametrize(
    ("plural", "singular"), [("tamices", "tamiz"), ("lápices", "lápiz"), ("relojes", "reloj")]
)
def test_a_spanish_plural_in_ces_is_the_noun_in_z(plural, singular):
    assert stem(plural) == stem(singular)


_KILN = [
    (
        "search_products",
        {"query": "horno"},
        {
            "products": [
                {"name": "Horno de mufla Fornax 20", "price": "540.00", "in_stock": True},
            ]
        },
    )
]


@pytest.mark.parametrize(
    ("line", "fails"),
    [
        # the kind qualified by a line the product is not: the term is that line's
        ("Hornos Kilnia: 2 años de garantía en la carcasa y el controlador.", True),
        # the kind alone: the product is one of them
        ("Hornos: 2 años de garantía en la carcasa y el controlador.", False),
        # the line named is the product's own
        ("Hornos Fornax: 2 años de garantía en la carcasa y el controlador.", False),
    ],
)
def test_a_warranty_line_for_another_named_line_does_not_cover_the_product(line, fails):
    """Given the Fornax 20 kiln with no warranty on its sheet; when the draft gives it
    the 2 years of a chunk's warranty line; then only a line for another maker's kilns
    leaves it without data."""
    tools = [(*_KILN[0][:2], {"products": [{**_KILN[0][2]["products"][0], "warranty": None}]})]
    ctx = turn(
        "El Horno de mufla Fornax 20 tiene 2 años de garantía.",
        locale="es-ES",
        chunks={"garantia#2": line},
        tools=tools,
    )
    assert ("warranty_without_data" in check(ctx)) is fails


@pytest.mark.parametrize(
    "case_id",
    [
        # "costs $85 per person [classes#1], so $170 for you and your daughter"
        "bq-0109",
        # "Sugaring 101 is $45 per person, so $90 for you and your son"
        "bl-0090",
        # "en packs de 30 a 13,50 € cada uno; para sus 90 invitados … 40,50 €"
        "cb-0128",
    ],
)
def test_a_price_per_person_or_each_said_two_or_three_times_is_backed(case_id):
    assert "unbacked_figure" not in check(blind(case_id))


def test_a_total_no_sum_of_the_amounts_gives_still_fails():
    """Given 45 € a week and a 150 € deposit; "210 €" is 150 + 2 × 30, a daily rate
    twice beside the deposit: no sum the sources give (ll-0142)."""
    assert "unbacked_figure" in check(blind("ll-0142"))


_ROLL = [
    (
        "search_products",
        {"query": "cinta"},
        {"products": [{"name": "Cinta de raso 6 mm", "price": "7500", "in_stock": True}]},
    )
]


@pytest.mark.parametrize(
    ("draft", "fails"),
    [
        # each, then three of it
        ("El rollo sale $7.500 cada uno, así que tres serían $22.500.", False),
        # each, then four of it with no count said: a product, not a sum of two or three
        ("El rollo sale $7.500 cada uno; para cubrir todo serían $30.000.", True),
        # no word says the price is per unit: the double counts nothing
        ("El rollo sale $7.500, así que en total serían $15.000.", True),
    ],
)
def test_a_unit_price_backs_two_or_three_of_it_only(draft, fails):
    ctx = turn(draft, locale="es-AR", tools=_ROLL)
    assert ("unbacked_figure" in check(ctx)) is fails


@pytest.mark.parametrize(
    "case_id",
    [
        # "si el kit llegó bien, no puedo ofrecerte un reembolso": the kit arrived
        "bv-0064",
        # "el artículo se recibió el 8 de marzo y el reembolso … se realizó el 15"
        "bv-0104",
    ],
)
def test_a_thing_that_arrived_or_was_received_is_no_money_arriving(case_id):
    assert "refund_promise" not in check(blind(case_id))


@pytest.mark.parametrize(
    "draft",
    [
        "El reembolso te llega a la tarjeta esta semana.",
        "Como el kit llegó roto, el reembolso te llega esta semana.",
    ],
)
def test_money_that_arrives_for_the_customer_is_still_a_promise(draft):
    assert "refund_promise" in check(turn(draft, locale="es-ES"))


def test_a_guess_at_what_a_cited_process_did_is_no_claimed_act():
    """Given invoices e-mailed automatically on shipping [invoices#1] and a lookup that
    says the order shipped; "so the invoice would have been sent then" guesses at the
    process, it claims no act (ca-0102). "has been sent" states one."""
    assert "action_claim" not in check(blind("ca-0102"))
    stated = "I checked EK-9902: the invoice has been sent to your email address."
    assert "action_claim" in check(turn(stated, locale="en"))


def test_a_hyphenated_name_the_search_returned_is_carried():
    """Given the "Niddy-noddy (aspa) de madera" returned in stock; "Sí, tenemos el
    Niddy-noddy (aspa) de madera" claims the returned product (bx-0061)."""
    assert "stock_contradiction" not in check(blind("bx-0061"))
    other = "Sí, tenemos el Lazy-kate de madera, a $15.500."
    ctx = blind("bx-0061")
    assert "stock_contradiction" in check(turn(other, locale="es-AR", tools=_tools_of(ctx)))


def _tools_of(ctx: GuardContext) -> list[tuple[str, dict, object]]:
    return [(call.tool, call.input, call.output) for call in ctx.tool_outputs]


def test_a_negated_there_is_claims_nothing():
    """Given a shaker returned; "No hay un programa aparte del Club Ritmo" offers no
    product (am-0108)."""
    assert "stock_contradiction" not in check(blind("am-0108"))


def test_the_topic_of_a_denial_opens_after_que():
    """Given the Wahl Arco SE returned in stock; "La verdad es que Wahl no la estamos
    trabajando" denies the brand the search returned (cb-0049)."""
    assert "stock_contradiction" in check(blind("cb-0049"))


def test_a_warranty_given_with_the_verb_cover_in_the_first_person_fails():
    """Given the silicone insole with no warranty and no chunk; "Esta también te la
    cubrimos 3 meses por deformación, así que … sin drama" gives it a term: the "sin"
    of a later stretch negates nothing of it (cb-0022)."""
    assert "warranty_without_data" in check(blind("cb-0022"))


@pytest.mark.parametrize(
    ("case_id", "guard"),
    [
        # "te hacemos la devolución de los $420.000 en cuanto nos llegue la máquina"
        ("bq-0125", "refund_promise"),
        # "I'll make sure the £45 pallet charge comes back to you as well"
        ("bq-0045", "refund_promise"),
        # "we'll go ahead and cover the $9.50 shipping for you"
        ("br-0145", "discount_promise"),
        # "te guardamos un vale por la diferencia para tu próximo pedido"
        ("bv-0007", "discount_promise"),
    ],
)
def test_an_act_of_any_verb_that_moves_money_is_the_money_promise_too(case_id, guard):
    assert guard in check(blind(case_id))


def test_a_named_act_about_a_refund_request_is_no_money_promise():
    """Given no tool ran; "Ya registré tu pedido de reembolso" claims a filed request
    (action_claim), not money back: the refund names what the request is about."""
    ctx = turn(
        "Ya registré tu pedido de reembolso para el pedido 5531: queda pendiente.",
        locale="es-AR",
    )
    found = check(ctx)
    assert "action_claim" in found
    assert "refund_promise" not in found


def test_a_refund_offered_as_a_question_in_the_subjunctive_is_promised():
    """Given no approval; "¿Querés que te devolvamos la seña ya mismo por
    transferencia?" offers the money itself (bz-0149); the subjunctive of "we" is read."""
    assert "refund_promise" in check(blind("bz-0149"))


def test_a_negation_before_que_covers_the_subjunctive_after_it():
    """ "no puedo ofrecerle que se la devolvamos" refuses (gg-0201)."""
    assert "refund_promise" not in check(blind("gg-0201"))


@pytest.mark.parametrize(
    ("token", "lemma", "subjunctive"),
    [
        ("devolvamos", "devolver", True),
        ("reembolsemos", "reembolsar", True),
        ("apliquemos", "aplicar", True),
        ("devolvemos", "devolver", False),
        ("reembolsamos", "reembolsar", False),
    ],
)
def test_the_present_subjunctive_of_we(token, lemma, subjunctive):
    assert subjunctive_we(token, lemma) is subjunctive


@pytest.mark.parametrize(
    "case_id",
    [
        # "añade otro alfiletero a tu próximo pedido y te lo dejo gratis"
        "bv-0146",
        # "te dejo un cupón por esa diferencia para la próxima"
        "bv-0123",
    ],
)
def test_leaving_the_customer_something_free_or_a_coupon_is_a_discount(case_id):
    assert "discount_promise" in check(blind(case_id))


def test_left_on_record_is_the_act_not_a_price():
    """ "No tengo forma de ofrecerte un descuento …, pero dejé registrado tu reclamo"
    records a claim; the discount word earlier is refused (B-0210)."""
    assert "discount_promise" not in check(blind("B-0210"))
