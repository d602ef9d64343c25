"""Which returned product a phrase refers to, when the draft does not spell out its name.

A product is referred to by the words that tell it apart from the others this turn
returned (a brand, a model name, a category noun, singular or plural), unless the text
gives a model number of its own that the product does not have ("el iPhone 16" is not
the returned iPhone 13). Plural quantifiers ("both", "los dos") refer to every product
the sentence names, or to the two returned when it names none.
"""

from __future__ import annotations

import re

from guards import scan
from guards.memo import memoised
from guards.product_names import distinctive_words, model_numbers
from guards.products import Product, stem
from guards.text import words
from guards.warranty_scope import another_sort

# Closed class: quantifiers and comparisons that extend one predicate to several things.
SHARED = {
    "es": (
        ("los", "dos"),
        ("las", "dos"),
        ("ambos",),
        ("ambas",),
        ("cada", "uno"),
        ("cada", "una"),
        ("igual", "que"),
        ("al", "igual"),
        ("tanto",),
    ),
    "en": (("both",), ("each",), ("same", "as")),
}
# Closed class: "both" / "los dos" when nothing else in the sentence names the pair.
PAIR = {
    # "tanto la X como la Y": the correlative names both
    "es": (
        *(("los", "dos"), ("las", "dos"), ("ambos",), ("ambas",)),
        *(("tanto", "el"), ("tanto", "la"), ("tanto", "los"), ("tanto", "las")),
    ),
    "en": (("both",),),
}
_UNITS = frozenset("gb tb kg g cm mm m ml l lt w mah pulgadas inch in x pack pk".split())


def has_words(text: str, phrases: tuple[tuple[str, ...], ...]) -> bool:
    tokens = words(text)
    return any(
        tokens[i : i + len(phrase)] == list(phrase)
        for phrase in phrases
        for i in range(len(tokens) - len(phrase) + 1)
    )


def stems(text: str) -> set[str]:
    return {stem(w) for w in words(text)}


def text_model_numbers(text: str, vocabulary: set[str]) -> set[str]:
    """Numbers the text gives as a model's: a code with letters and digits ("s24"), or a
    number right after a word of a product name ("iPhone 16"), not a size ("128 GB")."""
    tokens = words(text)
    out = set()
    for i, token in enumerate(tokens):
        if not token or token.isalpha():
            continue  # most words: no digit (a hyphen or an apostrophe is read below)
        if not any(c.isdigit() for c in token):
            continue
        if i + 1 < len(tokens) and tokens[i + 1] in _UNITS:
            continue
        if not token.isdigit() or (
            i
            and tokens[i - 1] in vocabulary
            and not tokens[i - 1].isdigit()
            and (tokens[i - 1] not in _LINKS or token in vocabulary)
        ):
            out.add(token)
    return out


# A name's linking words name no model: "Pack de lana merino" does not make the "6" of
# "garantía de 6 meses" a model number, unless a name has the number too ("genérico de
# 3 patas") (closed class: articles, prepositions, "and").
_LINKS = frozenset(
    "de del la el los las y e o u a al con sin para por en of the and or for with in to an".split()
)


def capitals(text: str) -> frozenset[str]:
    """The words of two or three letters the text writes in capitals ("BAM", "JBL"),
    lower-cased: a maker's short name, where a short lower-case word is no name."""
    return frozenset(
        w.lower() for w in _ALNUM_RUN.findall(text) if len(w) <= 3 and w.isalpha() and w.isupper()
    )


_ALNUM_RUN = re.compile(r"[^\W_]+")  # runs of letters and digits


def loosely_referred(text: str, products: tuple[Product, ...]) -> list[Product]:
    """Returned products the text names by a distinctive word, with no model number
    of its own that the product lacks."""
    # Memoised by position: the stock guards ask it of every sentence and product, two
    # of them the same questions, and the answer holds the caller's own objects.
    items = tuple(products)
    return [items[i] for i in _referred_at(text, items)]


@memoised()
def _referred_at(text: str, products: tuple[Product, ...]) -> tuple[int, ...]:
    present = stems(text)
    vocabulary = {w for p in products for w in words(p.name)}
    numbers = text_model_numbers(text, vocabulary)
    acronyms = capitals(text)  # a short name in capitals ("el BAM") names it too
    out = []
    for at, product in enumerate(products):
        name = set(words(f"{product.name} {product.sku}"))
        if not model_numbers(product) <= numbers and numbers - name:
            continue  # the text gives another model number ("el iPhone 16")
        if any(
            stem(w) in present
            and (len(w) >= 4 or any(c.isdigit() for c in w) or w in acronyms)
            and not w.isdigit()  # a bare number alone ("3 a 5 días") names nothing
            for w in distinctive_words(product, products)
        ):
            out.append(at)
    return tuple(out)


def closest(text: str, candidates: list[Product]) -> list[Product]:
    """Of sibling products a stretch refers to, the ones whose own words it says most
    ("the silver iPad 10th gen 64 GB" is the 64 GB, not the 256 GB Blue; "la de 55
    pulgadas" is the 55): by how many of each name's words the stretch holds. Products
    with no sibling among the candidates are kept as they are."""
    if len(candidates) < 2:
        return candidates
    said = stems(text)
    score = {p: len({stem(w) for w in words(p.name)} & said) for p in candidates}
    kept = []
    for product in candidates:
        siblings = [q for q in candidates if q is not product and _siblings(product, q)]
        if not siblings or score[product] >= max(score[q] for q in siblings):
            kept.append(product)
    return kept


def _siblings(a: Product, b: Product) -> bool:
    """Two variants of one model: their names share their model words but differ."""
    return a.name != b.name and bool(a.model_words & b.model_words)


def subjects(sentence: str, language: str, products: tuple[Product, ...]) -> list[Product]:
    """The products a sentence's predicate is about: those it names, or the returned
    pair when it says "both" and names none, or the only product returned."""
    named = loosely_referred(sentence, products)
    if named:
        return named
    if len(products) == 2 and has_words(sentence, PAIR[language]):
        return list(products)
    return []


def warranty_subjects(clause: str, language: str, products: tuple[Product, ...]) -> list[Product]:
    """The products a warranty clause gives the warranty to: the one it names, or all it
    names when it extends the warranty to several ("los dos", "igual que el Omron")."""
    found = subjects(clause, language, products)
    if len(found) > 1 and not (
        has_words(clause, SHARED[language]) or _coordinated_subject(clause, language, products)
    ):
        return []  # "the Bosch has 2 years and the Indesit costs £259": whose is unclear
    return found


# Closed class: plural forms of the verbs that give a product its warranty.
_PLURAL_HAVE = {
    "es": frozenset("tienen traen incluyen cuentan llevan vienen".split()),
    "en": frozenset("have come carry include".split()),
}
_AND = frozenset(("y", "e", "and"))


def _coordinated_subject(clause: str, language: str, products: tuple[Product, ...]) -> bool:
    """ "La fuente Catit y el comedero PetSafe tienen 2 años": two products joined by
    "y"/"and" before a plural verb share what the verb gives."""
    tokens = words(clause)
    verbs = _PLURAL_HAVE["es" if language == "es" else "en"]
    at = next((i for i, t in enumerate(tokens) if t in verbs), None)
    if at is None or not _AND & set(tokens[:at]):
        return False
    return len(loosely_referred(" ".join(tokens[:at]), products)) > 1


# Closed class: quantifiers that make a policy sentence cover the whole range.
_UNIVERSAL = frozenset("todos todas todo toda cada cualquier every all any".split())
_WRITTEN = scan.compile(r"[\pL\pN][\pL\pN'-]*")
_FOR_LIFE = scan.compile(r"(?i)\d|lifetime|for\s+(?:the\s+)?life|de\s+por\s+vida|vitalici")


# Words between "todos" and the noun it quantifies, and nouns that mean the whole range.
_QUANTIFIED_SKIP = frozenset(
    "nuestros nuestras nuestro nuestra los las el la our the of de".split()
)
_WHOLE_RANGE = frozenset(
    "producto productos artículo artículos articulo articulos item items product products "
    "compra compras purchase purchases pedido pedidos order orders lo".split()
)


def _universal_scope(tokens: list[str]) -> list[str] | None:
    """None without a universal word; [] when it spans the whole range ("todos los
    productos", "every item", a bare "all"); else the nouns it spans ("todos nuestros
    sofás y colchones" → sofás, colchones)."""
    at = next((i for i, t in enumerate(tokens) if t in _UNIVERSAL), None)
    if at is None:
        return None
    rest = tokens[at + 1 : at + 8]
    while rest and rest[0] in _QUANTIFIED_SKIP:
        rest.pop(0)
    if not rest or rest[0] in _WHOLE_RANGE or rest[0] in _UNIVERSAL:
        return []
    scope: list[str] = []
    for token in rest:
        if token in ("tienen", "tiene", "have", "has", "carry", "carries", "come", "comes"):
            break
        scope.append(token)
    return [t for t in scope if len(t) >= 4] or []


def chunk_covers(
    policy: list[str], product: Product, modifiers: frozenset[str] = frozenset()
) -> bool:
    """A chunk's sentences about warranties cover the product, unless the ones that state
    a duration all give it to a scope of their own ("Cepillos eléctricos: 3 años",
    "Northtrail-brand gear … lifetime guarantee") that names nothing of the product.
    ``modifiers``: the stems of the name's words that only qualify its kind, which name
    no scope of it ("Tablecloths: 6 months" is no term for a "Tablecloth Clip Set")."""
    durations = [s for s in policy if _FOR_LIFE.search(s)]
    name = {stem(w) for w in words(product.name) if len(w) >= 4}
    if not durations:
        # how to claim it, not how long it lasts: the product's, unless the sentences
        # give it to a kind of their own ("Brass dials … carry the warranty shown on the
        # product page" is no term for a slate dial)
        return any(_not_scoped_away(s, name) and not _DEFERS.search(s) for s in policy)
    for sentence in durations:
        tokens = words(sentence)
        scope = _universal_scope(tokens)
        if (
            scope is not None
            and not scope
            and not any(w[:1].isupper() for w in _WRITTEN.findall(sentence)[1:])
        ):
            return True  # "todos los productos", "every item": the whole shop
        if (brands := _brands(sentence)) and not brands & {w.lower() for w in words(product.name)}:
            continue  # "grinders from Breville and Baratza": not a Comandante grinder
        if scope and name & {stem(t) for t in scope}:
            return True  # "todos nuestros sofás" covers a sofa, not a table
        # a maker or a line the sentence names with a capital names it still ("Productos
        # Petzl: 3 años"), but not a heading's first word ("Tablecloths: 6 months")
        own = name - (modifiers - {stem(b) for b in brands} - _capitalised(sentence))
        if (
            own & {stem(t) for t in tokens}
            and not _another_line(sentence, name)
            # a maker the line names and the product has makes it the line's, whatever
            # sort the line says ("Electric grinders from Breville and Baratza")
            and (brands or not another_sort(sentence, name))
        ):
            return True
    return False


def _capitalised(sentence: str) -> set[str]:
    """The stems of the words a sentence writes with a capital, but for a first word
    that a colon closes (a heading's kind)."""
    written = _WRITTEN.findall(sentence)
    heading = bool(written) and sentence.lstrip().startswith(f"{written[0]}:")
    return {stem(w.lower()) for w in written[1 if heading else 0 :] if w[:1].isupper()}


def _not_scoped_away(sentence: str, name: set[str]) -> bool:
    tokens = words(sentence)
    scope = _universal_scope(tokens)
    if scope is not None and (not scope or name & {stem(t) for t in scope}):
        return True
    return bool(name & {stem(t) for t in tokens}) or not _CARRY.search(sentence)


# A sentence that sends the warranty to the product's own sheet ("La garantía de cada
# equipo figura en su ficha", "is shown on the product page") gives none where the sheet
# has none.
_DEFERS = scan.compile(
    r"(?i)(?:^|[^\pL])(?:figura|aparece|consta|se\s+indica|shown|listed|stated)\s+(?:en|on|in)"
    r"\s+(?:su|la|cada|the|its|each)\s+(?:ficha|p[aá]gina|product\s+page|listing|product)"
)


# "X carry / come with / have the warranty": the sentence gives the warranty to X.
_CARRY = scan.compile(
    r"(?i)^\W*\pL[^.;:]*?\s(?:carry|carries|come\s+with|comes\s+with|have|has|tienen|tiene|"
    r"traen|trae|incluyen|incluye)\s+(?:the\s+|a\s+|la\s+|una\s+)?(?:manufacturer'?s?\s+)?"
    r"(?:warranty|guarantee|garant[ií]a)"
)


def _another_line(sentence: str, name: set[str]) -> bool:
    """The kind the line names is qualified by a name the product's lacks, written
    capitalised right after it ("Hornos Kilnia: 2 años" is not the Fornax kiln's)."""
    return any(
        kind in name and not {stem(n) for n in lines} & name
        for kind, lines in qualified_kinds(sentence).items()
    )


def qualified_kinds(text: str) -> dict[str, frozenset[str]]:
    """The kinds a text names only with a line's name written capitalised right after
    them ("Hornos Kilnia: 2 años", "our brass dials Sunwise"), each with the names in
    lower case. A kind written capitalised inside a sentence is a name itself; a kind
    also written bare is said of every line and is left out."""
    found = list(_WRITTEN.finditer(text))
    named: dict[str, set[str]] = {}
    bare: set[str] = set()
    for at, match in enumerate(found):
        word = match.group()
        kind = stem(word.lower())
        opens = not text[: match.start()].strip() or text[: match.start()].rstrip()[-1] in ".!?:;"
        after = found[at + 1].group() if at + 1 < len(found) else ""
        if (opens or word.islower()) and after[:1].isupper() and after.isalpha():
            named.setdefault(kind, set()).add(after.lower())
        else:
            bare.add(kind)
    return {k: frozenset(v) for k, v in named.items() if k not in bare}


# The makers a warranty line limits itself to: capitalised names after "from / by / de /
# marca", joined by commas and "and / y / or / o" ("from Breville and Baratza").
_MAKERS = scan.compile(
    r"(?:^|[^\pL])(?:from|by|de|marca|marcas|brand|brands)\s+"
    r"(\p{Lu}[\pL\pN'-]*(?:(?:\s*,\s*|\s+(?:and|y|or|o)\s+)\p{Lu}[\pL\pN'-]*)*)"
)


def _brands(sentence: str) -> frozenset[str]:
    return frozenset(
        w.lower()
        for m in _MAKERS.finditer(sentence)
        for w in _WRITTEN.findall(m.group(1))
        if w.lower() not in ("and", "or", "y", "o")
    )


# Closed class: words that extend what is said of one thing to another. "como" and
# "like" compare only with a determiner after them ("como nuestros muebles", "like the
# M"); "como despegado o costuras" gives examples, "como producto nuevo" a role.
_ANALOGY = {
    "es": (("igual",), ("también",), ("mismo",), ("misma",)),
    "en": (("same",), ("too",), ("also",), ("as", "well"), ("as", "with")),
}
_LIKENING = scan.compile(
    r"(?i)(?:^|[^\pL])(?:como|like)\s+(?:el|la|los|las|lo|nuestro|nuestra|nuestros|nuestras|"
    r"todo|toda|todos|todas|cualquier|su|sus|tu|tus|ese|esa|esos|esas|este|esta|estos|estas|"
    r"the|our|all|any|every|your|its|their|that|this|these|those|other|otros|otras)(?:$|[^\pL])"
)


# "like our brass dials", "the same as our hydrometers", "igual que el colchón", up to
# the next comma or the end of the clause.
_COMPARED = scan.compile(
    r"(?i)(?:^|[^\pL])(?:(?:just\s+)?like|(?:the\s+)?same\s+as|as\s+with|(?:al\s+)?igual\s+que|"
    r"lo\s+mismo\s+que)\s+[^,;:]*"
)


def without_compared(clause: str) -> str:
    """The clause without the thing it compares with."""
    return _COMPARED.sub(" ", clause)


def extends_by_analogy(clause: str, language: str) -> bool:
    """The clause gives something what another thing has ("como nuestros muebles")."""
    if _LIKENING.search(clause) is not None:
        return True
    return has_words(clause, _ANALOGY["en" if language == "en" else "es"])
