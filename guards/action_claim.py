"""The reply never says the shop did what no tool of this turn did."""

from __future__ import annotations

from dataclasses import dataclass

from guards.act_objects import GER, PART
from guards.act_targets import (
    names_a_performed_act,
    other_reference,
    passed_beyond,
    performed_act_named,
    verb_of_a_performed_act,
)
from guards.acts import MONEY_ACTS, Act, reported, tool_acts
from guards.claim_forms import (
    YOU,
    arithmetic,
    background,
    clause_of,
    copied,
    customer_words,
    customers_news,
    echoes_report,
    habitual,
    in_the_perfect,
    names_the_act,
    recorded_past,
    reported_speech,
    restates_the_passage,
    said_done,
    stem_reported,
    the_records_own_agent,
    to_come,
)
from guards.commitments import (
    PASSIVE,
    SPEAKER,
    Commitment,
    entries_en,
    entries_es,
    read_commitments,
)
from guards.conjugation import fold
from guards.context import GuardContext
from guards.deeds import read_deeds
from guards.done_states import being_done, done_state, left_done
from guards.memo import per_turn
from guards.moods import (
    conditional,
    in_condition_clause,
    in_open_question,
    on_condition,
    on_their_word,
)
from guards.on_the_way import (
    a_document_sent,
    moving_participle,
    shipping_reported,
    subject_elided,
    underway,
)
from guards.passive_deeds import passive_deed
from guards.phrasebook import PHRASEBOOKS
from guards.requests import opens_as_done, participle_acts, requested_acts, says_done
from guards.scheduled import scheduled_by_others
from guards.text import cited_sentences, restates, words
from guards.verdicts import Finding


def performed_acts(ctx: GuardContext) -> frozenset[Act]:
    """The acts this turn's successful tool calls performed, and the handoff."""
    done: set[Act] = set()
    for call in ctx.tool_outputs:
        if call.error:
            continue
        if call.acts:
            done.update(Act(a) for a in call.acts if a in Act._value2member_map_)
        else:
            done.update(tool_acts(call.tool))
    if ctx.handoff:
        # passing the conversation to a colleague passes the case to the team too:
        # "te paso con una librera del equipo" in a turn that ends in a handoff
        done.update((Act.HANDOFF, Act.FORWARD))
    return frozenset(done)


def act_of(claim: Commitment, language: str) -> Act:
    """The act a claim states. Money paid back that the speaker says is already paid
    back ("ya te he devuelto el importe", "I've refunded you") is a processed refund,
    an act a tool performs, not only a promise."""
    if claim.act == Act.REFUND and claim.actor == SPEAKER:
        entries = (entries_es if language == "es" else entries_en)(claim.verb)
        if any(person == PART for _, person in entries):
            return Act.PROCESS_REFUND
    if claim.act == Act.HANDOFF and _passes_a_thing(claim.verb, claim.sentence):
        return Act.FORWARD  # "I've filed the request and passed it to a colleague"
    return claim.act


# What is handed on when it is not the customer: "passed it / your request to a
# colleague" forwards the case; "passed you to a colleague" hands the chat over.
_THING_EN = frozenset("it them this that".split())
_CASE_WORDS = ("request", "case", "claim", "ticket", "details", "photo", "solicitud", "caso")
_CASE_WORDS += ("reclamo", "pedido", "foto", "datos", "consulta")


def _passes_a_thing(verb: str, sentence: str) -> bool:
    tokens = words(sentence)
    if verb not in tokens:
        return False
    after = tokens[tokens.index(verb) + 1 :][:3]
    if after[:1] and after[0] in _THING_EN:
        return True
    return any(t.startswith(_CASE_WORDS) for t in after if t not in YOU)


def unreported(act: Act, outputs: str) -> bool:
    """A cancellation or a change the record does not show: a record shows one in so
    many words ("cancelado", "anulado", "updated", "modificado"), while a record that
    only names the thing ("visita técnica 9 abril") shows no change of it ("ha sido
    reprogramada"); a booking it may tell in others ("return collected from home" for
    "booked as a home collection")."""
    return act in (Act.CANCEL, Act.MODIFY) and not reported(act, outputs)


def unperformed_acts(ctx: GuardContext) -> frozenset[Act]:
    """The acts the draft claims that this turn did not perform (the desk may still
    make a claimed handoff true by handing the conversation over)."""
    found: set[Act] = set()
    done = performed_acts(ctx)
    for sentence, _ in cited_sentences(ctx.draft):
        for claim in read_commitments(sentence, ctx.language):
            act = act_of(claim, ctx.language)
            if act == Act.HANDOFF and on_condition(sentence):
                continue
            if claim.binding and act not in MONEY_ACTS and act not in done:
                found.add(act)
        if any(deed.binding for deed in read_deeds(sentence, ctx.language)):
            found.add(Act.OTHER)
    return frozenset(found)


def check_action_claim(ctx: GuardContext, *, deadline: float) -> Finding | None:
    """A sentence in which the shop says it did, does or will do an act for this
    customer fails unless a tool call of this turn performed that act. Negations,
    offers, instructions to the customer and a process a cited source states
    impersonally pass. Money and price acts are the promise guards' to judge."""
    claim = claimed_act(ctx)
    if claim is None:
        return None
    own = ctx.own_words()
    return _finding(
        claim.act, claim.verb, claim.sentence, own, performed_acts(own), reference=claim.reference
    )


@dataclass(frozen=True)
class Claim:
    """An act the draft says was done for this customer that no call of the turn did."""

    act: Act
    verb: str
    sentence: str
    reference: str | None = None


def claimed_act(ctx: GuardContext) -> Claim | None:
    """The first act the draft claims for this customer that no tool call of this turn
    performed (see ``check_action_claim``), read once per turn."""
    return _claimed_act(ctx.own_words())  # quoted speech is someone else's


@per_turn
def _claimed_act(ctx: GuardContext) -> Claim | None:
    done = performed_acts(ctx)
    outputs = ctx.outputs_text()
    chunks = {chunk.source: chunk.text for chunk in ctx.retrieved}
    stop = PHRASEBOOKS[ctx.language].stopwords
    on_record = " ".join((outputs, *chunks.values())).lower()
    customer = customer_words(ctx)
    pairs = cited_sentences(ctx.draft)
    # the pages the draft cites anywhere: an uncited sentence of someone else's routine
    # ("… [valoracion#1]. El técnico le llamará el día anterior") restates them too
    passage = [chunks[s] for s in {s for _, c in pairs for s in c} if s in chunks]
    for sentence, cited in pairs:
        sources = [chunks[source] for source in cited if source in chunks]
        for claim in read_commitments(sentence, ctx.language):
            act = act_of(claim, ctx.language)
            if act in MONEY_ACTS or not claim.binding or arithmetic(claim.verb, ctx.draft):
                continue
            if in_open_question(sentence, claim.verb, ctx.language) or reported_speech(
                claim.verb, sentence
            ):
                continue  # "te confirmarán qué procede", "I can't say whether it shipped"
            if in_condition_clause(sentence, claim.verb, ctx.language):
                continue  # "si tu solicitud se aprueba, …": supposed, not done
            if claim.actor != SPEAKER and customers_news(claim.verb, sentence, customer):
                continue  # "sorry to hear your event was cancelled": the customer's news
            if act in done:
                if (other := other_reference(ctx, act, claim.verb, sentence)) is not None:
                    return Claim(act, claim.verb, sentence, reference=f"for {other}")
                if party := passed_beyond(act, claim.verb, sentence, done, ctx.language):
                    return Claim(act, claim.verb, sentence, reference=party)
                continue
            if (
                act in (Act.HANDOFF, Act.FORWARD)
                and (
                    on_condition(sentence)
                    or on_their_word(sentence)
                    or (act == Act.FORWARD and conditional(sentence))
                )
                and not said_done(claim.verb, sentence)
            ):
                continue  # "si no aparece, decime y te paso con una persona": an offer
            if names_a_performed_act(claim.verb, sentence, done, ctx.language):
                continue  # "hemos dejado registrada vuestra solicitud de reembolso"
            if claim.actor == PASSIVE and (
                (
                    sources
                    and not being_done(claim.verb, sentence)
                    and not left_done(claim.verb, sentence, no_tool=not outputs)
                )
                or claim.lemma[:5] in outputs
                or claim.verb in outputs
                # the record's words echoed, unless the record has words of its own for
                # this act and none of them ("ha quedado anulada la suscripción …" over
                # "suscripción mensual, próximo envío 1 de junio")
                or (echoes_report(sentence, outputs, stop) and not unreported(act, outputs))
            ):
                continue  # a process the source states, or a state a tool reported
            if claim.actor == PASSIVE and habitual(claim.verb, sentence, ctx.language):
                continue  # "the discount is applied at the till": how things are done
            if the_records_own_agent(claim.verb, sentence, outputs):
                continue  # "the carrier will call you", as the lookup says it will
            if (
                reported(act, outputs)
                and not _in_progress(claim, ctx.language)
                and not a_document_sent(act, claim.verb, sentence, customer)
            ):
                continue  # "el pedido lo despachamos el lunes", as the lookup says
            said = clause_of(claim.verb, sentence) if claim.actor == SPEAKER else sentence
            # "le enviaremos la etiqueta" restates only a page that names the act
            promised = claim.actor == SPEAKER and to_come(claim.verb, sentence, ctx.language)
            if (
                any(
                    restates(said, text, stop, share=0.5)
                    and (not promised or names_the_act(claim.lemma, text, ctx.language))
                    for text in sources
                )
                or (
                    not sources
                    and claim.actor != SPEAKER
                    and restates_the_passage(claim.verb, sentence, passage, stop)
                )
            ) and not (
                (claim.actor == SPEAKER and said_done(claim.verb, sentence))
                or (claim.actor == PASSIVE and being_done(claim.verb, sentence))
            ):
                continue  # how things are done, not "te reservé una eléctrica [alquiler#1]"
            if copied(claim.verb, sentence, [*chunks.values(), outputs]):
                continue  # the source's or the record's own words, quoted
            if background(claim.verb, sentence, outputs) or recorded_past(
                claim.verb, claim.lemma, outputs
            ):
                continue  # "la solicitud que registramos se aprobó", "el banco aplicó el abono"
            return Claim(act, claim.verb, sentence)
        known = entries_es if ctx.language == "es" else entries_en
        for deed in read_deeds(sentence, ctx.language):
            if arithmetic(deed.verb, ctx.draft):
                continue  # "por eso sumé el costo de envío" beside a total: a sum
            # "I've booked the installer for Friday" when a call booked it: the act's
            # own verb with an object its list lacks
            own_act = min((v.act for v, _ in known(deed.verb) if v.act in done), default=None)
            named = own_act or performed_act_named(deed.verb, sentence, done, ctx.language)
            if deed.binding and named is not None:
                # "cargué las solicitudes de los dos pedidos, 4401 y 4402" when the
                # request was filed for 4401 only
                if (other := other_reference(ctx, named, deed.verb, sentence)) is not None:
                    return Claim(named, deed.verb, sentence, reference=f"for {other}")
            if party := passed_beyond(named, deed.verb, sentence, done, ctx.language):
                return Claim(named, deed.verb, sentence, reference=party)
            if own_act is not None:
                continue
            if sentence.endswith(":"):
                break  # "Te paso las que tenemos:", "Te resumo ambas opciones:": the reply
            if on_condition(sentence) and not said_done(deed.verb, sentence):
                continue  # "si no te aparece, avisame y te paso con alguien": an offer
            if (
                # a perfect is done whatever the offer around it: "If you'd rather not
                # wait, I've arranged a full refund for the game instead"
                (
                    deed.binding
                    or (deed.offer and not deed.negated and in_the_perfect(deed.verb, sentence))
                )
                # a source states how things are done, never that they were done for
                # this case: "I've extended the return window on order 10288 [returns#1]"
                and (not sources or said_done(deed.verb, sentence))
                and not stem_reported(deed.verb[:5], outputs)  # "we shipped it Monday"
                and not names_a_performed_act(deed.verb, sentence, done, ctx.language)
            ):
                return Claim(Act.OTHER, deed.verb, sentence)
        if (
            (verb := passive_deed(sentence, ctx.language, asked=customer)) is not None
            and not sources
            and not stem_reported(fold(verb)[:5], outputs)
            and not echoes_report(sentence, outputs, stop)
            and not names_a_performed_act(verb, sentence, done, ctx.language)
            # "Se ha solicitado por el importe completo", after request_refund
            and verb_of_a_performed_act(verb, sentence, done, ctx.language) is None
            and not in_open_question(sentence, verb, ctx.language)  # "whether it will be approved"
            and not (moving_participle(fold(verb)) and shipping_reported(outputs))
        ):
            # "tu maleta será recogida el viernes", "se ha tramitado un préstamo": done
            # for this case by no one named, and by no tool of this turn
            return Claim(Act.OTHER, verb, sentence)
        if not done and opens_as_done(sentence):
            # "Hecho. En un rato te llega el mail", "Ya está: el pedido sale envuelto",
            # in a turn whose tools did nothing: whatever was asked is claimed done
            asked = requested_acts(customer, ctx.language) - MONEY_ACTS
            asked = asked or unperformed_acts(ctx) - MONEY_ACTS - {Act.OTHER} or {Act.OTHER}
            return Claim(sorted(asked)[0], "done", sentence)
        if (
            says_done(sentence, ctx.language)
            and not names_a_performed_act("", sentence, done, ctx.language)
            # "ya quedó registrada", of the request filed: the participle names the act
            and not participle_acts(sentence, ctx.language) & done
        ):
            # Whatever the customer asked for is what "consider it done" claims; a
            # request read as a money act ("take my number off…") is still a request.
            asked = requested_acts(customer, ctx.language) - done
            # money asked for and a refund request filed: "Hecho, ya quedó pedido el
            # reembolso" is the request the tool made, not the money
            if asked and not (asked <= MONEY_ACTS and Act.REQUEST_REFUND in done):
                act = sorted(asked - MONEY_ACTS or {Act.OTHER})[0]
                return Claim(act, "done", sentence)
        if (
            not done
            and (
                state := done_state(
                    sentence, ctx.language, on_record, outputs=outputs, asked=customer
                )
            )
            is not None
        ):
            if not (moving_participle(state) and shipping_reported(outputs)):
                # "a replacement mouse has been dispatched", "la entrega quedó pasada"
                return Claim(Act.OTHER, state, sentence)
        if (
            (moving := underway(sentence, ctx.language))
            and not shipping_reported(outputs)
            # "el pozo 8055 aún está «en curso»": the lookup's own word for the job
            and moving not in outputs.lower()
            # "ya pedí el reembolso … pero ya está en marcha": with no thing named, what
            # is underway is what this turn's tool did
            and not (done and subject_elided(sentence, moving))
        ):
            # "el mate nuevo ya está en camino", "a replacement is already on its way",
            # in a turn whose lookup shows nothing moving
            return Claim(Act.SEND, moving, sentence)
        if not done and (
            role := scheduled_by_others(sentence, ctx.language, on_record, cited=bool(cited))
        ):
            # "a courier will collect your rug tomorrow morning": arranged for this case
            return Claim(Act.SCHEDULE, role, sentence)
    return None


def _in_progress(claim: Commitment, language: str) -> bool:
    """A progressive ("I'm resending the tracking e-mail", "te lo estoy enviando") is
    an act being done now: a lookup that says the parcel shipped does not report it."""
    entries = (entries_es if language == "es" else entries_en)(claim.verb)
    return any(person == GER for _, person in entries)


def _finding(
    act: Act,
    verb: str,
    sentence: str,
    ctx: GuardContext,
    done: frozenset[Act],
    *,
    reference: str | None = None,
) -> Finding:
    made = ", ".join(sorted(a.value for a in done)) or "none"
    calls = ", ".join(c.tool for c in ctx.tool_outputs) or "no tool"
    # what it was done for, in its own words: "for 1043", "for depósito", "to check the
    # mixing desk"
    target = f" {reference}, which no call of this turn acted on" if reference else ""
    return Finding(
        detail=(
            f"claims to {act.description}{target} ({verb!r} in {sentence!r}); this turn's calls "
            f"({calls}) performed: {made}. Tell the customer how to do it themselves, "
            "or hand the conversation to a person"
        )
    )
