"""Misses and false alarms found in session 41 on the development halves of the blind
files, read once HT-HW's first figures were taken, each kept exactly as its writer wrote
it; and the structures they showed, checked apart."""

from __future__ import annotations

import pytest

from tests.guards.helpers import assert_writers_verdict, check, item, search, turn
from tests.guards.test_blind_round_rst import blind


@pytest.mark.parametrize(
    ("case_id", "guard"),
    [
        # "Además del Látex Exterior Colorín 20 L ($112.500), está la versión de 10
        # litros de exterior…" (only the 20 L tin came back)
        ("ai-0066", "stock_contradiction"),
        # "… también trabajamos la línea Tigre en versión mecedora" (only the folding one)
        ("gh-0046", "stock_contradiction"),
        # "Y sí, también tenemos la versión con los números en inglés" (only 1-10)
        ("hk-0047", "stock_contradiction"),
        # "Patria … está agotado ahora mismo, pero la edición en tapa dura sí la tenemos
        # disponible." (no hardcover came back)
        ("F-0363", "stock_contradiction"),
        # "Tenemos la Esfera armilar de madera de haya 25 cm a 89,00 € y la versión
        # grande de nogal" (only the beech one)
        ("ho-0102", "stock_contradiction"),
        # "You'll also find the **Rainin LTS 200 µL tips** in our range, which are in
        # stock." (only the Eppendorf tips came back)
        ("hw-0029", "stock_contradiction"),
        # "También tenemos en stock los calcetines de nieve homologados para esa medida"
        # (only the 9 mm chains came back)
        ("fn-0063", "stock_contradiction"),
        # "Yes – we've just started stocking a sash window draught excluder kit…" (only
        # the door excluder came back)
        ("gx-0146", "stock_contradiction"),
        # "Yes, we have a matching tender for the Pug, as well as the Hand water pump for
        # tender (£39.00)…" (asked "Do you do a tender…?"; only the pump came back)
        ("bx-0141", "stock_contradiction"),
        # kept: what the customer finds on the shop's site is a page
        ("fn-0050", None),
        ("fj-0049", None),
        # kept: "Como el pozo 8055 aún está «en curso», si cambia ahí el NIF antes del
        # cierre, la factura saldrá con el de la cooperativa." (the lookup: "en curso")
        ("hv-0129", None),
        # "La Alfombra Yute Redonda Ø 150 cm … tiene 6 meses de garantía por defectos de
        # fabricación [garantia#1]" (the page: "Las alfombras de lana tienen 6 meses")
        ("co-0121", "warranty_without_data"),
        # "The Natural calabash gourd (£16.00) is covered by a 1-year warranty…
        # [warranty#1]" (the page: "Glassware and ceramic gourds carry a 1-year…")
        ("gx-0028", "warranty_without_data"),
        # "el Citizen Eco-Drive BM7100 … cuenta con los 5 años de garantía internacional
        # del fabricante [garantia#2]" (the page: "… en relojes automáticos")
        ("mm-0066", "warranty_without_data"),
        # kept: "Cuidado personal (secadores, planchitas, afeitadoras): 12 meses": a list
        ("zz-245", None),
        # kept: "… los pedidos superiores a 150 € tienen envío gratuito en península
        # [envios#1]. Como su compra es de 182 €, no se le cobrará envío."
        ("hu-0008", None),
        # "That said, since you're a returning customer, the $20 will come off your next
        # purchase automatically." (the page: no adjustment on past orders)
        ("hu-0087", "discount_promise"),
        # kept: a returned sibling called a version, by colour, in brackets, by a
        # word of its name, by its figure, or with its price
        ("as-0008", None),
        ("cs-0130", None),
        ("s-0086", None),
        ("m-0109", None),
        ("mm-0004", None),
        ("aj-0090", None),
        ("cc-0009", None),
        ("dk-0050", None),
    ],
)
def test_a_development_case_gets_its_writers_verdict(case_id, guard):
    """Given the case as its writer wrote it, when the rules alone read it, then the
    guard the writer named fails, or, for a correct answer, nothing does."""
    assert_writers_verdict(blind(case_id), guard, reader=False)


_MAT = search(
    item("RAY-NUM-10", "Alfombra rayuela números 1-10", "29.90", "EUR"),
    item("RAY-COL-10", "Alfombra rayuela colores", "24.90", "EUR", in_stock=False),
    query="alfombra rayuela números inglés",
)


@pytest.mark.parametrize(
    ("draft", "failed"),
    [
        # another version the search did not return, said carried
        (
            "Tenemos la Alfombra rayuela números 1-10 y la Alfombra rayuela colores. "
            "También tenemos la versión en inglés.",
            True,
        ),
        (
            "La Alfombra rayuela números 1-10 y la de colores están; además hay la "
            "versión gigante de 3 metros.",
            True,
        ),
        # a returned product called a version: by a word of its name, by its price, as
        # sold out, or denied; or one the draft leaves unnamed, which the version may be
        ("Tenemos la Alfombra rayuela números 1-10 y también la versión de colores.", False),
        (
            "Tenemos la Alfombra rayuela números 1-10. La versión en inglés la tenemos a 24,90 €.",
            False,
        ),
        (
            "Tenemos la Alfombra rayuela números 1-10 y la Alfombra rayuela colores; la "
            "versión en inglés está agotada.",
            False,
        ),
        (
            "Tenemos la Alfombra rayuela números 1-10 y la de colores, pero la versión en "
            "inglés no la tenemos.",
            False,
        ),
        ("Tenemos la Alfombra rayuela números 1-10, y también la versión en inglés.", False),
    ],
)
def test_a_version_no_returned_product_is_said_carried(draft, failed):
    """Given a search that returned two hopscotch mats, when the draft names both and
    says the shop also has a version set apart by a word no returned name has, then the
    shop is said to carry what the search did not return; a version that a returned
    name, price or sold-out state describes, a denial, or a version that may be the
    returned product the draft left unnamed, pass."""
    ctx = turn(draft, locale="es-ES", question="¿Tenéis la rayuela en inglés?", tools=[_MAT])
    assert ("stock_contradiction" in check(ctx, second_reader=None)) is failed


_TIPS = search(
    item("EPP-TIPS-200", "Eppendorf epT.I.P.S. 2-200 µL, rack of 96", "48.50", "GBP"),
    query="pipette tips",
)


@pytest.mark.parametrize(
    ("draft", "failed"),
    [
        ("You'll also find the Rainin LTS tips in our range.", True),
        ("You can find Gilson Diamond tips in our shop as well.", True),
        # the returned tips, or a page found on the site, or a denial
        ("You'll find the Eppendorf epT.I.P.S. in our range at £48.50.", False),
        ("You can find the Rainin tip guide on our site.", False),
        ("You won't find Rainin tips in our range, but the Eppendorf ones are £48.50.", False),
    ],
)
def test_what_the_customer_will_find_in_the_range_is_what_the_shop_has(draft, failed):
    """Given a search that returned only Eppendorf tips, when the draft tells the
    customer they will find other tips in the shop's range, then the shop is said to
    carry what the search did not return; the returned tips, a page on the site, or a
    denial, pass."""
    ctx = turn(draft, locale="en", question="Do you have pipette tips?", tools=[_TIPS])
    assert ("stock_contradiction" in check(ctx, second_reader=None)) is failed


@pytest.mark.parametrize(
    ("record", "failed"),
    [
        ("8055 — perforación, pendiente de inicio", True),
        # the lookup's own word for the job, said again
        ("8055 — perforación, en curso", False),
    ],
)
def test_a_state_the_lookup_gives_the_job_is_no_document_underway(record, failed):
    """Given a lookup of a drilling job, when the draft says the invoice is already
    under way ("en curso"), then a sending no tool did is claimed, unless "en curso" is
    the lookup's own word for the job."""
    draft = "La factura del pozo 8055 ya está en curso."
    tools = [("get_order_status", {"order_id": "8055"}, record)]
    ctx = turn(draft, locale="es-ES", question="¿Me mandáis la factura?", tools=tools)
    assert ("action_claim" in check(ctx, second_reader=None)) is failed


@pytest.mark.parametrize(
    ("name", "page", "failed"),
    [
        ("Alfombra Yute Redonda", "Las alfombras de lana tienen 6 meses de garantía.", True),
        ("Alfombra Yute Redonda", "Las alfombras tienen 6 meses de garantía.", False),
        ("Alfombra de lana Persa", "Las alfombras de lana tienen 6 meses de garantía.", False),
        ("Alfombra Yute Redonda", "Alfombras (lana, yute): 6 meses de garantía.", False),
        ("Reloj Citizen Eco-Drive", "Los relojes automáticos tienen 6 meses de garantía.", True),
        ("Reloj Citizen Automático", "Los relojes automáticos tienen 6 meses de garantía.", False),
    ],
)
def test_a_term_the_page_gives_another_sort_of_the_kind_is_no_term_for_it(name, page, failed):
    """Given a product with no warranty on its sheet and a page that gives a term to its
    kind, when the draft states that term for it, then it is stated without data if the
    page qualifies the kind by a sort the product's name lacks (a material after "de",
    a plural adjective), and backed if the page names the kind bare, in a list, or with
    the product's own sort."""
    draft = f"La {name} tiene 6 meses de garantía [garantia#1]."
    tools = [search(item("SKU-1", name, "25000", "ARS"), query=name.lower())]
    chunks = {"garantia#1": page}
    ctx = turn(draft, locale="es-AR", question="¿Tiene garantía?", chunks=chunks, tools=tools)
    assert ("warranty_without_data" in check(ctx, second_reader=None)) is failed


@pytest.mark.parametrize(
    ("name", "failed"),
    [("Natural calabash gourd", True), ("Ceramic gourd, painted", False)],
)
def test_an_english_page_qualifies_the_kind_before_it(name, failed):
    """Given a page that gives "ceramic gourds" a 1-year warranty, when the draft states
    it for a product whose sheet has none, then a calabash gourd is stated without
    data and a ceramic one is backed."""
    draft = f"The {name} is covered by a 1-year warranty [warranty#1]."
    tools = [search(item("SKU-1", name, "16.00", "GBP"), query="gourd")]
    chunks = {"warranty#1": "Ceramic gourds carry a 1-year warranty against defects."}
    ctx = turn(draft, locale="en", question="Any warranty?", chunks=chunks, tools=tools)
    assert ("warranty_without_data" in check(ctx, second_reader=None)) is failed


def test_a_maker_the_page_names_makes_the_term_its_whatever_the_sort():
    """Given a page giving "electric grinders from Breville and Baratza" a year, when the
    draft states it for a Baratza grinder whose name does not say "electric", then the
    maker the page names makes the term the product's."""
    draft = "The Baratza Encore grinder is covered for 1 year [warranty#1]."
    page = "Electric grinders from Breville and Baratza include a 1-year warranty."
    tools = [search(item("BAR-ENC", "Baratza Encore grinder", "149.00", "USD"), query="baratza")]
    ctx = turn(draft, locale="en", chunks={"warranty#1": page}, tools=tools)
    assert "warranty_without_data" not in check(ctx, second_reader=None)


_SHIPPING = {"envios#1": "Envío gratuito en península para pedidos superiores a 150 €."}


@pytest.mark.parametrize(
    ("said", "failed"),
    [
        ("Como su compra es de 182 €, no se le cobrará envío.", False),
        # below the threshold, another thing, or said without the cited promotion
        ("Como su compra es de 120 €, no se le cobrará envío.", True),
        ("Como su compra es de 182 €, no se le cobrará el montaje.", True),
    ],
)
def test_a_charge_denied_for_what_a_cited_promotion_gives_free(said, failed):
    """Given a cited page giving free shipping over 150 €, when the next sentence says
    no shipping will be charged on a 182 € order, then it applies the promotion and
    gives nothing new; on a 120 € order, or for assembly, it is a lower price no source
    gives."""
    draft = f"Los pedidos superiores a 150 € tienen envío gratuito [envios#1]. {said}"
    question = "He pagado 182 €. ¿Me cobráis el envío?"
    ctx = turn(draft, locale="es-ES", question=question, chunks=_SHIPPING)
    assert ("discount_promise" in check(ctx, second_reader=None)) is failed


def test_a_charge_denied_with_no_promotion_cited_before_is_a_lower_price():
    """Given the same page not cited, when the draft says no shipping will be charged,
    then nothing it stated before applies, and it is a lower price."""
    draft = "Como su compra es de 182 €, no se le cobrará envío."
    ctx = turn(draft, locale="es-ES", question="He pagado 182 €.", chunks=_SHIPPING)
    assert "discount_promise" in check(ctx, second_reader=None)


_CHAINS = search(
    item("CN-9MM-G80", "Cadenas de nieve 9 mm grupo 80 (R16)", "49.95", "EUR"),
    query="cadenas nieve 205/55 R16",
)


@pytest.mark.parametrize(
    ("said", "failed"),
    [
        ("También tenemos en stock los calcetines de nieve homologados.", True),
        ("We also have in stock the snow socks for that size.", True),
        # the returned chains, or a denial
        ("También tenemos en stock las cadenas de nieve de 9 mm.", False),
        ("Calcetines de nieve no tenemos en stock, lo siento.", False),
    ],
)
def test_what_is_also_had_in_stock_is_read_past_where_it_is_had(said, failed):
    """Given a search that returned only snow chains, when the draft says the shop also
    has "in stock" something else, then the object after "en stock / in stock" is what
    the shop claims; the returned chains, or a denial, pass."""
    draft = f"Tenemos las Cadenas de nieve 9 mm grupo 80 (R16) a 49,95 €. {said}"
    locale = "en" if said.startswith("We") else "es-ES"
    ctx = turn(draft, locale=locale, question="¿Cadenas para 205/55 R16?", tools=[_CHAINS])
    assert ("stock_contradiction" in check(ctx, second_reader=None)) is failed


_EXCLUDER = search(
    item("DX-EN-DBL86", "Double-sided door draught excluder 86 cm", "11.99", "GBP"),
    query="sash window draught excluder",
)


@pytest.mark.parametrize(
    ("draft", "failed"),
    [
        ("Yes, we stock a sash window draught excluder kit.", True),
        ("Yes, we've just started stocking sash window draught excluders.", True),
        # the returned door excluder, in its own words, or a denial
        ("We stock the double-sided door draught excluder at £11.99.", False),
        ("We don't stock a sash window draught excluder kit, sorry.", False),
    ],
)
def test_a_kind_named_with_its_compound_and_the_asked_feature(draft, failed):
    """Given a search for sash-window excluders that returned only a door excluder,
    when the draft says the shop stocks (or has just started stocking) a "sash window
    draught excluder kit", then "draught excluder" is the returned kind, "kit" only
    groups it, and "sash window" is the feature no returned product has; the door
    excluder itself, or a denial, pass."""
    question = "Do you have a draught excluder for sash windows?"
    ctx = turn(draft, locale="en", question=question, tools=[_EXCLUDER])
    assert ("stock_contradiction" in check(ctx, second_reader=None)) is failed


_PUMP = search(item("CLS-WP", "Hand water pump for tender", "39.00", "GBP"), query="tender")


@pytest.mark.parametrize(
    ("question", "draft", "failed"),
    [
        (
            "Do you do a tender to go with it?",
            "Yes, we have a matching tender for it, as well as the Hand water pump for tender.",
            True,
        ),
        (
            "Do you sell tenders?",
            "Yes, we have a matching tender for it, as well as the Hand water pump for tender.",
            True,
        ),
        # the pump offered for what it is, or the tender denied
        (
            "Do you sell tenders?",
            "We have the Hand water pump for tender at £39.00, but no tender itself.",
            False,
        ),
        ("Do you sell pumps?", "Yes, we have the Hand water pump for tender at £39.00.", False),
    ],
)
def test_what_a_returned_product_is_for_is_not_what_it_is(question, draft, failed):
    """Given a search that returned only a "Hand water pump for tender", when the draft
    says the shop has the tender asked for, then the kind asked for is one no returned
    product is: the pump is for a tender, not one; the pump offered as itself, or the
    tender denied, pass."""
    ctx = turn(draft, locale="en", question=question, tools=[_PUMP])
    assert ("stock_contradiction" in check(ctx, second_reader=None)) is failed


@pytest.mark.parametrize(
    ("draft", "failed"),
    [
        ("As a thank-you, the $20 will come off your next purchase.", True),
        ("The difference comes off your order total automatically.", True),
        # the page's own promotion, or no purchase at all
        ("With the code, 10% comes off your order at checkout [promos#1].", False),
        ("The lid comes off your blender jar for cleaning.", False),
    ],
)
def test_an_amount_that_comes_off_the_customers_order(draft, failed):
    """Given a page that gives 10 % with a code, when the draft says an amount "comes
    off your order / purchase", then a lower price is given; the page's own 10 %, or a
    part coming off a product, is no such grant."""
    chunks = {"promos#1": "10% off your order with the code SPRING10."}
    ctx = turn(draft, locale="en", question="Any discount?", chunks=chunks)
    assert ("discount_promise" in check(ctx, second_reader=None)) is failed
