"""stock_contradiction, out_of_stock_offered, warranty_without_data, quote_without_details."""

from .helpers import check, phone, search, turn

G54 = phone("Motorola Moto G54 256 GB", "449999")
IP13_OUT = phone("iPhone 13 128 GB", "1050000", in_stock=False, warranty="6 meses")
IP12_BARE = phone("iPhone 12 64 GB (usado)", "520000", warranty=None)


def test_claiming_a_product_the_search_did_not_return():
    assert check(turn("Sí, tenemos el Google Pixel disponible.", tools=[search(G54)])) == {
        "stock_contradiction": ()
    }
    assert check(turn("Yes, we have the Pixel 8 in stock.", locale="en", tools=[search(G54)])) == {
        "stock_contradiction": ()
    }


def test_denying_a_product_the_search_returned_in_stock():
    assert check(turn("No tenemos el Moto G54 por ahora.", tools=[search(G54)])) == {
        "stock_contradiction": ()
    }


def test_stock_look_alikes_pass():
    # a denial of what was not returned, then an offer of what was
    assert (
        check(turn("No tenemos el Pixel, pero sí tenemos el Moto G54.", tools=[search(G54)])) == {}
    )
    # no search this turn: nothing to contradict
    assert check(turn("Sí, tenemos el Google Pixel.")) == {}


def test_out_of_stock_product_offered_as_available():
    ctx = turn(
        "Sí, el iPhone 13 de 128 GB está $ 1.050.000 y te lo podemos enviar hoy.",
        tools=[search(IP13_OUT)],
    )
    assert check(ctx) == {"out_of_stock_offered": ()}
    ctx = turn("The iPhone 13 is available and ships today.", locale="en", tools=[search(IP13_OUT)])
    assert check(ctx) == {"out_of_stock_offered": ()}


def test_out_of_stock_said_honestly_passes():
    ctx = turn(
        "El iPhone 13 está agotado, pero tenemos el Moto G54 disponible.",
        tools=[search(IP13_OUT, G54)],
    )
    assert check(ctx) == {}


def test_warranty_without_data():
    ctx = turn("Sí, el iPhone 12 de 64 GB usado tiene garantía oficial.", tools=[search(IP12_BARE)])
    assert check(ctx) == {"warranty_without_data": ()}


def test_warranty_look_alikes_pass():
    # the sheet has no warranty but a chunk gives one
    chunks = {"garantia#2": "Los equipos usados tienen 3 meses de garantía del local."}
    assert (
        check(
            turn(
                "El iPhone 12 tiene 3 meses de garantía.", chunks=chunks, tools=[search(IP12_BARE)]
            )
        )
        == {}
    )
    # saying it has none is honest; a product with a warranty may state it
    assert check(turn("El iPhone 12 usado no tiene garantía.", tools=[search(IP12_BARE)])) == {}
    assert check(turn("El Moto G54 tiene 12 meses de garantía.", tools=[search(G54)])) == {}


TRADE = ("quote_trade_in", {"model": "iPhone 11"}, {"amount": "300000"})


def test_trade_in_quote_without_details():
    ctx = turn(
        "Por tu usado te lo tomamos en $ 300.000 en el plan canje.",
        question="¿Cuánto me dan por mi iPhone 11?",
        tools=[TRADE],
    )
    assert check(ctx) == {"quote_without_details": ()}
    ctx = turn(
        "We can take your phone as a trade-in for $300,000.",
        locale="en",
        question="How much for my phone?",
        tools=[TRADE],
    )
    assert check(ctx) == {"quote_without_details": ()}


def test_trade_in_with_all_details_or_asking_for_them_passes():
    question = "Tengo un iPhone 11 de 128 GB con la batería al 86%, ¿cuánto me dan?"
    ctx = turn(
        "Por tu iPhone 11 te lo tomamos en $ 300.000 en el plan canje.",
        question=question,
        tools=[TRADE],
    )
    assert check(ctx) == {}
    ask = "Para cotizar tu usado en el plan canje necesito el modelo, la capacidad y la batería."
    assert check(turn(ask, question="¿Cuánto me dan por mi celular?")) == {}
