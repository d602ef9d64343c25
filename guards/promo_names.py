"""Whether a promotion granted to a named thing reaches it, read from the names its
source gives.

A promotion's source often limits it by name: a brand ("de Carolina Herrera y Paco
Rabanne"), a range ("from our Party Games range"), a model ("two Continental Grand
Prix 5000 tyres"). A name is a
word written with a capital that does not open its sentence, outside the heading
before the first colon (the promotion's own name: "Black Friday:", "Diaper Club:").
When the draft grants such a promotion to a thing named by a capitalised word (the
customer's own, or a returned product the sentence names) and that thing's words hold
none of the source's names whole, the thing is another brand, range or model than the
ones the source gives: "two Gatorskin … qualify" under "Continental Grand Prix 5000",
"unas Ray-Ban graduadas entran" under "Miravista y Lunor Basic".

Names after a payment word ("con Visa", "with Mastercard") or of a place (a shipping
promotion names where, not what) limit something else, and are not read.
"""

from __future__ import annotations

import re

from guards.conjugation import fold
from guards.context import GuardContext
from guards.memo import memoised
from guards.phrasebook import PHRASEBOOKS
from guards.product_refs import loosely_referred
from guards.products import returned_products
from guards.text import find_phrase, sentences, without_citations

_TOKEN = re.compile(r"[^\W_]+(?:['’+-][^\W_]+)*")
# Names after these limit how one pays or where it ships, not what is on offer.
_PAYMENT = frozenset(
    "con with paying pagando pago pagos payment tarjeta tarjetas card cards banco bank "
    "envío envio envíos envios shipping delivery entrega a to".split()
)
SHIPPING_WORDS = ("envío", "envio", "shipping", "delivery", "entrega", "despacho")
_CALENDAR = frozenset(
    "january february march april may june july august september october november "
    "december enero febrero marzo abril mayo junio julio agosto septiembre setiembre "
    "octubre noviembre diciembre monday tuesday wednesday thursday friday saturday sunday "
    "lunes martes miércoles miercoles jueves viernes sábado sabado domingo".split()
)
# The words that grant: a discount word, "free", a percentage, a multi-buy ("3x2").
GRANTS = {
    language: (*PHRASEBOOKS[language].discount, r"free", r"gratis", r"\d+\s*%", r"\dx\d")
    for language in PHRASEBOOKS
}
_HEDGES = frozenset(
    "no ni nunca not never cannot excepto salvo except excluding excluded excludes "
    "excluye excluyen excluido excluida excluidos excluidas only solo sólo solamente "
    "únicamente unicamente exclusively exclusivamente but pero aunque although however "
    "sino fuera afuera unlike".split()
)
_ONLY = frozenset("only solo sólo solamente únicamente unicamente just".split())


def hedged(tokens: tuple[str, ...] | list[str]) -> bool:
    """The sentence restricts, excludes or negates: the honest answer. "Only" counts
    when it restricts a thing, not a price ("pagas solo 2", "you only pay for two")."""
    for index, token in enumerate(tokens):
        if token.endswith(("n't", "n’t")):
            return True
        if token not in _HEDGES:
            continue
        if token in _ONLY and _paying(tokens, index):
            continue
        return True
    return False


def _paying(tokens: tuple[str, ...] | list[str], index: int) -> bool:
    before = tokens[index - 1] if index else ""
    after = tokens[index + 1] if index + 1 < len(tokens) else ""
    paying = ("pag", "pay")
    return after[:1].isdigit() or before.startswith(paying) or after.startswith(paying)


def granted_to_another_name(
    ctx: GuardContext, sentence: str, promotions: list[str], *, answers_yes: bool
) -> str | None:
    """A note when ``sentence`` grants one of ``promotions`` to a thing of another
    brand, range or model than the ones its source limits it to."""
    tokens = [t.lower() for t in _TOKEN.findall(without_citations(sentence))]
    if not answers_yes and not find_phrase(GRANTS[ctx.language], sentence):
        return None
    if hedged(tokens):
        return None
    asked = _runs(ctx.question) if answers_yes else []
    said = [*_runs(sentence), *asked]
    products = returned_products(ctx)
    named = loosely_referred(f"{sentence} {ctx.question if answers_yes else ''}", products)
    names_of = [_name_stems(p.name) for p in products]
    # a run that is part of a returned product's name is that product
    things = [
        # a product's record may file it under a kind or tag it ("Lounge Sets"): the
        # thing is that too, not only what its name says
        *(products_named := [_name_stems(" ".join((p.name, *p.kinds, *p.tags))) for p in named]),
        *[run for run in said if not any(run <= name for name in names_of)],
    ]
    for source in promotions:
        names, ranges, limited = _source_names(source)
        if not names:
            continue
        known = _all_stems(source)
        # the promotion's own name, before its colon ("Spring Lounge event: …"), said
        # again in the sentence is that promotion, not a thing it is granted to
        own_name = _all_stems(source.split(":", 1)[0]) if ":" in source[:60] else frozenset()
        for thing in things:
            if own_name and thing <= own_name and thing not in products_named:
                continue
            if (
                ranges
                and any(_holds(thing, name[:1]) for name in names)
                and not any(_holds(thing, r) for r in ranges)
            ):
                # "cavas Codorníu de la gama Anna": the brand, not the range it names
                return f"its source names the range {_shown(ranges)}, which the thing is not"
            if any(_holds(thing, name) for name in names):
                continue  # a thing the source names: in
            for name in names:
                # the brand the source names first, without the range or model after it
                missing = sorted(s for s in name if _naming(s) and not _holds(thing, (s,)))
                if len(name) >= 2 and name[0] in thing and missing:
                    return f"its source names {_shown(names)}; the thing lacks {missing[0]!r}"
            if limited and (strangers := sorted(thing - known)):
                return f"its source names only {_shown(names)}, not {strangers[0]!r}"
    return None


def _naming(stem: str) -> bool:
    """A stem that tells a model apart: three letters or more, or a code with a digit
    ("X2" is not the "S1")."""
    return len(stem) >= 3 or any(c.isdigit() for c in stem)


def _holds(thing: frozenset[str], name: tuple[str, ...]) -> bool:
    """Every stem of the name is one of the thing's, or begins one ("iO" of "iO9")."""
    return all(s in thing or any(t.startswith(s) for t in thing) for s in name)


def _shown(names: list[tuple[str, ...]]) -> str:
    return " / ".join(" ".join(name) for name in names[:3])


# A source that limits its promotion by name says so: "de la marca Hacendado", "Solo
# monturas de las marcas Miravista y Lunor Basic", "from our Party Games range", "las
# marcas no citadas", "Other brands are not included".
_LIMITS = frozenset(
    "marca marcas brand brands gama gamas range ranges línea linea line colección "
    "coleccion collection denominación denominacion referencia referencias".split()
)


# Words that name a range as such ("la gama Anna", "the Effaclar range", "iO Series"):
# not a name themselves; the name beside them is the range.
_RANGE_WORDS = frozenset(
    "gama gamas línea linea líneas lineas line lines range ranges colección coleccion "
    "colecciones collection collections serie series edición edicion edition".split()
)
# Qualifiers a maker puts on many of its lines ("Bosch Professional power tools"): not
# a name a product of that maker must carry.
_QUALIFIERS = frozenset(
    "professional pro plus premium original classic clásico clasico selection".split()
)
_RANGE_STEMS = frozenset(
    (fold(w)[:-1] if len(w) > 3 and w.endswith("s") else fold(w))[:5]
    for w in _RANGE_WORDS | _QUALIFIERS
)


@memoised()
def _source_names(
    source: str,
) -> tuple[list[tuple[str, ...]], list[tuple[str, ...]], bool]:
    """The runs of names the source limits its promotion to (each as its stems in
    order, the brand first), the ones of them it calls a range, and whether it limits
    by name outright."""
    if any(word in source.lower() for word in SHIPPING_WORDS):
        return [], [], False
    whole = source.split(":", 1)[1] if ":" in source[:60] else source
    body = _granting_part(whole)
    runs = _runs_in_order(body, payment_ends=True)
    names = [n for n in (tuple(s for s in run if s not in _RANGE_STEMS) for run in runs) if n]
    # "Quedan fuera … las marcas no citadas": the limit may stand among the exclusions
    lowered = {fold(t.lower()) for t in _TOKEN.findall(whole)}
    limited = bool(names) and bool(lowered & {fold(w) for w in _LIMITS})
    return names, _ranges(body), limited


# Case matters for the name (a capital), not for the range word.
_RANGE_AFTER = re.compile(
    r"\b(?i:gamas?|l[ií]neas?|colecci[oó]n|colecciones|series?|range|line|collection)"
    r"\s+(?:de\s+)?(?:la\s+|los\s+|las\s+)?((?:[A-ZÁÉÍÓÚÑ][\w'’+-]*\s?)+)"
)
_RANGE_BEFORE = re.compile(
    r"(?<![\w'’+-])((?:[A-ZÁÉÍÓÚÑ][\w'’+-]*\s)+)(?i:range|line|collection|series)\b"
)


def _ranges(body: str) -> list[tuple[str, ...]]:
    """The names the source calls a range: "de la gama Anna", "our Party Games range"."""
    found = [*_RANGE_AFTER.findall(body), *_RANGE_BEFORE.findall(body)]
    out = []
    for phrase in found:
        stems = tuple(
            _stem(t.lower())
            for t in _TOKEN.findall(phrase)
            if not any(c.isdigit() for c in t) and _stem(t.lower()) not in _RANGE_STEMS
        )
        if stems:
            out.append(stems)
    return out


_NEGATORS = frozenset(
    "no ni not excepto salvo except excluding excludes excluye excluyen fuera "
    "excluded excluidos excluidas".split()
)


def _granting_part(body: str) -> str:
    """The source's sentences up to a negation or an exception: the names after it
    ("No incluye La Roche-Posay, Avène") are left out, not given."""
    kept = []
    for sentence in sentences(body):
        cut = next(
            (m.start() for m in _TOKEN.finditer(sentence) if m.group().lower() in _NEGATORS),
            len(sentence),
        )
        kept.append(sentence[:cut])
    return ". ".join(kept)


def _runs(text: str, *, payment_ends: bool = False) -> list[frozenset[str]]:
    return [frozenset(run) for run in _runs_in_order(text, payment_ends=payment_ends)]


_GAP = re.compile(r"\s+")


def _runs_in_order(text: str, *, payment_ends: bool = False) -> list[tuple[str, ...]]:
    """Runs of capitalised words that do not open their sentence, as stems in order; a
    mark between two words (a comma, a bracket) ends a run."""
    out: list[tuple[str, ...]] = []
    for sentence in sentences(without_citations(text)):
        run: list[str] = []
        skip = False
        end = 0
        previous = ""
        for index, match in enumerate(_TOKEN.finditer(sentence)):
            token = match.group()
            lower = token.lower()
            gap = sentence[end : match.start()]
            end = match.end()
            if run and gap and not _GAP.fullmatch(gap):
                out.append(tuple(run))
                run = []
            after_number = index > 0 and any(c.isdigit() for c in previous)
            previous = token
            # a model code after a name continues it: "Volt X2" is not the "Volt S1"
            code = bool(run) and token[:1].isupper() and any(c.isdigit() for c in token)
            proper = (
                index > 0
                and not after_number  # "128 GB", "50 ML": a unit
                and token[:1].isupper()
                and (not any(ch.isdigit() for ch in token) or code)
                and lower not in _CALENDAR
                and len(token) > 1
            )
            if proper and not skip:
                run.append(_stem(lower))
                continue
            if run:
                out.append(tuple(run))
                run = []
            skip = payment_ends and lower in _PAYMENT
        if run:
            out.append(tuple(run))
    return out


@memoised()
def _all_stems(text: str) -> frozenset[str]:
    return frozenset(_stem(t.lower()) for t in _TOKEN.findall(without_citations(text)))


def _name_stems(name: str) -> frozenset[str]:
    return frozenset(_stem(t.lower()) for t in _TOKEN.findall(name) if not t.isdigit())


def _stem(token: str) -> str:
    folded = fold(token).replace("-", "")
    if len(folded) > 3 and folded.endswith("s"):
        folded = folded[:-1]
    return folded[:5]
