"""The product the customer asked for, said carried when the search did not return it.

"¿Tienen el Pioneer MVH-S325BT?" answered "Sí, el Pioneer MVH-S325BT nos entró la
semana pasada" after a search that returned only the MVH-S215BT: the question names
the thing, the answer says yes, and no returned product carries the names that tell
it apart (a capitalised word that does not open the question, a word with a digit).
The names are read from the customer's own words, so no list of brands is needed;
the draft must repeat one of them in a clause that says the shop has it (or open with
a bare "yes" to the question) and no clause of its may deny it.
"""

from __future__ import annotations

from itertools import pairwise

from guards import scan
from guards.conjugation import fold
from guards.phrasebook import PHRASEBOOKS
from guards.product_claims import SHOP_HAS_EN, SHOP_HAS_ES, SHOP_HOLDS_ES, claimed_objects
from guards.product_refs import loosely_referred
from guards.products import Product, stem
from guards.text import clauses, negated_clause, sentences, words

# "¿Tienen …?", "do you have / carry / sell / stock …?": the question asks what the shop
# carries; the object runs to the question mark.
_ASKS = {
    "es": scan.compile(
        r"(?i)(?:^|[^\pL])(?:tienen|ten[eé]s|ten[eé]is|tiene|venden|vend[eé]s|vend[eé]is|"
        r"trabajan|manejan|traen|"
        r"(?:segu[ií]s|sigues|sigue|siguen)\s+(?:teniendo|vendiendo|trabajando))\s+([^?.!]+)"
    ),
    "en": scan.compile(
        # "Do you do a tender to go with it?": the British "do" of what a shop sells
        r"(?i)(?:^|[^\pL])(?:do\s+you\s+(?:have|carry|sell|stock|do)|have\s+you\s+got|got\s+any)"
        r"\s+([^?.!]+)"
    ),
}
# The shop says it has it: the claims reader's verbs, or the thing "came in".
_HAS = {
    "es": scan.compile(
        r"(?i)(?:^|[^\pL])(?:" + SHOP_HAS_ES + r"|" + SHOP_HOLDS_ES + r"|"
        r"(?:nos|ya)\s+(?:entr[oó]|entraron|lleg[oó]|llegaron)|en\s+stock|disponibles?)"
        r"(?:$|[^\pL])"
    ),
    "en": scan.compile(
        r"(?i)(?:^|[^\pL])(?:we\s+" + SHOP_HAS_EN + r"|we've\s+got|in\s+stock|"
        r"available|just\s+came\s+in|came\s+back\s+in|in\s+our\s+(?:range|catalogue|catalog))"
        r"(?:$|[^\pL])"
    ),
}
# A bare "yes" that opens the reply: "¡Sí!", "Sí, …", "Yes!", "We do!".
_YES = {
    "es": scan.compile(r"(?i)^\W*(?:s[ií]|claro)\s*(?:[!,.—–]|$)"),
    "en": scan.compile(r"(?i)^\W*(?:yes|yep|we\s+(?:sure\s+)?do)\s*(?:[!,.—–]|$)"),
}
# What follows "for my / para mi" is the customer's own thing, not the one asked for.
_OWN = scan.compile(r"(?i)(?:^|[^\pL])(?:for|with|para|con)\s+(?:my|mi|mis)(?:$|[^\pL])")
# What follows "for the / para el" is what the asked thing goes with.
_FOR_THE = scan.compile(
    r"(?i)(?:^|[^\pL])(?:for|para)\s+(?:the|your|el|la|los|las|tu|tus|su|sus)(?:$|[^\pL])"
)
_FOR = scan.compile(r"(?i)(?:^|[^\pL])(?:for|para)(?:$|[^\pL])")


def _goes_with(question: str, language: str) -> tuple[str, ...]:
    """The asked names that come after "for the / para el" in the question."""
    match = _ASKS[language].search(question)
    cut = _FOR_THE.search(match.group(1)) if match is not None else None
    if match is None or cut is None:
        return ()
    before = set(asked_names(question[: match.start(1) + cut.start()], language))
    return tuple(n for n in asked_names(question, language) if n not in before)


# A consequence opens a clause of its own for what the shop has: "…no nos queda stock,
# así que hoy la opción sería el PO0649" says nothing of the PO0649's stock.
CONSEQUENCE = {"es": (r"as[ií]\s+que",), "en": ()}


def stock_clauses(text: str, language: str) -> tuple[str, ...]:
    """The text cut where the stock guards read one claim: at the phrasebook's contrast
    links, at a consequence, and at a dash that opens a clause of the shop's own ("We
    don't carry Paslode — we stock Milwaukee", "— tenemos la Bosch")."""
    lang = "en" if language == "en" else "es"
    out: list[str] = []
    for clause in clauses(text, PHRASEBOOKS[lang].clause_breaks + CONSEQUENCE[lang]):
        cuts = [found.start(1) for found in _DASH_SUBJECT[lang].finditer(clause)]
        out.extend(
            piece.strip()
            for piece in (clause[a:b] for a, b in pairwise([0, *cuts, len(clause)]))
            if piece.strip()
        )
    return tuple(_ellipses_filled(out, lang))


# "Tenemos el Reloj digital… Y también el cucú con termómetro": a clause of "also" and a
# noun phrase with no verb says the having of the clause before it again.
_ALSO_THE = {
    "es": scan.compile(
        r"(?i)^(?:y\s+|e\s+)?(?:también|tambien|además|ademas)\s+((?:el|la|los|las|un|una)\s)"
    ),
    "en": scan.compile(r"(?i)^(?:and\s+)?(?:also|as\s+well\s+as)\s+((?:the|a|an)\s)"),
}
_SHOP_HAS = {
    "es": scan.compile(rf"(?i)(?:^|[^\pL])(?:{SHOP_HAS_ES}|{SHOP_HOLDS_ES})(?:$|[^\pL])"),
    "en": scan.compile(rf"(?i)(?:^|[^\pL])we\s+(?:also\s+|do\s+)?{SHOP_HAS_EN}(?:$|[^\pL])"),
}
_FILLED = {"es": "también tenemos ", "en": "we also have "}
_COPULAS = frozenset("es son está están era eran sería is are was were would".split())


def _ellipses_filled(pieces: list[str], lang: str) -> list[str]:
    out: list[str] = []
    for piece in pieces:
        also = _ALSO_THE[lang].search(piece)
        had = bool(out) and _SHOP_HAS[lang].search(out[-1]) is not None
        if also is not None and had and not negated_clause(out[-1], lang):
            # a verb of its own before any relative ("Y también el Rider es lindo")
            # predicates; it leaves no "tenemos" out
            own = words(piece)
            own = own[: own.index("que")] if "que" in own else own
            if _SHOP_HAS[lang].search(piece) is None and _COPULAS.isdisjoint(own):
                piece = _FILLED[lang] + piece[also.start(1) :]
        out.append(piece)
    return out


# A dash, then the shop speaking: "we", "I", or a verb of "nosotros" ("vendemos").
_DASH_SUBJECT = {
    "en": scan.compile(r"(?i)\s[—–]\s+((?:we|i)(?:'\pL+)?(?:$|[^\pL']))"),
    "es": scan.compile(r"(?i)\s[—–]\s+((?:nosotros|\pL+(?:amos|emos|imos))(?:$|[^\pL]))"),
}


_WORD = scan.compile(r"[\pL\pN][\pL\pN-]*")


def asked_names(question: str, language: str) -> tuple[str, ...]:
    """The names that tell the asked thing apart, lower case and folded, in the
    question's order: codes with a digit, capitalised names."""
    match = _ASKS[language].search(question)
    if match is None:
        return ()
    asked = _OWN.split(match.group(1), 1)[0]
    written = _WORD.findall(asked)
    found = [fold(part) for w in written for part in words(w) if _naming(part, w)]
    # a number right after a name is the model's ("Palladio 4"), not a size or a price
    found += [w for before, w in pairwise(written) if w.isdigit() and _naming(before, before)]
    return tuple(dict.fromkeys(found))


def _naming(part: str, written: str) -> bool:
    """A code of letters and digits ("s325bt", "air60", the letters of "MBK-85"), or a
    capitalised name that is not an acronym ("Laser", not "HDMI"); a bare number is a
    size, a price, an age."""
    if any(c.isdigit() for c in part):
        return any(c.isalpha() for c in part)
    if "-" in written and any(c.isdigit() for c in written):
        if written[:1].isdigit() and part in written and len(part) >= 3:
            return False  # "12-year-old", "3-pack": a count before a lower-case word
        return len(part) >= 2  # "MBK-85": the letters of a hyphenated code name it
    return written[:1].isupper() and not written.isupper() and len(part) >= 3


def affirms_unreturned_ask(
    draft: str, question: str, language: str, products: tuple[Product, ...]
) -> str | None:
    """The asked name the draft says the shop has, when no returned product has every
    asked name (or the search returned nothing); None otherwise."""
    lang = "en" if language == "en" else "es"
    names = asked_names(question, lang)
    if not names:
        return None
    for product in products:
        have = {stem(fold(w)) for w in words(f"{product.name} {product.sku}")}
        if all(stem(n) in have for n in names):
            return None  # the search returned the asked thing
    returned = {stem(fold(w)) for p in products for w in words(f"{p.name} {p.sku}")}
    missing = [n for n in names if stem(n) not in returned]
    if not missing:
        return None  # each name is some product's: a mix the words cannot settle
    # an emoji between ("¡Sí, la tenemos! 🙌 La FLIR One Edge Pro es…") is no clause
    parts = [c for c in stock_clauses(draft, lang) if words(c)]
    # a name the question gives after "for the" ("a solar panel for the Argus") is what
    # the thing goes with: said carried only in a clause that says what it is for
    goes_with = set(_goes_with(question, lang))
    said = [
        c
        for c in parts
        if set(missing) & {fold(w) for w in words(c)}
        and (_FOR.search(c) or not goes_with >= set(missing) & {fold(w) for w in words(c)})
    ]
    if not said or any(negated_clause(c, lang) for c in said):
        return None
    # a bare "yes" answers for the thing named right with it or in the next clause
    opens_yes = bool(parts) and _YES[lang].search(parts[0]) is not None
    for clause in said:
        if (opens_yes and clause in parts[:2]) or _HAS[lang].search(clause):
            return " ".join(missing)
    return None


# The words that open an asked thing without naming it: articles, quantifiers.
_ASK_LEAD = frozenset(
    "el la los las un una unos unas algún alguno alguna algunos algunas algo de del the a an "
    "any some".split()
)
# Where an English noun phrase ends and what it is for begins.
_EN_PHRASE_END = frozenset("for that which with to in on from like".split())
_CONJUNCTS = scan.compile(r"(?i)\s*(?:,|\s(?:o|u|y|e|or|and)\s)\s*")
# "¿Y cavas o vinotecas tienen?": the thing fronted before the verb that ends the question.
_ASKS_FRONTED = scan.compile(
    r"(?i)(?:^|[¿,]\s*)(?:y\s+)?([^¿?.!,]+?)\s+(?:(?:lo|la|los|las)\s+)?"
    r"(?:tienen|ten[eé]s|ten[eé]is|venden|vend[eé]s|vend[eé]is|trabajan|manejan)\s*\?"
)


def asked_kinds(question: str, language: str) -> tuple[str, ...]:
    """The head nouns of the things a question asks the shop for, stemmed: the first
    word of each Spanish conjunct ("¿Tienen bolster para yoga?" → bolster; "¿Y cavas o
    vinotecas tienen?" → cava, vinoteca), the last before "for / that …" of each English
    one ("card sleeves that fit Dominion" → sleeve)."""
    lang = "en" if language == "en" else "es"
    match = _ASKS[lang].search(question)
    if match is not None:
        asked = _OWN.split(match.group(1), 1)[0]
    elif lang == "es" and (fronted := _ASKS_FRONTED.search(question)) is not None:
        asked = fronted.group(1)
    else:
        return ()
    heads: list[str] = []
    for conjunct in scan.split(_CONJUNCTS, asked):
        tokens = [w.lower() for w in _WORD.findall(conjunct)]
        while tokens and tokens[0] in _ASK_LEAD:
            tokens = tokens[1:]
        if lang == "en":
            cut = next((i for i, w in enumerate(tokens) if w in _EN_PHRASE_END), len(tokens))
            tokens = tokens[:cut][-1:]
        head = tokens[0] if tokens else ""
        if head.isalpha() and len(head) >= 4:
            heads.append(stem(fold(head)))
    return tuple(dict.fromkeys(heads))


_FOR_PART = scan.compile(r"(?i)\s(?:for|para)\s")


def affirms_unreturned_kind(
    draft: str, question: str, language: str, products: tuple[Product, ...]
) -> str | None:
    """The thing the draft says the shop has, when it is a kind the customer asked for
    and no product the search returned is of that kind by its name: "¿Y cavas o
    vinotecas tienen?" answered "Tenemos vinotecas eléctricas" after a search that
    returned only a "Botellero de pared". None otherwise."""
    if not products:
        return None  # an empty search is read by the claims after it
    lang = "en" if language == "en" else "es"
    asked = asked_kinds(question, lang)
    if not asked:
        return None  # most questions ask for no kind: read no names
    returned = {stem(fold(w)) for p in products for w in words(f"{p.name} {p.sku}")}
    # what a returned product is for is not what it is: a "Hand water pump for tender"
    # is no tender
    kinds = {
        stem(fold(w))
        for p in products
        for w in words(f"{scan.split(_FOR_PART, p.name)[0]} {p.sku}")
    }
    missing = {k for k in asked if k not in kinds}
    if not missing:
        return None
    for clause in stock_clauses(draft, lang):
        if negated_clause(clause, lang):
            continue
        for phrase, written in claimed_objects(clause, lang):
            head = written[-1] if lang == "en" else written[0]
            if lang == "es" and head.lower() in _GROUPS_ES and written[1:2] == ["de"]:
                head = written[2] if len(written) > 2 else head  # "un kit de freno": a freno
            # a word a returned name has, in the object's stretch, may name that product
            # in other words ("the Petzl Stop descender" for the "Descensor Petzl Stop",
            # "la cuerda de cáñamo con sally" for the "Hemp bell rope with sally")
            kind = stem(fold(head.lower()))
            if (
                kind in missing
                and not _stretch(clause, written) - {kind} & returned
                and not instanced(draft, written, products)
            ):
                return phrase
    return None


_STRETCH_END = scan.compile(r"[,;:.()\[\]]")
_PURPOSE_AT = scan.compile(r"(?i)(?:^|[^\pL])(?:for|that|which|to|para|que|porque)(?:$|[^\pL])")


def first_stretch(text: str) -> str:
    """The text up to its next punctuation: "contenedores open top, con lona…" →
    "contenedores open top"."""
    end = _STRETCH_END.search(text)
    return text if end is None else text[: end.start()]


def _object_and_rest(text: str) -> tuple[str, str]:
    """The text's first stretch (to the next punctuation) up to what it says the thing
    is for, and what follows that stretch: "sleeves that fit Dominion, so…" →
    ("sleeves ", ", so…")."""
    stop = len(first_stretch(text))
    purpose = _PURPOSE_AT.search(text, 0, stop)
    return text[: purpose.start() if purpose is not None else stop], text[stop:]


def _stretch(clause: str, written: list[str]) -> set[str]:
    """The stems of the object's words from its first to the next punctuation, up to
    what it is for ("sleeves that fit Dominion": not Dominion)."""
    thing, _ = _object_and_rest(clause[max(clause.find(written[0]), 0) :])
    # "karts a pedal y además el Kit carrito…": what is added is another thing
    thing = scan.split(_ADDED, thing)[0]
    return {stem(fold(w.lower())) for w in words(thing) if len(w) >= 3}


# Closed class: the Spanish words for a group of things, whose kind follows "de".
_GROUPS_ES = frozenset("kit kits set sets juego juegos pack packs par pares lote lotes".split())
_ADDED = scan.compile(
    r"(?i)\s(?:(?:y|e|and)\s+(?:además|ademas|también|tambien|also)|as\s+well\s+as)(?:$|[^\pL])"
)


# What introduces an instance of a kind: "tenemos juguetes de madera: el Tren …", "we
# have wooden toys like the …", "tenemos termos, como la Botella …".
_INSTANCE = scan.compile(
    r"(?i)(?::|\s[—–-]\s|(?:^|[^\pL])(?:como|like|such\s+as|e\.g\.|por\s+ejemplo|"
    r"for\s+example|including|incluid[oa]s?)(?:$|[^\pL]))"
)
# What adds another thing or an alternative: the product after it is not the kind's
# instance ("También tenemos los botelleros", "and the Zafu as well", "if you'd prefer").
_ANOTHER = scan.compile(
    r"(?i)(?:^|[^\pL])(?:tambi[eé]n|adem[aá]s|also|too|as\s+well|besides|plus|otr[oa]s?|"
    r"other|another|alternativa|alternative|prefer[ií]s|prefieres|prefiere|prefer|"
    r"parecid[oa]|similar|instead|en\s+cambio)(?:$|[^\pL])"
)


def instanced(
    draft: str, written: list[str], products: tuple[Product, ...], *, past_object: bool = False
) -> bool:
    """A returned product is named as the kind's instance: after "like / como / :" in
    the claim's sentence, or in the next sentence with nothing that makes it another
    thing or an alternative. The kind is then what the product is, said in the
    customer's word ("Sí, tenemos termos. La Botella térmica Stanley…"). With
    ``past_object``, the object's own stretch names nothing: its head is a returned
    kind, which refers loosely to every product of it."""
    said = sentences(draft)
    for index, sentence in enumerate(said):
        at = sentence.find(written[0])
        if at < 0:
            continue
        marker = _INSTANCE.search(sentence, at)
        if marker is not None and loosely_referred(sentence[marker.end() :], products):
            return True
        thing, after_thing = _object_and_rest(sentence[at:])
        rest = after_thing if past_object else thing + after_thing
        if loosely_referred(rest, products) and not _ANOTHER.search(rest):
            return True
        after = said[index + 1] if index + 1 < len(said) else ""
        if loosely_referred(after, products) and not _ANOTHER.search(after):
            return True
    return False
