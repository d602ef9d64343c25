"""Good drafts whose figures are all backed: prices, budgets, sums, orders, years."""

from __future__ import annotations

import random
from decimal import Decimal

from .common import (
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


GOOD_FIGURES = [
    good_price,
    good_customer_budget,
    good_history,
    good_sum,
    good_order,
    good_year,
]
