"""Commitments read by their structure: who acts, for whom, which act, and when.

A sentence commits the shop when an act verb (``guards.verbs``) is conjugated for the
speaker ("te lo reintegramos", "I've cancelled", "vamos a enviarte"), or stands in a
passive or impersonal form with this customer as the beneficiary ("se le abonará el
importe", "a full refund has been issued to you", "your order has been cancelled").
The same reading says whether the sentence is negated ("no puedo cancelarlo"), an
offer or a condition ("¿querés que lo pase con un asesor?", "if you'd like, I can…"),
or an instruction to the customer ("podés cancelarlo desde Mis pedidos"), which are
not commitments. Plain functions over words: no model, no database.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from guards.act_clause import (
    _coordinated,
    _declared,
    _free_manner,
    _in_context,
    _pronoun_object,
    _skip_back,
    _subject_object,
    _team_subject,
    arrives_as_subject,
    has_object,
    modifies_a_noun,
    voucher_object,
)
from guards.act_objects import CARRIER_ES, FIRST, GER, INF, PART, RECEIVED_ES, SECOND, THIRD
from guards.acts import Act
from guards.clefts import cleft_es
from guards.commitments_en import read_en
from guards.conjugation import after_purpose, fold, subjunctive_we
from guards.moods import is_offer, negated_at, negated_before_que
from guards.result_states import landed_by_speaker, money_arrives
from guards.text import dash_floor, words
from guards.verb_groups import (
    _ADVERBS_ES,
    _AUX_GO_ES,
    _AUX_PERFECT_ES,
    _AUX_PROCEED_ES,
    _AUX_PROGRESSIVE_ES,
    _AUX_TAKE_ON_ES,
    _BENEFICIARY_ES,
    _DECLARE_EN,
    _DECLARE_ES,
    _DETERMINERS_ES,
    _DONE_AUX_ES,
    _MODAL_CUSTOMER_ES,
    _MODAL_SPEAKER_ES,
    _NOUN_FORMS_ES,
    _PASSIVE_AUX_ES,
    _TEAM_ES,
    _WANT_ES,
    CLITICS_ES,
    CUSTOMER,
    ENCLITICS,
    PASSIVE,
    SPEAKER,
    beneficiary,
    specific_case,
)
from guards.verbs import Verb, infinitives, verb_forms


@dataclass(frozen=True)
class Commitment:
    """An act stated for this customer. ``actor`` is speaker, passive (no agent named,
    the customer benefits) or customer (an instruction); ``modal`` marks "I can…"."""

    act: Act
    verb: str
    lemma: str
    actor: str
    negated: bool
    offer: bool
    modal: bool
    sentence: str

    @property
    def binding(self) -> bool:
        """A commitment the shop would be held to: not negated, not an offer ("I can…",
        "¿querés que…?") nor an instruction to the customer."""
        return self.actor != CUSTOMER and not self.negated and not self.offer and not self.modal

    @property
    def offered(self) -> bool:
        """Said by the shop and not negated, in any mood: a lower price offered ("si lo
        prefiere, le dejamos un saldo a favor", "I can give you 10 % off") is a lower
        price given once the customer accepts."""
        return self.actor != CUSTOMER and not self.negated


_DECLARE = _DECLARE_EN | _DECLARE_ES


def read_commitments(sentence: str, language: str, *, context: str = "") -> tuple[Commitment, ...]:
    """Cached: three guards read the same sentences of a draft."""
    return _read_commitments(sentence, language, context)


@lru_cache(maxsize=1024)
def _read_commitments(sentence: str, language: str, context: str) -> tuple[Commitment, ...]:
    """Every act verb of ``sentence`` with who does it and how it is said. ``context``
    (the rest of the draft, the question) names what a pronoun object stands for:
    "te la vamos a devolver" after a sentence about the amount."""
    text = sentence.replace("’", "'").replace("`", "'")
    text = _RE_PREFIX.sub("re", text)  # "re-sent", "re-issued": one verb, not "re" + "sent"
    text = _E_MAIL.sub("email", text)  # "I'll e-mail you": one verb, not "e" + "mail"
    tokens = words(text)
    offer: bool | None = None  # read once a commitment is found: most sentences have none
    entries_of = entries_es if language == "es" else entries_en
    reader = _read_es if language == "es" else read_en
    out: list[Commitment] = []
    last_actor, last_modal, last_at, last_negated = "", False, 0, False
    for index in range(len(tokens)):
        entries = entries_of(tokens[index])
        if not entries or (language == "en" and modifies_a_noun(tokens, index)):
            continue
        found = reader(tokens, index, entries[0][1])
        joined = False
        if found is None and last_actor and _coordinated(tokens, index, entries[0][1], last_at):
            # "I've cancelled it and sent you the label"; "I can check and refund it"
            found, joined = (last_actor, last_modal), True
        if (
            found is None
            and language == "es"
            and any(v.received for v, _ in entries)
            and entries[0][1] == THIRD
            # "por el collar que llegó con el broche roto": the relative's subject is
            # the thing before "que", not the money
            and not (tokens[index - 1 : index] == ["que"] and not _money_before(tokens, index))
        ):
            found = (PASSIVE, False)  # "recibirá el reembolso": the customer (usted) receives
        if found is None:
            continue
        actor, modal = found
        # "el descuento se aplicaría sobre ese par" explains; "le reembolsaríamos" promises
        impersonal = tokens[index - 1 : index] == ["se"]
        conditional = impersonal and tokens[index].endswith(_CONDITIONAL_ES)
        # "si el total alcanza ese monto, aplicaría": a would-form under an "if"
        conditional = conditional or (tokens[:1] == ["si"] and tokens[index].endswith("ría"))
        modal = modal or (language == "es" and conditional)
        speaker = actor == SPEAKER
        verbs = [
            v
            for v, _ in entries
            if (speaker and v.bare_for_speaker)
            or has_object(v, tokens, index, raw=text)
            or (actor == PASSIVE and _subject_object(v, tokens, index))
            or (
                context
                and not v.received
                and not v.said_only
                and _pronoun_object(tokens, index)
                and _in_context(v, context)
            )
        ]
        if not verbs and speaker and _declared(tokens, index, _DECLARE):
            # "consider it booked": the declaration's "it" is the thing asked for, when
            # no object of the verb's own is said
            verbs = [v for v, _ in entries if not v.received]
        if actor == PASSIVE:
            verbs = [v for v in verbs if not arrives_as_subject(v, tokens, index)]
        if actor in (CUSTOMER, PASSIVE) and any(
            t.startswith(("solicitud", "request")) for t in tokens
        ):
            verbs = [v for v in verbs if not v.received]  # "tenés una solicitud pendiente"
        if not verbs:
            continue
        verb = verbs[0]
        if actor == CUSTOMER and verb.received:
            actor = PASSIVE  # the customer receives what the shop does: a benefit, not a task
        elif verb.received and actor == SPEAKER:
            continue  # "we have refunds for…": the shop has, not gives
        # "I can't cancel it and refund you": the negation covers the joined verb
        floor = dash_floor(text, index)
        negated = negated_at(tokens, index, language, floor=floor) or (joined and last_negated)
        if not negated and language == "es" and subjunctive_we(tokens[index], verb.lemma):
            # "no puedo ofrecerle que se la devolvamos": the subjunctive's "que" clause
            # takes the negation of the verb it hangs from
            negated = negated_before_que(tokens, index)
        last_actor, last_modal, last_at, last_negated = actor, modal, index, False
        if verb.when_negated:
            if not negated:
                continue
            negated = False  # "no te cobramos el envío": the negation is the act
        last_negated = negated
        offer = is_offer(text.lower(), language) if offer is None else offer
        acts = [verb.act]
        if verb.act not in (Act.DISCOUNT, Act.REFUND) and (
            _free_manner(tokens, index) or voucher_object(tokens, index)
        ):
            # "te mandamos de regalo un inflador", "we'll reship it free": a free item
            acts.append(Act.DISCOUNT)
        for act in acts:
            out.append(
                Commitment(
                    act=act,
                    verb=tokens[index],
                    lemma=verb.lemma,
                    actor=actor,
                    negated=negated,
                    offer=offer,
                    modal=modal,
                    sentence=sentence,
                )
            )
    # "what you paid is going back onto your card": the customer's own payment is not
    # the refund, the money coming back is
    refunds = [c for c in out if c.act == Act.REFUND and c.actor != CUSTOMER]
    if not refunds and (arrives := money_arrives(text, language)):
        word, negated = arrives  # "la plata vuelve a tu tarjeta": paid back, by someone
        offer = is_offer(text.lower(), language) if offer is None else offer
        actor = SPEAKER if landed_by_speaker(text, word) else PASSIVE  # "we'll have the money…"
        out.append(Commitment(Act.REFUND, word, "arrive", actor, negated, offer, False, sentence))
    return tuple(out)


def _money_before(tokens: list[str], index: int) -> bool:
    """The noun a relative "que" takes up, right before it, is money."""
    return index >= 2 and tokens[index - 2].startswith((*RECEIVED_ES, "importe", "devoluci"))


_E_MAIL = re.compile(r"(?i)(?<![^\W\d_])e-mail")
_RE_PREFIX = re.compile(r"(?i)(?<![^\W\d_])re-(?=[^\W\d_]{3})")


@lru_cache(maxsize=4096)
def entries_en(token: str) -> list[tuple[Verb, str]]:
    return verb_forms("en").get(token, [])


@lru_cache(maxsize=4096)
def entries_es(token: str) -> list[tuple[Verb, str]]:
    table = verb_forms("es")
    if token in table:
        return table[token]
    bare = fold(token)
    for suffix in ENCLITICS:
        if bare.endswith(suffix) and len(bare) - len(suffix) >= 4:
            stem = bare[: -len(suffix)]
            verbs = infinitives("es").get(stem)
            if verbs:
                person = GER if stem.endswith(("ando", "iendo")) else INF
                return [(verb, person) for verb in verbs]
    return []


def _read_es(tokens: list[str], index: int, person: str) -> tuple[str, bool] | None:
    before = _skip_back(tokens, index, CLITICS_ES | _ADVERBS_ES)
    prev = tokens[before] if before >= 0 else ""
    if person == FIRST:
        right_before = tokens[index - 1] if index else ""
        if tokens[index] in _NOUN_FORMS_ES and right_before not in CLITICS_ES | {"yo", "ya"}:
            return None
        if right_before in _DETERMINERS_ES and right_before not in CLITICS_ES:
            return None
        if tokens[index + 1 : index + 2] and tokens[index + 1] in _FINITE_NEXT_ES:
            return None  # "el ticket regalo es más sencillo": a noun before its verb
        if after_purpose(tokens, index) and any(
            v.lemma.endswith("ir") for v, p in entries_es(tokens[index]) if p == FIRST
        ):
            return CUSTOMER, False  # "Para devolverlo, pedí la devolución": vos, an instruction
        if (
            tokens[index].endswith(("amos", "emos", "imos", "o"))
            and not _future_es(tokens[index])
            and not specific_case(tokens)
        ):
            return None  # "enviamos a todo el país": what the shop does, not a deed
        return SPEAKER, False
    if person == SECOND:
        return CUSTOMER, False
    if person == THIRD:
        if tokens[index - 1 : index] and tokens[index - 1] in _DETERMINERS_ES - CLITICS_ES:
            return None  # "verá su reserva", "con cada cambio": a noun after its determiner
        # a personal pronoun after a preposition is no subject: "uno de ellos se te
        # devolverá" gives back one of the charges, it is not "ellos" who do it (a
        # relative stays one: "pídele a quien te lo regaló")
        subject = prev in _RELATIVES_ES or not (
            before >= 1 and tokens[before - 1] in _PREPOSITIONS_ES
        )
        if (prev in _THIRD_PARTIES_ES and subject) or prev.startswith(CARRIER_ES):
            return None  # "pídele a quien te lo regaló", "el repartidor te lo pidió"
        if prev == "que" and {"lo", "la", "los", "las"} & set(tokens[before + 1 : index]):
            # "la persona que te la regaló": with the object a clitic, the noun before
            # "que" is the verb's subject, someone other than the shop
            return None
        clitics = set(tokens[max(0, index - 3) : index])
        if "se" in clitics and clitics & _BENEFICIARY_ES:
            return PASSIVE, False  # "se le reintegrará", "se te enviará"
        if tokens[index - 1] == "se" and tokens[index].endswith(("rá", "rán")):
            return PASSIVE, False  # "el importe se reintegrará": the impersonal future
        if tokens[index - 2 : index] == ["ya", "se"] and tokens[index].endswith(_PRETERITE_3):
            return PASSIVE, False  # "ya se cambió el transporte": a state said done
        if clitics & {"te", "le", "les"} and prev not in _MODAL_CUSTOMER_ES:
            return PASSIVE, False  # "te enviarán la etiqueta": someone for you
        if _team_subject(tokens, index, _TEAM_ES):
            return SPEAKER, False  # "nuestro equipo se pondrá en contacto"
        return None
    if person == PART:
        if _declared(tokens, index, _DECLARE_ES):
            return SPEAKER, False  # "dalo por reembolsado", "considéralo cancelado"
        if prev in _AUX_PERFECT_ES:
            actor = _AUX_PERFECT_ES[prev]
            return (actor, False) if actor != PASSIVE or beneficiary(tokens) else None
        done = prev in _DONE_AUX_ES or (prev in ("está", "están") and "ya" in tokens[:before])
        if done or (prev in _PASSIVE_AUX_ES and beneficiary(tokens)):
            return PASSIVE, False
        if prev == "ser" and tokens[max(0, before - 2) : before] in (["va", "a"], ["van", "a"]):
            # "te va a ser reintegrado en tu tarjeta": the near future of the passive
            return (PASSIVE, False) if beneficiary(tokens) else None
        return None
    # Infinitives and gerunds take their person from the auxiliary before them.
    return _es_periphrasis(tokens, before, person)


_CONDITIONAL_ES = ("ría", "rías", "ríamos", "ríais", "rían")
_PRETERITE_3 = ("ó", "aron", "ieron")


# Finite verbs of the third person: a first-person form cannot stand right before one.
_FINITE_NEXT_ES = frozenset(
    "es son está están era fue sirve sirven vale valen queda quedan".split()
)
# Subjects that are someone other than the shop (closed class of pronouns).
_RELATIVES_ES = frozenset("quien quienes alguien".split())
_THIRD_PARTIES_ES = _RELATIVES_ES | frozenset("él ella ellos ellas".split())
_PREPOSITIONS_ES = frozenset("de a para con por sin entre".split())


def _future_es(token: str) -> bool:
    """ "procederemos", "reembolsaremos": the future is the infinitive plus its ending,
    a promise rather than what the shop habitually does."""
    bare = fold(token)
    return bare.endswith("emos") and bare[:-4] in infinitives("es")


def _es_periphrasis(tokens: list[str], before: int, person: str) -> tuple[str, bool] | None:
    prev = tokens[before] if before >= 0 else ""
    prev2 = tokens[before - 1] if before >= 1 else ""
    prev3 = tokens[before - 2] if before >= 2 else ""
    if person == GER:
        actor = _AUX_PROGRESSIVE_ES.get(prev)
        if actor is None and prev == "estar" and prev2 == "a" and _AUX_GO_ES.get(prev3) == SPEAKER:
            actor = SPEAKER  # "te vamos a estar devolviendo la plata": the near future
        if actor == PASSIVE and not beneficiary(tokens):
            return None
        return (actor, False) if actor else None
    if before >= 0 and (cleft := cleft_es(tokens, before)):
        return cleft  # "lo que sí haremos es devolverle el importe"
    if prev == "a" and (
        prev2 in _AGAIN_ES or (prev2 == "vuelto" and prev3 in ("he", "hemos", "hube"))
    ):
        return SPEAKER, False  # "te lo vuelvo a enviar", "lo he vuelto a mandar": again
    if prev in ("a", "de"):
        if prev2 in _AUX_GO_ES:
            actor = _AUX_GO_ES[prev2]
            if actor == PASSIVE and _team_subject(tokens, before, _TEAM_ES):
                return SPEAKER, False  # "el equipo le va a preparar…"
            nearby = tokens[max(0, before - 4) : before + 2]
            if actor == PASSIVE and not {"se", "te", "le", "les"} & set(nearby):
                return None
            return actor, False
        if prev2 in _AUX_PROCEED_ES or prev2 in ("acabo", "acabamos"):
            return SPEAKER, False
        if prev2 == "procedido" and prev3 in ("he", "hemos"):
            return SPEAKER, False  # "hemos procedido a abonarle el importe"
        if prev2 == "procedió" and prev3 == "se":
            return PASSIVE, False  # "se procedió a emitir un código nuevo"
        if prev2 in _AUX_TAKE_ON_ES or prev3 in _AUX_TAKE_ON_ES:
            return SPEAKER, False
        return None
    if prev in _MODAL_SPEAKER_ES:
        return SPEAKER, True
    if prev in _WANT_ES:
        return SPEAKER, False
    if prev in _MODAL_CUSTOMER_ES or (prev == "que" and prev2 in _MODAL_CUSTOMER_ES):
        return CUSTOMER, False
    return None


# "volver a" + infinitive in the speaker's person: the act, again.
_AGAIN_ES = frozenset("vuelvo volvemos volví volvi volvimos volveré volvere volveremos".split())


def money_back_verb(sentence: str, language: str) -> bool:
    """A verb that pays money back, with one of its objects near it, whoever it is for."""
    tokens = words(sentence.replace("’", "'"))
    entries_of = entries_es if language == "es" else entries_en
    return any(
        verb.act == Act.REFUND and not verb.received and has_object(verb, tokens, at, raw=sentence)
        for at, token in enumerate(tokens)
        for verb, _ in entries_of(token)
    )
