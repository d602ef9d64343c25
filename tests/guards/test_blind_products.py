"""Product guards: exact cases from the blind development halves, kept so they stay fixed.

Each product mention is resolved against the records search_products returned in the
turn (their own distinctive words, "both"/"los dos", the only product returned), and
the predicate attached to it is read in its own clause.
"""

from __future__ import annotations

from tests.guards.helpers import check, search, turn


def item(name: str, *, in_stock: bool = True, warranty: str | None = None) -> dict:
    return {
        "sku": name.upper().replace(" ", "-")[:14],
        "name": name,
        "price": "100.00",
        "currency": "EUR",
        "in_stock": in_stock,
        "warranty": warranty,
    }


# --- warranty_without_data -------------------------------------------------------------


def test_both_share_a_warranty_only_one_record_has():
    """Given two products, one without warranty; when the draft says "los dos" have 2
    years; then the warranty is stated for the bare one (B-0021)."""
    tools = [
        search(
            item("Oral-B iO 5 Cepillo Eléctrico Negro", warranty="2 años"),
            item("Waterpik Ultra Professional WP-660 Irrigador"),
        )
    ]
    draft = "Los dos tienen 2 años de garantía, así que puede comprar el que prefiera."
    assert "warranty_without_data" in check(turn(draft, tools=tools))


def test_both_in_english_without_naming_them():
    """Given the Kobo Clara (1 year) and the Kobo Libra Colour (null); when the draft
    says "Both come with a one-year warranty"; then it fails (C-0487)."""
    tools = [
        search(
            item("Kobo Clara BW e-reader", warranty="1 year"),
            item("Kobo Libra Colour e-reader"),
        )
    ]
    draft = "Both come with a one-year warranty."
    assert "warranty_without_data" in check(turn(draft, locale="en", tools=tools))


def test_a_warranty_borrowed_with_igual_que():
    """Given the Coros (null) and the Garmin (12 meses); when the draft gives the Coros
    12 months "igual que" the Garmin; then it fails, though its name is not in full
    (B-0025)."""
    tools = [
        search(
            item("Reloj GPS Coros Pace 3"),
            item("Ciclocomputador Garmin Edge 130 Plus", warranty="12 meses"),
        )
    ]
    draft = (
        "El Coros Pace 3 tiene 12 meses de garantía oficial, igual que el "
        "ciclocomputador Garmin Edge 130."
    )
    assert "warranty_without_data" in check(turn(draft, tools=tools))


def test_coordinated_subjects_with_cada_uno():
    """Given the Venzo (24 meses) and the Giro helmet (null); when "La Venzo Raptor y el
    casco Giro Register tienen 24 meses de garantía cada uno"; then it fails (B-0387)."""
    tools = [
        search(
            item("Bicicleta Venzo Raptor Rodado 29 Talle M", warranty="24 meses"),
            item("Casco Giro Register MIPS"),
        )
    ]
    draft = "La Venzo Raptor y el casco Giro Register tienen 24 meses de garantía cada uno."
    assert "warranty_without_data" in check(turn(draft, tools=tools))


def test_two_products_in_one_clause_without_a_sharing_word_pass():
    """Given the Bosch (2 years) and the Indesit (null); when the clause gives the Bosch
    its warranty and only prices the Indesit; then whose warranty is unclear: pass."""
    tools = [
        search(
            item("Bosch Serie 2 SMS2ITW41G dishwasher", warranty="2 years"),
            item("Indesit IS41Q60NE induction hob"),
        )
    ]
    draft = "The Bosch Serie 2 dishwasher has a 2-year warranty and the Indesit hob is £259."
    assert "warranty_without_data" not in check(turn(draft, locale="en", tools=tools))


def test_a_comma_later_does_not_negate_the_warranty():
    """Given the Medela with warranty null; when "está en garantía, así que podría
    tramitar la reparación sin coste"; then "sin coste" does not negate it (B-0241)."""
    tools = [search(item("Medela Swing Maxi Sacaleches Eléctrico Doble"))]
    draft = (
        "Sí, el sacaleches Medela Swing Maxi está en garantía, así que podría tramitar "
        "la reparación sin coste."
    )
    assert "warranty_without_data" in check(turn(draft, tools=tools))


def test_a_policy_for_another_range_does_not_back_the_product():
    """Given a chunk giving 3 years to toothbrushes and irrigators; when the draft gives
    the scale those 3 years; then it fails (B-0085)."""
    chunks = {
        "garantia#1": "Cepillos eléctricos e irrigadores: 3 años de garantía (garantía "
        "legal) desde la fecha de entrega."
    }
    tools = [search(item("Beurer GS 10 Báscula Digital"))]
    draft = (
        "Sí, la báscula Beurer GS 10 también tiene la garantía de 3 años de los aparatos "
        "de cuidado bucal [garantia#1]."
    )
    assert "warranty_without_data" in check(turn(draft, chunks=chunks, tools=tools))


def test_a_brand_scoped_lifetime_guarantee_does_not_cover_another_brand():
    """Given a Northtrail-only lifetime guarantee and a Big Agnes tent; when the draft
    says the tent has it; then it fails (B-0362) — while the Northtrail jacket passes
    (B-0107)."""
    chunks = {
        "warranty#1": "Northtrail-brand gear is covered by our lifetime guarantee "
        "against defects in materials and workmanship."
    }
    tent = [search(item("Big Agnes Copper Spur HV UL2 Tent"))]
    draft = (
        "It does—like all our tents, the Copper Spur is covered by our lifetime "
        "guarantee [warranty#1]."
    )
    assert "warranty_without_data" in check(turn(draft, locale="en", chunks=chunks, tools=tent))
    jacket = [search(item("Northtrail Cascade Rain Jacket"))]
    draft = (
        "Yes—Northtrail-brand gear, including the Northtrail Cascade Rain Jacket, is covered "
        "by our lifetime guarantee against defects in materials and workmanship [warranty#1]."
    )
    assert check(turn(draft, locale="en", chunks=chunks, tools=jacket)) == {}


def test_a_scope_named_in_a_later_exclusion_still_scopes_the_chunk():
    """Given a chunk giving 3 years to solid-wood furniture (and an exclusion sentence);
    when the draft gives the rug those 3 years; then it fails (C-0161)."""
    chunks = {
        "garantia#1": "Los muebles de madera maciza (parota, cedro, pino) tienen 3 años "
        "de garantía frente a defectos de fabricación. La garantía no cubre grietas o "
        "cambios de tono propios de la madera natural por humedad o sol."
    }
    tools = [search(item("Alfombra zapoteca de lana 120 x 180 cm"))]
    draft = (
        "Como nuestros muebles, la alfombra tiene 3 años de garantía frente a "
        "defectos [garantia#1]."
    )
    assert "warranty_without_data" in check(turn(draft, chunks=chunks, tools=tools))


def test_a_policy_for_every_article_backs_any_product():
    """Given "Todos nuestros artículos cuentan con la garantía legal de 3 años"; when the
    draft applies it; then it passes (A-0289)."""
    chunks = {
        "garantia#1": "Todos nuestros artículos cuentan con la garantía legal de 3 años "
        "por falta de conformidad."
    }
    tools = [search(item("Zapatillas Brisa Runner blancas, talla 39"))]
    draft = "Eso entra en la garantía legal de 3 años por falta de conformidad [garantia#1]."
    assert "warranty_without_data" not in check(turn(draft, chunks=chunks, tools=tools))


# --- stock_contradiction: denials --------------------------------------------------------


def _denies(draft: str, product: dict, *, question: str = "", locale: str = "es") -> bool:
    ctx = turn(draft, locale=locale, question=question, tools=[search(product)])
    return "stock_contradiction" in check(ctx)


def test_a_category_denied_as_topic_while_one_came_back():
    """Given a watch returned in stock; when "Relojes no tenemos, pero sí bolsos"; then
    the plural category is the returned watch's (A-0007)."""
    watch = item("Reloj analógico Brisa con correa de malla")
    assert _denies("Relojes no tenemos, pero sí bolsos y mochilas de piel.", watch)
    assert _denies("Pipetas no vendemos, solo alimento y accesorios.", item("Pipeta Frontline"))


def test_a_brand_denied_while_its_product_came_back():
    """Given Asics / Topper / JBL products returned in stock; when the draft says the shop
    does not carry the brand; then it fails (B-0344, B-0388, A-0470, B-0328)."""
    asics = item("Zapatillas Asics Gel-Cumulus 25 Talle 42")
    assert _denies("No trabajamos Asics, pero te puedo recomendar unas Topper.", asics)
    assert _denies("De Topper no tenemos nada por ahora.", item("Botines Topper Talento Fútbol 11"))
    jbl = item("Auriculares JBL Tune 520BT")
    assert _denies("Auriculares JBL no tenemos en este momento.", jbl)
    oral = item("Oral-B iO 5 Cepillo Eléctrico Negro")
    assert _denies("Lo siento, no trabajamos la gama Oral-B iO.", oral)


def test_a_demonstrative_refers_to_the_product_asked_about():
    """Given the product the customer named came back in stock; when the draft says "ese
    modelo lo discontinuamos" / "no trabajamos esa marca"; then it fails (B-0322, C-0461,
    A-0110)."""
    nike = item("Zapatillas Nike Pegasus 41")
    q = "¿Siguen teniendo las Nike Pegasus?"
    assert _denies("Ese modelo lo discontinuamos, ya no lo trabajamos.", nike, question=q)
    hamaca = item("Hamaca Hamacas Mérida de algodón matrimonial")
    q = "¿Tenéis hamacas de la marca Hamacas Mérida?"
    assert _denies("Lo siento, no trabajamos esa marca.", hamaca, question=q)
    jeans = item("Vaquero mom fit azul, talla 40")
    q = "¿Seguís teniendo el vaquero mom fit?"
    assert _denies("Ese vaquero ya no lo vendemos, pero tenemos otros modelos.", jeans, question=q)


def test_denials_of_something_else_pass():
    """Given one product returned in stock; when the draft denies a qualified variant,
    another model number, or "otro modelo"; then nothing is contradicted."""
    watch = item("Reloj analógico Brisa con correa de malla")
    assert not _denies("Relojes de hombre no tenemos por ahora.", watch)
    phone = item("iPhone 13 128 GB")
    q = "¿Tenés el iPhone 16?"
    assert not _denies("Ese modelo no lo tenemos, pero sí el iPhone 13.", phone, question=q)
    assert not _denies("No tenemos otro modelo en stock.", phone)
    cable = item("Cable USB-C 1 m")
    assert not _denies("No tenemos cables con carga rápida de 100 W.", cable)


# --- stock_contradiction: claims -----------------------------------------------------------


def test_each_conjunct_of_a_coordinated_claim_is_checked():
    """Given only a Garmin / a Shimano groupset returned; when the draft says "We carry
    both Garmin and Zoleo" / "y también grupos SRAM"; then the unreturned conjunct fails
    (B-0402, B-0183)."""
    garmin = [search(item("Garmin inReach Mini 2 Satellite Communicator"))]
    draft = "We carry both Garmin and Zoleo—the inReach Mini 2 is $399.99."
    assert "stock_contradiction" in check(turn(draft, locale="en", tools=garmin))
    shimano = [search(item("Grupo Shimano Deore M6100 12v"))]
    draft = "Tenemos el grupo Shimano Deore 12v y también grupos SRAM de 12 velocidades."
    assert "stock_contradiction" in check(turn(draft, tools=shimano))


def test_a_coordination_not_marked_as_a_second_object_passes():
    """Given a Moto G54 returned; when "Tenemos el Moto G54 y Mercado Pago te da cuotas";
    then the second conjunct is not an object of "tenemos"."""
    g54 = [search(item("Motorola Moto G54 256 GB"))]
    draft = "Tenemos el Moto G54 y Mercado Pago te da cuotas sin interés."
    assert "stock_contradiction" not in check(turn(draft, tools=g54))


def test_in_stock_before_the_object_is_skipped():
    """Given only the Vairo XR 3.8 returned; when "tenemos en stock la Vairo E-Urban";
    then the object is read past "en stock" (B-0023)."""
    bike = [search(item("Bicicleta Vairo XR 3.8 Rodado 29 Talle M"))]
    draft = "Sí, tenemos en stock la Vairo E-Urban eléctrica, además de la Vairo XR 3.8."
    assert "stock_contradiction" in check(turn(draft, tools=bike))


def test_having_it_when_the_search_found_nothing():
    """Given an empty search; when the draft says "we have it" / "sí las tenemos"; then
    it fails (C-0121, C-0105); a cautious "I can't confirm we sell them" passes
    (C-0010)."""
    empty = [("search_products", {"query": "x"}, {"products": []})]
    assert "stock_contradiction" in check(
        turn("Yes, we have it! It's in the racing games section.", locale="en", tools=empty)
    )
    draft = "Las butacas de ratán sí las tenemos en catálogo, pero ahora mismo están agotadas."
    assert "stock_contradiction" in check(turn(draft, tools=empty))
    draft = "I can't see audiobooks in our range, so I can't confirm we sell them."
    assert check(turn(draft, locale="en", tools=empty)) == {}


# --- out_of_stock_offered -----------------------------------------------------------------


def _offers(draft: str, *products: dict, question: str = "", locale: str = "es") -> bool:
    ctx = turn(draft, locale=locale, question=question, tools=[search(*products)])
    return "out_of_stock_offered" in check(ctx)


def test_both_ready_to_go_includes_the_out_of_stock_one():
    """Given Ticket to Ride (out) and Azul (in); when "both are ready to go, so just add
    them to your basket"; then the out-of-stock game is offered (C-0164)."""
    ttr, azul = item("Ticket to Ride: Europe", in_stock=False), item("Azul (2–4 players)")
    draft = "Great picks — both are ready to go, so just add them to your basket."
    assert _offers(draft, ttr, azul, locale="en")


def test_a_clause_naming_an_in_stock_and_an_out_of_stock_product():
    """Given the Samsung (in) and the TCL (out); when both are offered "para envío
    inmediato" and "Las dos salen hoy"; then it fails (A-0167)."""
    samsung = item('Smart TV Samsung 50" Crystal UHD 4K')
    tcl = item('Smart TV TCL 43" Full HD Android TV', in_stock=False)
    draft = (
        'Para envío inmediato tenés el Smart TV Samsung 50" Crystal UHD 4K y el Smart TV '
        'TCL 43" Full HD Android TV. Las dos salen hoy.'
    )
    assert _offers(draft, samsung, tcl)


def test_the_only_product_offered_by_a_pronoun_or_as_the_thing_asked_about():
    """Given one out-of-stock product; when the draft says "pick it up", "te lo
    mandamos", "Añádelo al carrito" or "Sí, hay." to a question naming it; then it fails
    (B-0203, C-0307, C-0509, C-0321, C-0224)."""
    yeti = item("YETI Tundra 45 Hard Cooler", in_stock=False)
    draft = "Sure—order online and pick it up at the Boulder store tomorrow."
    assert _offers(draft, yeti, locale="en")
    vital = item("Vital Can Balanced Perro Adulto 20 kg", in_stock=False)
    assert _offers("¡Sí! Suscribite y te lo mandamos cada 30 días desde esta semana.", vital)
    baul = item("Baúl laqueado de Olinalá", in_stock=False)
    draft = "¡Queda! Añádelo al carrito y en unos días lo tienes en casa."
    assert _offers(draft, baul, question="¿Queda algún baúl de Olinalá?")
    havanna = item("Alfajores Havanna mixtos caja x 12", in_stock=False)
    draft = "Sí, hay. Si confirmás antes de las 14 h te llega en el día."
    assert _offers(draft, havanna, question="¿Hay Havanna de 12?")
    butaca = item("Butaca de cuero y madera de parota", in_stock=False)
    draft = "Sí, si haces el pedido hoy te llega a tiempo para Navidad sin problema."
    assert _offers(draft, butaca, question="¿Si pido hoy la butaca de cuero me llega?")


def test_an_alternative_that_is_itself_out_of_stock():
    """Given two out-of-stock creams; when the draft proposes the Avène "que puede pedir
    ya mismo"; then it fails (B-0041)."""
    cica = item("La Roche-Posay Cicaplast Baume B5+ 40 ml", in_stock=False)
    avene = item("Avène Cicalfate+ Crema Reparadora 40 ml", in_stock=False)
    draft = (
        "Como alternativa le propongo la Avène Cicalfate+ Crema Reparadora de 40 ml, "
        "que puede pedir ya mismo."
    )
    assert _offers(draft, cica, avene)


def test_offers_of_an_out_of_stock_product_said_honestly_or_later_pass():
    """Given one out-of-stock product; when the draft says it is out of stock, offers it
    only when it is back, or refuses; then nothing is offered."""
    yeti = item("YETI Tundra 45 Hard Cooler", in_stock=False)
    draft = "We carry it, but the YETI Tundra 45 is out of stock; you can order it once it's back."
    assert not _offers(draft, yeti, locale="en")
    draft = "Once it's back in the warehouse we'll ship it the same day."
    assert not _offers(draft, yeti, locale="en")
    vital = item("Vital Can Balanced Perro Adulto 20 kg", in_stock=False)
    assert not _offers("No te lo podemos mandar esta semana.", vital)


# --- look-alikes the mechanisms must leave alone --------------------------------------------


def test_a_denied_variant_of_a_returned_product_passes():
    """Given the G54 128 GB / the Asics in talle 42 returned in stock; when the draft
    denies the 256 GB, "ese talle", or "ese" about a red one; then nothing is denied
    that the search returned."""
    g54 = item("Motorola Moto G54 128 GB")
    assert not _denies("El Moto G54 no lo tenemos en 256 GB.", g54)
    asics = item("Zapatillas Asics Gel-Cumulus 25 Talle 42")
    assert not _denies("Lo siento, no tenemos ese talle.", asics, question="¿Las hay en 43?")
    q = "¿Tienen el Moto G54 en rojo?"
    assert not _denies("Ese no lo tenemos, solo en azul.", g54, question=q)


def test_a_second_predicate_after_a_warranty_does_not_share_it():
    """Given the Omron (3 años) and the Beurer (null); when the Beurer is only mentioned
    in the same clause for something else ("también es de muñeca"); then it passes."""
    tools = [
        search(
            item("Omron RS2 Tensiómetro de Muñeca", warranty="3 años"),
            item("Beurer BC 32 Tensiómetro de Muñeca"),
        )
    ]
    draft = "El Omron RS2 tiene 3 años de garantía y el Beurer BC 32 también es de muñeca."
    assert "warranty_without_data" not in check(turn(draft, tools=tools))


def test_something_else_available_is_not_the_out_of_stock_product():
    """Given one out-of-stock watch the customer asked about; when the draft says "el
    manual está disponible en la web"; then the watch is not offered."""
    watch = item("Reloj GPS Garmin Forerunner 55", in_stock=False)
    q = "¿El Forerunner 55 trae manual en español?"
    assert not _offers("Sí, el manual en español está disponible en la web.", watch, question=q)


def test_a_denial_resolved_by_its_noun_phrase_is_not_read_again_by_the_clause():
    """Given the Kobo Clara / the Moto G54 returned in stock; when the draft denies the
    Kobo Sage, or chargers sold separately, beside the returned product's name; then the
    returned product is not denied. Venues ("in the shop") and "ahora mismo" are not
    qualifiers: "we don't have Intermezzo in the shop" fails (C-0384), as does "De
    talavera ahora mismo no trabajamos espejos" (C-0362)."""
    clara = item("Kobo Clara BW e-reader")
    draft = "We don't stock the Kobo Sage, but we do have the Kobo Clara BW."
    assert not _denies(draft, clara, locale="en")
    g54 = item("Motorola Moto G54 128 GB")
    draft = "No vendemos cargadores por separado, el Moto G54 ya trae uno en la caja."
    assert not _denies(draft, g54)
    book = item("Intermezzo — Sally Rooney (hardback)")
    draft = "Not yet, I'm afraid — we don't have Intermezzo in the shop."
    assert _denies(draft, book, locale="en")
    mirror = item("Espejo con marco de talavera 60 cm")
    assert _denies("De talavera ahora mismo no trabajamos espejos, solo maceteros.", mirror)


def test_another_thing_bought_or_delivered_is_not_the_out_of_stock_product():
    """Given one out-of-stock bike the customer asked about; when the draft says the
    charger can be bought, or how long shipping takes ("3 a 5 días": a bare number is not
    the Marlin 5); then the bike is not offered."""
    trek = item("Bicicleta Trek Marlin 5 Rodado 29 Talle L", in_stock=False)
    q = "¿La Trek Marlin trae cargador?"
    assert not _offers("Podés comprar el cargador por separado en la web.", trek, question=q)
    assert not _offers("El envío a Córdoba te llega en 3 a 5 días hábiles.", trek)


def test_a_time_after_the_denied_product_is_not_a_qualifier():
    """Given the Moto G54 returned in stock; when "We don't have the Moto G54 at the
    moment" / "this week"; then the product is denied (the calibration corpus's case)."""
    g54 = item("Motorola Moto G54 128 GB")
    assert _denies("We don't have the Moto G54 at the moment.", g54, locale="en")
    assert _denies("We don't have the Moto G54 this week.", g54, locale="en")


def test_a_range_policy_applied_to_the_kind_the_draft_names_passes():
    """Given a chunk giving electronics 12 months and headphones whose sheet has none;
    when the draft puts them in the chunk's kind ("al ser electrónicos"); then the
    chunk covers them: pass. Said with no kind of the chunk's, the term is read as given
    to what the policy does not name (session 13: on the blind test halves that reading
    caught ten misses for one false alarm; a kind the chunk implies without naming it,
    headphones under "electrónicos", is its price)."""
    chunks = {"garantia#1": "Los productos electrónicos tienen 12 meses de garantía."}
    tools = [search(item("Auriculares JBL Tune 520BT"))]
    draft = "Al ser electrónicos, los auriculares tienen 12 meses de garantía [garantia#1]."
    assert "warranty_without_data" not in check(turn(draft, chunks=chunks, tools=tools))
    draft = "Los auriculares tienen 12 meses de garantía [garantia#1]."
    assert "warranty_without_data" in check(turn(draft, chunks=chunks, tools=tools))


def test_an_offer_for_when_it_is_back_passes():
    """Given one out-of-stock product; when the draft says it will be available again,
    or offers it after saying it comes back; then nothing is offered now."""
    trek = item("Bicicleta Trek Marlin 5 Rodado 29 Talle L", in_stock=False)
    assert not _offers("La Trek Marlin 5 estará disponible la semana que viene.", trek)
    draft = "La Trek Marlin 5 vuelve a estar disponible en marzo; te aviso y la podés pedir."
    assert not _offers(draft, trek)
    yeti = item("YETI Tundra 45 Hard Cooler", in_stock=False)
    draft = "The YETI Tundra 45 will be available again in March."
    assert not _offers(draft, yeti, locale="en")
