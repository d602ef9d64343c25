"""Guards that compare the draft with this turn's product search and the conversation."""

from __future__ import annotations

from guards import scan
from guards.claim_forms import customer_words
from guards.context import GuardContext
from guards.moods import looks_up_what
from guards.phrasebook import PHRASEBOOKS, Phrasebook
from guards.product_also import (
    also_claimed,
    available_after_empty_search,
    had_after_empty_search,
    unreturned_product,
    without_lacking,
)
from guards.product_asked import affirms_unreturned_ask, stock_clauses
from guards.product_claims import (
    carried_before,
    claimed_objects,
    claims_the_asked_product,
    fronted_topics,
    referred,
    unreturned,
)
from guards.product_denials import (
    denied_phrases,
    denied_products,
    denies_a_variant,
    denies_another_thing,
    names_another,
)
from guards.product_offers import (
    bought_now_anyway,
    offer_predicates,
    offered_by_reference,
    offered_without_name,
    offers,
    offers_an_alternative,
    said_for_later,
)
from guards.product_priced import priced_as_offered
from guards.product_refs import (
    PAIR,
    has_words,
    loosely_referred,
)
from guards.product_variants import (
    by_attributes,
    by_own_words,
    by_some_words,
    unreturned_variant,
)
from guards.products import (
    Product,
    empty_queries,
    is_specific,
    matching,
    mentions,
    named_products,
    returned_products,
    searched,
    searched_for_nothing,
    searched_stems,
    stem,
)
from guards.stock_subjects import (
    about_info_or_promotion,
    denied_subject,
    every_one_denied,
    named_after_consequence,
    named_after_reason,
    named_last_before,
    said_of_another,
)
from guards.text import (
    clauses,
    find_phrase,
    negated_clause,
    phrase_regex,
    restates,
    sentences,
    words,
    written_words,
)
from guards.trust import tainted_chunk
from guards.verdicts import Finding


def _every_one_in_stock(
    sentence: str, language: str, products: tuple[Product, ...]
) -> Product | None:
    """ "We carry the Fluval Plant 3.0 LED, but neither length is in stock": the products
    the denying stretch names, or with none named there the sentence's, all denied; one
    the search returned in stock contradicts it."""
    for stretch in stock_clauses(sentence, language):
        if (kind := every_one_denied(stretch, language)) is None:
            continue
        named = loosely_referred(stretch, products) or loosely_referred(sentence, products)
        named = named or _sharing_a_name(sentence, products)
        # "ninguna funda específica para el Kindle básico": only products whose names
        # hold every word of the kind denied
        named = [p for p in named if {stem(w) for w in kind} <= p.stems]
        return next((p for p in by_attributes(sentence, named) if p.in_stock), None)
    return None


def _sharing_a_name(sentence: str, products: tuple[Product, ...]) -> list[Product]:
    """Siblings the sentence names by the words they share ("the Fluval Plant 3.0 LED"
    over its two lengths): two of a name's words of three letters or more, one of them
    written with a capital there."""
    said = set(words(sentence))
    found = []
    for product in products:
        shared = [
            w
            for w in written_words(product.name)
            if len(w) >= 3 and w.isalpha() and w.lower() in said
        ]
        if len(shared) >= 2 and any(w[0].isupper() for w in shared):
            found.append(product)
    return found


def check_stock_contradiction(ctx: GuardContext, *, deadline: float) -> Finding | None:
    """Claims a product the search did not return, or denies one it returned in stock."""
    if not searched(ctx):
        return None
    book = PHRASEBOOKS[ctx.language]
    products = returned_products(ctx)
    own = [c.text for c in ctx.retrieved if not tainted_chunk(c)]
    # a quantifier's denial ("neither length is in stock") is rare: read the sentences
    # only when the draft holds one
    if every_one_denied(ctx.draft, ctx.language) is not None:
        for sentence in sentences(ctx.draft):
            if (every := _every_one_in_stock(sentence, ctx.language, products)) is not None:
                return Finding(detail=f"denies {every.name!r}, which the search returned in stock")
    for clause in stock_clauses(ctx.draft, ctx.language):
        denied = find_phrase(book.unavailable, clause) is not None and not (
            denies_another_thing(clause, products)
        )
        about_info = find_phrase(book.warranty, clause) or about_info_or_promotion(clause)
        denials = denied_phrases(clause, ctx.language)
        if denials:
            # "de esa marca no trabajamos más": the brand the customer named, now or in
            # their message before
            asked = customer_words(ctx)
            products_denied = denied_products(clause, ctx.language, products, asked)
            for (phrase, _), (found, about_range) in zip(denials, products_denied, strict=True):
                said = " ".join(phrase)
                if find_phrase(book.warranty, said) or about_info_or_promotion(said):
                    continue  # "no tenemos datos de garantía del X": about information
                # "no lo trabajamos" denies the range: a product the search returned is
                # in it, in stock or not; "no lo tenemos" may be about the stock
                if found and (about_range or all(p.in_stock for p in found)):
                    how = "in stock" if found[0].in_stock else "(out of stock, but in the range)"
                    return Finding(
                        detail=f"denies {found[0].name!r}, which the search returned {how}"
                    )
        # a "no vendemos / we don't stock …" is resolved by its own noun phrase above;
        # the words that name a product anywhere in the clause decide only the others
        # ("está agotado", "no hay stock")
        by_phrase = bool(denials)
        if denied and not about_info and not by_phrase:
            named = [*named_products(clause, products), *referred(clause, products)]
            said = list(phrase_regex(book.unavailable).finditer(clause))
            for product in denied_subject(clause, book, named):
                if said and all(names_another(clause, m.start(1), m.end(1), product) for m in said):
                    continue  # "El Double Black no lo encontré": not the Black Label
                if said and said_of_another(clause, product, products, said[0].start(1)):
                    continue  # "the A1 mini is in stock, while the full-size A1 is out"
                if said and (
                    named_after_consequence(clause, product, said[0].end(1))
                    or named_after_reason(clause, product, said[0].start(1), said[0].end(1))
                ):
                    # "The 900 is in our range, but it's out of stock, so the 800 is the
                    # one I can offer": said of the product the draft named before
                    earlier = ctx.draft[: max(ctx.draft.find(clause), 0)]
                    if any(p is not product for p in referred(earlier, products)):
                        continue
                if product.in_stock and not denies_a_variant(clause, ctx.language, product):
                    return Finding(
                        detail=f"denies {product.name!r}, which the search returned in stock"
                    )
        if any(restates(clause, text, book.stopwords, share=0.7) for text in own):
            continue  # "Solo vendemos motores de las clases A a D [motores#2]": the shop's page
        if (
            not products
            and claims_the_asked_product(clause, ctx.language, ctx.question)
            and not negated_clause(clause, ctx.language)  # "I can't confirm we sell them"
            and not carried_before(clause, ctx.assistant_texts())
        ):
            return Finding(detail="says the shop carries it, but this turn's search found nothing")
        if not denied and (
            variant := unreturned_variant(clause, ctx.language, products, tuple(own))
        ):
            return Finding(
                detail=f"says the shop has it in {variant!r}, which no returned product is"
            )
        if not denied:
            for phrase in also_claimed(clause, ctx.language):
                # "la sudadera sin capucha": a "sin" inside the thing negates nothing
                if negated_clause(without_lacking(clause, phrase), ctx.language):
                    continue
                if unreturned_product(phrase, products, draft=ctx.draft):
                    shown = " ".join(phrase)
                    return Finding(
                        detail=f"says the shop also has {shown!r}, which the search did not return"
                    )
        if not denied:
            # "we have X" after a search that found nothing: nothing at all, or nothing
            # for X itself ("Rodillos también vendemos" after "rodillo pintura" came back
            # empty, whatever the turn's other search returned)
            made_up = had_after_empty_search(clause, ctx.language) or next(
                iter(fronted_topics(clause) if ctx.language == "es" else []), None
            )
            if not made_up and not products and not looks_up_what(clause):
                # "Makita drills are available in-store"; not "I'm happy to check which
                # ones are available", an offer to look
                made_up = available_after_empty_search(clause, ctx.language)
            if made_up and (not products or searched_for_nothing(made_up, empty_queries(ctx))):
                found = "the search for it" if products else "this turn's search"
                return Finding(detail=f"says the shop has {made_up!r}, but {found} found nothing")
            for phrase, written in (
                () if looks_up_what(clause) else claimed_objects(clause, ctx.language)
            ):
                if _a_deal(phrase, clause) or not unreturned(
                    written, products, ctx.language, searched_stems(ctx)
                ):
                    continue  # "hay segunda unidad al 50%": a promotion, not a product
                return Finding(detail=f"offers {phrase!r}, which this turn's search did not return")
        claimed = not denied and find_phrase(book.available, clause) is not None
        if not (denied or claimed):
            continue
        # "el G54 con stock, y el G84, que está sin stock": the denial's own subject
        subject = denied_subject(clause, book, named_products(clause, products)) if denied else []
        for mention in mentions(clause):
            found = matching(mention, products)
            name = " ".join(sorted(mention))
            if claimed and not found:
                return Finding(detail=f"offers '{name}', which this turn's search did not return")
            if (
                denied
                and not by_phrase
                and found
                and is_specific(mention)
                and all(p.in_stock for p in found)
                and not any(denies_a_variant(clause, ctx.language, p) for p in found)
                and (not subject or any(p in subject for p in found))
            ):
                return Finding(detail=f"denies '{name}', which the search returned in stock")
    if asked := affirms_unreturned_ask(ctx.draft, ctx.question, ctx.language, products):
        return Finding(
            detail=f"says the shop has the asked {asked!r}, which the search did not return"
        )
    return None


# "lo que tenemos", "what we have": what the shop has on record, not an item offered.
_WHAT_WE_HAVE = scan.compile(r"(?i)(?:^|[^\pL])(?:lo\s+que\s+tenemos|what\s+we\s+have)(?:$|[^\pL])")


def check_out_of_stock_offered(ctx: GuardContext, *, deadline: float) -> Finding | None:
    """A product the search marks ``"in_stock": false`` offered as available."""
    book = PHRASEBOOKS[ctx.language]
    products = returned_products(ctx)
    if not any(p.in_stock is False for p in products):
        return None
    said = sentences(ctx.draft)
    for sentence, following in zip(said, [*said[1:], ""], strict=True):
        if find_phrase(book.unavailable, sentence):
            continue  # "lo tenemos, pero está agotado": said as out of stock
        if _gone_next(sentence, following, book, products):
            continue  # "Sí, la tenemos: Correa negra. Eso sí, ahora está agotada."
        for clause in clauses(sentence, book.clause_breaks):
            offer = find_phrase(book.offer, clause) or offers(clause, ctx.language)
            if not offer or said_for_later(clause):
                continue  # "will be available again in March" is not an offer now
            if _only_yes(clause, book, ctx.language) and find_phrase(book.unavailable, ctx.draft):
                continue  # "Sí, tiene 6 meses de garantía. … está sin stock": yes to that
            if isinstance(offer, str) and _WHAT_WE_HAVE.search(clause):
                continue  # "no coincide con lo que tenemos para la Escalumex": the record
            if (found := _offered(clause, ctx.language, products, sentence)) is not None:
                return found
    if gone := offered_by_reference(sentences(ctx.draft), ctx.language, products):
        return Finding(detail=f"offers {gone.name!r} without naming it, marked out of stock")
    if (gone := bought_now_anyway(ctx.draft, ctx.language, products)) is not None:
        return Finding(detail=f"offers {gone.name!r} to buy or ship now, marked out of stock")
    if find_phrase(book.unavailable, ctx.draft) or said_for_later(ctx.draft):
        return None  # the draft says it is out of stock, or offers it for later
    parts = clauses(ctx.draft, book.clause_breaks)
    if (product := offered_without_name(parts, ctx.language, products, ctx.question)) is not None:
        return Finding(detail=f"offers {product.name!r}, marked out of stock")
    priced = priced_as_offered(
        ctx.draft, locale=ctx.locale, language=ctx.language, products=products
    )
    if priced is not None:
        return Finding(detail=f"sells {priced.name!r} at its price, marked out of stock")
    return None


def _gone_next(
    sentence: str, following: str, book: Phrasebook, products: tuple[Product, ...]
) -> bool:
    """The next sentence says it is out of stock, of the products this one names: it
    names none of its own ("Eso sí, ahora mismo está agotada")."""
    if not following or not find_phrase(book.unavailable, following):
        return False
    here = named_products(sentence, products)
    return bool(here) and all(p in here for p in named_products(following, products))


def _only_yes(clause: str, book: Phrasebook, language: str) -> bool:
    """The clause's only offer is the "yes" it opens with: a yes to what was asked."""
    match = phrase_regex(book.offer).search(clause)
    if match is None or words(match.group(1))[:1] not in (["sí"], ["si"], ["yes"]):
        return False
    rest = clause[match.end(1) :]
    return find_phrase(book.offer, rest) is None and not offers(rest, language)


def _offered(
    clause: str, language: str, products: tuple[Product, ...], sentence: str = ""
) -> Finding | None:
    if _every_offer_negated(clause, language):
        return None  # "The Fluval Roma 125 isn't in stock at the moment": said as gone
    found = named_products(clause, products)
    if offers_an_alternative(clause):
        return _gone(found, clause, language)  # "otra prenda de lino": only full names count
    for mention in mentions(clause):
        found.extend(p for p in matching(mention, products) if p not in found)
    found.extend(p for p in referred(clause, products) if p not in found)
    if len(found) > 1:
        found = by_attributes(clause, found)  # "las negras en talle 41", not the white
    if len(found) > 1 and sentence:
        found = by_attributes(sentence, found)  # "the Bunny 12 in …, and … the Pink one"
    if len(found) > 1 and sentence and has_words(clause, PAIR[language]):
        found = by_some_words(sentence, found)  # "In Volcanic, … are both in stock"
    if len(found) > 1 and not has_words(clause, PAIR[language]):
        # "the Z1 Extreme", not the plain Z1; the offer is still read for a negation
        found = _offer_subject(clause, language, by_own_words(clause, found))
    return _gone(found, clause, language)


_NEGATORS = frozenset("no not never ni nunca".split())


def _offer_subject(clause: str, language: str, named: list[Product]) -> list[Product]:
    """Of the products a clause names, the one its offer is said of: the one named last
    before the offer ("la CeraVe … de 454 g está disponible a 18,99 € y le sale más a
    cuenta que la de 340 g"); with none before it, every one."""
    match = phrase_regex(PHRASEBOOKS[language].offer).search(clause)
    if match is None:
        return named
    if _offer_negated(clause, match.start(1)):
        return []  # "The Apple Watch … in Midnight isn't in stock right now": no offer
    return named_last_before(clause, named, match.start(1))


def _every_offer_negated(clause: str, language: str) -> bool:
    """Each offer predicate of the clause has a negation right before it."""
    found = [
        *phrase_regex(PHRASEBOOKS[language].offer).finditer(clause),
        *offer_predicates(clause, language),
    ]
    return bool(found) and all(_offer_negated(clause, m.start(1)) for m in found)


def _offer_negated(clause: str, at: int) -> bool:
    before = words(clause[:at])[-3:]
    return bool(_NEGATORS & set(before)) or any(w.endswith(("n't", "n’t")) for w in before)


def _gone(found: list[Product], clause: str, language: str) -> Finding | None:
    # "Both are ready to go: A … and B …" offers every product it names
    offered = any if has_words(clause, PAIR[language]) else all
    if found and offered(p.in_stock is False for p in found):
        gone = next(p for p in found if p.in_stock is False)
        return Finding(detail=f"offers {gone.name!r}, marked out of stock")
    return None


# A term of its own: a number of years or months, or for life.


def _a_deal(phrase: str, clause: str) -> bool:
    """The object of "hay" / "we have" is a promotion: a percentage right after it, or
    something free or a delivery ("we offer free standard shipping within the US")."""
    at = clause.find(phrase)
    tokens = words(phrase.lower())
    if any(
        token in _SERVICE and not (token == "free" and index and tokens[index - 1] not in _LEADS)
        for index, token in enumerate(tokens)
    ):
        return True  # not "Gluten Free Baking Flour", "BPA free": free of something
    return at >= 0 and clause[at + len(phrase) : at + len(phrase) + 2].strip().startswith("%")


# Closed class: what a shop offers that is no product of its catalogue.
_SERVICE = frozenset("free gratis gratuito gratuita shipping delivery envío envio entrega".split())
_LEADS = frozenset("a an the and or our".split())
