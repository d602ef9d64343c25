"""What a shop's warranty pages say of kinds of goods: a category a cited chunk gives a
term to, a kind or a condition a policy leaves without warranty, and a draft's
sentence bridged to a chunk by the kind it names."""

from __future__ import annotations

from functools import lru_cache

from guards import scan
from guards.conjugation import genderless
from guards.context import RetrievedChunk
from guards.memo import memoised
from guards.product_refs import qualified_kinds, stem, stems
from guards.product_warranty import TERM
from guards.products import Product
from guards.text import citations, sentences, words
from guards.trust import tainted_chunk
from guards.warranty_scope import another_sort

# "como todos los móviles nuevos", "like all our tents": the product is one of a category.
_ALL_OF = scan.compile(
    # "como todos los móviles nuevos", or the category as the subject: "all our safety
    # footwear is covered for 6 months [warranty#1]"
    r"(?i)(?:^|[^\pL])(?:(?:como|like|as\s+with|igual\s+que)\s+)?"
    # "como el resto de bolas de bolos": the rest of a category is all of it but one
    r"(?:todos|todas|todo|toda|cualquier|all|any|every|el\s+resto\s+de|the\s+rest\s+of)\s+"
    r"(?:(?:los|las|el|la|nuestros|nuestras|nuestro|nuestra|our|the)\s+)*([^\[\],;:.()]+)"
)
_LINKS = frozenset("de del con y o e of with and or for para".split())
_RELATIVE = frozenset("que quien which that who we".split())
# Closed class: the shop itself, which qualifies no category ("todo el calzado de la
# tienda" is the chunk's "todo el calzado").
_THE_SHOP = frozenset("tienda shop store web catálogo catalogo catalogue catalog".split())
# Closed class: the verbs that give a category its warranty.
_HAS = frozenset(
    "tiene tienen lleva llevan trae traen viene vienen cuenta cuentan incluye incluyen "
    "has have comes come carries carry includes include gets get is are es son".split()
)


def cited_category(clause: str, retrieved: tuple[RetrievedChunk, ...]) -> bool:
    """The clause puts the product in a category ("como todos los móviles nuevos
    [mov-garantia#1]") and a chunk it cites gives that category, in its own words, the
    term the clause states."""
    match = _ALL_OF.search(clause)
    cited = citations(clause)
    if match is None or not cited:
        return False
    category = []
    for w in words(match.group(1)):
        if w in _HAS or TERM.match(w) or w in _RELATIVE:
            # "como toda gafa nueva tiene la garantía …": the category ends at its verb,
            # or where a relative clause opens ("los altavoces que vendemos")
            break
        if len(w) >= 3 and w not in _LINKS and w not in _THE_SHOP:
            category.append(w)
    terms = {m.group(1) for m in TERM.finditer(clause[: match.start()]) if m.group(1)}
    if not category:
        return False
    for chunk in retrieved:
        if chunk.source not in cited or tainted_chunk(chunk):
            continue
        for sentence in sentences(chunk.text):
            said = {m.group(1) for m in TERM.finditer(sentence) if m.group(1)}
            own = {genderless(w) for w in stems(sentence)}  # "nuevas" is "nuevos"
            if (
                TERM.search(sentence)
                and terms <= said
                and all(genderless(stem(w)) in own for w in category)
            ):
                return True
    return False


# A policy's own "no warranty" for a list of kinds: "Cuchas, rascadores, correas y
# juguetes no tienen garantía", "Clearance items have no warranty".
_NONE = scan.compile(
    r"(?i)(?:^|[^\pL])(?:no\s+(?:tienen?|traen?|incluyen?|llevan?|cuentan?\s+con)\s+garant"
    r"|sin\s+garant|(?:have|has|carry|carries|come\s+with)\s+no\s+(?:warranty|guarantee)"
    r"|(?:are|is)\s+not\s+covered)"
)


def denies_kind(sentence: str, product: Product) -> bool:
    """The policy sentence says the kind the product's name opens with has no warranty:
    the name's head word ("Rascador para gatos …") among the words before the denial."""
    before = _before_denial(sentence)
    return before is not None and head_named(before, product)


def denies_own_kind(sentence: str, product: Product) -> bool:
    """The policy sentence denies a warranty to the product's kind as its name says it,
    head and qualifier ("Las almohadas de fibra no tienen garantía" for "Almohada Cannon
    Fibra Siliconada"): a narrower scope than a term given to the kind's other sort
    ("Almohadas viscoelásticas: 6 meses")."""
    before = _before_denial(sentence)
    if before is None or not head_named(before, product):
        return False
    name = {stem(w) for w in words(product.name)}
    said = {stem(w) for w in words(before) if len(w) >= 4} - {_head_stem(product)}
    return bool(said & name - _WARRANTY_STEMS)


def denies_condition(sentence: str, product: Product) -> bool:
    """The policy sentence says a condition the product's name states ("(reacondicionada)",
    "(segunda mano)") has no warranty."""
    before = _before_denial(sentence)
    if before is None:
        return False
    said = {genderless(stem(w)) for w in words(before.lower())}
    return any(genderless(stem(w)) in said for w in words(product.name.lower()) if w in _CONDITIONS)


def _before_denial(sentence: str) -> str | None:
    match = _NONE.search(sentence)
    return None if match is None else sentence[: match.start()]


# Closed class: the conditions a name states that a policy may leave without warranty.
_CONDITIONS = frozenset(
    "reacondicionado reacondicionada reacondicionados reacondicionadas usado usada usados "
    "usadas segunda outlet exhibición exhibicion refurbished used second-hand secondhand "
    "pre-owned ex-display display open-box".split()
)


def head_named(text: str, product: Product) -> bool:
    """The text names the kind the product's name opens with ("el rascador" for
    "Rascador para gatos …")."""
    head = _head_stem(product)
    return head is not None and head in {stem(w) for w in words(text)}


def _head_stem(product: Product) -> str | None:
    """The stem of the word the product's name opens with (its kind), if any."""
    head = [w for w in words(product.name) if len(w) >= 4][:1]
    return stem(head[0]) if head else None


# Closed class: the words of any warranty sentence, which name no category of goods.
_WARRANTY_TALK = frozenset(
    "años año meses mes días years year months month days garantía garantia garantías "
    "warranty warranties guarantee guarantees cobertura cover covered covers covering cubre "
    "cubren cubiert defectos defecto defects defect faults fault fallas falla fabricación "
    "manufacturing fabricante fabricantes manufacturer manufacturers maker makers legal "
    "oficial official desde from compra purchase fecha date tienda shop store todos todas "
    "all productos producto products product artículos items item tienen tiene have has "
    "carry carries come comes with con incluye include includes según under policy "
    "política fábrica fabrica factory frente against contra internacional international "
    "limitada limited extendida extended parts labour labor factura facturas invoice receipt "
    "ticket comprobante presentando presentar presentá presenting showing".split()
)
_WARRANTY_STEMS = frozenset(stem(w) for w in _WARRANTY_TALK)


def _possessor(word: str) -> str:
    """ "maker's" is the maker."""
    return word[:-2] if word.endswith("'s") else word


def bridged(
    sentence: str,
    chunks: list[str],
    stopwords: frozenset[str],
    modifiers: frozenset[str] = frozenset(),
) -> bool:
    """The draft's sentence names a category a policy gives a term to ("as a new guitar,
    it comes with the 2-year warranty", "las herramientas eléctricas tienen 6 meses"):
    a word of its own, not the warranty's talk, that a chunk with a term has (the whole
    chunk: "Cushions and umbrellas: 1 year" names its kinds before the colon).
    ``modifiers``: stems that only qualify the named product's kind in its name — a
    "Tablecloth Clip Set" is no tablecloth — and so bridge to no category."""
    parts = {w.lower() for pair in _PART_COVERED.findall(sentence) for w in pair if w}
    own = {
        stem(w)
        for w in (_possessor(w) for w in words(sentence.lower()))
        if len(w) >= 4 and w not in stopwords and w not in _WARRANTY_TALK and w not in parts
    } - modifiers
    if not own:
        return False
    said = {w.lower() for w in words(sentence)}
    for text in chunks:
        shared = own & _kind_stems(text) - _other_lines(text, said) if TERM.search(text) else 0
        # "Las alfombras de lana tienen 6 meses" bridges no jute rug: every line naming
        # the kind gives the term to a sort the sentence does not say
        if shared and not all(
            another_sort(line, own)
            for line in sentences(text)
            if shared & {stem(w) for w in words(line)}
        ):
            return True
    return False


# The part a warranty covers, which names no kind of goods: "a 5-year frame warranty",
# "garantía en la carcasa".
_PART_COVERED = scan.compile(
    r"(?i)(\pL{4,})\s+(?:warranty|guarantee)|garant[ií]a\s+(?:en|sobre|de)\s+(?:la|el|los|las)\s+(\pL{4,})"
)


def _other_lines(text: str, said: set[str]) -> set[str]:
    """The chunk's kinds it names only for lines the sentence does not name: "Hornos
    Kilnia: 2 años" bridges no kiln of another maker."""
    return {kind for kind, lines in qualified_kinds(text).items() if not lines & said}


_NAME_WORD = scan.compile(r"(?:[^.:;!?\s]\s+)(\p{Lu}[\pL'’-]*)")


@memoised()  # every clause asks it of the same chunks
def _kind_stems(text: str) -> frozenset[str]:
    """The chunk's words that may name a kind of goods: not the warranty's talk, nor a
    name written with a capital inside a sentence ("Samsung ofrece 5 años … en sus SSD"
    gives the term to SSDs, not to every Samsung)."""
    named = {w.lower() for w in scan.findall(_NAME_WORD, text)}
    lower = {w for w in words(text) if w not in _WARRANTY_TALK}
    return frozenset(
        stem(_possessor(w)) for w in lower if w not in named or _lowercase_too(w, text)
    )


def _lowercase_too(word: str, text: str) -> bool:
    return any(w == word for w in _WORDS_AS_WRITTEN.findall(text))


_WORDS_AS_WRITTEN = scan.compile(r"[\pL\pN][\pL\pN'’-]*")


# Where a name's kind ends and what it is for or made with begins.
_NAME_END = scan.compile(r"(?i)[(\[,]|\s[—–-]\s|\s(?:for|with|para|con|de|del|in|en)\s|\s\d")
# Closed class: the words that name a group of things, whose kind is the word before
# (English) or after (Spanish "juego de …").
_GROUPS = frozenset("set sets pack packs kit kits pair pairs bundle box juego par caja".split())


def name_modifiers(product: Product, language: str) -> frozenset[str]:
    """The stems of the words of a product's name that qualify its kind without being
    it: an English name's words before its head noun ("Tablecloth Clip Set": tablecloth;
    "Swivel Bath Seat": swivel, bath), a Spanish one's after its first ("Pinzas para
    mantel": mantel). A condition ("usado", "refurbished") is a scope a policy may give
    a term to, not a qualifier."""
    return _modifiers_of(product.name, "en" if language == "en" else "es")


# Read for every policy and clause of a turn, and a worker sees the same names again.
@lru_cache(maxsize=1024)
def _modifiers_of(name: str, language: str) -> frozenset[str]:
    tokens = [w for w in words(name.lower()) if w.isalpha()]
    if language == "en":
        kind = [w for w in words(_NAME_END.split(name.lower(), maxsplit=1)[0]) if w.isalpha()]
        head = kind[-2:] if kind[-1:] and kind[-1] in _GROUPS else kind[-1:]
    else:
        head = tokens[:1]
    return frozenset(
        stem(w)
        for w in tokens
        if len(w) >= 4 and w not in head and w not in _LINKS and w not in _CONDITIONS
    ) - {stem(w) for w in head}
