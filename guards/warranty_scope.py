"""A warranty term a policy gives to one sort of a kind, which a product of another sort
of that kind does not get.

"Las alfombras de lana tienen 6 meses de garantía" is no term for the "Alfombra Yute
Redonda"; "Glassware and ceramic gourds carry a 1-year warranty" none for a "Natural
calabash gourd"; "Los kits de luz para ventiladores tienen 12 meses" none for the fan
itself. The policy names the product's kind, but qualified by a word the product's name
lacks — the word right after the noun in Spanish (an adjective, or "de" and a noun), the
word right before it in English — or names it only as what another thing is for ("para
ventiladores", "for ceiling fans"). The qualifier is read from the policy's own words
against the product's name, so no list of materials or makes is needed. A maker or line
written with a capital is ``product_refs``'s own reading ("Hornos Kilnia").
"""

from __future__ import annotations

from guards import scan
from guards.conjugation import genderless
from guards.products import stem

# Closed class: words next to a kind that name no sort of it — the verbs of having a
# term, the warranty's own talk, conditions and quantifiers ("los sofás nuevos tienen",
# "all our new tents", "las alfombras tienen garantía de fábrica").
_NO_SORT = frozenset(
    "tiene tienen lleva llevan cuenta cuentan viene vienen trae traen incluye incluyen "
    "están estan quedan cubre cubren tenga tengan has have carry carries come comes "
    "include includes are were get gets "
    "garantía garantia garantías warranty warranties guarantee guarantees cobertura "
    "años meses días years months days fábrica fabrica fabricante manufacturer oficial "
    "official legal extendida extended limitada limited lifetime vida "
    "nuevo nueva nuevos nuevas new usado usada usados usadas used todos todas todo toda "
    "nuestros nuestras nuestro nuestra other otros otras otro otra every each "
    "vendidos vendidas sold comprados compradas bought segunda exposición exposicion "
    "exhibición exhibicion outlet these those such some many most both also only "
    "including cover covers covered apply applies".split()
)
_WORD = scan.compile(r"[\pL\pN][\pL\pN'-]*")
_PURPOSE = frozenset(("para", "for"))
# The link before a Spanish noun qualifier, and the articles it may take.
_OF = frozenset(("de", "del"))
_ARTICLES = frozenset("el la los las".split())


def _sort_word(word: str, name: set[str]) -> bool:
    """A lower-case word of four letters or more that names a sort the name lacks."""
    if not word.isalpha() or not word.islower() or len(word) < 4 or word in _NO_SORT:
        return False
    own = {genderless(n) for n in name}
    return genderless(stem(word)) not in own


# Closed class: words only a Spanish sentence has, which tell which side of its noun a
# policy sentence qualifies on (a chunk may be in either language whatever the draft's).
_SPANISH = frozenset("de del los las el la con tienen tiene y para sus".split())


def _joined(sentence: str, found: list, at: int) -> bool:
    """Only a space between the word at ``at`` and the next one: no list's comma, no
    bracket ("Cuidado personal (secadores, planchitas…)")."""
    return at + 1 < len(found) and not sentence[found[at].end() : found[at + 1].start()].strip()


def _content(word: str) -> bool:
    """A lower-case noun or adjective, not the warranty's talk: "luz" in "kits de luz para
    ventiladores", not "garantía" in "garantía para ventiladores"."""
    return word.isalpha() and word.islower() and len(word) >= 3 and word not in _NO_SORT


def another_sort(sentence: str, name: set[str]) -> bool:
    """Every mention of the product's kind in the policy sentence is qualified by a sort
    the product's name (``name``: its stems) lacks, or is what another thing is for."""
    found_at = list(_WORD.finditer(sentence))
    written = [m.group() for m in found_at]
    lower = [w.lower() for w in written]
    language = "es" if _SPANISH & set(lower) else "en"
    found = False
    for at, word in enumerate(lower):
        if stem(word) not in name or (written[at][:1].isupper() and at > 0):
            continue
        found = True
        before = lower[at - 1] if at else ""
        if before in _PURPOSE and at >= 2 and _content(written[at - 2]):
            continue  # "kits de luz para ventiladores": the kits are the kind
        if language == "en":
            qualifier = lower[0] if at == 1 else written[at - 1]  # "Ceramic gourds carry…"
            if at and _joined(sentence, found_at, at - 1) and _sort_word(qualifier, name):
                continue  # "ceramic gourds"
            return False
        following = written[at + 1 : at + 4] if _joined(sentence, found_at, at) else []
        if following and following[0].lower() in _OF:
            following = [w for w in following[1:] if w.lower() not in _ARTICLES]
        elif following and not (word.endswith("s") and following[0].endswith("s")):
            # an adjective agrees with a plural noun ("relojes automáticos"); after a
            # singular, or ending otherwise ("los sofás ofrecen…"), it may be a verb
            following = []
        if following and _sort_word(following[0], name):
            continue  # "alfombras de lana", "relojes automáticos"
        return False
    return found
