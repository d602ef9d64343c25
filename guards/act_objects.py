"""The object words that make a verb an act ("enviar" + una etiqueta, "devolver" + el
dinero), and the irregular forms of a few verbs. Data only: guards.verbs reads it."""

from __future__ import annotations

FIRST, SECOND, THIRD, INF, GER, PART = "1", "2", "3", "inf", "ger", "part"

MONEY_ES = ("dinero", "plata", "importe", "monto", "total", "pago", "cobro", "precio", "valor")
MONEY_ES += ("diferencia", "€", "$", "euros", "peso", "tarjeta", "cuenta", "reembols", "reintegr")
MONEY_ES += ("centavo", "céntimo", "dólar", "dolar")  # "te devolvemos cada peso"
MONEY_ES += ("guita",)  # es-AR: "te devolvemos la guita"
MONEY_ES += ("cobrad",)  # "te devolví lo cobrado de más"
MONEY_ES += ("pagaste", "pagado", "abonaste")  # "te transferimos lo que ya pagaste"
MONEY_ES += ("pagaron", "pagó", "pagasteis", "abonaron", "abonó")  # "lo que pagaron"
MONEY_ES += ("proporcional", "prorrat")  # "te devolvemos la parte proporcional"
DEPOSITS_ES = ("fianza", "seña", "depósito")  # a deposit paid back
MONEY_ES += DEPOSITS_ES
# what a purchase cost besides the price: "los gastos de envío te los devolvemos"
MONEY_ES += ("gasto", "coste", "costo", "recargo", "comisi")
MONEY_ES += ("suplemento", "tasa", "tarifa")  # "el suplemento de urgencia te lo devolvemos"
MONEY_ES += ("cuota",)  # a fee paid: "procederemos a devolverle la cuota de instalación"
SEND_ES = ("etiqueta", "factura", "mail", "correo", "email", "e-mail", "confirmaci", "comprobante")
SEND_ES += ("reemplazo", "repuesto", "nuevo", "nueva", "otro", "otra", "unidad", "código", "codigo")
SEND_ES += ("enlace", "link", "voucher", "cupón", "cupon", "remito", "guía", "guia", "paquete")
TEAM_ES = ("equipo", "área", "area", "almacén", "almacen", "depósito", "deposito", "sector")
TEAM_ES += ("supervisor", "encargad", "responsable", "departamento", "logística", "logistica")
TEAM_ES += ("taller", "técnico", "tecnico", "servicio", "garantía", "garantia", "gerente")
TEAM_ES += ("contabilidad", "facturaci", "administraci", "soporte", "postventa", "gestor")
PERSON_ES = ("compañer", "asesor", "agente", "persona", "humano", "operador", "especialista")
PERSON_ES += ("colega", "responsable", "encargad", "supervisor")
PERSON_ES += ("uno de nuestr", "una de nuestr")  # "te paso con una de nuestras piercers"
TEAM_ES += PERSON_ES
# Who the shop buys from: "lo he pedido a la editorial" is an act for this customer.
SUPPLIER_ES = ("editorial", "proveedor", "fabricante", "distribuidor", "importador")
# The addressee of "pedir" / "request": "le pedí al depósito que…", "requested it from
# the warehouse". Named with its preposition: "te pedí una foto para el servicio
# técnico" asks the customer, not the team.
ASKED_ES = tuple(f"{to} {who}" for to in ("al", "a la", "a") for who in (*TEAM_ES, *SUPPLIER_ES))
TICKET_ES = ("ticket", "incidencia", "reclamo", "caso", "expediente", "solicitud", "gestión")
TICKET_ES += ("gestion", "denuncia", "parte", "reclamación", "reclamacion", "orden")
CHANGE_ES = ("direcci", "domicilio", "pedido", "orden", "fecha", "franja", "horario", "talle")
CHANGE_ES += ("talla", "color", "dato", "envío", "envio", "entrega", "suscripci", "plan", "turno")
CHANGE_ES += ("transporte",)  # "ya se cambió el transporte a expreso"
CARRIER_ES = ("courier", "transportista", "mensajer", "correo", "repartidor", "agencia", "oca")
CARRIER_ES += ("andreani", "seur", "mrw", "correos", "logística", "logistica", "empresa")
VISIT_ES = ("retiro", "recogida", "instalaci", "visita", "técnico", "tecnico", "cita", "turno")
VISIT_ES += ("montaje", "entrega", "devoluci", "recolecci")
CODE_ES = ("código", "codigo", "cupón", "cupon", "descuento", "promo", "bonificaci", "vale")
REFUND_ES = ("reembols", "reintegr", "devoluci", "dinero", "plata", "importe", "abono")
RECEIVED_ES = ("reembols", "reintegr", "dinero de vuelta", "plata de vuelta", "abono")
_TENER = (("tenés", SECOND), ("tienes", SECOND), ("tiene", SECOND), ("tendrás", SECOND))
_TENER += (("tendrá", SECOND), ("tendrás", SECOND), ("vas a tener", SECOND))
DISCOUNT_ES = ("descuento", "cupón", "cupon", "vale", "crédito", "credito", "bonificaci", "gratis")
DISCOUNT_ES += ("regalo", "saldo", "rebaja", "envío gratis", "sin cargo", "%")
# what a shop forgives ("le perdonamos la penalización")
FEES_ES = ("penalizaci", "penalidad", "multa", "recargo", "cargo", "coste", "costo", "comisi")
FEES_ES += ("gasto", "deuda", "cuota", "señal", "diferencia", "envío", "envio")
_DAR = (("doy", FIRST), ("damos", FIRST), ("di", FIRST), ("dimos", FIRST), ("daré", FIRST))
_DAR += (("daremos", FIRST), ("dado", PART), ("dando", GER), ("dar", INF), ("dará", THIRD))
_DAR += (("darán", THIRD), ("darte", INF), ("darle", INF), ("dada", PART), ("dadas", PART))
_PEDIR = (("pido", FIRST), ("pedí", FIRST), ("pedimos", FIRST), ("pediré", FIRST))
_PEDIR += (("pediremos", FIRST), ("pidió", THIRD), ("pidiendo", GER))
_PONER = (("pongo", FIRST), ("ponemos", FIRST), ("pondré", FIRST), ("pondremos", FIRST))
_PONER += (("pondrá", THIRD), ("pondrán", THIRD), ("puesto", PART), ("poniendo", GER))
_HACER = (("hago", FIRST), ("hacemos", FIRST), ("hice", FIRST), ("hicimos", FIRST))
_HACER += (("haré", FIRST), ("haremos", FIRST), ("hecho", PART), ("haciendo", GER))
_HACER += (("hacer", INF), ("hará", THIRD), ("harán", THIRD))

MONEY_EN = ("money", "amount", "payment", "charge", "card", "account", "full", "total", "cost")
MONEY_EN += ("difference", "price", "€", "$", "£", "refund", "fee", "back", "prorat")
MONEY_EN += ("penny", "pennies", "cents", "dollar")  # "we'll refund every penny"
MONEY_EN += ("deposit",)  # a deposit paid back
MONEY_EN += ("surcharge", "supplement")  # "we'll refund the express surcharge"
# What a customer paid and nothing else can be: "return" takes these as money back, never
# goods ("we'll return the parcel" is not). No currency sign: "it can be returned" after
# a price in the question is the goods.
PAID_BACK_EN = ("fee", "deposit", "difference", "surcharge", "supplement")
SEND_EN = ("label", "invoice", "email", "e-mail", "confirmation", "receipt", "replacement")
SEND_EN += ("new", "another", "code", "link", "voucher", "spare", "parcel", "package", "copy")
TEAM_EN = ("team", "department", "warehouse", "manager", "supervisor", "colleague", "specialist")
TEAM_EN += ("technician", "workshop", "courier", "carrier")
TEAM_EN += ("accounting", "accounts", "billing", "finance", "support", "logistics")
PERSON_EN = ("colleague", "agent", "person", "human", "staff", "specialist", "advisor", "adviser")
PERSON_EN += ("representative", "member", "someone", "manager", "supervisor", "teammate")
PERSON_EN += ("one of our",)  # whoever the shop's people are: "one of our piercers"
TEAM_EN += PERSON_EN
SUPPLIER_EN = ("supplier", "publisher", "manufacturer", "distributor", "vendor")
ASKED_EN = tuple(
    f"{prep} {art}{who}"
    for prep in ("from", "to")
    for art in ("the ", "our ")
    for who in (*TEAM_EN, *SUPPLIER_EN)
)
TICKET_EN = ("ticket", "case", "claim", "complaint", "incident", "investigation", "request")
TICKET_EN += ("return", "rma", "dispute", "report", "inquiry", "enquiry")
CHANGE_EN = ("address", "order", "date", "slot", "size", "colour", "color", "details")
CHANGE_EN += ("delivery", "subscription", "plan", "appointment", "booking", "shipping", "box")
CARRIER_EN = ("courier", "carrier", "driver", "ups", "dhl", "fedex", "usps", "royal", "evri")
CARRIER_EN += ("dpd", "post", "delivery", "shipping", "company")
VISIT_EN = ("pickup", "pick-up", "collection", "installation", "visit", "technician")
VISIT_EN += ("appointment", "delivery", "engineer", "fitter", "return")
CODE_EN = ("code", "coupon", "discount", "promo", "voucher")
REFUND_EN = ("refund", "reimbursement", "money", "credit")
RECEIVED_EN = ("refund", "reimbursement", "money back")
DISCOUNT_EN = ("discount", "voucher", "coupon", "credit", "free", "off", "%", "gift", "code")
DISCOUNT_EN += ("price", "deal", "reduction", "rebate")
_GIVE = (("gave", PART), ("given", PART))
# A charge undone is money back: "te revierto el cobro", "we'll reverse the charge".
CHARGE_ES = ("cargo", "cobro", "débito", "debito", "transacci")
CHARGE_EN = ("charge", "payment", "transaction")
# What a shop makes last longer for a customer (a free shipping or a promotion extended
# is the discount guard's): "te extendí el alquiler", "I've extended your booking".
TERMS_ES = ("alquiler", "reserva", "plazo", "préstamo", "prestamo", "estadía", "suscripci")
TERMS_EN = ("rental", "hire", "loan", "deadline", "stay", "booking", "reservation", "subscri")
