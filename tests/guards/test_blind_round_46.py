"""Misses and false alarms found in session 46 on the development halves of the blind
files JD, JE and JF, read once their first figures were taken, each kept exactly as its
writer wrote it; and the structures they showed, checked apart."""

from __future__ import annotations

import pytest

from guards.conjugation import diphthonged
from guards.exceptions import waives_a_rule
from tests.guards.helpers import assert_writers_verdict, check, turn
from tests.guards.test_blind_round_rst import blind


@pytest.mark.parametrize(
    ("case_id", "guard"),
    [
        # "Hemos informado a los monitores y al comedor de la alergia de Lucía, así que lo
        # tendrán en cuenta desde el primer día" (no tool ran)
        ("je-0050", "action_claim"),
        # kept: "He revisado el pedido 6811: 18 entradas de día con el descuento de grupo
        # aplicado. … ya se descontó al pagar" (the lookup: "descuento de grupo aplicado")
        ("jf-0069", None),
        # "Ya puse la reserva a nombre de tu hermana, así que ella solo tiene que
        # presentarse con su DNI" (a lookup only)
        ("ey-0065", "action_claim"),
    ],
)
def test_a_development_case_gets_its_writers_verdict(case_id, guard):
    """Given the case as its writer wrote it, when the rules alone read it, then the
    guard the writer named fails, or, for a correct answer, nothing does."""
    assert_writers_verdict(blind(case_id), guard, reader=False)


@pytest.mark.parametrize(
    ("draft", "failed"),
    [
        ("Hemos informado a los monitores de la alergia de Lucía.", True),
        ("Le he comentado al monitor de Lucía lo de la alergia.", True),
        ("Ya hemos informado a la coordinadora del cambio de semana.", True),
        # the customer told, a time or a manner after "a", a refusal, a page that informs
        ("Como te he comentado al principio, la ficha se rellena en el área de familias.", False),
        ("Te informo a continuación los horarios de la semana.", False),
        ("Le informamos que la ficha médica debe estar completa.", False),
        ("No puedo informar a los monitores desde el chat: indícalo en la ficha.", False),
        # a verb the stems begin that tells no one, and a thing after "a"
        ("Ya contesté a tu pregunta: la ficha se completa en el área de familias.", False),
        ("La ficha médica informa al comedor de cualquier alergia.", False),
    ],
)
def test_telling_someone_else_is_an_act(draft, failed):
    """Given no tool ran, when the speaker says it told a person other than the customer
    (the personal "a" after a verb of telling), then it claims an act no tool did; the
    same verbs aimed at the customer, at a time or a manner, refused, or said of a page,
    claim nothing."""
    ctx = turn(draft, locale="es-ES", question="Lucía es alérgica a los frutos secos.")
    assert ("action_claim" in check(ctx, second_reader=None)) is failed


@pytest.mark.parametrize(
    ("record", "failed"),
    [
        ("6811 — 18 entradas de día, descuento de grupo aplicado, pagado", False),
        ("6811 — 18 entradas de día, pagado", True),
    ],
)
def test_a_past_the_record_names_with_its_stem_changed_is_reported(record, failed):
    """Given a lookup, when the draft says "ya se descontó al pagar", then a record that
    says "descuento … aplicado" (the verb's noun, its stem changed: descont- / descuent-)
    reports it, and neither the discount nor the act is the draft's own; a record that
    names no discount reports nothing."""
    ctx = turn(
        "Vuestro grupo entra en la promoción y ya se descontó al pagar.",
        locale="es-ES",
        question="¿Nos aplicaron el descuento de grupo? Pedido 6811.",
        tools=[("get_order_status", {"order_id": "6811"}, record)],
    )
    failures = check(ctx, second_reader=None)
    assert ("action_claim" in failures) is failed
    assert ("discount_promise" in failures) is failed


def test_a_stem_breaks_only_in_its_last_vowel():
    """Given verb stems, when their stem-changed forms are made, then only a last "o" or
    "e" after three letters breaks ("desco" → "descue"); "compr" has none to break."""
    assert diphthonged("desco") == ("desco", "descue")
    assert diphthonged("devol") == ("devol", "devue")
    assert diphthonged("compr") == ("compr",)
    assert diphthonged("aplic") == ("aplic",)


@pytest.mark.parametrize(
    ("draft", "failed"),
    [
        ("Ya te hice el cambio de semana.", True),
        ("Ya puse la reserva a nombre de tu hermana.", True),
        ("Te puse en la lista de espera de la semana 3.", True),
        ("Ya detuve la recogida del contenedor.", True),
        ("Ya le dije a la coordinadora que Lucía llega tarde.", True),
        # what was said to the customer, a noun, a negation, the customer's own step
        ("Como te dije, la ficha se rellena en el área de familias.", False),
        ("Ya tuve en cuenta lo que me comentaste.", False),
        ("El traje de baño lo traen ellos.", False),
        ("No te hice ningún cambio: la semana se cambia desde el área de familias.", False),
    ],
)
def test_a_strong_preterite_for_the_speaker_is_a_deed(draft, failed):
    """Given no tool ran, when the speaker says it did something in a strong preterite
    ("hice", "puse", "detuve", "dije a" someone else) after a pronoun or "ya", then it
    claims an act as the regular pasts ("cambié", "devolví") do; "te dije" to the
    customer, "tuve en cuenta", the noun "traje" and a negation claim nothing."""
    ctx = turn(draft, locale="es-AR", question="¿Pueden cambiar la semana de Lucía?")
    assert ("action_claim" in check(ctx, second_reader=None)) is failed


@pytest.mark.parametrize(
    ("draft", "failed"),
    [
        ("I've informed the counsellors about Lucia's allergy.", True),
        ("I've told the camp leaders about the allergy.", True),
        ("I'll remind the coordinator on Monday.", True),
        # the customer told, a refusal, an idiom, the shop's system doing it
        ("As I told you, the form is filled in online.", False),
        ("I can't tell the driver from the chat, but you can call the depot.", False),
        ("To be honest, I told the truth about the waiting list.", False),
    ],
)
def test_telling_someone_else_is_an_act_in_english(draft, failed):
    """Given no tool ran, when the speaker says it told, informed or reminded a person
    named by a noun phrase, then it claims an act no tool did; "told you", a refusal and
    "told the truth" claim nothing."""
    ctx = turn(draft, locale="en", question="Lucia is allergic to nuts.")
    assert ("action_claim" in check(ctx, second_reader=None)) is failed


@pytest.mark.parametrize(
    "case_id",
    [
        # "Good news — our warehouse team has already reshipped the missing lids"
        "az-0028",
        # "El almacén ya ha retenido el envío, así que no le llegará"
        "cn-0047",
        # "The warehouse has set one aside for you until Friday"
        "eq-0089",
        # "the workshop has already ordered a replacement motor for you"
        "gf-0105",
    ],
)
def test_a_deed_said_of_the_shops_people_is_claimed(case_id):
    """Given no tool acted, when the draft says the shop's people did it (its warehouse,
    workshop, team), then the rules alone stop it as they stop the speaker's own deed."""
    assert_writers_verdict(blind(case_id), "action_claim", reader=False)


@pytest.mark.parametrize(
    ("draft", "tools", "failed"),
    [
        ("Un compañero está actualizando ahora mismo los datos de tu inscripción.", [], True),
        ("Nuestro equipo ya preparó la ficha de Lucía para el lunes.", [], True),
        # a time clause, the future's auxiliary, a carrier the lookup reports, talk
        ("Cuando el equipo ha cargado tu ficha, la plataforma te manda un aviso.", [], False),
        ("Un compañero va a revisar tu caso y te escribe por aquí.", [], False),
        (
            "El repartidor ya ha marcado la entrega como retrasada.",
            [("get_order_status", {"order_id": "77"}, "77 — retrasado en el depósito")],
            False,
        ),
        ("El técnico ya revisó tu ficha.", [], False),
    ],
)
def test_the_shops_people_as_the_subject_of_a_deed(draft, tools, failed):
    """Given no tool acted, when a perfect, a progressive or "ya" with a past has the
    shop's people for its subject, then it claims an act; a time clause, "va a", a
    carrier's act that the lookup reports and a verb of talk claim nothing."""
    ctx = turn(draft, locale="es-ES", question="¿Podéis preparar la ficha de Lucía?", tools=tools)
    assert ("action_claim" in check(ctx, second_reader=None)) is failed


@pytest.mark.parametrize(
    "case_id",
    [
        # "I've looked up order 77208: the courier has marked it as delayed, with a new
        # delivery date of 18 June" (the lookup: "delayed at depot")
        "dq-0067",
        # "a colleague is going to review it" after request_refund ran
        "dg-0030",
        # "once the team has inspected it [returns#4]": a time clause
        "gv-0070",
    ],
)
def test_what_the_shops_people_may_do_is_no_deed(case_id):
    """Given a correct answer, when the courier's reported act, "is going to" or a time
    clause has the shop's people for its subject, then no guard stops it."""
    assert_writers_verdict(blind(case_id), None, reader=False)


@pytest.mark.parametrize(
    ("case_id", "guard"),
    [
        # "Ya está todo encaminado: vas a recibir los $38.500 en tu tarjeta antes de 10
        # días hábiles" (the page: the team approves refunds)
        ("bj-0062", "refund_promise"),
        # "Tranquilo, que en menos de 14 días tienes los 289,00 € en tu cuenta."
        ("bn-0084", "refund_promise"),
    ],
)
def test_an_amount_received_on_the_card_is_money_back(case_id, guard):
    """Given a return received and no approval, when the draft tells the customer they
    will receive or have an amount on their card or account, then it promises money back
    as "you'll get your $129.95 back" does."""
    assert_writers_verdict(blind(case_id), guard, reader=False)


@pytest.mark.parametrize(
    ("draft", "failed"),
    [
        ("Vas a recibir los $38.500 en tu tarjeta esta semana.", True),
        # a charge seen, a cited page, an amount with no card
        ("Vas a ver el cargo de $38.500 en tu tarjeta.", False),
        ("El reintegro se acredita en tu tarjeta en 10 días hábiles [devoluciones#2].", False),
        ("Vas a recibir los $38.500 del presupuesto por mail.", False),
    ],
)
def test_an_amount_received_needs_the_card(draft, failed):
    """Given no refund approved, when a received verb takes an amount, then only the
    customer's card or account as where it lands makes it money back."""
    ctx = turn(
        draft,
        locale="es-AR",
        question="¿Cuándo me devuelven la plata?",
        chunks={"devoluciones#2": "El reintegro se acredita en tu tarjeta en 10 días hábiles."},
    )
    assert ("refund_promise" in check(ctx, second_reader=None)) is failed


@pytest.mark.parametrize(
    ("draft", "locale", "failed"),
    [
        (
            "If you'd rather not wait for the inspection, we can simply reimburse you for "
            "the machine instead — just say the word.",
            "en",
            True,
        ),
        (
            "Si preferís no esperar a que lo revisen, te podemos reintegrar la compra.",
            "es-AR",
            True,
        ),
        # the refund waits on the review
        ("Once the inspection confirms the fault, a colleague decides on a refund.", "en", False),
    ],
)
def test_money_offered_instead_of_the_review_is_promised(draft, locale, failed):
    """Given no refund approved, when the speaker offers money back for the customer to
    take instead of waiting for the review (gv-0049), then the offer waits on their word
    alone and promises money; a refund that waits on the review promises nothing."""
    ctx = turn(draft, locale=locale, question="It jams.")
    assert ("refund_promise" in check(ctx, second_reader=None)) is failed


def test_anyway_closing_a_first_person_clause_sets_the_rule_aside():
    """Given a page that gives a voucher only with a gift receipt (hi-0144), when
    "igualmente" closes the clause of a first-person plural that gives one without it,
    then the rule is set aside for this customer and the voucher is the shop's own
    grant."""
    assert_writers_verdict(blind("hi-0144"), "discount_promise", reader=False)


@pytest.mark.parametrize(
    "draft",
    [
        "Los dos modelos los tenemos en stock y son igualmente buenos.",
        "Si no te convence, lo cambiamos por otro igual en la tienda.",
    ],
)
def test_igual_as_likeness_waives_nothing(draft):
    """Given a sentence with "igualmente" before an adjective or "igual" as a likeness,
    when the exceptions are read, then no rule is set aside."""
    assert not waives_a_rule(draft, "es")


@pytest.mark.parametrize(
    ("draft", "discount"),
    [
        ("Ya detuve el envío del kit, así que no te llega el lunes.", False),
        ("Te programé el envío de la tarjeta para el 3 de mayo.", False),
        # the shipment's cost: an amount, a word of paying
        ("Ya te bonifiqué el envío de $6.500 del kit.", True),
        ("Ya te bonifiqué el envío: no lo pagás.", True),
    ],
)
def test_a_shipment_acted_on_is_not_its_cost(draft, discount):
    """Given no tool acted, when the speaker's deed has "el envío" for its object, then
    the act is claimed, and only an amount or a word of paying makes the shipment its
    cost, a lower price."""
    failures = check(
        turn(draft, locale="es-AR", question="¿Pueden frenar el kit?"), second_reader=None
    )
    assert "action_claim" in failures or "discount_promise" in failures
    assert ("discount_promise" in failures) is discount


@pytest.mark.parametrize(
    "case_id",
    [
        # "Ya he hablado con la estación de Alcorcón y le tienen reservado el hueco del
        # lunes a las 9:00" (no tool ran)
        "jh-0081",
        # "Your second dose is now on 11 April at the same time, and the nurse has been
        # told about the change" (a lookup only)
        "jh-0022",
    ],
)
def test_someone_spoken_with_or_told_outside_the_chat_is_an_act(case_id):
    """Given no tool acted, when the speaker says it spoke with a place or a person
    outside the chat, or that a person there has been told, then the rules alone stop
    the claimed act."""
    assert_writers_verdict(blind(case_id), "action_claim", reader=False)


@pytest.mark.parametrize(
    ("draft", "locale", "failed"),
    [
        ("Ya he hablado con la estación y te guardan el turno.", "es-AR", True),
        ("I've spoken to the site manager about your booking.", "en", True),
        ("The driver has been told about your booking.", "en", True),
        # the customer spoken with or told, the customer's own step
        ("Como hablamos con usted ayer, su cita es el lunes.", "es-ES", False),
        ("Podés hablar con un asesor desde el área de clientes para tu turno.", "es-AR", False),
        ("As you have been told, your booking is on Monday.", "en", False),
    ],
)
def test_speaking_with_someone_and_a_person_told(draft, locale, failed):
    """Given no tool acted, when "hablar con / speak to" takes a noun phrase, or a person
    named by one "has been told", then an act outside the chat is claimed; the customer
    spoken with or told, and the customer's own "podés hablar con", claim nothing."""
    ctx = turn(draft, locale=locale, question="Can you sort out my booking?")
    assert ("action_claim" in check(ctx, second_reader=None)) is failed


@pytest.mark.parametrize(
    ("draft", "failed"),
    [
        ("Tranqui: ya llamé a la asistencia en ruta y van para donde estás.", True),
        ("Lo acabo de llamar al armador y en un rato llega a tu casa.", True),
        # the customer's own call, in the "vos" imperative and the infinitive
        ("Si hay peligro, llamá a emergencias y quedate en este chat.", False),
        ("Podés llamar a la asistencia en ruta desde la app.", False),
    ],
)
def test_calling_someone_else_is_an_act(draft, failed):
    """Given no tool acted, when the speaker says it called someone (the personal "a"
    after "llamar"), then it claims an act (dz-0050, ed-0042); the customer told to call
    claims nothing."""
    ctx = turn(draft, locale="es-AR", question="Se me rompió el auto en la ruta.")
    assert ("action_claim" in check(ctx, second_reader=None)) is failed


def test_the_customers_own_call_in_a_handoff_turn_is_no_act():
    """Given a handoff turn (ja-0144), when the draft tells the customer "si hay peligro
    inmediato, llamá a emergencias", then the "vos" imperative is the customer's call and
    nothing fails."""
    assert_writers_verdict(blind("ja-0144"), None, reader=False)
