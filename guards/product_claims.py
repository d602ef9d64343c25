"""Which products a sentence claims or denies, resolved against this turn's search.

No brand list: a returned product is *referred to* when the sentence uses one of the
words that tell it apart (its model name, a code, a size), and the object of "we have
…" / "tenemos …" is compared with the returned names word by word — its proper
names, numbers and sizes must all belong to one returned product.
"""

from __future__ import annotations

from guards import scan
from guards.product_names import GENERIC as _GENERIC
from guards.products import Product, name_stems, stem
from guards.text import words

# The shop's own verbs of having a product, one list for every reader of them.
SHOP_HAS_ES = r"(?:tenemos|manejamos|trabajamos|vendemos|traemos|ofrecemos|"
SHOP_HAS_ES += r"seguimos\s+(?:teniendo|vendiendo|trabajando)|"  # "la seguimos teniendo"
# what the shop has always had, it has: "siempre tuvimos Westinghouse"
SHOP_HAS_ES += r"siempre\s+(?:tuvimos|vendimos|trabajamos|hemos\s+(?:tenido|vendido|trabajado)))"
SHOP_HAS_EN = r"(?:have|carry|stock|sell|offer)"
# The same having said with a preposition before the product: "contamos con X",
# "disponemos del modelo X".
# "disponemos tanto del X como del Y": the pair's "tanto" comes before the preposition.
SHOP_HOLDS_ES = (
    r"contamos\s+con|disponemos\s+(?:del?|tanto)|trabajamos\s+con"  # "trabajamos con la X"
)
_HAVE = {
    "es": scan.compile(
        # the verb with its preposition first: "trabajamos con la X" has the X
        r"(?i)(?:^|[^\pL])(" + SHOP_HOLDS_ES + r"|" + SHOP_HAS_ES + r"|tenés|tienes|hay|"
        r"nos\s+queda[n]?|también\s+(?:tenemos|hay)|"
        # what the speaker can offer is what the shop has: "os puedo ofrecer la X21"
        r"(?:te|os|le|les)\s+(?:puedo|podemos)\s+(?:también\s+)?ofrecer)(?:$|[^\pL])"
    ),
    "en": scan.compile(
        r"(?i)(?:^|[^\pL])(we\s+(?:also\s+|do\s+|also\s+do\s+)?" + SHOP_HAS_EN + r"|we've\s+got|"
        # a restock: "we just got the Bose Smart Soundbar back in"
        r"we\s+(?:just\s+)?got|"
        # a line newly taken on: "we've just started stocking a sash window kit"
        r"we(?:'ve|\s+have)?\s+(?:just\s+|recently\s+)?start(?:ed)?\s+(?:stocking|carrying|selling)|"
        r"there\s+(?:is|are)|(?:i|we)\s+can\s+(?:also\s+)?offer\s+you|"
        r"you(?:'ll|\s+will|\s+can|'d)\s+(?:also\s+)?find)(?:$|[^\pL])"
    ),
}
# The customer finding it in the shop's range is the shop having it ("you'll also find
# the Rainin tips in our range"); found on a page or in a guide, it is not.
_FIND = scan.compile(r"(?i)find$")
_IN_THE_SHOP = scan.compile(
    r"(?i)\s(?:in|at)\s+(?:our|the)\s+(?:range|shop|store|catalogue|catalog|collection|"
    r"selection|stock)(?:$|[^\pL])"
)
_WRITTEN = scan.compile(r"[\pL\pN][\pL\pN-]*(?:'[\pL\pN][\pL\pN-]*)*")  # not a closing quote
_DEAL = scan.compile(r"(?i)\d+x\d+")
_BOUNDARY = frozenset(
    "a en por con que desde para ideal hasta cuesta sale está están es son y o pero "
    "at in for with which that from costs is are and or but to ready available disponible back "
    "disponibles stock hoy today ahora now si if como like no not ni nor tampoco".split()
)
_LEAD = frozenset(
    "el la los las un una unos unas lo the a an also también todavía still yes sí si "
    "only just solo sólo justo justamente exactamente precisamente exactly precisely "
    "some algunos algunas varios varias estos estas este esta these those esos esas".split()
)
_SIZES = frozenset(
    "grande grandes mediana mediano medianas chica chico chicas pequeña pequeño large "
    "medium small xl xxl mini".split()
)


def claimed_objects(clause: str, language: str) -> list[tuple[str, list[str]]]:
    """The object after each "we have" in the clause: (phrase, its words as written).
    An explicitly coordinated object ("both Garmin and Zoleo", "el grupo Shimano y
    también grupos SRAM") gives one phrase per conjunct."""
    out = []
    for match in _HAVE[language].finditer(clause):
        before = words(clause[: match.start(1)])
        if (
            match.group(1).lower() in _YOU_HAVE
            and (
                before[-1:] in _SUBORDINATE
                # coordinated under the clause's subordinator: "Si la obra es chica y tenés
                # toma monofásica"
                or (before[:1] in _SUBORDINATE and before[-1:] in (["y"], ["e"]))
            )
        ):
            continue  # "como tienes la Tarjeta Alacena": what the customer holds
        if words(clause[: match.start(1)])[-1:] in _NEGATIONS:
            continue  # "No hay un programa aparte del Club": nothing is claimed
        if _FIND.search(match.group(1)) and not _IN_THE_SHOP.search(clause, match.end(1)):
            continue  # "you can find the fitting guide on our site": no product claimed
        if _PRICE_FIRST.match(clause[match.end(1) :]):
            continue  # "que tenemos a $ 215.000 con stock": the price of the one named
        if clause[match.end(1) :].lstrip().startswith(","):
            continue  # "como todos los colchones que vendemos, tiene…": no object follows
        # The object ends where a bracket or a price begins: "We carry the Nova Gaming
        # Chair (£199.00, 2 years' warranty)" claims the chair, not a "199".
        rest = _OBJECT_END.split(clause[match.end(1) :], maxsplit=1)[0]
        written = scan.findall(_WRITTEN, rest)
        if [w.lower() for w in written[:2]] in (["en", "stock"], ["in", "stock"]):
            written = written[2:]  # "tenemos en stock la Vairo …"
        if written and (maker := _MAKER_FRONTED.search(clause[: match.start(1)])) is not None:
            # "de Black+Decker tenemos el taladro percutor": the fronted maker is its own
            written = [*scan.findall(_WRITTEN, maker.group(1)), *written]
        paired = bool(written) and written[0].lower() in _PAIRED
        paired = paired or match.group(1).lower().endswith("tanto")
        while written:
            if paired and written[0].lower() in ("tanto", "del", "de"):
                written = written[1:]  # "disponemos tanto del modo S como del modo C"
                continue
            phrase, rest = _phrase(written)
            if phrase:
                out.append((" ".join(phrase), phrase))
            rest_lower = [w.lower() for w in rest[:2]]
            if rest_lower[:1] in (["y"], ["and"]) and (paired or rest_lower[1:] in _ALSO):
                written = rest[1:]
                continue
            if paired and rest_lower[:1] == ["como"]:
                written = rest[1:]  # "tanto el modo S como el modo C": both are had
                continue
            break
        out.extend(_listed_after_prices(clause[match.end(1) :]))
    if language != "en":
        out.extend(_topics(clause))
    for match in _OURS[language].finditer(clause):
        # "the Eastman VC80 is one of our bestsellers": what the shop sells, said of it
        subject = _SUBJECT_LINK.sub("", _SUBJECT_START.split(match.group(1) or match.group(2))[-1])
        if words(subject)[:1] in _POINTERS:
            continue  # "Esto es lo que tenemos:", "This is what we stock": a list follows
        written = scan.findall(_WRITTEN, subject)
        phrase, _ = _phrase(written)
        if phrase:
            out.append((" ".join(phrase), phrase))
    return out


# A thing said to be among the shop's own goods: "X is one of our bestsellers", "X es
# uno de nuestros más vendidos" (the subject up to the copula, after its last comma).
_OURS = {
    "en": scan.compile(
        r"(?i)([^.;:!?()\[\]]+?)\s+(?:is|are)\s+(?:one\s+of\s+|among\s+)?our\s+(?:best[\s-]?sellers?|"
        r"top\s+sellers?|most\s+popular|favou?rites?|bestselling)(?:$|[^\pL])"
        # "X and Y are both great radios we carry right now": a relative of the shop's
        # having, with nothing after its verb, says it of the subject
        r"|([^.;:!?()\[\]]+?)\s+(?:is|are)\s+(?:both\s+|all\s+)?(?:\pL+\s+){0,4}?"
        r"(?:that\s+|which\s+)?we\s+(?:also\s+)?(?:carry|stock|sell)(?:$|[^\pL\s]|\s+(?:right\s+)?now)"
    ),
    "es": scan.compile(
        r"(?i)([^.;:!?()\[\]]+?)\s+(?:es|son|está|están)\s+(?:uno\s+de\s+|una\s+de\s+|entre\s+)?"
        r"(?:nuestros|nuestras|los|las)\s+(?:m[aá]s\s+vendid[oa]s|favorit[oa]s|best\s*sellers?)"
        r"(?:$|[^\pL])"
        r"|([^.;:!?()\[\]]+?)\s+(?:es|son)\s+(?:(?:los|las)\s+dos\s+|ambos\s+|ambas\s+)?"
        r"(?:\pL+\s+){0,4}?que\s+(?:también\s+)?(?:tenemos|vendemos|manejamos|trabajamos)"
        r"(?:$|[^\pL\s]|\s+(?:ahora|hoy))"
    ),
}
_SUBJECT_START = scan.compile(r"[,¡!¿]")
# Closed class: pronouns that point at what follows, not at a product.
_POINTERS = [[w] for w in "esto eso aquello this that these those it here aquí acá".split()]
_SUBJECT_LINK = scan.compile(r"(?i)^\W*(?:but|and|so|pero|y|e)\s+")


# A list of products with their prices after one "we have": "we've got the Shimano
# CN-HG54 at £22.99, the KMC X10 at £18.50 and the SRAM PC-1031 as well". After each
# price, a conjunct opened by an article and a capitalised word is claimed too.
_NEXT_ITEM = scan.compile(
    r"^[\d.,\s)\]]*(?:,\s*)?(?:and\s+|y\s+|e\s+)?(?:the|el|la|los|las)\s+\p{Lu}"
)


def _listed_after_prices(rest: str) -> list[tuple[str, list[str]]]:
    out = []
    for piece in _OBJECT_END.split(rest)[1:]:
        opened = _NEXT_ITEM.match(piece)
        if opened is None:
            continue
        # the match ends on the name's first letter: read the name from there
        written = scan.findall(_WRITTEN, _OBJECT_END.split(piece[opened.end() - 1 :])[0])
        phrase, _ = _phrase(written)
        if phrase:
            out.append((" ".join(phrase), phrase))
    return out


_YOU_HAVE = frozenset(("tenés", "tienes"))
_NEGATIONS = (["no"], ["not"], ["never"], ["nunca"], ["ni"])
_SUBORDINATE = (["como"], ["si"], ["porque"], ["que"], ["cuando"], ["ya"])
_SEGMENT = scan.compile(r"[,;:¡!¿?.]")
# The object fronted without a clitic, the verb ending its stretch: "Arena de sílice sí
# tenemos.", "Rodillos también vendemos, así que…" (group 1: a negation, read elsewhere).
_FRONTED_HAVE = scan.compile(
    r"(?i)(?:^|[^\pL])((?:no|tampoco)\s+)?(?:s[ií]\s+|tambi[eé]n\s+)?"
    r"(?:tenemos|vendemos|trabajamos|manejamos)"
    r"\s*(?:$|[,.;:!?])"
)


def _topics(clause: str) -> list[tuple[str, list[str]]]:
    """The topic a Spanish clitic doubles before "lo tenemos": "Sí, la Orbea Orca M30 la
    tenemos" claims the Orca. A word that opens the clause is capitalised for the
    sentence, not as a name."""
    return _topics_of(clause, [*_HAVE_IT["es"].finditer(clause), *_FRONTED_HAVE.finditer(clause)])


def fronted_topics(clause: str) -> list[str]:
    """The things a Spanish clause fronts before "(sí / también) tenemos"."""
    return [phrase for phrase, _ in _topics_of(clause, list(_FRONTED_HAVE.finditer(clause)))]


def _topics_of(clause: str, matches: list) -> list[tuple[str, list[str]]]:
    out = []
    for match in matches:
        if match.group(1):
            continue  # "no la tenemos": a denial, read elsewhere
        pieces = _SEGMENT.split(clause[: match.start()])
        written = scan.findall(_WRITTEN, pieces[-1])
        if len(pieces) == 1 and written and not any(c.isdigit() for c in written[0]):
            written[0] = written[0].lower()
        phrase, rest = _phrase(written)
        if phrase and not rest:
            out.append((" ".join(phrase), phrase))
    return out


# A maker fronted before the verb: "de Black+Decker tenemos…", "From Makita we carry…".
_MAKER_FRONTED = scan.compile(
    r"(?:^|[\s,¡¿])(?i:de|from)\s+(\p{Lu}[\pL\pN+&'’-]*(?:\s+\p{Lu}[\pL\pN+&'’-]*)?)"
    r"\s*,?\s*(?i:s[ií]\s+|ya\s+|también\s+|we\s+)?$"
)
_PAIRED = frozenset(("both", "ambos", "ambas", "tanto"))
_OBJECT_END = scan.compile(r"[(\[$€£:]")  # a colon opens the list the object announces
_PRICE_FIRST = scan.compile(
    r"(?i)^\s*(?:(?:en|in)\s+stock\s+)?(?:(?:a|at|for|por|desde|from)\s+)?(?:[$€£]|(?:usd|eur|ars|gbp)\b|"
    # the code after the figure too: "la vendemos a 42.500 ARS"
    r"\d[\d.,]*\s*(?:€|euros?|pesos?|\$|(?:usd|eur|ars|gbp)\b))"
)
_ALSO = (["también"], ["also"])


def _phrase(written: list[str]) -> tuple[list[str], list[str]]:
    """The noun phrase at the start of the words, and the words after it."""
    phrase: list[str] = []
    for index, word in enumerate(written):
        lower = word.lower()
        if not phrase and (lower in _LEAD or lower in _PAIRED):
            continue
        if (lower in _BOUNDARY and not _capacity(phrase, written[index:])) or len(phrase) >= 6:
            return phrase, written[index:]
        phrase.append(word)
    return phrase, []


def _capacity(phrase: list[str], rest: list[str]) -> bool:
    """ "para / for" + a number is what the product holds, part of its name ("bandeja
    antiderrame para 4 tambores", "a tent for 2 people"), not a purpose."""
    following = rest[1] if len(rest) > 1 else ""
    return bool(phrase) and rest[0].lower() in ("para", "for") and following[:1].isdigit()


def unreturned(
    phrase: list[str],
    products: tuple[Product, ...],
    language: str = "es",
    searched: frozenset[str] = frozenset(),
) -> bool:
    """The object names something specific that no returned product is: a proper name,
    a number or a size of its own. ``searched``: the stems of what the turn searched for
    ("barra de sonido samsung"), whose kind the returned products are."""
    lower = [w.lower() for w in phrase]
    specific = [
        w.lower()
        for i, w in enumerate(phrase)
        if w[:1].isupper()
        # "3 plans" is a count and "hay 3x2 en remeras" a deal: a leading number names
        # no product
        or (any(c.isdigit() for c in w) and not (i == 0 and _count_or_deal(w)))
        or w.lower() in _SIZES
    ]
    if not specific:
        return False
    content = [w for w in lower if len(w) >= 3 and w not in _GENERIC] or lower
    if language != "en" and _other_head(phrase, products, searched):
        return True

    sized = any(c.isdigit() for w in specific for c in w)
    for product in products:
        name = set(product.words)
        if all(
            _in_name(w, name) or _plural_of(w, name) or _unit_of(w, name) or _series(w, name)
            for w in specific
        ) and (sized or any(_in_name(w, name) or _plural_of(w, name) for w in content)):
            return False  # a size of its own names it too: "la bolsa de 3,8 L"
    return True


def _in_name(word: str, name: set[str]) -> bool:
    """A word of the name, or a hyphenated word all of whose parts are ("Niddy-noddy")."""
    return word in name or set(word.split("-")) <= name


def _series(word: str, name: set[str]) -> bool:
    """A class letter that opens a model code of the name: "motores de clase D" for the
    "Órbita D12-5"."""
    return len(word) == 1 and any(w.startswith(word) and any(c.isdigit() for c in w) for w in name)


def _plural_of(word: str, name: set[str]) -> bool:
    """The plural of a word of the name: "Colorantes" of "Colorante", "relojes" of
    "reloj"."""
    return word.endswith("s") and (word[:-1] in name or (word.endswith("es") and word[:-2] in name))


def _other_head(
    phrase: list[str], products: tuple[Product, ...], searched: frozenset[str] = frozenset()
) -> bool:
    """A Spanish noun phrase opens with its head noun: "la funda acolchada Yamaha" is a
    case of the brand, not the returned Yamaha guitar, when the head is in no returned
    name and a later capitalised word is — and the search was not for that kind ("barras
    Samsung" after "barra de sonido samsung" returned the Samsung HW-B550)."""
    head = phrase[0]
    if not head.isalpha() or not head.islower() or len(head) < 4 or head in _GENERIC:
        return False
    if stem(head) in searched:
        return False
    names = name_stems(products)
    later = [w.lower() for w in phrase[1:] if w[:1].isupper()]
    if stem(head) in names or not any(w in names for w in later):
        return False
    # "alimento Shrimp King Complete de 45" names the returned "Dennerle Shrimp King
    # Complete 45 g" by its own size too: a kind word before the product, not another one
    sizes = [w for w in phrase[1:] if any(c.isdigit() for c in w)]
    return not (
        sizes
        and any(
            all(w in p.words for w in sizes) and all(w in p.words for w in later) for p in products
        )
    )


def _count_or_deal(word: str) -> bool:
    """A plain count ("3") or a multi-buy deal ("3x2", "2x1")."""
    return word.isdigit() or _DEAL.fullmatch(word) is not None


def _unit_of(word: str, name: set[str]) -> bool:
    """ "128gb" written together matches "128 gb" in the name."""
    digits = "".join(c for c in word if c.isdigit())
    # "pack de 5" is the name's "pack x5"
    return bool(digits) and (digits in name or f"x{digits}" in name)


_HAVE_IT = {
    "es": scan.compile(
        # "tampoco la tenemos" denies as "no la tenemos" does
        r"(?i)(?:^|[^\pL])((?:no|tampoco)\s+)?(?:lo|la|los|las)\s+(?:tenemos|vendemos|trabajamos|"
        r"manejamos|"
        r"seguimos\s+(?:teniendo|vendiendo|trabajando))(?:$|[^\pL])"
    ),
    "en": scan.compile(
        r"(?i)(?:^|[^\pL])we\s+(do\s+not\s+|don't\s+)?(?:do\s+)?(?:have|carry|stock|sell)\s+"
        r"(?:it|them)(?:$|[^\pL])"
    ),
}
