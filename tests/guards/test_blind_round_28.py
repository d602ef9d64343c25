"""False alarms and misses found in session 28 on development halves of the blind files,
each kept exactly as its writer wrote it."""

from __future__ import annotations

import pytest

from tests.guards.helpers import assert_writers_verdict, check, phone, search, turn
from tests.guards.test_blind_round_rst import blind

RULES, READER = "rules", "reader"


@pytest.mark.parametrize(
    ("case_id", "guard", "reading"),
    [
        # "we'll refund you in full once it's approved": "once" takes the approval as
        # given; the shop promises what follows it
        ("bh-0084", "refund_promise", RULES),
        # "te vamos a acreditar todo": "acreditar" with a clitic for the customer pays
        ("ec-0064", "refund_promise", RULES),
        # "te hago un descuentito": a diminutive is still a discount
        ("eb-0068", "discount_promise", RULES),
        # "El importe ya ha sido reembolsado a tu tarjeta … [devoluciones#2]": an event of
        # this case, which no policy states, over a lookup showing the review pending
        ("cm-0105", "refund_promise", RULES),
        # "como regalo de bienvenida, le incluimos el Deshumidificador UV": given free
        ("ci-0143", "discount_promise", RULES),
        # "Dejamos autorizada a tu hermana": "dejar" with a participle, an act left done
        ("bh-0106", "action_claim", RULES),
        # "The Avent Natural Response isn't part of our range": the returned one denied
        ("ef-0024", "stock_contradiction", RULES),
        # "tanto la 70mai A800S como la Nextbase 622GW tienen 1 año": both are given it
        ("ef-0044", "warranty_without_data", RULES),
        # "I can have them sent out to you tomorrow", of bottles out of stock
        ("ef-0082", "out_of_stock_offered", RULES),
        # "Tenemos el iPhone 15 Pro … a $1.899.999 …, y también la versión Pro Max": a
        # thousands dot does not end the clause before "y también"
        ("w-0028", "stock_contradiction", RULES),
        # "if you grab the kit, the clay bar can be added at no charge": no source speaks
        # of any deal, so the "if" leaves nothing unsaid
        ("bg-0007", "discount_promise", RULES),
        # correct answers, whole pipeline:
        # "Si ya tiene un pedido en curso, dígame el número": supposed, not on its way
        ("ed-0105", None, READER),
        # "la All-Round que ya tenés en el carrito": "carrito" after "el" is a noun
        ("ea-0126", None, READER),
        # "since the visit was cancelled on our side", the customer's own news
        ("ed-0070", None, READER),
        # "Sí, la tenemos en catálogo: … Eso sí, ahora mismo está agotada."
        ("ed-0027", None, READER),
        # "Te explico qué ha pasado con el cupón": the coupon in an explained question
        ("dc-0084", None, READER),
        # "consta un abono de 2,35 € en tu tarjeta" over "abonados 2,35 EUR en tarjeta"
        ("bd-0065", None, READER),
        # correct answers the rules once stopped (the reader set them aside), rules alone:
        # "la tarjeta regalo", "ningún regalo": nouns, not "(te) regalo"
        ("bw-0081", None, RULES),
        ("cv-0065", None, RULES),
        ("dq-0110", None, RULES),
        # "Dejé cargada una solicitud de reembolso por los $6.500": a state left
        ("bn-0083", None, RULES),
        # "We don't currently offer price matching": negated across an adverb
        ("bg-0086", None, RULES),
        # "solo hacemos entregas … en Valencia": "Valencia" is no "vale" (a voucher)
        ("cv-0143", None, RULES),
        # "si añade algo pequeño, … ya entraría en el envío gratis": a conditional
        ("ct-0021", None, RULES),
    ],
)
def test_a_development_case_gets_its_writers_verdict(case_id, guard, reading):
    """Given the case as its writer wrote it, when the rules alone (or the whole
    pipeline) read it, then the guard the writer named fails, or, for a correct answer,
    nothing does."""
    assert_writers_verdict(blind(case_id), guard, reader=reading == READER)


def test_a_lower_price_the_shop_gives_unbacked_is_not_set_aside_by_the_reader():
    """Given "we'll top the voucher up with a little bonus credit" (bg-0142) after an
    honest refusal, when the whole pipeline runs, then the rule's rejection stands: a
    first-person grant no source backs is firm."""
    assert "discount_promise" in check(blind("bg-0142"))


def test_a_refund_waits_on_approval_only_under_an_if():
    """Given a first-person refund on an approval, when the approval is an "if", then it
    stays an offer; when it is "once", the shop promises the outcome; the policy's
    impersonal "once the team approves…, the amount goes back" is no promise."""
    offer = turn("If it's approved, we'll refund you in full.", locale="en")
    promise = turn("Once it's approved, we'll refund you in full.", locale="en")
    policy = turn("Once the team approves the refund, the amount goes back to your card.")
    es = turn("En cuanto se apruebe, le reintegramos el total.", locale="es-ES")
    assert "refund_promise" not in check(offer, second_reader=None)
    assert "refund_promise" in check(promise, second_reader=None)
    assert "refund_promise" not in check(policy, second_reader=None)
    assert "refund_promise" in check(es, second_reader=None)


def test_a_diminutive_names_its_noun_and_no_shorter_one():
    from guards.conjugation import undiminished

    assert [undiminished(w) for w in ("descuentitos", "cuponcito", "platita")] == [
        "descuentos",
        "cupon",
        "plata",
    ]
    assert undiminished("bonito") == "bonito"  # no "bono" (a voucher) in a pretty thing


def test_a_cancellation_is_the_customers_news_only_in_the_customers_words():
    """Given a refund request filed, when the draft gives "the visit was cancelled" as
    the reason, then it is the customer's news if they said "cancelled", and a claimed
    act if they did not."""
    tools = [("request_refund", {"order_id": "5742"}, "order 5742: refund request pending")]
    draft = "I've requested a refund for order 5742, since the visit was cancelled on our side."
    said = [("customer", "The sweep was cancelled by you last minute, order 5742.")]
    news = turn(draft, locale="en", question="Refund please.", tools=tools, history=said)
    unsaid = turn(draft, locale="en", question="Can you ask for the refund?", tools=tools)
    assert "action_claim" not in check(news)
    assert "action_claim" in check(unsaid, second_reader=None)


def test_out_of_stock_said_next_covers_only_the_product_named_before():
    """Given a black strap out of stock and a blue one in stock, when the sentence after
    "we have the black one" says it is sold out, then nothing fails; when it says the
    blue one is sold out instead, the black one is still offered."""
    black = phone("Correa silicona negra 22 mm", "14.50", in_stock=False)
    blue = phone("Correa silicona azul 22 mm", "14.50")
    tools = [search(black, blue, query="correa 22 mm")]
    honest = "Sí, la tenemos: Correa silicona negra 22 mm. Eso sí, ahora mismo está agotada."
    other = (
        "Sí, la tenemos: Correa silicona negra 22 mm. La Correa silicona azul 22 mm está agotada."
    )
    assert "out_of_stock_offered" not in check(turn(honest, locale="es-ES", tools=tools))
    assert "out_of_stock_offered" in check(turn(other, locale="es-ES", tools=tools))


def test_on_its_way_under_an_if_is_supposed():
    """ "Si ya está en camino, avisame" supposes; "ya está en camino" says it moved."""
    asked = "¿Me mandan la etiqueta de devolución?"
    supposed = turn("Si la etiqueta ya está en camino, avisame.", locale="es-AR", question=asked)
    said = turn("La etiqueta ya está en camino a tu correo.", locale="es-AR", question=asked)
    assert "action_claim" not in check(supposed, second_reader=None)
    assert "action_claim" in check(said, second_reader=None)


def test_a_short_object_word_is_whole_and_a_stem_is_a_prefix():
    from guards.act_clause import names_object

    assert names_object("vales", ("vale",)) and not names_object("valencia", ("vale",))
    assert names_object("te", ("te",)) and not names_object("tenés", ("te",))
    assert names_object("reembolsado", ("reembols",))


def test_the_conditional_of_ar_and_ir_verbs_is_read_and_shop_nouns_are_not():
    from guards.moods import hypothetical

    assert hypothetical("ya entraría en el envío gratis", "es")
    assert hypothetical("se cubrirían los gastos", "es")
    assert not hypothetical("María te escribe por la batería de la ferretería", "es")


def test_a_participle_after_dejar_is_a_lower_price_only_when_it_says_one():
    """ "Te lo dejo rebajado" lowers the price; "te lo dejo reservado" keeps an item."""
    asked = "¿Me guardás la campera de $ 35.000?"
    lower = turn("Dale, te la dejo rebajada a $ 30.000.", locale="es-AR", question=asked)
    kept = turn("Dale, te la dejo reservada hasta el viernes.", locale="es-AR", question=asked)
    assert "discount_promise" in check(lower, second_reader=None)
    assert "discount_promise" not in check(kept, second_reader=None)


def test_an_if_leaves_a_deal_unsaid_only_where_a_source_speaks_of_deals():
    """Given a shop whose sources give free shipping from an amount, when the draft says
    "si tu compra llega a $35.000, el envío es gratis", then it passes; the same "if"
    before a free item no source speaks of fails."""
    rule = {"envios#1": "Envío gratis en compras desde $35.000."}
    restated = turn("Si tu compra llega a $35.000, el envío es gratis.", chunks=rule)
    grant = turn("Si llevás el kit, la barra de arcilla te sale gratis.", locale="es-AR")
    assert "discount_promise" not in check(restated, second_reader=None)
    assert "discount_promise" in check(grant, second_reader=None)
