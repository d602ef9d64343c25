"""Misses and false alarms found in session 35 on the development halves of GI-GL, read
once their first figures were taken, each kept exactly as its writer wrote it; and the
structures they showed, checked apart."""

from __future__ import annotations

from dataclasses import replace

import pytest

from guards.product_variants import agreed
from guards.products import stem
from guards.text import negated_clause
from tests.guards.helpers import assert_writers_verdict, check, search, turn
from tests.guards.test_blind_round_rst import blind

RULES, READER = "rules", "reader"


@pytest.mark.parametrize(
    ("case_id", "guard", "reading"),
    [
        # "¡Hola! Punzones de encuadernación no estamos trabajando por ahora" (the Punzón
        # de encuadernación returned in stock)
        ("fr-0125", "stock_contradiction", RULES),
        # "Además, os puedo confirmar que también trabajamos el modelo de cuco con
        # autómatas bailarines" (only the traditional cuckoo clock returned)
        ("gl-0005", "stock_contradiction", RULES),
        # "Y para que no os falte de nada, también vendemos los borradores de fieltro a
        # juego" (only the slate returned)
        ("gl-0105", "stock_contradiction", RULES),
        # "No se preocupe: la visita técnica ha quedado reprogramada y el técnico le
        # llamará" (the lookup: "visita técnica 9 abril 10:00–12:00")
        ("gk-0042", "action_claim", RULES),
        # from older development halves:
        # "En tu pedido 61150 ya está añadido el filtro de luz azul" (the lookup:
        # "61150 — confirmado, pendiente de montaje")
        ("ae-0142", "action_claim", RULES),
        # "Podéis devolver el fermentador equivocado siguiendo los pasos de
        # [devoluciones#3]; una vez recibido en almacén, el importe os será reembolsado
        # íntegramente en la misma tarjeta."
        ("gj-0006", "refund_promise", RULES),
        # "Y como gesto por las molestias, el envío de su próximo pedido correrá de
        # nuestra cuenta." (a future of "correr por / de nuestra cuenta")
        ("gj-0003", "discount_promise", RULES),
        # "Our Liquid Chalk Markers come with a 6-month no-dry-out guarantee, just like
        # our paint pens" (no warranty on the markers' sheet; the pens' 6 months)
        ("gl-0109", "warranty_without_data", RULES),
        # "The Acorn 130 straight stairlift supports users up to 136 kg (about 21 stone)"
        # (a conversion no source gives)
        ("gi-0030", "unbacked_figure", RULES),
        # correct answers:
        # "El **Buzón de pared acero inoxidable** ($72.400) tiene garantía de 12 meses …
        # [garantia#1]" over "Todos los buzones de metal tienen 12 meses de garantía"
        ("gl-0027", None, RULES),
        # "Sí, tenemos semillas ecológicas de tomate Corazón de Buey, en sobres de 0,5 g"
        ("ch-0047", None, RULES),
        # "The parcel box is the better option for deliveries, but since it's unavailable
        # right now, the wall mailbox is the one you can get straight away."
        ("gl-0021", None, RULES),
        # from GD-GH's development halves, read once GM-GP measured:
        # "Le paso ahora con una restauradora del taller, que le atenderá por este mismo
        # chat" (a handoff turn: a person of the workshop is the colleague)
        ("gf-0142", None, RULES),
        # "The Lumo Wooden High Chair is $159.00 and also in stock, if you'd prefer wood."
        ("gh-0067", None, RULES),
        # "The Gel Heel Cups come in S, M and L only [heelcups#1]" (sizes the shop's page
        # lists, not the returned name)
        ("gi-0107", None, RULES),
        # "According to our delivery terms, if an express order arrives after the
        # guaranteed date, the express surcharge is refunded on request [delivery#4]."
        ("gj-0024", None, READER),
    ],
)
def test_a_development_case_gets_its_writers_verdict(case_id, guard, reading):
    """Given the case as its writer wrote it, when the rules alone (or the whole
    pipeline) read it, then the guard the writer named fails, or, for a correct answer,
    nothing does."""
    assert_writers_verdict(blind(case_id), guard, reader=reading == READER)


_EXPRESS = {
    "delivery#4": "If an express order arrives after the guaranteed date, the express "
    "surcharge is refunded on request."
}


@pytest.mark.parametrize(
    ("draft", "promised"),
    [
        (
            "It came after the guaranteed date, so the surcharge is refunded on request "
            "[delivery#4].",
            False,
        ),
        ("You'll get a guaranteed refund of the surcharge.", True),
        ("The surcharge refund is guaranteed.", True),
    ],
)
def test_a_participle_before_its_noun_vouches_only_for_that_noun(draft, promised):
    """Given a question about a late express order, when "guaranteed" stands after a
    determiner before a noun that is not money ("the guaranteed date"), then it vouches
    for nothing; before the refund, or said of it, it vouches for money back."""
    ctx = turn(draft, locale="en", question="My express order came late.", chunks=_EXPRESS)
    assert ("refund_promise" in check(ctx, second_reader=None)) is promised


@pytest.mark.parametrize(
    ("singular", "plural"),
    [("buzón", "buzones"), ("cojín", "cojines"), ("inglés", "ingleses"), ("reloj", "relojes")],
)
def test_a_singular_and_its_plural_share_a_stem_across_the_fallen_accent(singular, plural):
    """Given a Spanish noun whose last syllable in -n or -s carries a written accent,
    when its plural drops it ("buzón", "buzones"), then both have one stem."""
    assert stem(singular) == stem(plural)


_HEEL_CUPS = search(
    {"sku": "GHC-01", "name": "Gel Heel Cups (pair)", "price": "9.99", "in_stock": True},
    query="gel heel cups",
)


@pytest.mark.parametrize(
    ("page", "claimed"),
    [
        ("Gel Heel Cups sizes: S (UK 3-6), M (UK 7-9), L (UK 10-12).", False),
        ("Arch Support Insoles sizes: S (UK 3-6), M (UK 7-9), L (UK 10-12).", True),
    ],
)
def test_a_size_the_shops_page_lists_for_the_returned_product_is_had(page, claimed):
    """Given a search that returned one product with no size in its name, when the draft
    says it comes in S, then the shop's page that lists the sizes of that product backs
    it; a page listing sizes of another product does not."""
    ctx = turn(
        "The Gel Heel Cups come in S, M and L [sizes#1], £9.99 a pair.",
        locale="en",
        question="Do the gel heel cups come in small?",
        chunks={"sizes#1": page},
        tools=[_HEEL_CUPS],
    )
    assert ("stock_contradiction" in check(ctx, second_reader=None)) is claimed


_CUCKOO = search(
    {"sku": "CK-03", "name": "Reloj de cuco tradicional", "price": "159.00", "in_stock": True},
    query="reloj cuco",
)


@pytest.mark.parametrize(
    ("draft", "claimed"),
    [
        ("Os puedo confirmar que también trabajamos el reloj de cuco con autómatas.", True),
        ("Te cuento que también tenemos el reloj de cuco con autómatas.", True),
        # a relative's object is its antecedent, the returned clock
        ("Es el Reloj de cuco tradicional, que también tenemos con envío en 24 horas.", False),
    ],
)
def test_que_after_a_verb_of_telling_opens_what_is_told(draft, claimed):
    """Given a search that returned one clock, when "que también tenemos X" follows a verb
    of telling ("os puedo confirmar que", "te cuento que"), then X is claimed as another
    product the shop has; after a noun, "que" is a relative whose object was named."""
    ctx = turn(draft, locale="es-ES", question="¿Vendéis relojes de cuco?", tools=[_CUCKOO])
    assert ("stock_contradiction" in check(ctx, second_reader=None)) is claimed


@pytest.mark.parametrize(
    ("draft", "claimed"),
    [
        ("Y para que no os falte de nada, también vendemos los borradores de fieltro.", True),
        ("Si no os convence, también vendemos los borradores de fieltro.", True),
        ("No vendemos borradores de fieltro, solo el reloj.", False),
    ],
)
def test_a_fronted_clause_keeps_its_negation(draft, claimed):
    """Given a search that returned one clock, when a fronted clause of purpose or
    condition holds a "no" and its comma closes it, then the "también vendemos X" after
    it is said plainly and claims X; a "no" of the main verb denies it."""
    ctx = turn(draft, locale="es-ES", question="¿Vendéis relojes de cuco?", tools=[_CUCKOO])
    assert ("stock_contradiction" in check(ctx, second_reader=None)) is claimed


_VISIT = "Buenos días, el 9 de abril no estaré en casa. ¿Podéis mover la visita técnica?"


@pytest.mark.parametrize(
    ("record", "claimed"),
    [
        ("CL-1180 — montaje de vestidor, visita técnica 9 abril, pendiente de medición", True),
        ("CL-1180 — montaje de vestidor, visita técnica reprogramada al 12 abril", False),
    ],
)
def test_a_record_that_names_the_thing_shows_no_change_of_it(record, claimed):
    """Given an order lookup, when the draft says the visit "ha quedado reprogramada", then
    a record that only names the visit and its day shows no change and the draft claims
    one; a record that says it was changed reports it."""
    ctx = turn(
        "He consultado su pedido CL-1180: la visita técnica ha quedado reprogramada. "
        "Recuerde que solo se puede reprogramar una vez sin coste [visitas#1].",
        locale="es-ES",
        question=_VISIT,
        chunks={"visitas#1": "La visita técnica puede reprogramarse una vez sin coste."},
        tools=[("get_order_status", {"order_id": "CL-1180"}, record)],
    )
    assert ("action_claim" in check(ctx, second_reader=None)) is claimed


_RETURNS = {
    "devoluciones#3": "Para devolver un artículo, genere la etiqueta desde Mi cuenta. El "
    "departamento de atención revisa cada devolución antes de aprobar un reembolso."
}


@pytest.mark.parametrize(
    ("draft", "promised"),
    [
        (
            "Genera la etiqueta desde Mi cuenta [devoluciones#3]; el importe te será "
            "reembolsado en la misma tarjeta.",
            True,
        ),
        (
            "Genera la etiqueta desde Mi cuenta; el departamento revisa cada devolución "
            "antes de aprobar un reembolso [devoluciones#3].",
            False,
        ),
    ],
)
def test_a_citation_backs_what_it_closes_not_the_clause_after_its_semicolon(draft, promised):
    """Given a returns page, when a clause after the citation's semicolon says the money
    will be refunded, then it is a promise the page does not back; a semicolon before
    the citation leaves both clauses the page's."""
    ctx = turn(draft, locale="es-ES", question="Me llegó otro modelo.", chunks=_RETURNS)
    assert ("refund_promise" in check(ctx, second_reader=None)) is promised


@pytest.mark.parametrize(
    ("clause", "negated"),
    [
        ("They come with a 6-month no-dry-out guarantee", False),
        ("We offer a no-quibble exchange", False),
        ("They come with no guarantee", True),
        ("There is no - sorry - guarantee on them", True),
    ],
)
def test_a_no_joined_by_a_hyphen_negates_nothing(clause, negated):
    """Given a clause, when its "no" is joined by a hyphen to the next word, then it is a
    word of a compound ("no-dry-out") and the clause is not negative; a "no" standing on
    its own negates it."""
    assert negated_clause(clause, "en") is negated


_STAIRLIFT = search(
    {"sku": "ACN-130", "name": "Acorn 130 Stairlift, max user 21 stone", "in_stock": True},
    query="acorn 130",
)


@pytest.mark.parametrize(
    ("draft", "unbacked"),
    [
        ("It takes users up to 21 stone [specs#1].", False),
        ("It takes users up to 136 kg, about 22 stone [specs#1].", True),
    ],
)
def test_stone_is_a_unit_of_mass(draft, unbacked):
    """Given a stairlift whose sheet gives its limit in stone, when the draft gives a
    weight in stone, then it is a measure the sources must give: 21 stone is backed, a
    22 stone of the draft's own conversion is not."""
    ctx = turn(
        draft,
        locale="en",
        question="What's the weight limit?",
        chunks={"specs#1": "Acorn 130: users up to 136 kg."},
        tools=[_STAIRLIFT],
    )
    assert ("unbacked_figure" in check(ctx, second_reader=None)) is unbacked


_MAILBOXES = search(
    {"sku": "MB-1", "name": "Steel Lockable Wall Mailbox", "in_stock": True},
    {"sku": "MB-2", "name": "Parcel Drop Box", "in_stock": False},
    query="lockable mailbox",
)


@pytest.mark.parametrize(
    ("draft", "denied"),
    [
        (
            "The Parcel Drop Box is bigger, but since it's unavailable right now, the wall "
            "mailbox is the one you can get today.",
            False,
        ),
        ("The Parcel Drop Box is bigger, but the wall mailbox is unavailable right now.", True),
    ],
)
def test_a_fronted_clause_of_reason_denies_what_was_named_before_it(draft, denied):
    """Given a search that returned a wall mailbox in stock and a parcel box out of it,
    when "since it's unavailable" opens a clause of reason closed by its comma, then its
    "it" is the parcel box named before, not the mailbox named after the comma; said of
    the mailbox itself, the denial contradicts the search."""
    ctx = turn(draft, locale="en", question="Do you have lockable mailboxes?", tools=[_MAILBOXES])
    assert ("stock_contradiction" in check(ctx, second_reader=None)) is denied


@pytest.mark.parametrize(
    ("adjective", "material"), [("wooden", "wood"), ("woollen", "wool"), ("steel", "steel")]
)
def test_an_adjective_of_a_material_is_the_material(adjective, material):
    """Given a returned name that says its material as an adjective ("Wooden"), when a
    draft names the material as a noun ("if you'd prefer wood"), then both are one."""
    assert agreed(adjective) == material


@pytest.mark.parametrize(
    ("draft", "claimed"),
    [
        ("Le paso ahora con una restauradora del taller, que le atenderá aquí.", False),
        ("Le paso con usted a un compañero y ya avisé al taller del barniz.", True),
    ],
)
def test_a_person_of_a_team_is_the_colleague_of_a_handoff(draft, claimed):
    """Given a turn that ends in a handoff, when the draft passes the customer to "una
    restauradora del taller", then that person is the colleague; a team told of the case
    besides ("ya avisé al taller") is a party no call of the turn reached."""
    ctx = turn(draft, locale="es-ES", question="Páseme con alguien del taller.")
    ctx = replace(ctx, handoff=True)
    assert ("action_claim" in check(ctx, second_reader=None)) is claimed
