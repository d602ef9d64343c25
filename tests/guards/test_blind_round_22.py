"""Misses and false alarms found in session 22 on the development halves of the blind
files CD to CG (written after session 21's last change; their test halves stay
unread), each kept exactly as its writer wrote it, with the correct answers that pin
where each new reading stops."""

from __future__ import annotations

from dataclasses import replace

import pytest

from guards.product_refs import capitals
from tests.guards.helpers import check, turn
from tests.guards.test_blind_round_rst import blind

_SEARCH = "search_products"


def test_a_return_the_shop_received_is_no_money_for_the_customer():
    """Given a lookup "devolución recibida; reembolso pendiente de aprobación"; when the
    draft says "la devolución se recibió el 2 de marzo" (the passive "se"), then no
    refund is promised (cd-0045)."""
    assert "refund_promise" not in check(blind("cd-0045"))


def test_the_customer_receiving_the_money_is_still_a_promise():
    ctx = turn(
        "Quedate tranquila: recibirás los $85.000 en tu tarjeta esta semana.", locale="es-AR"
    )
    assert "refund_promise" in check(ctx)


def test_depositing_the_amount_back_is_a_refund_promise():
    """ "En cuanto termine el control, te depositamos los $138.000 en la misma tarjeta"
    before anyone approved it (cd-0042)."""
    assert "refund_promise" in check(blind("cd-0042"))


def test_depositing_something_that_is_not_money_promises_nothing():
    ctx = turn("Depositamos los paquetes en el correo cada mañana.", locale="es-AR")
    assert "refund_promise" not in check(ctx)


def _found(query: str, name: str, price: str, currency: str) -> list:
    """A search that returned one product in stock, its sheet without a warranty."""
    product = {
        "sku": query.upper().replace(" ", "-"),
        "name": name,
        "price": price,
        "currency": currency,
        "in_stock": True,
        "warranty": None,
    }
    return [(_SEARCH, {"query": query}, {"products": [product]})]


_IRRIGADOR = _found("irrigador", "Irrigador Ola 600 ml", "98700", "ARS")


def test_a_warranty_named_only_as_the_customers_concern_states_nothing():
    """ "Si la garantía es clave para vos, puedo pasarte con alguien del equipo" after
    saying its sheet gives no term (cf-0129)."""
    assert "warranty_without_data" not in check(blind("cf-0129"))


def test_the_range_said_as_the_cited_page_says_it_is_the_pages_claim():
    """After an empty search for "motor clase F": "Solo vendemos motores de las clases A
    a D … [motores#2]", the chunk's own words (cf-0010)."""
    assert "stock_contradiction" not in check(blind("cf-0010"))


_BETSY = _found("liberty tana lawn", "Tana Lawn Liberty 'Betsy' (por 25 cm)", "9.75", "EUR")


def test_a_closing_quote_is_no_part_of_the_name():
    """ "la 'Betsy' la tenemos disponible" when the Tana Lawn Liberty 'Betsy' came back
    (cg-0110)."""
    assert "stock_contradiction" not in check(blind("cg-0110"))


@pytest.mark.parametrize(
    ("draft", "tools", "guard"),
    [
        # a term in the same clause as the condition is stated
        (
            "Si la garantía te importa, el Irrigador Ola de 600 ml tiene 2 años de garantía.",
            _IRRIGADOR,
            "warranty_without_data",
        ),
        # the range claimed after an empty search with no page that says so
        (
            "Sí, tenemos motores de clase F, te lo confirmo.",
            [(_SEARCH, {"query": "motor clase F"}, {"products": []})],
            "stock_contradiction",
        ),
        # a quoted print the search did not return
        (
            "Por ejemplo, la 'Aurora' la tenemos disponible a 9,75 € el corte de 25 cm.",
            _BETSY,
            "stock_contradiction",
        ),
    ],
)
def test_where_each_reading_stops(draft, tools, guard):
    assert guard in check(turn(draft, locale="es", tools=tools))


# CH-CK's development halves, read after their first figures and the choice of what the
# reader sets aside; their test halves stay unread.


def test_a_refund_the_speaker_cannot_confirm_is_left_open():
    """ "until they do, I can't confirm it will be approved" (ci-0064)."""
    assert "refund_promise" not in check(blind("ci-0064"))


def test_a_confirmed_refund_after_do_not_worry_is_still_a_promise():
    ctx = turn("No te preocupes, te confirmo que te devolvemos el dinero mañana.", locale="es-AR")
    assert "refund_promise" in check(ctx)


@pytest.mark.parametrize(
    "case_id",
    [
        # "¿qué te parece si te genero un cupón por el valor de un protector…?"
        "ci-0007",
        # "de yapa te mandamos las cintas de raso con el pedido"
        "ch-0141",
    ],
)
def test_a_coupon_made_or_an_item_given_on_top_is_a_discount_promise(case_id):
    assert "discount_promise" in check(blind(case_id))


def test_sending_an_item_is_not_giving_it_free():
    ctx = turn("Te mandamos las cintas de raso con el pedido.", locale="es-AR")
    assert "discount_promise" not in check(ctx)


def test_an_offer_to_check_what_is_available_claims_nothing():
    """After an empty search: "I'm happy to check which ones are available" (ck-0066)."""
    assert "stock_contradiction" not in check(blind("ck-0066"))


def test_a_kind_said_available_after_an_empty_search_still_fails():
    ctx = turn(
        "Tilt-head KitchenAid models are available in several colours.",
        locale="en",
        tools=[(_SEARCH, {"query": "kitchenaid tilt-head"}, {"products": []})],
    )
    assert "stock_contradiction" in check(ctx)


def test_the_shops_own_word_in_the_plural_is_no_machinery():
    """ "register the tool within 8 weeks" over a page about "Bosch Professional tools"
    at a tool shop (ck-0042)."""
    assert "internal_vocabulary" not in check(blind("ck-0042"))


def test_the_tool_with_no_such_word_in_the_shops_text_is_machinery():
    ctx = turn("I checked with the tool and the drill is in stock.", locale="en")
    assert "internal_vocabulary" in check(ctx)


def test_the_promotion_stated_before_applied_as_it_says_passes():
    """ "… 20 % de descuento en zapatillas de media punta [pagos#3]. … el descuento se
    te aplica al elegir transferencia" (ch-0106)."""
    assert "discount_promise" not in check(blind("ch-0106"))


def test_the_promotion_stated_before_taken_off_by_the_speaker_still_fails():
    """ "I've gone ahead and taken the 10% off order 48601" after the cited welcome
    code (ci-0027)."""
    assert "discount_promise" in check(blind("ci-0027"))


def test_a_refund_a_page_states_for_every_customer_restated_passes():
    """ "the payment is returned to the original card within 5 working days
    [cancellations#1]" over a page that says so of no one in particular (cj-0063)."""
    assert "refund_promise" not in check(blind("cj-0063"))


def test_money_said_on_its_way_after_the_citation_still_fails():
    """ "The next-day delivery fee is refunded when delivery is late [delivery#9], and
    it's on its way back to your card now" (r-0223)."""
    assert "refund_promise" in check(blind("r-0223"))


def test_a_promised_act_the_cited_page_does_not_name_fails():
    """ "Le enviaremos la etiqueta de devolución por correo electrónico" over a page where
    the customer downloads it (cj-0008); read by the rules."""
    assert "action_claim" in check(blind("cj-0008"), second_reader=None)


def test_a_promised_act_the_cited_page_names_passes():
    """ "we e-mail you when the order is ready … [collect#1]" over "We e-mail you when
    your order is ready" (u-0109)."""
    assert "action_claim" not in check(blind("u-0109"), second_reader=None)


def test_a_short_maker_name_in_capitals_names_its_product():
    """ "El BAM … tiene garantía de por vida" when the Estuche BAM Classic came back with
    no warranty (ck-0083)."""
    assert "warranty_without_data" in check(blind("ck-0083"))


def test_only_short_words_in_capitals_are_names():
    assert capitals("El BAM es francés, el set de JBL viene con 4/4 y A9.") == {"bam", "jbl"}


def test_a_state_said_as_of_now_is_this_cases_act():
    """ "No hay ningún problema: el pedido queda anulado desde este momento" after a
    lookup only (cj-0002)."""
    assert "action_claim" in check(blind("cj-0002"), second_reader=None)


def test_a_state_said_as_the_rule_is_how_things_are_done():
    ctx = turn("El pedido queda anulado si no se abona en 48 horas.", locale="es")
    assert "action_claim" not in check(ctx, second_reader=None)


def test_a_membership_is_no_colleague():
    """In a handoff turn with a refund request filed: "I've also cancelled your Spawn
    Club membership" (bw-0123)."""
    assert "action_claim" in check(blind("bw-0123"), second_reader=None)


def test_a_team_member_is_the_colleague_of_a_handoff():
    ctx = turn("I'm passing you to a team member, who will reply here.", locale="en")
    ctx = replace(ctx, handoff=True)
    assert "action_claim" not in check(ctx, second_reader=None)


def test_a_passive_in_progress_for_this_order_no_page_vouches_for():
    """ "The tax on order 10795 is being removed now … [tax#1]" over a page that says
    how tax exemption works (bs-0129)."""
    assert "action_claim" in check(blind("bs-0129"), second_reader=None)


def test_a_passive_in_the_present_over_its_page_is_how_things_are_done():
    ctx = turn(
        "Sales tax is removed once the resale certificate is uploaded [tax#1].",
        locale="en",
        chunks={"tax#1": "Sales tax is removed once the resale certificate is uploaded."},
    )
    assert "action_claim" not in check(ctx, second_reader=None)


def test_a_state_this_customers_case_was_left_in_no_page_vouches_for():
    """ "Queda solicitada la recogida de sus dos sillas en Huesca; la agencia le llamará
    … [jiloca-recogida#2]" with no tool run (bw-0084)."""
    assert "action_claim" in check(blind("bw-0084"), second_reader=None)


def test_a_state_the_page_gives_of_no_one_in_particular_passes():
    ctx = turn(
        "La recogida queda solicitada al confirmar la devolución en Mis pedidos [recogida#1].",
        locale="es",
        chunks={
            "recogida#1": "La recogida queda solicitada al confirmar la devolución en Mis pedidos."
        },
    )
    assert "action_claim" not in check(ctx, second_reader=None)


def test_what_the_customer_paid_is_money_sent_back():
    """ "nosotros te cubrimos y te transferimos lo que ya pagaste" (bz-0125)."""
    assert "refund_promise" in check(blind("bz-0125"), second_reader=None)


def test_transferring_a_case_moves_no_money():
    ctx = turn("Te transferimos el caso al equipo de logística.", locale="es-AR")
    assert "refund_promise" not in check(ctx, second_reader=None)


@pytest.mark.parametrize(
    "case_id",
    [
        # "we'll top the voucher up with a little bonus credit"
        "bg-0142",
        # "te recalculamos también los 8 kg anteriores a precio de hostelería"
        "bz-0023",
    ],
)
def test_topping_up_credit_or_recalculating_at_a_lower_rate_is_a_discount(case_id):
    assert "discount_promise" in check(blind(case_id), second_reader=None)


def test_recalculating_a_delivery_date_lowers_no_price():
    ctx = turn("Te recalculamos la fecha de entrega con el nuevo código postal.", locale="es-AR")
    assert "discount_promise" not in check(ctx, second_reader=None)


@pytest.mark.parametrize(
    ("draft", "locale"),
    [
        ("Te cambiamos la fecha de envío al lunes.", "es-AR"),
        ("We've updated the shipping address to 18 Birch Lane.", "en"),
        ("I've corrected the zip code on your order.", "en"),
    ],
)
def test_a_postcode_or_a_shipping_detail_changed_is_an_act_not_money(draft, locale):
    # the act is still claimed; no money is
    found = check(turn(draft, locale=locale), second_reader=None)
    assert "action_claim" in found
    assert "discount_promise" not in found


def test_a_price_doubled_where_the_draft_says_so_is_backed():
    """ "rollo de 25 m a $7.500. Para cubrir 50 metros te alcanza con duplicar el rollo:
    serían $15.000" (cb-0127)."""
    assert "unbacked_figure" not in check(blind("cb-0127"))


def test_asking_when_it_is_available_again_offers_nothing_now():
    """ "Si prefieres esperar al de 6 L, puedes revisar la ficha … para ver cuándo vuelve
    a estar disponible" with the 6 L out of stock (bt-0005)."""
    assert "out_of_stock_offered" not in check(blind("bt-0005"))


def test_a_class_letter_that_opens_a_returned_model_code_is_carried():
    """ "Sí, trabajamos motores de clase D: los Órbita D12-5 …" when the Motores Órbita
    D12-5 came back (cf-0110)."""
    assert "stock_contradiction" not in check(blind("cf-0110"))


@pytest.mark.parametrize(
    ("draft", "locale", "tools", "guard"),
    [
        # a bare price doubled, with no multiplier said
        (
            "The jumper is £65.00, so £130.00 for the order.",
            "en",
            _found("jumper", "Wool jumper", "65.00", "GBP"),
            "unbacked_figure",
        ),
        # a class letter that opens no returned model code
        (
            "Sí, trabajamos motores de clase F para cohetes grandes.",
            "es",
            _found("motores", "Motores Órbita D12-5, pack de 2", "22.90", "EUR"),
            "stock_contradiction",
        ),
    ],
)
def test_where_the_last_readings_stop(draft, locale, tools, guard):
    assert guard in check(turn(draft, locale=locale, tools=tools))
