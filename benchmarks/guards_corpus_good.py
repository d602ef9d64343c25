"""Good drafts for the guards calibration corpus: one function per kind of turn."""

from __future__ import annotations

import random
from decimal import Decimal

from guards_calibration_corpus import (
    MONTHS,
    Flavour,
    T,
    base,
    distinct_products,
    money,
    number_text,
    product,
    search,
    short,
)


# ---- good drafts -------------------------------------------------------------------------
def good_price(rng: random.Random, f: Flavour) -> dict:
    items = distinct_products(rng, f, rng.randint(1, 3))
    pick = rng.choice(items)
    shown, _ = money(Decimal(pick["price"]), f)
    if rng.random() < 0.3:  # a valid rounding: to the thousand (ARS) or to the unit (EUR)
        value = Decimal(pick["price"])
        rounded = (
            (value / 1000).to_integral() * 1000 if f.currency == "ARS" else value.to_integral()
        )
        shown, _ = money(rounded, f)
        shown = T(f, "unos ", "about ") + shown
    draft = T(
        f,
        f"El {short(pick)} de {pick['name'].split()[-2]} GB está {shown}.",
        f"The {short(pick)} with {pick['name'].split()[-2]} GB costs {shown}.",
    )
    if rng.random() < 0.3:
        draft += T(
            f, " Es la primera opción que te recomiendo.", " It is the first one I would pick."
        )
    return base(
        rng,
        f,
        T(f, f"¿Cuánto sale el {short(pick)}?", f"How much is the {short(pick)}?"),
        draft,
        tools=[search(items, short(pick).lower())],
    )


def good_customer_budget(rng, f):
    items = distinct_products(rng, f, 2)
    budget = max(Decimal(i["price"]) for i in items)
    budget = (budget / 1000 + 50).to_integral() * 1000
    if f.currency == "ARS":
        said = rng.choice(
            [f"{int(budget / 1000)} mil", number_text(budget, f), f"$ {number_text(budget, f)}"]
        )
        echo = rng.choice([f"$ {number_text(budget, f)}", f"{int(budget / 1000)} mil pesos"])
    else:
        budget = (max(Decimal(i["price"]) for i in items) + 100).to_integral()
        said = money(budget, f)[0]
        echo = money(budget, f, places=0)[0] if f.lang == "es" else f"€{int(budget)}"
    cheap = min(items, key=lambda i: Decimal(i["price"]))
    q = T(f, f"Tengo {said}, ¿qué me alcanza?", f"I have {said}, what can I get?")
    d = T(
        f,
        f"Con {echo} te alcanza para el {short(cheap)}, que está "
        f"{money(Decimal(cheap['price']), f)[0]}.",
        f"With {echo} you can get the {short(cheap)}, which costs "
        f"{money(Decimal(cheap['price']), f)[0]}.",
    )
    return base(rng, f, q, d, tools=[search(items, "budget")])


def good_history(rng, f):
    old, new = distinct_products(rng, f, 2)
    old_price = money(Decimal(old["price"]), f)[0]
    history = [
        {
            "role": "customer",
            "text": T(
                f, f"busco un {old['name'].split()[0]}", f"looking for a {old['name'].split()[0]}"
            ),
        },
        {
            "role": "assistant",
            "text": T(f, f"El {short(old)} está {old_price}.", f"The {short(old)} is {old_price}."),
        },
    ]
    d = T(
        f,
        f"El {short(old)} salía {old_price}; el {short(new)} está "
        f"{money(Decimal(new['price']), f)[0]}.",
        f"The {short(old)} was {old_price}; the {short(new)} is "
        f"{money(Decimal(new['price']), f)[0]}.",
    )
    return base(
        rng,
        f,
        T(f, "¿y el otro cuánto salía?", "and how much was the other one?"),
        d,
        tools=[search([new], short(new).lower())],
        history=history,
    )


def good_sum(rng, f):
    phone = product(rng, f)
    extra = {
        "sku": "ACC-CASE",
        "name": T(f, "Funda y vidrio templado", "Case and screen protector"),
        "price": str(Decimal(rng.randrange(15, 90)) * (1000 if f.currency == "ARS" else 1)),
        "currency": f.currency,
        "in_stock": True,
        "warranty": None,
    }
    total = money(Decimal(phone["price"]) + Decimal(extra["price"]), f)[0]
    d = T(f, f"El total con la funda es {total}.", f"The total with the case is {total}.")
    return base(
        rng,
        f,
        T(f, "¿Cuánto sería todo junto?", "How much for both?"),
        d,
        tools=[search([phone, extra], "combo")],
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


def good_order(rng, f):
    order = rng.randrange(1000, 99999)
    day, month = rng.randint(1, 28), rng.choice(MONTHS[f.lang])
    status = T(
        f,
        f"{order} — enviado, entrega {day} de {month}",
        f"{order} — shipped, delivery {day} {month}",
    )
    d = T(f, f"Revisé tu pedido: {status}.", f"I checked your order: {status}.")
    tool = {"tool": "get_order_status", "input": {"order_id": str(order)}, "output": status}
    return base(
        rng,
        f,
        T(f, f"¿Cuándo llega el pedido {order}?", f"When does order {order} arrive?"),
        d,
        tools=[tool],
    )


def good_year(rng, f):
    year, month = rng.randint(2025, 2027), rng.choice(MONTHS[f.lang])
    chunk = {
        "source": "tarifas#1",
        "text": T(
            f,
            f"Las tarifas publicadas rigen desde {month} de {year}.",
            f"The published rates apply from {month} {year}.",
        ),
    }
    d = T(
        f,
        f"La tarifa vigente rige desde {month} de {year}.",
        f"The current rate applies since {month} {year}.",
    )
    return base(
        rng,
        f,
        T(f, "¿Desde cuándo rige la tarifa?", "Since when is the rate valid?"),
        d,
        retrieved=[chunk],
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
        f"Una vez recibido el producto, te devolvemos el dinero en {days} días hábiles. [{src}]",
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


PHONE_MODELS = [
    ("Apple", "iPhone 11"),
    ("Apple", "iPhone 12"),
    ("Samsung", "Galaxy S21"),
    ("Motorola", "Moto G52"),
]


GOOD = [
    good_price,
    good_customer_budget,
    good_history,
    good_sum,
    good_policy,
    good_order,
    good_year,
    good_stock_words,
    good_warranty,
    good_trade_in,
    good_lookalike,
    good_free_policy,
    good_refund_policy,
    good_own_link,
]
