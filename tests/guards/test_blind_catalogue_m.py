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
