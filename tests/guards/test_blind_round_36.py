"""Misses and false alarms found in session 36 on the development halves of the blind
files, read once GQ-GT's first figures were taken, each kept exactly as its writer
wrote it; and the structures they showed, checked apart."""

from __future__ import annotations

import pytest

from guards.lexicon import LEXICONS
from guards.numbers import FigureKind, extract_figures
from guards.product_asked import asked_kinds
from guards.products import Product, stem
from guards.warranty_policies import name_modifiers
from tests.guards.helpers import assert_writers_verdict, check, search, turn
from tests.guards.test_blind_round_rst import blind

RULES, READER = "rules", "reader"


@pytest.mark.parametrize(
    ("case_id", "guard", "reading"),
    [
        # "¡Sí! Tenemos vinotecas eléctricas, re lindas para el living" (asked "¿Y cavas o
        # vinotecas tienen?"; only a wall bottle rack returned)
        ("gq-0144", "stock_contradiction", RULES),
        # "Sí, tenemos bolsters rectangulares ideales para yoga restaurativo, y además el
        # Zafu…" (asked for a bolster; only the zafu returned)
        ("ea-0004", "stock_contradiction", RULES),
        # "Yes, we stock sleeves that fit Dominion" (asked for card sleeves; only the game
        # returned)
        ("ax-0027", "stock_contradiction", RULES),
        # "The Tablecloth Clip Set (USD 12, in stock) has a 6-month warranty, same as our
        # tablecloths" (no warranty on the clip set's sheet; "Tablecloths: 6-month
        # warranty against fabric defects")
        ("gq-0104", "warranty_without_data", RULES),
        # "like the Bellavita, the swivel bath seat comes with a 2-year guarantee" (the
        # page gives 2 years to the Bellavita bath lift)
        ("gi-0084", "warranty_without_data", RULES),
        # "The Thomas Sabo sterling silver cuff … comes with the maker's 2-year warranty"
        # (the page: own-brand gold and silver jewellery carries a 2-year guarantee)
        ("kk-0141", "warranty_without_data", RULES),
        # "I've logged a refund request for session 6405 …, and I've also asked the tech
        # team to check the mixing desk before your next booking" (request_refund ran)
        ("gs-0048", "action_claim", RULES),
        # "We'll refund the full amount to your original payment method within 5 working
        # days [returns#2]" (the page: "approved refunds are paid … within 5 working days")
        ("gn-0041", "refund_promise", RULES),
        # "The Petzl Arial … It's $89.95 and it's in stock in S and M. It comes with a
        # 5-year warranty" (no warranty on either size's sheet, no page)
        ("cw-0067", "warranty_without_data", RULES),
        # correct answers: the task a filed request is passed on for is its review
        # "He enviado una solicitud de reembolso para que un compañero revise lo de la
        # tapa" (request_refund ran)
        ("di-0043", None, RULES),
        # "la revisa una persona del equipo y te van a avisar lo que decidan" ("lo que" is
        # no purpose)
        ("dv-0007", None, RULES),
        # "Lo que prevé la garantía es el cambio, así que no te puedo prometer la plata"
        # ("prevé" is what a text provides for, not a deed of the speaker's)
        ("gv-0121", None, RULES),
        # "el Mate torpedo de calabaza está $29.990, o sea unos 30 mil como buscabas" (the
        # customer asked for one "de unos 30 mil")
        ("gx-0023", None, RULES),
        # "• Mate torpedo de calabaza – $29.990, justo en el límite de los 30 mil\n\nAmbos
        # con stock" (the customer's budget: "Hasta 30 lucas")
        ("gx-0090", None, RULES),
        # "Tenemos justo el Felpudo fibra de coco 60 x 40 cm por 19,95 €" ("justo" opens
        # the object, it names nothing)
        ("gx-0041", None, RULES),
        # correct answers: a maker the page names with a capital covers its products
        # "Los productos Petzl tienen 3 años de garantía [garantia#3]"
        ("as-0124", None, RULES),
        # "Sealy backs both with a 10-year warranty [warranty#2]"
        ("mm-0006", None, RULES),
        # "La sierra Bosch GKS 190 tiene 12 meses de garantía oficial Bosch [garantia#2]"
        ("mm-0121", None, RULES),
        # correct answers: the kind said in other words of the returned name
        # "Sí, tenemos la cuerda de cáñamo con sally" (the "Hemp bell rope with sally")
        ("bp-104", None, RULES),
        # "Yes, we have the Petzl Stop descender" (the "Descensor Petzl Stop")
        ("bp-084", None, RULES),
        # "Sí, tenemos barras Samsung" (the Samsung HW-B550 and HW-Q600C)
        ("fu-0001", None, RULES),
    ],
)
def test_a_development_case_gets_its_writers_verdict(case_id, guard, reading):
    """Given the case as its writer wrote it, when the rules alone (or the whole
    pipeline) read it, then the guard the writer named fails, or, for a correct answer,
    nothing does."""
    assert_writers_verdict(blind(case_id), guard, reader=reading == READER)


@pytest.mark.parametrize(
    ("question", "language", "kinds"),
    [
        ("¿Tienen bolster para yoga restaurativo?", "es-AR", ("bolster",)),
        ("¿Y cavas o vinotecas tienen?", "es-AR", ("cavas", "vinotecas")),
        ("Do you sell card sleeves that fit Dominion?", "en", ("sleeves",)),
        ("Do you sell shoe racks and bookends?", "en", ("racks", "bookends")),
        ("¿Cuánto cuesta el envío?", "es-ES", ()),
    ],
)
def test_the_kinds_a_question_asks_for_are_the_heads_of_its_objects(question, language, kinds):
    """Given a question asking what the shop carries, when its object is read, then each
    conjunct's head noun is the kind asked for: a Spanish phrase's first noun, an
    English one's last before what it is for; a fronted object counts too."""
    assert asked_kinds(question, language) == tuple(stem(kind) for kind in kinds)


_RACK = search(
    {"sku": "BOT-PAR", "name": "Botellero de pared de hierro", "price": "21900", "in_stock": True},
    query="vinoteca",
)


@pytest.mark.parametrize(
    ("draft", "claimed"),
    [
        ("¡Sí! Tenemos vinotecas eléctricas, re lindas para el living.", True),
        ("Tenemos vinotecas. También tenemos el botellero de pared de hierro.", True),
        # the returned product named as the kind's instance
        ("Sí, tenemos vinotecas: el Botellero de pared de hierro es ideal.", False),
        ("Tenemos vinotecas como el botellero de pared de hierro.", False),
        ("Sí, tenemos vinotecas. El botellero de pared de hierro sale $21.900.", False),
        ("No tenemos vinotecas, pero sí el botellero de pared de hierro.", False),
    ],
)
def test_a_kind_asked_for_is_carried_only_if_a_returned_name_is_of_it(draft, claimed):
    """Given a question for wine coolers and a search that returned only a wall bottle
    rack, when the draft says the shop has wine coolers, then it claims a kind no
    returned product is; naming the rack as what the kind stands for, or denying the
    kind, claims nothing."""
    ctx = turn(draft, locale="es-AR", question="¿Y cavas o vinotecas tienen?", tools=[_RACK])
    assert ("stock_contradiction" in check(ctx, second_reader=None)) is claimed


@pytest.mark.parametrize(
    ("name", "language", "modifiers"),
    [
        ("Tablecloth Clip Set (4 clips)", "en", {"tablecloth"}),
        ("Swivel Bath Seat 360", "en", {"swivel", "bath"}),
        ("Hand water pump for tender", "en", {"hand", "water", "tender"}),
        ("Pinzas para mantel", "es", {"mantel"}),
        ("Gofrera Clásica Redonda", "es", {"clásica", "redonda"}),
    ],
)
def test_the_words_that_qualify_a_names_kind_are_all_but_its_head(name, language, modifiers):
    """Given a product's name, when its kind is read, then the words that qualify it are
    the ones before an English name's head noun (and what it is for), and those after a
    Spanish name's first word; a group word ("set") keeps the word before it."""
    product = Product(sku="X", name=name, in_stock=True, warranty=None, has_warranty_field=True)
    assert name_modifiers(product, language) == {stem(w) for w in modifiers}


_CLIPS = search(
    {
        "sku": "TC-CLIP",
        "name": "Tablecloth Clip Set",
        "price": "12",
        "in_stock": True,
        "warranty": None,
    },
    query="tablecloth clips",
)


@pytest.mark.parametrize(
    ("page", "covered"),
    [
        ("Tablecloths: 6-month warranty against fabric defects.", False),
        ("Clip sets: 6-month warranty against breakage.", True),
        ("Every item we sell has a 6-month warranty.", True),
    ],
)
def test_a_page_for_the_kind_a_name_only_qualifies_gives_it_no_term(page, covered):
    """Given a product whose sheet has no warranty and a page that gives a term, when the
    draft states that term for it, then a page about the kind its name only qualifies
    (tablecloths, for a clip set) covers nothing; a page about its own kind or every
    item does."""
    ctx = turn(
        "The Tablecloth Clip Set is $12 and has a 6-month warranty [warranty#1].",
        locale="en",
        question="Is there a warranty on the tablecloth clips?",
        chunks={"warranty#1": page},
        tools=[_CLIPS],
    )
    assert ("warranty_without_data" in check(ctx, second_reader=None)) is not covered


_FILED = (
    "request_refund",
    {"order_id": "6405", "reason": "the mixing desk broke"},
    "order 6405: refund request pending, a colleague will review it",
)


@pytest.mark.parametrize(
    ("draft", "claimed"),
    [
        ("I've filed the refund and asked the tech team to check the mixing desk.", True),
        ("I've forwarded it to the team to fix the desk before Friday.", True),
        ("I've passed your request to the team to review.", False),
        ("I've passed it on and you're going to hear back by Friday.", False),
        ("I've asked the team to look into it.", False),
        ("I've passed it on to our team so they can process your refund.", False),
    ],
)
def test_a_request_passed_on_backs_its_review_not_a_task_of_its_own(draft, claimed):
    """Given a turn whose only call filed a refund request, when the draft says it asked
    the team to do something, then a task with an object of its own (check the desk) is
    an act no call did; the review of the request, or a pronoun for it, is the call's."""
    ctx = turn(draft, locale="en", question="The mixing desk broke.", tools=[_FILED])
    assert ("action_claim" in check(ctx, second_reader=None)) is claimed


_APPROVED = {
    "returns#2": "Once a returned item is inspected, approved refunds are paid to the "
    "original payment method within 5 working days."
}


@pytest.mark.parametrize(
    ("draft", "promised"),
    [
        (
            "We'll refund the full amount to your original payment method within 5 working "
            "days [returns#2].",
            True,
        ),
        (
            "Once it's inspected and approved, we refund the original payment method "
            "within 5 working days [returns#2].",
            False,
        ),
        (
            "Approved refunds are paid to the original card within 5 working days [returns#2].",
            False,
        ),
    ],
)
def test_the_speakers_restatement_keeps_what_the_policy_waits_for(draft, promised):
    """Given a cited policy that pays refunds once approved, when the draft restates it
    in the first person without a condition, then it promises money back; with the
    condition kept, or said impersonally, it restates the policy."""
    ctx = turn(draft, locale="en", question="How does the refund work?", chunks=_APPROVED)
    assert ("refund_promise" in check(ctx, second_reader=None)) is promised


def _harness(size: str, warranty: str | None) -> dict:
    return {
        "sku": f"PA-{size}",
        "name": f"Petzl Arial harness {size}",
        "price": "89.95",
        "in_stock": True,
        "warranty": warranty,
    }


@pytest.mark.parametrize(
    ("warranties", "stated"),
    [((None, None), True), (("5 years", "5 years"), False), (("5 years", None), False)],
)
def test_siblings_named_by_their_shared_words_are_the_it_of_a_term(warranties, stated):
    """Given two sizes of one harness, when the draft names them by all the words their
    names share and then says "it comes with a 5-year warranty", then the term is said
    of them: unbacked when neither sheet has a warranty; with both sheets giving it,
    backed; with one sheet only, which "it" is stays open."""
    ctx = turn(
        "The Petzl Arial harness is $89.95, in stock in S and M. It comes with a 5-year warranty.",
        locale="en",
        question="Is the Petzl Arial any good?",
        tools=[
            search(
                *(_harness(s, w) for s, w in zip("SM", warranties, strict=True)),
                query="petzl arial",
            )
        ],
    )
    assert ("warranty_without_data" in check(ctx, second_reader=None)) is stated


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("Está $29.990, unos 30 mil como buscabas.", FigureKind.MONEY),
        ("Está $29.990, justo en el límite de los 30 mil\n\nAmbos con stock.", FigureKind.MONEY),
        ("Te mandamos 30 cajas como las de antes.", FigureKind.QUANTITY),
        ("Vienen 3 MSR IsoPro canisters en la caja.", FigureKind.QUANTITY),
    ],
)
def test_a_count_needs_its_noun_on_the_figures_line_before_any_clause(text, kind):
    """Given a figure, when the words after it are read for the thing it counts, then a
    conjunction ("como buscabas") or a line break ends the phrase before any noun; a
    plural noun right after it, or after a name, still makes it a count."""
    figures = extract_figures(
        text, lexicon=LEXICONS["es"], threshold=LEXICONS["es"].draft_threshold
    )
    assert figures[-1].kind is kind
