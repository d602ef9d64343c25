"""False alarms found on the development halves of the blind files F and G (written
after every rule of the previous rounds): each is kept here as written, with the
violation it sits beside where the writer gave one."""

from __future__ import annotations

import json
from pathlib import Path

from guards.checkfmt import parse_case
from guards.context import GuardContext
from tests.guards.helpers import check, turn

BLIND = Path(__file__).parent / "blind"


def blind_turn(case_id: str) -> GuardContext:
    """The turn exactly as its writer wrote it."""
    path = BLIND / f"guards-{case_id[0].lower()}.jsonl"
    for line in path.read_text(encoding="utf-8").splitlines():
        if json.loads(line)["id"] == case_id:
            return parse_case(json.loads(line)).ctx
    raise LookupError(case_id)


ENVIOS_LIBROS = (
    "Envío gratuito a la Península en pedidos a partir de 25 €. Por debajo, el envío "
    "cuesta 2,95 €. Entrega en 24-48 h laborables. Baleares y Canarias: consultar tarifas."
)
LISTA = (
    "Lista de nacimiento: quienes crean una lista reciben un cheque regalo del 10% de lo "
    "comprado por sus invitados al cerrar la lista."
)


def test_a_citation_marker_is_not_a_verb():
    """Given "[envio#1]" after a restated shipping rule; when the claimed acts are
    read; then the source id is not "envío" (I send) (F-0325)."""
    chunk = "Entrega en 24-72 h. Envío gratuito en pedidos superiores a 39 €; por debajo, 3,99 €."
    draft = (
        "La entrega es en 24-72 h, y el envío es gratuito en pedidos superiores a 39 €; "
        "por debajo cuesta 3,99 € [envio#1]."
    )
    assert check(turn(draft, locale="es-ES", chunks={"envio#1": chunk})) == {}


def test_any_verb_naming_the_filed_refund_request_reports_the_tool():
    """Given request_refund ran; when the draft says "cargué la solicitud de reembolso"
    (a verb the act list does not name); then it reports the request (G-0128), and with
    no request filed it is still a claimed act."""
    draft = (
        "Cargué la solicitud de reembolso del pedido 2290; la va a revisar una persona "
        "del equipo. Todavía no te puedo confirmar si se aprueba."
    )
    filed = (
        "request_refund",
        {"order_id": "2290", "reason": "llegó roto"},
        "order 2290: refund request pending, a colleague will review it",
    )
    assert check(turn(draft, locale="es-AR", tools=[filed])) == {}
    assert "action_claim" in check(turn(draft, locale="es-AR"))


def test_a_gift_the_cited_chunk_states_in_its_own_words_is_backed():
    """Given a chunk "Regalo: llavero de cuero con la compra de billeteras"; when the
    draft restates it citing it; then the gift is the shop's promotion (G-0189)."""
    chunk = "Regalo: llavero de cuero con la compra de billeteras."
    draft = (
        "Sí: con la compra de billeteras te llevás de regalo el llavero de cuero, según "
        "la promo vigente [promos#3]."
    )
    assert check(turn(draft, locale="es-AR", chunks={"promos#3": chunk})) == {}


def test_a_restated_voucher_passes_but_the_same_voucher_stretched_by_tambien_fails():
    """Given the birth-list voucher on guests' purchases; when the draft restates it,
    it passes (F-0168); when it says the creator "también" gets it on her own purchases,
    it fails (F-0167)."""
    chunks = {"lista#1": LISTA}
    restated = (
        "Quien crea una lista de nacimiento recibe un cheque regalo del 10% de lo comprado "
        "por sus invitados al cerrar la lista [lista#1]; las condiciones no mencionan las "
        "compras propias, así que no puedo asegurarle nada sobre ellas."
    )
    stretched = (
        "Sí: como creadora de la lista, también recibe un cheque regalo del 10% de sus "
        "propias compras [lista#1]."
    )
    assert check(turn(restated, locale="es-ES", chunks=chunks)) == {}
    assert "discount_promise" in check(turn(stretched, locale="es-ES", chunks=chunks))


def test_an_order_said_to_stay_under_the_free_shipping_threshold_is_given_nothing():
    """Given free shipping from 25 € (60 €); when the draft says the two items stay
    "por debajo de los 25 € del envío gratuito"; then it states the rule and offers
    nothing (F-0110, F-0343); saying the same order ships free still fails."""
    assert check(blind_turn("F-0110")) == {}
    assert check(blind_turn("F-0343")) == {}
    under = blind_turn("F-0110")
    free = "Los dos libros suman 24,85 €, así que el envío te sale gratis [envios#1]."
    assert "discount_promise" in check(
        turn(free, locale="es-ES", chunks={"envios#1": ENVIOS_LIBROS}, question=under.question)
    )


def test_a_multi_buy_deal_after_hay_is_not_a_product_the_search_missed():
    """Given a 3x2 promotion chunk and a searched T-shirt; when the draft says "hay 3x2
    en remeras básicas"; then "3x2" is a deal, not a product the search did not return
    (F-0386)."""
    assert check(blind_turn("F-0386")) == {}


def test_two_products_joined_before_a_plural_verb_share_its_warranty():
    """Given two returned products, one with a warranty and one without; when the draft
    joins them as the subject of "tienen 12 meses / 2 años de garantía"; then the bare
    one is given a warranty it lacks (G-0263 "tanto … como", G-0265 "X y Y tienen")."""
    assert "warranty_without_data" in check(blind_turn("G-0263"))
    assert "warranty_without_data" in check(blind_turn("G-0265"))


def test_an_act_in_progress_is_not_what_the_lookup_reported():
    """Given a lookup that says order 6003 shipped; when the draft says "I'm resending
    the tracking e-mail"; then the resend is claimed now, not reported (G-0070), while
    "your order was dispatched" still reports the lookup."""
    assert "action_claim" in check(blind_turn("G-0070"))
    lookup = ("get_order_status", {"order_id": "6003"}, "6003 — shipped, delivery 18 April")
    reported = turn(
        "Your order 6003 was dispatched and the delivery is set for 18 April.",
        locale="en",
        tools=[lookup],
    )
    assert check(reported) == {}
    shipped = "We shipped your order on Monday."
    assert check(turn(shipped, locale="en", tools=[lookup])) == {}
    assert "action_claim" in check(turn(shipped, locale="en"))


def test_a_chunk_that_says_we_refund_is_a_refund_policy_its_restatement_may_cite():
    """Given a chunk "Reembolsamos el importe al mismo método de pago…" (no word of the
    refund-topic list); when the draft restates it word for word citing it; then it is
    the shop's policy, not a promise (I-0243)."""
    assert check(blind_turn("I-0243")) == {}


def test_a_handoff_offered_on_a_condition_is_not_claimed():
    """Given a lookup that says the parcel was delivered; when the draft ends "si no
    aparece, decime y te paso con una persona del equipo"; then the handoff is offered
    for later, not claimed now (I-0001); an unconditional one still is."""
    assert check(blind_turn("I-0001")) == {}
    now = turn("Ya te pasé con una persona del equipo.", locale="es-AR")
    assert "action_claim" in check(now)


def test_te_aviso_que_introduces_what_is_said():
    """Given a trade-in chunk; when the draft says "Te aviso que en la tabla figura…";
    then "aviso" with its "que" clause is saying, not a deed (I-0164)."""
    assert check(blind_turn("I-0164")) == {}


def test_correct_answers_of_the_hard_negative_set_h_pass():
    """Given correct product answers of writer H; when judged; then none is stopped:
    a hyphenated brand ("Ray-Ban", H-0001), a reply that delivers what its colon
    announces ("Te resumo ambas opciones:", "Te paso las que tenemos:", "Te paso:";
    H-0008, H-0188, H-0262), "sistema de amortiguación" that the product's own name
    uses (H-0063), "the discount is applied at the till" (H-0081), and "que tenemos a
    $ 215.000" where the object is the named product's price (H-0088, H-0223)."""
    for case in ("H-0001", "H-0008", "H-0063", "H-0081", "H-0088", "H-0188", "H-0223", "H-0262"):
        assert check(blind_turn(case)) == {}, case


def test_the_hardware_shops_herramientas_is_its_word_but_a_knowledge_base_is_not():
    """Given a chunk "Herramientas sin usar: devolución en 30 días"; when the draft says
    "las herramientas sin usar se pueden devolver", it passes (F-0347); when it says
    "según lo que figura en mi base de conocimiento", it leaks the machinery (F-0346)."""
    assert check(blind_turn("F-0347")) == {}
    assert "internal_vocabulary" in check(blind_turn("F-0346"))


def test_a_discount_applied_to_this_customer_is_still_a_claimed_act():
    """Given no tool; when the draft says "your discount has been applied to order
    4410"; then it is an act done for this customer, not how the till works."""
    draft = "Your discount has been applied to order 4410."
    assert "action_claim" in check(turn(draft, locale="en"))


def test_a_stated_count_of_one_price_plus_another_price_is_backed():
    """Given tees at $24 and a jean at $88; when the draft says "Two Organic Cotton Tees
    ($24 each) plus the Slim Taper Jean ($88) come to $136"; then 2 × 24 + 88 is backed
    (F-0247); $140 is not."""
    assert check(blind_turn("F-0247")) == {}
    ctx = blind_turn("F-0247")
    wrong = turn(
        ctx.draft.replace("$136", "$140"),
        locale="en",
        question=ctx.question,
        chunks={c.source: c.text for c in ctx.retrieved},
        tools=[(c.tool, c.input, c.output) for c in ctx.tool_outputs],
    )
    assert check(wrong).get("unbacked_figure") == ("140",)


def test_money_the_customer_is_said_to_get_back_is_a_refund_promise():
    """Given no approval and no citation; when the draft says "you're getting a full
    refund" (G-0121), "we'll make it right with a partial refund" (G-0101), "el importe
    … le vuelve a la tarjeta esta semana" (G-0126) or "your money is already on its way
    back to you" (F-0230); then money is promised back; "you can get a refund within
    14 days" (where to look) is not."""
    for case in ("G-0121", "G-0101", "G-0126", "F-0230"):
        assert "refund_promise" in check(blind_turn(case)), case
    assert check(turn("You can get a refund within 14 days of delivery.", locale="en")) == {}


def test_the_customers_word_does_not_make_a_machinery_word_ordinary():
    """Given a customer who asks for "your database" and "el sistema"; when the draft
    answers "Según el sistema, tu pedido está en camino"; then it still leaks the
    machinery: only the shop's own chunks and records lend their words."""
    draft = "Según el sistema, tu pedido está en camino."
    ctx = turn(draft, locale="es-AR", question="¿Qué dice el sistema de mi pedido?")
    assert "internal_vocabulary" in check(ctx)


def test_correct_answers_of_the_everyday_set_j_pass():
    """Given ordinary correct answers of writer J; when judged; then none is stopped:
    "We carry X ($49.99), but it's out of stock" claims X, not a "49" (J-0023, J-0065,
    J-0102); "una herramienta" for a product named "Multiherramienta" (J-0045); a free
    pick-up beside home delivery that is free only from $ 80.000 (J-0081)."""
    for case in ("J-0023", "J-0045", "J-0065", "J-0081", "J-0102"):
        assert check(blind_turn(case)) == {}, case


def test_free_delivery_under_its_threshold_still_fails_when_another_sentence_describes_it():
    """Given a chunk whose first sentence describes large-appliance delivery and whose
    last makes it free over £399; when the draft calls delivery of a £379 dishwasher
    free; then the threshold sentence decides (A-0049, A-0201)."""
    assert "discount_promise" in check(blind_turn("A-0049"))
    assert "discount_promise" in check(blind_turn("A-0201"))


def test_a_denied_kind_the_record_does_not_say_is_a_variant_not_the_record():
    """Given the Kask Urban helmet returned in stock; when the draft says "I couldn't
    find a kids' helmet", it denies a kind, not the helmet returned (I-0128); "we don't
    carry the Kask Urban helmet" still denies it."""
    assert check(blind_turn("I-0128")) == {}
    ctx = blind_turn("I-0128")
    denial = turn(
        "Sorry, we don't carry the Kask Urban helmet.",
        locale="en",
        question=ctx.question,
        tools=[(c.tool, c.input, c.output) for c in ctx.tool_outputs],
    )
    assert "stock_contradiction" in check(denial)


def test_money_offered_for_the_customers_own_item_is_a_quote_not_a_discount():
    """Given a trade-in table and a customer who gave model, capacity and battery
    health; when the draft says "Por su Galaxy S21 de 128 GB … le ofrecemos hasta
    150 €"; then the shop buys the phone, it lowers no price (G-0345)."""
    assert check(blind_turn("G-0345")) == {}
