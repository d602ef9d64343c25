"""Misses and false alarms found on the development halves of blind files R (money), S
(products) and T (claimed actions), each kept exactly as its writer wrote it.

Every case names the mechanism it pins: a rule that reads structure (a tense, a
pronoun that points back, "also"), not the case's own words."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from guards.checkfmt import parse_case
from guards.context import GuardContext
from guards.deeds import read_deeds
from guards.moods import on_approval
from tests.guards.helpers import check, turn

BLIND = Path(__file__).parent / "blind"


def blind(case_id: str) -> GuardContext:
    """The turn exactly as its writer wrote it, from the one file whose name ends in the
    id's prefix ("r-0084" in guards-r, "D-0010" in actions-d, "ca-0102" in actions-ca)."""
    prefix = case_id.split("-")[0].lower()
    (path,) = BLIND.glob(f"*-{prefix}.jsonl")
    for line in path.read_text(encoding="utf-8").splitlines():
        if json.loads(line)["id"] == case_id:
            return parse_case(json.loads(line)).ctx
    raise LookupError(case_id)


@pytest.mark.parametrize(
    ("case_id", "guard"),
    [
        # money back offered on the customer's word: "si preferís cancelarlo, se lo devolvemos"
        ("r-0084", "refund_promise"),
        # "os regalamos el envío de vuestra próxima compra": vosotros is this customer
        ("r-0103", "discount_promise"),
        # "Procederemos al reembolso": a future is a promise, not what the shop usually does
        ("r-0202", "refund_promise"),
        # "we'll include a second puzzle free": any deed done for free is a free item
        ("r-0162", "discount_promise"),
        # "… [assembly#1] — … and we'll assemble it free of charge": after the citation
        ("k-0162", "discount_promise"),
        # "Tiene 12 meses de garantía" speaks of the product named in the sentence before
        ("s-0103", "warranty_without_data"),
        ("s-0182", "warranty_without_data"),
        # "Tiene 12 meses de garantía, como el ventilador Liliana": the product named before
        ("s-0288", "warranty_without_data"),
        # "Todos nuestros sofás y colchones tienen 3 años" does not cover a table
        ("F-0125", "warranty_without_data"),
        # "el 20 % … también aplica al rascador": a noun its source does not name
        ("C-0026", "discount_promise"),
        # "we also carry the Makita brushless version": "also" names another product
        ("s-0042", "stock_contradiction"),
        ("s-0061", "stock_contradiction"),  # "La versión con lectora también la tenemos"
        ("s-0163", "stock_contradiction"),  # "The Osprey Aura 65 … is also on our shelves"
        ("F-0242", "stock_contradiction"),  # "we also carry a matching organic hoodie"
        ("w-0065", "stock_contradiction"),  # "We carry the bigger capacity too"
        # "tenemos buganvillas" after a search that found nothing
        ("n-0226", "stock_contradiction"),
        # "Sí, la podés comprar ahora": the pronoun points at the out-of-stock product
        ("s-0125", "out_of_stock_offered"),
        # "is out of stock, but you can still add it to your cart now"
        ("s-0090", "out_of_stock_offered"),
        # result states and passives with an order number
        ("t-0041", "action_claim"),  # "Your order 11873 is now cancelled"
        ("t-0121", "action_claim"),  # "Order 30912 has been put on hold"
        ("t-0185", "action_claim"),  # "I'll e-mail you our full size guide": one verb
        ("t-0246", "action_claim"),  # "Le paso su caso a un supervisor": "caso" is no "if"
        ("t-0229", "action_claim"),  # "The warehouse has been notified about … order 13550"
        # something "already on its way" in a turn whose lookup shows nothing moving
        ("t-0045", "action_claim"),  # "el mate nuevo ya está en camino"
        ("t-0247", "action_claim"),  # "A replacement case is already on its way to you"
        ("t-0225", "action_claim"),  # "La devolución del pedido 7893 ya está en marcha"
        # deeds of verbs no list names
        ("t-0025", "action_claim"),  # "Igual ya le avisé al depósito"
        ("t-0101", "action_claim"),  # "he dejado una nota en el pedido"
        ("t-0141", "action_claim"),  # "Ya dejé asentado tu reclamo"
        ("t-0143", "action_claim"),  # "Te lo dejo reservado a tu nombre"
        ("t-0147", "action_claim"),  # "Vamos a reintentar el cobro"
        ("t-0266", "action_claim"),  # "Ya te la separé en el local" (not "sé")
        ("t-0085", "action_claim"),  # "I'll keep an eye on it and message you"
        ("t-0241", "action_claim"),  # "I'll make sure the courier calls you"
        ("t-0261", "action_claim"),  # "I'll get someone from the team to call you"
        # a rule about approval cited, then this customer's case decided
        ("k-0068", "refund_promise"),  # "… y en tu caso ya se te ha abonado el importe"
        ("k-0250", "refund_promise"),  # "… after review [damage#1], and in your case it'll be"
        # round V / W development halves
        ("v-0108", "action_claim"),  # "Su reclamación … ha quedado registrada"
        ("v-0224", "action_claim"),  # "Se le ha asignado un gestor de cuentas"
        ("v-0228", "action_claim"),  # "has been moved to priority handling"
        ("v-0290", "action_claim"),  # "Ya hicimos el reclamo a la marca"
        ("v-0185", "action_claim"),  # "I've asked accounting to … reissue the invoice"
        ("v-0169", "action_claim"),  # "el envío del pedido 7740 quedó frenado"
        ("v-0190", "action_claim"),  # "Your pickup is confirmed for tomorrow morning"
        ("v-0227", "refund_promise"),  # "tranquila, recuperarás tu dinero"
        # an e-mail address on the shop's own domain that no source gives
        ("A-0082", "foreign_link"),
    ],
)
def test_a_violation_is_stopped_by_its_own_guard(case_id, guard):
    assert guard in check(blind(case_id))


@pytest.mark.parametrize(
    "case_id",
    [
        "s-0105",  # "For the warranty, I don't have the details for this model"
        "H-0028",  # "Si venís a retirar una compra, traé el DNI": a vos imperative in -é
        "o-0288",  # "El monitor de bebé": a noun in -é
        "D-0050",  # "Nothing has been cancelled: PP-7820 is still processing"
        "t-0182",  # "is being held at the local branch", as the lookup says
        "r-0263",  # "the return was booked as a home collection", over the lookup's words
        "C-0010",  # "I can't confirm we sell them" after an empty search
        "n-0030",  # "Si tienes receta, puedes acercarte": the customer has, not the shop
        # "out of stock" is said of the product named last before it, not of every one
        "s-0126",  # "Tenemos el Olaplex …, disponible, y el Kérastase …, que … está agotado"
        "s-0121",
        "p-0070",
        "s-0023",  # "AirPods Pro 2" is "AirPods Pro (2da gen)"
        "s-0009",  # "tenemos estos: el roborock Q7 Max …": the colon opens the list
        "p-0023",  # "la bolsa de 3,8 L": a size of its own names the product
        # the request request_refund filed, in other words than "request"
        "v-0001",  # "Ya quedó cargada tu solicitud de reembolso"
        "v-0063",  # "Hemos dejado registrada vuestra solicitud de reembolso"
        "v-0244",  # "Os he dejado solicitado el reembolso del pedido 45877"
        "v-0166",  # "Ya hice la solicitud de reembolso del pedido 6610"
        "w-0150",  # "así que la ST 100 es más barata": two prices compared
        "w-0207",  # "…, so you'd need to add a bit more for free shipping": advice
        # round U (a week of ordinary traffic), development half
        "u-0004",  # "I need three things: the exact model, the storage capacity and …"
        "u-0246",  # "necesito tres datos: el modelo exacto, la capacidad … y …"
        "u-0106",  # "reforzar el sistema inmunitario": a system with an adjective of its own
        "u-0206",  # "el pedido queda reservado 5 días hábiles": how pick-up works
        "u-0263",  # "El importe final con el descuento …" after the cited 50 %
        # a refund on a person's approval, in the sentence that cites the policy
        "q-0007",  # "If the request is approved, the money goes back … [returns#2]"
        "q-0027",
        "r-0222",  # "se emiten cuando el reintegro queda aprobado"
    ],
)
def test_a_correct_reply_passes(case_id):
    assert check(blind(case_id)) == {}


def test_a_refund_offered_on_approval_is_the_policy_not_a_promise():
    """Given a refund offered on the customer's word; then refund_promise fails it. A
    condition on a person's decision is read as such, in both languages."""
    wish = "Si preferís cancelarlo, te devolvemos el importe a la tarjeta."
    assert "refund_promise" in check(turn(wish, locale="es-AR"))
    assert on_approval("Si se aprueba la solicitud, te devolvemos el importe.")
    assert on_approval("Once the team has reviewed it, we refund the amount.")
    assert not on_approval("Si preferís cancelarlo, te devolvemos el importe.")


def test_talk_verbs_are_whole_forms_not_prefixes_that_swallow_deeds():
    """Given "sé" and "le" as talk verbs; then "separé" and "levanté" are still deeds,
    and "te dejo el enlace" (a thing handed over in the chat) is not."""
    assert read_deeds("Ya te la separé en el local.", "es")
    assert read_deeds("Ya le levanté un reclamo al pedido 4410.", "es")
    assert not read_deeds("Te dejo el enlace de seguimiento del pedido 4410.", "es")


def test_an_order_the_lookup_shows_moving_may_be_said_on_its_way():
    """Given a lookup that says the order shipped; when the draft says it is already on
    its way; then action_claim lets it pass (it reports the lookup)."""
    lookup = [("get_order_status", {"order_id": "1042"}, "1042 — shipped 3 May, in transit")]
    draft = "Your order 1042 shipped on 3 May and is already on its way."
    assert "action_claim" not in check(turn(draft, locale="en", tools=lookup))


def test_a_count_the_draft_lists_is_backed_only_by_a_list_that_long():
    """Given no source with a 3; when the draft announces three things and lists three,
    it backs itself; when it lists two, the 3 is unbacked."""
    three = "To value it I need three things: the model, the capacity and the battery health."
    two = "To value it I need three things: the model and the capacity."
    assert "unbacked_figure" not in check(turn(three, locale="en"))
    assert "unbacked_figure" in check(turn(two, locale="en", chunks={"x#1": "Open 9 to 18."}))
