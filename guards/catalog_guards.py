"""Guard ``stock_contradiction``: the draft against this turn's product search and the
conversation (``guards.offer_guard`` holds ``out_of_stock_offered``)."""

from __future__ import annotations

from guards.claim_forms import customer_words
from guards.context import GuardContext
from guards.denial_others import denies_another_thing, names_another
from guards.moods import looks_up_what
from guards.phrasebook import PHRASEBOOKS
from guards.product_also import (
    also_claimed,
    unreturned_product,
    without_lacking,
)
from guards.product_asked import (
    affirms_unreturned_ask,
    affirms_unreturned_kind,
    asked_kinds,
    stock_clauses,
)
from guards.product_carried import carried_before, claims_the_asked_product
from guards.product_claims import claimed_objects, fronted_topics, unreturned
from guards.product_denials import denied_phrases, denied_products, denies_a_variant
from guards.product_features import affirms_unreturned_feature
from guards.product_names import referred
from guards.product_refs import loosely_referred
from guards.product_unfound import available_after_empty_search, had_after_empty_search
from guards.product_variants import by_attributes, unreturned_variant
from guards.product_versions import affirms_unreturned_version
from guards.products import (
    Product,
    empty_queries,
    is_specific,
    matching,
    mentions,
    named_products,
    returned_products,
    search_queries,
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
    said_of_another,
)
from guards.text import (
    citations,
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


def _cited_texts(clause: str, ctx: GuardContext) -> tuple[str, ...]:
    """The untainted chunks the clause cites."""
    cited = citations(clause)
    return tuple(c.text for c in ctx.retrieved if c.source in cited and not tainted_chunk(c))


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
            variant := unreturned_variant(
                clause, ctx.language, products, tuple(own), cited=_cited_texts(clause, ctx)
            )
        ):
            return Finding(
                detail=f"says the shop has it in {variant!r}, which no returned product is"
            )
        if not denied:
            for phrase in also_claimed(clause, ctx.language):
                # "la sudadera sin capucha": a "sin" inside the thing negates nothing
                if negated_clause(without_lacking(clause, phrase), ctx.language):
                    continue
                if unreturned_product(
                    phrase, products, draft=ctx.draft, asked=asked_kinds(ctx.question, ctx.language)
                ):
                    shown = " ".join(phrase)
                    return Finding(
                        detail=f"says the shop also has {shown!r}, which the search did not return"
                    )
        if not denied:
            # "we have X" after a search that found nothing: nothing at all, or nothing
            # for X itself ("Rodillos también vendemos" after "rodillo pintura" came back
            # empty, whatever the turn's other search returned)
            # "puedo contaros qué modelos más pequeños tenemos": what there is, asked
            asking = looks_up_what(clause)
            made_up = None if asking else had_after_empty_search(clause, ctx.language)
            if not asking and not made_up and ctx.language == "es":
                made_up = next(iter(fronted_topics(clause)), None)
            if not made_up and not products and not asking:
                # "Makita drills are available in-store"; not "I'm happy to check which
                # ones are available", an offer to look
                made_up = available_after_empty_search(clause, ctx.language)
            # a returned product named is had whatever another search found nothing for:
            # "no tenemos bálsamo con árnica… tenemos el Bálsamo CBD Sensitive con caléndula"
            if made_up and (
                not products
                or (
                    searched_for_nothing(made_up, empty_queries(ctx))
                    and not referred(made_up, products)
                )
            ):
                found = "the search for it" if products else "this turn's search"
                return Finding(detail=f"says the shop has {made_up!r}, but {found} found nothing")
            for phrase, written in () if asking else claimed_objects(clause, ctx.language):
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
    if kind := affirms_unreturned_kind(ctx.draft, ctx.question, ctx.language, products):
        return Finding(
            detail=f"says the shop has {kind!r}, a kind asked for that no returned product is"
        )
    asked = " ".join((ctx.question, *search_queries(ctx)))
    if feature := affirms_unreturned_feature(
        ctx.draft, asked=asked, language=ctx.language, products=products, pages=own
    ):
        return Finding(
            detail=f"says the shop has {feature!r}, asked for and on no returned product"
        )
    if version := affirms_unreturned_version(
        ctx.draft, language=ctx.language, products=products, pages=own
    ):
        return Finding(detail=f"says the shop has the {version!r}, which the search did not return")
    return None


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
