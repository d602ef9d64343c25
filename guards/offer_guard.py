"""Guard ``out_of_stock_offered``: a product the search marks out of stock, offered as
available in this turn's draft."""

from __future__ import annotations

from guards import scan
from guards.context import GuardContext
from guards.phrasebook import PHRASEBOOKS, Phrasebook
from guards.product_names import referred
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
from guards.product_refs import PAIR, has_words
from guards.product_variants import by_attributes, by_own_words, by_some_words
from guards.products import Product, matching, mentions, named_products, returned_products
from guards.stock_subjects import named_last_before
from guards.text import clauses, find_phrase, phrase_regex, sentences, words
from guards.verdicts import Finding

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
