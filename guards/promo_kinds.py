"""Whether a cited promotion reaches a product by the kind its record files it under.

A shop's catalogue tells a product's kind in its record ("category": "Snacks y premios",
"product_type": "Kettlebells"), seldom in its name. A promotion's chunk names the kinds
it gives money off ("15% en alimentos balanceados", "15% off all adjustable dumbbells
and weight plates") and the kinds it leaves out ("excepto herramientas eléctricas", "No
se aplica a juguetes"). When a sentence grants a promotion it cites to a returned
product whose record gives its kind, the promotion must reach that kind: no excluded
kind shares a word with the product's, and, unless the promotion is for the whole shop
("toda la tienda", "sitewide"), what it is given on shares a word with the product's
record or name. A product whose record gives no kind is left to the other readings:
its name alone is too weak a sign of what it is.
"""

from __future__ import annotations

from guards import scan
from guards.conjugation import fold
from guards.context import GuardContext
from guards.product_refs import loosely_referred
from guards.products import returned_products
from guards.promo_names import hedged
from guards.promo_regions import region_not_reached
from guards.text import sentences, without_citations, words
from guards.thresholds import cited_promotion_below

# Closed classes: what opens a promotion's exclusions, what makes it the whole shop's,
# and the words a promotion's sentence says of itself rather than of what it covers.
_EXCEPT = scan.compile(
    r"(?i)(?:^|[^\pL])(?:excepto|salvo|menos|no\s+incluye|no\s+incluyen|no\s+se\s+aplica|"
    r"no\s+aplica|no\s+v[aá]lid[oa]|quedan?\s+fuera|excluye|excluidos?|excluidas?|"
    r"except|excluding|excludes?|excluded|not\s+valid|not\s+including|does\s+not\s+apply|"
    r"doesn't\s+apply|not\s+on)(?:$|[^\pL])"
)
_WHOLE_SHOP = scan.compile(
    r"(?i)(?:^|[^\pL])(?:toda\s+la\s+tienda|todo\s+el\s+sitio|toda\s+la\s+web|todos\s+los\s+"
    r"productos|todo\s+el\s+cat[aá]logo|sitewide|site-wide|storewide|store-wide|everything|"
    r"all\s+(?:products|items|orders)|the\s+whole\s+(?:store|shop|site)|any\s+(?:product|item))"
    r"(?:$|[^\pL])"
)
_PROMO_SELF = frozenset(
    "descuento descuentos discount off rebaja rebajas promo promoción promocion oferta offer "
    "sale todos todas todo toda all every cada día días dia dias day days semana week "
    "compra compras purchase order orders pedido pedidos cliente clientes customer customers "
    "socio socios member members club cuenta account código codigo code cupón cupon coupon "
    "precio price producto productos product products artículo artículos item items "
    "marca marcas brand brands tienda shop store online web full priced regular normal "
    "lista completo completos habitual categoría categoria category categories categorías "
    "seleccionados seleccionadas selected".split()
)
_SHIPPING = scan.compile(r"(?i)env[ií]o|shipping|delivery|entrega|despacho|postage")
_GRANT = scan.compile(r"(?i)\d\s*%|\b\dx\d\b|\b\d\s*for\s*\d\b|gratis|free|mitad|half")
_STOP = frozenset(
    "de del la las el los en con por para y o a al que se sus su the of and or for with "
    "on in to from at by your our un una unos unas an".split()
)


def granted_out_of_terms(ctx: GuardContext, sentence: str, cited: list[str]) -> str | None:
    """A note when ``sentence`` grants a promotion it cites outside the promotion's own
    terms: below the amount it starts at, or to a kind of product it does not reach."""
    if below := cited_promotion_below(ctx, sentence, cited):
        return f"grants a promotion, but {below}"
    if outside := granted_outside_kind(ctx, sentence, cited):
        return f"grants a promotion where {outside}"
    if elsewhere := region_not_reached(ctx, sentence, cited):
        return f"grants free shipping, but {elsewhere}"
    return None


def granted_outside_kind(ctx: GuardContext, sentence: str, cited: list[str]) -> str | None:
    """A note when ``sentence`` grants a promotion of ``cited`` to a returned product
    whose record files it under a kind the promotion leaves out or does not name."""
    if not cited:
        return None
    tokens = words(without_citations(sentence))
    if hedged(tokens) or set(tokens) & _WEIGHED:
        return None  # a restriction, a negation or a condition: the honest answer
    products = [p for p in returned_products(ctx) if p.kinds]
    if not products:
        return None
    named = loosely_referred(sentence, tuple(products))
    for product in named:
        for text in cited:
            for part in sentences(text):
                if _GRANT.search(part) is None:
                    continue
                if _SHIPPING.search(part):
                    continue  # a shipping promotion limits where it ships, not what
                granting, excluded = _split_exclusions(part)
                kind = _stems(" ".join(product.kinds))
                if kind & _stems(excluded):
                    return f"its source leaves out {product.kinds[0]!r}"
                if _WHOLE_SHOP.search(granting):
                    continue
                named_kinds = " ".join([*_objects(granting), *_filed_under(granting)])
                scope = _stems(named_kinds) - _stems(" ".join(_PROMO_SELF))
                own = kind | _stems(" ".join(product.tags)) | _stems(product.name)
                if scope and not scope & own:
                    return f"its source names no kind of {product.kinds[0]!r}"
    return None


_WEIGHED = frozenset("si if unless salvo".split())


# What a size of money off is given on: "15% de descuento en alimentos balanceados de
# las marcas …", "15% off all adjustable dumbbells and weight plates from …", "3x2 en
# juegos de mesa de la editorial …": the noun phrase after "off" or after the first
# preposition of place, up to a determiner, a "from"/"with", or a stop.
_SIZE = scan.compile(r"(?i)\d\s*%|\b\dx\d\b|\b\d\s+for\s+\d\b")
_OBJECT = scan.compile(
    r"(?i)^\s*(?:de\s+descuento|de\s+dto\.?|discount|de\s+ahorro)?\s*"
    r"(?:off\s+|(?:\pL+\s+){0,4}?(?:en|on|in|sobre|for|para)\s+)"
    r"(?:(?:todos|todas|toda|todo|all|every|cada|any)\s+)?"
    r"(?:(?:los|las|la|el|the|our|nuestros|nuestras|nuestro|nuestra|tus|your)\s+)?"
    r"([^,.;:()]+)"
)
_OBJECT_END = scan.compile(
    r"(?i)\s(?:de\s+(?:las?|los|el)|del|from|with|con|by|por|los|las|the|cuando|when|si|if|"
    r"hasta|until|que|that|which|a\s+partir|desde|during|durante)\s"
)


def _objects(granting: str) -> list[str]:
    out = []
    for match in _SIZE.finditer(granting):
        found = _OBJECT.match(granting[match.end() :])
        if found is None:
            continue
        phrase = f"{found.group(1)} "
        end = _OBJECT_END.search(phrase)
        out.append(phrase[: end.start()] if end else phrase)
    return out


# The words beside a word for a kind ("de la categoría Running", "in the Cooperative
# category", "de la gama Eco"): the kind's own name.
_FILED = scan.compile(
    r"(?i)(?:categor[ií]as?|category|categories|secci[oó]n|section|gamas?|range|l[ií]neas?|"
    r"colecci[oó]n|collection)\s+((?:\pL+\s*){1,3})|((?:\pL+\s+){1,2})(?:category|range|"
    r"section|collection)(?:$|[^\pL])"
)


def _filed_under(granting: str) -> list[str]:
    return [m.group(1) or m.group(2) or "" for m in _FILED.finditer(granting)]


def _split_exclusions(part: str) -> tuple[str, str]:
    match = _EXCEPT.search(part)
    if match is None:
        return part, ""
    return part[: match.start()], part[match.start() :]


def _stems(text: str) -> frozenset[str]:
    return frozenset(
        _stem(w) for w in words(text.lower()) if w not in _STOP and len(w) >= 3 and w.isalpha()
    )


def _stem(word: str) -> str:
    """A word's first five letters without accents, its plural taken off: "juguetes"
    and "juguete", "dumbbells" and "dumbbell" are one."""
    plain = fold(word)
    for ending in ("es", "s"):
        if len(plain) > 4 and plain.endswith(ending):
            plain = plain[: -len(ending)]
            break
    return plain[:5]
