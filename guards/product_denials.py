"""What a sentence says the shop does not carry, resolved against this turn's search.

The denied thing is the noun phrase the denial is about: the topic before it ("Relojes
no tenemos", "Ese vaquero ya no lo vendemos") or the object after it ("no trabajamos
Asics"). A demonstrative with no content of its own ("ese modelo", "that one") refers
to the product the customer asked about. The phrase denies a returned product when
every content word it has is in that product's name (a qualifier the product lacks —
"relojes de hombre", "in suede" — makes it another thing).
"""

from __future__ import annotations

import re
from functools import lru_cache
from itertools import pairwise

from guards import scan
from guards.product_refs import loosely_referred, stem
from guards.product_variants import COLOURS, MATERIALS, UNIT_WORDS, agreed
from guards.products import MAKERS, Product, name_stems
from guards.text import words

_DENY = {
    "es": scan.compile(
        # "tampoco" negates as "no" does: "y la de 50x50 cm tampoco la manejamos"
        r"(?i)(?:^|[^\pL])((?:ya\s+)?(?:no|tampoco)\s+(?:(?:lo|la|los|las|le|les)\s+)?"
        r"(?:tenemos|vendemos|trabajamos|manejamos|comercializamos|ofrecemos|disponemos\s+del?|"
        r"contamos\s+con|estamos\s+(?:trabajando|vendiendo|manejando|ofreciendo|"
        r"comercializando))|(?:(?:lo|la|los|las)\s+)?(?:discontinuamos|descontinuamos)|"
        # "lo dejamos de vender", "dejamos de trabajar la marca"
        r"(?:(?:lo|la|los|las)\s+)?dejamos\s+de\s+(?:vender|traer|trabajar|manejar|tener|"
        r"comercializar|ofrecer)|"
        # a copula with the range: "no forma parte de nuestro catálogo"
        r"no\s+(?:es|son|forma|forman|está|están)\s+(?:parte\s+de|en)\s+nuestr[oa]s?\s+"
        r"(?:catálogo|catalogo|surtido|gama|línea|linea|oferta))"
        r"(?:$|[^\pL])"
    ),
    "en": scan.compile(
        r"(?i)(?:^|[^\pL])((?:we\s+)?(?:do\s+not|don't|no\s+longer)\s+"
        r"(?:have|carry|stock|sell|offer|work\s+with)|(?:we(?:'ve)?\s+)?discontinued|"
        r"(?:we(?:'ve|\s+have)?\s+)?(?:stopped|quit)\s+(?:selling|carrying|stocking|offering)|"
        r"(?:isn't|aren't|is\s+not|are\s+not)\s+(?:something|anything|a\s+product|"
        r"an\s+item|a\s+brand)\s+we\s+(?:sell|carry|stock|have|offer)|"
        # a copula with the range: "isn't part of our range"
        r"(?:isn't|aren't|is\s+not|are\s+not)\s+(?:part\s+of|in)\s+our\s+"
        r"(?:range|catalogue|catalog|line-?up|selection|assortment))"
        r"(?:$|[^\pL])"
    ),
}
# Closed classes: words of a noun phrase that name nothing of a product.
_FUNCTION = frozenset(
    "el la los las lo le les un una unos unas de del al a en con por para y o e "
    "the a an of in on at with for and or any some "
    "sí si yes ya no not lamentablemente lo siento sorry unfortunately nada nothing "
    "ahora momento hoy actualmente todavía aún por now today currently moment right yet "
    "stock disponible disponibles available mismo misma semana week mes month día day "
    "time vez "
    # focus adverbs before a fronted topic: "justo la Whirlpool no la tenemos"
    "justo justamente precisamente exactamente anymore existencias has have been "
    "year years año años last pasado pasada here aquí acá "
    # the shop's own venues: "in the shop", "en el catálogo", "en la web"
    "shop store tienda catálogo catalogo catalogue catalog web website online sucursal".split()
)
_VENUES = frozenset(
    "tienda catálogo catalogo catalogue catalog web website sucursal shop store".split()
)
_DEMONSTRATIVE = frozenset(
    "ese esa esos esas este esta estos estas eso that this those these".split()
)
_CLASSIFIER = frozenset(
    "modelo modelos producto productos artículo artículos marca marcas gama línea linea "
    "referencia model models product products item items brand brands range line one ones "
    "concreto concreta específico específica exacto exacta specific exact particular".split()
)
_OTHER = frozenset("otro otra otros otras other another más more else".split())
# Closed class: the dimensions a product varies in; denying one denies a variant.
_ATTRIBUTE = frozenset(
    "talla tallas talle talles número size sizes color colores colour colours tamaño "
    "tamaños medida medidas versión versiones version versions variante variant capacidad "
    "capacity".split()
)
_RANGE = scan.compile(
    r"(?i)vend|trabaj|manej|comerci|ofrec|discontinu|descontinu|carry|sell|work|offer|"
    r"parte|nuestr|our"
)
_AND = scan.compile(r"(?i)\s(?:y|e|and)\s")
_THAT = scan.compile(r"(?i)(?:^|\s)(?:que|that)\s")
_NAMING = scan.compile(r"[\pL\pN][\pL\pN'.-]*")
_STOP = scan.compile(r"[,;:()—–]|\s(?:pero|sino|solo|sólo|but|only|just|porque|because|ni|nor)\s")


@lru_cache(maxsize=256)
def denied_phrases(clause: str, language: str) -> tuple[tuple[list[str], bool], ...]:
    """The noun phrases the clause says the shop does not carry: the topic before the
    denial with what follows the verb ("El G54 no lo tenemos en 256 GB"), or the object;
    and whether the verb is about the range (sell, work with, discontinue) rather than
    the stock ("no lo tenemos" may be about a size or a colour)."""
    out = []
    matches = list(_DENY["en" if language == "en" else "es"].finditer(clause))
    for index, match in enumerate(matches):
        following = matches[index + 1] if index + 1 < len(matches) else None
        # the topic is the last conjunct before the denial: "La lámpara está agotada y
        # la estantería Kallax no la vendemos" denies the shelf
        before = _AND.split(_STOP.split(clause[: match.start(1)])[-1])[-1]
        # a complement clause opens after "que": "La verdad es que Wahl no la estamos
        # trabajando" denies Wahl
        before = _THAT.split(before)[-1]
        # the object ends where the next denial starts ("lo discontinuamos y ya no lo
        # trabajamos")
        end = following.start(1) if following else len(clause)
        after = _STOP.split(clause[match.end(1) : end])[0]
        topic, obj = words(before), words(after)
        while topic and topic[0] in _DISCOURSE:
            topic = topic[1:]  # "Pues el Kit Sismógrafo 3C no lo trabajamos": the kit
        if obj[:1] == ["más"] and match.group(1).lower().startswith("no"):
            obj = obj[1:]  # "no trabajamos más": no longer, not "another"
        if _is_object(obj) and not _CLITIC.search(match.group(1)):
            # a verb with its own object and no clitic taking up a topic: "so we don't
            # carry the X", "así que no trabajamos el X" deny the object, qualified only
            # by a phrase that opens with a preposition ("En talle XL no tenemos cascos")
            phrase = topic + obj if topic and topic[0] in _PREPOSITIONS else obj
        else:
            phrase = topic + obj if _content(topic) or _pointer(topic) else obj
        out.append((phrase, _RANGE.search(match.group(1)) is not None))
    return tuple(out)


# Closed class: words that open what is said, not the topic ("pues", "well").
_DISCOURSE = frozenset(
    "pues bueno mirá mire entonces lamentablemente desgraciadamente vale ok okay "
    "well so unfortunately sadly actually oh ah hmm".split()
)
# A clitic in the denial takes up a fronted topic: "El X no lo tenemos".
_CLITIC = scan.compile(r"(?i)(?:^|\s)(?:lo|la|los|las|le|les)\s")
_PREPOSITIONS = frozenset(
    "en de del para por con a al desde hasta sin in at for with on from since until "
    "without of by".split()
)


def _is_object(obj: list[str]) -> bool:
    """Words after the verb that are its object: some content, not opened by a
    preposition ("en azul", "in the shop" say where or which variant, not what)."""
    return bool(_content(obj)) and obj[0] not in _PREPOSITIONS


def denied_products(
    clause: str, language: str, products: tuple[Product, ...], question: str
) -> list[tuple[list[Product], bool]]:
    """For each denial in the clause, in the order of ``denied_phrases``, the returned
    products it denies carrying (none when it denies another thing), and whether it
    denies the range (sell, work with) rather than the stock."""
    out: list[tuple[list[Product], bool]] = []
    denials = denied_phrases(clause, language)
    if not denials:
        return out  # most clauses deny nothing: read no names
    proper = _proper_names(clause)
    asked = {stem(w) for w in words(question)}
    for phrase, about_range in denials:
        # "No la tenemos en catálogo": a clitic with no topic, and only a place after
        # the verb, takes up what was asked
        bare = (
            bool(phrase) and phrase[0] in _IN and not _without_place(["·", *phrase], products)[1:]
        )
        phrase = [] if bare and _CLITIC.search(clause) else _without_place(phrase, products)
        if any(w in _OTHER for w in phrase):
            out.append(([], about_range))  # "otro modelo": another thing
            continue
        content = _content(phrase)
        if any(w in _ATTRIBUTE for w in content):
            if not _named_with(content, products):
                out.append(([], about_range))  # "ese talle": a variant of it
                continue
            # "the Di2 version of 105": the words of the name are the product
            content = [w for w in content if w not in _ATTRIBUTE]
        if not content:
            # "ese no lo vendemos": the product asked about; "ese no lo tenemos" may be
            # about a size or a colour, unless the customer asked for none
            # "No la tenemos en catálogo": a clitic whose verb says only where the
            # shop sells takes up what was asked, as a pointer does
            venue = any(w in _VENUES for w in phrase) and _CLITIC.search(clause) is not None
            venue = venue and _opens_clause(clause)  # not "si lo necesita, no lo tenemos"
            pointed = _pointer(phrase) or venue
            meant = loosely_referred(question, products) if pointed else []
            if not about_range:
                # the demonstrative as the topic a clitic takes up ("ese no lo
                # tenemos"), not "en este momento"; one product asked, as named
                taken_up = _CLITIC.search(clause) is not None and len(meant) == 1
                meant = [p for p in meant if taken_up and _asked_as_named(question, p)]
            out.append((meant, about_range))
            continue
        found = []
        for product in products:
            name = product.stems
            # a colour is its concept in either language: "verde" is the "Green" one
            colours = {agreed(w) for w in words(product.name) if w in COLOURS}
            extra = [
                w
                for w in content
                if stem(w) not in name
                and UNIT_WORDS.get(w) not in name
                and not (w in COLOURS and agreed(w) in colours)
                and not _compounded(w, name)
                and not _head_of(w, name)
            ]
            if (
                not extra and any(len(w) >= 3 or any(c.isdigit() for c in w) for w in content)
            ) or _brand_and_kind(content, extra, name, proper, asked):
                found.append(product)
        out.append((found, about_range))
    return out


def _compounded(word: str, name: set[str]) -> bool:
    """A long word whose first six letters open a word of the name: "destapar" in
    "destapacañerías", "abrelatas" and "abre"."""
    head = word[:6]
    return len(word) >= 6 and any(len(n) >= 6 and n.startswith(head) for n in name)


def _head_of(word: str, name: set[str]) -> bool:
    """An English compound's head: "pots" for the name's "teapot", "bags" for "handbag"."""
    head = stem(word)
    return (
        word.isascii()
        and len(head) >= 3
        and any(len(n) > len(head) + 2 and n.endswith(head) for n in name)
    )


_IN = frozenset("en in at".split())


def _without_place(phrase: list[str], products: tuple[Product, ...]) -> list[str]:
    """The phrase without a place said after it ("Loewe no lo trabajamos en la
    perfumería"): "en" and words no returned product's name has, none a colour, a
    material, a measure or a number ("no lo tenemos en azul" is a variant)."""
    names = name_stems(products)
    for i, word in enumerate(phrase):
        if word not in _IN or not i:
            continue
        tail = [t for t in phrase[i + 1 :] if t not in _FUNCTION]
        if tail and all(
            t.isalpha()
            and stem(t) not in names
            and agreed(t) not in COLOURS
            and t not in MATERIALS
            and t not in _ATTRIBUTE
            for t in tail
        ):
            return phrase[:i]
    return phrase


def _proper_names(clause: str) -> set[str]:
    """Words written capitalised where the sentence does not ask for a capital."""
    out = set()
    for match in _NAMING.finditer(clause):
        before = clause[: match.start()].rstrip()
        if match.group()[0].isupper() and before and before[-1] not in ".!?¡¿":
            out.add(match.group().lower())
    return out


def _named_with(content: list[str], products: tuple[Product, ...]) -> bool:
    """An attribute word beside words that are all of one product's own name ("a colour
    Kobo" for the Kobo Libra Colour, "la versión con GPS del Ojo Vial 4K" for the Ojo Vial
    4K con GPS) names the product, not a variant of it."""
    for product in products:
        name = {stem(w) for w in words(product.name)}
        attributes = [w for w in content if w in _ATTRIBUTE]
        others = [w for w in content if w not in _ATTRIBUTE]
        if (
            attributes
            and others
            and all(stem(w) in name for w in others)
            and any(len(w) >= 3 for w in others)
        ):
            return True
    return False


def _brand_and_kind(
    content: list[str], extra: list[str], name: set[str], proper: set[str], asked: set[str]
) -> bool:
    """A brand of the product, written as a name, beside the common noun for its kind
    ("we don't carry Jetboil stoves" when the Jetboil Flash came back; "de Marmot no
    trabajamos bolsas de dormir" when a Marmot bag did): the denial takes in the whole
    brand. The kind must be the customer's own words, the ones the search answered; a
    word the customer did not ask with qualifies it into another thing ("Casio men's
    watches"). A maker of many kinds of goods (Samsung) names no kind.
    """
    if not extra or len(extra) > 3 or any(w in proper or not w.isalpha() for w in extra):
        return False
    if any(stem(w) not in asked for w in extra):
        return False  # the kind the customer asked for, which the search answered
    # a kind of several words is one run of the customer's words ("bolsas de dormir")
    at = content.index(extra[0])
    if content[at : at + len(extra)] != extra:
        return False
    beside = content[at - 1 : at] + content[at + len(extra) : at + len(extra) + 1]
    return any(w in proper and stem(w) in name and len(w) >= 3 and w not in MAKERS for w in beside)


def _content(phrase: list[str]) -> list[str]:
    return [
        w for w in phrase if w not in _FUNCTION and w not in _DEMONSTRATIVE and w not in _CLASSIFIER
    ]


def _opens_clause(clause: str) -> bool:
    """The denial opens its clause: only function words before its "no"."""
    tokens = words(clause)
    at = tokens.index("no") if "no" in tokens else 0
    return all(t in _FUNCTION for t in tokens[:at])


def _pointer(phrase: list[str]) -> bool:
    return any(w in _DEMONSTRATIVE for w in phrase)


def _asked_as_named(question: str, product: Product) -> bool:
    """The customer asked for the product with no variant its name lacks: no colour,
    material, size word or figure of their own ("¿Tienen el Echinopsis 'Flying
    Saucer'?", not "¿… en talle 42?")."""
    name = set(words(product.name))
    for word in words(question):
        variant = word in COLOURS or word in MATERIALS or word in _ATTRIBUTE
        if (variant or any(c.isdigit() for c in word)) and word not in name:
            return False
    return True


def denies_a_variant(clause: str, language: str, product: Product) -> bool:
    """The denial in the clause is about a variant the product is not: a size, number or
    dimension it does not have ("El Moto G54 no lo tenemos en 256 GB", "ese talle"), or
    a kind its name does not say, written right before the noun that names it ("I
    couldn't find a kids' helmet" when the helmet returned is the Kask Urban)."""
    name = product.stems
    if language == "en" and _qualified_before(clause, name):
        return True
    # "En verde no lo encuentro: viene en gris…": a colour or material the product is not
    head = re.split(r"[:,;(]", clause, maxsplit=1)[0]
    colours = {agreed(w) for w in words(product.name) if w in COLOURS}
    if any(w in COLOURS and agreed(w) not in colours for w in words(head)):
        return True
    if any(w in MATERIALS for w in words(head) if stem(w) not in name):
        return True
    # "En talle M azul no la encontré": a size word with a value the product's is not
    said = words(head)
    if any(w in _ATTRIBUTE and v not in name for w, v in pairwise(said)):
        return True
    for phrase, _ in denied_phrases(clause, language):
        if any(w in _ATTRIBUTE for w in phrase):
            return True
        if any(any(c.isdigit() for c in w) and w not in name for w in _content(phrase)):
            return True
    return False


_ARTICLES_EN = frozenset("a an any the".split())


def _qualified_before(clause: str, name: set[str]) -> bool:
    """An article, a word the product's name lacks, then a noun of the name ("a kids'
    helmet"): the article makes the middle word a qualifier, not a verb's brand object
    ("we don't carry Jetboil")."""
    tokens = words(clause)
    for index, token in enumerate(tokens[2:], start=2):
        before = tokens[index - 1]
        if (
            tokens[index - 2] in _ARTICLES_EN
            and stem(token) in name
            and stem(before) not in name
            and before not in _FUNCTION
            and before not in _DEMONSTRATIVE
            and not any(c.isdigit() for c in before)
            and len(before) > 2
        ):
            return True
    return False
