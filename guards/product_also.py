"""A product the shop says it *also* has: "we also carry a matching hoodie", "la
versión con lectora también la tenemos", "the Aura 65 is also on our shelves".

"Also" says the thing is another product than the one just named, so it must be
another product this turn's search returned. It is compared word by word: every
content word of its noun phrase (what it is, its model, its edition, its size) must
belong to one returned product's name or code. The ordinary claims reader
(``guards.product_claims``) is lenient with a lower-case object ("tenemos fundas");
after "also" the object names a product of its own, so nothing of it may be made up.
"""

from __future__ import annotations

from guards import scan
from guards.conjugation import fold, is_infinitive
from guards.moods import (
    CONCESSIONS,
    PURPOSES,
    REASONS,
    SUBORDINATORS,
    TELLING_ES,
    subordinator_pattern,
)
from guards.product_claims import _LEAD, SHOP_HAS_EN, SHOP_HAS_ES, SHOP_HOLDS_ES
from guards.product_names import FUNCTION_WORDS as _FUNCTION_WORDS
from guards.product_names import GENERIC as _GENERIC
from guards.product_refs import _UNITS as MEASURES
from guards.products import Product, stem
from guards.text import words, written_words

_HAVE_ES = SHOP_HAS_ES
_HAVE_EN = SHOP_HAS_EN
# Words within one sentence: a dot before a digit is a thousands mark ("$1.899.999"), and
# a parenthesis is an aside inside the span ("el Trompo metálico a $15.900 (en stock, 6
# meses de garantía) y también la línea Koma").
_SPAN = r"(?:[^.;:!?()\[\]]|\.\d|\([^()]*\))"
# The object after the verb: "también tenemos X", "we also carry X".
_AFTER = {
    "es": scan.compile(
        r"(?i)(?:^|[^\pL])(?:(?:también|además)\s+(?:" + _HAVE_ES + r"|" + SHOP_HOLDS_ES + r")|"
        # "contamos también con la X": the "also" between the verb and its preposition
        r"(?:contamos|trabajamos)\s+también\s+con|disponemos\s+también\s+del?|"
        # the impersonal sale in the shop: "También se vende en nuestra tienda el X"
        r"también\s+se\s+venden?\s+en\s+nuestr[oa]s?\s+(?:tienda|local|web|sucursal)\pL*)\s+"
        r"([^.;:!?()\[\]]+)"
    ),
    "en": scan.compile(
        # "we've also got the X" first: "have also" would take "got" into the object
        r"(?i)(?:^|[^\pL])we(?:(?:'ve|’ve|\s+have)\s+also\s+got|"
        r"\s+(?:also\s+" + _HAVE_EN + r"|" + _HAVE_EN + r"\s+(?:also|too)))"
        r"\s+([^.;:!?()\[\]]+)"
    ),
}
# "We carry the bigger capacity too", "tenemos X y también la versión Pro Max": the
# shop's verb, then the other product with its "too" after it or its "también" before.
_TOO_AFTER = {
    "es": scan.compile(
        r"(?i)(?:^|[^\pL])" + _HAVE_ES + r"\s" + _SPAN + r"*?,?\s+y\s+también\s+"
        r"([^.;:!?()\[\]]+)"
    ),
    "en": scan.compile(
        r"(?i)(?:^|[^\pL])we\s+" + _HAVE_EN + r"\s+(" + _SPAN + r"+?)\s+(?:too|as\s+well)"
        r"(?:$|[^\pL])"
    ),
}
# "Tenemos cápsulas compatibles además del café en grano", "we carry pods as well as
# the beans": the thing before "además de" is the other one.
_BESIDES = {
    "es": scan.compile(r"(?i)(?:^|[^\pL])" + _HAVE_ES + r"\s+(" + _SPAN + r"+?)\s+además\s+de"),
    "en": scan.compile(
        r"(?i)(?:^|[^\pL])we\s+" + _HAVE_EN + r"\s+(" + _SPAN + r"+?)\s+(?:as\s+well\s+as|"
        r"in\s+addition\s+to|besides)(?:$|[^\pL])"
    ),
}
# The verb left out: "Tenemos la Denon DP-300F. Y también la Denon DP-400 en blanco" says
# the shop has the second one as it has the first; read only for a product named with a
# capital after its article ("y también la funda, que viene incluida" is no product).
_ELIDED_ES = scan.compile(
    r"^\W*[YyEe]\s+[Tt]ambién\s+(?:la|el|los|las|un|una)\s+(\p{Lu}[^.;:!?()\[\]]+)"
)
# The thing the customer may want, named in an "if" before a bare "también tenemos":
# "Si buscás el shampoo de la misma línea, también tenemos" (a closed class of verbs of
# wanting).
_WANTED_ES = scan.compile(
    r"(?i)(?:^|[^\pL])si\s+(?:buscás|buscas|busca|buscáis|querés|quieres|quiere|queréis|"
    r"necesitás|necesitas|necesita|necesitáis)\s+([^,;:.!?]+),\s*(?:también|además)\s+"
    r"(?:(?:la|lo|las|los)\s+)?(?:tenemos|trabajamos|vendemos)\W*$"
)
# The object before the verb: "X también la tenemos", "X is also on our shelves".
_BEFORE = {
    "es": scan.compile(
        r"(?i)([^.;:!?()\[\]]+?)\s+también\s+(?:la|lo|las|los)\s+" + _HAVE_ES + r"(?:$|[^\pL])"
    ),
    "en": scan.compile(
        r"(?i)([^.;:!?()\[\]]+?)\s+(?:is|are)\s+(?:also\s+(?:on\s+our\s+shelves|in\s+our\s+"
        r"range|part\s+of\s+our\s+range|something\s+we\s+" + _HAVE_EN + r")|part\s+of\s+our\s+"
        r"range|on\s+our\s+shelves\s+too)(?:$|[^\pL])"
    ),
}
# Where a noun phrase ends after the verb, or starts before it.
_STOP = frozenset(
    "a en por que desde para ideal hasta cuesta sale si como pero aunque y o "
    "at in for which that from costs if like but and or so too as well".split()
)
# A verb of its own in the stretch the elided reading takes: then it is no ellipsis.
_HAS_VERB_ES = scan.compile(
    r"(?i)(?:^|[^\pL])(?:es|son|está|están|tiene|tienen|viene|vienen|"
    r"sale|salen|cuesta|cuestan|queda|quedan|incluye|incluyen)(?:$|[^\pL])"
)
_ARTICLES = frozenset("a an the el la los las un una unos unas".split())
_OPENERS = frozenset("y and pero but sí yes que that".split())
_IGNORED = (
    _FUNCTION_WORDS
    | _GENERIC
    | _LEAD
    | frozenset(
        "de en y con a of in and with la el ese esa este esta that this those these "
        "matching varios varias several many various tipo type "
        # adverbs that close a relative clause: "other gels we carry instead"
        "instead too either anymore "
        # a relation to the thing named before: "el shampoo de la misma línea"
        "misma mismo mismas mismos línea linea same range".split()
    )
)


def also_claimed(clause: str, language: str) -> list[list[str]]:
    """The noun phrases the clause says the shop also has, as lower-case words."""
    lang = "en" if language == "en" else "es"
    found: list[list[str]] = []
    for match in _AFTER[lang].finditer(clause):
        before = words(clause[: match.start() + 1])
        if (
            len(before) > 1
            and before[-1] in ("que", "which", "that")
            and not _reported(before[:-1])
            and not _emphatic(before)
        ):
            # "el Rider Clásico, que también tenemos disponible": a relative's object is
            # its antecedent, named before it; what follows the verb says how it is had
            continue
        found.append(_object_phrase(match.group(1)))
    for match in _TOO_AFTER[lang].finditer(clause):
        found.append(_object_phrase(match.group(1)))
    for match in _BESIDES[lang].finditer(clause):
        found.append(_object_phrase(match.group(1)))
    if lang == "es" and (wanted := _WANTED_ES.search(clause)) is not None:
        found.append(_object_phrase(wanted.group(1)))
    if lang == "es" and (elided := _ELIDED_ES.search(clause)) is not None:
        if not _HAS_VERB_ES.search(elided.group(1).split(",")[0]):
            found.append(_object_phrase(elided.group(1)))
    for match in _BEFORE[lang].finditer(clause):
        before = words(match.group(1))
        start = max((i + 1 for i, w in enumerate(before) if w in _OPENERS), default=0)
        found.append(before[start:][-7:])
    return [p for p in found if p]


# A verb of telling or knowing, whose "que / that" opens what is told, not a relative:
# "os puedo confirmar que también trabajamos el modelo X", "let you know that we also
# stock X".
_TELLING_EN = frozenset("confirm say know mention add note assure tell report".split())
_HEARER = frozenset("you te le os les".split())


def _reported(before: list[str]) -> bool:
    """The words before a "que / that" end with a verb of telling: what follows is said."""
    if before and before[-1] in _HEARER:
        before = before[:-1]  # "tell you that", "decirte que" is one word
    if not before:
        return False
    word = fold(before[-1])
    return word in _TELLING_EN or TELLING_ES.fullmatch(word) is not None


_IN_STOCK_FIRST = scan.compile(r"(?i)^\s*(?:en|in)\s+stock\s+")


def _object_phrase(text: str) -> list[str]:
    """The noun phrase a verb's object opens with, as lower-case words, without its
    article ("we also carry a matching hoodie")."""
    phrase: list[str] = []
    # "también tenemos en stock los calcetines…": where it is had comes before the object
    text = _IN_STOCK_FIRST.sub("", text, count=1)
    for written, word in zip(written_words(text), words(text), strict=True):
        if not phrase and word in _ARTICLES:
            continue
        # a word in capitals is a model code, not the preposition: "el Garrett AT Max"
        code = phrase and len(written) > 1 and written.isupper()
        if (word in _STOP and not code) or len(phrase) >= 7:
            break
        phrase.append(word)
    return phrase


def unreturned_product(
    phrase: list[str],
    products: tuple[Product, ...],
    *,
    draft: str = "",
    asked: tuple[str, ...] = (),
) -> bool:
    """No returned product has every content word of the phrase in its name or code,
    nor is named by its measure as the sibling of a line the draft names (unless the
    phrase names a kind the customer asked for apart, ``asked``: "¿variómetro de 57 mm y
    altímetro del mismo tamaño?" then "y también el altímetro de 57 mm")."""
    content = [w for w in phrase if w not in _IGNORED and (len(w) >= 3 or _digit(w))]
    if not content:
        return False
    lacking = _lacking(phrase)
    for product in products:
        written = words(f"{product.name} {product.sku}")
        name = {stem(fold(w)) for w in written}
        if all(
            stem(fold(w)) in name or _joined(w, name) for w in _named(content, phrase, name)
        ) and not (lacking & (name - _lacking(written))):
            return False
        if draft and _sibling_by_measure(phrase, product, draft):
            name = {stem(fold(w)) for w in words(product.name)}
            if not any(stem(fold(w)) in asked and stem(fold(w)) not in name for w in phrase):
                return False
    return True


_WITH = frozenset(("con", "with"))


def _named(content: list[str], phrase: list[str], name: set[str]) -> list[str]:
    """The words that must be in the name: after "con / with", a feature named by one
    of the name's words ("el Alloy Origins 65 con switches Aqua") needs no more of them."""
    at = next((i for i, w in enumerate(phrase) if w in _WITH), None)
    if at is None:
        return content
    after = set(phrase[at + 1 :])
    if not any(stem(fold(w)) in name for w in after if len(w) >= 3 or _digit(w)):
        return content
    return [w for w in content if w not in after]


def _sibling_by_measure(phrase: list[str], product: Product, draft: str) -> bool:
    """ "también tenemos el balde de 5 kg" after "el cloro granulado Clorotec de 10 kg":
    the phrase's measure is the product's, and the draft names the product's line (two
    of its other words of four letters or more)."""
    at = [i for i, w in enumerate(phrase[:-1]) if w.isdigit() and phrase[i + 1] in MEASURES]
    if not at:
        return False
    name = words(product.name)
    measure = phrase[at[0] : at[0] + 2]
    if not any(name[i : i + 2] == measure for i in range(len(name) - 1)):
        return False
    line = {w for w in name if len(w) >= 4 and not w.isdigit()}
    return len(line & set(words(draft))) >= 2


_WITHOUT = frozenset(("sin", "without"))


# A fronted clause of purpose, condition, time or cause, closed by its comma: its
# negation is its own ("Y para que no os falte de nada, también vendemos X").
_FRONTED = scan.compile(
    r"(?i)^\W*(?:(?:y|e|and|pero|but)\s+)?(?:"
    + subordinator_pattern(SUBORDINATORS | REASONS | PURPOSES | CONCESSIONS)
    + r")\s[^,]*,"
)


# A relative after a comma says something of the thing had, not whether it is had:
# "también tenemos guantes de algodón, que vienen bien para no dejar huellas". Spanish
# only: an English object may itself be a contact relative ("the Ducky One we also have
# uses Blue switches, which are clicky"), whose "which" closes nothing of the having.
_ASIDE = scan.compile(r"(?i),\s*que(?:$|[^\pL])")


def without_lacking(clause: str, phrase: list[str]) -> str:
    """The clause with the phrase's own "sin X" / "without X" taken out, a fronted
    subordinate clause before its comma, and a relative after the phrase's comma."""
    if (fronted := _FRONTED.match(clause)) is not None and set(phrase) <= set(
        words(clause[fronted.end() :])
    ):
        clause = clause[fronted.end() :]
    if (aside := _ASIDE.search(clause)) is not None and set(phrase) <= set(
        words(clause[: aside.start()])
    ):
        clause = clause[: aside.start()]
    said = words(clause)
    return " ".join(
        w
        for i, w in enumerate(said)
        if not (w in _WITHOUT and i + 1 < len(said) and _own_or_manner(said[i + 1], phrase))
    )


def _own_or_manner(following: str, phrase: list[str]) -> bool:
    """What "sin / without" takes: a word of the phrase, or a verb ("sin tocar los
    taladros", "without drilling"), which says how, and negates nothing of the having."""
    return following in phrase or is_infinitive(fold(following)) or following.endswith("ing")


def _lacking(phrase: list[str]) -> set[str]:
    """What the phrase says the thing is without: "sudadera sin capucha" is no
    "Sudadera con capucha"."""
    return {
        stem(fold(phrase[i + 1]))
        for i, w in enumerate(phrase[:-1])
        if w.lower() in _WITHOUT and len(phrase[i + 1]) >= 3
    }


def _digit(word: str) -> bool:
    return any(c.isdigit() for c in word)


def _joined(word: str, name: set[str]) -> bool:
    """ "128gb" against "128 gb", "sk8-hi" against "sk8 hi"."""
    digits = "".join(c for c in word if c.isdigit())
    return (bool(digits) and digits in name) or set(word.split("-")) <= name


# An assent before "que" makes it emphatic, not relative: "sí que tenemos", "claro que
# tenemos", "por supuesto que las vendemos" (a relative "que" follows a noun or article).
_ASSENT_QUE = frozenset("sí claro supuesto luego obvio".split())


def _emphatic(before: list[str]) -> bool:
    """The words before a verb end in an emphatic "sí que / claro que"."""
    return len(before) > 1 and before[-1] == "que" and before[-2] in _ASSENT_QUE
