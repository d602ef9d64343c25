"""An out-of-stock product offered without being named: by a pronoun, "both", or as the
only product the search returned ("Sure — order online and pick it up tomorrow").

Read only when the draft never says that anything is unavailable: a draft that says a
product is out of stock is judged clause by clause by the guard itself. The offer is
the predicate, not a phrase: availability ("disponible", "in stock", a bare "hay" /
"queda"), the customer buying (can buy / order / pick up, the basket), or the shop
sending, reserving or delivering it.
"""

from __future__ import annotations

import re

import re2

from guards import scan
from guards.phrasebook import PHRASEBOOKS
from guards.product_refs import PAIR, has_words, loosely_referred, stem
from guards.product_variants import by_attributes, by_own_words
from guards.products import Product, name_stems
from guards.text import find_phrase, negated_clause, words

# Verbs of getting a product ("podés comprarlo", "puede adquirirlo"), in both readers below.
_BUY_ES = r"comprar|adquirir|pedir|encargar|retirar|recoger|llevar|suscrib"
_OFFER = {
    "es": scan.compile(
        r"(?i)(?:^|[^\pL])("
        r"disponibles?|en\s+stock|hay\s+stock|con\s+stock|list[oa]s?\s+para|"
        r"(?:hay|quedan?)\s*(?:[.!?,]|$)|"
        # every person the customer is addressed in: vos, tú, usted, vosotros, ustedes
        r"(?:pod[eé]s|puedes|puede|pod[eé]is|pueden|poder|podr[aá]s?|podr[eé]is|podr[aá]n|"
        r"podr[ií]a|podr[ií]ais|podr[ií]an)\s+(?:\pL+\s+)?"
        r"(?:(?:" + _BUY_ES + r")\pL*|hacer\s+(?:el|tu|su|vuestro)\s+pedido)|"
        r"carrito|cesta|"
        r"(?:te|le|se|os)\s+(?:lo|la|los|las)\s+(?:\pL+\s+)?"
        r"(?:env[ií]|mand|despach|separ|reserv|guard)\pL*|"
        r"(?:te|le|os)\s+(?:separo|reservo|guardo|separamos|reservamos|guardamos)|"
        r"(?:te|le|os|les)\s+(?:lo\s+|la\s+|los\s+|las\s+)?llega[n]?|"
        r"sale[n]?\s+(?:hoy|mañana|ma[nñ]ana)|"
        # the customer has it at home: "el martes ya la tenés en tu casa"
        r"(?:lo|la|los|las)\s+(?:ten[eé]s|tienes|ten[eé]is|tendr[aá]s|tendr[eé]is|tendr[aá])\s+en\s+"
        r"(?:tu|su|vuestra|casa)|"
        # bought or received: "está para comprar", "haga su pedido", "lo recibirá el lunes"
        r"para\s+(?:comprar|pedir)|(?:hac[eé]|haga|hagan|haz|haced)\s+(?:tu|su|vuestro)\s+pedido|"
        r"(?:lo|la|los|las)\s+(?:recibir[aá]s?|recibir[aá]n|recibir[eé]is|recib[ií]s|recibes|recibe)"
        r")(?:$|[^\pL])"
    ),
    "en": scan.compile(
        r"(?i)(?:^|[^\pL])("
        r"available|in\s+stock|ready\s+to\s+(?:go|ship)|ships?\s+(?:today|tomorrow)|"
        r"you\s+can\s+(?:\pL+\s+)?(?:buy|purchase|order|get|pick|collect)|"
        r"order\s+(?:it\s+)?(?:online|now|today)|pick\s+(?:it|them)\s+up|basket|cart|checkout|"
        r"(?:we|i)(?:'ll|\s+will|\s+can)\s+(?:post|send|ship|deliver|hold|reserve|put)|"
        r"you(?:'ll|\s+will|'d|\s+would)\s+have\s+(?:it|them)\s+(?:by|at\s+home|before|on)|"
        r"(?:go\s+ahead\s+and|just)\s+(?:order|buy|grab|get)|it'll\s+be\s+with\s+you|"
        r"you'll\s+(?:get|receive)\s+(?:it|them)\s+(?:by|on|in|within|tomorrow|today)"
        r")(?:$|[^\pL])"
    ),
}
# Closed class: subordinators of a future time ("cuando vuelva", "once it's back").
_WHEN = frozenset("cuando apenas when once".split())


def offers(clause: str, language: str) -> bool:
    """The clause has an offer predicate: availability, buying, or the shop sending."""
    return _OFFER["en" if language == "en" else "es"].search(clause) is not None


def offer_predicates(clause: str, language: str) -> list:
    """Every offer predicate of the clause, as matches (group 1 is the predicate)."""
    return list(_OFFER["en" if language == "en" else "es"].finditer(clause))


# "otra prenda de lino", "another dolls' house": what follows is some other product.
_ALTERNATIVE = frozenset(
    "otro otra otros otras another other alternative alternativa similar similares "
    "parecido parecida parecidos parecidas".split()
)  # "I can look for a similar bookcase that's in stock": another one


def offers_an_alternative(clause: str) -> bool:
    """The clause offers something else ("te busco otra prenda de lino que esté
    disponible"): a partial name in it does not point at the product it replaces."""
    tokens = words(clause.lower())
    return any(
        t in _ALTERNATIVE and i + 1 < len(tokens) and tokens[i + 1] not in ("vez", "time")
        for i, t in enumerate(tokens)
    )


def offered_without_name(
    parts: list[str], language: str, products: tuple[Product, ...], question: str
) -> Product | None:
    """An out-of-stock product a clause offers by reference."""
    offer = _OFFER["en" if language == "en" else "es"]
    for clause in parts:
        match = offer.search(clause)
        if match is None or negated_clause(_unnamed(clause[: match.end(1)], products), language):
            continue  # "no te lo puedo enviar"; a later "sin problema" negates nothing
        if any(w in _WHEN for w in words(clause)) or said_for_later(clause):
            continue
        if offers_an_alternative(clause):
            continue
        named = loosely_referred(clause, products)
        if len(named) > 1:
            named = by_attributes(clause, named)  # "the Bunny 12 in … the Pink one"
        if len(named) > 1:
            named = by_own_words(clause, named)  # "la bordeadora Gamma", not the mower
        pair = len(products) == 2 and has_words(clause, PAIR[language])
        if (
            not named
            and not pair  # "las dos cosas las tenés disponibles": the pair is the subject
            and _AVAILABLE.match(match.group(1))
            and _subject_before(clause, match)
        ):
            continue  # "el manual está disponible": something else is available
        if (
            not named
            and _PURCHASE.search(match.group(1))
            and _object_after(clause[match.end(1) :], products)
        ):
            continue  # "podés comprar el cargador": something else is bought
        for product in named or _referents(clause, language, products, question):
            if product.in_stock is False:
                return product
    return None


def _unnamed(text: str, products: tuple[Product, ...]) -> str:
    """The text without the negatives a returned name carries ("Siam no frost"): they
    name the product, they do not negate the offer."""
    for product in products:
        tokens = words(product.name)
        for i, token in enumerate(tokens[:-1]):
            if token in ("no", "non", "sin"):
                pattern = rf"(?i)(?:^|[^\pL]){token}[\s-]+{tokens[i + 1]}(?:$|[^\pL])"
                text = re2.sub(pattern, " ", text)
    return text


_PURCHASE = scan.compile(r"(?i)(?:" + _BUY_ES + r"|buy|purchase|order|get|collect)$")
_AVAILABLE = scan.compile(r"(?i)disponible|available|(?:en|in|con|hay)\s+stock")
# Closed class: what may stand before "está disponible" when the product is its subject.
_BARE = frozenset(
    "sí si yes sure great dale perfecto claro ya hoy ahora también todavía aún está están "
    "estará es son it is it's are they they're still also now today right the el la los "
    "las lo ese esa este esta that this one".split()
)


def _subject_before(clause: str, match: scan.Found) -> bool:
    """Words other than closed-class ones before the offer: another subject."""
    return any(w not in _BARE for w in words(clause[: match.start(1)]))


def _referents(
    clause: str, language: str, products: tuple[Product, ...], question: str
) -> list[Product]:
    named = loosely_referred(clause, products)
    if named:
        return named
    if len(products) == 2 and has_words(clause, PAIR[language]):
        return list(products)
    if len(products) == 1 and (_pronoun(clause, language) or loosely_referred(question, products)):
        return list(products)  # the only product returned, asked about or pointed at
    return []


# Closed class: object pronouns and clitics ("pick it up", "te la separo", "añádelo").
_PRONOUNS = {
    "es": frozenset("lo la los las".split()),
    "en": frozenset("it them one".split()),
}
_ENCLITIC = scan.compile(r"(?i)\pL{3,}(?:[aeiáéí]r|[aeá]ndo|[aeáé])(?:te|le|se)?(?:lo|la|los|las)$")


def _pronoun(clause: str, language: str) -> bool:
    tokens = words(clause)
    if language != "en" and any(_ENCLITIC.search(t) for t in tokens):
        return True
    return any(t in _PRONOUNS["en" if language == "en" else "es"] for t in tokens)


# Closed class: words between a verb and the end of what it says about its object.
_LINK = frozenset(
    "y e o and or so que para a al en in on at to por for with con antes before desde from "
    "si if cuando when".split()
)
_FILLER = frozenset("el la los las un una the a an ya mismo now today hoy ahora online".split())


def _object_after(rest: str, products: tuple[Product, ...]) -> bool:
    """The verb has an object of its own, named by a word no returned product has."""
    name = name_stems(products)
    for word in words(rest)[:4]:
        if word in _LINK:
            return False
        if word in _FILLER or word in _BARE:
            continue
        return word.isalpha() and stem(word) not in name
    return False


# Closed class: a restock ("reposición", "restocking") or a future copula before an
# availability word ("estará disponible", "will be available").
_LATER = scan.compile(
    r"(?i)(?:^|[^\pL])(?:restock\pL*|repo[nsn]\pL*|reposici[oó]n|(?:estar[aá]n?|va[n]?\s+a\s+estar|"
    r"will\s+be|'ll\s+be|should\s+be|is\s+expected\s+to\s+be)\s+(?:\pL+\s+)?(?:disponibles?|"
    r"available|in\s+stock|en\s+stock)"
    # "($1,899.00 when in stock)", "cuando haya stock": the price or the offer for then
    r"|(?:when|once|cuando|en\s+cuanto)\s+(?:\pL+\s+){0,2}?(?:in\s+stock|en\s+stock|stock|"
    r"disponibles?|available))(?:$|[^\pL])"
)
# A return to stock ("back", "again", "de nuevo", "vuelve a") is for later only with a
# time to come beside it ("back next week", "vuelve a entrar el lunes", "when it's back
# in stock"); "it's available again" says it is available now.
_RETURN = scan.compile(
    r"(?i)(?:^|[^\pL])(?:back|again|de\s+nuevo|nuevamente|vuelv\pL*|volver\pL*)(?:$|[^\pL])"
)
_TO_COME = scan.compile(
    # "ir a" in every person ("la vas a ver disponible"), and "apenas": as soon as
    r"(?i)(?:^|[^\pL])(?:will|'ll|should|expected|going\s+to|soon|next|when|once|until|"
    r"estar[aá]n?|va[ns]?\s+a|vais\s+a|vamos\s+a|pronto|cu[aá]ndo|en\s+cuanto|apenas|hasta|"
    r"pr[oó]xim\pL*|semana|week|"
    r"mes|month|lunes|martes|mi[eé]rcoles|jueves|viernes|s[aá]bado|domingo|monday|tuesday|"
    r"wednesday|thursday|friday|saturday|sunday|ma[nñ]ana|tomorrow|enero|febrero|marzo|abril|"
    r"mayo|junio|julio|agosto|se?tiembre|octubre|noviembre|diciembre|january|february|march|"
    r"april|may|june|july|august|september|october|november|december)(?:$|[^\pL])"
)


# Buying or sending, and "now": "lo podés comprar hoy mismo", "comprándolo hoy llega",
# "si haces el pedido hoy", "order it today and it ships".
_BUY_NOW = {
    "es": re.compile(
        r"(?i)\b(?:compr|adquir|ped|encarg|envi|mand|despach|sale|llega)\w*\b[^.;:]{0,40}?"
        r"\b(?:hoy|ya\s+mismo|ahora\s+mismo|en\s+el\s+d[ií]a|ma[nñ]ana\s+mismo|en\s+la\s+semana)\b"
        r"|\b(?:hoy|ya\s+mismo|ahora\s+mismo)\b[^.;:]{0,25}?\b(?:compr|adquir|ped|encarg)\w*"
    ),
    "en": re.compile(
        r"(?i)\b(?:buy|order|purchase|ship|send|dispatch)\w*\b[^.;:]{0,40}?"
        r"\b(?:today|right\s+now|same\s+day|this\s+week)\b"
        # "still" after the product is gone is "anyway": "I can still put it through"
        r"|\bstill\s+(?:buy|order|purchase|put\s+(?:it|them|one|the\s+order)\s+through)\b"
    ),
}
# What a negation must share with the offer to deny it: the stretch after the last
# comma, colon or dash ("No se preocupe: puede hacer el pedido hoy" still offers).
_STRETCH = re.compile(r"[,:—–]")
_SENTENCE_END = re.compile(r"[!?;\n]+|\.(?!\d)")  # "$1.250.000" is one number
_NEXT_CONJUNCT = re.compile(r"(?i)\s(?:y|e|and)\s|$")


def bought_now_anyway(draft: str, language: str, products: tuple[Product, ...]) -> Product | None:
    """Every product the draft names is out of stock, yet a clause offers to buy or send
    it now ("Ahora mismo está sin stock. Igual lo podés comprar hoy mismo"): the only
    thing that clause can be about is the product that is gone."""
    named = [p for p in products if p.in_stock is not None and loosely_referred(draft, (p,))]
    # a draft that names none speaks of what was returned, when all of it is gone
    # ("Podés comprarla ya mismo" after the search found only the sold-out table)
    if not named and products and all(p.in_stock is False for p in products):
        named = list(products)
    if not named or any(p.in_stock for p in named):
        return None
    lang = "en" if language == "en" else "es"
    for sentence in _SENTENCE_END.split(draft):
        if (now := _BUY_NOW[lang].search(sentence)) is None:
            continue
        # a later conjunct holds its own time ("podés comprarla ya mismo y te la
        # despachamos apenas entre"): the offer now is read up to it
        clause = sentence[: _NEXT_CONJUNCT.search(sentence, now.end()).start()]
        if said_for_later(clause) or offers_an_alternative(clause):
            continue
        if now.group(0).lower().startswith("still") and said_for_later(sentence):
            continue  # "you can still order it and it ships when it's back": a backorder
        if any(w in _WHEN for w in words(clause)):
            continue
        stretch = _STRETCH.split(clause[: now.end()])[-1]
        if not negated_clause(stretch + clause[now.end() :], language):
            return named[0]
    return None


def said_for_later(clause: str) -> bool:
    """The clause offers the product once it is back, not now."""
    if _LATER.search(clause) is not None:
        return True
    return _RETURN.search(clause) is not None and _TO_COME.search(clause) is not None


# An object pronoun for the thing offered: "la podés comprar ahora", "add it to your cart".
_PRONOUN = {
    "es": frozenset("la lo las los".split()),
    "en": frozenset("it them one".split()),
}
_CONTRAST = {
    "es": re.compile(r"(?i)\b(?:pero|aunque|igual|igualmente|de\s+todas\s+formas)\b"),
    "en": re.compile(r"(?i)\b(?:but|although|though|still|anyway)\b"),
}
# A concession said after the offer it concedes: "…, aunque esté agotado", "…, even
# though it's sold out".
_CONCEDING = {
    "es": re.compile(r"(?i),\s*(?:aunque|si\s+bien|a\s+pesar\s+de\s+que)\b"),
    "en": re.compile(r"(?i),\s*(?:although|though|even\s+though|even\s+if)\b"),
}
_NOW = {
    "es": re.compile(r"(?i)\b(?:ya|ahora|hoy|igual|carrito|cesta)\b"),
    "en": re.compile(r"(?i)\b(?:now|today|still|anyway|cart|basket)\b"),
}


def offered_by_reference(
    sentences_: list[str], language: str, products: tuple[Product, ...]
) -> Product | None:
    """An out-of-stock product offered in a sentence that does not name it: by a pronoun
    after the sentence that named it ("La Atma AS8230 está a $ 79.999. Sí, la podés
    comprar ahora"), or after the sentence itself said it is gone ("is out of stock,
    but you can still add it to your cart now")."""
    lang = "en" if language == "en" else "es"
    last: Product | None = None
    for sentence in sentences_:
        named = [p for p in products if loosely_referred(sentence, (p,))]
        if len(named) > 1 and not has_words(sentence, PAIR[lang]):
            named = by_attributes(sentence, named)  # "las negras en talle 41"
        if not named and len(fitting := by_attributes(sentence, list(products))) < len(products):
            named = fitting  # "En negro está agotada": the sibling named by its colour alone
        gone = find_phrase(PHRASEBOOKS[language].unavailable, sentence) is not None
        if gone and len(named) <= 1:
            contrast = _CONTRAST[lang].search(sentence)
            after = sentence[contrast.end() :] if contrast else ""
            if (concession := _CONCEDING[lang].search(sentence)) is not None:
                # "lo vas a poder pedir ahora también, aunque esté agotado": the offer
                # comes first and the concession after it
                after = f"{sentence[: concession.start()]} {after}"
            target = named[0] if named else last
            if (
                after
                and target is not None
                and target.in_stock is False
                and offers(after, language)
                and _NOW[lang].search(after)
                and not said_for_later(after)
                and not negated_clause(after, language)
            ):
                return target
        elif not named and last is not None and last.in_stock is False:
            tokens = set(words(sentence.lower()))
            if (
                (tokens & _PRONOUN[lang] or any(_ENCLITIC.search(t) for t in tokens))
                and offers(sentence, language)
                and not said_for_later(sentence)
                and not offers_an_alternative(sentence)
                and not negated_clause(sentence, language)
            ):
                return last
        if named:
            # a product said to be gone or back later is not offered by a later "la"
            plain = not gone and not said_for_later(sentence)
            last = named[0] if len(named) == 1 and plain else None
    return None
