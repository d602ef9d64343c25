"""Phrases the wording guards look for, per language. Data only: extend here.

Each entry is an RE2 fragment matched case-insensitively between word boundaries
(``\\s+`` between words). Lists are deliberately specific: a guard that fires on an
ordinary product word is worse than none.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class InternalTerm:
    """An inside word; ``unless_next`` lists words after it that make it a product word;
    ``needs_cue`` means it only leaks when the sentence also talks about looking things up."""

    pattern: str
    unless_next: tuple[str, ...] = ()
    needs_cue: bool = False
    # When set, "<term> de/del <head>" is a product word unless <head> is one of these.
    compound_unless: tuple[str, ...] = ()
    # The looking up must be the speaker's own ("en el catálogo no encontré"), not the
    # shop's listing ("figura en el catálogo a $171.000").
    own_lookup: bool = False


# Heads that keep "el sistema de …" about the shop's machinery.
MACHINERY_ES = ("pedidos", "gestión", "gestion", "stock", "inventario", "reservas", "tickets")
MACHINERY_ES += ("facturación", "facturacion", "atención", "atencion", "soporte", "datos")
MACHINERY_ES += ("información", "informacion", "consultas", "búsqueda", "busqueda", "clientes")
MACHINERY_EN = ("orders", "records", "stock", "inventory", "bookings", "tickets", "billing")
MACHINERY_EN += ("support", "data", "information", "searches", "customers", "accounts")
# Heads that keep "a chunk of …" about a text ("of the policy", "of text"), not a lump.
TEXT_HEADS_EN = (*MACHINERY_EN, "the", "this", "that", "my", "our", "your", "text", "content")
TEXT_HEADS_EN += ("context", "documentation", "info", "policy", "page", "document", "documents")


@dataclass(frozen=True)
class Phrasebook:
    discount: tuple[str, ...]
    compensation: tuple[str, ...]
    refund_promise: tuple[str, ...]
    refund_topic: tuple[str, ...]
    negation: tuple[str, ...]
    internal: tuple[InternalTerm, ...]
    lookup_cues: tuple[str, ...]
    available: tuple[str, ...]
    unavailable: tuple[str, ...]
    offer: tuple[str, ...]
    warranty: tuple[str, ...]
    no_warranty: tuple[str, ...]
    trade_in: tuple[str, ...]
    battery: tuple[str, ...]
    capacity_units: tuple[str, ...]
    clause_breaks: tuple[str, ...]
    stopwords: frozenset[str]


SPANISH = Phrasebook(
    discount=(
        r"descuentos?",
        r"\d+\s*%\s*off",
        r"bonificaci[oó]n",
        r"bonificamos",
        r"bonificad[oa]s?",  # "con envío bonificado"
        r"cup[oó]n",
        r"voucher",
        r"vales?\s+(?:de\s+)?(?:compra|regalo|descuento)",  # not "vale" (okay)
        r"gratis",
        r"sin\s+cargo",
        r"(?:por|a)\s+(?:nuestra\s+cuenta|cuenta\s+nuestra)",  # "corre por nuestra cuenta"
        r"de\s+regalo",
        r"te\s+regalamos",
        r"regal[aá](?:le|les|lo|la|los|las)",
        # "correr" in any tense: "corre / correrá / correría de nuestra cuenta"
        r"corr(?:e|en|erá|erán|ería|erían|ió|ieron)\s+(?:por|de)\s+(?:mi\s+cuenta|nuestra\s+cuenta|"
        r"cuenta\s+nuestra|cuenta\s+de\s+la\s+casa)",
        r"saldo\s+a\s+(?:tu|su)\s+favor",
        r"saldo\s+a\s+favor",
        r"invita\s+la\s+casa",
        r"(?:va|van|corre|corren)\s+por\s+(?:cuenta\s+de\s+)?la\s+casa",  # "va por la casa"
        r"rebaja",
        r"rebajamos",
        r"te\s+lo\s+dejamos\s+(?:en|a)",
        r"te\s+hacemos\s+un\s+precio",
        r"precio\s+especial",
        r"ahorr[aá]s",
        r"sin\s+costo",
        r"sin\s+coste",
        # "no charge" in Spanish: "la próxima recogida no tendrá coste"
        r"no\s+(?:te\s+|le\s+|os\s+)?(?:tendr[aá]n?|tiene[n]?|lleva[n]?|llevar[aá]n?)\s+"
        r"(?:ning[uú]n\s+)?(?:coste|costo|cargo)",
        r"sin\s+gastos\s+de\s+env[ií]o",
        r"gratuit[oa]s?",
        r"sin\s+costo\s+adicional",
        r"mitad\s+de\s+precio",
        r"a\s+mitad\s+de\s+precio",
        r"2\s*x\s*1",
        r"m[aá]s\s+barat[oa]",
    ),
    compensation=(
        r"como\s+disculpa",
        r"para\s+compensar(?:te|lo|le|la|les)?",
        r"para\s+compensarte",
        r"por\s+(?:la|las)\s+molestias?",
        r"(?:en|como)\s+compensaci[oó]n",
        r"para\s+disculparnos",
        r"como\s+gesto",
        r"por\s+(?:tu|su|vuestra)\s+paciencia",
        r"por\s+la\s+espera",
    ),
    refund_promise=(
        r"te\s+(?:devolvemos|devolveremos|reintegramos|reembolsamos|acreditamos)",
        r"le\s+(?:devolvemos|devolveremos|reintegramos|reembolsamos)",
        r"te\s+vamos\s+a\s+(?:devolver|reintegrar|reembolsar)",
        r"(?:vamos\s+a|podemos)\s+(?:devolverte|reintegrarte|reembolsarte)",
        r"(?:devolvemos|devolveremos|reintegramos|reembolsaremos)\s+(?:la\s+plata|el\s+dinero|el\s+importe|el\s+monto|tu\s+dinero)",
        r"procesamos\s+(?:el|tu)\s+reembolso",
        r"te\s+hacemos\s+el\s+reembolso",
        r"(?:el\s+)?(?:dinero|reembolso|reintegro|importe)\s+(?:\S+\s+){0,4}(?:est[aá]|va)\s+"
        r"(?:de|en)\s+camino",
        r"ten[eé]s\s+(?:el|tu)\s+reembolso\s+aprobado",
    ),
    refund_topic=(
        r"reembolsos?",
        r"devoluci[oó]n",
        r"devoluciones",
        r"reintegro",
        r"dinero",
        r"plata",
    ),
    negation=(r"no", r"nunca", r"ning[uú]n", r"ninguna", r"tampoco"),
    internal=(
        InternalTerm(
            r"(?:la|las|mi|mis|esta|una|nuestra)\s+herramientas?",
            unless_next=("multi", "eléctrica", "electrica", "de corte", "de jardín", "de mano"),
        ),
        InternalTerm(
            r"(?:el|mi|nuestro|del|al)\s+sistema",
            unless_next=("operativo", "android", "ios", "inteligente"),
            # "el sistema de frenos", "sistema de tallas": a kind of system, named by its
            # head, unless the head is the shop's own machinery.
            compound_unless=MACHINERY_ES,
        ),
        InternalTerm(r"(?:el|del|en\s+el)\s+cat[aá]logo", needs_cue=True, own_lookup=True),
        InternalTerm(r"[ií]ndice\s+del?\s+cat[aá]logo"),
        # What the assistant was given to read: "los documentos que me pasaron", "el
        # contexto proporcionado", "el fragmento", "chunk".
        InternalTerm(r"chunks?"),
        InternalTerm(
            r"(?:los|las|el|la|mis|estos|estas)\s+(?:documentos?|contexto|fragmentos?|textos?"
            r"|fuentes?|informaci[oó]n|info|cat[aá]logo|datos|listados?)(?:\s+[^\W\d_]+){0,2}?\s+"
            r"(?:que\s+me\s+\w+(?:aron|ieron)"
            r"|que\s+(?:me\s+)?(?:pasaron|dieron|han\s+(?:dado"
            r"|pasado|proporcionado|facilitado)|tengo|proporcionaron|facilitaron)|proporcionad[oa]s?"
            r"|recuperad[oa]s?|facilitad[oa]s?)"
        ),
        InternalTerm(r"(?:en\s+)?(?:el|mi)\s+contexto\s+(?:que\s+tengo|disponible|actual)"),
        InternalTerm(r"(?:la|una|mi|nuestra)\s+base\s+de\s+(?:datos|conocimientos?)"),
        InternalTerm(r"mis\s+instrucciones"),
        InternalTerm(r"(?:el|mi)\s+prompt"),
        InternalTerm(r"(?:los\s+)?resultados\s+de\s+(?:la\s+)?b[uú]squeda"),
        InternalTerm(r"la\s+b[uú]squeda\s+(?:no\s+)?(?:devolvi[oó]|arroj[oó]|trajo|muestra)"),
        InternalTerm(r"(?:la\s+)?api"),
        InternalTerm(r"modelo\s+de\s+lenguaje"),
    ),
    lookup_cues=(
        r"encontr[eé]",
        r"encuentro",
        r"busqu[eé]",
        r"figura",
        r"devolvi[oó]",
        r"devuelve",
        r"muestra",
        r"seg[uú]n",
        r"consult[eé]",
        r"registra",
        r"no\s+hay",
        r"no\s+tengo",
        r"tengo",
    ),
    available=(
        r"tenemos",
        r"hay",
        r"disponibles?",
        r"en\s+stock",
        r"contamos\s+con",
        r"s[ií],",
        r"te\s+lo\s+(?:podemos\s+)?(?:enviar|mandar)",
        r"lo\s+ten[eé]s",
    ),
    unavailable=(
        r"no\s+(?:(?:lo|la|los|las)\s+)?tenemos",
        r"no\s+hay",
        r"sin\s+(?:stock|existencias|disponibilidad)",
        r"agotad[oa]s?",
        r"no\s+est[aá]\s+disponible",
        r"no\s+(?:lo|la|los|las)\s+encontr[eé]",
        r"no\s+contamos",
        r"no\s+nos\s+queda",
        r"no\s+(?:tiene|tienen|queda|quedan)\s+(?:m[aá]s\s+)?(?:stock|existencias|unidades|disponibilidad)",
        r"no\s+trabajamos",
        r"no\s+vendemos",
        # the progressive: "monitores LG no estamos trabajando"
        r"no\s+estamos\s+(?:trabajando|vendiendo|manejando|teniendo|trayendo)",
    ),
    offer=(
        r"tenemos",
        r"disponibles?",
        r"en\s+stock",
        r"s[ií],",
        r"env[ií]o\s+inmediato",
        r"entrega\s+inmediata",
        r"(?:enviar|mandar|enviamos|mandamos|despachamos)",
        r"se\s+(?:despacha|env[ií]a|manda)n?",  # "se despachan en 24 horas", as "ships"
        r"pod[eé]s\s+comprarlo",
        r"lo\s+pod[eé]s\s+(?:llevar|retirar|pedir|comprar)",
        r"te\s+lo\s+reservo",
        # set aside for the customer, or taken home by them: "te la separo hasta el
        # viernes", "pasá mañana y te llevás el maletín"
        r"te\s+(?:lo|la|los|las)\s+(?:separo|guardo|aparto)",
        r"te\s+(?:(?:lo|la|los|las)\s+)?llev[aá]s",
        r"hay\s+stock",  # and "añadilo / agregar al pedido": put it in the order now
        r"lo\s+ten[eé]s|(?:a[ñn]ad|agreg|sum)[\pL]*\s+al\s+(?:pedido|carrito)",
    ),
    warranty=(r"garant[ií]a", r"garantizad[oa]s?"),
    no_warranty=(r"sin\s+garant[ií]a", r"no\s+(?:tiene|trae|incluye|cuenta\s+con)\s+garant[ií]a"),
    trade_in=(
        r"plan\s+canje",
        r"canje",
        r"toma\s+de\s+usados?",
        r"te\s+(?:lo|la)\s+tomamos",
        r"tomamos\s+tu",
        r"te\s+damos\s+por\s+tu",
        r"te\s+pagamos\s+por\s+tu",
        r"cotizaci[oó]n\s+de\s+tu",
        r"plan\s+renove",
        r"tasaci[oó]n",
        r"tasar(?:lo|la)?",
        r"tasamos",
        r"se\s+tasa\s+en",
    ),
    battery=(r"bater[ií]a",),
    capacity_units=("gb", "tb", "gigas", "giga", "gigabytes"),
    clause_breaks=(r"pero", r"aunque", r"sin\s+embargo", r"en\s+cambio", r"mientras\s+que"),
    stopwords=frozenset(
        "el la los las un una unos unas de del al y o a en con por para que es son está "
        "están se su sus tu tus te le lo mi me nos es muy más sí no ya hay tiene tienen "
        "como pero este esta eso ese esa sobre desde hasta cuando también".split()
    ),
)

ENGLISH = Phrasebook(
    discount=(
        r"discounts?",
        r"\d+\s*%\s*off",
        r"[$€£]\s?\d+(?:[.,]\d+)?\s+off",  # "£5 off orders of £25 or more"
        r"vouchers?",
        r"coupons?",
        r"for\s+free",
        r"free\s+of\s+charge",
        r"(?:\pL+'s|is|are)\s+on\s+me",  # "delivery's on me this time"
        r"(?:my|our)\s+treat",  # "shipping to Honolulu is my treat this time"
        r"on\s+(?:us|the\s+house)",  # "your first year is on us"
        r"complimentary",
        r"(?:is|are|be|get\s+a|a|comes?|came)\s+free",  # "comes free with it": as "is free"
        r"free\s+(?:delivery|shipping|gift|case|month)",
        r"waive",
        r"price\s+reduction",
        r"reduced\s+price",
        r"store\s+credit",
        r"special\s+price",
        r"knock\s+off",
        r"no\s+charge",
        r"(?:at\s+)?no\s+(?:extra\s+|additional\s+)?cost",
        r"half\s+price",
        r"ships?\s+free",
        r"free\s+(?:\S+\s+){0,2}(?:delivery|shipping|postage|returns?|upgrade|gift)",
        r"buy\s+one\s+get\s+one",
        r"\pL+ed\s+free",  # free as a participle's manner: "included free"
    ),
    compensation=(
        r"as\s+an\s+apology",
        r"to\s+make\s+up\s+for",
        r"to\s+make\s+(?:it|this|things)\s+right",
        r"for\s+the\s+inconvenience",
        r"as\s+compensation",
        r"as\s+a\s+goodwill",
        r"to\s+apologi[sz]e",
        r"as\s+a\s+thank[\s-]*you",
        r"for\s+your\s+patience",
        r"for\s+the\s+wait",
    ),
    refund_promise=(
        r"(?:we|i)\s*(?:will|'ll|shall|are\s+going\s+to|can)\s+(?:now\s+)?refund",
        r"(?:we|i)\s*(?:will|'ll|shall|are\s+going\s+to)\s+(?:pay|give|send)\s+(?:you\s+)?(?:the\s+amount|the\s+money|your\s+money|it)\s+back",
        r"(?:we|i)\s*(?:will|'ll)\s+pay\s+you\s+back",
        # a refund the speaker has others carry out: "we'll get that refund processed"
        r"(?:we|i)\s*(?:will|'ll)\s+(?:get|have)\s+(?:that|the|your|this)\s+refund\s+"
        r"(?:processed|issued|sent|paid)",
        r"(?:we|i)\s*(?:have|'ve)\s+(?:issued|processed|approved)\s+(?:a|the|your)\s+refund",
        r"(?:we\s+are|we're|i\s+am|i'm)\s+refunding",
        r"you\s*(?:will|'ll)\s+(?:get|receive)\s+(?:a\s+full\s+|a\s+|your\s+)?refund",
        r"you\s*(?:will|'ll)\s+(?:get|have)\s+your\s+money\s+back",
        r"your\s+refund\s+(?:is|has\s+been)\s+(?:approved|processed|on\s+its\s+way)",
        r"(?:the|your)\s+(?:money|refund)\s+(?:\S+\s+){0,4}(?:is|'s)\s+on\s+(?:its|the)\s+way",
        r"consider\s+(?:it|this|that|\S+\s+\S+)\s+refunded",
    ),
    refund_topic=(r"refunds?", r"money", r"returns?", r"reimburse\w*"),
    negation=(r"no", r"not", r"never", r"cannot", r"can't", r"won't", r"don't", r"doesn't"),
    internal=(
        InternalTerm(
            r"(?:the|my|our|this)\s+tools?",
            unless_next=("kit", "set", "box", "bag", "chest", "belt", "case"),
        ),
        InternalTerm(
            r"(?:the|our|my)\s+system",
            unless_next=(
                "update",
                "updates",
                "settings",
                "requirements",
                "font",
                "language",
                "memory",
            ),
            # "the system of interchangeable pads": a kind of system, named by its head
            compound_unless=MACHINERY_EN,
        ),
        InternalTerm(r"in\s+the\s+system"),
        InternalTerm(r"(?:the|my)\s+catalog(?:ue)?", needs_cue=True),
        # "a satisfying chunk of iron": a lump, named by its head
        InternalTerm(r"chunks?", compound_unless=TEXT_HEADS_EN),
        InternalTerm(
            r"(?:the|my|these|those)\s+(?:documents?|context|passages?|snippets?|sources?|texts?"
            r"|information|info)\s+(?:they\s+(?:gave|loaded|fed|sent|passed)\s+me|i\s+(?:was|have\s+been|'ve\s+been)\s+(?:given|provided|shown)"
            r"|(?:i\s+)?(?:was\s+)?provided|given\s+to\s+me|i\s+have\s+access\s+to|retrieved"
            r"|i\s+(?:have|can\s+see))"
        ),
        InternalTerm(r"(?:retrieved|provided)\s+(?:documents?|context|passages?|sources?)"),
        InternalTerm(r"(?:in|from|within)\s+my\s+context"),
        InternalTerm(r"(?:the|our|my)\s+(?:[^\W\d_]+\s+)?database"),
        InternalTerm(r"my\s+instructions"),
        InternalTerm(r"(?:my|the|system)\s+prompt"),
        InternalTerm(r"(?:the|my)\s+search\s+(?:results?|tool|returned|shows|did)"),
        InternalTerm(r"the\s+api"),
        InternalTerm(r"(?:function|tool)\s+call"),
        InternalTerm(r"(?:the|my)\s+knowledge\s+base"),
        InternalTerm(r"language\s+model"),
    ),
    lookup_cues=(
        r"found",
        r"find",
        r"searched",
        r"shows?",
        r"lists?",
        r"returned",
        r"according\s+to",
        r"says",
        r"i\s+checked",
        r"looked\s+up",
        r"there\s+is\s+no",
        r"isn't",
    ),
    available=(
        r"we\s+have",
        r"we've\s+got",
        r"we\s+carry",
        r"available",
        r"in\s+stock",
        r"yes,",
        r"ships?\s+today",
        r"can\s+ship",
    ),
    unavailable=(
        r"(?:we\s+)?(?:do\s+not|don't)\s+(?:have|carry|stock|sell)",
        r"not\s+available",
        r"unavailable",
        r"out\s+of\s+stock",
        r"sold\s+out",
        r"no\s+longer",
        r"isn't\s+available",
        r"is\s+not\s+in\s+stock",
        r"(?:has|have)\s+no\s+stock",
        r"couldn't\s+find",
        r"could\s+not\s+find",
        r"(?:we're|we\s+are)\s+not\s+(?:carrying|stocking|selling)",
        r"we\s+aren't\s+(?:carrying|stocking|selling)",
    ),
    offer=(
        r"we\s+have",
        r"available",
        r"in\s+stock",
        r"yes,",
        r"ships?",
        r"can\s+send",
        r"we\s+can\s+deliver",
        r"(?:immediate|same-day)\s+delivery",
        r"you\s+can\s+(?:buy|order|get|pick)",
        r"(?:i|we)\s*(?:'ll|\s+will)\s+send|add\s+(?:it\s+|them\s+)?to\s+(?:your\s+)?(?:cart|basket|order)",
        # "I can have them sent out tomorrow": a send the speaker arranges
        r"(?:i|we)\s*(?:'ll|\s+will|\s+can)\s+(?:have|get)\s+(?:it|them)\s+(?:sent|shipped|posted)",
    ),
    warranty=(r"warranty", r"guarantee", r"guaranteed"),
    no_warranty=(
        r"no\s+warranty",
        r"without\s+(?:a\s+)?warranty",
        r"(?:has|comes\s+with)\s+no\s+warranty",
        r"not\s+covered",
    ),
    trade_in=(
        r"trade[-\s]in",
        r"trade\s+it\s+in",
        r"(?:we|we'll|we\s+can|we\s+will)\s+(?:take|buy)\s+your",
        r"(?:give|pay)\s+you\s+\S+\s+for\s+your",
        r"part[-\s]exchange",
    ),
    battery=(r"battery",),
    capacity_units=("gb", "tb", "gigabytes"),
    clause_breaks=(r"but", r"although", r"however", r"whereas", r"instead"),
    stopwords=frozenset(
        "the a an of to in on at for and or is are be it its this that with your you we "
        "our i my me by from as if so do does not no yes can will over under".split()
    ),
)

PHRASEBOOKS: dict[str, Phrasebook] = {"es": SPANISH, "en": ENGLISH}

# Kept importable from here: the wording guards and guards.trust read them.
from guards.markers import (  # noqa: E402
    BRANDS,
    CODE_IDENTIFIER,
    INJECTION_MARKERS,
    MODEL_WORDS,
    PROMPT_WRAPPERS,
    UNTRUSTED_SOURCE_PREFIXES,
)

__all__ = [
    "BRANDS",
    "CODE_IDENTIFIER",
    "INJECTION_MARKERS",
    "MODEL_WORDS",
    "PHRASEBOOKS",
    "PROMPT_WRAPPERS",
    "UNTRUSTED_SOURCE_PREFIXES",
    "InternalTerm",
    "Phrasebook",
]
