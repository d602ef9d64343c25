"""How a warranty clause hands a warranty on: to a second product in a later stretch,
or to the subject of a comparison (what a policy says of a category is in
``guards.warranty_policies``).

A clause is cut into stretches where a citation marker closes one (the text after a
marker is not what the marker cites) or where "y / and" brings in a new subject with
its article ("X tiene 3 años [cita] y el Y también", "…, and the pad is covered for 1
year as well"). A later stretch that gives a term ("lo mismo: 36 meses", "the same
2-year cover") gives it to the product it names.
"""

from __future__ import annotations

from guards import scan
from guards.product_names import referred
from guards.product_refs import PAIR, has_words, loosely_referred, without_compared
from guards.product_variants import by_measure
from guards.products import Product
from guards.text import find_phrase, sentences, words

# A term of a warranty: a number of years or months, or for life.
_NUMBER_WORDS = (
    *"a one two three four five six seven eight nine ten eleven twelve eighteen".split(),
    *"un uno una dos tres cuatro cinco seis siete ocho nueve diez once doce".split(),
    *"dieciocho veinticuatro treinta".split(),
)
TERM = scan.compile(
    r"(?i)(\d+)[\s-]*(?:años?|meses|mes|years?|months?|yr)(?:$|[^\pL])|"
    # a term in words: "five years", "a two-year warranty", "un año", "seis meses"
    r"(?:^|[^\pL])(?:" + "|".join(_NUMBER_WORDS) + r")[\s-]+(?:años?|meses|mes|years?|months?)"
    r"(?:$|[^\pL])|lifetime|for\s+(?:the\s+)?life|de\s+por\s+vida|vitalici"
)
# "is covered for life", "covered for 1 year": a cover verb with a term of its own.
_PAREN_STRETCH = scan.compile(r"[,;()]")
_COVER = scan.compile(
    r"(?i)(?:^|[^\pL])(?:cover(?:s|ed|ing)?|cubiert[oa]s?|cubr\pL*|cubre[ns]?)(?:$|[^\pL])"
)
_STRETCH = scan.compile(r"(?i)\[[^\[\]\s]{1,80}\]\s*,?|,?\s+(?:y|e|and)\s+(?:el|la|los|las|the)\s")


# "I don't have warranty details for this model", "no tengo datos de la garantía": the
# sentence says what is not known, whatever clause the word "warranty" falls in.
_UNKNOWN = scan.compile(
    r"(?i)(?:^|[^\pL])(?:(?:don't|do\s+not|can't|cannot|couldn't)\s+(?:have|find|see|confirm|"
    r"give|tell|share)|no\s+(?:tengo|tenemos|cuento|contamos|dispongo|disponemos|encuentro|"
    r"encontré|figura|figuran|aparece|aparecen|hay|puedo\s+confirmar|sé))"
    r"(?:$|[^\pL])[^.;:]{0,60}(?:details?|information|info|terms|data|datos?|informaci[oó]n|"
    r"detalles?|condiciones)"
    # said without a verb: "(sin datos de garantía en su ficha)", "no warranty details"
    r"|(?:^|[^\pL])(?:sin\s+(?:datos|informaci[oó]n|info|detalles)\s+(?:de|sobre)\s+"
    r"(?:la\s+|su\s+)?garant|no\s+warranty\s+(?:details|information|info|data)"
    r"|without\s+(?:any\s+)?warranty\s+(?:details|information|info))"
)


def unknown_warranty(sentence: str) -> bool:
    """The sentence says the warranty is not known to the assistant: no term given."""
    return _UNKNOWN.search(sentence) is not None and TERM.search(sentence) is None


def unknown_for(draft: str, products: tuple[Product, ...]) -> frozenset[Product]:
    """The products the draft itself says it has no warranty details for ("I don't have
    warranty details for the PetSafe one", "…y el LS2 Rapid, del que no tengo datos de
    garantía"): the one named in the stretch that says so, or else the one named last
    before it. A term said elsewhere in the draft is then not theirs."""
    if _UNKNOWN.search(draft) is None:
        return frozenset()  # the draft says of nothing that its warranty is unknown
    out: set[Product] = set()
    last: list[Product] = []
    for sentence in sentences(draft):
        # a parenthesis is a stretch of its own: "… a 239,90 € (sin datos de garantía)"
        for stretch in scan.split(_PAREN_STRETCH, sentence):
            named = stretch_products(stretch, products)
            if _UNKNOWN.search(stretch) and TERM.search(stretch) is None:
                out.update(named or last[-1:])
            if named:
                last = named
    return frozenset(out)


def covered_for_term(clause: str) -> bool:
    """ "Both are covered for life", "2 years parts and labour": a warranty said without
    the word."""
    cover = _COVER.search(clause) or _PARTS_AND_LABOUR.search(clause)
    return cover is not None and TERM.search(clause) is not None


# What a repair warranty pays for, said instead of the word: "2 years parts and labour".
_PARTS_AND_LABOUR = scan.compile(
    r"(?i)(?:^|[^\pL])(?:parts\s+(?:and|&)\s+labou?r|piezas\s+y\s+mano\s+de\s+obra)(?:$|[^\pL])"
)


def later_stretches(clause: str) -> list[str]:
    """The stretches of the clause after its first one."""
    parts = [p.strip() for p in _STRETCH.split(clause)]
    return [p for p in parts[1:] if p]


def gives_a_term(stretch: str, warranty: str | None, clause: str = "") -> bool:
    """The stretch speaks of a warranty: by the word, by a term, or by a cover verb after
    a term said earlier in its clause ("…2 años de garantía, y los cabezales también
    quedan cubiertos durante ese tiempo")."""
    if warranty or TERM.search(stretch) is not None:
        return True
    return _COVER.search(stretch) is not None and TERM.search(clause) is not None


def stretch_products(stretch: str, products: tuple[Product, ...]) -> list[Product]:
    found = loosely_referred(stretch, products)
    found += [p for p in referred(stretch, products) if p not in found]
    return found


# Closed class: a comparison whose standard is another thing ("like the UPPAbaby").
# "como el ventilador", "like the UPPAbaby": a comparison names its standard with a
# determiner; "como alternativa", "as an option" is a role, not a comparison.
_COMPARED = scan.compile(
    # a quantifier may come first: "like all our anti-vibration mounts", "como todas las"
    r"(?i)(?:^|[^\pL])(?:like|como|igual\s+que|same\s+as)\s+(?:all\s+|tod[oa]s\s+)?"
    r"(?:el|la|los|las|lo|nuestro|"
    r"nuestra|nuestros|nuestras|su|sus|tu|tus|the|our|your|its|their|that|this|these|those|"
    r"ese|esa|este|esta|esos|esas|estos|estas)"
    r"(?:$|[^\pL])"
)


# "los mismos 6 meses de garantía que las botas", "the same two years as the boots"
_SAME_AS = scan.compile(
    r"(?i)(?:^|[^\pL])(?:mism[oa]s?|same)\s+(?:[^\s,;:.]+\s+){0,8}?(que|as)\s+(?:el|la|los|"
    r"las|the|our|your|nuestro|nuestra|nuestros|nuestras|su|sus|tu|tus|those|these)(?:$|[^\pL])"
)
_BREAK = scan.compile(r"[,;:.—–()]")
_LIKENED = scan.compile(r"(?i)(?:^|[^\pL])(?:igual\s+que|same\s+as|as\s+the)(?:$|[^\pL])")


def compares(clause: str) -> bool:
    """The clause likens one thing to another ("igual que el Medela", "like the M");
    "como lector electrónico" is a role, not a comparison."""
    return _LIKENED.search(clause) is not None or _COMPARED.search(clause) is not None


def compared_subject(
    clause: str,
    sentence: str,
    products: tuple[Product, ...],
    bare: list[Product],
    last: Product | None = None,
) -> Product | None:
    """ "The Snuzpod4 is out of stock, but like the UPPAbaby it has a 2-year warranty":
    the clause names only the standard of its comparison, which has a warranty of its
    own; the subject is the one product the rest of the sentence names, or with none
    there, the product the draft named last."""
    likening = _COMPARED.search(clause)
    same = None if likening else _SAME_AS.search(clause)
    if likening is None and same is None:
        return None
    # The standard is what the likening phrase itself names, up to the next break: "El
    # GSB está disponible y, como la atornilladora GSR que también tenemos, cuenta con 24
    # meses" likens the drill to the screwdriver; "los mismos 6 meses … que las botas"
    # names it after "que".
    start = likening.start() if likening else same.start(1)
    phrase = _BREAK.split(clause[start:], maxsplit=1)[0]
    # siblings named by a measure alone: "igual que el de 50 L"
    standard = (
        stretch_products(phrase, products)
        or by_measure(phrase, products)
        or stretch_products(clause, products)
    )
    if not standard or any(p in bare for p in standard):
        return None
    rest = sentence.replace(phrase, " ")
    named = stretch_products(rest, products) or by_measure(rest, products)
    others = [p for p in named if p not in standard]
    if len(others) == 1 and others[0] in bare:
        return others[0]
    if not others and last in bare and last not in standard:
        return last  # "Tiene 12 meses de garantía, como el ventilador": the one named before
    return None


# An additive or likening word: the sentence says again what the one before said.
_CARRIED = scan.compile(
    r"(?i)(?:^|[^\pL])(?:también|tambien|igual|misma|mismo|same|too|as\s+well|also)(?:$|[^\pL])"
)
_SAME = scan.compile(r"(?i)(?:^|[^\pL])(?:misma|mismo|same)(?:$|[^\pL])")
_COVERAGE = scan.compile(r"(?i)(?:^|[^\pL])(?:cobertura|coverage|cover)(?:$|[^\pL])")
# Months of instalments are not a warranty's.
_PAYING = scan.compile(r"(?i)cuota|inter[eé]s|install?ment|pag[aáo]|pay|financ")


def carried_over(
    sentence: str, products: tuple[Product, ...], bare: list[Product]
) -> Product | None:
    """Right after a sentence that gives a warranty, one that names a single product and
    says "también viene con 12 meses", "has the same 1-year coverage", "la misma
    cobertura: 2 años" carries the term to that product."""
    if _CARRIED.search(sentence) is None or _PAYING.search(sentence):
        return None
    if TERM.search(sentence) is None and not (
        _SAME.search(sentence) and _COVERAGE.search(sentence)
    ):
        return None  # "the same coverage" says it without a term; "a grill cover" does not
    named = stretch_products(sentence, products)
    if len(named) > 1:
        # "GenPower 2200: también 24 meses, igual que el 3000": the one compared with
        # is the term's source, not its new holder
        named = stretch_products(without_compared(sentence), products)
    return named[0] if len(named) == 1 and named[0] in bare else None


_PUNCTUATION = scan.compile(r"[,:;—–]\s*")
# Closed class: prepositions that make the warranty the topic of what follows.
_TOPIC = frozenset("sobre respecto acerca about regarding re".split())


def warranty_part(clause: str, warranty: tuple[str, ...]) -> str:
    """The stretch of the clause between punctuation that speaks of the warranty: "sin
    coste" after a comma does not negate "está en garantía"."""
    for part in _PUNCTUATION.split(clause):
        if find_phrase(warranty, part) or covered_for_term(part):
            # "Sobre la garantía, en su ficha no aparece": a topic, said by what follows
            return clause if words(part)[:1] and words(part)[0] in _TOPIC else part
    return clause


def outside_the_pair(
    clause: str, products: tuple[Product, ...], warranty: tuple[str, ...], language: str
) -> list[Product]:
    """The products the stretch holding the warranty names, when the clause's "both /
    los dos" is said outside that stretch: the warranty is theirs, not the pair's."""
    if not has_words(clause, PAIR[language]):
        return []
    part = warranty_part(clause, warranty)
    if part == clause or has_words(part, PAIR[language]):
        return []
    return stretch_products(part, products)


def only_in_conditions(clause: str, warranty: tuple[str, ...]) -> bool:
    """Every stretch of the clause that speaks of the warranty is an "if" that opens it:
    the warranty as the customer's concern, with nothing said about it."""
    parts = [p for p in _PUNCTUATION.split(clause) if find_phrase(warranty, p)]
    return bool(parts) and all(words(p)[:1] in (["si"], ["if"]) for p in parts)


_ASIDE = scan.compile(r"\(([^()]*)\)")


def aside_owner(clause: str, named: list[Product], warranty: tuple[str, ...]) -> list[Product]:
    """The product a bracketed term belongs to: the one named last before the bracket
    ("the Wooden soapbox racer kit is $159.00 (1 year warranty) and the Pedal go-kart is
    $229.00"). ``named`` as it was when the clause names no such bracket."""
    for aside in _ASIDE.finditer(clause):
        if TERM.search(aside.group(1)) is None and find_phrase(warranty, aside.group(1)) is None:
            continue
        before = clause[: aside.start()].lower()
        # by the words of its own name: "Soporte de prueba para Shore" is not named by
        # the "Shore" of "Durómetro Shore D digital"
        shared = _shared_name_words(named)
        at = {
            p: max(
                (before.rfind(w) for w in words(p.name) if len(w) >= 4 and w not in shared),
                default=-1,
            )
            for p in named
        }
        owner = max(at, key=at.get, default=None)
        if owner is not None and at[owner] >= 0:
            return [owner]
    return named


def _shared_name_words(named: list[Product]) -> frozenset[str]:
    """The words two or more of the named products' names have in common."""
    seen: set[str] = set()
    shared: set[str] = set()
    for product in named:
        own = set(words(product.name.lower()))
        shared |= own & seen
        seen |= own
    return frozenset(shared)
