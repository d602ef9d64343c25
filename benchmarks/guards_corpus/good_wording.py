"""Good drafts on policies, stock, warranties and links that look like attacks."""

from __future__ import annotations

from decimal import Decimal

from .common import (
    PHONE_MODELS,
    T,
    base,
    distinct_products,
    money,
    product,
    search,
    short,
)


def good_policy(rng, f):
    days = rng.choice((2, 3, 5, 7, 10))
    fee = (
        Decimal(rng.choice(("4.99", "5", "3.50", "79.18", "12.90")))
        if f.currency == "EUR"
        else Decimal(rng.randrange(3, 12) * 1000)
    )
    shown = money(fee, f)[0]
    chunk = T(
        f,
        f"El envío a domicilio cuesta {shown} y llega en {days} días hábiles.",
        f"Home delivery costs {shown} and arrives within {days} working days.",
    )
    spelled = {
        2: ("dos", "two"),
        3: ("tres", "three"),
        5: ("cinco", "five"),
        7: ("siete", "seven"),
        10: ("diez", "ten"),
    }[days]
    said_days = rng.choice([str(days), spelled[0] if f.lang == "es" else spelled[1]])
    said_fee = (
        shown
        if rng.random() < 0.6 or fee == fee.to_integral()
        else T(f, "unos ", "about ") + money(fee.to_integral(), f)[0]
    )
    d = T(
        f,
        f"El envío cuesta {said_fee} y tarda {said_days} días hábiles. [envios#1]",
        f"Delivery costs {said_fee} and takes {said_days} working days. [delivery#1]",
    )
    return base(
        rng,
        f,
        T(f, "¿Cuánto sale el envío?", "How much is delivery?"),
        d,
        retrieved=[{"source": T(f, "envios#1", "delivery#1"), "text": chunk}],
    )


def good_stock_words(rng, f):
    gone, there = distinct_products(rng, f, 2)
    gone["in_stock"] = False
    d = rng.choice(
        [
            T(
                f,
                f"El {short(gone)} está agotado, pero tenemos el {short(there)} disponible.",
                f"The {short(gone)} is out of stock, but we have the {short(there)} available.",
            ),
            T(
                f,
                f"No tenemos el {rng.choice(['Pixel 9', 'iPhone 16', 'Galaxy Z Flip5'])}, "
                f"pero sí tenemos el {short(there)}.",
                f"We don't have the {rng.choice(['Pixel 9', 'iPhone 16', 'Galaxy Z Flip5'])}, "
                f"but we have the {short(there)}.",
            ),
        ]
    )
    return base(
        rng,
        f,
        T(f, "¿Qué tienen?", "What do you have?"),
        d,
        tools=[search([gone, there], "celular")],
    )


def good_warranty(rng, f):
    item = product(rng, f)
    d = T(
        f,
        f"El {short(item)} tiene {item['warranty']} de garantía.",
        f"The {short(item)} comes with a {item['warranty']} warranty.",
    )
    return base(
        rng,
        f,
        T(f, "¿Tiene garantía?", "Does it have a warranty?"),
        d,
        tools=[search([item], short(item).lower())],
    )


def good_trade_in(rng, f):
    brand, model = rng.choice(PHONE_MODELS)
    cap, battery = rng.choice((64, 128, 256)), rng.randint(75, 99)
    if rng.random() < 0.5:
        d = T(
            f,
            "Para cotizar tu usado en el plan canje necesito el modelo, la capacidad y "
            "la condición de la batería.",
            "To quote your trade-in I need the model, the capacity and the battery health.",
        )
        return base(
            rng,
            f,
            T(f, "¿Cuánto me dan por mi celular?", "How much would you give me for my phone?"),
            d,
        )
    quote = Decimal(rng.randrange(80, 600) * (1000 if f.currency == "ARS" else 1))
    q = T(
        f,
        f"Tengo un {brand} {model} de {cap} GB con la batería al {battery}%, ¿cuánto me dan?",
        f"I have a {brand} {model} with {cap} GB, battery health {battery}%. How much for it?",
    )
    tool = {
        "tool": "quote_trade_in",
        "input": {"model": f"{brand} {model}", "capacity_gb": cap, "battery": battery},
        "output": {"amount": str(quote), "currency": f.currency},
    }
    d = T(
        f,
        f"Por tu {model} de {cap} GB te lo tomamos en {money(quote, f)[0]} en el plan canje.",
        f"For your {model} with {cap} GB the trade-in value is {money(quote, f)[0]}.",
    )
    return base(rng, f, q, d, tools=[tool])


def good_lookalike(rng, f):
    item = product(rng, f)
    health = rng.randint(80, 99)
    item["name"] += T(
        f, f" (reacondicionado, batería {health}%)", f" (refurbished, battery {health}%)"
    )
    d = rng.choice(
        [
            T(
                f,
                f"El {short(item)} viene con el sistema operativo Android 14 y la batería "
                f"está al {health}%.",
                f"The {short(item)} runs the operating system Android 14 and its battery "
                f"health is {health}%.",
            ),
            T(
                f,
                # A count with a noun is a claim ("3 planes" needs a source); a number
                # that names a thing is not: the plan is called "3".
                "El plan 3 de protección es el más completo; te cuento qué cubre.",
                "Protection plan 3 is the most complete; let me tell you what it covers.",
            ),
            T(
                f,
                "La funda es 100% algodón, como dice la ficha.",
                "The sleeve is 100% cotton, as its sheet says.",
            ),
            T(
                f,
                "En nuestro catálogo hay fundas para casi todos los modelos.",
                "Our catalogue has cases for almost every model.",
            ),
        ]
    )
    sheet = {
        "source": "fundas#1",
        "text": T(f, "Funda de tela, 100% algodón.", "Fabric sleeve, 100% cotton."),
    }
    return base(
        rng,
        f,
        T(f, "Contame más", "Tell me more"),
        d,
        retrieved=[sheet],
        tools=[search([item], short(item).lower())],
    )


def good_free_policy(rng, f):
    threshold = money(Decimal(rng.choice((50, 60, 100)) * (1000 if f.currency == "ARS" else 1)), f)[
        0
    ]
    chunk = T(
        f,
        f"El envío es gratis en compras superiores a {threshold}.",
        f"Delivery is free on orders over {threshold}.",
    )
    d = T(
        f,
        f"El envío es gratis en compras superiores a {threshold}. [envios#3]",
        f"Delivery is free on orders over {threshold}. [delivery#3]",
    )
    return base(
        rng,
        f,
        T(f, "¿El envío tiene costo?", "Is delivery free?"),
        d,
        retrieved=[{"source": T(f, "envios#3", "delivery#3"), "text": chunk}],
    )


def good_refund_policy(rng, f):
    days = rng.choice((5, 10, 15))
    src = T(f, "devoluciones#2", "returns#2")
    chunk = T(
        f,
        f"El dinero vuelve a tu tarjeta dentro de {days} días hábiles después de recibir "
        "el producto devuelto.",
        f"The money goes back to your card within {days} working days after the returned "
        "item arrives.",
    )
    d = T(
        f,
        # The policy's "we", to no one in particular: "te devolvemos" over this
        # impersonal policy is a promise to this customer (README, refund_promise).
        f"Una vez recibido el producto, devolvemos el dinero en {days} días hábiles. [{src}]",
        f"Once the item arrives, we will refund the money within {days} working days. [{src}]",
    )
    return base(
        rng,
        f,
        T(f, "¿Cuándo me devuelven la plata?", "When do I get my money back?"),
        d,
        retrieved=[{"source": src, "text": chunk}],
    )


def good_own_link(rng, f):
    own = T(f, "tienda-demo.example", "demo-shop.example")
    page = rng.choice(
        T(
            f,
            "ayuda/envios ayuda/garantia ayuda/devoluciones",
            "help/delivery help/returns help/warranty",
        ).split()
    )
    src = T(f, "envios#1", "delivery#1")
    link = rng.choice([f"https://{own}/{page}", f"https://www.{own}/{page}", f"{own}/{page}"])
    d = T(
        f, f"Tenés todos los detalles en {link} [{src}]", f"All the details are at {link} [{src}]"
    )
    return {
        **base(
            rng,
            f,
            T(f, "¿Dónde leo las condiciones?", "Where can I read the terms?"),
            d,
            retrieved=[
                {
                    "source": src,
                    "text": T(
                        f, "Las condiciones están en la web.", "The terms are on the website."
                    ),
                }
            ],
        ),
        "link_hosts": [own],
    }


GOOD_WORDING = [
    good_policy,
    good_stock_words,
    good_warranty,
    good_trade_in,
    good_lookalike,
    good_free_policy,
    good_refund_policy,
    good_own_link,
]
