"""Guard ``refund_promise``: money promised back to this customer when no person has
approved it. A cited policy excuses only the sentence that restates it; a first-person
promise, money offered on the customer's word, or a case decided after a rule about
approval fails."""

from __future__ import annotations

from collections.abc import Mapping

from guards import scan
from guards.act_objects import FIRST
from guards.acts import REFUND_ACTS, Act, reported
from guards.claim_forms import passive_event
from guards.claimed_money import MoneyKind, claimed_money
from guards.commitments import (
    CUSTOMER,
    PASSIVE,
    SPEAKER,
    Commitment,
    money_back_verb,
    read_commitments,
)
from guards.conjugation import es_forms, fold
from guards.context import GuardContext
from guards.deeds_en import _CONTRACTED_EN, _SUBJECTS_EN
from guards.exceptions import waives_a_rule
from guards.guarantees import guaranteed_money
from guards.moods import (
    conditional,
    decided,
    in_open_question,
    on_approval,
    on_condition,
    on_decision,
    tells_the_hearer,
)
from guards.passive_deeds import passive_deed
from guards.phrasebook import PHRASEBOOKS
from guards.result_states import money_arrives, pronoun_lands
from guards.text import (
    after_citations,
    cited_sentences,
    find_phrase,
    phrase_regex,
    sentences,
    tail_with,
    words,
)
from guards.trust import tainted_chunk
from guards.verdicts import Finding
from guards.wording_guards import negated_segment, supported_by


def check_refund_promise(ctx: GuardContext, *, deadline: float) -> Finding | None:
    """Money promised back to this customer, unless it restates a cited refund policy."""
    ctx = ctx.own_words()  # quoted speech is someone else's
    book = PHRASEBOOKS[ctx.language]
    if _refund_approved_by_tool(ctx):
        return None
    # A policy only counts from the shop's own text: not a review, not injected orders.
    # It is about refunds when it names them or itself says the shop pays money back
    # ("si cuesta menos, te devolvemos la diferencia").
    cited_policy = {
        chunk.source
        for chunk in ctx.retrieved
        if (
            find_phrase(book.refund_topic, chunk.text)
            or phrase_regex(book.refund_promise).search(chunk.text)
            or _states_refunds(chunk.text, ctx.language)
        )
        and not tainted_chunk(chunk)
    }
    context = f"{ctx.question}\n{ctx.draft}"
    outputs = ctx.outputs_text()
    tails = after_citations(ctx.draft)
    for sentence, cited in cited_sentences(ctx.draft):
        # A citation excuses only its own sentence, and only a restatement of the
        # policy: the shop's own text, not a promise made to this customer.
        policy = [c.text.lower() for c in ctx.retrieved if c.source in cited & cited_policy]
        if waives_a_rule(sentence, ctx.language):
            policy = []  # "in your case we'll make an exception": not the policy's words
        if (frame := guaranteed_money(sentence, ctx.language)) is not None:
            return Finding(detail=f"takes on money back ({frame!r}): {sentence!r}")
        for claim in read_commitments(sentence, ctx.language, context=context):
            if claim.act not in REFUND_ACTS or not _pays_back(claim, sentence, ctx.language):
                continue
            if claim.lemma in ("receive", "recibir") and _passive_of(claim.verb, sentence):
                continue  # "your return was received on 1 May": someone else received it
            if in_open_question(sentence, claim.verb, ctx.language):
                continue  # "I can't tell you whether the credit will be approved"
            if (
                claim.actor == PASSIVE
                and reported(claim.act, outputs)
                and not _yours_to_come(sentence)
            ):
                continue  # "a refund was issued on May 3", as the order lookup says
            if claim.actor == SPEAKER and _past(claim.verb) and reported(claim.act, outputs):
                continue  # "el equipo aprobó el reintegro el 3 de junio", as the lookup says
            # The cited policy excuses a restatement of itself: impersonal, or in the
            # first person when the sentence says what the policy says.
            # A first-person sentence restates the policy when it says what the policy
            # says, to no one in particular ("We refund to the original payment method
            # within 5 days"), or in the words of a policy that itself speaks to the
            # customer ("Te devolvemos el dinero…"). Over an impersonal policy ("el
            # reintegro se acredita…"), "le abonamos el importe" is a promise to this one.
            if (
                policy
                and (claim.act == Act.REFUND or _habitual(claim.verb, sentence))
                # the citation backs the stretch it closes, not a promise said after it
                and not tail_with(claim.verb, sentence, tails)
                and not _yours_to_come(sentence)
                and not passive_event(claim.verb, sentence)
                and (
                    claim.actor == PASSIVE
                    or any(
                        (
                            not _addressed(sentence)
                            or _states_refunds(text, ctx.language, speaker=True)
                        )
                        and (claim.verb in words(text) or supported_by(sentence, text, book))
                        # "We'll refund the full amount" over "approved refunds are
                        # paid": the speaker's promise drops what the policy waits for
                        and not (claim.actor == SPEAKER and _drops_condition(sentence, text))
                        for text in policy
                    )
                )
            ):
                continue
            return Finding(detail=f"promises money back: {claim.verb!r} in {sentence!r}")
        if policy and (after := _money_after_citation(sentence, tails, ctx.language)):
            # "… is refunded when delivery is late [delivery#9], and it's on its way back
            # to your card now": the citation backs the stretch it closes
            return Finding(detail=f"promises money back after the citation: {after!r}")
        if (
            not policy
            and (made := _refund_done_passively(sentence, ctx.language)) is not None
            and not reported(Act.REFUND, outputs)
        ):
            # "A full refund has been arranged for order 22560": done, by no one named
            return Finding(detail=f"promises money back: {made!r} in {sentence!r}")
        match = phrase_regex(book.refund_promise).search(sentence)
        if not match or negated_segment(sentence, match.start(1), book, if_too=False) or policy:
            continue
        if on_decision(sentence) and conditional(sentence) and not decided(sentence):
            continue  # "once your request is approved, we'll refund…": as the reading above
        return Finding(detail=f"promises money back: {match.group(1)!r}")
    if (money := claimed_money(ctx)) is not None and money[0] == MoneyKind.REFUND:
        # "te hacemos la devolución de los $420.000": an act of any verb, done for
        # this customer by no call of the turn, that pays money back
        return Finding(detail=f"promises money back by an act ({money[1]!r}): {money[2]!r}")
    return None


# The customer as the one who will have the money: "you'll have the full amount back",
# "vas a tener el importe de vuelta", "recibirás el reembolso".
_YOURS_TO_COME = frozenset("you'll vas vais tendrás tendréis recibirás recibiréis".split())


def _money_after_citation(sentence: str, tails: tuple[str, ...], language: str) -> str | None:
    """The stretch after the sentence's citation, when it says money reaches this
    customer, unnegated and with no condition of its own."""
    for tail in tails:
        if tail.strip(" ,;") and tail in sentence and not conditional(tail):
            arrives = money_arrives(tail, language) or pronoun_lands(words(tail), language)
            if arrives is not None and not arrives[1]:
                return tail.strip(" ,;")
    return None


def _yours_to_come(sentence: str) -> bool:
    """A policy said as this customer's own outcome, with no condition: a promise to
    them, not the policy restated ("te quedás tranquilo: vas a tener el importe de
    vuelta en 10 días [devoluciones#2]")."""
    tokens = words(sentence.lower().replace("’", "'"))
    # "se te reintegrará el importe": the passive future, for this customer
    passive = any(
        a == "se" and b in ("te", "le", "os") and c.endswith(("rá", "rán"))
        for a, b, c in zip(tokens, tokens[1:], tokens[2:], strict=False)
    )
    yours = passive or bool(set(tokens) & _YOURS_TO_COME)
    return yours and not on_approval(sentence)


def _habitual(verb: str, sentence: str) -> bool:
    """A refund processed in the simple present passive ("the refund is processed to your
    original payment method", "se procesa"): how the policy works, not "is approved"."""
    tokens = words(sentence.lower())
    if verb not in tokens or "ya" in tokens or "already" in tokens:
        return False
    before = tokens[: tokens.index(verb)][-1:]
    if before not in (["is"], ["are"], ["se"]) or verb.startswith(("approv", "aprob")):
        return False
    # "your refund is processed" is this customer's state; with a time to come ("once
    # your return is scanned, the refund is processed") or said of no one, the process.
    # Whose refund is said before the verb: "Refunds are issued within 14 days of
    # approval, and yours hasn't been approved yet" states the policy of no one.
    return conditional(sentence) or not _YOURS & set(tokens[: tokens.index(verb)])


_YOURS = frozenset("your yours tu tus su sus vuestro vuestra".split())


def _past(verb: str) -> bool:
    """A simple past: "aprobó", "reintegramos" is not one, "refunded" and "approved" are."""
    return verb.endswith(("ó", "aron", "ieron", "é", "ed"))


def _pays_back(claim: Commitment, sentence: str, language: str) -> bool:
    """Money back said by the shop: done or promised, or offered on the customer's
    word ("si preferís cancelarlo, se lo devolvemos a tu tarjeta"), which pays as soon
    as they say yes ("I can…" alone is left to the binding reading). A refund offered on a
    person's approval ("if it's approved, we refund…") is the policy, not a promise."""
    if claim.binding:
        # "If the request is approved, the money goes back to your card within 10 days
        # [returns#2]", "se emiten cuando el reintegro queda aprobado": what happens once
        # a person decides is the policy
        # The shop's own "we'll refund you once it's reviewed" promises the review's
        # outcome; only a decision ("once approved") makes its promise wait on a person.
        # And its promise waits only on an "if": "once it's approved, we'll refund
        # you" takes the approval as given and promises what follows it.
        if claim.actor == SPEAKER and _in_first_person(claim, sentence, language):
            return not (on_decision(sentence) and on_condition(sentence) and not decided(sentence))
        return not (on_approval(sentence) and conditional(sentence) and not decided(sentence))
    return (
        claim.act == Act.REFUND
        and claim.offer
        and not claim.negated
        and claim.actor != CUSTOMER
        and not on_approval(sentence)
    )


_WE_EN = _SUBJECTS_EN | _CONTRACTED_EN | frozenset("i'd we'd let's".split())


def _in_first_person(claim: Commitment, sentence: str, language: str) -> bool:
    """The act's verb said by I or we ("we'll refund you", "te reintegramos") or by the
    shop's own people ("our team will…"), not the impersonal "se" of a policy ("el
    importe se devuelve")."""
    tokens = words(sentence.lower().replace("’", "'"))
    if _OUR & set(tokens):
        return True  # "our team will refund you in full": the shop, by its own people
    if language == "en":
        return not _WE_EN.isdisjoint(tokens)
    verb = fold(claim.verb.lower())
    return verb.endswith("mos") or es_forms(claim.lemma).get(verb) == FIRST


_OUR = frozenset("our nuestro nuestra nuestros nuestras".split())


# A clitic for this customer as the one the act is for: "te/le reembolsamos". English
# policies say "your card" of every customer, so "your" tells nothing there.
_ADDRESSED = frozenset("te le os les vos usted".split())


# English has no clitic: "we'll refund you", a future of the speaker's with "you" as its
# object, is said to this customer ("We refund you within 5 days" is the policy's voice).
_WILL_TO_YOU = scan.compile(
    r"(?i)(?:^|[^\pL])(?:we|i)(?:'ll|’ll|\s+will|\s+are\s+going\s+to|'re\s+going\s+to)"
    r"\s+(?:\pL+\s+)?\pL+\s+you(?:$|[^\pL])"
)


# Closed class: what makes a policy's money back wait for something ("once inspected",
# "approved refunds", "una vez recibido", "si se aprueba").
_CONDITION = scan.compile(
    r"(?i)(?:^|[^\pL])(?:once|if|when|after|upon|provided|subject\s+to|as\s+soon\s+as|"
    r"approv\pL*|una\s+vez|si|cuando|tras|despu[eé]s\s+de|luego\s+de|siempre\s+que|"
    r"en\s+cuanto|aprob\pL*|acept\pL*|accept\pL*)(?:$|[^\pL])"
)


def _drops_condition(sentence: str, policy: str) -> bool:
    """The policy makes its money back wait for something and the sentence says none."""
    return _CONDITION.search(policy) is not None and _CONDITION.search(sentence) is None


def _addressed(sentence: str) -> bool:
    """Said to this customer: a clitic or form of address, or "we'll … you"; the hearer
    of "te cuento: …" is told a policy, not given anything."""
    tokens = words(sentence)
    if any(t in _ADDRESSED and not tells_the_hearer(tokens, i) for i, t in enumerate(tokens)):
        return True
    return _WILL_TO_YOU.search(sentence) is not None


def _states_refunds(text: str, language: str, *, speaker: bool = False) -> bool:
    """The chunk itself says money goes back, read by the same structure as a draft
    ("Reembolsamos el importe al mismo método de pago…"), or, said of every customer, by
    a money-back verb with its object ("The payment is returned to the original card
    within 5 working days"); ``speaker``: in the shop's own first person."""
    if any(
        claim.act in REFUND_ACTS and (not speaker or claim.actor == SPEAKER)
        for sentence in sentences(text)
        for claim in read_commitments(sentence, language)
    ):
        return True
    return not speaker and any(money_back_verb(s, language) for s in sentences(text))


def _refund_approved_by_tool(ctx: GuardContext) -> bool:
    """A refund tool's structured result says a person approved it. Only a JSON status
    counts: a plain text result can echo what the model asked for ("no tool
    refund_approved", "unexpected argument approved") and must not open the gate."""
    for call in ctx.tool_outputs:
        if "refund" not in call.tool.lower() and "reembolso" not in call.tool.lower():
            continue
        output = call.output
        if not isinstance(output, Mapping):
            continue
        status = str(output.get("status") or output.get("estado") or "")
        if find_phrase((r"approved", r"aprobad[oa]", r"issued", r"emitid[oa]"), status):
            return True
    return False


_REFUND_NOUN = ("refund", "reembols", "reintegr", "abono")
_REQUEST = frozenset("request requests solicitud solicitudes pedido claim reclamo".split())


def _refund_done_passively(sentence: str, language: str) -> str | None:
    """A refund (the noun, not a request for one) as the subject of a deed said in the
    passive ("has been arranged", "va a ser gestionado"): the verb, or None."""
    lower = sentence.lower()
    if not any(noun in lower for noun in _REFUND_NOUN):
        return None  # most sentences name no refund
    tokens = words(lower)
    nouns = [i for i, t in enumerate(tokens) if t.startswith(_REFUND_NOUN)]
    if not nouns or any(_REQUEST & set(tokens[i + 1 : i + 3]) for i in nouns):
        return None
    return passive_deed(sentence, language)


_BE = frozenset("was were is are been be being fue fueron es son ha han sido está están".split())


def _passive_of(verb: str, sentence: str) -> bool:
    """The verb is a participle right after a form of "be" ("was received", "fue
    recibida"), or a third person after the passive "se" ("la devolución se recibió el
    2 de marzo"): what was received, by someone; not the customer receiving money."""
    tokens = words(sentence.lower())
    at = tokens.index(verb.lower()) if verb.lower() in tokens else -1
    return at > 0 and (tokens[at - 1] in _BE or tokens[at - 1] == "se")
