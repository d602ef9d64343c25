"""Guards on what the draft promises or reveals: discounts, refunds, inside words."""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping

import re2

from guards.acts import REFUND_ACTS, Act, reported
from guards.commitments import CUSTOMER, PASSIVE, SPEAKER, Commitment, read_commitments
from guards.conjugation import fold
from guards.context import GuardContext
from guards.deeds import free_deed
from guards.exceptions import waives_a_rule
from guards.languages import backed_across_languages, other_language
from guards.lexicon import LEXICONS, lexicon_for
from guards.moods import conditional, decided, on_approval
from guards.numbers import FigureKind, extract_figures
from guards.phrasebook import (
    PHRASEBOOKS,
    Phrasebook,
)
from guards.products import returned_products
from guards.promo_scope import (
    applied_clause,
    customer_earns_it,
    extends,
    promotion_beyond_scope,
    said_in_its_clause,
)
from guards.text import (
    any_phrase,
    cited_sentences,
    content_words,
    find_phrase,
    phrase_regex,
    sentences,
    words,
)
from guards.thresholds import amounts, threshold
from guards.trust import carries_injection, tainted_chunk, untainted
from guards.verdicts import Finding
from guards.vouchers import a_source_names, invented_code

SUPPORT_OVERLAP = 0.5  # share of a promise sentence's words a source must contain
NEGATION_WINDOW = 2  # words right before a phrase that can negate it


def check_discount_promise(ctx: GuardContext, *, deadline: float) -> Finding | None:
    """A discount, voucher or free item that no trusted source gives.

    A sentence is backed when a trusted source it cites states a discount (the
    promotion the chunk gives: "delivery is free over £399 [delivery#3]"), or when a
    trusted source says it in much the same words. Negated offers ("no puedo hacerte
    un precio especial") are not offers; an apology gift is never backed."""
    book = PHRASEBOOKS[ctx.language]
    promo_words = (*book.discount, r"free", r"gratis")
    trusted = [text for text in _trusted_texts(ctx) if find_phrase(promo_words, text)]
    promos = {
        c.source for c in ctx.retrieved if not tainted_chunk(c) and find_phrase(promo_words, c.text)
    }
    chunk_text = {c.source: c.text for c in ctx.retrieved}
    # A cited chunk the sentence restates backs it whatever words the chunk uses for
    # the offer ("Regalo: llavero … con la compra de billeteras").
    clean = {c.source: c.text for c in ctx.retrieved if not tainted_chunk(c)}
    draft = cited_sentences(ctx.draft)
    # Sources in another language than the reply (English answers over a Spanish help
    # centre) back it by citation and figures: words cannot be compared across the two.
    foreign = {c.source: c.text for c in ctx.retrieved if not tainted_chunk(c)}
    foreign = {s: t for s, t in foreign.items() if other_language(t, ctx.language)}
    # One search over the draft each; a sentence is searched only when the draft matches.
    offers = any_phrase(book.discount, (sentence for sentence, _ in draft))
    apologies = any_phrase(book.compensation, (sentence for sentence, _ in draft))
    for raw in sentences(ctx.draft):
        # A citation backs the stretch it closes, not a deed said after it: "… in our
        # stores [assembly#1] — bring it in and we'll assemble it free of charge".
        tail = raw.rsplit("]", 1)[1] if "]" in raw.rstrip(" .!?]") else ""
        if free_deed(tail, ctx.language) and not any(_supported(tail, t, book) for t in trusted):
            return Finding(detail=f"gives something free after the citation: {raw!r}")
    for sentence, cited in draft:

        def backed(sentence: str = sentence, cited: frozenset[str] = cited) -> bool:
            # A source backs the offer only when it also gives its figures: "Tenés un
            # 100 % de descuento" is not the 10 % the payment page offers. Read only
            # when the sentence offers something.
            return (
                any(
                    _same_figures(sentence, chunk_text[source], ctx.locale)
                    for source in cited & promos
                )
                or any(
                    _supported(sentence, t, book) and _same_figures(sentence, t, ctx.locale)
                    for t in trusted
                )
                or (not extends(sentence, ctx.language) and restated(sentence, cited))
                or any(
                    backed_across_languages(
                        sentence,
                        text,
                        language=ctx.language,
                        locale=ctx.locale,
                        cited=source in cited,
                    )
                    for source, text in foreign.items()
                )
            )

        def restated(sentence: str, cited: frozenset[str]) -> bool:
            return any(
                _supported(sentence, clean[source], book)
                and _same_figures(sentence, clean[source], ctx.locale)
                for source in cited
                if source in clean
            )

        apology = (apologies and find_phrase(book.compensation, sentence)) or waives_a_rule(
            sentence, ctx.language
        )
        if (code := invented_code(sentence, ctx)) is not None:
            return Finding(detail=f"gives the code {code!r}, which no source of this turn has")
        if (beyond := promotion_beyond_scope(ctx, sentence, cited)) is not None:
            return Finding(detail=f"extends a promotion ({beyond}): {sentence!r}")
        for claim in read_commitments(sentence, ctx.language):
            # An applied code is a lower price too.
            if claim.act not in (Act.DISCOUNT, Act.APPLY_CODE) or not claim.offered:
                continue
            if _buys_from_the_customer(sentence):
                continue  # "por su Galaxy S21 … le ofrecemos hasta 150 €": a quote
            cited_texts = [chunk_text[source] for source in cited if source in chunk_text]
            if claim.lemma in _WIDENING and not any(
                claim.lemma[:5] in fold(text.lower()) for text in trusted
            ):
                # "te lo extendemos a la cucha": the offer is carried past what its
                # source covers, so the source that states the offer cannot back it.
                return Finding(detail=f"extends an offer ({claim.verb!r}): {sentence!r}")
            if apology or not backed() or customer_earns_it(claim, cited_texts, ctx.language):
                return Finding(detail=f"gives a lower price ({claim.verb!r}): {sentence!r}")
        if free_deed(sentence, ctx.language) and (apology or not backed()):
            # "we'll assemble it free of charge": a deed of any verb, done for nothing
            return Finding(detail=f"gives something free: {sentence!r}")
        match = phrase_regex(book.discount).search(sentence) if offers else None
        if not match or _negated_segment(sentence, match.start(1), book):
            continue
        phrase = match.group(1)
        if apology:
            return Finding(detail=f"offers {phrase!r} as compensation: {sentence!r}")
        if not backed() and not (
            trusted
            and (
                (
                    _mentions_the_promotion(sentence, phrase, book, ctx.language)
                    and a_source_names(phrase, trusted)
                )
                or said_in_its_clause(sentence, match.start(1), trusted, book.stopwords)
            )
        ):
            return Finding(detail=f"offers {phrase!r} that no source gives: {sentence!r}")
        if (below := _below_threshold(ctx, sentence, trusted)) is not None:
            return Finding(detail=f"offers {phrase!r}, but {below}: {sentence!r}")
    return None


# What every promotion sentence shares: not a sign that two speak of the same thing.
_PROMO_WORDS = frozenset("gratis gratuito gratuita free sin cargo".split())


def _below_threshold(ctx: GuardContext, sentence: str, promos: list[str]) -> str | None:
    """A promotion that starts at an amount, said to apply when this turn's amounts are
    all below it ("gratis" for a $ 119.999 order when shipping is free over $ 150.000).
    A sentence that states the condition itself ("free over £40") is the rule, not a
    claim that it applies."""
    if threshold(applied_clause(sentence, ctx.language), ctx.locale, from_below=True) is not None:
        return None
    # The promotion sentence that speaks of what this sentence offers decides: "retirar
    # gratis en el local" is the free pick-up, not the home delivery free from $ 80.000.
    # With nothing in common ("te lo dejamos gratis"), every threshold counts.
    book = PHRASEBOOKS[ctx.language]
    offered = content_words(sentence, book.stopwords) - _PROMO_WORDS
    promo_words = (*book.discount, r"free", r"gratis")
    parts = [part for text in promos for part in sentences(text) if find_phrase(promo_words, part)]
    shared = [len(offered & content_words(part, book.stopwords)) for part in parts]
    if shared and max(shared):
        parts = [part for part, n in zip(parts, shared, strict=True) if n == max(shared)]
    starts = [t for t in (threshold(part, ctx.locale) for part in parts) if t is not None]
    if not starts:
        return None
    start = min(starts)
    seen = [a for a in amounts(ctx.draft, ctx.locale) if a not in starts]
    if not seen:
        seen = [p.price for p in returned_products(ctx) if p.price is not None]
    if not seen:  # the customer's own figure: "mi pedido da $ 43.800"
        told = [ctx.question, *(m.text for m in ctx.history if m.role == "customer")]
        seen = [a for text in told for a in amounts(text, ctx.locale) if a not in starts]
    if seen and max(seen) < start:
        return f"it starts at {start} and this turn's amounts reach only {max(seen)}"
    return None


def _same_figures(sentence: str, source: str, locale: str) -> bool:
    """Every percentage of the sentence (the size of an offer) is one the source gives;
    prices beside it are the number gate's to check."""
    lexicon = lexicon_for(locale)
    wanted = {
        f.value
        for f in extract_figures(sentence, lexicon=lexicon, threshold=0)
        if f.kind == FigureKind.PERCENT
    }
    if not wanted:
        return True
    given = {f.value for f in extract_figures(source, lexicon=lexicon, threshold=0)}
    return wanted <= given


def _negated_segment(sentence: str, start: int, book: Phrasebook) -> bool:
    """A negation before the phrase in its own comma-delimited part of the sentence."""
    segments = re2.split(r"[,;:(—–]|\s-\s", sentence[:start])
    segment = segments[-1]
    near = " ".join(segments[-2:])
    conditional = find_phrase((r"if", r"si", r"en\s+caso\s+de"), near) is not None
    return (
        conditional
        or find_phrase(book.negation, segment) is not None
        or _negated(sentence, start, book)
    )


# Verbs that carry an offer to what its source leaves out.
_WIDENING = frozenset({"extender", "extend"})


def _mentions_the_promotion(sentence: str, phrase: str, book: Phrasebook, language: str) -> bool:
    """ "The discount is applied at checkout": the promotion a source gives, named with a
    definite article and no figure of its own."""
    before = words(sentence.lower().split(phrase.lower(), 1)[0])
    if before[-1:] not in (["del"], ["al"]):  # "antes del descuento": de + el
        before = before[:-2] if before[-1:] == ["de"] else before  # "la etiqueta de"
    before = before[-1:]
    definite = {"the", "this", "that", "el", "la", "este", "esta", "ese", "esa", "dicho"}
    definite |= {"del", "al"}
    # A size of its own ("the discount is 30 %") is a new offer; a price beside it ("at
    # $ 129,900 before the discount") is the number gate's to check.
    lexicon = LEXICONS["en" if language == "en" else "es"]
    sized = any(f.kind == FigureKind.PERCENT for f in extract_figures(sentence, lexicon=lexicon))
    return bool(before) and before[0] in definite and not sized


def check_refund_promise(ctx: GuardContext, *, deadline: float) -> Finding | None:
    """Money promised back to this customer, unless it restates a cited refund policy."""
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
    for sentence, cited in cited_sentences(ctx.draft):
        # A citation excuses only its own sentence, and only a restatement of the
        # policy: the shop's own text, not a promise made to this customer.
        policy = [c.text.lower() for c in ctx.retrieved if c.source in cited & cited_policy]
        if waives_a_rule(sentence, ctx.language):
            policy = []  # "in your case we'll make an exception": not the policy's words
        for claim in read_commitments(sentence, ctx.language, context=context):
            if claim.act not in REFUND_ACTS or not _pays_back(claim, sentence):
                continue
            if claim.actor == PASSIVE and reported(claim.act, outputs):
                continue  # "a refund was issued on May 3", as the order lookup says
            # The cited policy excuses a restatement of itself: impersonal, or in the
            # first person when the sentence says what the policy says.
            # A first-person sentence restates the policy when it says what the policy
            # says, to no one in particular ("We refund to the original payment method
            # within 5 days"), or in the words of a policy that itself speaks to the
            # customer ("Te devolvemos el dinero…"). Over an impersonal policy ("el
            # reintegro se acredita…"), "le abonamos el importe" is a promise to this one.
            if (
                policy
                and claim.act == Act.REFUND
                and (
                    claim.actor == PASSIVE
                    or any(
                        (
                            not _addressed(sentence)
                            or _states_refunds(text, ctx.language, speaker=True)
                        )
                        and (claim.verb in words(text) or _supported(sentence, text, book))
                        for text in policy
                    )
                )
            ):
                continue
            return Finding(detail=f"promises money back: {claim.verb!r} in {sentence!r}")
        match = phrase_regex(book.refund_promise).search(sentence)
        if not match or _negated_segment(sentence, match.start(1), book) or policy:
            continue
        return Finding(detail=f"promises money back: {match.group(1)!r}")
    return None


def _pays_back(claim: Commitment, sentence: str) -> bool:
    """Money back said by the shop: done or promised, or offered on the customer's
    word ("si preferís cancelarlo, se lo devolvemos a tu tarjeta"), which pays as soon
    as they say yes ("I can…" alone is left to the binding reading). A refund offered on a
    person's approval ("if it's approved, we refund…") is the policy, not a promise."""
    if claim.binding:
        # "If the request is approved, the money goes back to your card within 10 days
        # [returns#2]", "se emiten cuando el reintegro queda aprobado": what happens once
        # a person decides is the policy
        return not (on_approval(sentence) and conditional(sentence) and not decided(sentence))
    return (
        claim.act == Act.REFUND
        and claim.offer
        and not claim.negated
        and claim.actor != CUSTOMER
        and not on_approval(sentence)
    )


# A clitic for this customer as the one the act is for: "te/le reembolsamos". English
# policies say "your card" of every customer, so "your" tells nothing there.
_ADDRESSED = frozenset("te le os les vos usted".split())


def _addressed(sentence: str) -> bool:
    return bool(_ADDRESSED & set(words(sentence)))


def _states_refunds(text: str, language: str, *, speaker: bool = False) -> bool:
    """The chunk itself says money goes back, read by the same structure as a draft
    ("Reembolsamos el importe al mismo método de pago…"); ``speaker``: in the shop's
    own first person."""
    return any(
        claim.act in REFUND_ACTS and (not speaker or claim.actor == SPEAKER)
        for sentence in sentences(text)
        for claim in read_commitments(sentence, language)
    )


# "por su / tu / vuestro …", "for your …" at the start of a sentence that offers money:
# the shop pays for the customer's item (a trade-in quote, the other guard's), it
# lowers no price.
_FOR_YOURS = re2.compile(r"(?i)^\W*(?:por\s+(?:su|tu|vuestro|vuestra)|for\s+your)\s")


def _buys_from_the_customer(sentence: str) -> bool:
    return _FOR_YOURS.search(sentence) is not None


def _negated(sentence: str, start: int, book: Phrasebook) -> bool:
    before = words(sentence[:start])[-NEGATION_WINDOW:]
    return bool(before) and find_phrase(book.negation, " ".join(before)) is not None


def _supported(sentence: str, source: str, book: Phrasebook) -> bool:
    claim = content_words(sentence, book.stopwords)
    if not claim:
        return True
    shared = claim & content_words(source, book.stopwords)
    return len(shared) / len(claim) >= SUPPORT_OVERLAP


def _trusted_texts(ctx: GuardContext) -> Iterator[str]:
    """Retrieved chunks not written by customers nor carrying injected orders, and the
    tools' outputs without any text that carries injected orders."""
    for chunk in ctx.retrieved:
        if not tainted_chunk(chunk):
            yield chunk.text
    for call in ctx.tool_outputs:
        output = call.output
        if isinstance(output, str):
            if not carries_injection(output):
                yield output
        else:
            yield json.dumps(untainted(output), ensure_ascii=False)


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
