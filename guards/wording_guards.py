"""Guards on what the draft promises or reveals: discounts, refunds, inside words."""

from __future__ import annotations

import json
from collections.abc import Iterator

from guards import scan
from guards.acts import Act
from guards.claim_forms import recorded_past
from guards.claimed_money import MoneyKind, claimed_money
from guards.commitments import SPEAKER, read_commitments
from guards.conjugation import fold
from guards.context import GuardContext
from guards.deeds import free_deed
from guards.exceptions import waives_a_rule
from guards.languages import backed_across_languages, other_language
from guards.moods import hypothetical, in_open_question, past_counterfactual
from guards.phrasebook import PHRASEBOOKS, Phrasebook
from guards.price_grants import price_granted, price_matched
from guards.price_talk import (
    before_discount,
    compares_prices,
    free_to_do,
    limited_scope,
    limited_to_one,
)
from guards.promo_asked import granted_to_what_was_asked, used_again
from guards.promo_conditions import condition_outside_source, stacked_against_source
from guards.promo_figures import percents_of, refers_back, same_figures
from guards.promo_kinds import granted_out_of_terms
from guards.promo_reach import promotion_out_of_reach
from guards.promo_scope import (
    WIDENING,
    beyond_its_amount,
    customer_earns_it,
    extends,
    promotion_beyond_scope,
    said_in_its_clause,
    same_kind,
    waives_what_its_source_charges,
)
from guards.stated_deals import (
    charge_waived_as_stated,
    mentions_the_promotion,
    the_stated_deal,
)
from guards.text import (
    after_citations,
    any_phrase,
    cited_sentences,
    content_words,
    find_phrase,
    phrase_regex,
    sentences,
    tail_with,
    words,
)
from guards.thresholds import below_threshold, on_reaching, threshold_reached
from guards.trust import carries_injection, tainted_chunk, untainted
from guards.verb_groups import _FREE
from guards.verdicts import Finding
from guards.vouchers import a_source_names, invented_code
from guards.waivers import grants_free, grants_something, rule_set_aside

SUPPORT_OVERLAP = 0.5  # share of a promise sentence's words a source must contain
NEGATION_WINDOW = 2  # words right before a phrase that can negate it


def check_discount_promise(ctx: GuardContext, *, deadline: float) -> Finding | None:
    """A discount, voucher or free item that no trusted source gives.

    A sentence is backed when a trusted source it cites states a discount (the
    promotion the chunk gives: "delivery is free over £399 [delivery#3]"), or when a
    trusted source says it in much the same words. Negated offers ("no puedo hacerte
    un precio especial") are not offers; an apology gift is never backed."""
    ctx = ctx.own_words()  # quoted speech is someone else's
    book = PHRASEBOOKS[ctx.language]
    promo_words = (*book.discount, r"free", r"gratis")
    trusted = [text for text in _trusted_texts(ctx) if find_phrase(promo_words, text)]
    # a chunk that gives a percentage ("20 % en fruta y verdura a granel los martes")
    # states a promotion as much as one that says "descuento"
    promos = {
        c.source
        for c in ctx.retrieved
        if not tainted_chunk(c) and (find_phrase(promo_words, c.text) or _PERCENT.search(c.text))
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
        if free_deed(tail, ctx.language) and not any(supported_by(tail, t, book) for t in trusted):
            return Finding(detail=f"gives something free after the citation: {raw!r}")
    waived = rule_set_aside(
        list(draft),
        language=ctx.language,
        locale=ctx.locale,
        promos=promos,
        promo_words=promo_words,
    )
    if waived is not None:
        detail = f"sets a money rule aside for this customer: {waived!r}"
        return Finding(detail=detail, firm=True)
    # What a sentence says after its last citation is not what the citation states.
    after_citation = after_citations(ctx.draft)
    # a pronoun stands for an offer named elsewhere when it is given to the customer:
    # "La promo … era solo el domingo, pero a vos te lo respetamos hoy también"
    context = f"{ctx.question}\n{ctx.draft}"
    stated = False
    sizes: set = set()  # the percentages of the promotions stated so far
    cited_pages: list[str] = []  # the promotions' pages the draft has cited so far
    deals: set[str] = set()  # deal words a sentence citing its promotion said
    for sentence, cited in draft:

        def backed(sentence: str = sentence, cited: frozenset[str] = cited) -> bool:
            # A source backs the offer only when it also gives its figures: "Tenés un
            # 100 % de descuento" is not the 10 % the payment page offers. Read only
            # when the sentence offers something.
            return (
                any(
                    same_figures(sentence, chunk_text[source], ctx.locale)
                    and same_kind(sentence, chunk_text[source])
                    # a chunk known only by its percentage backs no "también"
                    and (
                        find_phrase(promo_words, chunk_text[source])
                        or not extends(sentence, ctx.language)
                    )
                    for source in cited & promos
                )
                or any(
                    supported_by(sentence, t, book) and same_figures(sentence, t, ctx.locale)
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
                supported_by(sentence, clean[source], book)
                and same_figures(sentence, clean[source], ctx.locale)
                for source in cited
                if source in clean
            )

        if (grant := price_granted(ctx, sentence)) is not None:
            return Finding(detail=grant)
        if (matched := price_matched(ctx, sentence)) is not None:
            return Finding(detail=matched, firm=True)  # "we'll refund the difference": ours
        # a rule set aside by someone: "en tu caso el descuento llegaría al tope" is the
        # promotion's own arithmetic, "en tu caso te lo aplicamos igual" a waiver
        waived = waives_a_rule(sentence, ctx.language) and grants_something(sentence, ctx.language)
        apology = (apologies and find_phrase(book.compensation, sentence)) or waived
        if (code := invented_code(sentence, ctx)) is not None:
            return Finding(detail=f"gives the code {code!r}, which no source of this turn has")
        if (beyond := promotion_beyond_scope(ctx, sentence, cited)) is not None:
            return Finding(detail=f"extends a promotion ({beyond}): {sentence!r}")
        if (again := used_again(ctx, sentence, cited)) is not None:
            return Finding(detail=f"grants a promotion again ({again}): {sentence!r}")
        if (asked := granted_to_what_was_asked(ctx, sentence, cited)) is not None:
            return Finding(detail=f"extends a promotion ({asked}): {sentence!r}")
        if (reach := promotion_out_of_reach(ctx, sentence, cited)) is not None:
            return Finding(detail=f"grants a promotion where {reach}: {sentence!r}")
        if note := granted_out_of_terms(ctx, sentence, [clean[s] for s in cited if s in clean]):
            return Finding(detail=f"{note}: {sentence!r}")
        if (alone := stacked_against_source(ctx, sentence)) is not None:
            return Finding(detail=f"gives two promotions together ({alone}): {sentence!r}")
        if (outside := condition_outside_source(ctx, sentence, cited)) is not None:
            return Finding(
                detail=f"applies a promotion outside its terms ({outside}): {sentence!r}"
            )
        given = context if _TO_YOU.search(sentence) else ""  # not "y lo respetamos"
        for claim in read_commitments(sentence, ctx.language, context=given):
            # An applied code is a lower price too.
            if claim.act not in (Act.DISCOUNT, Act.APPLY_CODE) or not claim.offered:
                continue
            if recorded_past(claim.verb, claim.lemma, ctx.outputs_text(), english_past=True):
                continue  # "el banco aplicó el abono el 14 de julio", as the lookup says
            if _buys_from_the_customer(sentence):
                continue  # "por su Galaxy S21 … le ofrecemos hasta 150 €": a quote
            cited_texts = [chunk_text[source] for source in cited if source in chunk_text]
            if (
                (claim.lemma in WIDENING or beyond_its_amount(sentence))
                and not any(claim.lemma[:5] in fold(text.lower()) for text in trusted)
            ) or waives_what_its_source_charges(claim.lemma, sentence, trusted):
                # "te lo extendemos a la cucha": the offer is carried past what its
                # source covers, so the source that states the offer cannot back it.
                return Finding(detail=f"extends an offer ({claim.verb!r}): {sentence!r}")
            if (
                claim.modal
                and not apology
                and on_reaching(sentence, ctx.locale, [*chunk_text.values()])
            ):
                continue  # "si añades otro queso y llegas a esa cifra, se aplicaría"
            if (
                claim.actor != SPEAKER
                and not apology
                and stated
                and the_stated_deal(sentence, ctx.language, sizes)
            ):
                continue  # "… 20 % por transferencia [pagos#3]. … el descuento se te aplica"
            if (
                claim.actor != SPEAKER
                and not apology
                and charge_waived_as_stated(
                    sentence,
                    claim.lemma,
                    claim.verb,
                    language=ctx.language,
                    cited_promos=cited_pages,
                )
                and below_threshold(ctx, sentence, cited_pages) is None
            ):
                continue  # "… envío gratuito [envios#1]. Como su compra es de 182 €, no se
                # le cobrará envío": the cited promotion applied to this basket
            if apology or not backed() or customer_earns_it(claim, cited_texts, ctx.language):
                detail = f"gives a lower price ({claim.verb!r}): {sentence!r}"  # firm: ours
                return Finding(detail=detail, firm=claim.actor == SPEAKER and claim.binding)
            tail = tail_with(claim.verb, sentence, after_citation)
            if tail and claim.modal and past_counterfactual(tail):
                continue  # "if all three were in one order, it would have been applied"
            if tail and not any(
                supported_by(tail, t, book) and same_figures(tail, t, ctx.locale) for t in trusted
            ):
                # "We match Amazon [pricematch#1], so I'll honor that seller's price"
                return Finding(
                    detail=f"gives a lower price after the citation ({claim.verb!r}): {sentence!r}"
                )
        if apology and grants_free(sentence, ctx.language):
            detail = f"gives something free as compensation: {sentence!r}"
            return Finding(detail=detail, firm=True)
        if free_deed(sentence, ctx.language) and (apology or not backed()):
            # "we'll assemble it free of charge": a deed of any verb, done for nothing
            return Finding(detail=f"gives something free: {sentence!r}")
        # a sentence that cites a promotion, or a percentage from a cited chunk
        stated = stated or bool(cited & promos) or bool(cited and "%" in sentence)
        cited_pages += [chunk_text[source] for source in cited & promos]
        if cited & promos:  # the sizes said here, and the ones its cited promotions give
            sizes |= percents_of(sentence, ctx.language)
            for source in cited & promos:
                sizes |= percents_of(chunk_text.get(source, ""), ctx.language)
        match = phrase_regex(book.discount).search(sentence) if offers else None
        if not match or negated_segment(sentence, match.start(1), book, if_too=bool(trusted)):
            continue
        if in_open_question(sentence, words(match.group(1))[0], ctx.language):
            continue  # "The cart will show whether any discount applies": asked, not given
        if compares_prices(sentence, match.start(1)) or free_to_do(sentence, match.start(1)):
            continue  # "la ST 100 es más barata", "Registrarse es gratuito": no grant
        if before_discount(sentence, match.start(1)):
            continue  # "Suma antes de cualquier descuento: …": a figure without it
        if limited_to_one(sentence, match.start(1)) or limited_scope(sentence, match.end(1)):
            continue  # "un solo cupón por compra", "el envío gratis es solo para…": limits
        phrase = match.group(1)
        if apology:
            why = "setting its rule aside" if waived else "as compensation"
            return Finding(detail=f"offers {phrase!r} {why}: {sentence!r}", firm=True)
        if hypothetical(_clause_at(sentence, match.start(1)), ctx.language):
            continue  # "… el pedido pasaría de 600 €, así que el envío sería gratuito"
        if stated and refers_back(sentence, match.start(1), ctx.language, sizes):
            continue  # "El importe final con el descuento lo verás en la cesta": that one
        deal = phrase.lower()
        # words for "free" name no particular deal: said again, maybe of another thing
        if cited & promos and not _FREE & set(words(deal)):
            deals.add(deal)
        elif (
            deal in deals
            and not extends(sentence, ctx.language)
            and percents_of(sentence, ctx.language) <= sizes  # not "Tenés un 100 %"
        ):
            continue  # "… the cheaper one is half price [promos#2]. … so the second tin
            # comes at half price": the deal of the sentence before, said again
        if not backed() and not (
            trusted
            and (
                (
                    mentions_the_promotion(sentence, phrase, book, ctx.language)
                    and a_source_names(phrase, trusted)
                )
                or said_in_its_clause(sentence, match.start(1), trusted, book.stopwords)
                or threshold_reached(ctx, sentence, trusted)
                or on_reaching(sentence, ctx.locale, trusted)  # "Once you reach $75, …"
                or any(
                    supported_by(clause, t, book) and same_figures(clause, t, ctx.locale)
                    for clause in [_clause_at(sentence, match.start(1))]
                    if not _YOU & set(words(clause))
                    for t in trusted
                )
            )
        ):
            return Finding(detail=f"offers {phrase!r} that no source gives: {sentence!r}")
        if (below := below_threshold(ctx, sentence, trusted)) is not None and not on_reaching(
            sentence, ctx.locale, trusted
        ):
            return Finding(detail=f"offers {phrase!r}, but {below}: {sentence!r}")
        stated = True  # a promotion of the sources, said and backed
    if (money := claimed_money(ctx)) is not None and money[0] == MoneyKind.DISCOUNT:
        # "we'll go ahead and cover the $9.50 shipping": an act of any verb, done for
        # this customer by no call of the turn, that lowers the price
        return Finding(detail=f"gives a lower price by an act ({money[1]!r}): {money[2]!r}")
    return None


# A thing given to someone, said with two clitics ("te lo respetamos", "se lo dejamos")
# or a pronoun and "to you" ("we'll happily extend it to you").
_TO_YOU = scan.compile(
    r"(?i)(?:^|[^\pL])(?:(?:te|se|os|le|les)\s+(?:lo|la|los|las)\s+\pL"
    r"|(?:it|them)\s+(?:to|for)\s+you(?:$|[^\pL]))"
)

_PERCENT = scan.compile(r"\d\s?%")
# The customer in a clause: a restatement of the source says no one's case.
_YOU = frozenset("you your yours tu tus te vos usted su sus os vuestro vuestra".split())
_SEGMENT_BREAK = scan.compile(r"[,;:(—–]|\s-\s")
_CLAUSE_BREAK = scan.compile(r"(?i)[,;:]|\s(?:así\s+que|so|pero|but)\s")


def _clause_at(sentence: str, at: int) -> str:
    """The clause of the sentence that holds position ``at``: "El 5% de descuento se
    aplica en cada envío programado, así que…" restates its source on its own, when it
    speaks of no one ("your order will ship free as well" is this customer's case)."""
    start = 0
    for match in _CLAUSE_BREAK.finditer(sentence):
        if match.start() >= at:
            return sentence[start : match.start()]
        start = match.end()
    return sentence[start:]


def negated_segment(sentence: str, start: int, book: Phrasebook, *, if_too: bool = True) -> bool:
    """A negation before the phrase in its comma-delimited part, or (if_too) an "if" near."""
    segments = scan.split(_SEGMENT_BREAK, sentence[:start])
    segment = segments[-1]
    near = " ".join(segments[-2:])
    conditional = if_too and find_phrase((r"if", r"si", r"en\s+caso\s+de"), near) is not None
    return (
        conditional
        or find_phrase(book.negation, segment) is not None
        or _negated(sentence, start, book)
    )


# "por su / tu / vuestro …", "for your …" at the start of a sentence that offers money:
# the shop pays for the customer's item (a trade-in quote, the other guard's), it
# lowers no price.
_FOR_YOURS = scan.compile(r"(?i)^\W*(?:por\s+(?:su|tu|vuestro|vuestra)|for\s+your)\s")


def _buys_from_the_customer(sentence: str) -> bool:
    return _FOR_YOURS.search(sentence) is not None


def _negated(sentence: str, start: int, book: Phrasebook) -> bool:
    before = words(sentence[:start])[-NEGATION_WINDOW:]
    return bool(before) and find_phrase(book.negation, " ".join(before)) is not None


def supported_by(sentence: str, source: str, book: Phrasebook) -> bool:
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
