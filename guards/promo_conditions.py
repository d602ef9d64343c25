"""A promotion applied under a condition its source does not give.

A promotion's source states its conditions in words of a few closed classes: the day
("los martes", "Monday to Friday"), the way of paying ("pagando con transferencia",
"by bank transfer"), where one buys ("solo en la web", "in store") and who the
customer is ("students", "jubilados"). A sentence that applies the promotion and names
a member of one of those classes that the source does not name, while the source
names members of that class, moves the promotion to a case its source leaves out:
"si pagás con tarjeta también te corresponde el 10 %" over a page that gives the 10 %
for transfers, "teachers get the student discount too".

The classes are read as concepts, so a Spanish draft over an English page compares
"tarjeta" with "card". Only the clause that gives the promotion is read, and a clause
with a negation is the honest answer ("con tarjeta no aplica"). A source that names
no member of a class leaves that class open: the draft may name any.
"""

from __future__ import annotations

from guards import scan
from guards.conjugation import fold
from guards.context import GuardContext
from guards.instalments import instalments_below_threshold
from guards.phrasebook import PHRASEBOOKS
from guards.products import returned_products
from guards.promo_ages import age_outside_source
from guards.text import find_phrase, sentences, without_citations, words
from guards.trust import tainted_chunk

# Closed classes: each word (folded, by its first letters) names one concept.
_DAYS = (
    ("lunes", "monday"),
    ("martes", "tuesday"),
    ("miercoles", "wednesday"),
    ("jueves", "thursday"),
    ("viernes", "friday"),
    ("sabado", "saturday"),
    ("domingo", "sunday"),
)
_PAYMENT = {
    "card": ("tarjeta", "card", "visa", "mastercard", "amex"),
    "transfer": ("transferencia", "transfer", "deposito", "bizum"),
    "cash": ("efectivo", "cash", "contado"),
    "wallet": ("paypal", "mercadopago"),
    "debit": ("debito", "debit"),
    "credit": ("credito",),
}
_CHANNEL = {
    "online": ("online", "web", "website", "app", "internet", "ecommerce"),
    "store": ("local", "locales", "sucursal", "sucursales", "instore", "presencial"),
}
_GROUP = {
    "student": ("estudiante", "student", "universitario"),
    "teacher": ("docente", "profesor", "profesora", "teacher", "maestro", "maestra"),
    "senior": ("jubilado", "jubilada", "pensionista", "pensioner", "senior"),
    "member": ("socio", "socia", "member", "afiliado", "afiliada"),
    "health": ("nhs", "nurse", "enfermero", "enfermera", "sanitario"),
    "military": ("veteran", "veterano", "military", "militar"),
    "emergency": ("police", "policia", "firefighter", "bombero", "ambulance", "paramedic"),
}
_CLASSES: dict[str, dict[str, tuple[str, ...]]] = {
    "day": {en: (es, en) for es, en in _DAYS},
    "payment": _PAYMENT,
    "channel": _CHANNEL,
    "group": _GROUP,
}
_WORD_CONCEPT: dict[str, tuple[str, str]] = {
    form: (kind, concept)
    for kind, concepts in _CLASSES.items()
    for concept, forms in concepts.items()
    for form in forms
}
_WEEK = [en for _, en in _DAYS]
_PHYSICAL = frozenset("fisica fisicas de del".split())
_NEGATION = frozenset("no ni nunca not never cannot".split())
_RANGE = frozenset(("a", "al", "to", "through", "till", "until", "hasta"))
_WEEKEND = frozenset(("weekend", "weekends", "finde"))
# Clause breaks inside a sentence: a promotion and its conditions share one clause.
_BREAK = scan.compile(r"(?i)[;:—–]|,\s(?:o|u|or)\s|\s(?:y|e|and|pero|but|mientras|while|whereas)\s")


def condition_outside_source(ctx: GuardContext, sentence: str, cited: frozenset[str]) -> str | None:
    """A note when a clause of ``sentence`` gives a promotion of this turn's sources
    under a day, a payment, a channel or a customer group that the promotion's source
    does not name though it names others of that class."""
    book = PHRASEBOOKS[ctx.language]
    if (few := instalments_below_threshold(ctx, sentence)) and not _negated(
        words(sentence.lower())
    ):
        return few  # "6 cuotas sin interés" for $95.000 where they start at $120.000
    cues = (*book.discount, r"free", r"gratis", r"\d+\s*%", r"\d+\s*x\s*\d+\b")
    if not find_phrase(cues, sentence):
        return None  # no promotion given in the sentence
    text = without_citations(sentence)
    tokens = words(text.lower())
    if _negated(tokens):
        return None  # "con tarjeta no aplica", "students aren't included": the honest answer
    if (age := age_outside_source(ctx, cited)) is not None:
        return age  # "te aplicamos el 10 % del carné joven" to a customer of 34
    for clause in _BREAK.split(text):
        if not find_phrase(cues, clause):
            continue
        named = _concepts(words(clause.lower()))
        makers = _capitalised(clause) & _product_words(ctx)
        going = _places(clause)
        if not named and not makers and not going:
            continue
        for terms in _promotion_terms(ctx, clause, sentence, cited, cues):
            brands = _brands(terms)
            if makers and brands and not makers & brands:
                return f"the source gives it for {', '.join(sorted(brands))}"
            if going and (places := _places(terms)) and not going & places:
                return f"the source gives it for {', '.join(sorted(places))}"
            given = _concepts(words(terms.lower()), ranges=True)
            for kind, concept in sorted(named):
                others = {c for k, c in given if k == kind}
                if others and concept not in others:
                    return f"the source gives it for {', '.join(sorted(others))}, not {concept}"
    return None


# A source sentence that says its promotion does not add to another one.
_ALONE = scan.compile(
    r"(?i)\b(?:no|not|cannot|can't|isn't|aren't|ni)\s+(?:[\pL\pN']+\s+){0,3}?"
    r"(?:acumula|combin|stack|sum|junto|together)"
)
# What counts as one promotion in a draft sentence: a percentage, an "N x M", a free
# thing, a code (capitals with digits), instalments without interest.
_PROMO_ITEM = scan.compile(
    r"(?i)\d+(?:[.,]\d+)?\s*%|\b\d+\s*x\s*\d+\b|\bfree\b|\bgratis\b|\bgratuit\w*"
    r"|\b(?-i:[A-Z]{3,}\d+)\b|sin\s+inter[eé]s|interest[-\s]free"
    # a multi-buy said in words ("te llevas 3 … pagando 2", "3 for 2"), a code by name
    r"|\bpag\w*\s+(?:solo\s+)?\d+\b|\b\d+\s+(?:for|por)\s+\d+\b"
    r"|\b(?:code|c[oó]digo|coupon|cup[oó]n)\b"
)


# Additive connectives that put one promotion on top of another (closed class).
_ON_TOP = (
    "además",
    "encima",
    "sumar",
    "sumás",
    "sumas",
    "acumul",
    "combin",
    "junto con",
    "stack",
    "on top",
    "and then",
    "plus",
    "together with",
    "as well as",
)


def stacked_against_source(ctx: GuardContext, sentence: str) -> str | None:
    """A sentence that gives two promotions together ("20 % del Hot Sale y encima el
    5 % de ESTUDIANTE5", "your third set free and then your 15 % code"), when a trusted
    source of this turn says its promotion does not combine."""
    lower = sentence.lower()
    if not any(cue in lower for cue in _ON_TOP):
        return None
    items = {m.group(0).lower() for m in _PROMO_ITEM.finditer(sentence)}
    if len(items) < 2:
        return None
    tokens = words(lower)
    if _negated(tokens):
        return None
    for chunk in ctx.retrieved:
        if tainted_chunk(chunk):
            continue
        if any(_ALONE.search(part) for part in sentences(chunk.text)):
            return f"{chunk.source} says its promotion does not combine"
    return None


# Where a promotion is for: the capitalised words after a preposition of place, with
# the ones coordinated to them ("solo para CABA y GBA", "to the UK and Ireland").
_PLACE = scan.compile(
    r"(?:^|[^\pL])(?:a|al|en|para|hacia|to|in|within|across)\s+(?:(?:la|el|los|las|the)\s+)?"
    r"(\p{Lu}[\pL\pN-]*(?:(?:\s+|\s*,\s*|\s+(?:y|e|and|or|o|de|del)\s+)\p{Lu}[\pL\pN-]*)*)"
)
_PLACE_LINKS = frozenset("y e and or o de del".split())


def _places(text: str) -> set[str]:
    found: set[str] = set()
    for match in _PLACE.finditer(text):
        found |= {fold(w) for w in words(match.group(1).lower()) if w not in _PLACE_LINKS}
    return found


def _capitalised(text: str) -> set[str]:
    return {m.group(1).lower() for m in _CAPITALISED.finditer(text)}


_CAPITALISED = scan.compile(r"(?:^|[^\pL\pN])(\p{Lu}[\pL\pN+&'-]+)")


def _product_words(ctx: GuardContext) -> set[str]:
    """The words of the names this turn's product search returned."""
    return {w for p in returned_products(ctx) for w in words(p.name.lower()) if len(w) > 2}


# "de las marcas Asics y Topper", "on the Bosch and Makita brands": the brands a
# promotion names are the capitalised words after the word for a brand.
_BRAND_WORD = scan.compile(r"(?i)\b(?:marcas?|brands?)\b")


def _brands(terms: str) -> set[str]:
    """The brands a promotion is for, not those it excludes ("excepto las marcas
    Apple y Samsung") nor "todas las marcas"."""
    found: set[str] = set()
    for match in _BRAND_WORD.finditer(terms):
        before = words(terms[: match.start()].lower())
        if _OPEN_OR_EXCLUDED & set(before):
            continue
        found |= _capitalised(terms[match.end() : match.end() + 60])
        if terms[match.start()].islower() and before[-1:] != ["de"]:
            found |= _capitalised(terms[max(0, match.start() - 40) : match.start()])
    return found


_OPEN_OR_EXCLUDED = frozenset(
    "no ni not nor sin without excepto salvo except excluding excluye excludes todas todos "
    "all any cualquier otras otros other".split()
)


def _negated(tokens: list[str]) -> bool:
    return bool(_NEGATION & set(tokens)) or any(t.endswith("n't") for t in tokens)


def _concepts(tokens: list[str], *, ranges: bool = False) -> set[tuple[str, str]]:
    found: set[tuple[str, str]] = set()
    folded = [fold(t).replace("-", "") for t in tokens]
    for index, token in enumerate(folded):
        if token in _WEEKEND:
            found |= {("day", "saturday"), ("day", "sunday")}
        if token == "semana" and index >= 2 and folded[index - 2 : index] == ["fin", "de"]:
            found |= {("day", "saturday"), ("day", "sunday")}
        if token == "store" and index and folded[index - 1] == "in":
            found.add(("channel", "store"))
        if token in ("tienda", "tiendas") and _physical(folded, index):
            found.add(("channel", "store"))  # "en la tienda de Zaragoza", "en tienda"
        if token == "credit" and folded[index + 1 : index + 2] == ["card"]:
            found.add(("payment", "credit"))
        concept = _WORD_CONCEPT.get(token) or _WORD_CONCEPT.get(token.rstrip("s"))
        if concept is None and token.endswith("es"):
            concept = _WORD_CONCEPT.get(token[:-2])
        if concept is None:
            continue
        if concept == ("group", "member") and index and _group_of(folded[index - 1]):
            continue  # "military members", "NHS members": the group the word before names
        found.add(concept)
        if ranges and concept[0] == "day":
            found |= _day_range(folded, index, concept[1])
    return found


def _group_of(token: str) -> bool:
    concept = _WORD_CONCEPT.get(token) or _WORD_CONCEPT.get(token.rstrip("s"))
    return concept is not None and concept[0] == "group" and concept[1] != "member"


def _physical(folded: list[str], index: int) -> bool:
    """ "tienda física", "la tienda de Zaragoza", "recogida en tienda": a shop one walks
    into, not "nuestra tienda online" (which "tienda" alone may be, too)."""
    after = folded[index + 1 : index + 2]
    if after and after[0] in _PHYSICAL:
        return after[0] != "de" or folded[index + 2 : index + 3] not in (["la"], ["el"])
    return index > 0 and folded[index - 1] == "en"


def _day_range(folded: list[str], index: int, first: str) -> set[tuple[str, str]]:
    """ "de lunes a viernes", "Monday to Friday": every day between the two."""
    if index + 2 >= len(folded) or folded[index + 1] not in _RANGE:
        return set()
    last = _WORD_CONCEPT.get(folded[index + 2]) or _WORD_CONCEPT.get(folded[index + 2].rstrip("s"))
    if last is None or last[0] != "day":
        return set()
    start, end = _WEEK.index(first), _WEEK.index(last[1])
    span = range(start, end + 1) if start <= end else [*range(start, 7), *range(0, end + 1)]
    return {("day", _WEEK[i]) for i in span}


def _promotion_terms(
    ctx: GuardContext, clause: str, sentence: str, cited: frozenset[str], cues: tuple[str, ...]
) -> list[str]:
    """The sentences of this turn's trusted chunks that give the promotion the clause
    gives: in the chunks the sentence cites (else in any chunk), those that share a
    figure with the clause, or else every one that gives a promotion. A page that gives
    instalments by card and 10 % off by transfer gives the 10 % for transfers only."""
    chunks = [c for c in ctx.retrieved if not tainted_chunk(c) and find_phrase(cues, c.text)]
    chosen = [c.text for c in chunks if c.source in cited] or [c.text for c in chunks]
    figures = _figures(clause) or _figures(sentence)
    parts = [p for text in chosen for p in sentences(text) if find_phrase(cues, p)]
    if same := [p for p in parts if figures & set(words(p))]:
        return same
    if not figures or cited & {c.source for c in chunks}:
        return parts
    return []


def _figures(text: str) -> set[str]:
    return {t for t in words(text) if any(ch.isdigit() for ch in t)}
