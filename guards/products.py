"""Products returned by this turn's search, and product mentions in a draft."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from functools import cached_property, lru_cache
from typing import Any

from guards import scan
from guards.conjugation import fold
from guards.context import GuardContext
from guards.memo import per_turn
from guards.phrasebook import BRANDS, MODEL_WORDS
from guards.text import words

SEARCH_TOOLS = ("search_products",)
MAKERS = frozenset(
    "samsung motorola apple google xiaomi realme nokia huawei sony lg oppo vivo".split()
)
CAPACITY_UNITS = frozenset(("gb", "tb"))
CONDITION_WORDS = frozenset("usado used reacondicionado refurbished nuevo new de with con".split())
_MISSING = object()
MAX_MENTION_WORDS = 4
_ORDINAL = scan.compile(r"(\d+)(?:st|nd|rd|th|da|do|ra|ro|ta|to|a|o|ª|º)")


@dataclass(frozen=True)
class Product:
    sku: str
    name: str
    in_stock: bool | None
    warranty: str | None
    has_warranty_field: bool
    price: Decimal | None = None
    # The kind the shop's catalogue files it under ("category", "product_type"), and
    # the other words its record tags it with (brand, collection, tags, labels).
    kinds: tuple[str, ...] = ()
    tags: tuple[str, ...] = ()

    # Cached on the instance (a frozen dataclass keeps its __dict__, and neither equality
    # nor hashing reads it): the stock guards ask a product for its words once per
    # mention and clause, and each reading cut the name and tried the ordinal pattern
    # on every word. A product lives for one turn (returned_products is per turn).
    @cached_property
    def words(self) -> frozenset[str]:
        """Its name's and code's words; an ordinal also as its number ("2da gen" is the
        "AirPods Pro 2")."""
        tokens = words(f"{self.name} {self.sku}")
        # An ordinal starts with a digit: the other words need no search.
        ordinals = {m.group(1) for t in tokens if t[:1].isdigit() and (m := _ORDINAL.fullmatch(t))}
        return frozenset(tokens) | ordinals

    @cached_property
    def stems(self) -> frozenset[str]:
        """Its name's and code's words, plurals made singular ("relojes" as "reloj")."""
        return frozenset(stem(w) for w in words(f"{self.name} {self.sku}"))

    @cached_property
    def model_words(self) -> frozenset[str]:
        """The words that name the model: no maker, capacity, condition or units."""
        tokens = words(self.name)
        capacity = {tokens[i - 1] for i, t in enumerate(tokens) if t in CAPACITY_UNITS and i}
        return frozenset(
            t
            for t in tokens
            if t not in MAKERS
            and t not in CAPACITY_UNITS
            and t not in capacity
            and t not in CONDITION_WORDS
        )


def searched(ctx: GuardContext) -> bool:
    return any(_is_search(call.tool, call.output) for call in ctx.tool_outputs)


@per_turn
def returned_products(ctx: GuardContext) -> tuple[Product, ...]:
    out: list[Product] = []
    for call in ctx.tool_outputs:
        if not _is_search(call.tool, call.output) or not isinstance(call.output, Mapping):
            continue
        for item in call.output.get("products") or ():
            if isinstance(item, Mapping):
                out.append(_product(item))
    return tuple(out)


def _searches(ctx: GuardContext) -> list[tuple[str, bool]]:
    """Each search of the turn with a query: (the query, whether it returned products)."""
    out = []
    for call in ctx.tool_outputs:
        if _is_search(call.tool, call.output) and isinstance(call.output, Mapping):
            query = call.input.get("query") if isinstance(call.input, Mapping) else None
            if isinstance(query, str):
                out.append((query, bool(call.output.get("products"))))
    return out


@per_turn
def searched_stems(ctx: GuardContext) -> frozenset[str]:
    """The stems of the words this turn's searches asked for."""
    return frozenset(stem(w) for query, _ in _searches(ctx) for w in words(query))


@per_turn
def search_queries(ctx: GuardContext) -> tuple[str, ...]:
    """What this turn's searches asked for, each query as written."""
    return tuple(query for query, _ in _searches(ctx))


@per_turn
def empty_queries(ctx: GuardContext) -> tuple[str, ...]:
    """What this turn searched for and found nothing: the query of each search whose
    list of products came back empty."""
    return tuple(query for query, found in _searches(ctx) if not found)


def searched_for_nothing(phrase: str, queries: tuple[str, ...]) -> bool:
    """The phrase names what a search found nothing for: a word of four letters or more
    that the query has too ("rodillos" after "rodillo pintura")."""
    said = {stem(w) for w in words(phrase) if len(w) >= 4}
    return any(said & {stem(w) for w in words(query) if len(w) >= 4} for query in queries)


def _is_search(tool: str, output: Any) -> bool:
    return tool in SEARCH_TOOLS or (isinstance(output, Mapping) and "products" in output)


def _product(item: Mapping[str, Any]) -> Product:
    warranty = item.get("warranty", _MISSING)
    stock = item.get("in_stock")
    return Product(
        sku=str(item.get("sku") or ""),
        name=str(item.get("name") or ""),
        in_stock=stock if isinstance(stock, bool) else None,
        warranty=None if warranty in (None, _MISSING, "") else str(warranty),
        has_warranty_field=warranty is not _MISSING,
        price=_price(item.get("price")),
        kinds=_texts(item, KIND_FIELDS),
        tags=_texts(item, TAG_FIELDS),
    )


# Record fields that file a product under a kind, and the ones that tag it otherwise.
KIND_FIELDS = ("category", "categories", "product_type", "type", "categoria", "categoría")
TAG_FIELDS = ("brand", "marca", "collection", "collections", "tags", "etiqueta", "label", "labels")


def _texts(item: Mapping[str, Any], fields: tuple[str, ...]) -> tuple[str, ...]:
    out: list[str] = []
    for field in fields:
        value = item.get(field)
        values = value if isinstance(value, list | tuple) else [value]
        out.extend(str(v) for v in values if isinstance(v, str) and v.strip())
    return tuple(out)


def _price(value: Any) -> Decimal | None:
    try:
        return Decimal(str(value)) if value not in (None, "") else None
    except (InvalidOperation, ValueError):
        return None


@lru_cache(maxsize=16384)  # asked of every word of every name, dozens of times a turn
def stem(word: str) -> str:
    """Singular of a plural noun, enough to compare "relojes" with "reloj" and "tamices"
    with "tamiz" (Spanish writes a final z as c before -es)."""
    if len(word) > 3 and word[-2] in "áéíóú" and word[-1] in "ns":
        # "buzón" / "buzones", "cojín" / "cojines", "inglés" / "ingleses": the written
        # accent of a last syllable in -n or -s falls in the plural
        return word[:-2] + fold(word[-2:])
    if len(word) > 4 and word.endswith("ces"):
        return word[:-3] + "z"
    if len(word) > 4 and word.endswith("les") and word[-4] not in "aeiouáéíóú":
        return word[:-1]  # English "-le" plurals: "turntables", "bottles" ("papeles" below)
    if len(word) > 4 and word.endswith("es") and word[-3] not in "aeiou":
        return word[:-2]
    if len(word) > 3 and word.endswith("s"):
        return word[:-1]
    return word


def name_stems(products: tuple[Product, ...]) -> set[str]:
    """The stems of every word of the returned products' names."""
    return {stem(w) for p in products for w in words(p.name)}


def mentions(text: str) -> list[frozenset[str]]:
    """Product mentions: a brand word and the model words after it ("moto g54"); a
    comma or a currency sign ends one ("the Motorola VM64, £119.99")."""
    found: list[frozenset[str]] = []
    for stretch in _MENTION_BREAK.split(text):
        found.extend(_mentions(stretch))
    return found


_MENTION_BREAK = re.compile(r"[,;:()\[\]$€£]")


def _mentions(text: str) -> list[frozenset[str]]:
    tokens = words(text)
    found: list[frozenset[str]] = []
    index = 0
    while index < len(tokens):
        if tokens[index] not in BRANDS:
            index += 1
            continue
        mention = [tokens[index]]
        index += 1
        while index < len(tokens) and len(mention) < MAX_MENTION_WORDS:
            token = tokens[index]
            if (
                token in BRANDS
                or token in MODEL_WORDS
                or is_model_code(token)
                or (len(token) == 1 and token.isalpha() and token not in ("y", "o", "e", "a"))
            ):
                mention.append(token)
                index += 1
            else:
                break
        if len(mention) == 1 and mention[0] in _written_lower(text):
            continue  # "un poco más grande", "vivo en Rosario": a word, not the brand
        found.append(frozenset(mention))
    return found


def _written_lower(text: str) -> frozenset[str]:
    """The words the text writes only in lower case."""
    written = _WORD_AS_WRITTEN.findall(text)
    capitalised = {w.lower() for w in written if not w.islower()}
    return frozenset(w for w in written if w.islower() and w not in capitalised)


_WORD_AS_WRITTEN = scan.compile(r"\pL+")  # RE2's \w is ASCII only


def is_model_code(token: str) -> bool:
    """A short token with a digit in it: "a1", "g54", "d12"."""
    return any(ch.isdigit() for ch in token) and len(token) <= 6


def matching(mention: frozenset[str], products: tuple[Product, ...]) -> list[Product]:
    return [p for p in products if mention <= p.words]


def named_products(text: str, products: tuple[Product, ...]) -> list[Product]:
    """Returned products the text names by their model words ("el C55", "Edge 40")."""
    present = set(words(text))
    return [p for p in products if p.model_words and p.model_words <= present]


def is_specific(mention: frozenset[str]) -> bool:
    return len(mention) >= 2 or any(is_model_code(token) for token in mention)


_INDEFINITE = frozenset("a an un una unos unas".split())
_COPULAS = frozenset("is are was it's that's es son era sería".split())
_LOWER_WORD = scan.compile(r"\pL[\pL'-]*")


def kind_words(sentence: str) -> frozenset[str]:
    """Words the sentence writes in lower case only in a kind it likens something to:
    an indefinite article after a copula, two words at most between ("that's more of an
    off-road unicycle", "es una bufanda de lana"), where "we have a unicycle" or "la
    Bufanda Nórdica" may name a product."""
    written = _LOWER_WORD.findall(sentence)
    lowered = [w.lower() for w in written]
    kinds: set[str] = set()
    named: set[str] = set()
    for at, word in enumerate(written):
        near = lowered[max(0, at - 3) : at]
        article = max((i for i, w in enumerate(near) if w in _INDEFINITE), default=None)
        if (
            word.islower()
            and article is not None
            and _COPULAS & set(lowered[max(0, at - 6) : at - len(near) + article])
        ):
            kinds.add(lowered[at])
        else:
            named.add(lowered[at])
    return frozenset(kinds - named)
