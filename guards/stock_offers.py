"""How a draft offers a product as available, beyond "we have it": an answer to an
availability question ("¡Queda!", "Sí, hay"), a purchase instruction ("añádelo al
carrito", "you can buy it now"), a delivery promise ("te llega mañana", "we'll post it
tomorrow") or a reservation ("te la separo", "I'll hold one"). Data only, per language;
``guards.catalog_guards`` decides which product the offer is about.
"""

from __future__ import annotations

import re2

OFFER_MORE = {
    "es": (
        r"quedan?",
        r"(?:te|le)\s+(?:lo|la|los|las)\s+(?:separo|reservo|guardo|separamos|reservamos)",
        r"(?:te|le)\s+(?:separo|reservo|guardo)",
        r"separo|reservo",
        r"(?:te|le)\s+(?:lo|la|los|las)\s+(?:mandamos|enviamos|mando|envío|despachamos)",
        r"(?:te|le|les)\s+llegan?",
        r"llegan?\s+(?:hoy|mañana|en\s+el\s+d[ií]a|a\s+tiempo)",
        r"salen?\s+(?:hoy|mañana)",
        r"pod[eé]s\s+(?:comprarl|pedirl|llevarl|retirarl)\w*",
        r"puede\s+(?:pedirl\w*|comprarl\w*|pedir|comprar|retirarl\w*)",
        r"(?:añ[aá]de|agreg[aá]|sum[aá])l[oa]s?\s+al\s+carrito",
        r"lo\s+tienes\s+en\s+casa",
        r"listos?\s+para\s+(?:enviar|salir|retirar)",
    ),
    "en": (
        r"pick\s+(?:it|them)\s+up",
        r"ready\s+to\s+(?:go|ship)",
        r"ready\s+for\s+(?:pickup|collection|dispatch)",
        r"add\s+(?:it|them|one)\s+to\s+(?:your\s+)?(?:basket|cart)",
        r"(?:we|i)\s*(?:'ll|\s+will)\s+(?:post|ship|send|dispatch|deliver)",
        r"(?:ships?|dispatch(?:es)?)\s+(?:today|tomorrow)",
        r"arrives?\s+(?:today|tomorrow|in\s+time)",
        r"(?:we|i)\s*(?:'ll|\s+will)\s+(?:hold|reserve|set\s+aside|put\s+aside)",
        r"order\s+online",
    ),
}
# Words that make one statement about every product the search returned.
EVERY = (
    r"los\s+dos",
    r"las\s+dos",
    r"ambos",
    r"ambas",
    r"cada\s+uno",
    r"cada\s+una",
    r"todos",
    r"todas",
    r"both",
    r"each",
    r"all\s+of\s+them",
)
# Said of the time it is back, not now: "cuando vuelva a estar disponible…".
RESTOCK = (
    r"cuando\s+(?:vuelva|vuelvan|entre|entren|llegue|lleguen|haya)",
    r"vuelva[n]?\s+a\s+(?:estar|entrar|haber)",
    r"(?:when|once|as\s+soon\s+as)\s+(?:it|they)\s*(?:'s|'re|is|are)\s+back",
    r"back\s+in\s+stock",
    r"restock(?:ed|s)?",
)
# An answer that says nothing about stock by itself ("Sí, viene con pedales").
BARE_YES = re2.compile(r"(?i)(?:^|[^\pL])(?:s[ií]|yes),")
