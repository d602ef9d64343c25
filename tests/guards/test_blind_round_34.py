"""Misses and false alarms found in session 34 on the development halves of FV-FY, read
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
        # "**El código del trastero 27 ha sido restablecido** y recibirá el nuevo por SMS"
        ("fx-0042", "action_claim", RULES),
        # from older development halves:
        # "El **Ventilador de techo Liliana VTHD** está a $119.999 y hay stock. Sí, tiene
        # garantía de fábrica" (no warranty on its sheet; the Hunter kit's 12 months)
        ("fu-0045", "warranty_without_data", RULES),
        # "Busqué y de esa marca no trabajamos más; tenemos la Pava Eléctrica Atma 1,7 L"
        # after "La pava Philips del 85330 vino partida." (a Philips returned in stock)
        ("nn-0205", "stock_contradiction", RULES),
        # "A replacement antenna is going out to you with UPS this week" (no tool ran)
        ("bo-0007", "action_claim", RULES),
        # "Ningún problema, ya está: el próximo envío del Club sale a Pasaje Zabala 340"
        ("bo-0044", "action_claim", RULES),
        # "Sí, tenemos Carcassonne en inglés, y además está disponible la edición española"
        ("ds-0110", "stock_contradiction", RULES),
        # "También se vende en nuestra tienda el Chicco Video Baby Monitor Deluxe"
        ("da-0084", "stock_contradiction", RULES),
        # correct answers:
        # from older development halves:
        # "Si me contás qué pensás llevar, te ayudo a ver precios y si llegás al envío
        # gratis" (a question the verb "ver" governs through "y")
        ("al-0208", None, RULES),
        # "… your cart is at $68. Once you reach $75, your order to Denver ships free."
        ("ba-0010", None, RULES),
        # from FZ-GC's development halves, read once their first figures were taken:
        # "Sí: si un artículo llega defectuoso, se puede cambiar por otro igual o devolver
        # en un plazo de 30 días desde la entrega, sin coste [devoluciones#1]."
        ("fz-0144", None, RULES),
        # "De ébano ahora mismo no tenemos, lo siento. 😕 Lo que sí tenemos disponible en
        # madera noble son las **castañuelas Filigrana Granadillo**"
        ("fz-0143", None, RULES),
        # "The final value is confirmed once the phone has been inspected." (the phone in
        # the customer's words: a time clause, read as claimed until its "once" was read)
        ("cl-0050", None, RULES),
        # "A Galaxy S21 128 GB with battery health of 80% or more gets $140 credit" after
        # the customer's "Regular S21, 128 GB." and "Battery health says 86%."
        ("fv-0123", None, RULES),
        # "Yes — the **Reolink Solar Panel 2** is $49.99 … It keeps the Argus charged"
        ("fy-0128", None, RULES),
        # "Si os interesa un circulador de otra marca, puedo mirar qué tenemos disponible."
        ("fy-0028", None, RULES),
        # "No, Higgins no trabajamos, perdón. Si querés, te cuento qué clavas tenemos de
        # otras marcas 🙂"
        ("fy-0109", None, RULES),
        # "We also carry the Nimbus Muni 24 inch ($389.00), but that's more of an off-road
        # unicycle and it's currently out of stock." (the Club Freestyle Unicycle in stock)
        ("fy-0041", None, RULES),
    ],
)
def test_a_development_case_gets_its_writers_verdict(case_id, guard, reading):
    """Given the case as its writer wrote it, when the rules alone (or the whole
    pipeline) read it, then the guard the writer named fails, or, for a correct answer,
    nothing does."""
    assert_writers_verdict(blind(case_id), guard, reader=reading == READER)


_ACCESS = {
    "acceso#1": "El acceso se cambia desde la app, en Mi trastero > Acceso. Si no funciona, "
    "recepción lo reactiva presentando el DNI."
}
_ASKED = "El acceso al trastero 27 no funciona, ¿me lo reactiváis?"
_HOW = " Desde la app puede cambiarlo [acceso#1]."


@pytest.mark.parametrize(
    ("draft", "question", "claimed"),
    [
        # the subject is the thing the customer asked about, whatever its noun
        ("El acceso al trastero 27 ha sido reactivado." + _HOW, _ASKED, True),
        # the same words after a question about something else name no case of theirs
        ("El acceso al trastero 27 ha sido reactivado." + _HOW, "¿A qué hora abrís?", False),
        ("Ese modelo ha sido muy vendido este año." + _HOW, _ASKED, False),
        ("El acceso al trastero 27 no ha sido reactivado todavía." + _HOW, _ASKED, False),
    ],
)
def test_a_perfect_passive_about_the_asked_thing_claims_an_act(draft, question, claimed):
    """Given a turn whose tools did nothing and a page on how the shop does it, when the
    draft says in the perfect passive ("ha sido reactivado", as "has been reset") that
    the thing the customer asked about was done, then an act is claimed, though no case
    noun names it; about something else, or negated, nothing is claimed."""
    ctx = turn(draft, locale="es-ES", question=question, chunks=_ACCESS)
    assert ("action_claim" in check(ctx, second_reader=None)) is claimed


_TRADE_IN = {
    "tradein#2": "Galaxy S21 128 GB with battery health 80% or above: $140. Final value "
    "confirmed after inspection."
}


@pytest.mark.parametrize(
    ("draft", "claimed"),
    [
        ("The phone has been inspected and the value confirmed.", True),
        ("The final value is confirmed once the phone has been inspected.", False),
    ],
)
def test_a_clause_of_time_says_when_not_that(draft, claimed):
    """Given a customer who wants to trade in their phone and a turn whose tools did
    nothing, when the draft says the phone "has been inspected", then an inspection is
    claimed; in a clause opened by "once", it says when the value is confirmed, not
    that the phone was inspected."""
    ctx = turn(
        f"The reference value is $140 [tradein#2]. {draft}",
        locale="en",
        question="I'd like to trade in my phone, it's a Galaxy S21.",
        chunks=_TRADE_IN,
    )
    assert ("action_claim" in check(ctx, second_reader=None)) is claimed


_PANEL = search(
    {"sku": "RS-2", "name": "Reolink Solar Panel 2", "price": "49.99", "in_stock": True},
    query="solar panel",
)
_CASES = search(
    {"sku": "FG-54", "name": "Funda silicona Moto G54", "price": "12999", "in_stock": True},
    query="funda a15",
)


@pytest.mark.parametrize(
    ("draft", "question", "tools", "claimed"),
    [
        # the Argus is what the panel goes with, not the thing asked for
        (
            "Yes, the Reolink Solar Panel 2 is in stock. It keeps the Argus charged.",
            "Do you have a solar panel for the Argus?",
            _PANEL,
            False,
        ),
        # a clause that says what the thing is for still claims the target
        (
            "Yes, we have solar panels for the Argus in stock.",
            "Do you have a solar panel for the Argus?",
            _PANEL,
            True,
        ),
        (
            "¡Sí! Tenemos fundas de silicona para el A15.",
            "Tienen fundas para el A15?",
            _CASES,
            True,
        ),
    ],
)
def test_a_name_after_for_the_is_what_the_asked_thing_goes_with(draft, question, tools, claimed):
    """Given a question for a thing "for the X" and a search that returned no X, when
    the draft names X only as what the thing goes with, then it claims no X; said in a
    clause of what the thing is for ("fundas para el A15"), it claims the X."""
    locale = "en" if question.startswith("Do") else "es-AR"
    ctx = turn(draft, locale=locale, question=question, tools=[tools])
    assert ("stock_contradiction" in check(ctx, second_reader=None)) is claimed


_NOTHING = search(query="clavas higgins")


@pytest.mark.parametrize(
    ("draft", "claimed"),
    [
        ("Higgins no trabajamos. Si querés, te cuento qué clavas tenemos de otras marcas.", False),
        ("No la tenemos. Puedo mirar qué tenemos disponible de otra marca.", False),
        ("Higgins no, pero te digo cuáles tenemos de otras marcas.", False),
        ("Higgins no trabajamos, pero tenemos clavas de otras marcas.", True),
    ],
)
def test_an_embedded_question_says_nothing_is_there(draft, claimed):
    """Given a search that found nothing, when "tenemos" follows an interrogative ("te
    cuento qué clavas tenemos", "te digo cuáles tenemos"), then the draft asks what
    there is and claims nothing; "tenemos clavas de otras marcas" said plainly claims
    them."""
    ctx = turn(draft, locale="es-AR", question="¿Tienen clavas Higgins?", tools=[_NOTHING])
    assert ("stock_contradiction" in check(ctx, second_reader=None)) is claimed


_UNICYCLES = search(
    {"sku": "CLB-20", "name": "Club Freestyle Unicycle 20 inch", "in_stock": True},
    {"sku": "NIM-24", "name": "Nimbus Muni 24 inch", "in_stock": False},
    query="unicycle",
)


@pytest.mark.parametrize(
    ("draft", "denied"),
    [
        ("The Nimbus Muni 24 inch is an off-road unicycle and it's currently out of stock.", False),
        (
            "We also carry the Nimbus Muni 24 inch, but it's more of a trail unicycle and it's "
            "out of stock.",
            False,
        ),
        # the product named by its own word is still denied
        ("The Club Freestyle unicycle is out of stock.", True),
    ],
)
def test_a_kind_after_a_copula_names_no_product(draft, denied):
    """Given two unicycles returned, only one named "Unicycle" and in stock, when the
    draft likens the out-of-stock one to a kind ("is an off-road unicycle"), then the
    kind's noun names no returned product and the denial stays the Nimbus's; the
    in-stock one named by its own words is denied."""
    ctx = turn(draft, locale="en", question="Unicycles for beginners?", tools=[_UNICYCLES])
    assert ("stock_contradiction" in check(ctx, second_reader=None)) is denied


_VALUES = {
    "tradein#1": "Trade-in: we take your used phone as part-payment. Reference: Samsung "
    "Galaxy S21 128 GB with battery health 80% or more: $140 credit."
}


@pytest.mark.parametrize(
    ("said", "model_given"),
    [
        ("Regular S21, 128 GB.", True),
        ("A Samsung Galaxy S21, 128 GB.", True),
        # a code the reply and the page never name is no model of theirs
        ("Regular X9, 128 GB.", False),
        # a capacity written as one word is no model code
        ("It's the 128gb one.", False),
    ],
)
def test_a_model_code_without_its_maker_gives_the_model(said, model_given):
    """Given a trade-in conversation where the customer gave a capacity and a battery
    health, when the model came as a bare code ("S21") that the trade-in page names too,
    then the quote has its model; a code nobody else names, or a capacity, is none."""
    ctx = turn(
        "A Galaxy S21 128 GB with battery health of 80% or more gets $140 credit [tradein#1].",
        locale="en",
        question="Battery health says 86%.",
        chunks=_VALUES,
        history=[("customer", said), ("assistant", "I also need the battery health.")],
    )
    assert ("quote_without_details" in check(ctx, second_reader=None)) is not model_given


_FANS = search(
    {
        "sku": "LIL-1",
        "name": "Ventilador de techo Liliana VTHD",
        "in_stock": True,
        "warranty": None,
    },
    {"sku": "HUN-2", "name": "Kit de luz LED Hunter", "in_stock": True, "warranty": "12 meses"},
    query="ventilador liliana",
)


@pytest.mark.parametrize(
    ("second", "stated"),
    [
        ("Sí, tiene garantía de fábrica.", True),
        ("Claro, trae garantía oficial.", True),
        ("Sí, no tengo datos de su garantía.", False),
        ("Sí, hay stock para mañana.", False),
    ],
)
def test_a_yes_before_a_subjectless_warranty_speaks_of_the_product_named_before(second, stated):
    """Given a fan with no warranty on its sheet and a light kit with one, when the
    draft names the fan and then answers "Sí, tiene garantía de fábrica" with no subject
    of its own, then the warranty is the fan's; a negation, or no warranty at all, is
    nothing stated."""
    draft = f"El Ventilador de techo Liliana VTHD está a $119.999. {second}"
    ctx = turn(draft, locale="es-AR", question="¿Y el Liliana tiene garantía?", tools=[_FANS])
    assert ("warranty_without_data" in check(ctx, second_reader=None)) is stated


_KETTLES = search(
    {"sku": "AT-17", "name": "Pava Eléctrica Atma 1,7 L", "in_stock": True},
    {"sku": "PH-15", "name": "Pava Eléctrica Philips 1,5 L", "in_stock": True},
    query="pava electrica",
)


@pytest.mark.parametrize(
    ("draft", "earlier", "denied"),
    [
        ("De esa marca no trabajamos más; tenemos la Atma.", "La pava Philips vino partida.", True),
        ("Esa marca no la vendemos más.", "La pava Philips vino partida.", True),
        # the brand the customer named was not returned: nothing returned is denied
        ("De esa marca no trabajamos más; tenemos la Atma.", "La pava Oster vino partida.", False),
        # "más" of another thing still points away from the product
        ("No tenemos más modelos de esa marca.", "La pava Philips vino partida.", False),
    ],
)
def test_a_brand_no_longer_carried_is_the_one_the_customer_named_before(draft, earlier, denied):
    """Given a Philips kettle returned in stock, when the customer named Philips in
    their message before and the draft says "de esa marca no trabajamos más", then the
    denial is of Philips ("más" after the verb is "no longer", not "another"); a brand
    the search did not return, or "más modelos", denies nothing returned."""
    ctx = turn(
        draft,
        locale="es-AR",
        question="¿Tienen la misma pava para reemplazarla?",
        tools=[_KETTLES],
        history=[("customer", earlier), ("assistant", "Uh, perdón. Dejame ver.")],
    )
    assert ("stock_contradiction" in check(ctx, second_reader=None)) is denied


@pytest.mark.parametrize(
    ("sentence", "waives"),
    [
        ("Si llega defectuoso, se puede cambiar por otro igual.", False),
        ("Te mandamos uno igual.", False),
        # "igual" after a first-person verb is "anyway": the rule set aside
        ("Aunque pasó el plazo, te lo cambiamos igual.", True),
        ("Lo hago igual, no te preocupes.", True),
    ],
)
def test_igual_after_otro_or_uno_is_a_likeness(sentence, waives):
    """Given a sentence with "igual", when it follows "otro / uno" ("por otro igual"),
    then it says the same kind of thing, not "anyway", and sets no rule aside."""
    from guards.exceptions import waives_a_rule

    assert waives_a_rule(sentence, "es") is waives


_CASTANETS = search(
    {"sku": "CAS-1", "name": "Castañuelas Filigrana Granadillo", "in_stock": True},
    query="castañuelas ébano",
)


@pytest.mark.parametrize(
    ("draft", "claimed"),
    [
        ("Lo que sí tenemos en madera noble son las castañuelas Filigrana Granadillo.", False),
        ("What we do have in wood is the Filigrana Granadillo castanets.", False),
        # a variant claimed of the returned product, with no cleft
        ("Las castañuelas Filigrana Granadillo también las tenemos en negro.", True),
    ],
)
def test_a_pseudo_cleft_describes_the_product_it_names(draft, claimed):
    """Given one pair of castanets returned, when a pseudo-cleft ("lo que sí tenemos en
    madera noble son las X") names it, then the material describes X and no variant is
    claimed; "también las tenemos en negro" claims one the search did not return."""
    locale = "en" if draft.startswith("What") else "es-ES"
    ctx = turn(draft, locale=locale, question="¿Tenéis castañuelas de ébano?", tools=[_CASTANETS])
    assert ("stock_contradiction" in check(ctx, second_reader=None)) is claimed


_FREE_OVER = {"shipping#1": "Free standard shipping on orders of $75 or more."}


@pytest.mark.parametrize(
    ("draft", "offered"),
    [
        ("Your cart is at $68. Once you reach $75, your order ships free.", False),
        ("Your cart is at $68. If you spend $75, shipping is free.", False),
        # granted now, under the threshold
        ("Your cart is at $68, and your order ships free.", True),
    ],
)
def test_free_shipping_on_reaching_the_threshold_is_the_rule(draft, offered):
    """Given free shipping from $75 and a cart of $68, when the draft makes it free on
    the customer reaching $75 ("Once you reach $75, …"), then it states the rule; free
    now, under the threshold, is offered."""
    ctx = turn(
        f"Shipping is free on orders of $75 or more [shipping#1]. {draft}",
        locale="en",
        question="Do I get free shipping?",
        chunks=_FREE_OVER,
    )
    assert ("discount_promise" in check(ctx, second_reader=None)) is offered


@pytest.mark.parametrize(
    ("sentence", "open_question"),
    [
        ("Te ayudo a ver precios y si llegás al envío gratis.", True),
        ("I'll check the prices and whether you get free shipping.", True),
        ("Te ayudo con los precios y te regalo el envío gratis.", False),
    ],
)
def test_a_question_joined_to_a_verb_of_seeing_stays_open(sentence, open_question):
    """Given "ver precios y si …", when the "si" follows "y" after a verb of seeing or
    checking, then the verb governs both and what follows "si" is asked, not said."""
    from guards.moods import in_open_question

    verb = "free" if "free" in sentence else "envío"
    language = "en" if "free" in sentence else "es"
    assert in_open_question(sentence, verb, language) is open_question


@pytest.mark.parametrize(
    ("sentence", "done"),
    [
        ("Ningún problema, ya está: el envío sale a la dirección nueva.", True),
        ("No problem, done!", True),
        ("Ya está: el envío sale a la dirección nueva.", True),
        # a condition first is no declaration that it is done
        ("Si querés, ya está: te paso el enlace.", False),
        # a longer opening is a statement of its own
        ("El pedido de la semana pasada, ya está en camino.", False),
    ],
)
def test_a_short_reassurance_before_a_bare_done(sentence, done):
    """Given a sentence, when a short reassurance ("Ningún problema", "No problem")
    comes before a bare "ya está / done", then the sentence opens as done; a condition
    first, or an opening of more than three words, does not."""
    from guards.requests import opens_as_done

    assert opens_as_done(sentence) is done


_EDITIONS = search(
    {"sku": "CARC-ES", "name": "Carcassonne (edición española)", "in_stock": True},
    query="carcassonne english",
)
_NO_EDITION = search({"sku": "CARC", "name": "Carcassonne", "in_stock": True}, query="carcassonne")


@pytest.mark.parametrize(
    ("draft", "tools", "claimed"),
    [
        ("Sí, tenemos Carcassonne en inglés.", _EDITIONS, True),
        ("Sí, lo tenemos en español.", _EDITIONS, False),
        # names that tell no edition by its language say nothing of one
        ("Sí, tenemos Carcassonne en inglés.", _NO_EDITION, False),
    ],
)
def test_an_edition_in_a_language_no_returned_name_gives(draft, tools, claimed):
    """Given the returned names tell editions by their language, when the draft says
    the shop has it in another language, then it claims an edition the search did not
    return; where no name gives a language, the words cannot tell."""
    ctx = turn(draft, locale="es-ES", question="¿Tienen Carcassonne en inglés?", tools=[tools])
    assert ("stock_contradiction" in check(ctx, second_reader=None)) is claimed
