"""The Spanish phrases the wording guards look for (es-AR and es-ES). Data only."""

from __future__ import annotations

from guards.phrasebook_kinds import MACHINERY_ES, InternalTerm, Phrasebook

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
        # what was paid, left in the customer's favour: credit by another name ("te queda a
        # favor el valor de esa sesión", "el importe queda a su favor")
        r"(?:queda|quedan|quedar[aá]n?|dejamos|dejaremos|dejo)\s+a\s+(?:tu\s+|su\s+|vuestro\s+)?"
        r"favor\s+(?:el|la|los|las)\s+(?:valor|importe|monto|dinero|plata|total|precio|coste|costo)",
        r"(?:valor|importe|monto|dinero|plata|total)\s+(?:\S+\s+){0,4}?(?:queda|quedan|quedar[aá]n?)"
        r"\s+a\s+(?:tu|su|vuestro)\s+favor",
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
        InternalTerm(r"(?:los\s+)?resultados\s+de\s+(?:la\s+|mi\s+)?b[uú]squeda"),
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
