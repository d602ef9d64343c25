"""A kind the search returned, said carried with the feature the customer asked for.

"¿Tienen contenedores open top?" searched as "contenedor open top", and the search
returned only a "Contenedor marítimo 40 pies usado": the answer "Sí, tenemos
contenedores open top, con lona removible" says the shop has the asked feature, which
no returned product's name has. The kind alone ("contenedores") is backed; the words
that qualify it are not. The feature is read from the turn itself: a word the object
says that the customer's question or this turn's search query also has, and that no
returned product (name or SKU) and no page of the shop's has, so no list of features
is needed. A returned product named as the kind's instance ("tenemos urnas para
mascotas: la Urna cerámica…") answers with it, and claims nothing more.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from itertools import pairwise

from guards import scan
from guards.conjugation import fold
from guards.phrasebook import PHRASEBOOKS
from guards.product_asked import first_stretch, instanced, stock_clauses
from guards.product_claims import claimed_objects
from guards.products import Product, stem
from guards.text import negated_clause, words

# Closed class: the words that name a group of things, whose kind is the word before.
_GROUPS = frozenset("kit kits set sets pack packs pair pairs bundle bundles box".split())
_MIN_LETTERS = 4  # "top", "con", "the": a feature word is a longer one


def _stems(text: str, least: int = _MIN_LETTERS) -> set[str]:
    return {stem(fold(w.lower())) for w in words(text) if len(w) >= least}


@cache
def _stop_stems(lang: str) -> frozenset[str]:
    return frozenset(stem(fold(w)) for w in PHRASEBOOKS[lang].stopwords)


def _compound(written: list[str], head: str, products: tuple[Product, ...], lang: str) -> set[str]:
    """The word that makes one kind with the head, as a returned name writes the two
    together ("draught excluder"): part of the kind, not a returned product's word."""
    if lang != "en" or head not in written or written.index(head) == 0:
        return set()
    before = written[written.index(head) - 1].lower()
    pair = (stem(fold(before)), stem(fold(head.lower())))
    for product in products:
        name = [stem(fold(w.lower())) for w in words(product.name)]
        if pair in pairwise(name):
            return {pair[0]}
    return set()


def affirms_unreturned_feature(
    draft: str,
    *,
    asked: str,
    language: str,
    products: tuple[Product, ...],
    pages: Iterable[str] = (),
) -> str | None:
    """The object the draft says the shop has, when its head is a returned kind and it
    carries a word the customer asked for (``asked``: the question and the search
    queries) that no returned product and no page has; None otherwise."""
    if not products:
        return None  # an empty search is read by the claims after it
    lang = "en" if language == "en" else "es"
    # the asked words the draft says: most turns stop here, before any other reading
    wanted = _stems(asked) & _stems(draft)
    if not wanted:
        return None
    returned = {s for p in products for s in _stems(f"{p.name} {p.sku}")}
    wanted -= returned | _stop_stems(lang)
    for page in pages:
        if not wanted:
            return None
        wanted -= _stems(page)
    if not wanted:
        return None
    kinds = {s for p in products for s in _stems(p.name, least=3)}  # "Brass Urn"
    for clause in stock_clauses(draft, lang):
        if negated_clause(clause, lang):
            continue
        for _phrase, written in claimed_objects(clause, lang):
            head = written[-1] if lang == "en" else written[0]
            if lang == "en" and len(written) > 1 and head.lower() in _GROUPS:
                head = written[-2]  # "a sash window draught excluder kit": an excluder
            if stem(fold(head.lower())) not in kinds:
                continue  # another kind: the kind readers judge it
            if head[:1].isupper():
                # a name ("tenemos Carcassonne en inglés", "la Bombilla de alpaca"): the
                # product readers judge it; a feature is read on a kind, said in lower case
                continue
            at = clause.find(written[0])
            stretch = first_stretch(clause[max(at, 0) :])
            kind = {stem(fold(head.lower()))} | _compound(written, head, products, lang)
            sides = _sides(stretch, lang)
            for side in sides:
                said = _stems(side)
                if not said & wanted or said & returned - kind:
                    # a word of a returned name beside the head names that product,
                    # described ("'Cuentos de la selva' en edición ilustrada")
                    continue
                # a pair's other side is the returned product the draft goes on to name
                if len(sides) > 1 or not instanced(draft, written, products, past_object=True):
                    return stretch.strip()
    return None


# A pair said had: "lo tenemos tanto liso como floral", "we stock it in both oak and
# walnut". Each side is a thing of its own: the returned word on one side ("liso") names
# nothing of the other ("floral").
_PAIR = {
    "es": scan.compile(r"(?i)^(.*?(?:^|[^\pL]))tanto\s+(.+?)\s+como\s+(.+)$"),
    "en": scan.compile(r"(?i)^(.*?(?:^|[^\pL]))both\s+(.+?)\s+and\s+(.+)$"),
}


def _sides(stretch: str, lang: str) -> tuple[str, ...]:
    """The stretch, or each side of a pair in it with what comes before the pair."""
    pair = _PAIR[lang].search(stretch)
    if pair is None:
        return (stretch,)
    return (pair.group(1) + pair.group(2), pair.group(1) + pair.group(3))
