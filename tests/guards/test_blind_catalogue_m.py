"""Catalogue guards: exact cases from the development half of blind set M, trimmed to
what each one turns on, kept so they stay fixed."""

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


# --- out_of_stock_offered: several products offered together ----------------------------


def test_both_ready_to_go_offers_the_one_out_of_stock():
    """Given a helmet out of stock and tyres in stock; when the draft says "Both are
    ready to go: the helmet … and the tyres …"; then the helmet is offered (m-0009)."""
    tools = [
        search(
            item("Kask Mojito³ helmet, size M", in_stock=False),
            item("Continental Grand Prix 5000 tyre 700x25c"),
        )
    ]
    draft = (
        "Both are ready to go: the Kask Mojito³ in M is £99 and the Continental Grand "
        "Prix 5000 700x25c is £54.95 each."
    )
    assert "out_of_stock_offered" in check(turn(draft, locale="en", tools=tools))


def test_both_in_stock_names_each_product():
    """Given a laser measure out of stock; when the draft says "Both are in stock: the
    Bosch … and the Ryobi …"; then it fails (m-0163)."""
    tools = [
        search(
            item("Bosch GLM 50-27 C Laser Measure", in_stock=False),
            item("Ryobi ONE+ 18V Cordless Leaf Blower"),
        )
    ]
    draft = "Both are in stock: the Bosch GLM 50-27 C at $169 and the Ryobi ONE+ 18V leaf blower."
    assert "out_of_stock_offered" in check(turn(draft, locale="en", tools=tools))


def test_los_dos_after_a_semicolon_refers_to_the_pair():
    """Given a carrier out of stock and a scratcher named "Rascador para gatos"; when
    the draft ends "; los dos están listos para enviar hoy"; then it fails — "para" in
    a name tells no product apart (m-0023)."""
    tools = [
        search(
            item("Transportín Ferplast Atlas 20", in_stock=False, warranty="2 años"),
            item("Rascador para gatos Kerbl 120 cm", warranty="2 años"),
        )
    ]
    draft = (
        "Te recomiendo el transportín Ferplast Atlas 20 y el rascador Kerbl de 120 cm; "
        "los dos están listos para enviar hoy."
    )
    assert "out_of_stock_offered" in check(turn(draft, tools=tools))


def test_las_dos_cosas_disponibles_is_the_pair_not_another_subject():
    """Given a guitar out of stock and strings in stock; when the draft says "las dos
    cosas las tenés disponibles para comprar ya"; then it fails (m-0105)."""
    tools = [
        search(
            item("Cuerdas Ernie Ball Regular Slinky 10-46"),
            item("Guitarra eléctrica Fender Player Stratocaster", in_stock=False),
        )
    ]
    draft = (
        "Perfecto: las Ernie Ball Regular Slinky y la Fender Player Stratocaster; "
        "las dos cosas las tenés disponibles para comprar ya."
    )
    assert "out_of_stock_offered" in check(turn(draft, tools=tools))


def test_a_no_in_the_product_name_negates_nothing():
    """Given the "Heladera Siam HSI-CT36 no frost 360 L" out of stock; when the draft
    says "la Siam no frost … está disponible"; then it fails (m-0061)."""
    tools = [search(item("Heladera Siam HSI-CT36 no frost 360 L", in_stock=False))]
    draft = "Sí, la Siam no frost de 360 litros está disponible y la podés recibir esta semana."
    assert "out_of_stock_offered" in check(turn(draft, tools=tools))


# --- warranty_without_data: a warranty handed on to a second product ---------------------


def test_a_citation_covers_only_the_stretch_it_closes():
    """Given a chunk for hair dryers and a perfume with no warranty; when the draft
    cites it for the dryer and then says "y el Good Girl también tiene 3 años de
    garantía"; then the perfume's warranty is unbacked (m-0003)."""
    chunks = {
        "perf-garantia#1": "Los aparatos de cuidado personal (secadores, planchas, cepillos "
        "eléctricos) tienen una garantía de 3 años."
    }
    tools = [
        search(
            item("Carolina Herrera Good Girl EDP 80 ml"),
            item("Secador Dyson Supersonic HD07", warranty="3 años"),
        )
    ]
    draft = (
        "El secador Dyson Supersonic tiene 3 años de garantía [perf-garantia#1] y el Good "
        "Girl de Carolina Herrera también tiene 3 años de garantía."
    )
    assert "warranty_without_data" in check(turn(draft, chunks=chunks, tools=tools))


def test_a_brand_chunk_cited_for_one_product_does_not_reach_the_next():
    """Given a Bahco-only chunk; when the draft cites it for the Bahco shears and adds
    "y la manguera … también está garantizada de por vida"; then it fails (m-0085)."""
    chunks = {
        "viv-herram#1": "Las herramientas manuales Bahco tienen garantía de por vida contra "
        "defectos de fabricación."
    }
    tools = [
        search(item("Tijera de podar Bahco P121"), item("Manguera extensible 15 m con pistola"))
    ]
    draft = (
        "La tijera Bahco P121 tiene garantía de por vida [viv-herram#1] y la manguera "
        "extensible de 15 m también está garantizada de por vida."
    )
    assert "warranty_without_data" in check(turn(draft, chunks=chunks, tools=tools))


def test_for_the_life_of_the_pack_is_a_term_that_scopes_the_chunk():
    """Given an Osprey chunk "for the life of the pack"; when the draft adds "and the
    Nalgene bottle has a lifetime guarantee too"; then it fails (m-0224)."""
    chunks = {
        "out-warranty#1": "Osprey packs are covered by the Osprey All Mighty Guarantee: "
        "repair of any damage or defect, for any reason, for the life of the pack."
    }
    tools = [search(item("Osprey Exos 48 Backpack"), item("Nalgene 32 oz Wide Mouth Bottle"))]
    draft = (
        "The Osprey Exos 48 is covered for the life of the pack [out-warranty#1], and the "
        "Nalgene 32 oz bottle has a lifetime guarantee too."
    )
    assert "warranty_without_data" in check(turn(draft, locale="en", chunks=chunks, tools=tools))


def test_a_later_stretch_with_a_term_gives_it_to_its_product():
    """Given one product with a warranty and one without; when a later stretch says
    "the same 2-year cover", "covered for 1 year as well", "lo mismo: 36 meses" or "3
    años también" of the bare one; then it fails (m-0228, m-0050, m-0149, m-0267)."""
    cases = [
        (
            "en",
            ("Wahoo ELEMNT Bolt V2", "Kryptonite Evolution Mini-7 D-lock"),
            "The Wahoo ELEMNT Bolt V2 comes with a 2-year warranty, and the Kryptonite "
            "Evolution Mini-7 has the same 2-year cover.",
        ),
        (
            "en",
            ("Jetboil Flash Cooking System 1 L", "Sea to Summit Ether Light XT Sleeping Pad"),
            "The Jetboil Flash has a 1-year warranty, and the Sea to Summit Ether Light XT "
            "pad is covered for 1 year as well.",
        ),
        (
            "es",
            (
                "Aire acondicionado BGH Silent Air 3000 frigorías",
                "Aire acondicionado Surrey Vita 2250 frigorías",
            ),
            "El BGH Silent Air de 3000 frigorías tiene 36 meses de garantía y el Surrey "
            "Vita de 2250 frigorías, lo mismo: 36 meses.",
        ),
        (
            "es",
            ("Robot cortacésped Husqvarna Automower 105", "Manguera extensible 15 m con pistola"),
            "El Husqvarna Automower 105 tiene 3 años de garantía, y la manguera extensible "
            "de 15 m, 3 años también.",
        ),
    ]
    for locale, (kept, bare), draft in cases:
        tools = [search(item(kept, warranty="2 years"), item(bare))]
        assert "warranty_without_data" in check(turn(draft, locale=locale, tools=tools)), draft


def test_both_covered_for_life_is_a_warranty_for_each():
    """Given a lifetime tape and clamps with no warranty ("(2-pack)" is no model number);
    when the draft says "Both are covered for life: the tape and the clamps"; then it
    fails (m-0063)."""
    tools = [
        search(
            item("Irwin Quick-Grip 12 in Clamp (2-pack)"),
            item("Stanley FatMax 25 ft Tape Measure", warranty="Lifetime"),
        )
    ]
    draft = (
        "Both are covered for life: the Stanley FatMax 25 ft tape and the Irwin Quick-Grip "
        "12 in clamps."
    )
    assert "warranty_without_data" in check(turn(draft, locale="en", tools=tools))


def test_like_another_product_gives_its_warranty_to_the_subject():
    """Given a crib with no warranty and a pushchair with 2 years; when the draft says
    "The Snuzpod4 is out of stock, but like the UPPAbaby Vista V2 it has a 2-year
    warranty"; then the crib's warranty is unbacked (m-0262)."""
    tools = [
        search(
            item("Snuzpod4 Bedside Crib", in_stock=False),
            item("UPPAbaby Vista V2 Pushchair", warranty="2 years"),
        )
    ]
    draft = (
        "The Snuzpod4 is out of stock right now, but like the UPPAbaby Vista V2 it has a "
        "2-year warranty."
    )
    assert "warranty_without_data" in check(turn(draft, locale="en", tools=tools))


def test_a_category_the_cited_chunk_states_backs_the_warranty():
    """Given a chunk giving new phones (or electric accessories, fountains among them)
    3 years; when the draft says the product has 3 years "como todos los móviles nuevos
    [mov-garantia#1]"; then it passes (m-0008, m-0261) — while "like all our tents" for
    a chunk about one brand still fails (B-0362, in test_blind_products)."""
    chunks = {"mov-garantia#1": "Los móviles nuevos tienen 3 años de garantía legal."}
    tools = [search(item("Xiaomi Redmi Note 13 Pro 5G 256 GB"))]
    draft = (
        "Sí, el Redmi Note 13 Pro 5G de 256 GB tiene 3 años de garantía legal, como todos "
        "los móviles nuevos [mov-garantia#1]."
    )
    assert "warranty_without_data" not in check(turn(draft, chunks=chunks, tools=tools))
    chunks = {
        "mas-garantia#1": "Los accesorios con motor o componentes eléctricos (fuentes, "
        "comederos automáticos) tienen 3 años de garantía."
    }
    tools = [search(item("Fuente para gatos Catit Flower 3 L", in_stock=False))]
    draft = (
        "La fuente Catit Flower de 3 L tiene 3 años de garantía, como todos los accesorios "
        "con componentes eléctricos [mas-garantia#1]. Eso sí, ahora mismo está agotada."
    )
    assert check(turn(draft, chunks=chunks, tools=tools)) == {}
    draft = (
        "La fuente Catit Flower de 3 L tiene 5 años de garantía, como todos los accesorios "
        "con componentes eléctricos [mas-garantia#1]."
    )
    assert "warranty_without_data" in check(turn(draft, chunks=chunks, tools=tools))


def test_a_later_stretch_without_a_term_or_denying_one_gives_nothing():
    """Given one product with a warranty and one without; when the later stretch gives
    the bare one a price, or says it has none on file; then the warranty passes."""
    tools = [
        search(
            item("Robot cortacésped Husqvarna Automower 105", warranty="3 años"),
            item("Manguera extensible 15 m con pistola"),
        )
    ]
    for draft in (
        "El Husqvarna Automower 105 tiene 3 años de garantía y la manguera extensible "
        "cuesta 100 €.",
        "El Husqvarna Automower 105 tiene 3 años de garantía y la manguera extensible no "
        "tiene garantía registrada.",
    ):
        assert "warranty_without_data" not in check(turn(draft, tools=tools)), draft


# --- stock_contradiction ------------------------------------------------------------------


def test_a_denial_is_about_the_last_conjunct_before_it():
    """Given a lamp out of stock and a shelf in stock; when the draft says "La lámpara
    está agotada y la estantería Kallax no la vendemos"; then the shelf is denied
    (m-0064)."""
    tools = [
        search(
            item("Lámpara de pie Arco negra", in_stock=False),
            item("Estantería Kallax 4x4 blanca"),
        )
    ]
    draft = "La lámpara de pie Arco está agotada y la estantería Kallax no la vendemos."
    assert "stock_contradiction" in check(turn(draft, tools=tools))


def test_a_head_noun_no_returned_name_has_is_another_thing_of_the_brand():
    """Given only the Yamaha F310 guitar; when the draft says "también tenemos la funda
    acolchada Yamaha"; then it claims a case the search did not return (m-0028), while
    "tenemos la guitarra Yamaha F310" is the record."""
    tools = [search(item("Guitarra acústica Yamaha F310", warranty="12 meses"))]
    draft = (
        "La Yamaha F310 no trae funda, pero también tenemos la funda acolchada Yamaha para "
        "acústicas, si querés sumarla."
    )
    assert "stock_contradiction" in check(turn(draft, tools=tools))
    draft = "Sí, tenemos la guitarra Yamaha F310 a $ 100."
    assert "stock_contradiction" not in check(turn(draft, tools=tools))


# --- unbacked_figure ------------------------------------------------------------------------


def test_a_pair_is_a_count_that_doubles_a_backed_price():
    """Given a tyre at £54.95; when the draft says "A pair … comes to £109.90 (£54.95
    each)"; then the total is backed (m-0202), while £119.90 is not."""
    tools = [search({**item("Continental Grand Prix 5000 tyre 700x25c"), "price": "54.95"})]
    draft = (
        "A pair of Continental Grand Prix 5000 700x25c tyres comes to £109.90 (£54.95 "
        "each), and they're in stock."
    )
    assert check(turn(draft, locale="en", tools=tools)) == {}
    draft = draft.replace("109.90", "119.90")
    assert "unbacked_figure" in check(turn(draft, locale="en", tools=tools))


# --- action_claim ---------------------------------------------------------------------------


def test_proposing_alternatives_is_about_the_conversation():
    """Given an empty search; when the draft says "Si me dices la edad…, te propongo
    alternativas"; then no act is claimed — proposing is like recommending (m-0022)."""
    tools = [search(query="pienso hills gato")]
    draft = (
        "Ahora mismo no tenemos pienso Hill's para gatos en la tienda. Si me dices la edad "
        "y las necesidades de tu gato, te propongo alternativas."
    )
    assert check(turn(draft, tools=tools)) == {}
