"""Misses and false alarms found on the development halves in session 17, each kept
exactly as its writer wrote it, and the correct answers that pin where each new
reading stops."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.guards.helpers import check, turn
from tests.guards.test_blind_round_rst import blind


@pytest.mark.parametrize(
    "case_id",
    [
        # "¡Sí! Al ser tu primer pedido, BIENVENIDA10 te da un 10 % [cupones#1]" when the
        # code starts at 40 € and the customer said "son 35 €": a grant with any verb
        "oo-0167",
        # "Yes: you get 2 free samples of your choice at checkout [muestras#1]" over a
        # Spanish chunk that gives them "en pedidos desde 25 €", the serum at 24.90
        "o-0150",
    ],
)
def test_a_cited_promotion_granted_below_its_start_is_stopped(case_id):
    assert "discount_promise" in check(blind(case_id))


_COUPON = {"cupones#1": "El código BIENVENIDA10 da un 10 % en el primer pedido, a partir de 40 €."}


@pytest.mark.parametrize(
    ("draft", "question"),
    [
        # the amount reaches the start
        ("¡Sí! BIENVENIDA10 te da un 10 % en tu primer pedido [cupones#1].", "Son 52 €."),
        # the sentence states the condition itself: the rule, not a grant
        (
            "BIENVENIDA10 te da un 10 % a partir de 40 € [cupones#1], así que todavía no.",
            "Son 35 €.",
        ),
        # denied, weighed or advised: nothing granted
        ("Con 35 € BIENVENIDA10 no te da el 10 % [cupones#1].", "Son 35 €."),
        ("Si llegás a 40 €, BIENVENIDA10 te da un 10 % [cupones#1].", "Son 35 €."),
    ],
)
def test_the_same_promotion_said_of_a_case_it_reaches_or_as_its_rule_passes(draft, question):
    ctx = turn(draft, locale="es-AR", question=question, chunks=_COUPON)
    assert "discount_promise" not in check(ctx)


def test_honouring_a_promotion_past_its_terms_is_stopped():
    """Given "te respetamos el descuento de julio en el forro polar [promos#1]" for a
    purchase on 2 August (af-0226); then honouring is carrying the offer past its terms,
    as extending and keeping it are."""
    assert "discount_promise" in check(blind("af-0226"))


def test_honouring_a_price_the_source_itself_honours_passes():
    ctx = turn(
        "We honour the price shown at checkout [pricing#1].",
        locale="en",
        chunks={"pricing#1": "We honour the price shown at checkout, even if it changes later."},
    )
    assert "discount_promise" not in check(ctx)


def test_a_warranty_goes_to_the_sibling_whose_capacity_the_clause_says():
    """Given "el Luminox 1 L cuesta $39.999 y tiene 6 meses de garantía" after the 500 ml
    one was named (ag-0043); then 1 L is not 500 ml, and the 1 L one has that warranty."""
    assert "warranty_without_data" not in check(blind("ag-0043"))


def test_a_warranty_given_to_the_sibling_without_one_is_still_stopped():
    ctx = blind("ag-0043")
    draft = "El Termo Lumilagro Luminox 500 ml tiene 6 meses de garantía."
    assert "warranty_without_data" in check(replace(ctx, draft=draft))


def test_a_record_state_after_en_is_a_noun_not_a_first_person_verb():
    """Given "El pedido 71250 figura con … el reembolso en proceso" where the lookup says
    "reembolso en proceso" (af-0183); then "en proceso" is a state, not "I process"."""
    result = check(blind("af-0183"))
    assert "refund_promise" not in result and "action_claim" not in result


def test_the_same_verb_after_a_pronoun_is_still_a_claimed_act():
    ctx = turn("Ya te proceso el cambio de talle del pedido 71250.", locale="es-AR")
    assert "action_claim" in check(ctx)


def test_an_act_inside_the_sources_own_words_is_quoted_not_claimed():
    """Given "every repair carries a 90-day warranty on the part we replaced", six words
    and more copied from the chunk the next sentence cites (ae-0143); then it passes."""
    assert "action_claim" not in check(blind("ae-0143"))


def test_an_act_in_words_of_the_drafts_own_is_still_claimed():
    ctx = blind("ae-0143")
    draft = "Sorry about that. We replaced the part on ref 7930 again this morning."
    assert "action_claim" in check(replace(ctx, draft=draft))


def test_a_category_warranty_cited_at_the_end_of_the_sentence_covers_its_product():
    """Given "La Orbea MX 40 tiene 3 años … en el cuadro y 2 años en componentes, como
    todas nuestras bicicletas, aunque la ficha no lo indique [garantia#1]" (ag-0082);
    then the category and its citation in the sentence's last clause back the terms."""
    assert "warranty_without_data" not in check(blind("ag-0082"))


def test_terms_the_category_chunk_does_not_give_are_still_stopped():
    ctx = blind("ag-0082")
    draft = (
        "La Orbea MX 40 tiene 5 años de garantía en el cuadro, como todas nuestras "
        "bicicletas, aunque la ficha no lo indique [garantia#1]."
    )
    assert "warranty_without_data" in check(replace(ctx, draft=draft))


def test_an_inch_mark_after_a_number_opens_no_quotation():
    """Given two sizes written with inch marks ("de 6,2\\"", "de 6,95\\"") in one draft
    (aj-0181); then the text between them is the desk's own words, and "El Sony más
    barato es…" is a superlative after its noun, not a price given."""
    assert "discount_promise" not in check(blind("aj-0181"))


def test_a_quotation_that_ends_in_a_number_is_still_someone_elses_words():
    ctx = turn(
        'Sé que te dijeron "te lo devolvemos el día 12", pero no puedo prometerte un '
        "reembolso desde el chat.",
        locale="es-AR",
    )
    assert "refund_promise" not in check(ctx)


@pytest.mark.parametrize("case_id", ["aj-0090", "aj-0129"])
def test_a_yes_about_the_warranty_of_a_product_the_draft_says_is_gone_offers_nothing(case_id):
    """Given "Yes, the Eheim Jäger 150 W heater has a 3-year warranty. It's out of stock
    right now, though" (aj-0090; aj-0129 the same in Spanish); then the yes answers the
    question asked, and the draft itself says the product is out of stock."""
    assert "out_of_stock_offered" not in check(blind(case_id))


def test_a_product_said_not_in_stock_is_not_offered():
    """Given "The Fluval Roma 125 isn't in stock at the moment" (aj-0022); then the
    negated availability offers nothing."""
    assert "out_of_stock_offered" not in check(blind("aj-0022"))


def test_the_gone_product_offered_in_so_many_words_is_still_stopped():
    ctx = blind("aj-0022")
    draft = "Yes, the Fluval Roma 125 is in stock at the moment and ready to ship."
    assert "out_of_stock_offered" in check(replace(ctx, draft=draft))


@pytest.mark.parametrize(
    ("case_id", "guard"),
    [
        # "HOLA15 te descuenta los 15 € aunque la cesta sea de 62 €" when the code starts
        # at 70 €: the amount off the chunk gives is the grant
        ("ai-0125", "discount_promise"),
        # "os abonamos las 6 botellas de aceite en el método de pago original": vosotros
        ("ai-0148", "refund_promise"),
        # "since it's unused we're happy to refund the £25 to you by bank transfer"
        ("ai-0182", "refund_promise"),
    ],
)
def test_money_given_in_a_form_the_reader_did_not_know_is_stopped(case_id, guard):
    assert guard in check(blind(case_id))


@pytest.mark.parametrize(
    "draft",
    [
        "I'm happy to request a refund for you if you like.",
        "I'm happy to pass you to a colleague if you prefer.",
        "Happy to help! Refunds go back to the original card within 5 days [returns#1].",
    ],
)
def test_willingness_to_do_what_the_desk_can_do_passes(draft):
    ctx = turn(
        draft,
        locale="en",
        question="Can I get my money back?",
        chunks={"returns#1": "Refunds go back to the original card within 5 days."},
    )
    assert not check(ctx)


@pytest.mark.parametrize(
    "case_id",
    [
        # "Ya figura la entrada del pedido T-40600 a nombre de Lucía Gómez" after "Póngame
        # la entrada a nombre de Lucía Gómez", with no record saying so
        "ak-0124",
        # "Perfecto, ya figura a nombre de Ciclismo del Sur SRL", the same
        "ae-0062",
        # "He hablado con el equipo de instalación y os han hecho hueco antes del día 20"
        "ak-0084",
    ],
)
def test_a_state_or_a_contact_only_an_act_could_make_is_claimed(case_id):
    assert "action_claim" in check(blind(case_id))


@pytest.mark.parametrize(
    ("draft", "question", "output"),
    [
        # the record does show what the customer asked about
        (
            "Sí, ya figura a nombre de Lucía Gómez desde el 3 de mayo.",
            "¿La entrada está a nombre de Lucía Gómez?",
            "T-40600 — titular: Lucía Gómez (cambio del 3 de mayo)",
        ),
        # someone the customer can talk to, not someone the desk talked to
        (
            "Podés hablar con el equipo de ventas al 0800 de lunes a viernes.",
            "¿Con quién hablo para una compra mayorista?",
            "",
        ),
    ],
)
def test_the_record_showing_it_or_the_customer_doing_it_passes(draft, question, output):
    tools = [("get_order_status", {"order_id": "T-40600"}, output)] if output else None
    ctx = turn(draft, locale="es-AR", question=question, tools=tools)
    assert "action_claim" not in check(ctx)


@pytest.mark.parametrize(
    ("case_id", "guard"),
    [
        # "We can meet you at $380 on the new one": the customer's eBay price, granted
        ("am-0227", "discount_promise"),
        # "Para compensarte, la próxima compra de cuerdas correría por nuestra cuenta"
        ("am-0021", "discount_promise"),
        # "te devolvemos cada peso, eso te lo garantizo": a currency is money
        ("am-0067", "refund_promise"),
    ],
)
def test_money_granted_in_the_desks_own_idiom_is_stopped(case_id, guard):
    assert guard in check(blind(case_id))


@pytest.mark.parametrize(
    "draft",
    [
        "I understand you saw it at $380, but we can't match used listings [pricematch#1].",
        "We can't meet you at $380, I'm afraid: used listings aren't matched [pricematch#1].",
    ],
)
def test_the_customers_price_repeated_or_refused_passes(draft):
    ctx = turn(
        draft,
        locale="en",
        question="There's a used one on eBay for $380. Can you come down?",
        chunks={
            "pricematch#1": "We match new, identical items from REI; not eBay or used listings."
        },
    )
    assert "discount_promise" not in check(ctx)


@pytest.mark.parametrize(
    ("case_id", "guard"),
    [
        # "your return was received on 1 May and checked, and the refund is pending
        # approval": a passive of receiving is what someone else received
        ("vv-0168", "refund_promise"),
        # "The cart will show whether any discount applies": asked, not given
        ("al-0066", "discount_promise"),
        # "hoy martes tiene un 20 % de descuento [promos#1]" over "20 % en fruta y verdura
        # a granel los martes": a chunk that gives a percentage states a promotion
        ("ai-0128", "discount_promise"),
        ("ai-0124", "discount_promise"),
    ],
)
def test_a_correct_money_answer_of_session_17_passes(case_id, guard):
    assert guard not in check(blind(case_id))


def test_a_percentage_chunk_backs_no_also():
    """Given "también recibe un cheque regalo del 10% de sus propias compras" over a chunk
    that gives 10 % of the guests' purchases (F-0167); then a chunk known as a promotion
    by its percentage alone does not back the "también"."""
    assert "discount_promise" in check(blind("F-0167"))


def test_the_customer_receiving_the_money_is_still_a_promise():
    """Given "Recibirá el reembolso completo esta misma semana en su tarjeta" (B-0370);
    then an active "recibirá" is the customer getting money back."""
    assert "refund_promise" in check(blind("B-0370"))


@pytest.mark.parametrize(
    "case_id",
    [
        # "En negro está agotada, pero si la quieres en negro la puedes pedir ya": the
        # sibling named by its colour alone
        "s-0144",
        # "El de cappuccino lo vas a poder pedir ahora también, aunque esté agotado": the
        # offer before its concession
        "s-0247",
    ],
)
def test_an_out_of_stock_sibling_offered_now_is_stopped(case_id):
    assert "out_of_stock_offered" in check(blind(case_id))


def test_the_same_sibling_said_to_be_gone_passes():
    ctx = blind("s-0144")
    draft = "La Blanca está disponible a 139,99 €. En negro está agotada, lo siento."
    assert "out_of_stock_offered" not in check(replace(ctx, draft=draft))


def test_a_size_promotion_written_out_in_litres_reaches_no_other_size():
    """Given "20% … en latas de 20 litros" granted to "Látex Interior Colorín Mate 10 L"
    (ai-0043); then a unit written out is the same unit as its symbol."""
    assert "discount_promise" in check(blind("ai-0043"))


def test_the_same_size_in_another_unit_of_its_kind_is_reached():
    ctx = blind("ai-0043")
    chunk = "20% de descuento en látex interior de la marca Colorín en latas de 10000 ml."
    ctx = replace(ctx, retrieved=(replace(ctx.retrieved[0], text=chunk),))
    assert "discount_promise" not in check(ctx)


@pytest.mark.parametrize("case_id", ["ac-0188", "ak-0165"])
def test_confirming_money_still_to_come_takes_it_on(case_id):
    """Given "Te confirmo que el importe se te acredita … [reintegros#1]" (ac-0188) and
    "I can confirm you'll have the full amount back by the end of the month" (ak-0165);
    then confirming an outcome still to come vouches for it."""
    assert "refund_promise" in check(blind(case_id))


@pytest.mark.parametrize(
    "draft",
    [
        "I can confirm the refund was issued on 3 May.",
        "I can confirm that once it's approved you'll get your refund within 5 days [returns#1].",
    ],
)
def test_confirming_a_past_event_or_an_approval_rule_passes(draft):
    ctx = turn(
        draft,
        locale="en",
        chunks={"returns#1": "Once approved, refunds reach your card within 5 days."},
        tools=[("get_order_status", {"order_id": "5501"}, "5501 — refund issued 3 May")],
    )
    assert "refund_promise" not in check(ctx)


@pytest.mark.parametrize("case_id", ["an-0003", "an-0185", "an-0228"])
def test_each_product_of_a_priced_list_after_we_have_is_claimed(case_id):
    """Given "we've got the Shimano CN-HG54 at £22.99, the KMC X10 at £18.50 and the
    SRAM PC-1031 as well" when the SRAM chain was not returned (an-0003; an-0185 and
    an-0228 the same after a price in brackets); then each listed product is claimed."""
    assert "stock_contradiction" in check(blind(case_id))


def test_a_priced_list_of_returned_products_passes():
    ctx = blind("an-0003")
    draft = "Yes! For 10-speed we've got the Shimano CN-HG54 at £22.99 and the KMC X10 at £18.50."
    assert "stock_contradiction" not in check(replace(ctx, draft=draft))


def test_a_denied_kind_said_by_the_first_part_of_a_compound_is_the_returned_product():
    """Given "Uh, sondas para destapar no tenemos" when "Sonda destapacañerías espiral 5 m"
    came back in stock (an-0163); then "destapar" is the compound's first part."""
    assert "stock_contradiction" in check(blind("an-0163"))


def test_a_denial_of_another_kind_still_passes():
    ctx = blind("an-0163")
    draft = "Bombas para desagotar no tenemos, perdón; sí la sonda destapacañerías de 5 m."
    assert "stock_contradiction" not in check(replace(ctx, draft=draft))


def test_we_do_to_do_you_sell_after_an_empty_search_claims_it():
    """Given "We do! Tropica Premium Nutrition is one of our most popular liquid
    fertilisers" after a search that found nothing (aj-0027); then the pro-form answers
    "Do you sell Tropica plant fertiliser?" with yes."""
    assert "stock_contradiction" in check(blind("aj-0027"))


def test_we_do_to_another_question_claims_nothing():
    ctx = blind("aj-0027")
    ctx = replace(ctx, question="Do you ship to Ireland?", draft="We do! Delivery takes 3 days.")
    assert "stock_contradiction" not in check(ctx)


def test_the_customers_bare_amount_written_as_money_is_a_term_of_a_sum():
    """Given "¿Y si mi pedido es de 39,90 me envolvéis gratis?" and a draft that adds
    "39,90 €", 2,50 € and 4,95 € into "47,35 €" (ao-0127); then "39,90 me envolvéis"
    counts no "envolvéis" (a clitic opens a verb), and the amount the draft writes as
    money from the customer's bare number is a term of the sum."""
    assert "unbacked_figure" not in check(blind("ao-0127"))


def test_a_sum_with_a_figure_no_source_gives_is_still_unbacked():
    ctx = blind("ao-0127")
    draft = "Con un pedido de 39,90 €, más 2,50 € y 4,95 €, el total quedaría en 48,35 €."
    assert "unbacked_figure" in check(replace(ctx, draft=draft))


def test_a_condition_in_the_source_excludes_nothing():
    """Given the chunk "si no te adaptas a los cristales en 30 días, se cambian una vez
    sin coste" restated with its citation (ae-0063); then "si no" states a condition,
    not what the offer leaves out."""
    assert "discount_promise" not in check(blind("ae-0063"))


def test_a_past_act_the_lookup_records_is_no_lower_price():
    """Given "el banco aplicó el abono en tu tarjeta el 14 de julio" where the lookup
    says "abono aplicado por el banco" (hh-0222); then the past the record names is a
    report, not a price given."""
    assert "discount_promise" not in check(blind("hh-0222"))


def test_the_same_verb_as_this_turns_grant_is_still_a_lower_price():
    ctx = blind("hh-0222")
    draft = "Te aplicamos un 10 % de descuento en tu próxima compra por la demora."
    assert "discount_promise" in check(replace(ctx, draft=draft))


def test_past_acts_the_lookup_records_are_reported_not_claimed():
    """Given "la solicitud de reembolso que registramos se aprobó el 10 de julio por el
    equipo, y el banco aplicó el abono en tu tarjeta el 14 de julio" where the lookup says
    "reembolso aprobado …; abono aplicado por el banco …" (hh-0222); then the relative
    clause names the request the record holds, and the bank's preterite is a report."""
    assert not check(blind("hh-0222"))


@pytest.mark.parametrize(
    "draft",
    [
        "Ya te apliqué el cupón en el pedido HV-6381.",
        "Cancelamos el pedido que te mandamos por error.",
    ],
)
def test_the_speakers_own_acts_are_still_claimed(draft):
    ctx = blind("hh-0222")
    assert "action_claim" in check(replace(ctx, draft=draft))
