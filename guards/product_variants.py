"""A variant claimed in stock that no returned product is.

"Las tenemos también en la 40", "también lo tenemos en terciopelo verde", "we also have
it in black": an additive focus word and a stock verb in one clause carry the returned
product to another size, colour or material; so does a stock verb with "en" / "in" and
the variant after it ("la tenemos en rojo, negro y gris", "we have it in size XL"). The
dimensions a variant differs by are closed classes (a size number or letters after its
word, colours, common materials), so the check reads them only, and passes when some
returned product's name or SKU has the word, a colour whatever its gender and number.
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation

from guards import scan
from guards.products import Product
from guards.text import negated_clause, words

_ALSO = {
    "es": frozenset(("también", "tambien", "además", "ademas")),
    "en": frozenset(("also", "too")),
}
_AS_WELL = re.compile(r"(?i)\bas\s+well\b(?!\s+as\b)")  # not "as well as"
_STOCK = {
    "es": frozenset(
        "tenemos tengo manejamos trabajamos vendemos hay disponible disponibles".split()
    ),
    "en": frozenset("have carry stock sell available".split()),
}
# "we have" + a bare plural kind: "tenemos mates de cerámica", "we stock oak desks".
_HAS_KIND = {
    "es": re.compile(r"(?i)\b(?:tenemos|manejamos|trabajamos|vendemos)\s+([^\W\d_]+[^.;:,!?]*)"),
    "en": re.compile(r"(?i)\bwe\s+(?:have|carry|stock|sell)\s+([^\W\d_]+[^.;:,!?]*)"),
}


# "lo que (sí) tenemos … son / es", "what we (do) have … is / are": a pseudo-cleft.
_PSEUDO_CLEFT = {
    "es": re.compile(r"(?i)\blo\s+que\s+(?:s[ií]\s+)?tenemos\b[^.;:]*?\b(?:son|es)\b"),
    "en": re.compile(r"(?i)\bwhat\s+we\s+(?:do\s+)?have\b[^.;:]*?\b(?:is|are)\b"),
}


def _names_returned(text: str, products: tuple[Product, ...]) -> bool:
    """Two of a returned name's words of four letters or more are in the text."""
    said = set(words(text))
    return any(len({w for w in words(p.name) if len(w) >= 4} & said) >= 2 for p in products)


def _names_a_kind(phrase: str, names: set[str]) -> bool:
    """The phrase opens with a plural noun (no article) that a returned name has."""
    head = words(phrase)[:1]
    return bool(head) and head[0].endswith("s") and agreed(head[0]) in names


# A stock verb, then "en" / "in" within a few words: what follows names the variant.
_HAS_IN = {
    "es": re.compile(
        r"(?i)\b(?:tenemos|tengo|manejamos|trabajamos|vendemos|hay|viene|vienen|"
        r"disponibles?)\b[^.;:]{0,40}?\ben\b"
    ),
    "en": re.compile(r"(?i)\b(?:have|carry|stock|sell|comes?|available)\b[^.;:]{0,40}?\bin\b"),
}
# Colours as concepts, so that a Spanish reply over English names compares "negro" with
# "Black": every form of one colour, in both languages, is one key.
_COLOUR_FORMS = {
    "black": "negro negra negros negras black",
    "white": "blanco blanca blancos blancas white",
    "red": "rojo roja rojos rojas red",
    "blue": "azul azules blue",
    "green": "verde verdes green",
    "grey": "gris grises grey gray",
    "yellow": "amarillo amarilla amarillos amarillas yellow",
    "pink": "rosa rosas rosado rosada pink",
    "brown": "marrón marron marrones brown",
    "beige": "beige",
    "orange": "naranja naranjas orange",
    "purple": "violeta violetas lila purple violet",
    "lightblue": "celeste celestes",
    "silver": "plateado plateada plata silver",
    "gold": "dorado dorada gold golden",
    "burgundy": "bordó bordo burgundy",
    "turquoise": "turquesa turquoise",
    "cream": "crema cream",
    "navy": "navy",
}
_COLOUR = {form: key for key, forms in _COLOUR_FORMS.items() for form in forms.split()}
COLOURS = frozenset(_COLOUR)
MATERIALS = frozenset(
    """cuero piel ante gamuza terciopelo lino algodón algodon lana seda madera roble nogal
    pino metal aluminio acero vidrio mimbre cerámica ceramica porcelana bambú bambu
    plástico plastico
    leather suede velvet linen cotton wool silk wood oak walnut pine metal aluminium
    aluminum steel glass wicker ceramic porcelain bamboo plastic""".split()
)
# A size: the number or letters after its word ("talle 40", "size 9", "talla XL"), or
# "en la 40".
_SIZE = re.compile(
    r"(?i)(?:talles?|tallas?|size|n[úu]mero)\s+(\d{1,3}(?![\d%]|[.,]\d)|x{0,3}[sl]\b|m\b)|"
    r"en\s+(?:la|el)\s+(\d{1,3})(?![\d%]|[.,]\d)"
)


# The sizes of a bed, a mattress or its linen (closed class), and "1 plaza", "2 plazas".
_BED_SIZES = frozenset("king queen double single twin superking matrimonial".split())
_PLAZAS = re.compile(r"(?i)\b(\d(?:[.,]5)?)\s+plazas?\b")


def unreturned_variant(
    clause: str,
    language: str,
    products: tuple[Product, ...],
    pages: tuple[str, ...] = (),
    cited: tuple[str, ...] = (),
) -> str | None:
    """The size, colour or material a clause says the shop "also" has, when no returned
    product has it nor the shop's own page about one of them (``pages``: the turn's
    chunks the shop wrote; ``cited``: those the clause itself cites); None otherwise."""
    lang = "en" if language == "en" else "es"
    tokens = words(clause)
    if not products or negated_clause(clause.split(",")[0], language):
        return None
    negated = negated_clause(clause, language)
    # "… and the Celtic Knot Wool Scarf – Navy as well": "as well" is "also" after it
    # (a "we carry it in XL as well" is read by its "in")
    added = _ALSO[lang] & set(tokens) or (
        lang == "en" and _AS_WELL.search(clause) and not _HAS_IN[lang].search(clause)
    )
    also = bool(added and _STOCK[lang] & set(tokens))
    kind = None if also else _HAS_KIND[lang].search(clause)
    has_in = None if also or negated else _HAS_IN[lang].search(clause)
    if not (also or kind or has_in):
        return None  # most clauses say no "we have": read no names
    names = {w for p in products for w in words(f"{p.name} {p.sku}")}
    names |= {agreed(w) for w in names}
    if (cleft := _PSEUDO_CLEFT[lang].search(clause)) is not None and _names_returned(
        clause[cleft.end() :], products
    ):
        # "Lo que sí tenemos en madera noble son las castañuelas Filigrana": the wood
        # describes the returned product the cleft names, no variant of it is claimed
        return None
    if also and not negated:
        said = clause
    elif kind is not None and _names_a_kind(kind.group(1), names):
        # "Sí, tenemos mates de vidrio forrados en cuero" over the one wooden mate: the
        # returned kind, in a material or colour none of them is; what follows its comma
        # is another statement ("…, ideales para no tener que curar")
        said = kind.group(1).split(",")[0]
    elif has_in is not None:
        said = clause[has_in.end() :]
    else:
        return None
    wanted = [(m.group(1) or m.group(2)).lower() for m in _SIZE.finditer(said)]
    wanted += [t for t in words(_without_event_names(said)) if t in COLOURS or t in MATERIALS]
    # a bed's size: "in king size as well as double", "lo tenemos en 1 plaza"
    wanted += [t for t in words(said) if t in _BED_SIZES]
    wanted += [m.group(1) for m in _PLAZAS.finditer(said)]
    if has_in is not None and (letter := _LETTER_SIZE.match(said.lstrip())):
        wanted.append(letter.group(1).lower())  # "we carry it in XL as well"
    unnamed = [w for w in wanted if w not in names and agreed(w) not in names]
    if unnamed:
        documented = documented_words(pages, products) | documented_words(cited, products, shared=1)
        if (variant := next((w for w in unnamed if w not in documented), None)) is not None:
            return variant
    # an edition's language, where the returned names tell editions by theirs:
    # "tenemos Carcassonne en inglés" over "Carcassonne (edición española)"
    editions = {_LANGUAGE_OF[w] for w in names if w in _LANGUAGE_OF}
    for word in words(said) if editions else ():
        if word in _LANGUAGE_OF and _LANGUAGE_OF[word] not in editions:
            return word
    # a capacity or measure in a unit the siblings are measured in: "lo tenemos en 4 TB"
    # beside the 500 GB, 1 TB and 2 TB ones
    own = {m for p in products for m in _measures(p.name)}
    for unit, value in sorted(_measures(said)):
        if (unit, value) not in own and any(u == unit for u, _ in own):
            return f"{value} {unit}"
    return None


def documented_words(
    pages: tuple[str, ...], products: tuple[Product, ...], *, shared: int = 2
) -> frozenset[str]:
    """The words of the shop's own pages that speak of a returned product (``shared``
    words of its name, of four letters or more): "Gel Heel Cups sizes: S (UK 3–6), M, L"
    lists the sizes of the "Gel Heel Cups (pair)" the search returned. A page the clause
    cites needs one: "Vienen en acero S7 [forja#4]" over "Nuestros punzones están
    fabricados en acero S7" for the "Juego de punzones de forja"."""
    out: set[str] = set()
    for text in pages:
        said = set(words(text))
        if any(len({w for w in words(p.name) if len(w) >= 4} & said) >= shared for p in products):
            out |= said
    return frozenset(out)


# The languages an edition is sold in, each form to one key (closed class).
_LANGUAGE_OF = {
    form: key
    for key, forms in {
        "en": "inglés ingles english",
        "es": "español española castellano spanish",
        "fr": "francés frances francesa french",
        "de": "alemán aleman alemana german",
        "it": "italiano italiana italian",
        "pt": "portugués portugues portuguesa portuguese",
    }.items()
    for form in forms.split()
}


# A capitalised colour before a capitalised word that is no colour names an event or a
# range ("el Black Friday", "Green Week"), not a variant ("en Azul Marino" is one).
_EVENT_NAME = scan.compile(r"(\p{Lu}\pL+)\s+(\p{Lu}\pL+)")
_SHADES = frozenset("marino oscuro claro navy dark light pale deep".split())


def _without_event_names(text: str) -> str:
    for match in _EVENT_NAME.finditer(text):
        first, second = match.group(1).lower(), match.group(2).lower()
        if first in COLOURS and not ({second} & (COLOURS | MATERIALS | _SHADES)):
            text = text.replace(match.group(0), " ")  # not "Navy Velvet": a variant
    return text


def agreed(word: str) -> str:
    """A colour as its concept, whatever its gender, number and language ("negro" is
    the "Negra" sleeve and the "Black" one); a material as its noun ("Wooden" is wood);
    another word without a plural "s"."""
    if word in _COLOUR:
        return _COLOUR[word]
    # an English adjective of the material: "wooden" is wood, "woollen" wool
    for suffix in ("len", "en"):
        if word.endswith(suffix) and word[: -len(suffix)] in MATERIALS:
            return word[: -len(suffix)]
    return word[:-1] if word.endswith("s") else word


def by_attributes(clause: str, products: list[Product]) -> list[Product]:
    """Of sibling products a clause names, those whose colour and size it says: "las
    Samba OG negras en talle 41" is the black pair, not the white one that shares every
    other word; "the 12 in bunny" is not the 18 in one. A product stays when the clause
    says nothing of a dimension, or says the product's own value of it."""
    said = {agreed(w) for w in words(clause) if w in COLOURS}
    sizes = {(m.group(1) or m.group(2)).lower() for m in _SIZE.finditer(clause)}
    sizes |= _letter_sizes(clause)
    measured: dict[str, set[str]] = {}
    for unit, value in _measures(clause):
        measured.setdefault(unit, set()).add(value)
    kept = []
    for product in products:
        name = words(product.name)
        colours = {agreed(w) for w in name if w in COLOURS}
        own_sizes = {(m.group(1) or m.group(2)).lower() for m in _SIZE.finditer(product.name)}
        own_sizes |= _letter_sizes(product.name)
        if said and colours and not colours & said:
            continue
        if sizes and own_sizes and not own_sizes & sizes:
            continue
        own_measures = _measures(product.name)
        if any(unit in measured and value not in measured[unit] for unit, value in own_measures):
            continue  # "the 12 in bunny", "el de 256 GB": not the 18 in, not the 128 GB
        kept.append(product)
    return kept or products


# A size in letters right after "in" / "en", written as sizes are: "in XL", "en M".
_LETTER_SIZE = re.compile(r"(X{1,3}[SL]|XS|[SML])\b")
# A size in capital letters standing alone: "Jumper Navy L", "the navy M" (not the "L" of
# "80 L", nor the "M" of "M.2").
_LETTER_SIZE_WORD = re.compile(r"(?<![\w.-])(?<!\d\s)(XXXL|XXL|XL|XS|S|M|L)(?![\w.-])")


def _letter_sizes(text: str) -> set[str]:
    return {m.group(1).lower() for m in _LETTER_SIZE_WORD.finditer(text)}


# A measure in a name or a clause: "256 GB", "12 in", "20 m", "55 pulgadas".
_MEASURE = re.compile(
    r"(?i)(?<![\w.,])(\d{1,4}(?:[.,]\d{1,2})?)\s?(gb|tb|in|inch|inches|\"|cm|mm|ml|l|kg|m|"
    r"pulgadas)(?![\w])(?!\s+stock)"
)
_DIMENSIONS = re.compile(
    r"(?i)(?<![\w.,])(\d{1,4}(?:[.,]\d{1,2})?(?:\s?[x×]\s?\d{1,4}(?:[.,]\d{1,2})?)+)\s?(cm|mm|m|in)\b"
)


def _each_in(numbers: str, unit: str) -> str:
    return " ".join(f"{n} {unit}" for n in re.split(r"\s?[x×]\s?", numbers))


# A unit written out, as names abbreviate it: "20 metros" is the "… 20 m", "55 pulgadas"
# the "55 in".
UNIT_WORDS = {
    **dict.fromkeys(("inch", "inches", '"', "pulgadas", "pulgada"), "in"),
    **dict.fromkeys("metros metro meters meter metres metre".split(), "m"),
    **dict.fromkeys("litros litro liters liter litres litre".split(), "l"),
    **dict.fromkeys("gramos gramo grams gram".split(), "g"),
    **dict.fromkeys("centímetros centimetros centimeters centimetres".split(), "cm"),
}


def _measures(text: str) -> set[tuple[str, str]]:
    """Each measure as (unit, value), a volume, a weight or a length in one unit of its
    kind ("500 ml" is 0.5 l beside "1 L"), so that siblings measured in different units
    still tell each other apart."""
    out = set()
    # "25 x 12.5 x 51 mm": every number of the dimensions is in the unit that closes them
    text = _DIMENSIONS.sub(lambda d: _each_in(d.group(1), d.group(2)), text)
    for m in _MEASURE.finditer(text):
        unit = UNIT_WORDS.get(m.group(2).lower(), m.group(2).lower())
        value = m.group(1).replace(",", ".")
        if unit in IN_BASE:
            base, factor = IN_BASE[unit]
            try:
                unit, value = base, _plain(Decimal(value) * factor)
            except InvalidOperation:
                pass
        out.add((unit, value))
    return out


# The smaller units of a kind, in its base unit ("ml" in litres, "g" in kilos): sizes
# are compared in these (`guards.promo_sizes` too).
IN_BASE = {
    "ml": ("l", Decimal("0.001")),
    "cl": ("l", Decimal("0.01")),
    "lt": ("l", Decimal(1)),
    "l": ("l", Decimal(1)),
    "g": ("kg", Decimal("0.001")),
    "kg": ("kg", Decimal(1)),
}


def _plain(value: Decimal) -> str:
    text = format(value.normalize(), "f")
    return text


def by_measure(text: str, products: tuple[Product, ...]) -> list[Product]:
    """The products a text names by a measure or a size of theirs alone ("el de 50 L",
    "igual que la M", "la talla 40")."""
    said = _measures(text)
    if said:
        return [p for p in products if said & _measures(p.name)]
    sizes = _letter_sizes(text) | {(m.group(1) or m.group(2)).lower() for m in _SIZE.finditer(text)}
    if not sizes:
        return []
    return [p for p in products if sizes & _sizes_of(p.name)]


def _sizes_of(name: str) -> set[str]:
    return _letter_sizes(name) | {(m.group(1) or m.group(2)).lower() for m in _SIZE.finditer(name)}


def by_own_words(text: str, named: list[Product]) -> list[Product]:
    """Of siblings a text names, those it names by a word of their name the others lack
    ("in Jake", "gris perla"); with none named that way, the plain sibling whose name
    has no word of its own ("el Seiko Presage SRPD37" beside "… (segunda mano)"); else
    all of them."""
    said = set(words(text.lower()))
    own = {p: set(words(p.name.lower())) for p in named}
    for p in named:
        own[p] -= {w for q in named if q is not p for w in words(q.name.lower())}
    by_word = [p for p in named if said & own[p]]
    if by_word:
        return by_word
    plain = [p for p in named if not own[p]]
    return plain if plain and len(plain) < len(named) else named


def by_some_words(text: str, named: list[Product]) -> list[Product]:
    """Of siblings a text names, those that carry every word the text says that only
    some of them have ("In Volcanic, the 24 cm and the 20 cm are both in stock" is not
    the Marseille one); all of them when no such word narrows them to any."""
    names = {p: set(words(p.name.lower())) for p in named}
    kept = list(named)
    for word in dict.fromkeys(words(text.lower())):  # in the text's order
        having = [p for p in kept if word in names[p]]
        if having and len(having) < len(kept):
            kept = having
    return kept
