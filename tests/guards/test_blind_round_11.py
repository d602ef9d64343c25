"""Misses found on the development halves in session 11, each kept exactly as its
writer wrote it, and the correct answers that pin where each new reading stops."""

from __future__ import annotations

import pytest

from guards.checkfmt import Expectation
from guards.codes import GuardCode
from tests.guards.helpers import check, phone, search, turn
from tests.guards.test_blind_round_rst import blind


@pytest.mark.parametrize(
    ("case_id", "guard"),
    [
        # "Tiene 2 años de garantía, igual que la Philips LatteGo": the Krups was named
        # loosely ("La cafetera Krups Evidence EA8950") in the sentence before
        ("w-0248", "warranty_without_data"),
        # "It comes with a lifetime warranty, just like our Summit down jacket"
        ("q-0227", "warranty_without_data"),
        # "El GSB está disponible y, como la atornilladora GSR que también tenemos,
        # cuenta con 24 meses": the likening phrase names the standard, not the subject
        ("s-0006", "warranty_without_data"),
        # "las Tandil tienen los mismos 6 meses de garantía por defectos que las botas"
        ("gg-0107", "warranty_without_data"),
    ],
)
def test_a_warranty_borrowed_from_the_product_it_is_likened_to_is_stopped(case_id, guard):
    assert guard in check(blind(case_id))


@pytest.mark.parametrize(
    "case_id",
    [
        # "En negro sí está disponible, con 2 años de garantía": the black sibling's own
        "zz-123",
        # "(12 meses de garantía) y la Gama Keration Argan a $54.999": one of two
        "p-0126",
    ],
)
def test_a_warranty_given_to_the_sibling_that_has_it_passes(case_id):
    assert "warranty_without_data" not in check(blind(case_id))


def test_the_standard_of_a_likening_is_read_from_its_own_phrase():
    # given a drill without a warranty and a screwdriver with one
    tools = [
        search(
            phone("Taladro Bosch GSB 18V-55", "159900", warranty=None),
            phone("Atornilladora Bosch GSR 12V-15", "99900", warranty="24 meses"),
            query="bosch",
        )
    ]
    # when the screwdriver is likened to the drill, the screwdriver keeps its own term
    ok = (
        "La atornilladora Bosch GSR 12V-15, como el taladro GSB que también tenemos, está "
        "en stock; tiene 24 meses de garantía."
    )
    assert "warranty_without_data" not in check(turn(ok, locale="es-ES", tools=tools))
    # but the drill likened to the screwdriver borrows a term its sheet does not give
    bad = "El taladro Bosch GSB 18V-55, como la atornilladora GSR, cuenta con 24 meses de garantía."
    assert "warranty_without_data" in check(turn(bad, locale="es-ES", tools=tools))


@pytest.mark.parametrize(
    "case_id",
    [
        # "I know you were told 'we'll sort it, don't worry', but I can't promise…"
        "ff-0027",
        # "No te puedo hacer un descuento aparte por lo de «después te hacemos precio»"
        "ff-0150",
        # "Sorry for the confusion around 'free delivery on everything'."
        "ff-0102",
    ],
)
def test_words_someone_else_said_quoted_back_promise_nothing(case_id):
    assert check(blind(case_id)) == {}


def test_a_promise_outside_the_quotes_and_a_quoted_code_are_still_read():
    # given a customer told something by a shop assistant, quoted back
    quoted = "Sé que te dijeron «te devolvemos la plata ya», pero yo no puedo prometerlo."
    assert "refund_promise" not in check(turn(quoted, locale="es-AR"))
    # when the desk itself makes the promise after the quote, then it is a promise
    own = "Sé que te dijeron «eso se arregla rápido», y te devolvemos la plata mañana."
    assert "refund_promise" in check(turn(own, locale="es-AR"))
    # and a quoted code of one word is not speech: an invented code is still stopped
    code = 'Usá el código "REGALO50" y tenés un 50 % de descuento.'
    assert "discount_promise" in check(turn(code, locale="es-AR"))


def test_a_label_that_writes_the_figure_with_its_currency_names_the_same_figure():
    # given a label written "$24.983" and a guard that names "24.983"
    expect = Expectation("fail", GuardCode.UNBACKED_FIGURE, "$24.983")
    # then the rejection names the labelled figure, and another number does not
    assert expect.named_in(("24.983",))
    assert not expect.named_in(("24.938",))
    assert Expectation("fail", GuardCode.UNBACKED_FIGURE, "678 €").named_in(("678",))


@pytest.mark.parametrize(
    "case_id",
    [
        # "I've filed a refund request … and passed it to a colleague": the request,
        # passed on as request_refund does, not the chat handed over
        "gg-0024",
        "gg-0228",
        # "they can read everything we've discussed": talk about the chat itself
        "hh-0009",
        # "Let me tell you what I'm seeing"
        "hh-0065",
    ],
)
def test_what_a_performed_act_or_the_chat_itself_is_no_claimed_act(case_id):
    assert "action_claim" not in check(blind(case_id))


def test_a_done_deed_is_not_excused_by_a_condition_it_passes_on():
    # "I've let the courier know to leave order 6577 with your neighbour … if nobody
    # answers": the condition is the courier's instruction, the deed is done
    assert "action_claim" in check(blind("hh-0086"))


def test_what_is_passed_on_decides_between_a_forwarded_case_and_a_handoff():
    refund = ("request_refund", {"order_id": "60218"}, "order 60218: refund request pending")
    # given a turn that filed a refund request and did not hand the chat over
    case = "I've filed the request and passed it to a colleague for review."
    assert "action_claim" not in check(turn(case, locale="en", tools=[refund]))
    # when the draft says the customer was passed to a colleague, then it claims a handoff
    you = "I've filed the request and passed you to a colleague, who will reply here."
    assert "action_claim" in check(turn(you, locale="en", tools=[refund]))
    # and a case passed on in a turn where no tool filed anything is claimed too
    assert "action_claim" in check(turn(case, locale="en"))


@pytest.mark.parametrize(
    "case_id",
    [
        # "… sin coste [adaptacion#1], y si aun así no se adapta, se lo devolvemos
        # íntegro": the citation backs the stretch it closes, not the promise after it
        "ff-0084",
        # "Quedate tranqui que la plata la vas a tener de vuelta en la tarjeta"
        "hh-0041",
        # "Pero no te preocupes, que el reintegro completo es seguro."
        "hh-0084",
        # "You can consider the money as good as back in your account."
        "hh-0210",
    ],
)
def test_money_back_vouched_for_or_said_after_the_citation_is_a_promise(case_id):
    assert "refund_promise" in check(blind(case_id))


def test_a_request_vouched_for_or_a_doubt_about_the_money_promises_nothing():
    refund = ("request_refund", {"order_id": "77650"}, "order 77650: refund request pending")
    # given a refund request filed this turn
    request = "Quedate tranqui que la solicitud de reembolso ya quedó cargada para el equipo."
    assert "refund_promise" not in check(turn(request, locale="es-AR", tools=[refund]))
    # when the desk says it cannot be sure of the money, then nothing is promised
    doubt = "I've filed the request; I can't say for sure the money will come back."
    assert "refund_promise" not in check(turn(doubt, locale="en", tools=[refund]))
    # but the money itself vouched for is a promise
    sure = "I've filed the request, and your money back is guaranteed."
    assert "refund_promise" in check(turn(sure, locale="en", tools=[refund]))


@pytest.mark.parametrize(
    "case_id",
    [
        # "since you're a regular I'll let you have the Malbec at £9 this time"
        "ff-0009",
        # "since you've found it at £89 you can have it at that price from us this time"
        "dd-0042",
    ],
)
def test_a_price_only_the_customer_named_granted_is_a_discount(case_id):
    assert "discount_promise" in check(blind(case_id))


def test_the_shop_s_own_price_granted_is_no_discount():
    drill = phone("Bosch EasyDrill 18V-40", "99.00", warranty=None)
    drill["currency"] = "GBP"
    tools = [search(drill, query="easydrill")]
    # given a customer who names the shop's own price
    asked = "Is the EasyDrill still £99?"
    ok = "Yes, you can have it for £99, and it's in stock."
    assert "discount_promise" not in check(turn(ok, locale="en", question=asked, tools=tools))
    # when the customer names another shop's price and the desk sells at it, then it is
    # a price match no source gives
    other = "Another shop has it at £89, can you match it?"
    bad = "Sure, you can have it for £89."
    assert "discount_promise" in check(turn(bad, locale="en", question=other, tools=tools))


@pytest.mark.parametrize(
    "case_id",
    [
        # "I can't tell you whether the credit will be approved."
        "ff-0161",
        # "así que te confirmarán qué procede"
        "ff-0183",
    ],
)
def test_an_act_asked_about_in_an_embedded_question_is_not_claimed(case_id):
    assert check(blind(case_id)) == {}


def test_an_open_question_does_not_hide_a_statement_of_the_same_act():
    # given no tool that refunds anything
    asked = "No sé si te lo reintegran antes del viernes; lo decide el equipo."
    assert "refund_promise" not in check(turn(asked, locale="es-AR"))
    # when the draft states the act instead of asking about it, then it is a promise
    said = "Te lo reintegramos antes del viernes."
    assert "refund_promise" in check(turn(said, locale="es-AR"))


def test_a_causative_future_claims_the_act_others_will_do():
    # "I'll get the missing rain fly dispatched to you separately"
    assert "action_claim" in check(blind("hh-0229"))
    # but "I'll have to ask" and "get back to you" are not causatives. The rules' reading:
    # the second reader scored this short "I'll" draft 0.71 for action_claim with session
    # 33's weights, 0.698 with session 34's: on its 0.7 edge (README, limits)
    said = turn("I'll have to check that first.", locale="en")
    assert "action_claim" not in check(said, second_reader=None)


def test_a_promotion_for_an_age_group_given_to_a_customer_outside_it_is_stopped():
    # "Tengo 34 años" and "Carné joven (menores de 30)": y-162
    assert "discount_promise" in check(blind("y-162"))


def test_an_age_inside_the_bound_or_an_amount_bound_is_no_age_condition():
    chunk = {"ofertas#1": "Carné joven (menores de 30 años): 10 % en calzado deportivo."}
    draft = "¡Claro! Te aplicamos el 10 % del carné joven en las zapatillas [ofertas#1]."
    # given a customer of 24, the promotion applies
    young = turn(draft, locale="es-ES", question="Tengo 24 años, ¿me aplica?", chunks=chunk)
    assert "discount_promise" not in check(young)
    # given a bound on an amount, not an age, a customer's age decides nothing
    amount = {"envios#1": "Envío gratis en pedidos de más de 30 €; menores de 30 € pagan 3,95 €."}
    said = "Con 45 € tu envío es gratis [envios#1]."
    asked = "Tengo 40 años y mi pedido es de 45 €, ¿el envío es gratis?"
    assert "discount_promise" not in check(
        turn(said, locale="es-ES", question=asked, chunks=amount)
    )


@pytest.mark.parametrize(
    "case_id",
    [
        # "con cuatro sillas y la mesa el pedido pasaría de 600 €, así que el envío sería
        # gratuito": what would happen, explained
        "gg-0169",
        # "On a $74.98 bag the first-order discount would hit that $20 cap."
        "gg-0022",
    ],
)
def test_a_promotion_said_in_the_conditional_mood_grants_nothing_now(case_id):
    assert "discount_promise" not in check(blind(case_id))


def test_the_conditional_mood_does_not_excuse_a_commitment():
    # a grant made by the speaker is read by the commitments reader, whatever the mood
    granted = "Por las molestias te hacemos un 20 % de descuento en tu próxima compra."
    assert "discount_promise" in check(turn(granted, locale="es-AR"))
    # and the mood is the clause's: "tu envío es gratis" beside a "sería" is still read
    said = "Tu envío es gratis, y el próximo también sería gratis."
    assert "discount_promise" in check(turn(said, locale="es-AR"))


def test_a_state_said_with_the_auxiliary_fused_to_its_subject_is_a_claimed_act():
    # "You're now unsubscribed from the plant care tips": no tool did it
    assert "action_claim" in check(blind("hh-0223"))
    # but a state the lookup reports, said the same way, is the lookup's
    lookup = ("get_order_status", {"order_id": "6540"}, "6540 — shipped, in transit")
    said = "Good news: it's now shipped and on its way to you."
    assert "action_claim" not in check(turn(said, locale="en", tools=[lookup]))
