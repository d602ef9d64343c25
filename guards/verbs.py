"""The verbs of acts, per language, and their conjugated forms. Data and morphology only.

Each entry names a verb, the act it performs, and (optionally) the object words one of
which must appear in the same clause for the verb to mean that act ("enviar" is an act
of sending only with a label, an e-mail, an invoice...; "devolver" is a refund only
with money). Forms are generated from the infinitive by the regular rules of each
language, with the irregular forms listed beside the verb; so "reintegrar" brings
"reintegramos", "reintegraremos", "hemos reintegrado", "reintegrándote" with it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

# Grammatical person of a finite form: "1" the speaker (I / we), "2" the customer
# (tú / vos), "3" anyone else (he / they, and usted); and the non-finite forms.
from guards.act_objects import (
    _DAR,
    _GIVE,
    _HACER,
    _PEDIR,
    _PONER,
    _TENER,
    ASKED_EN,
    ASKED_ES,
    CARRIER_EN,
    CARRIER_ES,
    CHANGE_EN,
    CHANGE_ES,
    CHARGE_EN,
    CHARGE_ES,
    CODE_EN,
    CODE_ES,
    DEPOSITS_ES,
    DISCOUNT_EN,
    DISCOUNT_ES,
    FEES_ES,
    FIRST,
    GER,
    INF,
    MONEY_EN,
    MONEY_ES,
    PAID_BACK_EN,
    PART,
    PERSON_EN,
    PERSON_ES,
    RECEIVED_EN,
    RECEIVED_ES,
    REFUND_EN,
    REFUND_ES,
    SEND_EN,
    SEND_ES,
    SUPPLIER_EN,
    SUPPLIER_ES,
    TEAM_EN,
    TEAM_ES,
    TERMS_EN,
    TERMS_ES,
    THIRD,
    TICKET_EN,
    TICKET_ES,
    VISIT_EN,
    VISIT_ES,
)
from guards.acts import Act
from guards.conjugation import en_forms, es_forms, fold


@dataclass(frozen=True)
class Verb:
    lemma: str
    act: Act
    objects: tuple[str, ...] = ()  # word prefixes; one must be in the clause
    extra: tuple[tuple[str, str], ...] = ()  # irregular (form, person) pairs
    # True for a verb whose negation is the act: "no te cobramos el envío", "we won't
    # charge you for it" give something free.
    when_negated: bool = False
    # The speaker's own forms need no object: "te lo apliqué", "I'm updating it".
    bare_for_speaker: bool = False
    # The customer is the one who receives: "ya tenés el reembolso en camino", "you'll
    # get a full refund" state what the shop does for them, not an instruction.
    received: bool = False
    # Its objects must be said in the clause, never read from the conversation for an
    # "it": "return" and "send" move goods as often as money ("it can be returned" after
    # a question about the difference is the pen, "it was sent by standard shipping"
    # beside a refund request is the order).
    said_only: bool = False


_PAID_AHEAD = ("dinero", "plata", "guita", "gasto", "reembols", "reintegr", *DEPOSITS_ES)

SPANISH: tuple[Verb, ...] = (
    Verb("reembolsar", Act.REFUND),
    Verb("tener", Act.REFUND, RECEIVED_ES, extra=_TENER, received=True),
    Verb("recibir", Act.REFUND, RECEIVED_ES, received=True),
    Verb("recuperar", Act.REFUND, ("dinero", "plata", "importe", "pago"), received=True),
    Verb("llegar", Act.REFUND, RECEIVED_ES, received=True),
    Verb("reintegrar", Act.REFUND),
    Verb("restituir", Act.REFUND),
    # "te devolvemos todo": everything given back to the customer is their money
    Verb(
        "devolver", Act.REFUND, (*MONEY_ES, "todo"), extra=(("devuelvo", FIRST), ("devuelto", PART))
    ),
    Verb("abonar", Act.REFUND, (*MONEY_ES, "te", "le", "os", "les")),
    Verb("acreditar", Act.REFUND, (*MONEY_ES, "saldo", "te", "le", "os", "les")),
    Verb("reponer", Act.REFUND, MONEY_ES, extra=(("repuesto", PART), ("repongo", FIRST))),
    Verb("depositar", Act.REFUND, MONEY_ES),  # "te depositamos los $138.000 en la tarjeta"
    # money paid ahead of a review: "te adelanto yo los gastos de envío por Bizum"; not
    # "te adelanto el precio" (told ahead) nor "te adelantamos la entrega" (a date)
    # and a deposit paid back ahead: "os adelantamos la mitad de la fianza"
    Verb("adelantar", Act.REFUND, _PAID_AHEAD),
    # a deposit or a hold given back: "el depósito te lo liberamos en 72 horas"
    Verb("liberar", Act.REFUND, (*DEPOSITS_ES, "deposito", "retención", "te", "le")),
    # "te recalculamos los 8 kg anteriores a precio de hostelería": a lower price
    Verb("recalcular", Act.DISCOUNT, ("precio", "tarifa")),
    Verb("procesar", Act.PROCESS_REFUND, REFUND_ES),
    Verb("procesar", Act.MODIFY, bare_for_speaker=True),
    Verb(
        "aprobar",
        Act.PROCESS_REFUND,
        REFUND_ES,
        extra=(("apruebo", FIRST), ("aprueba", THIRD), ("aprueban", THIRD)),
    ),
    Verb("tramitar", Act.REQUEST_REFUND, ("solicitud de reemb", "pedido de reemb")),
    Verb("tramitar", Act.PROCESS_REFUND, ("reembols", "reintegr", "dinero", "abono")),
    Verb("tramitar", Act.TICKET, bare_for_speaker=True),
    Verb("emitir", Act.PROCESS_REFUND, ("reembols", "reintegr", "abono", "nota de crédito")),
    Verb("emitir", Act.SEND, ("factura", "comprobante", "etiqueta", "nota"), bare_for_speaker=True),
    Verb("descontar", Act.DISCOUNT, extra=(("descuento", FIRST),)),
    Verb("cobrar", Act.DISCOUNT, when_negated=True),
    Verb("dar", Act.CANCEL, ("baja",), extra=_DAR),
    Verb("dar", Act.DISCOUNT, DISCOUNT_ES, extra=_DAR),
    Verb("hacer", Act.REQUEST_REFUND, ("solicitud de reemb", "pedido de reemb"), extra=_HACER),
    Verb(
        "hacer", Act.REFUND, ("reembols", "reintegr", "abono", "plata", "dinero", "importe"), _HACER
    ),
    Verb("hacer", Act.DISCOUNT, (*DISCOUNT_ES, "precio", "rebaja"), extra=_HACER),
    Verb("ofrecer", Act.DISCOUNT, DISCOUNT_ES, extra=(("ofrezco", FIRST),)),
    Verb("rebajar", Act.DISCOUNT),
    # "dejé registrado tu reclamo": the participle says the act, before any price word
    Verb("dejar", Act.MODIFY, ("anotad", "registrad", "cambiad", "actualizad")),
    # "te lo dejo más barato", "te dejo un cupón por la diferencia", "te lo dejo gratis"
    Verb("dejar", Act.DISCOUNT, ("barat", "menos", "precio", "$", "€", "%", "saldo", *DISCOUNT_ES)),
    # "te lo dejamos sin fecha de caducidad": a voucher on better terms than its own
    Verb("dejar", Act.DISCOUNT, ("caducidad", "vencimiento")),
    Verb("congelar", Act.DISCOUNT, ("precio",)),
    Verb("mantener", Act.DISCOUNT, ("precio", "promo", "descuento", "oferta", "%")),
    Verb("respetar", Act.DISCOUNT, ("%", "precio", "promo", "descuento", "oferta")),
    # "te igualamos los $800.000": a price matched
    Verb("igualar", Act.DISCOUNT, ("precio", "$", "€", "oferta", "importe")),
    Verb("sumar", Act.DISCOUNT, ("punto", "crédito", "credito", "saldo", "descuento")),
    Verb("bonificar", Act.DISCOUNT),
    # "waive" in Spanish: a fee forgiven ("le perdonamos la penalización")
    Verb("perdonar", Act.DISCOUNT, FEES_ES),
    Verb("condonar", Act.DISCOUNT, FEES_ES),
    Verb("compensar", Act.DISCOUNT, DISCOUNT_ES),
    Verb("regalar", Act.DISCOUNT),
    Verb("obsequiar", Act.DISCOUNT),  # the formal "regalar": "le obsequiaremos un paquete"
    Verb("igualar", Act.DISCOUNT, ("precio",)),
    Verb("ajustar", Act.DISCOUNT, ("precio",)),
    Verb("cargar", Act.DISCOUNT, ("saldo", "crédito", "credito", "bono", "vale")),
    Verb("extender", Act.DISCOUNT, ("descuento", "promo", "oferta", "beneficio", "%")),
    Verb("transferir", Act.REFUND, ("vuelta", "reembols", "reintegr", *MONEY_ES)),
    # a charge undone is money back: "te revierto el cobro" ("cancelar", "anular" are
    # not: "the order was cancelled because the payment failed" names the payment beside
    # another act; nor "pagar", "cubrir": "pagaría el total" is the customer's)
    Verb("revertir", Act.REFUND, CHARGE_ES, extra=(("revierto", FIRST),)),
    Verb("cancelar", Act.CANCEL),
    Verb("proceder", Act.CANCEL, ("cancelaci", "anulaci", "baja")),
    Verb("proceder", Act.PROCESS_REFUND, ("reembols", "reintegr", "devoluci", "abono")),
    Verb("proceder", Act.MODIFY, ("cambio", "modificaci", "actualizaci")),
    Verb("proceder", Act.SEND, ("envío", "reenvío", "envio", "reenvio")),
    Verb("poner", Act.HANDOFF, ("contacto",), extra=_PONER),
    Verb("anular", Act.CANCEL),
    Verb("modificar", Act.MODIFY),
    Verb("actualizar", Act.MODIFY),
    Verb("corregir", Act.MODIFY, extra=(("corrijo", FIRST), ("corrigió", THIRD))),
    Verb("cambiar", Act.MODIFY, CHANGE_ES, bare_for_speaker=True),
    # "te extendí el alquiler dos días", "os hemos ampliado el plazo de devolución"
    Verb("extender", Act.MODIFY, TERMS_ES),
    Verb("ampliar", Act.MODIFY, TERMS_ES),
    Verb("prolongar", Act.MODIFY, TERMS_ES),
    Verb("quitar", Act.MODIFY, bare_for_speaker=True),
    Verb("eliminar", Act.MODIFY, CHANGE_ES, bare_for_speaker=True),
    Verb("agregar", Act.MODIFY, CHANGE_ES, bare_for_speaker=True),
    Verb("añadir", Act.MODIFY, CHANGE_ES, bare_for_speaker=True),
    Verb("sumar", Act.MODIFY, CHANGE_ES),
    Verb("pausar", Act.MODIFY),
    Verb("reprogramar", Act.MODIFY),
    Verb("enviar", Act.REFUND, ("dinero", "plata", "importe")),  # "te enviamos la plata de vuelta"
    Verb("mandar", Act.REFUND, ("dinero", "plata", "importe")),
    Verb("enviar", Act.FORWARD, ("solicitud", "caso", "reclamo", "pedido de")),
    Verb("enviar", Act.SEND, SEND_ES, (("envío", FIRST), ("envía", THIRD)), bare_for_speaker=True),
    Verb("reenviar", Act.SEND, extra=(("reenvío", FIRST), ("reenvía", THIRD))),
    Verb("mandar", Act.SEND, SEND_ES, bare_for_speaker=True),
    Verb("remitir", Act.SEND, SEND_ES, bare_for_speaker=True),
    Verb("derivar", Act.HANDOFF, PERSON_ES),
    Verb("pasar", Act.HANDOFF, PERSON_ES),
    Verb("transferir", Act.HANDOFF, PERSON_ES, extra=(("transfiero", FIRST),)),
    Verb("derivar", Act.FORWARD),
    Verb("escalar", Act.FORWARD),
    Verb("elevar", Act.FORWARD, TEAM_ES + TICKET_ES),
    Verb("trasladar", Act.FORWARD, TEAM_ES + TICKET_ES),
    Verb("transmitir", Act.FORWARD, TEAM_ES),
    Verb("pasar", Act.FORWARD, TEAM_ES),
    Verb("abrir", Act.TICKET, TICKET_ES, extra=(("abierto", PART), ("abierta", PART))),
    Verb("registrar", Act.TICKET, TICKET_ES),
    # "¿qué te parece si te genero un cupón…?": a coupon made for this customer
    Verb(
        "generar",
        Act.DISCOUNT,
        ("cupón", "cupon", "vale", "código de descuento", "crédito", "saldo"),
    ),
    Verb("generar", Act.TICKET, (*TICKET_ES, "etiqueta", "factura"), bare_for_speaker=True),
    Verb("crear", Act.TICKET, TICKET_ES),
    Verb("iniciar", Act.TICKET, (*TICKET_ES, "reembols", "reintegr", "devoluci")),
    Verb("reservar", Act.RESERVE),
    Verb("apartar", Act.RESERVE),
    Verb("aplicar", Act.APPLY_CODE, CODE_ES, bare_for_speaker=True),
    Verb("cargar", Act.APPLY_CODE, CODE_ES),
    Verb("solicitar", Act.REQUEST_REFUND, REFUND_ES),
    Verb("solicitar", Act.CONTACT_CARRIER, (*CARRIER_ES, "recogida", "retiro")),
    # "ya pedí que te emitan la factura": asking someone to do a thing for this customer
    Verb("pedir", Act.FORWARD, ("que te", "que le", "que se te", "que se le"), extra=_PEDIR),
    Verb("solicitar", Act.FORWARD, ("que te", "que le", "que se te", "que se le")),
    Verb("pedir", Act.REQUEST_REFUND, REFUND_ES, extra=_PEDIR),
    Verb("gestionar", Act.REQUEST_REFUND, REFUND_ES),
    Verb("llamar", Act.CONTACT_CARRIER, CARRIER_ES),
    Verb("llamar", Act.HANDOFF, ("te", "le", "os", "les", "usted", "vos", "vosotros", "ustedes")),
    Verb("hablar", Act.CONTACT_CARRIER, CARRIER_ES),
    Verb("hablar", Act.FORWARD, (*TEAM_ES, *SUPPLIER_ES)),  # "he hablado con el equipo de…"
    Verb("contactar", Act.FORWARD, (*TEAM_ES, *SUPPLIER_ES)),
    Verb("pedir", Act.CONTACT_CARRIER, CARRIER_ES, extra=_PEDIR),
    Verb("pedir", Act.FORWARD, ASKED_ES, extra=_PEDIR),
    Verb("despachar", Act.SEND, SEND_ES, bare_for_speaker=True),
    Verb("preparar", Act.SEND, ("envío", "envio", "reemplazo", "paquete", "nuevo", "nueva")),
    Verb("poner", Act.MODIFY, ("nota", "observaci", "comentario", "aviso"), extra=_PONER),
    Verb("contactar", Act.CONTACT_CARRIER, CARRIER_ES),
    Verb("asignar", Act.FORWARD, TEAM_ES),
    Verb("hacer", Act.TICKET, ("reclamo", "reclamaci", "denuncia", "incidencia"), extra=_HACER),
    Verb("frenar", Act.MODIFY, ("envío", "envio", "pedido", "entrega", "despacho")),
    Verb("detener", Act.MODIFY, ("envío", "envio", "pedido", "entrega", "despacho")),
    Verb("confirmar", Act.SCHEDULE, VISIT_ES),
    # "verifiqué tu edad en la cuenta": a change to the customer's account
    Verb("confirmar", Act.MODIFY, ("cuenta", "edad", "identidad")),
    Verb("verificar", Act.MODIFY, ("cuenta", "edad", "identidad")),
    Verb("avisar", Act.CONTACT_CARRIER, CARRIER_ES),
    Verb("avisar", Act.FORWARD, TEAM_ES),
    Verb("notificar", Act.FORWARD, TEAM_ES),
    Verb("reclamar", Act.CONTACT_CARRIER, CARRIER_ES),
    Verb("coordinar", Act.SCHEDULE, VISIT_ES + CARRIER_ES),
    Verb("programar", Act.SCHEDULE, VISIT_ES),
    Verb("agendar", Act.SCHEDULE, VISIT_ES),
    Verb("organizar", Act.SCHEDULE, VISIT_ES),
)

ENGLISH: tuple[Verb, ...] = (
    Verb("refund", Act.REFUND),
    Verb("get", Act.REFUND, RECEIVED_EN, extra=(("got", PART), ("gotten", PART)), received=True),
    Verb("receive", Act.REFUND, RECEIVED_EN, received=True),
    Verb("have", Act.REFUND, RECEIVED_EN, extra=(("has", THIRD),), received=True),
    Verb("reimburse", Act.REFUND),
    Verb("credit", Act.REFUND, (*MONEY_EN, "you")),
    Verb("repay", Act.REFUND),
    Verb("deposit", Act.REFUND, MONEY_EN),  # "we'll deposit the amount in your account"
    Verb("return", Act.REFUND, ("money", "amount", "payment", "funds")),
    # what was paid, never goods: "we'll return the fee for your last session"
    Verb("return", Act.REFUND, PAID_BACK_EN, said_only=True),
    Verb("restore", Act.REFUND, ("money", "amount", "payment", "funds", "balance", "refund")),
    Verb("release", Act.REFUND, ("deposit", "hold", "funds", "pre-authori")),  # a hold let go
    Verb("issue", Act.PROCESS_REFUND, REFUND_EN),
    Verb("process", Act.PROCESS_REFUND, REFUND_EN),
    Verb("approve", Act.PROCESS_REFUND, REFUND_EN),
    Verb("process", Act.MODIFY, bare_for_speaker=True),
    Verb("give", Act.REFUND, ("back", "refund"), extra=_GIVE),
    Verb("give", Act.DISCOUNT, DISCOUNT_EN, extra=_GIVE),
    Verb("offer", Act.DISCOUNT, DISCOUNT_EN),
    Verb("put", Act.REFUND, ("back",), extra=(("put", PART),)),
    Verb("put", Act.MODIFY, ("hold",), extra=(("put", PART),)),
    Verb("place", Act.MODIFY, ("hold",)),
    Verb("pay", Act.REFUND, ("back",), extra=(("paid", PART),)),
    Verb("send", Act.REFUND, ("money", "amount", "refund"), said_only=True),
    Verb("take", Act.DISCOUNT, ("off",), extra=(("took", PART), ("taken", PART))),
    Verb("knock", Act.DISCOUNT, ("off",)),
    # "we'll top the voucher up with a little bonus credit"
    Verb("top", Act.DISCOUNT, ("credit", "bonus"), extra=(("topped", PART),)),
    Verb("shave", Act.DISCOUNT, ("off",)),
    Verb("throw", Act.DISCOUNT, ("in",), extra=(("threw", PART), ("thrown", PART))),
    Verb("charge", Act.DISCOUNT, when_negated=True),
    Verb("discount", Act.DISCOUNT),
    Verb("waive", Act.DISCOUNT),
    Verb("honor", Act.DISCOUNT, ("price", "sale", "discount", "offer", "promo", "deal", "code")),
    Verb("honour", Act.DISCOUNT, ("price", "sale", "discount", "offer", "promo", "deal", "code")),
    Verb("comp", Act.DISCOUNT),
    Verb("compensate", Act.DISCOUNT, DISCOUNT_EN),
    Verb("deduct", Act.DISCOUNT),
    # "we'll match what the other auction house charges"
    Verb("match", Act.DISCOUNT, ("price", "£", "$", "€", "charge")),
    Verb("adjust", Act.DISCOUNT, ("price",)),
    Verb("make", Act.DISCOUNT, ("free",), extra=(("made", PART),)),
    Verb("extend", Act.DISCOUNT, ("discount", "offer", "promo", "deal", "%")),
    # "we'll let you use your sister's 10%": a permission the shop grants is its own
    Verb("let", Act.DISCOUNT, ("%", "discount", "off", "free", "code", "coupon", "voucher")),
    Verb("transfer", Act.REFUND, ("back", "refund", "money")),
    Verb("reverse", Act.REFUND, CHARGE_EN),  # "we'll reverse the charge"
    Verb("void", Act.REFUND, CHARGE_EN),
    Verb("cover", Act.REFUND, ("cost", "amount", "total")),
    Verb("cancel", Act.CANCEL),
    Verb("modify", Act.MODIFY),
    Verb("amend", Act.MODIFY),
    Verb("update", Act.MODIFY, CHANGE_EN, bare_for_speaker=True),
    Verb("change", Act.MODIFY, CHANGE_EN, bare_for_speaker=True),
    Verb("swap", Act.MODIFY, bare_for_speaker=True),
    Verb("remove", Act.MODIFY, CHANGE_EN, bare_for_speaker=True),
    Verb("unsubscribe", Act.MODIFY),
    Verb("switch", Act.MODIFY, CHANGE_EN, bare_for_speaker=True),
    Verb("pause", Act.MODIFY),
    Verb("reschedule", Act.MODIFY),
    Verb("upgrade", Act.MODIFY, CHANGE_EN),
    Verb("send", Act.FORWARD, ("request", "case", "claim")),
    Verb("send", Act.SEND, SEND_EN, extra=(("sent", PART),), bare_for_speaker=True),
    Verb("resend", Act.SEND, extra=(("resent", PART),)),
    Verb("email", Act.SEND, SEND_EN, bare_for_speaker=True),
    Verb("e-mail", Act.SEND, SEND_EN, bare_for_speaker=True),
    Verb("dispatch", Act.SEND, SEND_EN),
    Verb("ship", Act.SEND, ("replacement", "new", "another", "spare")),
    Verb("replace", Act.SEND),
    Verb("pass", Act.HANDOFF, PERSON_EN),
    Verb("transfer", Act.HANDOFF, PERSON_EN),
    Verb("connect", Act.HANDOFF, PERSON_EN),
    Verb("hand", Act.HANDOFF, PERSON_EN),
    Verb("forward", Act.FORWARD),
    Verb("escalate", Act.FORWARD),
    Verb("refer", Act.FORWARD, TEAM_EN),
    Verb("pass", Act.FORWARD, TEAM_EN),
    Verb("transfer", Act.FORWARD, TEAM_EN),
    Verb("flag", Act.FORWARD, TEAM_EN),
    Verb("open", Act.TICKET, TICKET_EN),
    Verb("log", Act.TICKET, TICKET_EN),
    Verb("raise", Act.TICKET, TICKET_EN),
    Verb("file", Act.TICKET, TICKET_EN),
    Verb("lodge", Act.TICKET, TICKET_EN),
    Verb("create", Act.TICKET, (*TICKET_EN, "label")),
    Verb("generate", Act.TICKET, (*TICKET_EN, "label")),
    Verb("initiate", Act.TICKET, (*TICKET_EN, "refund")),
    Verb("start", Act.TICKET, (*TICKET_EN, "refund")),
    Verb("reserve", Act.RESERVE),
    Verb("hold", Act.RESERVE, ("item", "unit", "stock", "one", "it", "size", "copy")),
    Verb("apply", Act.APPLY_CODE, CODE_EN, bare_for_speaker=True),
    Verb("add", Act.DISCOUNT, ("points", "credit", "bonus", "extra")),
    Verb("add", Act.APPLY_CODE, CODE_EN),
    Verb("add", Act.MODIFY, ("note", "instruction", "comment", "order", "box")),
    Verb("request", Act.REQUEST_REFUND, REFUND_EN),
    Verb("submit", Act.REQUEST_REFUND, REFUND_EN),
    Verb("call", Act.CONTACT_CARRIER, CARRIER_EN),
    Verb("call", Act.HANDOFF, ("you",)),
    # a call said with a light verb: "we'll give you a ring to confirm"
    Verb("give", Act.HANDOFF, ("ring", "call", "buzz", "bell"), extra=_GIVE),
    Verb("ask", Act.CONTACT_CARRIER, CARRIER_EN),
    Verb("ask", Act.FORWARD, TEAM_EN),
    Verb("request", Act.FORWARD, ASKED_EN),
    Verb("order", Act.FORWARD, ASKED_EN),
    Verb("speak", Act.CONTACT_CARRIER, CARRIER_EN, extra=(("spoke", PART), ("spoken", PART))),
    Verb("talk", Act.CONTACT_CARRIER, CARRIER_EN),
    Verb("talk", Act.FORWARD, (*TEAM_EN, *SUPPLIER_EN)),  # "I've talked to our warehouse team"
    Verb("speak", Act.FORWARD, (*TEAM_EN, *SUPPLIER_EN), extra=(("spoke", PART), ("spoken", PART))),
    Verb("contact", Act.FORWARD, (*TEAM_EN, *SUPPLIER_EN)),
    Verb("prepare", Act.SEND, ("replacement", "new", "shipment", "parcel", "package")),
    Verb("leave", Act.MODIFY, ("note", "instruction", "comment"), extra=(("left", PART),)),
    Verb("note", Act.MODIFY, ("order", "account")),
    Verb("contact", Act.HANDOFF, ("you",)),
    Verb("reach", Act.HANDOFF, ("you",)),  # "a manager will reach out to you"
    Verb("contact", Act.CONTACT_CARRIER, CARRIER_EN),
    Verb("assign", Act.FORWARD, TEAM_EN),
    Verb("move", Act.MODIFY, ("priority", *CHANGE_EN)),
    # a term made longer: "I've extended your rental by two days"
    Verb("extend", Act.MODIFY, TERMS_EN),
    Verb("upgrade", Act.MODIFY, ("shipping", "express", *CHANGE_EN)),
    Verb("expedite", Act.MODIFY),
    Verb("prioritise", Act.MODIFY),
    Verb("prioritize", Act.MODIFY),
    Verb("confirm", Act.SCHEDULE, VISIT_EN),
    # "I've confirmed your age on the account": a change to the customer's account
    Verb("confirm", Act.MODIFY, ("account", "age", "identity")),
    Verb("verify", Act.MODIFY, ("account", "age", "identity")),
    Verb("notify", Act.CONTACT_CARRIER, CARRIER_EN),
    Verb("notify", Act.FORWARD, TEAM_EN),
    Verb("alert", Act.FORWARD, TEAM_EN),
    Verb("chase", Act.CONTACT_CARRIER, CARRIER_EN),
    Verb("schedule", Act.SCHEDULE, VISIT_EN),
    Verb("book", Act.SCHEDULE, VISIT_EN),
    Verb("arrange", Act.SCHEDULE, (*VISIT_EN, "replacement", "return")),
)


@cache
def verb_forms(language: str) -> dict[str, list[tuple[Verb, str]]]:
    """Every form of every act verb of ``language``: form → [(verb, person)]."""
    table: dict[str, list[tuple[Verb, str]]] = {}
    verbs = SPANISH if language == "es" else ENGLISH
    conjugate = es_forms if language == "es" else en_forms
    for verb in verbs:
        forms = conjugate(verb.lemma)
        forms.update(dict(verb.extra))
        for form, person in forms.items():
            table.setdefault(form, []).append((verb, person))
    return table


@cache
def infinitives(language: str) -> dict[str, list[Verb]]:
    """Infinitives and gerunds without accents, for forms that carry enclitic pronouns."""
    out: dict[str, list[Verb]] = {}
    for form, entries in verb_forms(language).items():
        for verb, person in entries:
            if person in (INF, GER):
                out.setdefault(fold(form), []).append(verb)
    return out
